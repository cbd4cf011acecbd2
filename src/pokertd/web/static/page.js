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
  // htmx queues a request asked while another of the same element is on its way (the table
  // app's refreshes, when pushes come fast) and runs it later under a promise nobody holds: if
  // that one is aborted or fails, htmx rejects it with no reason, an "Uncaught (in promise)"
  // that says nothing and that nobody can catch (the next push or click asks again). A rejection
  // with a reason, a real error, is left alone.
  window.addEventListener("unhandledrejection", (event) => {
    if (event.reason === undefined) event.preventDefault();
  });
  // A sheet opened to be printed at once (the desk's seat ticket of a late registration).
  if (document.querySelector("[data-print-now]")) window.addEventListener("load", () => window.print());
})();
