// The evening live (templates/scoring/partials/_live_notes.html): a region marked data-live polls
// its fragment with htmx every few seconds. The server answers an unchanged poll with 304
// (scoring/views_live.py); the browser then hands htmx its kept copy, or nothing. Either way the
// region is left as it is, so a poll never rebuilds what the reader is looking at. A lost network
// or an expired session shows its note above the region and keeps what was shown.
(function () {
  "use strict";
  var last = new WeakMap();

  function region(elt) {
    return elt && elt.closest ? elt.closest("[data-live]") : null;
  }

  function show(box, which) {
    box.querySelectorAll("[data-live-note]").forEach(function (note) {
      note.hidden = note.getAttribute("data-live-note") !== which;
    });
  }

  document.addEventListener("htmx:beforeSwap", function (event) {
    var elt = event.detail.elt;
    if (!region(elt)) return;
    var text = event.detail.serverResponse;
    if (event.detail.xhr.status === 304 || !text || text === last.get(elt)) {
      event.detail.shouldSwap = false;
    } else {
      last.set(elt, text);
    }
  });

  document.addEventListener("htmx:afterRequest", function (event) {
    var box = region(event.detail.elt);
    if (!box) return;
    var status = event.detail.xhr ? event.detail.xhr.status : 0;
    show(box, status === 401 ? "login" : (status === 0 || status >= 500) ? "lost" : "");
  });
})();
