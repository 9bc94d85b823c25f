// "Del" (templates/scoring/partials/_share_pdf.html, a long season report's ready PDF): the PDF
// through the phone's share sheet (the Web Share API). A browser opens the share sheet only within
// a moment of the tap (its user activation, a few seconds at most), so nothing is fetched after the
// tap: where the link says so (data-prefetch: a closed evening's sheet, a report made already) the
// PDF is fetched when the page loads and, once it is here, the tap shares it as a file; before that,
// or where the PDF changes still (an open evening), the tap shares the PDF's link. Either way the
// share sheet opens at once. A browser without the Web Share API (a desktop browser, or no
// JavaScript) follows the link, which downloads the PDF.
(function () {
  "use strict";

  var ready = new WeakMap();   // a link: the PDF fetched for it before the tap, as a File

  function fileName(link) {
    return link.getAttribute("data-share-file") || "tarok.pdf";
  }

  function canShareFiles(name) {
    if (!navigator.canShare || !navigator.share || typeof File !== "function") return false;
    try {
      return navigator.canShare({ files: [new File([""], name, { type: "application/pdf" })] });
    } catch (e) {
      return false;
    }
  }

  function prefetch(link) {
    if (link.hasAttribute("data-fetching") || !canShareFiles(fileName(link))) return;
    link.setAttribute("data-fetching", "");
    fetch(link.href, { credentials: "same-origin" })
      .then(function (answer) {
        if (!answer.ok) throw new Error("HTTP " + answer.status);
        return answer.blob();
      })
      .then(function (blob) {
        var file = new File([blob], fileName(link), { type: "application/pdf" });
        if (!navigator.canShare({ files: [file] })) return;
        ready.set(link, file);
        link.setAttribute("data-ready", "");
      })
      .catch(function () { /* not here: the tap shares the link */ });
  }

  function prefetchAll() {
    document.querySelectorAll("a.share-pdf[data-prefetch]").forEach(prefetch);
  }

  function download(link) {
    // the link's own behaviour, without this handler: a plain download of the same file
    var a = document.createElement("a");
    a.href = link.href;
    a.download = link.getAttribute("download") || "";
    document.body.appendChild(a);
    a.click();
    a.remove();
  }

  function pageOf(link) {
    // the PDF as a browser shows it (the link itself downloads it)
    var url = new URL(link.href, document.baseURI);
    url.searchParams.delete("download");
    return url.toString();
  }

  document.addEventListener("click", function (event) {
    var link = event.target.closest ? event.target.closest("a.share-pdf") : null;
    if (!link || !navigator.share) return;   // no Web Share API: the link downloads the PDF
    event.preventDefault();
    var title = link.getAttribute("data-share-title") || fileName(link);
    var file = ready.get(link);
    var data = file ? { files: [file], title: title } : { url: pageOf(link), title: title };
    // called in the tap itself, never after a wait: the share sheet opens
    navigator.share(data).catch(function (error) {
      // the reader closed the share sheet: nothing to do; anything else: save the file instead
      if (error && error.name === "AbortError") return;
      download(link);
    });
  });

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", prefetchAll);
  else prefetchAll();
  document.addEventListener("htmx:afterSettle", prefetchAll);   // a report's PDF made while the page was open
})();
