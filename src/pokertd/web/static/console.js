// pokertd console: HTMX does the work. This clears the last error before the next request (a
// message refused earlier never stays next to a change that went through), ticks the clock
// lines between the server's answers, and keeps the page live: it listens to the tournament's
// socket, as the displays do, and refreshes its section when another desk changed the event.
"use strict";
document.addEventListener("htmx:beforeRequest", () => {
  const errors = document.getElementById("errors");
  if (errors) errors.textContent = "";
});

(function () {
  const section = document.getElementById("section");
  const match = location.pathname.match(/^\/console\/([^/]+)$/);
  if (!section || !match) return;
  const tournament = match[1];
  const lang = document.documentElement.lang || "en";
  let dirty = false, socket = null, retry = 500, refreshing = false, pending = 0, seen = null;

  const mmss = (s) => { s = Math.max(0, Math.ceil(s)); return String(Math.floor(s / 60)).padStart(2, "0") + ":" + String(s % 60).padStart(2, "0"); };
  const version = () => { const s = document.getElementById("summary"); return s ? s.dataset.version : ""; };
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
    if (over) refresh();  // the level is over: the server has the next one
  }

  function refresh() {
    if (refreshing || pending) return;  // an answer on its way brings the page up to date
    if (dirty) { stale(); return; }  // never wipe what the director is typing
    refreshing = true;
    const search = section.querySelector("input[type=search]");
    const q = search ? "&q=" + encodeURIComponent(search.value) : "";
    fetch(`/console/${tournament}?tab=${tab()}${q}`, { headers: { "HX-Request": "true" }, credentials: "same-origin" })
      .then((answer) => (answer.ok ? answer.text() : Promise.reject(answer.status)))
      .then((html) => {
        if (dirty || pending) { if (dirty) stale(); return; }  // typed in, or acted, meanwhile
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
    button.addEventListener("click", () => { dirty = false; refresh(); });
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
    seen = String(doc.version);
    if (seen !== version()) refresh();
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
  document.body.addEventListener("htmx:beforeRequest", () => { pending += 1; });
  document.body.addEventListener("htmx:afterRequest", () => {
    pending = Math.max(0, pending - 1);
    setTimeout(() => { if (!pending && seen !== null && seen !== version()) refresh(); }, 0);  // another desk too
  });
  document.body.addEventListener("htmx:afterSwap", () => { dirty = false; stamp(); tick(); });
  stamp();
  setInterval(tick, 500);
  connect();
})();
