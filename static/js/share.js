// "Del" on the evening page (templates/scoring/partials/_share_pdf.html): the settlement PDF through
// the phone's share sheet (Web Share API, the PDF as a file). The link itself downloads the PDF, so
// a browser that cannot share files (desktop Chromium, or without JavaScript) just saves it.
(function () {
  "use strict";

  function canShareFiles(name) {
    if (!navigator.canShare || !navigator.share || typeof File !== "function") return false;
    try {
      return navigator.canShare({ files: [new File([""], name, { type: "application/pdf" })] });
    } catch (e) {
      return false;
    }
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

  document.addEventListener("click", function (event) {
    var link = event.target.closest ? event.target.closest("a.share-pdf") : null;
    if (!link) return;
    var name = link.getAttribute("data-share-file") || "tarok.pdf";
    if (!canShareFiles(name)) return;   // the link downloads the PDF
    event.preventDefault();
    fetch(link.href, { credentials: "same-origin" })
      .then(function (answer) {
        if (!answer.ok) throw new Error("HTTP " + answer.status);
        return answer.blob();
      })
      .then(function (blob) {
        var file = new File([blob], name, { type: "application/pdf" });
        if (!navigator.canShare({ files: [file] })) { download(link); return null; }
        return navigator.share({ files: [file], title: link.getAttribute("data-share-title") || name });
      })
      .catch(function (error) {
        // the reader closed the share sheet: nothing to do; anything else: save the file instead
        if (error && error.name === "AbortError") return;
        download(link);
      });
  });
})();
