// The web edition's page: it draws what the worker says and forwards taps, drags and keys.
// Every rule, score, message, hint and verdict comes from the game's Python core in the worker
// (worker.js, desert_pyramid/web/protocol.py; the protocol is in docs/web.md). What every screen
// shares is page.js; the other screens are modules of their own, imported here.
import "./bars.js"; // first: each screen's bar (Back and the heading), made before the screens look for it
import {
  $,
  ask,
  bootStarted,
  drawn,
  game,
  holdTheGame,
  localDate,
  nav,
  notice,
  ready,
  registerScreen,
  request,
  saveDir,
  say,
  show,
  startWorker,
  LANGUAGE_KEY,
  storedLanguage,
  word,
  wordsChanged,
} from "./page.js";
import { elapsed, restart, skipTime } from "./clock.js";
import "./expedition.js";
import "./profile.js";
import { backImage, showUnlocks } from "./progress.js";
import { faceSrc, playSound } from "./settings.js";
import "./howto.js";
import { BoardView } from "./board.js";
import "./records.js";

const DRAG_START = 8; // pixels a pointer moves before a press becomes a drag
const HINT_SECONDS = 1.5; // a hint's longest search in the worker (the answer comes within 2 s)

function applyWords(info) {
  game.words = info.words;
  game.language = info.language;
  game.catalogue = info.catalogue;
  document.documentElement.lang = info.language.replace("_", "-");
  for (const el of document.querySelectorAll("[data-word]")) el.textContent = word(el.dataset.word);
  for (const el of document.querySelectorAll("[data-label]")) el.setAttribute("aria-label", word(el.dataset.label));
  const select = $("language");
  select.textContent = "";
  for (const l of info.languages) select.add(new Option(l.name, l.code));
  select.value = info.language;
  fillPicker(true);
  wordsChanged(info);
}

async function chooseLanguage(code) {
  const reply = await request("language", { language: code });
  if (!reply.ok) {
    // (a language not fetched yet, the browser offline: the reason, and the game as it was)
    notice(reply.error, "error");
    $("language").value = game.language;
    return reply;
  }
  try {
    localStorage.setItem(LANGUAGE_KEY, code);
  } catch {}
  applyWords(reply.result);
  if (reply.state && game.state) {
    layoutBoard();
    draw(reply.state);
    say(reply.state.status);
  }
  showDaily();
  return reply;
}

function showDaily() {
  if (game.daily) $("daily-line").textContent = game.daily.line;
}

function fillPicker(again = false) {
  const { rules, layouts } = game.catalogue;
  const rulesSel = $("rules");
  const layoutSel = $("layout");
  if (rulesSel.options.length && !again) return;
  const chosen = rulesSel.options.length ? { rules: rulesSel.value, layout: layoutSel.value } : null;
  rulesSel.textContent = "";
  layoutSel.textContent = "";
  for (const r of rules) rulesSel.add(new Option(r.name[0].toUpperCase() + r.name.slice(1), r.id));
  for (const l of layouts) layoutSel.add(new Option(l.label, String(l.number)));
  const last = chosen || JSON.parse(localStorage.getItem("dp-picker") || "null");
  if (last) {
    if ([...rulesSel.options].some((o) => o.value === last.rules)) rulesSel.value = last.rules;
    if ([...layoutSel.options].some((o) => o.value === String(last.layout))) layoutSel.value = String(last.layout);
  }
}

function showStart() {
  show("start"); // its enter hook (below) fills it
  if (!$("continue").hidden) $("continue").focus();
}

async function startDeal(fields, op = "start") {
  const reply = await request(op, { ...fields, today: localDate() });
  if (!reply.ok) return reply;
  history.replaceState(null, "", location.pathname + location.search);
  enterTable(reply.state);
  say(reply.state.status);
  return reply;
}

function enterTable(state) {
  show("table");
  game.state = state;
  layoutBoard();
  draw(state);
  restart(); // the table's time counts from now (the page's clock: clock.js)
}
nav.enterTable = (state) => {
  history.replaceState(null, "", location.pathname + location.search);
  enterTable(state);
  say(state.status);
};

// -- the table: the cards (board.js draws them; the replay draws its own board with it) ----------
const tableBoard = new BoardView({
  board: $("board"),
  pyramid: $("pyramid"),
  piles: $("piles"),
  stock: $("stock"),
  waste: $("waste"),
  satchel: $("satchel"),
  face: (card) => faceSrc(card.id), // the four-colour face when the Settings say so
  back: (state) => backImage(state), // the player's chosen back
});

function layoutBoard() {
  tableBoard.layout(game.state);
}

