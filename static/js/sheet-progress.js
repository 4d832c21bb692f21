// The progress of a sheet being printed: fetch the progress part again every two
// seconds until the sheet is ready (its download then starts by itself) or has failed.
// Loaded with defer; no inline script.
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
  // Ready, when the page loads or while it waits: the download starts by itself, once a
  // tab (a reload or Back does not fetch it again); the button stays for a browser that
  // blocks it, or a second copy.
  function download() {
    var link = box.querySelector("a[download]"), key = "sheet-downloaded:" + url;
    if (!link) return;
    try {
      if (window.sessionStorage.getItem(key)) return;
      window.sessionStorage.setItem(key, "1");
    } catch (error) { /* no storage: download anyway */ }
    link.click();
  }
  function poll() {
    if (finished()) return;
    fetch(url, { headers: { "X-Requested-With": "fetch" }, credentials: "same-origin" })
      .then(function (response) { return response.ok ? response.text() : null; })
      .then(function (html) {
        if (html !== null) box.innerHTML = html;
        if (finished()) download();
        window.setTimeout(poll, 2000);
      })
      .catch(function () { window.setTimeout(poll, 5000); });
  }
  if (finished()) download();
  else window.setTimeout(poll, 2000);
})();
