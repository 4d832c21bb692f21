// The live parts of the hall display and the dashboard: round timers, and polls that leave
// the page alone when nothing changed.
//
// Round timers on the hall display and the dashboard. Every screen counts from the start
// time the server stored (data-started, epoch seconds; empty while paused, when
// data-elapsed holds the seconds run), corrected by this device's clock offset from the
// server's, so all screens in the hall show the same time.
(function () {
  "use strict";

  var offset = null;

  function serverOffset() {
    if (offset !== null) return offset;
    var holder = document.querySelector("[data-server-now]");
    var serverNow = holder ? parseInt(holder.dataset.serverNow, 10) : NaN;
    offset = isNaN(serverNow) ? 0 : serverNow - Date.now() / 1000;
    return offset;
  }

  function show(timer) {
    var minutes = parseInt(timer.dataset.minutes, 10) || 0;
    var started = parseInt(timer.dataset.started, 10);
    var elapsed = isNaN(started)
      ? parseInt(timer.dataset.elapsed, 10) || 0
      : Date.now() / 1000 + serverOffset() - started;
    var left = Math.max(0, Math.round(minutes * 60 - elapsed));
    var seconds = left % 60;
    timer.textContent = Math.floor(left / 60) + ":" + (seconds < 10 ? "0" : "") + seconds;
    timer.classList.toggle("over", left === 0);
    timer.classList.toggle("paused", isNaN(started));
  }

  function tick() {
    document.querySelectorAll("[data-timer]").forEach(show);
  }

  tick();
  setInterval(tick, 1000);
})();

// A poll the server answers "not modified" reaches htmx as the browser's cached copy, and
// swapping it in again would replace the dashboard's buttons under the organiser's finger
// (and the timer's text mid-count). Swap only what differs from the last answer.
(function () {
  "use strict";

  var lastAnswer = new WeakMap();

  document.addEventListener("htmx:beforeSwap", function (event) {
    var target = event.detail.target;
    var text = event.detail.xhr.responseText;
    if (lastAnswer.get(target) === text) {
      event.detail.shouldSwap = false;
      return;
    }
    lastAnswer.set(target, text);
  });

  // The dashboard's counts line, said aloud when a poll brings other counts than before.
  function counts() {
    var line = document.getElementById("tile-counts");
    return line ? line.textContent.replace(/\s+/g, " ").trim() : "";
  }
  var shown = counts();
  document.addEventListener("htmx:afterSwap", function () {
    var region = document.getElementById("tiles-status");
    var now = counts();
    if (region && now && now !== shown) region.textContent = now;
    shown = now;
  });
})();
