// The standings' scroll hint: shown only while the table is wider than its box (CSS reads
// data-overflow), measured again when the columns toggle or the window changes size.
(function () {
  "use strict";
  const box = document.getElementById("standings-box");
  const toggle = document.getElementById("all-columns");
  if (!box || !toggle) return;
  const mark = () => { box.dataset.overflow = box.scrollWidth > box.clientWidth + 1 ? "yes" : "no"; };
  toggle.addEventListener("change", mark);
  window.addEventListener("resize", mark);
  mark();
})();
