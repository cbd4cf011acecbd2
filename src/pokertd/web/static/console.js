// pokertd console: HTMX does the work; this script only
// - clears the last error before the next request, so that a message refused earlier never stays
//   next to a change that went through;
// - shows a refused form's error next to that form (not at the top of a long page), the form's
//   input kept (the server answers an error without swapping the section);
// - lets a form go once: its buttons are disabled while it is sent (a double click sends it
//   once; the server also drops a second copy of a form by its key);
// - asks a plain (non-HTMX) form's data-confirm question before it is sent (HTMX forms carry
//   hx-confirm on the form itself: on a button HTMX never sees it, the form being what it sends);
// - ticks the clock lines between the server's answers, and keeps the page live: it listens to
//   the tournament's socket, as the displays do, and refreshes its section when another desk
//   changed the event: only when the socket's document is of a newer version than the page's
//   (the socket's documents come after the answers, and for the clock alone: an older or equal
//   version is never fetched again, so the section is not swapped under the director's hands).
"use strict";

// A swapped section's forms are live at once: with htmx's default 20 ms settle delay, a form
// drawn by an answer is plain HTML for that time, and a click sent it without its confirmation.
if (window.htmx) htmx.config.defaultSettleDelay = 0;

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
// is drawn again after a change (its forms are new elements). A form the server drew with its
// own key (the New event form) keeps it, so that the same form resent without HTMX (the
// browser's resend) carries the same key.
document.addEventListener("htmx:configRequest", (event) => {
  const form = formOf(event.detail.elt);
  if (!form || event.detail.verb !== "post") return;
  if (!form.dataset.key) {
    const drawn = form.querySelector("input[name=key]");
    form.dataset.key = (drawn && drawn.value)
      || Date.now().toString(36) + Math.random().toString(36).slice(2);
  }
  event.detail.parameters.key = form.dataset.key;
});

// One command at a time: while a command is on its way, every other form's buttons wait too
// (a second command sent meanwhile could be answered first, then drawn over by the older answer).
function holdOthers(sent, held) {
  document.querySelectorAll("#section form[hx-post]").forEach((other) => {
    if (other === sent) return;
    if (held) { other.dataset.held = "1"; other.querySelectorAll("button").forEach((b) => { b.disabled = true; }); }
    else if (other.dataset.held) { delete other.dataset.held; if (!other.dataset.busy) setBusy(other, false); }
  });
}

// A suggestion or a filter fetched as the director types (the register's picks, the searches) is
// not a command: it neither clears the last answer's message (a duplicate-name warning went
// blank when the picks for the name just typed came after it) nor holds the form's buttons.
function asTyped(detail) {
  const verb = detail.requestConfig && detail.requestConfig.verb;
  return verb === "get" && detail.elt.matches && detail.elt.matches("input");
}

document.addEventListener("htmx:beforeRequest", (event) => {
  if (asTyped(event.detail)) return;
  const form = formOf(event.detail.elt);
  if (form && (form.dataset.busy || form.dataset.held)) { event.preventDefault(); return; }
  const errors = document.getElementById("errors");
  if (errors) errors.textContent = "";
  document.querySelectorAll(".form-error").forEach((slot) => { slot.textContent = ""; });
  if (form) setBusy(form, true);
  if (form && event.detail.requestConfig && event.detail.requestConfig.verb === "post") holdOthers(form, true);
});

