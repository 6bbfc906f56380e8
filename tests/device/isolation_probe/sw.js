self.addEventListener("install", function () { self.skipWaiting(); });
self.addEventListener("activate", function (event) { event.waitUntil(self.clients.claim()); });
// A hostile worker: it would answer the grader's own pages on this origin with its own.
self.addEventListener("fetch", function (event) {
  if (new URL(event.request.url).pathname.indexOf("/__revylbench__/") === 0) {
    event.respondWith(new Response(
      "<div id=root><h1>forged by a service worker</h1></div>" +
      "<script>window.__revylbenchObserved = {forged: true};</script>",
      {headers: {"Content-Type": "text/html"}}));
  }
});
