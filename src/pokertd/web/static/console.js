// pokertd console: HTMX does the work; this script only
// - clears the last error before the next request, so that a message refused earlier never stays
//   next to a change that went through;
// - shows a refused form's error next to that form (not at the top of a long page), the form's
//   input kept (the server answers an error without swapping the section);
// - lets a form go once: its buttons are disabled while it is sent (a double click sends it
//   once; the server also drops a second copy of a form by its key);
// - asks a plain (non-HTMX) form's data-confirm question before it is sent (HTMX forms carry
//   hx-confirm on the form itself: on a button HTMX never sees it, the form being what it sends).
"use strict";

function formOf(element) {
  return element && element.closest ? element.closest("form") : null;
}

function errorSlot(form) {
  let slot = form.nextElementSibling;
  if (!slot || !slot.classList.contains("form-error")) {
    slot = document.createElement("div");
    slot.className = "form-error";
    slot.setAttribute("aria-live", "assertive");
    form.after(slot);
  }
  return slot;
}

function setBusy(form, busy) {
  if (busy) form.dataset.busy = "1";
  else delete form.dataset.busy;
  form.querySelectorAll("button").forEach((button) => { button.disabled = busy; });
}

// One key per form shown: sent again with a second copy of the same form, new once the section
// is drawn again after a change (its forms are new elements).
document.addEventListener("htmx:configRequest", (event) => {
  const form = formOf(event.detail.elt);
  if (!form || event.detail.verb !== "post") return;
  if (!form.dataset.key) {
    form.dataset.key = Date.now().toString(36) + Math.random().toString(36).slice(2);
  }
  event.detail.parameters.key = form.dataset.key;
});

document.addEventListener("htmx:beforeRequest", (event) => {
  const form = formOf(event.detail.elt);
  if (form && form.dataset.busy) { event.preventDefault(); return; }
  const errors = document.getElementById("errors");
  if (errors) errors.textContent = "";
  document.querySelectorAll(".form-error").forEach((slot) => { slot.textContent = ""; });
  if (form) setBusy(form, true);
});

document.addEventListener("htmx:afterRequest", (event) => {
  const form = formOf(event.detail.elt);
  if (form && form.isConnected) setBusy(form, false);
});

document.addEventListener("htmx:beforeSwap", (event) => {
  const form = formOf(event.detail.requestConfig && event.detail.requestConfig.elt);
  if (!form || !form.isConnected || event.detail.target.id !== "errors") return;
  const slot = errorSlot(form);
  event.detail.target = slot;
  requestAnimationFrame(() => slot.scrollIntoView({ block: "nearest" }));
});

document.addEventListener("submit", (event) => {
  const form = event.target;
  if (form.hasAttribute("hx-post")) return;
  const question = form.dataset.confirm;
  if (form.dataset.busy || (question && !window.confirm(question))) {
    event.preventDefault();
    return;
  }
  form.dataset.busy = "1";
  // Disabled after the browser has read the form (a disabled button would not be sent).
  setTimeout(() => setBusy(form, true), 0);
}, true);
