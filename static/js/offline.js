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
// - On the live pages (polled by htmx): "connection lost, last update at 20:41" while polls
//   fail; the polls go on by themselves and the line goes when one answers.
(function () {
  "use strict";

  var RETRY_SECONDS = 10;
  var script = document.currentScript;

  function register() {
    var url = script && script.dataset.serviceWorker;
    if (!url || !("serviceWorker" in navigator)) return;
    navigator.serviceWorker.register(url, { scope: "/" }).then(function () {
      return navigator.serviceWorker.ready;
    }).then(function () {
      // The first visit came before the worker: keep this page now, as it will keep it
      // at every later visit.
      if (!navigator.serviceWorker.controller && window.caches && script.dataset.keepPage) {
        return caches.open("whist-pages").then(function (cache) { return cache.add(location.href); });
      }
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
  watchTableSide();
  watchPolls();
})();
