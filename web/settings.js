// The Settings screen and what it applies to the whole page (docs/web.md, "Settings"). The
// settings are the desktop's (app/prefs.py), read and written by the worker through the
// application, so they are kept in the profile's save.toml as at the desktop; this module shows
// their rows and applies the answer: high contrast and reduced motion as classes of <body>, the
// text size as the CSS variable --text-scale, the four-colour faces, the sound's level, the
// table's figures hidden (the timer, the score), what is said aloud (voice.js).
// The game's sounds play through Web Audio; the AudioContext starts on the first tap or key, as
// browsers require. The desert's wind and evening insects follow the table's state (its
// "ambience": the desktop's own figures, computed by the worker).
import { $, game, nav, onDraw, onWords, registerScreen, request, say, show } from "./page.js";
import { followSpeech, voiceStatus } from "./voice.js";

game.settings = null;
// what the tests read: how many AudioContexts were made, sounds started, and their names
game.sound = { contexts: 0, started: 0, played: [], state: "none", ambience: 0, ambienceOn: false, layers: {} };

// -- applying the settings --------------------------------------------------------------------
let fourColour = new Set(); // the cards whose four-colour face differs (art/cards4/faces.json)
const fourColourLoaded = fetch("art/cards4/faces.json")
  .then((r) => (r.ok ? r.json() : { cards: [] }))
  .then((d) => (fourColour = new Set(d.cards)))
  .catch(() => {});

export function faceSrc(id) {
  // a card's face: the four-colour one when the setting is on and that card has one; with large
  // indices, the faces drawn with the desktop's jumbo corner index (both fetched when first needed)
  const values = game.settings ? game.settings.values : {};
  const four = values.four_colour && fourColour.has(id);
  const large = values.large_index ? "-large" : "";
  return `art/cards${four ? "4" : ""}${large}/${id}.webp`;
}

function apply(answer) {
  game.settings = answer;
  const v = answer.values;
  const body = document.body;
  body.classList.toggle("high-contrast", v.high_contrast);
  body.classList.toggle("reduce-motion", answer.reduced_motion);
  body.classList.toggle("four-colour", v.four_colour);
  body.classList.toggle("large-index", v.large_index);
  body.dataset.textSize = String(v.text_size);
  body.classList.toggle("large-text", v.text_size >= 150); // the table's large-text layout (style.css)
  document.documentElement.style.setProperty("--text-scale", String(v.text_size / 100));
  fourColourLoaded.then(() => {
    for (const img of document.querySelectorAll("img[data-face]")) img.src = faceSrc(Number(img.dataset.face));
    game.onFaces?.(); // the table re-draws its cards
  });
  // the figures the desktop hides (the timer's, the score): "—" in their place (style.css)
  for (const [key, id] of Object.entries(FIGURES)) {
    $(id).parentElement.classList.toggle("figure-hidden", (answer.hidden || []).includes(key));
  }
  if (answer.speech) followSpeech(answer.speech);
  if (document.body.dataset.screen === "settings") drawRows();
  updateAmbience();
}
// the table's figures a setting may hide (the worker's names) and where the page shows each
const FIGURES = { score: "score", time: "time", daylight: "daylight-left", bonus: "bonus" };

async function load() {
  const reduced = matchMedia("(prefers-reduced-motion: reduce)").matches;
  const reply = await request("settings", { system: { reduced_motion: reduced } });
  if (reply.ok) apply(reply.result);
}
onWords(load); // at the start (the worker's hello) and in each new language: the rows' words

export async function change(key, value) {
  const reply = await request("set_settings", { values: { [key]: value } });
  const error = $("settings-error");
  if (!reply.ok) {
    error.textContent = reply.error;
    error.hidden = false;
    return reply;
  }
  error.hidden = true;
  apply(reply.result);
  if (key === "mute" || key.endsWith("volume")) playSound("pair"); // hear the new level
  return reply;
}

// -- the screen -------------------------------------------------------------------------------
function drawRows() {
  const box = $("settings-rows");
  const answer = game.settings;
  if (!answer) return;
  const focused = document.activeElement && document.activeElement.dataset.key;
  box.textContent = "";
  for (const row of answer.rows) {
    const label = document.createElement("label");
    label.className = "setting";
    const name = document.createElement("span");
    name.textContent = row.label;
    const select = document.createElement("select");
    select.dataset.key = row.key;
    for (const c of row.choices) select.add(new Option(c.name, JSON.stringify(c.value)));
    select.value = JSON.stringify(answer.values[row.key]);
    select.addEventListener("change", () => change(row.key, JSON.parse(select.value)));
    label.append(name, select);
    box.append(label);
    if (focused === row.key) select.focus();
    if (row.key === "speech") {
      // the browser's voice in words, under its row: which voice speaks, or why none does
      const status = document.createElement("p");
      status.id = "speech-status";
      status.className = "speech-status";
      status.textContent = voiceStatus();
      status.hidden = !status.textContent;
      select.setAttribute("aria-describedby", status.id);
      box.append(status);
    }
  }
}

registerScreen("settings", {
  enter() {
    $("settings-error").hidden = true;
    drawRows();
    const first = $("settings-rows").querySelector("select");
    if (first) first.focus();
  },
});