document.addEventListener("htmx:afterRequest", (event) => {
  if (asTyped(event.detail)) return;
  const form = formOf(event.detail.elt);
  if (form && form.isConnected) setBusy(form, false);
  if (form && event.detail.requestConfig && event.detail.requestConfig.verb === "post") holdOthers(form, false);
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

(function () {
  const section = document.getElementById("section");
  const match = location.pathname.match(/^\/console\/([^/]+)$/);
  if (!section || !match) return;
  const tournament = match[1];
  const lang = document.documentElement.lang || "en";
  let swaps = 0, dirty = false, socket = null, retry = 500, refreshing = false, pending = 0, seen = null;

  const mmss = (s) => { s = Math.max(0, Math.ceil(s)); return String(Math.floor(s / 60)).padStart(2, "0") + ":" + String(s % 60).padStart(2, "0"); };
  const version = () => { const s = document.getElementById("summary"); return s ? Number(s.dataset.version) : NaN; };
  // The socket's document is of a newer version than the page (NaN, no summary: never).
  const behind = () => seen !== null && seen > version();
  const tab = () => { const a = document.querySelector("nav.tabs a[aria-current]"); return a ? new URL(a.href).searchParams.get("tab") : "overview"; };

  function stamp() { section.querySelectorAll(".countdown").forEach((el) => { el.dataset.at = String(performance.now()); }); }

  function tick() {
    let over = false;
    section.querySelectorAll(".countdown").forEach((el) => {
      const running = el.dataset.running === "true";
      const gone = running ? (performance.now() - Number(el.dataset.at || 0)) / 1000 : 0;
      const left = Number(el.dataset.remaining) - gone;
      el.textContent = mmss(left);
      if (running && left <= 0) over = true;
    });
    if (over && !dirty && !typed()) refresh();  // the level is over: the server has the next one (typing: later)
  }

  // What the director has typed or chosen in the section and not sent, read from the fields
  // themselves (an input event may come before this script runs: the page is still loading), or
  // a text field he is in. The search box is not: a refresh keeps its query.
  function typed() {
    const active = document.activeElement;
    if (active && section.contains(active) && active.matches("input:not([type]), input[type=text], input[type=number], textarea")) return true;
    return [...section.querySelectorAll("input, textarea, select")].some((el) => {
      if (["hidden", "submit", "button", "search"].includes(el.type)) return false;
      if (el.type === "checkbox" || el.type === "radio") return el.checked !== el.defaultChecked;
      if (el.tagName === "SELECT") {  // none marked selected: the first is the default
        const first = [...el.options].findIndex((o) => o.defaultSelected);
        return el.selectedIndex !== Math.max(0, first);
      }
      return el.value !== el.defaultValue;
    });
  }

  function refresh(force = false) {
    if (refreshing || pending) return;  // an answer on its way brings the page up to date
    if (!force && (dirty || typed())) { stale(); return; }  // never wipe what the director is typing
    refreshing = true;
    const started = swaps;  // an answer swapped in meanwhile is newer than this refresh's
    const search = section.querySelector("input[type=search]");
    const q = search ? "&q=" + encodeURIComponent(search.value) : "";
    fetch(`/console/${tournament}?tab=${tab()}${q}`, { headers: { "HX-Request": "true" }, credentials: "same-origin" })
      .then((answer) => (answer.ok ? answer.text() : Promise.reject(answer.status)))
      .then((html) => {
        if (pending) return;  // acted meanwhile: the answer brings the page up to date
        if (!force && (dirty || typed())) { stale(); return; }  // typed in meanwhile
        if (swaps !== started) { setTimeout(() => { if (behind()) refresh(force); }, 0); return; }  // older than what is shown
        section.innerHTML = html;
        htmx.process(section);
        stamp(); tick();
      })
      .catch(() => { /* the socket's next document tries again */ })
      .finally(() => { refreshing = false; });
  }

  function stale() {
    const summary = document.getElementById("summary");
    if (!summary || summary.querySelector(".stale")) return;
    const note = document.createElement("p");
    note.className = "stale"; note.dataset.test = "stale";
    note.textContent = summary.dataset.staleWord || "";
    const button = document.createElement("button");
    button.type = "button"; button.textContent = summary.dataset.refreshWord || "↻";
    button.addEventListener("click", () => { dirty = false; refresh(true); });
    note.append(" ", button);
    summary.append(note);
  }

  function live(doc) {
    const c = doc.status && doc.status.clock;
    if (c) section.querySelectorAll(".countdown").forEach((el) => {
      el.dataset.remaining = String(c.remaining); el.dataset.running = String(c.is_running && c.started);
      el.dataset.at = String(performance.now());
    });
    if (doc.version === undefined) return;
    seen = Number(doc.version);
    if (behind()) refresh();
  }

  function connect() {
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    socket = new WebSocket(`${scheme}://${location.host}/ws/tournaments/${tournament}?lang=${lang}`);
    socket.onopen = () => { retry = 500; section.dataset.live = "open"; };
    socket.onmessage = (message) => { const doc = JSON.parse(message.data); if (doc.kind === "display") live(doc); };
    socket.onclose = () => { section.dataset.live = "closed"; setTimeout(connect, retry); retry = Math.min(retry * 2, 10000); };
  }

  section.addEventListener("input", () => { dirty = true; });
  section.addEventListener("change", () => { dirty = true; });
  // Only the requests answered by the whole section count: a fragment's (the register's picks
  // as the director types, a deal's preview, the log's filter) brings no newer section, and
  // counting it held back the refresh the director asked for.
  const answering = new WeakSet();
  document.body.addEventListener("htmx:beforeRequest", (event) => {
    const form = formOf(event.detail.elt);
    if (event.detail.target !== section || (form && (form.dataset.busy || form.dataset.held))) return;  // a fragment, or not sent (above)
    answering.add(event.detail.xhr);
    pending += 1;
  });
  document.body.addEventListener("htmx:afterRequest", (event) => {
    if (!answering.delete(event.detail.xhr)) return;
    pending = Math.max(0, pending - 1);
    setTimeout(() => { if (!pending && behind()) refresh(); }, 0);  // another desk too
  });
  document.body.addEventListener("htmx:afterSwap", (event) => {
    if (event.detail.target === section) { swaps += 1; dirty = false; }
    stamp(); tick();
  });
  stamp();
  setInterval(tick, 500);
  connect();
})();