function draw(state, result = null) {
  game.state = state;
  tableBoard.draw(state);
  // the figures, the buttons, the message
  $("score").textContent = state.score;
  $("moves").textContent = state.moves;
  $("time").textContent = state.time;
  $("bonus-figure").hidden = !(state.daily && state.daily.bonus);
  $("bonus").textContent = state.daily ? state.daily.bonus : "";
  $("table-title").textContent = state.title;
  $("undo").disabled = !state.can_undo;
  $("redo").disabled = !state.can_redo;
  $("message").textContent = state.message;
  const ending = $("ending");
  if (state.won) {
    $("ending-title").textContent = word("won");
    $("ending-text").textContent = state.result ? state.result.lines.join(" · ") : state.status;
    $("ending-undo").hidden = true;
  } else if (state.stuck) {
    $("ending-title").textContent = word("stuck");
    $("ending-text").textContent = state.message;
    $("ending-undo").hidden = false;
  }
  const wasHidden = ending.hidden;
  ending.hidden = !(state.won || state.stuck);
  showUnlocks(ending.hidden ? null : state.result);
  if (wasHidden && !ending.hidden) $("ending-new").focus();
  drawn(state, result); // what other modules add to the table (expedition.js)
  game.drawCount += 1;
  game.lastDrawn = performance.now();
  if (game.tapAt) {
    // a tap's answer is on screen at the next frame: the benchmark's "tap to drawn"
    const tapped = game.tapAt;
    game.tapAt = 0;
    requestAnimationFrame(() => game.tapTimes.push(performance.now() - tapped));
  }
}

// -- the table: input -------------------------------------------------------------------------------
let chain = Promise.resolve();

function act(action, fields = {}) {
  // one request at a time, in the order the player made them
  chain = chain.then(async () => {
    const reply = await request("act", { action, ...fields, elapsed_ms: elapsed() });
    if (!reply.ok) {
      $("message").textContent = reply.error;
      say(reply.error);
      return;
    }
    draw(reply.state, reply.result);
    playSound(reply.result.sound);
    for (const place of reply.result.shake || []) shake(place);
    say(reply.result.say);
  });
  return chain;
}

function shake(place) {
  const el = typeof place === "number" ? tableBoard.cards.get(place) : $(place);
  if (!el) return;
  el.classList.remove("shake");
  void el.offsetWidth;
  el.classList.add("shake");
}

async function askHint() {
  if (game.thinking || !game.state) return;
  game.thinking = true;
  const hint = $("hint");
  hint.setAttribute("aria-busy", "true");
  $("message").textContent = word("thinking");
  say(word("thinking"));
  chain = chain.then(async () => {
    const reply = await request("hint", { time_limit: HINT_SECONDS });
    restart(); // the search's time is not the player's
    game.thinking = false;
    hint.removeAttribute("aria-busy");
    if (!reply.ok) {
      $("message").textContent = reply.error;
      return;
    }
    draw(reply.state);
    say(reply.result.say);
  });
  return chain;
}

function placeOf(el) {
  const holder = el && el.closest ? el.closest("[data-place]") : null;
  if (!holder) return null;
  const p = holder.dataset.place;
  return /^\d+$/.test(p) ? Number(p) : p;
}

let press = null;

function onPointerDown(event) {
  const target = event.target.closest("[data-place]");
  if (!target || event.button > 0) return;
  event.preventDefault();
  press = {
    place: placeOf(target),
    el: target,
    x: event.clientX,
    y: event.clientY,
    dragging: false,
    id: event.pointerId,
    t: performance.now(),
  };
  try {
    target.setPointerCapture(event.pointerId);
  } catch {}
}

function draggable(place) {
  const st = game.state;
  if (!st) return false;
  if (typeof place === "number") return true;
  if (place === "waste") return !!st.waste.top;
  if (place === "satchel") return !!st.satchel;
  return false;
}

function onPointerMove(event) {
  if (!press || event.pointerId !== press.id) return;
  const dx = event.clientX - press.x;
  const dy = event.clientY - press.y;
  if (!press.dragging && Math.hypot(dx, dy) >= DRAG_START && draggable(press.place)) {
    press.dragging = true;
    press.el.classList.add("dragging");
  }
  if (press.dragging) press.el.style.transform = `translate(${dx}px, ${dy}px)`;
}

function onPointerUp(event) {
  if (!press || event.pointerId !== press.id) return;
  const p = press;
  press = null;
  if (p.dragging) {
    p.el.style.visibility = "hidden";
    const under = document.elementFromPoint(event.clientX, event.clientY);
    p.el.style.visibility = "";
    p.el.style.transform = "";
    p.el.classList.remove("dragging");
    const dst = placeOf(under);
    if (dst !== null && dst !== p.place) act("drop", { src: p.place, dst });
    return;
  }
  game.tapAt = performance.now();
  act("tap", { place: p.place });
}

