// What every page does without inline scripts (the Content-Security-Policy allows none):
// print buttons, link fields selected on a click, "Back" links.
(() => {
  "use strict";
  document.addEventListener("click", (event) => {
    const target = event.target instanceof Element ? event.target : null;
    if (!target) return;
    if (target.closest("[data-print]")) window.print();
    const field = target.closest("[data-select]");
    if (field instanceof HTMLInputElement) field.select();
    if (target.closest("[data-back]")) { event.preventDefault(); history.back(); }
  });
  // A sheet opened to be printed at once (the desk's seat ticket of a late registration).
  if (document.querySelector("[data-print-now]")) window.addEventListener("load", () => window.print());
})();
