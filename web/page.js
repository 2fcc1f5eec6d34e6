// What every screen of the page shares: the worker and its protocol (ask, request), what the page
// holds (game), the words in the player's language (word), the screens (show, registerScreen),
// notices and what is said to a screen reader (say). app.js is the start page and the table;
// each other screen is a module of its own that imports this one (docs/web.md, "The page").

export const $ = (id) => document.getElementById(id);

// -- the worker and its protocol -------------------------------------------------------------
export let bootStarted = performance.now();
let worker = null;
const pending = new Map();
let nextId = 1;
export let saveDir = null;
let workerReady;
export const ready = new Promise((resolve, reject) => (workerReady = { resolve, reject }));

export function startWorker() {
  bootStarted = performance.now();
  worker = new Worker(new URL("./worker.js", import.meta.url), { type: "module" });
  worker.onmessage = (event) => {
    const msg = event.data;
    if (msg.type === "ready") {
      saveDir = msg.saveDir;
      workerReady.resolve(msg);
    } else if (msg.type === "boot-error") {
      workerReady.reject(new Error(msg.error));
    } else if (msg.type === "reply") {
      const waiter = pending.get(msg.reply.id);
      pending.delete(msg.reply.id);
      if (waiter) waiter(msg.reply);
    }
  };
  worker.onerror = (event) => workerReady.reject(new Error(event.message || "the worker failed"));
}

// One tab plays at a time: two would each keep their own copy of the saves and the last to write
// would undo the other's moves. A second tab waits (and says so) until the first one closes.
export function holdTheGame() {
  if (!navigator.locks) return Promise.resolve();
  return new Promise((resolve) => {
    let waiting = true;
    navigator.locks.request("desert-pyramid-game", () => {
      waiting = false;
      resolve();
      return new Promise(() => {}); // held as long as this page lives
    });
    setTimeout(() => {
      if (waiting) {
        $("loading-text").textContent =
          "Desert Pyramid is open in another tab or window: play there, or close it and this one starts.";
        game.waitingForTab = true;
      }
    }, 300);
  });
}

export function ask(op, fields = {}) {
  const id = nextId++;
  return new Promise((resolve) => {
    pending.set(id, resolve);
    worker.postMessage({ id, op, ...fields });
  });
}

// -- what the page holds -------------------------------------------------------------------------
export const game = {
  state: null,
  catalogue: null,
  canContinue: false,
  thinking: false,
  lastDrawn: 0, // performance.now() when the last state was drawn (bench_web.py reads it)
  drawCount: 0,
  tapAt: 0, // when the tap being answered was made
  tapTimes: [], // milliseconds from a tap to its answer on screen (bench/bench_web.py)
};
window.desertPyramid = game; // for the tests and the benchmark: read-only figures
window.desertPyramidMemory = async () => (await ask("memory")).memory; // the worker's heap, bytes


// -- words: every text the page shows comes from the worker, in the player's language --------
export const LANGUAGE_KEY = "dp-language"; // the player's choice, remembered in the browser
game.words = {};

export function word(key) {
  return game.words[key] || "";
}

export function localDate() {
  // the player's date, from the page's clock (the game's core never reads one)
  const d = new Date();
  const two = (n) => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())}`;
}

export function storedLanguage() {
  try {
    return localStorage.getItem(LANGUAGE_KEY);
  } catch {
    return null;
  }
}

// -- screens ------------------------------------------------------------------------------------
// A screen is a <section class="screen"> in index.html whose id is its name; one shows at a time.
// A module may register hooks for its screen: enter(...args) when shown, leave() when another
// screen replaces it; onWords(fn) runs fn(info) each time the words change (a new language).
const screens = new Map();
const wordHooks = [];

export function registerScreen(name, hooks) {
  screens.set(name, hooks);
}

export function onWords(fn) {
  wordHooks.push(fn);
}

export function wordsChanged(info) {
  for (const fn of wordHooks) fn(info);
}

// onDraw(fn): fn(state, result) after the table is drawn (result: the request's own answer, with
// its moments) and after each tick of the clock (a module draws what it adds to the table).
const drawHooks = [];

export function onDraw(fn) {
  drawHooks.push(fn);
}

export function drawn(state, result = null) {
  for (const fn of drawHooks) fn(state, result);
}

export function show(name, ...args) {
  const before = document.body.dataset.screen;
  if (before && before !== name) screens.get(before)?.leave?.();
  for (const el of document.querySelectorAll("#app > .screen")) el.hidden = el.id !== name;
  document.body.dataset.screen = name;
  screens.get(name)?.enter?.(...args);
}

// Back to the start page (app.js sets how: it also forgets the table's deal); the pause (a
// timed table's Esc and pause button: expedition.js sets it); a deal seated by a module's request.
export const nav = { home: () => show("start"), pause: null, enterTable: null };

export function notice(text, level = "warning") {
  const p = document.createElement("p");
  p.textContent = text;
  p.className = level;
  $("notices").append(p);
}

export function takeNotices(reply) {
  for (const n of reply.notices || []) notice(n.text, n.level);
}

let lastSaid = "";
// What the Settings' speech makes of what is said (settings.js and voice.js set it): the status
// line (a screen reader reads it) unless speech is off; onSay(fn) hears every sentence too (the
// browser's own voice).
export const speech = { live: true };
const sayHooks = [];

export function onSay(fn) {
  sayHooks.push(fn);
}

export function say(text) {
  if (!text) return;
  for (const fn of sayHooks) fn(text);
  if (!speech.live) return;
  // the same words again are still announced: the region's text must change
  const said = text === lastSaid ? `${text}\u00a0` : text;
  lastSaid = said;
  $("status").textContent = said;
}

export async function request(op, fields = {}) {
  const reply = await ask(op, fields);
  takeNotices(reply);
  if ("can_continue" in reply) game.canContinue = reply.can_continue;
  if (reply.daily) game.daily = reply.daily;
  return reply;
}