function onPointerCancel() {
  if (press && press.dragging) {
    press.el.style.transform = "";
    press.el.classList.remove("dragging");
  }
  press = null;
}

function onClick(event) {
  // a keyboard's Enter or Space on a focused card (pointers are handled above)
  if (event.detail !== 0) return;
  const place = placeOf(event.target);
  if (place !== null) act("tap", { place });
}

// the arrow keys move the focus to the nearest card or pile that way (as at the desktop)
const ARROWS = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };

function moveFocus(dx, dy) {
  const places = [...document.querySelectorAll("#board [data-place]")].filter((el) => !el.hidden);
  const from = document.activeElement && document.activeElement.closest("#board [data-place]");
  if (!from) {
    if (places.length) places[0].focus();
    return;
  }
  const centre = (el) => {
    const r = el.getBoundingClientRect();
    return [r.left + r.width / 2, r.top + r.height / 2];
  };
  const [x0, y0] = centre(from);
  let best = null;
  let bestScore = Infinity;
  for (const el of places) {
    if (el === from) continue;
    const [x, y] = centre(el);
    const along = (x - x0) * dx + (y - y0) * dy; // how far that way
    const across = Math.abs((x - x0) * dy) + Math.abs((y - y0) * dx); // how far aside
    if (along <= 1) continue;
    const score = along + 2 * across;
    if (score < bestScore) {
      bestScore = score;
      best = el;
    }
  }
  if (best) best.focus();
}

function onKey(event) {
  if (document.body.dataset.screen !== "table" || event.ctrlKey || event.metaKey || event.altKey) return;
  if (ARROWS[event.key] && !(event.target.closest && event.target.closest("#ending"))) {
    event.preventDefault();
    moveFocus(...ARROWS[event.key]);
    return;
  }
  const onButton = event.target.closest && event.target.closest("button");
  const key = event.key;
  const keys = {
    z: () => act("undo"),
    Backspace: () => act("undo"),
    y: () => act("redo"),
    h: () => askHint(),
    s: () => act("stash"),
    x: () => act("deselect"),
    Delete: () => act("deselect"),
    Escape: () => (game.state && game.state.timed && nav.pause ? nav.pause() : leaveTable()),
  };
  const k = key.length === 1 ? key.toLowerCase() : key;
  if (k === " " && !onButton) {
    event.preventDefault();
    act("flip");
  } else if (k === "Enter" && game.state && (game.state.hint.length || /Enter/.test(game.state.message))) {
    event.preventDefault();
    act("accept_hint");
  } else if (keys[k]) {
    event.preventDefault();
    keys[k]();
  }
}

function leaveTable() {
  // the worker finishes a deal that is over or stuck (recorded, as the desktop's "New deal"
  // does); a deal in play stays saved for Continue
  if (game.state) chain = chain.then(() => request("leave", { elapsed_ms: elapsed() }));
  game.state = null;
  chain.then(() => {
    if (!game.state) showStart();
  });
}
nav.home = leaveTable;
nav.redraw = (state) => draw(state);
nav.act = act;
nav.deal = startDeal; // a deal another screen starts (How to play's variations)
game.onFaces = () => game.state && tableBoard.geometry && draw(game.state); // the Settings' four-colour deck
registerScreen("start", {
  enter() {
    $("continue").hidden = !game.canContinue;
    showDaily();
    fillPicker();
  },
});

// -- time -----------------------------------------------------------------------------------------
// The page's clock (clock.js) is the game's: each second the time since the last report goes to
// the worker, which counts it (the worker reads no clock). A hidden page reports nothing and
// the time it was hidden is never reported; a timed table comes back paused (as the desktop's
// lost focus).
function tick() {
  if (document.body.dataset.screen !== "table" || document.hidden || !game.state) return chain;
  if (game.state.finished || game.thinking) return chain;
  chain = chain.then(async () => {
    const reply = await ask("tick", { elapsed_ms: elapsed() });
    if (reply.ok && reply.result && reply.result.searched_ms) skipTime(reply.result.searched_ms);
    if (reply.ok && reply.state && document.body.dataset.screen === "table" && game.state) {
      $("time").textContent = reply.state.time;
      game.state.time = reply.state.time;
      if (reply.state.daily) $("bonus").textContent = reply.state.daily.bonus;
      const changed = ["finished", "paused"].some((k) => reply.state[k] !== game.state[k]);
      if (reply.state.mode === "expedition" || changed) {
        game.state = reply.state;
        drawn(reply.state, reply.result);
      }
    } else if (!reply.ok) {
      notice(reply.error, "error");
    }
  });
  return chain;
}
setInterval(tick, 1000);
game.tick = () => tick(); // the tests drive the clock: a fake now() (clock.js), then a tick
// Every request queued so far answered (the tests move a fake clock only then: a tick's search in
// the worker takes real time, which the page keeps out of the player's count by the clock it reads).
game.settled = async () => {
  let seen;
  do {
    seen = chain;
    await seen;
  } while (seen !== chain);
};

