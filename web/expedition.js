// The Expedition at the table (docs/web.md, "The Expedition"): the daylight (a bar and the
// desert's sky, the desktop's own art drawn at nine light levels by the build), the pyramid and
// its multiplier, the cleared-pyramid moment, the sunset, the trek's results; and the pause of
// any timed table (its button, Esc, the cards hidden while it is paused). Every figure, word and
// rule comes from the worker (desert_pyramid/web/expedition.py); this draws and forwards.
import { $, game, localDate, nav, notice, onDraw, request, say, word } from "./page.js";
import { restart } from "./clock.js";

const DUSK_STEPS = 8; // the desert's pictures: noon, then dusk1 .. dusk8 (night)
const SUNSET_MS = 2800; // the desktop's sunset on the table before the results (SUNSET_S)
const BANNER_MS = 2200; // a cleared pyramid's banner

let sunsetTimer = 0;
let bannerTimer = 0;
let shownSunset = null; // the trek whose sunset has been staged

function skyFile(orientation, step) {
  return step === 0 ? `art/desert-${orientation}.webp` : `art/desert-${orientation}-dusk${step}.webp`;
}

function setSky(dusk) {
  const body = document.body;
  if (dusk === null) {
    delete body.dataset.sky;
    return;
  }
  const step = Math.max(0, Math.min(DUSK_STEPS, Math.round(dusk * DUSK_STEPS)));
  if (body.dataset.sky === String(step)) return;
  body.dataset.sky = String(step);
  body.style.setProperty("--sky-landscape", `url(${skyFile("landscape", step)})`);
  body.style.setProperty("--sky-portrait", `url(${skyFile("portrait", step)})`);
  if (step < DUSK_STEPS) {
    // the next light is fetched before it is shown: the sky changes without a blank frame
    for (const o of ["landscape", "portrait"]) new Image().src = skyFile(o, step + 1);
  }
}

function banner(title, detail, ms = BANNER_MS) {
  const el = $("banner");
  $("banner-title").textContent = title;
  $("banner-detail").textContent = detail || "";
  el.hidden = false;
  el.classList.remove("fade");
  clearTimeout(bannerTimer);
  if (ms > 0) {
    bannerTimer = setTimeout(() => {
      el.classList.add("fade");
      bannerTimer = setTimeout(() => (el.hidden = true), 400);
    }, ms);
  }
}

function hideMoments() {
  clearTimeout(bannerTimer);
  clearTimeout(sunsetTimer);
  $("banner").hidden = true;
  $("night").classList.remove("falling");
  $("trek-end").hidden = true;
  $("table").classList.remove("sunset");
}

function showResults(state) {
  const result = state.result;
  if (!result || !result.rows) return;
  $("trek-end-title").textContent = result.headline;
  const rows = $("trek-end-rows");
  rows.textContent = "";
  for (const [label, value] of result.rows) {
    const dt = document.createElement("dt");
    dt.textContent = label;
    const dd = document.createElement("dd");
    dd.textContent = value;
    rows.append(dt, dd);
  }
  const found = $("trek-end-unlocked");
  found.textContent = "";
  for (const line of result.unlocked) {
    const li = document.createElement("li");
    li.textContent = line;
    found.append(li);
  }
  found.hidden = !result.unlocked.length;
  $("ending").hidden = true;
  const panel = $("trek-end");
  const was = panel.hidden;
  panel.hidden = false;
  if (was) {
    $("new-trek").focus();
    say([result.headline, ...result.lines].join(". "));
  }
}

function sunset(state, moment) {
  // the sun sinks, the light goes (the night over the table), the banner says so, then the results
  if (shownSunset === state.deal_code) return;
  shownSunset = state.deal_code;
  $("table").classList.add("sunset");
  $("message").textContent = state.message; // the desktop's line is empty at the sunset
  setSky(1);
  $("night").classList.add("falling");
  banner(moment.title, moment.detail, 0);
  say(`${moment.title}. ${moment.detail}`);
  clearTimeout(sunsetTimer);
  sunsetTimer = setTimeout(() => {
    $("banner").hidden = true;
    if (game.state && game.state.finished) showResults(game.state);
  }, SUNSET_MS);
}

