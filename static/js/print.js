// A page's "Print" button opens the browser's print dialogue (the print stylesheet does the rest).
document.querySelectorAll("[data-print]").forEach(function (button) {
  button.hidden = false;
  button.addEventListener("click", function () { window.print(); });
});
