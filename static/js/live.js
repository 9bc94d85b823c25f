// The evening live (templates/scoring/partials/_live_notes.html): an element inside a region marked
// data-live polls its fragment with htmx every few seconds. The server answers an unchanged poll
// with 304 (scoring/views/live.py) and the browser hands htmx its kept copy, or nothing; a poll is
// swapped in only when its ETag differs from the one the element shows (data-etag, set by the page
// for its first render), so a poll never rebuilds what the reader is looking at. A lost network or
// an expired session shows its note in the region and keeps what was shown.
(function () {
  "use strict";

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
    var xhr = event.detail.xhr;
    var etag = xhr.getResponseHeader("ETag");
    if (xhr.status === 304 || (etag && etag === elt.getAttribute("data-etag"))) {
      event.detail.shouldSwap = false;
    } else if (etag) {
      elt.setAttribute("data-etag", etag);
    }
  });

  document.addEventListener("htmx:afterRequest", function (event) {
    var box = region(event.detail.elt);
    if (!box) return;
    var status = event.detail.xhr ? event.detail.xhr.status : 0;
    show(box, status === 401 ? "login" : (status === 0 || status >= 500) ? "lost" : "");
  });
})();
