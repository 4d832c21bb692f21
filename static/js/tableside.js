// The table page: E–W shown as 13 minus N–S while typing, and posts that survive a lost
// signal. Typed figures are kept in localStorage (with the submission id, so a resend is
// recognised by the server) until the server has answered; a reload or the back button
// puts them back and offers to send them again.
(function () {
  "use strict";

  function root() { return document.getElementById("tableside"); }
  function storageKey() { var r = root(); return r ? "tableside-" + r.dataset.key : null; }

  function showEw(form) {
    form.querySelectorAll("[data-ew-of]").forEach(function (output) {
      var input = document.getElementById(output.dataset.ewOf);
      if (!input) return;
      var ns = parseInt(input.value, 10);
      output.textContent = ns >= 0 && ns <= 13 ? String(13 - ns) : "–";
    });
  }

  // sending: the figures are on their way, so they go again by themselves if they do not
  // arrive (static/js/offline.js); figures only typed wait for the Send button.
  function save(form, sending) {
    var key = storageKey();
    if (!key) return;
    var values = {};
    new FormData(form).forEach(function (value, name) {
      if (name !== "csrfmiddlewaretoken") values[name] = value;
    });
    values._action = form.getAttribute("action");
    if (sending) values._send = true;
    try { localStorage.setItem(key, JSON.stringify(values)); } catch (e) { /* private mode */ }
  }

  function saved() {
    var key = storageKey();
    if (!key) return null;
    try { return JSON.parse(localStorage.getItem(key) || "null"); } catch (e) { return null; }
  }

  function forget() {
    var key = storageKey();
    if (key) try { localStorage.removeItem(key); } catch (e) { /* private mode */ }
  }

  function restore(form, values) {
    Object.keys(values).forEach(function (name) {
      var fields = form.querySelectorAll('[name="' + name + '"]');
      fields.forEach(function (field) {
        if (field.type === "radio") field.checked = field.value === values[name];
        else field.value = values[name];
      });
    });
  }

  // Figures carried from the hall's plain HTTP page, which moved this phone to HTTPS
  // (offline.js): HTTPS has a storage of its own, so they are kept here before start()
  // puts them back, and the fragment goes so that a reload does not bring them back again.
  function adoptCarried() {
    var match = /^#carry=(.*)$/.exec(location.hash);
    if (!match) return;
    try {
      var carried = JSON.parse(decodeURIComponent(match[1]));
      if (carried.key === storageKey()) localStorage.setItem(carried.key, carried.value);
    } catch (e) { /* nothing usable, or private mode */ }
    history.replaceState(null, "", location.pathname + location.search);
  }

  function unsent(show) {
    var box = document.getElementById("unsent");
    if (box) box.hidden = !show;
  }

  // What the answer changed, said in the live region outside the replaced part: the
  // server's note or refusal, else the heading of the table's new state (a poll's
  // answer carries no note: it says the state, or the round).
  function announce(what) {
    var region = document.getElementById("announce");
    var said = null;
    (what || ["#tableside .messages:not([hidden]) li, #tableside #state h2"]).some(
      function (selector) { said = document.querySelector(selector); return said; }
    );
    if (region && said) region.textContent = said.textContent.replace(/\s+/g, " ").trim();
  }

  function post(form) {
    save(form, true);
    var button = form.querySelector("button[type=submit]");
    if (button) button.disabled = true;
    fetch(form.getAttribute("action"), {
      method: "POST",
      body: new FormData(form),
      credentials: "same-origin",
      headers: { "X-Requested-With": "fetch" },
    }).then(function (response) {
      if (response.status >= 500) throw new Error(String(response.status));
      return response.text().then(function (html) {
        // The server answered (stored, refused or resent): what it says replaces the page.
        // Refused figures reached it: they stay typed, but are no longer "to send", so no
        // "not sent yet" line offers them again and offline.js does not resend them.
        if (response.ok) forget();
        else save(form, false);
        var page = new DOMParser().parseFromString(html, "text/html");
        var fresh = page.getElementById("tableside");
        if (fresh) {
          root().replaceWith(fresh);
          start();
          announce();
        } else {
          // An answer without the table (a withdrawn link, too many requests): its words.
          var answer = page.querySelector("main");
          if (answer) document.querySelector("main").replaceWith(answer);
        }
      });
    }).catch(function () {
      if (button) button.disabled = false;
      unsent(true);
    });
  }

  function bind(container) {
    container.querySelectorAll("form[method=post]").forEach(function (each) {
      each.addEventListener("submit", function (event) {
        event.preventDefault();
        post(each);
      });
    });
  }

  function start() {
    var form = document.getElementById("entry");
    var values = saved();
    var kept = values && document.querySelector('#tableside form[action="' + values._action + '"]');
    if (kept) {
      restore(kept, values);
      if (values._send) unsent(true);
    }
    if (form) {
      showEw(form);
      form.addEventListener("input", function () { showEw(form); save(form); });
    }
    bind(root());
    var resend = document.getElementById("resend");
    if (resend) resend.addEventListener("click", function () {
      var kept = saved();
      var target = kept && document.querySelector('#tableside form[action="' + kept._action + '"]');
      if (!target) return;
      restore(target, kept);
      post(target);
    });
  }

  // The page follows the drive by itself: htmx asks for the table part every few seconds
  // (#table-poll; the server answers 304 while nothing changed, which reaches here as the
  // browser's copy). What changed is put in part by part, never the form being typed in;
  // another form (a new round, the result stored) replaces the whole part, but not over
  // figures typed or waiting to be sent: a new round waits for them to be sent (to the
  // organiser, their round having closed; the answer brings the new round) or set aside.
  var waitingPage = null;
  var STATE_FIRST = ["#tableside #state h2", "#tableside #where"];

  // A part's HTML without what every answer makes afresh (CSRF tokens, submission ids).
  function normalised(element) {
    var copy = element.cloneNode(true);
    copy.querySelectorAll("input[name=csrfmiddlewaretoken], input[name=submission]")
      .forEach(function (input) { input.removeAttribute("value"); });
    return copy.innerHTML;
  }

  function replaceAll(fresh) {
    waitingPage = null;
    root().replaceWith(fresh);
    start();
    announce(STATE_FIRST);
  }

  function followed(fresh) {
    var current = root();
    if (!current) return;
    if (fresh.dataset.form !== current.dataset.form && !saved()) {
      replaceAll(fresh);
      return;
    }
    if (fresh.dataset.key !== current.dataset.key) {
      // A new round over figures typed for this one: they stay until sent or set aside.
      waitingPage = fresh;
      document.getElementById("round-moved").hidden = false;
      return;
    }
    // The same round: what changed around the form (the result stored by the other side
    // or the organiser, over figures typed here, leaves them to send or not).
    var changed = false;
    fresh.querySelectorAll("[data-live]").forEach(function (part) {
      var old = document.getElementById(part.id);
      if (!old || normalised(old) === normalised(part)) return;
      old.replaceWith(part);
      bind(part);
      changed = true;
    });
    if (changed) announce(STATE_FIRST);
  }

  document.addEventListener("htmx:beforeSwap", function (event) {
    if (!event.detail.target || event.detail.target.id !== "table-poll") return;
    event.detail.shouldSwap = false;
    var xhr = event.detail.xhr;
    var page = new DOMParser().parseFromString(xhr.responseText, "text/html");
    var fresh = page.getElementById("tableside");
    if (xhr.status === 200 && fresh) {
      followed(fresh);
    } else if (xhr.status === 404 || xhr.status === 410) {
      // The link withdrawn, the drive over: the answer's words take the page's place.
      var answer = page.querySelector("main");
      if (answer && !saved()) document.querySelector("main").replaceWith(answer);
    }
  });

  document.addEventListener("click", function (event) {
    if (!event.target.closest || !event.target.closest("#show-new-round")) return;
    if (!waitingPage) return;
    forget();
    replaceAll(waitingPage);
  });

  adoptCarried();
  start();
})();
