// The Relics and Card backs screens, the back the table's stock draws, and what a won deal
// unlocked in the won dialog (docs/web.md, "Relics and card backs"). The worker decides all of it
// (desert_pyramid/web/progress.py: the desktop's application and progression); the pictures are
// the desktop's art, drawn into art/ by the build. This module draws and forwards.
import { $, game, nav, notice, registerScreen, request, say, show } from "./page.js";

// -- the table: the stock's back, the won dialog's unlocks ---------------------------------------
export function backImage(state) {
  // the back the player chose (the worker's state says which; the default before it has)
  return `art/cards/back-${(state && state.back) || "sandstone"}.webp`;
}

export function showUnlocks(result) {
  // the relics and backs a finished deal unlocked, as the desktop's results list them: the row's
  // label, the name, the picture (the worker's "say" of the winning move already says them)
  const list = $("ending-unlocks");
  const unlocks = (result && result.unlocks) || [];
  const key = unlocks.map((u) => u.line).join("|");
  list.hidden = !unlocks.length;
  if (list.dataset.shown === key) return;
  list.dataset.shown = key;
  list.textContent = "";
  for (const u of unlocks) {
    const li = document.createElement("li");
    li.className = `unlock ${u.kind}`;
    li.dataset.unlock = u.id;
    const img = document.createElement("img");
    img.src = u.image;
    img.alt = "";
    const label = document.createElement("span");
    label.className = "label";
    label.textContent = u.label;
    const name = document.createElement("b");
    name.textContent = u.name;
    li.append(img, label, name);
    li.setAttribute("aria-label", u.line);
    list.append(li);
  }
}

// -- the Relics screen ---------------------------------------------------------------------------
function el(tag, cls, text) {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined) e.textContent = text;
  return e;
}

function drawRelics(result) {
  $("relics-summary").textContent = result.summary;
  const list = $("relics-list");
  list.textContent = "";
  for (const r of result.relics) {
    const li = el("li", `reward ${r.earned ? "earned" : "locked"}`);
    li.dataset.relic = r.id;
    const img = el("img");
    img.src = r.image;
    img.alt = "";
    const words = el("div", "words");
    words.append(el("h2", "name", r.name), el("p", "text", r.text));
    if (r.earned) {
      words.append(el("p", "detail", r.detail));
    } else {
      const bar = el("div", "bar");
      const fill = el("span");
      fill.style.width = `${Math.round(r.fraction * 100)}%`;
      bar.append(fill);
      words.append(bar, el("p", "detail", `${r.count} · ${r.left}`));
      li.setAttribute("aria-label", r.detail);
    }
    li.append(img, words);
    list.append(li);
  }
}

async function enterRelics() {
  const reply = await request("relics");
  if (!reply.ok) {
    notice(reply.error, "error");
    return;
  }
  drawRelics(reply.result);
  $("relics").scrollTop = 0;
  $("relics-back").focus({ preventScroll: true });
}

// -- the Card backs screen -------------------------------------------------------------------------
function drawBacks(result) {
  $("backs-summary").textContent = result.summary;
  const list = $("backs-list");
  const focused = document.activeElement && document.activeElement.dataset.back;
  list.textContent = "";
  for (const b of result.backs) {
    const li = el("li", `reward ${b.earned ? "earned" : "locked"}${b.chosen ? " chosen" : ""}`);
    const button = el("button");
    button.type = "button";
    button.dataset.back = b.id;
    button.setAttribute("aria-pressed", b.chosen ? "true" : "false");
    button.setAttribute("aria-label", b.detail);
    const img = el("img");
    img.src = b.image;
    img.alt = "";
    const words = el("span", "words");
    words.append(el("span", "name", b.name), el("span", "status", b.status));
    if (b.earned) words.append(el("span", "detail", [b.how, b.when].filter(Boolean).join(" · ")));
    button.append(img, words);
    li.append(button);
    list.append(li);
    if (focused === b.id) button.focus();
  }
  if (game.state) game.state.back = result.chosen;
}

async function enterBacks() {
  $("backs-message").textContent = "";
  const reply = await request("backs");
  if (!reply.ok) {
    notice(reply.error, "error");
    return;
  }
  drawBacks(reply.result);
  const chosen = $("backs-list").querySelector('[aria-pressed="true"]');
  $("backs").scrollTop = 0;
  (chosen || $("backs-back")).focus({ preventScroll: true });
}

async function chooseBack(id) {
  const reply = await request("choose_back", { back: id });
  const message = reply.ok ? reply.result.message : reply.error;
  $("backs-message").textContent = message;
  $("backs-message").classList.toggle("refused", !reply.ok);
  if (reply.ok) drawBacks(reply.result);
  say(message);
}

registerScreen("relics", { enter: enterRelics });
registerScreen("backs", { enter: enterBacks });
$("open-relics").addEventListener("click", () => show("relics"));
$("open-backs").addEventListener("click", () => show("backs"));
$("relics-to-backs").addEventListener("click", () => show("backs"));
$("backs-to-relics").addEventListener("click", () => show("relics"));
$("relics-back").addEventListener("click", () => nav.home());
$("backs-back").addEventListener("click", () => nav.home());
$("backs-list").addEventListener("click", (event) => {
  const button = event.target.closest("button[data-back]");
  if (button) chooseBack(button.dataset.back);
});
document.addEventListener("keydown", (event) => {
  const screen = document.body.dataset.screen;
  if ((screen === "relics" || screen === "backs") && event.key === "Escape") {
    event.preventDefault();
    nav.home();
  }
});