$("start-settings").addEventListener("click", () => show("settings"));
$("settings-back").addEventListener("click", () => nav.home());
document.addEventListener("keydown", (event) => {
  if (event.ctrlKey || event.metaKey || event.altKey) return;
  const typing = event.target.closest && event.target.closest("input, select, textarea");
  if (event.key === "Escape" && document.body.dataset.screen === "settings") {
    event.preventDefault();
    nav.home();
  } else if (event.key === "F2" && game.settings && game.settings.speech) {
    // F2 turns speech on or off, as at the desktop, and says what it is now
    event.preventDefault();
    change("speech", game.settings.speech.toggle).then((reply) => {
      if (!reply.ok) return;
      const text = voiceStatus() || reply.result.speech.words.on;
      say(text);
      if (document.body.dataset.screen === "table") $("message").textContent = text;
    });
  } else if ((event.key === "m" || event.key === "M") && !typing && game.settings) {
    // M mutes and unmutes, as at the desktop
    change("mute", !game.settings.values.mute).then((reply) => {
      const row = reply.ok && reply.result.rows.find((r) => r.key === "mute");
      if (row) say(`${row.label}: ${row.choices.find((c) => c.value === reply.result.values.mute).name}`);
    });
  }
});

// -- sound --------------------------------------------------------------------------------------
let audio = null;
let sounds = null; // name -> {file, mix}: sounds/sounds.json, the desktop's files and mix
const buffers = new Map();

function startAudio() {
  // browsers let a page make sound only after the player's first tap or key
  if (!audio) {
    const Context = window.AudioContext || window.webkitAudioContext;
    if (!Context) return;
    audio = new Context();
    game.sound.contexts += 1;
    sounds = fetch("sounds/sounds.json")
      .then((r) => r.json())
      .catch(() => ({}));
  }
  if (audio.state === "suspended") audio.resume().catch(() => {});
  game.sound.state = audio.state;
  updateAmbience();
}
for (const type of ["pointerdown", "keydown"]) document.addEventListener(type, startAudio, { capture: true });

function buffer(file) {
  if (!buffers.has(file)) {
    buffers.set(
      file,
      fetch(`sounds/${file}`)
        .then((r) => r.arrayBuffer())
        .then((data) => audio.decodeAudioData(data)),
    );
  }
  return buffers.get(file);
}

export async function playSound(name) {
  // one of the game's sounds (the worker's act answers its name), at master x effects volume
  if (!name || !audio || !game.settings) return;
  const level = game.settings.effects_level;
  if (level <= 0) return;
  const entry = ((await sounds).effects || {})[name];
  if (!entry) return;
  try {
    const data = await buffer(entry.file);
    const source = audio.createBufferSource();
    source.buffer = data;
    const gain = audio.createGain();
    gain.gain.value = level * entry.mix;
    source.connect(gain).connect(audio.destination);
    source.start();
    game.sound.started += 1;
    game.sound.played.push(name);
    game.sound.state = audio.state;
  } catch (err) {
    // a machine without sound plays nothing and never fails
    game.sound.error = String(err);
  }
}

// The desert's sound at the table, as the desktop plays it: the wind, and in an Expedition's
// last minute the evening insects, each at master x ambience volume x its share now; the wind's
// speed (its pitch) falls as the sun goes down. The shares and the speed come with the table's
// state (state.ambience: app/ambience.py, the desktop's functions, computed by the worker). A
// layer starts when it is first heard (the insects' file is fetched then) and everything stops
// on another screen, in a hidden tab, at a paused table and when muted.
const layers = new Map(); // name -> {source, gain}
const starting = new Set();

function tableAmbience() {
  const st = game.state;
  const seen =
    !!audio && !!game.settings && game.settings.ambience_level > 0 && !document.hidden &&
    document.body.dataset.screen === "table" && !!st && !(st.timed && st.paused);
  return seen ? st.ambience || null : null;
}

function stopLayer(name) {
  const layer = layers.get(name);
  if (!layer) return;
  try {
    layer.source.stop();
  } catch {}
  layers.delete(name);
}

async function startLayer(name) {
  starting.add(name);
  try {
    const info = ((await sounds).ambience || {})[name];
    const data = info && (await buffer(info.file));
    if (data && !layers.has(name) && tableAmbience()) {
      const source = audio.createBufferSource();
      source.buffer = data;
      source.loop = true;
      const gain = audio.createGain();
      gain.gain.value = 0;
      source.connect(gain).connect(audio.destination);
      source.start();
      layers.set(name, { source, gain });
      game.sound.ambience += 1;
    }
  } catch (err) {
    game.sound.error = String(err);
  } finally {
    starting.delete(name);
  }
}

async function updateAmbience() {
  const scene = tableAmbience();
  const level = game.settings ? game.settings.ambience_level : 0;
  const wanted = new Set();
  if (scene) {
    for (const [name, share] of Object.entries(scene.gains)) if (share > 0) wanted.add(name);
  }
  for (const name of [...layers.keys()]) if (!wanted.has(name)) stopLayer(name);
  const starts = [];
  for (const name of wanted) if (!layers.has(name) && !starting.has(name)) starts.push(startLayer(name));
  await Promise.all(starts);
  const now = tableAmbience();
  for (const [name, layer] of layers) {
    if (!now) {
      stopLayer(name);
      continue;
    }
    layer.gain.gain.value = level * (now.gains[name] || 0);
    layer.source.playbackRate.value = (now.pitches || {})[name] || 1;
  }
  game.sound.ambienceOn = layers.size > 0;
}
// what the tests read: each layer's gain and speed, from the Web Audio nodes themselves
game.sound.levels = () =>
  Object.fromEntries([...layers].map(([n, l]) => [n, { gain: l.gain.gain.value, rate: l.source.playbackRate.value }]));
document.addEventListener("visibilitychange", updateAmbience);
new MutationObserver(updateAmbience).observe(document.body, { attributes: true, attributeFilter: ["data-screen"] });
onDraw(() => updateAmbience()); // each move and each tick of the clock: the sun goes down
