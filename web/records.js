// Statistics, past games and the replay (docs/web.md, "Statistics and past games"): the
// desktop's Statistics and Past games screens and its replay with the solver's analysis. Every
// figure, word and verdict comes from the worker (desert_pyramid/web/records.py); the replay's
// positions come all at once, so stepping and playing need no request, and the analysis fills in
// while the game is watched, one short `analyse` request after another.
import { $, game, localDate, nav, notice, onWords, registerScreen, request, show } from "./page.js";
import { BoardView } from "./board.js";
import { faceSrc } from "./settings.js";

// each analysis step's longest search in the worker: short at first (most games are analysed
// within it), then longer, as a search cut short redoes part of its work at the next step
const ANALYSE_FIRST_S = 0.5;
const ANALYSE_MOST_S = 4.0;
const VERDICT_COLOURS = { winnable: "#78c878", lost: "#e26858", unknown: "#968c7e" };
const PENDING = "#605850"; // not analysed yet

let words = {};
const rword = (key) => words[key] || "";

function applyRecordWords(w) {
  if (w) words = w;
  for (const el of document.querySelectorAll("[data-rword]")) el.textContent = rword(el.dataset.rword);
  $("replay-play-on").title = rword("play_on_title");
}

function clearNotices() {
  $("notices").textContent = "";
}

// -- statistics ---------------------------------------------------------------------------------
const stats = { views: [], label: null, index: 0 };

async function loadStats() {
  const reply = await request("statistics", { today: localDate() });
  if (!reply.ok) {
    notice(reply.error, "error");
    nav.home();
    return;
  }
  applyRecordWords(reply.result.words);
  stats.views = reply.result.views;
  const select = $("stats-view");
  select.textContent = "";
  stats.views.forEach((v, i) => {
    const option = new Option(v.label, String(i));
    select.add(option);
  });
  fitLabels();
  // the view shown before (by its label; in another language, by its place)
  const kept = stats.views.findIndex((v) => v.label === stats.label);
  select.value = String(kept >= 0 ? kept : stats.index < stats.views.length ? stats.index : 0);
  $("stats-showing").hidden = stats.views.length < 2;
  drawView();
}

// Each view's name as long as the control shows it whole (the desktop's selector does the
// same): the layout's name left out first, then the rules.
const measure = document.createElement("canvas").getContext("2d");

function fitLabels() {
  const select = $("stats-view");
  if (!select.clientWidth) return;
  const style = getComputedStyle(select);
  measure.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
  const room = select.clientWidth - 48; // the padding and the arrow
  stats.views.forEach((v, i) => {
    const fits = v.labels.find((l) => measure.measureText(l).width <= room);
    select.options[i].text = fits || v.labels[v.labels.length - 1];
  });
}

new ResizeObserver(() => {
  if (stats.views.length) fitLabels();
}).observe($("stats-view"));

function drawView() {
  const v = stats.views[Number($("stats-view").value) || 0];
  if (!v) return;
  stats.label = v.label;
  stats.index = Number($("stats-view").value) || 0;
  $("stats-extra").textContent = v.extra;
  $("stats-extra").hidden = !v.extra;
  const dl = $("stats-figures");
  dl.textContent = "";
  for (const f of v.figures) {
    const tile = document.createElement("div");
    const name = document.createElement("dt");
    const value = document.createElement("dd");
    name.textContent = f.label;
    value.textContent = f.value;
    tile.append(name, value);
    dl.append(tile);
  }
  drawChart(v.chart);
}

function drawChart(chart) {
  $("stats-chart-title").textContent = chart.title;
  $("stats-legend").hidden = chart.kind === "empty";
  $("stats-chart-text").hidden = chart.kind !== "empty";
  $("stats-chart-text").textContent = chart.text || "";
  const bars = $("stats-bars");
  bars.textContent = "";
  bars.hidden = chart.kind === "empty";
  bars.dataset.kind = chart.kind;
  if (chart.kind === "empty") return;
  const top = document.createElement("span");
  top.className = "axis top";
  top.textContent = chart.top_text;
  const zero = document.createElement("span");
  zero.className = "axis zero";
  zero.textContent = "0";
  bars.append(top, zero);
  for (const b of chart.bars) {
    const column = document.createElement("div");
    column.className = "column";
    const stack = document.createElement("div");
    stack.className = "stack";
    const part = (cls, value) => {
      const el = document.createElement("div");
      el.className = cls;
      el.style.height = `${Math.max(2, (100 * value) / chart.top)}%`;
      stack.append(el);
    };
    if (chart.kind === "results") {
      part(b.won ? "won" : "lost", b.score);
      column.title = `${b.won ? rword("won") : rword("lost")} · ${b.text}`;
    } else {
      if (b.losses) part("lost", b.losses);
      if (b.wins) part("won", b.wins);
      const day = document.createElement("span");
      day.className = "day";
      day.dataset.day = b.day;
      day.dataset.short = b.short;
      column.title = b.day; // every day named on hover, whichever are labelled
      column.append(stack, day);
      bars.append(column);
      continue;
    }
    column.append(stack);
    bars.append(column);
  }
  labelDays();
}

