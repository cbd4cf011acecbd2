// pokertd console: HTMX does the work; this only clears the last error before the next request,
// so that a message refused earlier never stays next to a change that went through.
"use strict";
document.addEventListener("htmx:beforeRequest", () => {
  const errors = document.getElementById("errors");
  if (errors) errors.textContent = "";
});
