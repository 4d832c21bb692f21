// Riding out a lost signal, on the table page, the dashboard and the hall display.
//
// - Registers the service worker (/sw.js, named by data-service-worker on this script's
//   tag), which keeps this page and its files for a reload without a connection. Browsers
//   allow one only on a secure origin (HTTPS, localhost); elsewhere the rest still works.
// - On the table page: figures the phone tried to send and could not (kept in localStorage
//   by tableside.js, marked _send) are sent again, once, as soon as the site answers: at
//   load, when the browser says it is back online, and every RETRY_SECONDS meanwhile. The
//   submission id they carry makes a resend that did arrive harmless. With no service
//   worker, leaving the page while such figures wait makes the browser ask first.
// - On a hall laptop's plain HTTP table page (what the QR codes open, on every phone): when
//   this phone trusts the laptop's own certificate authority (data-secure-site answers over
//   HTTPS), the page moves to the same table page there, where the service worker keeps it.
//   HTTPS has a storage of its own, so figures typed here go with it (see tableside.js).
// - On the live pages (polled by htmx): "connection lost, last update at 20:41" while polls
//   fail; the polls go on by themselves and the line goes when one answers.
(function () {
  "use strict";

  var RETRY_SECONDS = 10;
  var PROBE_SECONDS = 4;
  var script = document.currentScript;

  function register() {
    var url = script && script.dataset.serviceWorker;
    if (!url || !("serviceWorker" in navigator)) return;
    navigator.serviceWorker.register(url, { scope: "/" }).then(function () {
      return navigator.serviceWorker.ready;
    }).then(function () {
      // The first visit came before the worker: keep this page now, as it will keep it
      // at every later visit. Asked of the cache, not of navigator.serviceWorker.controller,
      // which the new worker may already have set by claiming this page.
      if (!window.caches || !script.dataset.keepPage) return;
      return caches.open("whist-pages").then(function (cache) {
        return cache.match(location.href).then(function (kept) {
          return kept || cache.add(location.href);
        });
      });
    }).catch(function () { /* no worker: the page works as before */ });
  }

  function keptFigures() {
    var root = document.getElementById("tableside");
    if (!root) return null;
    try {
      return JSON.parse(localStorage.getItem("tableside-" + root.dataset.key) || "null");
    } catch (e) { return null; }
  }

  function sendWaitingFigures() {
    var kept = keptFigures();
    if (!kept || !kept._send) return;
    var form = document.querySelector('#tableside form[action="' + kept._action + '"]');
    var button = form && form.querySelector("button[type=submit]");
    var resend = document.getElementById("resend");
    if (!resend || (button && button.disabled)) return; // none kept, or a post under way
    resend.click();
  }

  // Where no service worker keeps the page (a hall laptop's plain HTTP), a reload while the
  // figures wait for the signal would show the browser's error page: the browser asks first.
  function askBeforeLeavingUnsent(event) {
    var kept = keptFigures();
    var keptByWorker = "serviceWorker" in navigator && navigator.serviceWorker.controller;
    if (!kept || !kept._send || keptByWorker) return;
    event.preventDefault();
    event.returnValue = "";
  }

  // Resolves true when the page is leaving for HTTPS. The probe succeeds only if the phone
  // accepts the laptop's certificate (an opaque answer is enough: no CORS needed); with no
  // trust, no signal or no HTTPS the phone stays here, where everything else still works.
  function moveToSecureSite() {
    var secure = script && script.dataset.secureSite;
    var root = document.getElementById("tableside");
    if (!secure || location.protocol !== "http:" || !root || !window.fetch) {
      return Promise.resolve(false);
    }
    var abort = window.AbortController ? new AbortController() : null;
    var timer = abort && setTimeout(function () { abort.abort(); }, PROBE_SECONDS * 1000);
    return fetch(secure + script.dataset.serviceWorker, {
      mode: "no-cors", cache: "no-store", signal: abort && abort.signal,
    }).then(function () {
      clearTimeout(timer);
      var key = "tableside-" + root.dataset.key;
      var target = secure + location.pathname + location.search;
      var kept = null;
      try { kept = localStorage.getItem(key); } catch (e) { /* private mode */ }
      if (kept) {
        // In the fragment, which no server sees; gone from here, so that a later visit to
        // this address cannot bring back figures the HTTPS page has sent since.
        target += "#carry=" + encodeURIComponent(JSON.stringify({ key: key, value: kept }));
        localStorage.removeItem(key);
      }
      location.replace(target);
      return true;
    }, function () {
      clearTimeout(timer);
      return false;
    });
  }

  function watchTableSide() {
    if (!document.getElementById("tableside")) return;
    sendWaitingFigures();
    window.addEventListener("online", sendWaitingFigures);
    window.addEventListener("beforeunload", askBeforeLeavingUnsent);
    setInterval(sendWaitingFigures, RETRY_SECONDS * 1000);
  }

  function watchPolls() {
    var line = document.getElementById("connection-lost");
    if (!line) return;
    var lastUpdate = new Date();
    function clock(when) {
      return when.toLocaleTimeString(document.documentElement.lang || undefined, {
        hour: "2-digit", minute: "2-digit",
      });
    }
    function lost() {
      line.textContent = line.dataset.message.replace("{time}", clock(lastUpdate));
      line.hidden = false;
    }
    document.addEventListener("htmx:afterRequest", function (event) {
      var xhr = event.detail.xhr;
      if (xhr && (xhr.status === 200 || xhr.status === 304)) {
        lastUpdate = new Date();
        line.hidden = true;
      } else {
        lost();
      }
    });
    document.addEventListener("htmx:sendError", lost);
    document.addEventListener("htmx:timeout", lost);
  }

  register();
  // Figures waiting here are sent from here only if the page stays: moved, HTTPS sends them.
  moveToSecureSite().then(function (moving) { if (!moving) watchTableSide(); });
  watchPolls();
})();
