// pokertd floor assistant: the hand by tapping (templates/floor/_tap.html). The floor person taps
// how many sit at the table, the button's seat, then what each player did in turn; the page
// follows the betting (who is to act, the bet faced, the streets) and writes the typed fields the
// server reads: "players", "actions" (one PHH action a line, "p3 cbr 300", players counted from
// the small blind) and "seats" (the seat of p1, p2...), so the ruling names seats, not p3.
// No-limit betting: the blinds, the least raise (the last raise, at least the big blind), all-in.
"use strict";
(function () {
  let count = 0, button = 0, done = [];

  const tap = () => document.querySelector("[data-tap]");
  const form = () => tap().closest("form");
  const typed = (name) => form().querySelector(`[name="${name}"]`);
  const amounts = (text) => (text || "").split(/[\/,\s]+/).filter(Boolean).map(Number);

  // The seats in the hand's order: p1 posts the small blind; heads-up the button does.
  function order() {
    if (count === 2) return [button, button % 2 + 1];
    return Array.from({ length: count }, (_, i) => (button + i) % count + 1);
  }

  // The betting after the actions done: stacks, bets, who folded, who is to act, the street.
  function replay() {
    const blinds = amounts(typed("blinds") && typed("blinds").value);
    const [small, big] = [blinds[0] || 0, blinds[1] || 0];
    const ante = Number(typed("ante") && typed("ante").value) || 0;
    const given = amounts(typed("stacks") && typed("stacks").value);
    const s = {
      stack: Array.from({ length: count }, (_, i) => (given.length === count ? given[i] : given[0]) || 0),
      bet: Array(count).fill(0), folded: Array(count).fill(false), acted: Array(count).fill(false),
      street: 0, current: big, least: big, toAct: null, over: false,
    };
    const put = (p, to) => { const add = Math.min(to - s.bet[p], s.stack[p]); s.stack[p] -= add; s.bet[p] += add; };
    s.stack = s.stack.map((chips) => chips - Math.min(ante, chips));
    put(0, small); put(1, big);
    const live = (p) => !s.folded[p] && s.stack[p] > 0;
    const next = (from) => {
      for (let k = 1; k <= count; k++) {
        const p = (from + k) % count;
        if (live(p) && (!s.acted[p] || s.bet[p] < s.current)) return p;
      }
      return null;
    };
    const nextStreet = () => {
      const inHand = s.folded.filter((f) => !f).length, withChips = s.folded.filter((f, p) => !f && s.stack[p] > 0).length;
      if (inHand < 2 || s.street === 3 || withChips < 2) { s.over = true; s.toAct = null; return; }
      s.street += 1; s.bet.fill(0); s.acted.fill(false); s.current = 0; s.least = big;
      s.toAct = next(count === 2 ? 0 : count - 1);
    };
    s.toAct = next(count === 2 ? count - 1 : 1);
    for (const [p, kind, to] of done) {
      if (kind === "f") s.folded[p] = true;
      else if (kind === "cc") put(p, s.current);
      else { if (to - s.current >= s.least) s.least = to - s.current; s.current = Math.max(s.current, to); put(p, to); s.acted.fill(false); }
      s.acted[p] = true;
      if (s.folded.filter((f) => !f).length < 2) { s.over = true; s.toAct = null; break; }
      s.toAct = next(p);
      if (s.toAct === null) nextStreet();
    }
    return s;
  }

  function write(s) {
    const seats = order(), root = tap(), d = root.dataset;
    if (button) {  // the table drawn is the hand: its fields say so
      typed("players").value = String(count);
      typed("actions").value = done.map(([p, kind, to]) => `p${p + 1} ${kind}${kind === "cbr" ? " " + to : ""}`).join("\n");
    }
    // A hand from a live table (its PHH) comes with its seats (data-kept) until one taps.
    root.querySelector("[name=seats]").value = button ? seats.join(",") : d.kept || "";
    const felt = root.querySelector("[data-field=tap-felt]");
    felt.replaceChildren(...Array.from({ length: count }, (_, i) => {
      const seat = i + 1, p = seats.indexOf(seat), angle = (Math.PI * 2 * i) / count + Math.PI / 2;
      const b = document.createElement("button");
      b.type = "button"; b.dataset.seat = String(seat);
      b.style.left = `${50 + 42 * Math.cos(angle)}%`; b.style.top = `${50 + 38 * Math.sin(angle)}%`;
      b.className = "tap-seat" + (seat === button ? " has-button" : "") + (s.folded[p] ? " folded" : "") + (p === s.toAct ? " to-act" : "");
      b.textContent = `${seat}` + (seat === button ? " D" : "");
      b.setAttribute("aria-label", `${d.wordSeat} ${seat}`);
      if (p >= 0 && s.bet[p]) { const chips = document.createElement("small"); chips.textContent = String(s.bet[p]); b.append(chips); }
      return b;
    }));
    const streets = d.streets.split(","), turn = root.querySelector("[data-field=tap-turn]");
    const actions = root.querySelector("[data-field=tap-actions]");
    actions.hidden = !button || s.toAct === null;
    if (!button) turn.textContent = "";
    else if (s.toAct === null) turn.textContent = d.wordOver;
    else {
      const p = s.toAct, facing = s.current > s.bet[p];
      turn.textContent = `${d.wordSeat} ${seats[p]} ${d.wordToAct} (${streets[s.street]})`;
      actions.querySelector("[data-do=cc]").textContent = facing ? `${d.wordCallButton} ${Math.min(s.current, s.bet[p] + s.stack[p])}` : d.wordCheckButton;
      actions.querySelector("[data-do=cbr]").textContent = s.current ? d.wordRaiseButton : d.wordBetButton;
      const least = Math.min(s.current + s.least, s.bet[p] + s.stack[p]);
      const to = actions.querySelector("[data-field=tap-to]");
      to.min = String(least); to.max = String(s.bet[p] + s.stack[p]); to.value = String(least);
    }
    const words = { f: d.wordFold, cc: null, cbr: null };
    root.querySelector("[data-field=tap-log]").replaceChildren(...done.map(([p, kind, to], i) => {
      const li = document.createElement("li"), before = replayUpTo(i);
      const word = kind === "f" ? words.f : kind === "cc" ? (before.current > before.bet[p] ? d.wordCall : d.wordCheck)
        : `${before.current ? d.wordRaise : d.wordBet} ${to}`;
      li.textContent = `${d.wordSeat} ${seats[p]}${d.colon} ${word}`;
      return li;
    }));
    root.querySelectorAll("[data-count]").forEach((c) => c.setAttribute("aria-pressed", String(Number(c.dataset.count) === count)));
  }

  function replayUpTo(i) { const all = done; done = all.slice(0, i); const s = replay(); done = all; return s; }

  function setCount(n) { count = n; button = 0; done = []; write(replay()); }

  document.addEventListener("click", (event) => {
    const b = event.target.closest("button");
    if (!b || !tap() || !tap().contains(b)) return;
    if (b.dataset.count) setCount(Number(b.dataset.count));
    else if (b.dataset.seat) { button = Number(b.dataset.seat); done = []; write(replay()); }
    else if (b.dataset.do === "undo") { done.pop(); write(replay()); }
    else if (b.dataset.do) {
      const s = replay(), p = s.toAct;
      if (p === null) return;
      const all = s.bet[p] + s.stack[p], to = Number(tap().querySelector("[data-field=tap-to]").value);
      if (b.dataset.do === "allin") done.push(all > s.current ? [p, "cbr", all] : [p, "cc"]);
      else if (b.dataset.do === "cbr") done.push([p, "cbr", Math.min(Math.max(to, Number(tap().querySelector("[data-field=tap-to]").min)), all)]);
      else done.push([p, b.dataset.do]);
      write(replay());
    }
  });

  function start() {
    if (!tap()) return;
    const players = typed("players");
    setCount(Math.min(10, Math.max(2, Number(players && players.value) || 6)));
  }
  // The hand typed by hand (actions, PHH) is counted from the small blind: no seats then.
  document.addEventListener("input", (event) => {
    if (tap() && ["actions", "phh", "players"].includes(event.target.name)) {
      tap().querySelector("[name=seats]").value = ""; tap().dataset.kept = "";
    }
  });
  document.addEventListener("htmx:afterSwap", (event) => { if (event.target.id === "floor-fields") start(); });
  start();
})();
