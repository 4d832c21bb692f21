// The totals form of a paper drive, for the keyboard: type a card number or a name in the
// search box and press Enter to reach that card; Enter moves to the next box, and on the
// card's last box saves it (one card per request, in the order typed) and moves to the next
// card; Esc goes back to the search box. A card not yet saved is kept in the browser's
// storage until the server has it, so a lost connection or a closed tab loses nothing.
(function () {
  "use strict";
  var table = document.getElementById("cards");
  var jump = document.getElementById("jump");
  if (!table || !jump) return;
  var panel = document.getElementById("panel");
  var status = document.getElementById("status");
  var rows = Array.prototype.slice.call(table.querySelectorAll("tbody tr[data-card]"));
  var storeKey = "paper-totals:" + table.dataset.drive + ":" + table.dataset.typist;
  var queue = Promise.resolve();
  var RETRY_MS = 3000;

  function fields(row) { return Array.prototype.slice.call(row.querySelectorAll("input[data-field]")); }
  function form(row) { return document.getElementById("card-" + row.dataset.card); }
  function values(row) {
    var found = {};
    fields(row).forEach(function (input) { found[input.name] = input.value.trim(); });
    return found;
  }
  function say(text) { status.textContent = text; }
  function mark(row, state, text) {
    row.classList.remove("unsaved", "failed");
    if (state) row.classList.add(state);
    row.querySelector("[data-state]").textContent = text;
  }

  function unsaved() {
    try { return JSON.parse(localStorage.getItem(storeKey) || "{}"); } catch (e) { return {}; }
  }
  function keep(card, typed) {
    var all = unsaved();
    if (typed) { all[card] = typed; } else { delete all[card]; }
    try { localStorage.setItem(storeKey, JSON.stringify(all)); } catch (e) { /* private mode */ }
  }

  rows.forEach(function (row) { row.dataset.saved = JSON.stringify(values(row)); });
  // Figures typed but never saved (say the tab was closed): shown again, to be confirmed with Enter.
  var left = unsaved();
  Object.keys(left).forEach(function (card) {
    var row = table.querySelector('tr[data-card="' + card + '"]');
    if (!row) return;
    fields(row).forEach(function (input) { if (input.name in left[card]) input.value = left[card][input.name]; });
    mark(row, "unsaved", "…");
  });
  if (Object.keys(left).length) say(table.dataset.unsavedText || "");

  function find(text) {
    var wanted = text.trim().toLowerCase();
    if (!wanted) return null;
    var byNumber = rows.filter(function (row) { return row.dataset.card === wanted; });
    if (byNumber.length) return byNumber[0];
    var starts = rows.filter(function (row) { return row.dataset.name.indexOf(wanted) === 0; });
    if (starts.length) return starts[0];
    var within = rows.filter(function (row) { return row.dataset.name.indexOf(wanted) !== -1; });
    return within.length ? within[0] : null;
  }

  function enter(row) {
    rows.forEach(function (other) { other.classList.remove("current"); });
    row.classList.add("current");
    var first = fields(row)[0];
    first.focus();
    first.select();
    row.scrollIntoView({ block: "nearest" });
    var total = row.querySelector("input[name=total]");
    if (JSON.parse(row.dataset.saved).total) {
      say(table.dataset.typedText.replace("{card}", row.dataset.card).replace("{total}", total.value));
    }
  }

  function post(row, typed) {
    var data = new FormData(form(row));
    Object.keys(typed).forEach(function (name) { data.set(name, typed[name]); });
    return fetch(form(row).action, {
      method: "POST", body: data, credentials: "same-origin", headers: { Accept: "application/json" }
    }).then(function (response) {
      return response.json().then(function (body) { return { ok: response.ok, body: body }; });
    }).then(function (answer) {
      if (!answer.ok) {
        keep(row.dataset.card, null);  // refused for good: the row keeps the figures and says why
        mark(row, "failed", "✗");
        say(answer.body.error);
        return;
      }
      form(row).querySelector("input[name=version]").value = answer.body.version;
      row.dataset.saved = JSON.stringify(typed);
      keep(row.dataset.card, null);
      mark(row, null, "✓");
      panel.innerHTML = answer.body.panel;
      rows.forEach(function (other) {
        other.classList.toggle("warn", answer.body.warn.indexOf(Number(other.dataset.card)) !== -1);
      });
      if (answer.body.notice) say(answer.body.notice);
    }).catch(function () {
      mark(row, "unsaved", "…");
      say(table.dataset.offlineText || "");
      return new Promise(function (resolve) { setTimeout(resolve, RETRY_MS); }).then(function () {
        return post(row, typed);
      });
    });
  }

  function save(row) {
    var typed = values(row), text = JSON.stringify(typed);
    // Saved, or on its way: Enter then moving on (a focusout) must not post it twice.
    if (text === row.dataset.saved || text === row.dataset.sending) return;
    if (!typed.total) { mark(row, "unsaved", "…"); say(table.dataset.needTotalText || ""); return; }
    keep(row.dataset.card, typed);
    mark(row, "unsaved", "…");
    row.dataset.sending = text;
    queue = queue.then(function () { return post(row, typed); }).then(function () {
      if (row.dataset.sending === text) delete row.dataset.sending;
    });
  }

  jump.addEventListener("keydown", function (event) {
    if (event.key !== "Enter") return;
    event.preventDefault();
    var row = find(jump.value);
    if (!row) { say(table.dataset.noCardText.replace("{text}", jump.value)); return; }
    jump.value = "";
    say("");
    enter(row);
  });

  table.addEventListener("keydown", function (event) {
    var input = event.target;
    if (!input.matches || !input.matches("input[data-field]")) return;
    var row = input.closest("tr");
    if (event.key === "Escape") { save(row); jump.focus(); return; }
    if (event.key !== "Enter") return;
    event.preventDefault();
    var boxes = fields(row);
    var next = boxes[boxes.indexOf(input) + 1];
    if (next) { next.focus(); next.select(); return; }
    save(row);
    var after = rows[rows.indexOf(row) + 1];
    if (after) { enter(after); } else { jump.focus(); }
  });
  // Leaving a card by mouse or Tab saves it too, so no figure waits unseen.
  table.addEventListener("focusout", function (event) {
    var row = event.target.closest && event.target.closest("tr[data-card]");
    if (row && !row.contains(event.relatedTarget)) save(row);
  });
  // Without this script each row's form posts and the page reloads; with it, nothing reloads.
  rows.forEach(function (row) {
    form(row).addEventListener("submit", function (event) { event.preventDefault(); save(row); });
  });
  window.addEventListener("beforeunload", function (event) {
    if (Object.keys(unsaved()).length) { event.preventDefault(); event.returnValue = ""; }
  });
})();
