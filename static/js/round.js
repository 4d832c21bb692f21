// The round page's score sheet: E–W follows N–S as it is typed, Enter moves on like Tab,
// and the page opens on the field that needs the organiser next.
(function () {
  "use strict";
  var form = document.getElementById("scores");
  if (!form) return;

  function showEastWest(cell, input) {
    var ns = parseInt(input.value, 10);
    cell.textContent = input.value !== "" && ns >= 0 && ns <= 13 ? String(13 - ns) : "–";
  }
  // The E–W cell changes silently as N–S is typed: the live region says it aloud.
  var region = document.getElementById("round-status");
  form.querySelectorAll("[data-ew-of]").forEach(function (cell) {
    var input = document.getElementById(cell.dataset.ewOf);
    if (!input) return;
    input.addEventListener("input", function () {
      showEastWest(cell, input);
      if (region) region.textContent = region.dataset.ewLabel + " " + cell.textContent;
    });
    if (input.value !== "") showEastWest(cell, input);
  });

  var fields = Array.prototype.slice.call(
    form.querySelectorAll("input:not([type=hidden]), select")
  );
  form.addEventListener("keydown", function (event) {
    if (event.key !== "Enter" || event.shiftKey) return;
    var index = fields.indexOf(event.target);
    if (index < 0) return;
    event.preventDefault();
    if (index + 1 < fields.length) {
      fields[index + 1].focus();
      if (fields[index + 1].select) fields[index + 1].select();
    } else {
      form.requestSubmit();
    }
  });

  // A refused table first, so the organiser sees what to fix; else the first empty box.
  var refused = form.querySelector(".has-errors");
  var scope = refused ? fields.filter(function (f) { return refused.contains(f); }) : fields;
  var empty = scope.filter(function (f) { return f.type === "number" && f.value === ""; });
  var target = empty[0] || (refused && scope[0]);
  if (target) {
    target.focus({ preventScroll: true });
    (refused || target).scrollIntoView({ block: "center" });
  }
})();
