// pokertd displays: live over a WebSocket, counting down locally between the server's documents.
// The server is the clock (DESIGN.md "Time"): every document carries the time left, and a
// reconnection after a restart simply receives the current one.
"use strict";
(function () {
  const clock = document.getElementById("clock");
  const seating = document.getElementById("seating");
  const root = clock || seating;
  if (!root) return;
  const tournament = root.dataset.tournament;
  const lang = document.documentElement.lang || "en";
  const status = document.getElementById("connection");
  let remaining = null, running = false, receivedAt = 0, breakIn = null;
  let lastLevel = null, soundOn = false, retry = 500, socket = null, last = null;
  let lateLeft = null, lateOnClock = false;

  const field = (name) => root.querySelector(`[data-field="${name}"]`) || document.querySelector(`[data-field="${name}"]`);
  const mmss = (s) => { s = Math.max(0, Math.ceil(s)); return String(Math.floor(s / 60)).padStart(2, "0") + ":" + String(s % 60).padStart(2, "0"); };
  const hmmss = (s) => (s >= 3600 ? `${Math.floor(s / 3600)}:${mmss(s % 3600)}` : mmss(s));
  const text = (name, value) => { const el = field(name); if (el) el.textContent = value; };

  function levelKey(c) { return c.is_break ? "break-" + c.item : "level-" + c.level_number; }

  // Sounds and spoken warnings (switchable per event: the layout's "sounds"): the new level, one
  // minute left in a level, the end of a break, the last level of late registration. A tone by
  // WebAudio (nothing to download) and the words by the browser's voice in the page's language,
  // once someone in the room turned them on (a browser plays nothing before a click). The last
  // warning given is kept on #clock (data-announced, data-announced-text, data-announcements).
  let eventSounds = clock ? clock.dataset.sounds !== "false" : false, minuteWarned = null;
  // A limit or stud level's stakes as the server wrote them ("Limites 200 / 400 · Ante 25 ·
  // Bring-in 50"): shown and said instead of the blinds; "" for a level of blinds.
  let levelBets = "";

  function levelWords(c) {
    const d = clock.dataset;
    if (c.is_break) return d.announceBreak.replace("{m}", Math.round(c.remaining / 60));
    if (levelBets) {  // limits, not blinds: "Niveau 3. Limites 200, 400. Ante 25. Bring-in 50."
      return `${d.levelWord} ${c.level_number}. ${levelBets.replaceAll(" / ", ", ").replaceAll(" · ", ". ")}.`;
    }
    let words = d.announceLevel.replace("{n}", c.level_number).replace("{sb}", c.level.small_blind).replace("{bb}", c.level.big_blind);
    if (c.level.ante) words += " " + d.announceAnte.replace("{ante}", c.level.ante);
    return words;
  }

  function warn(kind, words) {
    if (!soundOn || !eventSounds) return;
    clock.dataset.announced = kind; clock.dataset.announcedText = words;
    clock.dataset.announcements = String(Number(clock.dataset.announcements || 0) + 1);
    try {
      const ctx = new (window.AudioContext || window.webkitAudioContext)();
      const tone = ctx.createOscillator(); tone.frequency.value = kind === "minute" ? 660 : 880;
      tone.connect(ctx.destination); tone.start(); tone.stop(ctx.currentTime + 0.4);
    } catch (e) { /* no audio device: the words alone */ }
    if (window.speechSynthesis) {
      const said = new SpeechSynthesisUtterance(words);
      said.lang = lang === "fr" ? "fr-FR" : "en-GB";
      window.speechSynthesis.speak(said);
    }
  }

  // A new level (or break) has begun: say it; after a break, that the break is over; and when
  // it is the last level of late registration (SEAT-LATE-WINDOW), that too.
  function announce(c, was, late) {
    const d = clock.dataset;
    let kind = "level", words = levelWords(c);
    if (was && was.startsWith("break-") && !c.is_break) { kind = "break-end"; words = `${d.warnBreakEnd} ${words}`; }
    if (!c.is_break && late && late.open && late.last_level === c.level_number) { kind = "late-last"; words = `${words} ${d.warnLateLast}`; }
    warn(kind, words);
  }

  // One minute left in a level (not a break): once per level, as the countdown passes it.
  function warnMinute(left) {
    if (!clock || !running || lastLevel === null || lastLevel.startsWith("break-")) return;
    if (left <= 60 && left > 50 && minuteWarned !== lastLevel) {
      minuteWarned = lastLevel;
      warn("minute", clock.dataset.warnMinute);
    }
  }

  // The director's layout (service/screens.py), live: colours, the cells shown, logo, sponsor.
  function applyLayout(layout) {
    if (!layout) return;
    clock.style.setProperty("--clock-bg", layout.background);
    clock.style.setProperty("--fg", layout.text);
    clock.style.setProperty("--accent", layout.accent);
    document.body.style.background = layout.background;
    const hidden = new Set(layout.hidden || []);
    clock.querySelectorAll("[data-cell]").forEach((el) => { el.toggleAttribute("data-off", hidden.has(el.dataset.cell)); });
    const logo = field("logo");
    if (logo) {
      if (layout.logo && logo.getAttribute("src") !== layout.logo) logo.src = layout.logo;
      logo.hidden = !layout.logo;
    }
    text("sponsor", layout.sponsor || "");
    const sponsor = field("sponsor");
    if (sponsor) sponsor.hidden = !layout.sponsor;
    eventSounds = layout.sounds !== false;
    clock.dataset.sounds = String(eventSounds);
    const button = document.getElementById("sound");
    if (button) button.hidden = soundOn || !eventSounds;  // the event's warnings are off: no button
  }

  function showClock(doc) {
    const s = doc.status, c = s.clock, d = clock.dataset;
    text("title", s.title);
    text("level", c.is_break ? d.breakWord : `${d.levelWord} ${c.level_number}`);
    const shownText = doc.shown || {};  // numbers written by the server in the page's language
    const blindsOf = (l) => `${l.small_blind} / ${l.big_blind}` + (l.ante ? ` · ${d.anteWord} ${l.ante}` : "");
    levelBets = shownText.bets || "";
    const stakes = field("blinds");
    stakes.classList.toggle("bets", Boolean(levelBets) && !c.is_break);
    if (levelBets && !c.is_break) stakes.replaceChildren(...pairs(levelBets));
    else text("blinds", c.is_break ? "" : blindsOf(c.level));
    const over = s.winner !== null && s.winner !== undefined;  // ELIM-END: no next level
    showNext(c, over, shownText.next_bets || []);
    showLate(s.late_registration, over);
    text("players", shownText.players || `${s.players_left} / ${s.entries}`);
    for (const name of ["entries", "reentries", "rebuys", "addons"]) text(name, shownText[name] || "0");
    text("average-bb", shownText.average_bb || "");
    text("paid", String(s.places_paid || ""));
    const shown = (name, on) => { const el = field(name); if (el) el.hidden = !on; };
    showMessage(s);
    shown("paid-box", Boolean(s.places_paid));
    shown("hfh", Boolean(s.hand_for_hand) && !over);  // HFH-TRIGGER: every display says so
    shown("winner", over);
    text("winner-name", s.winner_player || "");
    showResults(doc.results, over);
    text("average", shownText.average || "—");
    text("chips", shownText.chips || "—");
    clock.querySelectorAll('[data-field="money-counts"]').forEach((el) => { el.hidden = !doc.money; });
    if (doc.money) {
      text("pool", doc.money.pool_text);
      text("payouts", doc.money.payouts.slice(0, 9).map((p) => `${p.place_text || p.place}${d.colon || ":"} ${p.text}`).join(" · "));
    }
    remaining = c.remaining; running = c.is_running && c.started; receivedAt = performance.now();
    breakIn = c.is_break || over ? null : c.next_break_in;
    showState(c, over);
    const time = field("time");
    time.classList.toggle("paused", !running);
    time.dataset.remaining = c.remaining; time.dataset.running = String(running);
    applyLayout(doc.layout);
    const key = levelKey(c);
    if (lastLevel !== null && key !== lastLevel) announce(c, lastLevel, s.late_registration);
    lastLevel = key;
    tick();
  }

  // The director's line for the room (SetDisplayMessage): on the clock and the seating alike.
  function showMessage(s) {
    const el = field("message");
    if (!el) return;
    el.textContent = s.message || "";
    el.hidden = !s.message;
  }

  // ELIM-END: the first places with their prizes replace the board once there is a winner.
  function showResults(results, over) {
    clock.classList.toggle("over", over);
    const list = field("results");
    if (!list) return;
    list.hidden = !(over && results && results.length);
    list.replaceChildren(...(over && results ? results : []).map((r) => {
      const row = document.createElement("li");
      row.dataset.place = String(r.place);
      for (const [name, value] of [["place", r.place_text], ["name", r.player], ["prize", r.prize_text]]) {
        const cell = document.createElement("span");
        cell.className = name; cell.textContent = value; row.append(cell);
      }
      return row;
    }));
  }

  // The next two levels and the time to the break, one line each.
  // "Limites 200 / 400 · Ante 25 · Bring-in 50" as parts that each stay on one line.
  function pairs(bets) {
    return bets.split(" · ").flatMap((part, i) => {
      const span = document.createElement("span");
      span.className = "pair"; span.textContent = part;
      return i ? [" · ", span] : [span];
    });
  }

  // A limit or stud level's line is the server's (``bets``: its limits, a stud level's ante and
  // bring-in).
  function showNext(c, over, bets) {
    const d = clock.dataset, box = field("next");
    box.replaceChildren();
    if (over) return;
    const line = () => { const row = document.createElement("div"); row.className = "upcoming"; box.append(row); return row; };
    (c.next_levels || []).forEach((l, i) => {  // "150 / 300" kept on one line in a narrow column
      const row = line(), pair = document.createElement("span");
      row.append(`${i ? d.thenWord : d.nextWord}${d.colon || ":"} `);
      if (bets[i]) { row.append(...pairs(bets[i])); return; }
      pair.className = "pair"; pair.textContent = `${l.small_blind} / ${l.big_blind}`;
      row.append(pair, l.ante ? ` · ${d.anteWord} ${l.ante}` : "");
    });
    if (c.next_break_in !== null && !c.is_break) {  // the countdown to the break, as the page has it
      const row = line(), span = document.createElement("span");
      row.dataset.cell = "break";
      row.append(`${d.breakInWord} `);
      span.dataset.field = "break-in"; span.dataset.seconds = String(c.next_break_in);
      row.append(span);
    }
  }

  // SEAT-LATE-WINDOW: open or closed, and the time left (by the level clock, or by the hour).
  function showLate(late, over) {
    const d = clock.dataset, box = field("late");
    if (!box || !late) return;
    box.hidden = over;
    box.dataset.state = late.open ? "open" : "closed";
    text("late-state", late.open ? d.openWord : d.closedWord);
    lateLeft = late.closes_in; lateOnClock = late.on_clock;
    if (lateLeft === null) text("late-left", "");
  }

  // A clock stopped by the director says so in words, big (not only a grey time); hand-for-hand,
  // the day's end and the winner have their own banners.
  function showState(c, over) {
    const d = clock.dataset, el = field("clock-state");
    if (!el) return;
    const held = c.started && !c.is_running && !c.hand_for_hand && !c.day_end_stop && !over;
    const waiting = !c.started && !over;
    el.dataset.state = held ? "paused" : waiting ? "not-started" : "";
    el.textContent = held ? d.pausedWord : waiting ? d.notStartedWord : "";
    el.hidden = !(held || waiting);
    clock.classList.toggle("held", held);
  }

  function showSeating(doc) {
    const d = seating.dataset;
    showMessage(doc.status);
    const hfh = field("hfh");  // HFH-TRIGGER: every display says so
    if (hfh) hfh.hidden = !doc.status.hand_for_hand || doc.status.winner != null;
    showMoves(doc.moved);
    const blocks = doc.tables.map((t) => {
      const rows = t.seats.map((s) => `<tr><td class="num">${s.seat}</td><td>${escapeHtml(s.player)}</td></tr>`).join("");
      return `<div class="table-block card" data-table="${t.table}"><b>${d.tableWord} ${t.table}</b><table>${rows}</table></div>`;
    });
    if (!blocks.length) return;
    const seated = doc.tables.flatMap((t) => t.seats.map((s) => ({ player: String(s.player), table: t.table, seat: s.seat })));
    seated.sort((a, b) => a.player.localeCompare(b.player, lang, { sensitivity: "base" }) || a.table - b.table);
    const names = seated.map((p) => `<tr><td>${escapeHtml(p.player)}</td><td class="num">${p.table}</td><td class="num">${p.seat}</td></tr>`).join("");
    const head = `<thead><tr><th>${escapeHtml(d.playerWord)}</th><th class="num">${escapeHtml(d.tableWord)}</th><th class="num">${escapeHtml(d.seatWord)}</th></tr></thead>`;
    flat = `<div class="by-name card" data-field="by-name"><b>${escapeHtml(d.byNameWord)}</b><table>${head}<tbody>${names}</tbody></table></div>` + blocks.join("");
    paginate();
  }

  // Seating on a TV, at 30 players or 300: the cards are laid out in as many columns as the
  // screen's width takes, the list by name cut into columns as high as the screen (a card is
  // never cut), the columns grouped into pages that turn by themselves every `turn` seconds
  // (12, or ?turn=N in the address), "page 2 / 5" in the corner. The whole list stays in the
  // page (hidden pages are only hidden), drawn again at each update and on a resize.
  let flat = seating ? seating.innerHTML : "", page = 0, pages = 1;
  const turn = Math.max(2, Number(new URLSearchParams(location.search).get("turn")) || 12);

  function paginate() {
    seating.innerHTML = flat;
    const names = seating.querySelector(".by-name"), blocks = [...seating.querySelectorAll(".table-block")];
    if (!names && !blocks.length) { pages = 1; showPage(); return; }
    const rem = parseFloat(getComputedStyle(document.documentElement).fontSize);
    // A column as wide as 20 characters of the names' own size (2.6vh): on a 1080p TV four
    // columns of 25rem cut a "Tiphaine Fournier" short; three hold him whole.
    const em = parseFloat(getComputedStyle(seating).fontSize);
    const count = Math.max(1, Math.floor(seating.clientWidth / (20 * em)));
    const height = window.innerHeight - seating.getBoundingClientRect().top - 4 * rem;  // the pager's line
    seating.classList.add("paged");
    seating.style.setProperty("--columns", String(count));
    const probe = document.createElement("div");
    probe.className = "seating-page"; seating.replaceChildren(probe);
    const columns = [];
    if (names) columns.push(...nameColumns(names, probe, height));
    columns.push(...tableColumns(blocks, probe, height));
    pages = Math.max(1, Math.ceil(columns.length / count));
    const built = [];
    for (let p = 0; p < pages; p += 1) {
      const sheet = document.createElement("div");
      sheet.className = "seating-page"; sheet.dataset.page = String(p);
      sheet.append(...columns.slice(p * count, (p + 1) * count));
      built.push(sheet);
    }
    seating.replaceChildren(...built);
    page %= pages;
    showPage();
  }

  function newColumn(probe) { const c = document.createElement("div"); c.className = "seating-column"; probe.append(c); return c; }

  // The list by name in columns of as many rows as fit the screen's height, its title on each.
  function nameColumns(names, probe, height) {
    const column = newColumn(probe); column.append(names);
    const rows = [...names.querySelectorAll("tbody tr")];
    if (!rows.length) return [column];
    const table = names.querySelector("tbody").getBoundingClientRect().height;
    const pitch = table / rows.length, chrome = names.getBoundingClientRect().height - table;
    const per = Math.max(1, Math.floor((height - chrome - pitch) / pitch));  // a row to spare
    const title = names.querySelector("b").outerHTML, head = names.querySelector("thead").outerHTML;
    const columns = [];
    for (let i = 0; i < rows.length; i += per) {
      const card = document.createElement("div");
      card.className = "by-name card"; card.dataset.field = "by-name";
      card.innerHTML = `${title}<table>${head}<tbody></tbody></table>`;
      card.querySelector("tbody").append(...rows.slice(i, i + per));
      const c = document.createElement("div"); c.className = "seating-column"; c.append(card);
      columns.push(c);
    }
    column.remove();
    return columns;
  }

  // The tables' cards, whole, stacked in columns while they fit the screen's height.
  function tableColumns(blocks, probe, height) {
    const columns = [];
    let column = null;
    for (const block of blocks) {
      if (!column) column = newColumn(probe);
      column.append(block);
      if (column.getBoundingClientRect().height > height && column.children.length > 1) {
        columns.push(column); column = newColumn(probe); column.append(block);
      }
    }
    if (column) columns.push(column);
    return columns;
  }

  // The moves just made, "Alice Martin → table 3, seat 6", for as long as the server says
  // (ANNOUNCE_SECONDS after they were made), then the seating takes the room back.
  let movesTimer = null;
  function showMoves(moved) {
    const box = field("moves");
    if (!box) return;
    const d = box.dataset, list = box.querySelector("ul");
    const fill = (word, values) => Object.entries(values).reduce((s, [k, v]) => s.replace(`{${k}}`, v), word);
    if (moved) {
      list.replaceChildren(
        ...moved.broken.map((t) => Object.assign(document.createElement("li"), { className: "broken", textContent: fill(d.brokenWord, { table: t }) })),
        ...moved.moves.map((m) => Object.assign(document.createElement("li"), { textContent: fill(d.moveWord, { player: m.player, table: m.to_table, seat: m.to_seat }) })));
    }
    hideMovesIn(moved ? moved.left : 0);
  }

  function hideMovesIn(seconds) {
    const box = field("moves");
    clearTimeout(movesTimer);
    box.hidden = !(seconds > 0);
    if (seconds > 0) movesTimer = setTimeout(() => { box.hidden = true; paginate(); }, seconds * 1000);
  }

  function showPage() {
    seating.dataset.page = String(page); seating.dataset.pages = String(pages);
    seating.querySelectorAll(".seating-page").forEach((sheet) => { sheet.hidden = Number(sheet.dataset.page) !== page; });
    const label = document.getElementById("seating-pager");
    if (label) {
      label.hidden = pages < 2;
      label.textContent = label.dataset.pageWord.replace("{page}", page + 1).replace("{pages}", pages);
    }
  }

  function escapeHtml(s) { return String(s).replace(/[&<>"']/g, (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" }[ch])); }

  function tick() {
    if (!clock || remaining === null) return;
    const gone = running ? (performance.now() - receivedAt) / 1000 : 0;
    const left = remaining - gone;
    text("time", mmss(left));
    warnMinute(left);
    const b = field("break-in");
    if (b && breakIn !== null) b.textContent = mmss(breakIn - gone);
    if (lateLeft !== null) {  // by the clock (stands still with it), or by the hour
      const since = lateOnClock ? gone : (performance.now() - receivedAt) / 1000;
      text("late-left", `${clock.dataset.closesInWord} ${hmmss(lateLeft - since)}`);
    }
    text("time-of-day", new Date().toLocaleTimeString(lang, { hour: "2-digit", minute: "2-digit" }));
    if (running && left <= 0 && socket && socket.readyState === 1 && !tick.asked) {
      tick.asked = true; socket.send("refresh");  // the level is over: ask for the next one
      setTimeout(() => { tick.asked = false; }, 1000);
    }
  }

  // The connection's state in words: "live" only while the socket is open, "reconnecting" in red
  // from the moment it closes (the page keeps counting down on its last document meanwhile).
  function showConnection(state) {
    if (!status) return;
    status.dataset.state = state;
    status.classList.toggle("lost", state === "closed");
    status.classList.toggle("open", state === "open");
    status.textContent = state === "open" ? status.dataset.liveWord : status.dataset.lostWord;
  }

  function connect() {
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    socket = new WebSocket(`${scheme}://${location.host}/ws/tournaments/${tournament}?lang=${lang}&parts=same`);
    socket.onopen = () => { retry = 500; last = null; showConnection("open"); };
    socket.onmessage = (message) => {
      const doc = JSON.parse(message.data);
      if (doc.kind !== "display") return;
      if (doc.same) {  // only what changed: the parts named in "same" are those we hold
        if (!last) { socket.send("refresh"); return; }
        for (const part of doc.same) doc[part] = last[part];
        delete doc.same;
      }
      last = doc;
      if (clock) showClock(doc);
      if (seating) showSeating(doc);
      root.dataset.updates = String(Number(root.dataset.updates || 0) + 1);
    };
    socket.onclose = () => {
      showConnection("closed");
      setTimeout(connect, retry); retry = Math.min(retry * 2, 10000);  // the server restarts: come back
    };
  }

  const button = document.getElementById("sound");
  if (button) button.addEventListener("click", () => { soundOn = true; button.hidden = true; announce.primed = true; });
  if (clock) {
    const t = field("time");
    remaining = Number(t.dataset.remaining); running = t.dataset.running === "true" && t.dataset.started === "true";
    const late = field("late-left");
    if (late && late.dataset.seconds !== "") { lateLeft = Number(late.dataset.seconds); lateOnClock = late.dataset.onClock === "true"; }
    receivedAt = performance.now();
    setInterval(tick, 250);
    setInterval(() => { if (socket && socket.readyState === 1) socket.send("refresh"); }, 30000);
  }
  if (seating) {
    const box = field("moves");
    if (box && box.dataset.left) hideMovesIn(Number(box.dataset.left));
    paginate();
    setInterval(() => { if (pages > 1) { page = (page + 1) % pages; showPage(); } }, turn * 1000);
    let resized = null;
    window.addEventListener("resize", () => { clearTimeout(resized); resized = setTimeout(paginate, 200); });
  }
  connect();
})();