// The days under the chart, as the desktop labels them: with the month's name where each
// column holds it (7 Dec), else in figures (07/12); where the columns are too narrow even for
// those (14 days on a phone), every second or third day is labelled, the latest always.
function labelDays() {
  const bars = $("stats-bars");
  const labels = [...bars.querySelectorAll(".day")];
  if (!labels.length || !bars.clientWidth) return;
  const style = getComputedStyle(labels[0]);
  measure.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
  const room = labels[0].parentElement.getBoundingClientRect().width - 2; // a column, a gap
  const widest = (key) => Math.max(...labels.map((l) => measure.measureText(l.dataset[key]).width));
  const named = widest("day") <= room;
  const key = named ? "day" : "short";
  const every = named ? 1 : Math.max(1, Math.ceil((widest("short") + 6) / (room + 3)));
  const last = labels.length - 1;
  labels.forEach((l, i) => {
    l.textContent = (last - i) % every === 0 ? l.dataset[key] : "";
  });
  bars.dataset.labelled = String(every); // for the tests: every how many days a label
}

new ResizeObserver(() => {
  if (document.body.dataset.screen === "stats") labelDays();
}).observe($("stats-bars"));

registerScreen("stats", {
  enter() {
    clearNotices();
    loadStats();
  },
});
$("stats-view").addEventListener("change", drawView);
$("stats-back").addEventListener("click", () => nav.home());
$("open-stats").addEventListener("click", () => show("stats"));
$("open-games").addEventListener("click", () => show("games"));

// -- past games -----------------------------------------------------------------------------------
async function loadGames() {
  const reply = await request("games");
  if (!reply.ok) {
    notice(reply.error, "error");
    nav.home();
    return;
  }
  applyRecordWords(reply.result.words);
  $("games-message").hidden = true;
  const list = $("games-list");
  list.textContent = "";
  for (const g of reply.result.games) {
    const li = document.createElement("li");
    const button = document.createElement("button");
    button.type = "button";
    button.className = `game-row ${g.outcome}`;
    button.dataset.code = g.code;
    for (const [cls, text] of [
      ["what", g.what],
      ["result", g.result],
      ["code", g.code],
    ]) {
      const span = document.createElement("span");
      span.className = cls;
      span.textContent = text;
      button.append(span);
    }
    button.addEventListener("click", async () => {
      const reply = await openReplay(g.code, "games");
      if (!reply.ok) {
        // a game that cannot be shown (its layout deleted, say): why, in the desktop's words
        $("games-message").textContent = reply.error;
        $("games-message").hidden = false;
      }
    });
    li.append(button);
    list.append(li);
  }
  $("games-empty").hidden = reply.result.games.length > 0;
  game.gamesShown = (game.gamesShown || 0) + 1; // for the tests: the list drawn afresh
}

registerScreen("games", { enter: loadGames });
$("games-back").addEventListener("click", () => show("stats"));

// -- the replay -------------------------------------------------------------------------------------
const replayBoard = new BoardView({
  board: $("replay-board"),
  pyramid: $("replay-pyramid"),
  piles: $("replay-piles"),
  stock: $("replay-stock"),
  waste: $("replay-waste"),
  satchel: $("replay-satchel"),
  tag: "div",
  face: (card) => faceSrc(card.id), // the four-colour face when the Settings say so
});

// the replay shown: {data (the worker's answer), step, playing, speed, timer, from, analysis}
let replay = null;
game.replay = null; // for the tests: the replay's step, its move count and its analysis

async function openReplay(code, from) {
  clearNotices();
  const reply = await request("replay", { code });
  if (!reply.ok) return reply;
  stopPlaying();
  const data = reply.result;
  applyRecordWords(data.words);
  replay = { data, step: 0, playing: false, speed: 1, timer: null, from, analysis: data.analysis, message: "" };
  game.replay = { step: 0, moves: data.moves, code: data.code, analysis: data.analysis };
  $("replay-title").textContent = data.title;
  $("replay-deal").textContent = data.deal;
  $("replay-timeline").max = String(data.moves);
  show("replay");
  replayBoard.cards.forEach((el) => el.remove());
  replayBoard.cards.clear();
  replayBoard.layout(data.positions[0]);
  fillMoves();
  goTo(0);
  analyseOn(replay);
  return reply;
}

