{% autoescape off %}// The service worker (served at /sw.js: its scope, "/", covers every table page, in every
// language, and the hall display). Network first, always: a page or file that answers is
// shown as it is now and kept; without a connection the kept copy is shown, so a table
// page reloaded in a dead spot shows the typed figures waiting to be sent, not the
// browser's error page. Posts are never kept nor answered from here.
"use strict";

var FILES = "whist-files-{{ version }}";
var PAGES = "whist-pages";
var KEPT_FILES = {{ files }};
// A table page (/t/<token>/, with or without a language) or a hall display.
var KEPT_PAGES = /^\/(?:[a-z]{2}(?:-[a-z]+)?\/)?(?:t\/[^/]+\/|drives\/\d+\/hall\/)$/;

self.addEventListener("install", function (event) {
  event.waitUntil(
    caches.open(FILES).then(function (cache) { return cache.addAll(KEPT_FILES); })
      .then(function () { return self.skipWaiting(); })
  );
});

self.addEventListener("activate", function (event) {
  event.waitUntil(
    caches.keys().then(function (names) {
      return Promise.all(names.filter(function (name) {
        return name.indexOf("whist-files-") === 0 && name !== FILES;
      }).map(function (name) { return caches.delete(name); }));
    }).then(function () { return self.clients.claim(); })
  );
});

function networkFirst(request, cacheName) {
  return fetch(request).then(function (response) {
    if (response.ok) {
      var copy = response.clone();
      caches.open(cacheName).then(function (cache) { cache.put(request, copy); });
    }
    return response;
  }, function (error) {
    return caches.match(request, { ignoreVary: true }).then(function (kept) {
      if (kept) return kept;
      throw error;
    });
  });
}

self.addEventListener("fetch", function (event) {
  var request = event.request;
  if (request.method !== "GET") return;
  var url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === "navigate" && KEPT_PAGES.test(url.pathname)) {
    event.respondWith(networkFirst(request, PAGES));
  } else if (KEPT_FILES.indexOf(url.pathname) !== -1) {
    event.respondWith(networkFirst(request, FILES));
  }
});
{% endautoescape %}
