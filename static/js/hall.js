// The live parts of the hall display and the dashboard: round timers, and polls that leave
// the page alone when nothing changed.
//
// Round timers on the hall display and the dashboard. Every screen counts from the start
// time the server stored (data-started, epoch seconds; empty while paused, when
// data-elapsed holds the seconds run), corrected by this device's clock offset from the
// server's, so all screens in the hall show the same time.
//
// The offset is measured again at every poll: the server stamps each answer, 304s
// included, with its clock (X-Server-Time, epoch seconds), and half the round trip is
// taken off. A screen left open for hours, a laptop that slept, a clock that drifts or
// jumps, or a page the service worker kept from earlier are all put right within a poll;
// the page's own stamp (data-server-now) is only the first guess.
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

  document.addEventListener("htmx:beforeRequest", function (event) {
    event.detail.xhr.sentAt = Date.now();
  });

  document.addEventListener("htmx:afterRequest", function (event) {
    var xhr = event.detail.xhr;
    var server = parseFloat(xhr.getResponseHeader("X-Server-Time"));
    if (isNaN(server) || !xhr.sentAt) return;
    offset = server - (xhr.sentAt + Date.now()) / 2000;
    tick();
  });

  function show(timer) {
    var minutes = parseInt(timer.dataset.minutes, 10) || 0;
    var started = parseFloat(timer.dataset.started);
    var elapsed = isNaN(started)
      ? parseInt(timer.dataset.elapsed, 10) || 0
      : Date.now() / 1000 + serverOffset() - started;
    var left = Math.max(0, Math.round(minutes * 60 - elapsed));
    var seconds = left % 60;
    var text = Math.floor(left / 60) + ":" + (seconds < 10 ? "0" : "") + seconds;
    if (timer.textContent !== text) timer.textContent = text;
    timer.classList.toggle("over", left === 0);
    timer.classList.toggle("paused", isNaN(started));
  }

  function tick() {
    document.querySelectorAll("[data-timer]").forEach(show);
  }

  // Five times a second: a screen that showed each second a whole second late would be
  // a second behind another that ticked just after the turn of it.
  tick();
  setInterval(tick, 200);
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

  // The hall display's round and its leader, said aloud when a poll changes either: the
  // standings of a screen reader's user follow the evening as the room's screen does.
  function text(selector) {
    var found = document.querySelector(selector);
    return found ? found.textContent.replace(/\s+/g, " ").trim() : "";
  }
  function standing() {
    var leader = text("#hall .hall-top li");
    return [text("#hall .hall-round"), leader].filter(Boolean).join(". ");
  }
  var said = standing();
  document.addEventListener("htmx:afterSwap", function () {
    var region = document.getElementById("hall-status");
    var now = standing();
    if (region && now && now !== said) region.textContent = now;
    said = now;
  });
})();
