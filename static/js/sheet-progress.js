// The progress of a sheet being printed: fetch the progress part again every two
// seconds until the sheet is ready or has failed. Loaded with defer; no inline script.
(function () {
  "use strict";
  var box = document.getElementById("sheet-progress");
  if (!box) return;
  var url = box.getAttribute("data-status-url");
  function finished() {
    var state = box.querySelector("[data-status]");
    var status = state ? state.getAttribute("data-status") : "";
    return status === "ready" || status === "failed";
  }
  function poll() {
    if (finished()) return;
    fetch(url, { headers: { "X-Requested-With": "fetch" }, credentials: "same-origin" })
      .then(function (response) { return response.ok ? response.text() : null; })
      .then(function (html) {
        if (html !== null) box.innerHTML = html;
        window.setTimeout(poll, 2000);
      })
      .catch(function () { window.setTimeout(poll, 5000); });
  }
  window.setTimeout(poll, 2000);
})();