function position(k) {
  const p = replay.data.positions[k];
  return { ...p, selected: null, partners: [], hint: p.next, coach: [] };
}

function goTo(k) {
  if (!replay) return;
  const n = replay.data.moves;
  replay.step = Math.max(0, Math.min(n, k));
  game.replay.step = replay.step;
  if (replay.step >= n) stopPlaying();
  drawReplay();
}

function markOf(k) {
  const marks = replay.analysis ? replay.analysis.marks : [];
  return k >= 1 && k <= marks.length ? marks[k - 1] : null;
}

function drawReplay() {
  const k = replay.step;
  const pos = position(k);
  replayBoard.draw(pos);
  $("replay-figures").textContent = pos.figures;
  const a = replay.analysis;
  let line = pos.line;
  const mark = markOf(k);
  if (k && (mark || !a.done)) line = `${line} · ${mark ? mark.words : a.pending}`;
  if (a.lost_line && a.losing_move === k + 1) line = a.lost_line;
  if (replay.message) {
    line = replay.message;
    replay.message = "";
  }
  $("replay-line").textContent = line;
  $("replay-timeline").value = String(k);
  const speed = replay.data.speeds[replay.speed];
  $("replay-play-state").textContent = replay.playing ? speed.playing : speed.paused;
  $("replay-speed").textContent = speed.label;
  $("replay-play").textContent = replay.playing ? rword("pause") : rword("play");
  $("replay-prev").disabled = $("replay-start").disabled = k === 0;
  $("replay-next").disabled = $("replay-end").disabled = k === replay.data.moves;
  for (const li of $("replay-moves").children) {
    const current = Number(li.dataset.step) === k;
    li.classList.toggle("current", current);
    if (current) li.scrollIntoView({ block: "nearest" });
  }
}

function fillMoves() {
  const ol = $("replay-moves");
  ol.textContent = "";
  replay.data.positions.forEach((p, k) => {
    if (!k) return;
    const li = document.createElement("li");
    li.dataset.step = String(k);
    const button = document.createElement("button");
    button.type = "button";
    button.textContent = p.line;
    button.addEventListener("click", () => {
      stopPlaying();
      goTo(k);
    });
    li.append(button);
    ol.append(li);
  });
  drawAnalysis();
}

function drawAnalysis() {
  const a = replay.analysis;
  game.replay.analysis = a;
  $("replay-summary").textContent = a.summary;
  $("replay-summary-short").textContent = a.summary;
  $("replay-advice").textContent = a.done ? a.advice : "";
  $("replay-advice").hidden = !(a.done && a.advice);
  const n = replay.data.moves;
  // the timeline: each move in its verdict's colour (grey while not analysed)
  const stops = [];
  for (let k = 1; k <= n; k++) {
    const mark = markOf(k);
    const colour = mark ? (mark.losing ? "#ffd65c" : VERDICT_COLOURS[mark.verdict]) : PENDING;
    stops.push(`${colour} ${(100 * (k - 1)) / n}% ${(100 * k) / n}%`);
  }
  $("replay-timeline").style.setProperty("--track", n ? `linear-gradient(90deg, ${stops.join(", ")})` : PENDING);
  for (const li of $("replay-moves").children) {
    const mark = markOf(Number(li.dataset.step));
    li.dataset.verdict = mark ? (mark.losing ? "losing" : mark.verdict) : "pending";
  }
}

async function analyseOn(shown) {
  // one step after another while this replay is shown; the page stays live in between (the
  // worker is a thread of its own and stepping through the replay needs no request)
  let limit = ANALYSE_FIRST_S;
  while (replay === shown && !shown.analysis.done && document.body.dataset.screen === "replay") {
    const reply = await request("analyse", { time_limit: limit });
    limit = Math.min(ANALYSE_MOST_S, limit * 2);
    if (replay !== shown) return;
    if (!reply.ok) {
      shown.message = reply.error;
      drawReplay();
      return;
    }
    shown.analysis = reply.result;
    drawAnalysis();
    drawReplay();
  }
}

function stopPlaying() {
  if (replay) {
    replay.playing = false;
    clearTimeout(replay.timer);
  }
}

function tick() {
  if (!replay || !replay.playing) return;
  goTo(replay.step + 1);
  if (replay.playing) replay.timer = setTimeout(tick, replay.data.speeds[replay.speed].seconds * 1000);
}

function togglePlay() {
  if (!replay) return;
  if (replay.playing) {
    stopPlaying();
    drawReplay();
    return;
  }
  if (replay.step >= replay.data.moves) goTo(0);
  replay.playing = true;
  drawReplay();
  replay.timer = setTimeout(tick, replay.data.speeds[replay.speed].seconds * 1000);
}

