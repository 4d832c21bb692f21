// The drive form: a game's own settings show while that game is chosen. The server renders
// them for the game chosen when the page was made and ignores another game's, so this only
// saves a reload when the organiser changes the game.
(function () {
  "use strict";
  var game = document.querySelector("select[name=game]");
  if (!game) return;
  function show() {
    document.querySelectorAll("[data-game]").forEach(function (row) {
      row.hidden = row.getAttribute("data-game") !== game.value;
    });
  }
  game.addEventListener("change", show);
  show();
})();
