// pokertd table app (dealer's page and player's page): live over a WebSocket.
// Every message is the viewer's view of the table (the player's socket carries his seat's view
// only); the page then fetches its table part again (HTMX), so one template renders the table.
// The action clock counts down locally from the server's "seconds_left"; at zero the page sends
// "expire" and the server, which checks the deadline against its own clock, applies the ruling.
"use strict";
(function () {
  const first = document.getElementById("table");
  if (!first || !first.dataset.socket) return;
  const socketPath = first.dataset.socket;
  const status = document.getElementById("connection");
  let reopen = [];
  let socket = null, retry = 500, deferred = false, deadlineAt = null, expireSentAt = 0, connections = 0;

  const table = () => document.getElementById("table");

  function isTyping(root) {
    if (root.querySelector("form[data-dirty]")) return true; // an amount or cards being tapped in
    const active = document.activeElement;
    return active && root.contains(active) && ["INPUT", "TEXTAREA", "SELECT"].includes(active.tagName)
      && active.type !== "hidden" && active.value !== "" && !active.readOnly;
  }

  // Fast entry on the dealer's tablet (templates/table/_entry.html): the pad's keys type an
  // amount into its form's field, a quick key sets it (on the chips pad, adds a chip); the card
  // grid taps cards into the form's "cards" field, at most the cards due; words said by a tap.
  function padKey(pad, button) {
    const form = pad.closest("form"), input = form.querySelector(`[name="${pad.dataset.pad}"]`);
    if (!input) return;
    let value = input.value.replace(/\s/g, "");
    const key = button.dataset.key;
    if (button.hasAttribute("data-set")) value = button.dataset.set;
    else if (button.hasAttribute("data-chip")) value = value ? `${value.replace(/,$/, "")},${button.dataset.chip}` : button.dataset.chip;
    else if (key === "back") value = value.slice(0, -1);
    else if (key === "clear") value = "";
    else if (key === "next") value = value && !value.endsWith(",") ? value + "," : value;
    else if (key) value = (form.dataset.dirty && value !== "0" ? value : "") + key; // the first key replaces the prefilled amount
    input.value = value;
    form.dataset.dirty = "1";
  }

  function pick(grid, button) {
    const form = grid.closest("form"), input = form.querySelector('[name="cards"]');
    const chosen = input.value.split(/[\s,]+/).filter(Boolean);
    const card = button.dataset.pick, at = chosen.indexOf(card);
    if (at >= 0) chosen.splice(at, 1);
    else if (chosen.length < Number(grid.dataset.need || 52)) chosen.push(card);
    input.value = chosen.join(" ");
    grid.querySelectorAll("[data-pick]").forEach((b) => b.classList.toggle("chosen", chosen.includes(b.dataset.pick)));
    form.dataset.dirty = "1";
  }

  document.addEventListener("click", (event) => {
    const button = event.target.closest("button");
    if (!button || !table() || !table().contains(button)) return;
    const pad = button.closest(".pad"), grid = button.closest(".grid52");
    if (pad) padKey(pad, button);
    else if (grid && button.dataset.pick) pick(grid, button);
    else if (button.dataset.said) {
      const form = button.closest("form"), said = form.querySelector('[name="said"]');
      said.value = button.dataset.said; form.dataset.dirty = "1";
    }
  });

  function refresh() {
    const root = table();
    if (!root || !window.htmx) return;
    if (isTyping(root)) { deferred = true; return; } // never wipe what the dealer is typing
    deferred = false;
    // htmx rejects its promise, with no reason, when the request is aborted or fails (a newer
    // refresh, the page left, the server restarting): the next document pushed refreshes again.
    window.htmx.ajax("GET", root.dataset.part, { target: "#table", swap: "outerHTML" }).catch(() => {});
  }

  // A refresh asked before the dealer began tapping (an amount, cards) must not land over his
  // taps: its answer is dropped, and the table refreshes once he has sent them (the board's
  // first card was lost so when a push came between the grid's first and second tap).
  document.addEventListener("htmx:beforeSwap", (event) => {
    const root = table();
    const verb = event.detail.requestConfig && event.detail.requestConfig.verb;
    if (!root || event.detail.target !== root || verb !== "get") return;
    if (isTyping(root)) {
      event.detail.shouldSwap = false;
      deferred = true;
      return;
    }
    // A part opened by the dealer (the chips pad, the hole cards) stays open across a push,
    // one he opened while the refresh was on its way too: what is open is read at the swap.
    reopen = [...root.querySelectorAll("details[open]")].map((box) => box.className);
  });

  // A ruling comes above the table: bring it into view.
  document.addEventListener("htmx:oobAfterSwap", (event) => {
    const box = event.detail && event.detail.target;
    if (box && box.id === "last-ruling" && box.scrollIntoView) box.scrollIntoView({ block: "start" });
  });

  document.addEventListener("focusout", () => { if (deferred) setTimeout(refresh, 0); });

  function readDeadline() {
    const shown = document.querySelector("[data-deadline-left]");
    deadlineAt = shown ? performance.now() + parseFloat(shown.dataset.deadlineLeft) * 1000 : null;
    expireSentAt = 0;
  }
  document.addEventListener("htmx:afterSettle", readDeadline);
  document.addEventListener("htmx:afterSettle", () => {
    const root = table();
    for (const name of reopen) {
      const box = root && root.querySelector(`details.${name.trim().split(/\s+/).join(".")}`);
      if (box) box.open = true;
    }
    reopen = [];
  });

  // A player's turn comes: his phone vibrates once (where the browser has navigator.vibrate)
  // and sounds a short tone; his actions, kept at the bottom of the screen, are in view.
  let myTurn = Boolean(document.querySelector(".your-turn"));
  document.addEventListener("htmx:afterSettle", () => {
    const turn = document.querySelector(".your-turn");
    if (turn && !myTurn) {
      if (navigator.vibrate) navigator.vibrate(200);
      try {  // a short tone too (a browser plays it once the player has tapped the page)
        const audio = new (window.AudioContext || window.webkitAudioContext)();
        const tone = audio.createOscillator(); tone.frequency.value = 660; tone.connect(audio.destination);
        tone.start(); tone.stop(audio.currentTime + 0.15); tone.onended = () => audio.close();
      } catch (e) { /* no audio device: the vibration alone */ }
    }
    myTurn = Boolean(turn);
  });
  readDeadline();

  // A draw: the Draw button says how many cards the tapped ones are.
  document.addEventListener("change", (event) => {
    const form = event.target.closest && event.target.closest("form[data-draw]");
    if (!form) return;
    const count = form.querySelectorAll("input[name=discard]:checked").length;
    const shown = form.querySelector("[data-draw-count]");
    if (shown) shown.textContent = count ? "(" + count + ")" : "";
  });

  setInterval(() => {
    if (deadlineAt === null) return;
    const shown = document.querySelector("[data-deadline-left]");
    if (!shown) { deadlineAt = null; return; }
    const now = performance.now();
    const left = (deadlineAt - now) / 1000;
    // CLK-TIMEBANK: the action clock counts down first, then the time bank (its own number)
    const bank = document.querySelector("[data-bank-left]");
    const banked = bank ? parseFloat(bank.dataset.bankLeft) : 0;
    shown.textContent = String(Math.max(0, Math.ceil(left - banked)));
    shown.classList.toggle("error", left - banked <= 5);
    if (bank) {
      const fromBank = Math.max(0, Math.min(banked, left));
      bank.textContent = String(Math.ceil(fromBank));
      bank.classList.toggle("error", left < banked);  // his bank is being spent: in red
      bank.dataset.using = String(left < banked);
    }
    if (left <= 0 && socket && socket.readyState === WebSocket.OPEN && now - expireSentAt > 2000) {
      socket.send("expire"); // the server checks the deadline itself; resent until it agrees
      expireSentAt = now;
    }
  }, 250);

  function connect() {
    const scheme = location.protocol === "https:" ? "wss:" : "ws:";
    socket = new WebSocket(scheme + "//" + location.host + socketPath);
    let opened = ++connections > 1; // after a reconnection the first view may be news
    socket.onopen = () => { retry = 500; if (status) { status.classList.remove("lost"); } };
    socket.onmessage = () => {
      if (!opened) { opened = true; return; } // the first view is the page just rendered
      refresh();
    };
    socket.onclose = (event) => {
      if (status) status.classList.add("lost");
      if (event.code === 4401 || event.code === 4404) return;
      setTimeout(connect, retry);
      retry = Math.min(retry * 2, 10000);
    };
  }
  connect();
})();