function figures(state) {
  const exp = state.expedition;
  const trek = !!exp;
  $("table").classList.toggle("trek", trek);
  $("pyramid-figure").hidden = !trek;
  $("daylight-figure").hidden = !trek || exp.untimed;
  $("daylight-bar").hidden = !trek || exp.untimed;
  $("time").parentElement.hidden = trek && !exp.untimed; // the daylight is the trek's clock
  $("moves").parentElement.hidden = trek;
  if (!trek) {
    setSky(null);
    return;
  }
  $("pyramid-number").textContent = `${exp.pyramid} · ${exp.multiplier}`;
  $("daylight-left").textContent = exp.daylight;
  $("daylight-fill").style.width = `${(exp.fraction * 100).toFixed(2)}%`;
  $("daylight-bar").dataset.phase = exp.phase;
  $("daylight-bar").classList.toggle("pulse", exp.pulse);
  $("daylight-figure").classList.toggle("pulse", exp.pulse);
  setSky(exp.untimed ? 0 : exp.dusk);
}

function pausePanel(state) {
  const paused = !!(state.timed && state.paused);
  $("table").classList.toggle("paused", paused);
  $("pause").hidden = !state.timed;
  for (const id of ["hint", "undo", "redo"]) if (paused) $(id).disabled = true;
  if (!paused) $("hint").disabled = false;
  if (!paused) endConfirm(false);
  const panel = $("pause-panel");
  const hidden = panel.hidden;
  panel.hidden = !paused;
  const exp = state.expedition;
  $("pause-skip").hidden = !exp;
  $("pause-end").hidden = !exp;
  if (exp) $("pause-skip").textContent = exp.skip;
  if (paused && hidden) $("pause-resume").focus();
}

onDraw((state, result) => {
  if (document.body.dataset.screen !== "table") return;
  figures(state);
  pausePanel(state);
  const exp = state.expedition;
  if (exp && state.stuck && !state.finished) {
    // a stuck pyramid is not the trek's end: skip it (or undo), never "New deal"
    $("ending-new").hidden = true;
    $("ending-skip").hidden = false;
    $("ending-skip").textContent = exp.skip;
  } else {
    $("ending-new").hidden = false;
    $("ending-skip").hidden = true;
  }
  for (const m of (result && result.moments) || []) {
    if (m.kind === "cleared") {
      banner(m.title, m.detail);
      $("pyramid-figure").classList.remove("new");
      void $("pyramid-figure").offsetWidth;
      $("pyramid-figure").classList.add("new");
    } else if (m.kind === "sunset") {
      sunset(state, m);
    }
  }
  if (exp && state.finished) {
    $("ending").hidden = true;
    if (state.sunset && shownSunset !== state.deal_code) sunset(state, state.sunset);
    else if (!$("table").classList.contains("sunset")) showResults(state);
  } else if (!state.finished) {
    if (!$("trek-end").hidden || $("table").classList.contains("sunset")) hideMoments();
    shownSunset = null;
  }
});

// -- the pause: its button, Esc, the panel ----------------------------------------------------
async function clockRequest(op, fields = {}) {
  const reply = await request(op, fields);
  if (!reply.ok) {
    notice(reply.error, "error");
    return reply;
  }
  if (reply.state) nav.redraw(reply.state);
  return reply;
}

async function pause() {
  const st = game.state;
  if (!st || !st.timed || st.finished) return;
  if (st.paused) return resume();
  await clockRequest("pause", { reason: "pause" });
}

async function resume() {
  const reply = await clockRequest("resume", { reason: "player" });
  restart(); // the pause's time is not the player's
  $("pause").focus();
  return reply;
}

nav.pause = pause;
$("pause").addEventListener("click", pause);
$("pause-resume").addEventListener("click", resume);
$("pause-menu").addEventListener("click", () => nav.home());
$("pause-skip").addEventListener("click", async () => {
  await resume();
  await nav.act("skip");
});
$("ending-skip").addEventListener("click", () => nav.act("skip"));
// "End the trek" asks once more, as the desktop's pause does
let confirming = false;
function endConfirm(on) {
  confirming = on;
  $("pause-end").textContent = word(on ? "end_trek_confirm" : "end_trek");
}
$("pause-end").addEventListener("click", () => {
  if (!confirming) return endConfirm(true);
  endConfirm(false);
  return clockRequest("end_trek");
});

// -- starting a trek, the results' ways on ------------------------------------------------------
async function startTrek() {
  $("notices").textContent = "";
  hideMoments();
  const reply = await request("expedition", { today: localDate() });
  if (!reply.ok) {
    notice(reply.error, "error");
    return reply;
  }
  nav.enterTable(reply.state);
  return reply;
}

$("play-expedition").addEventListener("click", startTrek);
$("new-trek").addEventListener("click", startTrek);
$("trek-end-menu").addEventListener("click", () => {
  hideMoments();
  nav.home();
});