document.addEventListener("visibilitychange", () => {
  if (!game.state) return;
  if (document.hidden) {
    chain = chain.then(() => ask("pause", { reason: "hidden", elapsed_ms: elapsed() }));
  } else {
    restart(); // the time hidden is not the player's
    chain = chain.then(async () => {
      const reply = await ask("resume", { reason: "shown" });
      if (reply.ok && reply.state && game.state) draw(reply.state);
    });
  }
});

// -- deal links -----------------------------------------------------------------------------------
function dealFromHash() {
  const m = /^#deal=(.*)$/.exec(location.hash);
  if (!m) return null;
  try {
    return decodeURIComponent(m[1]);
  } catch {
    return m[1];
  }
}

async function openDealLink(code) {
  const reply = await startDeal({ code });
  if (!reply.ok) {
    $("notices").textContent = "";
    // the reasons a code is refused are English in both editions (the engine's messages)
    notice(`That deal link cannot be opened: ${reply.error}`, "error");
    showStart();
  }
}

// -- start ---------------------------------------------------------------------------------------------
async function main() {
  if ("serviceWorker" in navigator) {
    navigator.serviceWorker.register("sw.js").catch(() => {});
  }
  await holdTheGame();
  game.waitingForTab = false;
  $("loading-text").textContent = "Loading the game…";
  startWorker();
  let info;
  try {
    info = await ready;
  } catch (err) {
    $("loading-text").textContent = `The game could not start: ${err.message}`;
    return;
  }
  const greeting = { save_dir: saveDir, languages: [...(navigator.languages || [])], today: localDate() };
  const chosen = storedLanguage();
  if (chosen) greeting.language = chosen;
  const hello = await request("hello", greeting);
  if (!hello.ok) {
    $("loading-text").textContent = `The game could not start: ${hello.error}`;
    return;
  }
  applyWords(hello);
  game.canContinue = hello.can_continue;
  game.bootMs = performance.now() - bootStarted;
  game.boot = info;
  const code = dealFromHash();
  if (code !== null) await openDealLink(code);
  else showStart();
  game.started = true;
}

$("continue").addEventListener("click", async () => {
  const reply = await request("continue");
  if (reply.ok) {
    enterTable(reply.state);
    say(reply.state.status);
  } else {
    notice(reply.error, "error");
    showStart();
  }
});
$("picker").addEventListener("submit", async (event) => {
  event.preventDefault();
  const rules = $("rules").value;
  const layout = Number($("layout").value);
  localStorage.setItem("dp-picker", JSON.stringify({ rules, layout }));
  $("notices").textContent = "";
  const reply = await startDeal({ rules, layout });
  if (!reply.ok) notice(reply.error, "error");
});
$("open-code").addEventListener("click", async () => {
  $("notices").textContent = "";
  const reply = await startDeal({ code: $("code").value });
  if (!reply.ok) notice(reply.error, "error");
});
$("menu").addEventListener("click", leaveTable);
$("play-daily").addEventListener("click", async () => {
  $("notices").textContent = "";
  const reply = await startDeal({}, "daily");
  if (!reply.ok) notice(reply.error, "error");
});
$("language").addEventListener("change", (event) => chooseLanguage(event.target.value));
$("hint").addEventListener("click", askHint);
$("undo").addEventListener("click", () => act("undo"));
$("redo").addEventListener("click", () => act("redo"));
$("ending-undo").addEventListener("click", () => act("undo"));
$("ending-new").addEventListener("click", () => {
  $("ending").hidden = true;
  leaveTable();
});
const board = $("board");
board.addEventListener("pointerdown", onPointerDown);
board.addEventListener("pointermove", onPointerMove);
board.addEventListener("pointerup", onPointerUp);
board.addEventListener("pointercancel", onPointerCancel);
board.addEventListener("click", onClick);
document.addEventListener("keydown", onKey);
// the board's size changes with the window, the phone's turn and the bar's rows
let boardSize = "";
new ResizeObserver(() => {
  const size = `${board.clientWidth}x${board.clientHeight}`;
  if (size === boardSize || !game.state || board.clientWidth === 0) return;
  boardSize = size;
  layoutBoard();
  draw(game.state);
}).observe(board);
window.addEventListener("hashchange", () => {
  const code = dealFromHash();
  if (code !== null && game.started) openDealLink(code);
});

main();
