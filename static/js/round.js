// The round page: show E–W as 13 minus N–S while the organiser types.
document.querySelectorAll("[data-ew-of]").forEach(function (cell) {
  var input = document.getElementById(cell.dataset.ewOf);
  if (!input) return;
  input.addEventListener("input", function () {
    var ns = parseInt(input.value, 10);
    cell.textContent = ns >= 0 && ns <= 13 ? 13 - ns : "–";
  });
});
