// pokertd player's phone page: live over the displays' socket. Each pushed document carries
// every seat; when this player's table, seat or stack changed, his card is fetched again from
// the server (which writes every sentence, in his language). The socket asks for partial
// documents (``parts=same``, as the displays do): a clock change sends the clock, not the
// seating of every table again; the parts named in "same" are the ones the phone holds. A move's banner makes the phone
// vibrate once (navigator.vibrate, where the browser has it) and stays until he taps OK.
"use strict";
(function () {
  const root = document.getElementById("me");
  if (!root) return;
  const lang = document.documentElement.lang || "en";
  const d = root.dataset, entry = Number(d.entry), status = document.getElementById("connection");
  const dismissed = new Set(JSON.parse(sessionStorage.getItem("pokertd-moves-seen") || "[]"));
  let held = null, last = null, remaining = null, running = false, receivedAt = 0, retry = 500, socket = null, asked = false;
  const field = (name) => root.querySelector(`[data-field="${name}"]`);
  const text = (name, value) => { const el = field(name); if (el) el.textContent = value; };
  const number = (n) => Number(n).toLocaleString(lang);
  const mmss = (s) => { s = Math.max(0, Math.ceil(s)); return String(Math.floor(s / 60)).padStart(2, "0") + ":" + String(s % 60).padStart(2, "0"); };

  // A banner not seen before: the phone vibrates; one dismissed stays hidden.
  function showBanner() {
    const banner = field("moved");
    if (!banner) return;
    const key = banner.dataset.key;
    if (dismissed.has(key)) { banner.hidden = true; return; }
    if (banner.dataset.buzzed !== "1" && navigator.vibrate) navigator.vibrate([300, 150, 300]);
    banner.dataset.buzzed = "1";
    banner.querySelector("[data-field=moved-ok]").addEventListener("click", () => {
      banner.hidden = true; dismissed.add(key);
      sessionStorage.setItem("pokertd-moves-seen", JSON.stringify([...dismissed]));
    });
  }

  async function fetchCard() {
    try {
      const answer = await fetch(d.part, { headers: { "X-Requested-With": "pokertd" } });
      if (!answer.ok) return;
      document.getElementById("me-card").outerHTML = await answer.text();
      root.dataset.cards = String(Number(root.dataset.cards || 0) + 1);
      showBanner();
    } catch (e) { /* the server restarts: the next document fetches again */ }
  }

  // Where this player sits in the document: "table/seat/stack", or "" when he has no seat.
  function mine(doc) {
    for (const t of doc.tables || []) for (const s of t.seats) if (s.entry === entry) return `${t.table}/${s.seat}/${s.stack}`;
    return "";
  }

  function show(doc) {
    const now = mine(doc), card = document.getElementById("me-card");
    const shown = card.dataset.table ? `${card.dataset.table}/${card.dataset.seat}` : "";
    const place = now ? now.split("/").slice(0, 2).join("/") : "";
    if (last === null ? place !== shown : now !== last) fetchCard();  // first: the page may be old
    last = now;
    showClock(doc.status.clock, doc.shown || {});
    const hfh = field("hfh");  // HFH-TRIGGER: every display says so
    if (hfh) hfh.hidden = !doc.status.hand_for_hand || doc.status.winner != null;
    root.dataset.updates = String(Number(root.dataset.updates || 0) + 1);
  }

  // A limit or stud level: its limits (a stud level's ante and bring-in) as the server wrote them.
  function showClock(c, shown) {
    const box = field("clock");
    if (box) box.hidden = !c.started;
    text("level", c.is_break ? d.breakWord : `${d.levelWord} ${c.level_number}`);
    const l = c.level;
    text("blinds", c.is_break ? "" : shown.bets || `${number(l.small_blind)} / ${number(l.big_blind)}` + (l.ante ? ` · ${d.anteWord} ${number(l.ante)}` : ""));
    remaining = c.remaining; running = c.is_running && c.started; receivedAt = performance.now(); asked = false;
    const time = field("time");
    if (time) time.classList.toggle("paused", !running);
    tick();
  }

  function tick() {
    if (remaining === null) return;
    const left = remaining - (running ? (performance.now() - receivedAt) / 1000 : 0);
    text("time", mmss(left));
    if (running && left <= 0 && !asked && socket && socket.readyState === 1) { asked = true; socket.send("refresh"); }
  }

  function showConnection(state) {
    if (!status) return;
    status.dataset.state = state;
    status.classList.toggle("lost", state === "closed");
    status.textContent = state === "open" ? status.dataset.liveWord : status.dataset.lostWord;
  }

  function connect() {
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    socket = new WebSocket(`${scheme}://${location.host}/ws/tournaments/${d.tournament}?lang=${lang}&parts=same`);
    socket.onopen = () => { retry = 500; held = null; showConnection("open"); };
    socket.onmessage = (message) => {
      const doc = JSON.parse(message.data);
      if (doc.kind !== "display") return;
      if (doc.same) {  // only what changed: keep the parts we hold
        if (!held) { socket.send("refresh"); return; }
        for (const part of doc.same) doc[part] = held[part];
        delete doc.same;
        root.dataset.partial = String(Number(root.dataset.partial || 0) + 1);
      }
      held = doc;
      show(doc);
    };
    socket.onclose = () => { showConnection("closed"); setTimeout(connect, retry); retry = Math.min(retry * 2, 10000); };
  }

  const time = field("time");
  if (time) { remaining = Number(time.dataset.remaining); running = time.dataset.running === "true"; receivedAt = performance.now(); }
  showBanner();
  setInterval(tick, 250);
  setInterval(() => { if (socket && socket.readyState === 1) socket.send("refresh"); }, 30000);
  connect();
})();
