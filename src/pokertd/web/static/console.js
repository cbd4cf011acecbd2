// pokertd console: HTMX does the work; this only keeps the section fresh when others change it.
"use strict";
document.addEventListener("htmx:afterSwap", () => {
  const errors = document.getElementById("errors");
  if (errors && errors.textContent && !errors.dataset.fresh) { errors.dataset.fresh = "1"; }
});
document.addEventListener("htmx:beforeRequest", () => {
  const errors = document.getElementById("errors");
  if (errors) { errors.textContent = ""; delete errors.dataset.fresh; }
});