function toLosingMove() {
  stopPlaying();
  const a = replay.analysis;
  if (a.losing_move) {
    goTo(a.losing_move - 1);
  } else {
    replay.message = a.done && a.complete ? rword("no_losing_move") : rword("not_found_yet");
    drawReplay();
  }
}

// "Play on from here": a Practice deal at the table from the position shown, its moves kept for
// undo (the worker starts it as the desktop's replay does; a refusal is said on the move's line)
async function playOn() {
  if (!replay) return;
  stopPlaying();
  const shown = replay;
  const reply = await nav.deal({ move: shown.step }, "play_on");
  if (reply.ok) {
    if (replay === shown) {
      replay = null;
      game.replay = null;
    }
    return;
  }
  if (replay !== shown) return;
  shown.message = reply.error;
  drawReplay();
}

function closeReplay() {
  const from = replay ? replay.from : "start";
  stopPlaying();
  replay = null;
  game.replay = null;
  if (/^#game=/.test(location.hash)) history.replaceState(null, "", location.pathname + location.search);
  if (from === "games") show("games");
  else nav.home();
}

registerScreen("replay", {
  leave() {
    stopPlaying();
  },
});
const step = (fn) => () => {
  if (!replay) return;
  stopPlaying();
  fn();
};
$("replay-close").addEventListener("click", closeReplay);
$("replay-start").addEventListener("click", step(() => goTo(0)));
$("replay-prev").addEventListener("click", step(() => goTo(replay.step - 1)));
$("replay-next").addEventListener("click", step(() => goTo(replay.step + 1)));
$("replay-end").addEventListener("click", step(() => goTo(replay.data.moves)));
$("replay-play").addEventListener("click", togglePlay);
$("replay-lost").addEventListener("click", () => replay && toLosingMove());
$("replay-play-on").addEventListener("click", playOn);
$("replay-speed").addEventListener("click", () => {
  if (!replay) return;
  replay.speed = (replay.speed + 1) % replay.data.speeds.length;
  drawReplay();
});
$("replay-timeline").addEventListener("input", (event) => {
  if (!replay) return;
  stopPlaying();
  goTo(Number(event.target.value));
});
// the desktop's replay keys: Space plays, the arrows step, Home and End, L the losing move, Esc
document.addEventListener("keydown", (event) => {
  if (document.body.dataset.screen !== "replay" || !replay) return;
  if (event.ctrlKey || event.metaKey || event.altKey) return;
  const onControl = event.target.closest && event.target.closest("button, input, select");
  const keys = {
    ArrowLeft: step(() => goTo(replay.step - 1)),
    ArrowRight: step(() => goTo(replay.step + 1)),
    Home: step(() => goTo(0)),
    End: step(() => goTo(replay.data.moves)),
    Escape: closeReplay,
    l: () => toLosingMove(),
    p: playOn, // the desktop's key for "Play on from here as a Practice game"
  };
  if (event.key === " " && !onControl) {
    event.preventDefault();
    togglePlay();
  } else if (keys[event.key] && !(onControl && event.target.type === "range" && event.key.startsWith("Arrow"))) {
    event.preventDefault();
    keys[event.key]();
  }
});
new ResizeObserver(() => {
  if (!replay || document.body.dataset.screen !== "replay") return;
  replayBoard.layout(replay.data.positions[0]);
  drawReplay();
}).observe($("replay-board"));

// a new language: the shown screen again in it
onWords(() => {
  const screen = document.body.dataset.screen;
  if (screen === "stats") loadStats();
  else if (screen === "games") loadGames();
});

// -- game code links: index.html#game=DG-… opens that game's replay -----------------------------
function codeFromHash() {
  const m = /^#game=(.*)$/.exec(location.hash);
  if (!m) return null;
  try {
    return decodeURIComponent(m[1]);
  } catch {
    return m[1];
  }
}

async function openGameLink(code) {
  const reply = await openReplay(code, "start");
  if (!reply.ok) {
    history.replaceState(null, "", location.pathname + location.search);
    nav.home();
    clearNotices();
    // the reason is the desktop's words and the engine's message
    notice(reply.error, "error");
  }
}

window.addEventListener("hashchange", () => {
  const code = codeFromHash();
  if (code !== null && game.started) openGameLink(code);
});
// at start: once the game is up (the start page shown), the link's replay
const waitStarted = setInterval(() => {
  if (!game.started) return;
  clearInterval(waitStarted);
  const code = codeFromHash();
  if (code !== null) openGameLink(code);
}, 50);
