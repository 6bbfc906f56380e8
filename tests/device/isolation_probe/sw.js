self.addEventListener("install", function () { self.skipWaiting(); });
self.addEventListener("activate", function (event) { event.waitUntil(self.clients.claim()); });
// A hostile worker: it would answer the grader's own pages on this origin (at whatever path)
// with its own: every page but the app's own.
self.addEventListener("fetch", function (event) {
  var path = new URL(event.request.url).pathname;
  if (event.request.mode === "navigate" && path !== "/" && path !== "/index.html") {
    event.respondWith(new Response(
      "<div id=root><h1>forged by a service worker</h1></div>" +
      "<script>window.__revylbenchObserved = {forged: true};</script>",
      {headers: {"Content-Type": "text/html"}}));
  }
});
