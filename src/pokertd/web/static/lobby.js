// pokertd lobby: every event's card, live over the displays' socket (one per event still on),
// each clock counting down locally between the server's documents (the server is the clock).
"use strict";
(function () {
  const lobby = document.getElementById("lobby");
  if (!lobby) return;
  const lang = document.documentElement.lang || "en";
  const d = lobby.dataset, status = document.getElementById("connection");
  const clocks = new Map();  // card -> {remaining, running, receivedAt}
  const open = new Set(), cards = [...lobby.querySelectorAll(".lobby-event")];
  const number = (n) => Number(n).toLocaleString(lang);
  const mmss = (s) => { s = Math.max(0, Math.ceil(s)); return String(Math.floor(s / 60)).padStart(2, "0") + ":" + String(s % 60).padStart(2, "0"); };
  const field = (card, name) => card.querySelector(`[data-field="${name}"]`);
  const text = (card, name, value) => { const el = field(card, name); if (el) el.textContent = value; };

  function show(card, doc) {
    const s = doc.status, c = s.clock;
    if (s.stage !== card.dataset.stage) { location.reload(); return; }  // started, or over
    text(card, "level", c.is_break ? d.breakWord : `${d.levelWord} ${c.level_number}`);
    const l = c.level;
    const bets = (doc.shown && doc.shown.bets) || "";  // a limit or stud level's stakes, the server's
    text(card, "blinds", c.is_break ? "" : bets || `${number(l.small_blind)} / ${number(l.big_blind)}` + (l.ante ? ` · ${d.anteWord} ${number(l.ante)}` : ""));
    const held = c.started && !c.is_running && !s.hand_for_hand, state = field(card, "clock-state");
    if (state) state.hidden = !held;
    const hfh = field(card, "hfh");  // HFH-TRIGGER: every display says so
    if (hfh) hfh.hidden = !s.hand_for_hand || s.winner != null;
    text(card, "players", (doc.shown && doc.shown.players) || `${s.players_left} / ${s.entries}`);
    text(card, "registered", number(s.entries));
    const pool = field(card, "pool-box");
    if (pool) { pool.hidden = !(doc.money && doc.money.pool); text(card, "pool", doc.money ? doc.money.pool_text : ""); }
    const running = c.is_running && c.started;
    clocks.set(card, { remaining: c.remaining, running, receivedAt: performance.now() });
    const time = field(card, "time");
    if (time) time.classList.toggle("paused", !running);
    card.dataset.updates = String(Number(card.dataset.updates || 0) + 1);
    tick();
  }

  function tick() {
    for (const [card, c] of clocks) {
      const gone = c.running ? (performance.now() - c.receivedAt) / 1000 : 0;
      text(card, "time", mmss(c.remaining - gone));
      if (c.running && c.remaining - gone <= 0 && !c.asked) { c.asked = true; refresh(card); }  // the next level
    }
  }

  function showConnection() {
    if (!status) return;
    const live = open.size === sockets.length;
    status.dataset.state = live ? "open" : "closed";
    status.classList.toggle("lost", !live);
    status.textContent = live ? status.dataset.liveWord : status.dataset.lostWord;
  }

  const sockets = cards.filter((card) => card.dataset.stage !== "finished");
  function connect(card, retry) {
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    const socket = new WebSocket(`${scheme}://${location.host}/ws/tournaments/${card.dataset.tournament}?lang=${lang}`);
    socket.onopen = () => { retry = 500; open.add(card); showConnection(); };
    socket.onmessage = (message) => { const doc = JSON.parse(message.data); if (doc.kind === "display") show(card, doc); };
    socket.onclose = () => {
      open.delete(card); showConnection();
      setTimeout(() => connect(card, Math.min(retry * 2, 10000)), retry);  // the server restarts
    };
    live.set(card, socket);
  }
  const live = new Map();  // card -> its socket
  const refresh = (card) => { const socket = live.get(card); if (socket && socket.readyState === 1) socket.send("refresh"); };
  setInterval(() => sockets.forEach(refresh), 30000);
  for (const card of sockets) {
    const time = field(card, "time");
    if (time) clocks.set(card, { remaining: Number(time.dataset.remaining), running: time.dataset.running === "true", receivedAt: performance.now() });
    connect(card, 500);
  }
  if (!sockets.length && status) status.hidden = true;
  setInterval(tick, 250);
})();
