// The browser's own voice (docs/web.md, "Settings"): what the page says (page.js's say: the
// moves, the hint, "You won!") spoken through the Web Speech API when the save's speech setting
// asks for it. What each setting means in a browser is decided by the worker
// (desert_pyramid/web/settings.py, browser_speech): "auto" and "screen-reader" the status line
// only, which a screen reader reads; "on" and a desktop backend's name the voice too; "off"
// neither. A new sentence cancels the one still being said, as the desktop's speech does. A
// voice of the game's language is chosen when the browser has one; when it has none the
// Settings say so, in the desktop's words.
import { game, notice, onSay, speech } from "./page.js";

const synth = typeof window.speechSynthesis === "object" ? window.speechSynthesis : null;
let wanted = null; // the worker's answer about speech (settings' "speech")
let noticed = false; // the start page has said once that no voice speaks here
// Chromium lists its voices a moment after the start ("voiceschanged"): until they are known (or
// a second and a half has passed) an empty list is not taken for "no voice"
let voicesKnown = false;
setTimeout(() => {
  voicesKnown = true;
  showStatus();
}, 1500);

// what the tests read: the sentences handed to the voice, each with its language and voice
game.speech = { spoken: [], voice: null, status: "", live: true, wanted: false };

function tag(code) {
  return String(code || "en").replace("_", "-");
}

function norm(lang) {
  return String(lang || "").replace("_", "-").toLowerCase();
}

// A voice for the language: one of that language and region, else of that language; a voice on
// the machine before one on a server, the browser's default before the rest.
export function chooseVoice(voices, lang) {
  const want = norm(lang);
  const primary = want.split("-")[0];
  const rank = (v) => (v.localService ? 0 : 2) + (v.default ? 0 : 1);
  const best = (list) => [...list].sort((a, b) => rank(a) - rank(b))[0] || null;
  return (
    best(voices.filter((v) => norm(v.lang) === want)) ||
    best(voices.filter((v) => norm(v.lang).split("-")[0] === primary)) ||
    null
  );
}

function voices() {
  try {
    return synth ? synth.getVoices() : [];
  } catch {
    return [];
  }
}

function fill(template, values) {
  return template.replace(/\{(\w+)\}/g, (m, key) => (key in values ? values[key] : m));
}

// The voice's state in words (the desktop's: "Speech is on (Anna).", "Speech is off: ...")
// or "" when speech is the status line only (a screen reader's).
export function voiceStatus() {
  if (!wanted) return "";
  const words = wanted.words;
  if (!wanted.live) return words.off;
  if (!wanted.voice) return "";
  if (!synth || typeof window.SpeechSynthesisUtterance !== "function") {
    return fill(words.off_why, { why: words.cannot_speak });
  }
  const all = voices();
  if (!all.length && !voicesKnown) return "";
  if (!all.length) return fill(words.off_why, { why: words.no_voice });
  const lang = tag(game.language);
  const chosen = chooseVoice(all, lang);
  if (chosen) return fill(words.on_named, { name: chosen.name });
  const other = all.find((v) => v.default) || all[0];
  return fill(words.instead, { why: words.no_voice_for, name: other.name });
}

function showStatus() {
  const text = voiceStatus();
  game.speech.status = text;
  const line = document.getElementById("speech-status");
  if (line) {
    line.textContent = text;
    line.hidden = !text;
  }
  // a player who asked for the voice hears nothing: the start page says why, once
  if (wanted && wanted.voice && !noticed && (!synth || !voices().length) && text) {
    noticed = true;
    notice(text, "warning");
  }
}

// The settings' answer about speech (settings.js calls it with each settings answer).
export function followSpeech(answer) {
  wanted = answer;
  speech.live = !!answer.live;
  game.speech.live = speech.live;
  game.speech.wanted = !!answer.voice;
  if (!answer.voice && synth) synth.cancel();
  showStatus();
}

function speak(text) {
  if (!wanted || !wanted.voice || !synth || typeof window.SpeechSynthesisUtterance !== "function") return;
  const spoken = String(text).replace(/\s+/g, " ").trim();
  if (!spoken) return;
  const utterance = new SpeechSynthesisUtterance(spoken);
  utterance.lang = tag(game.language);
  const voice = chooseVoice(voices(), utterance.lang);
  if (voice) {
    try {
      utterance.voice = voice;
    } catch {
      // not a voice this browser made: its own choice for the language stands
    }
  }
  game.speech.voice = voice ? voice.name : null;
  try {
    synth.cancel(); // the sentence still being said gives way to the new one
    synth.speak(utterance);
    game.speech.spoken.push({ text: spoken, lang: utterance.lang, voice: game.speech.voice });
    game.speech.spoken.splice(0, Math.max(0, game.speech.spoken.length - 50));
  } catch (err) {
    game.speech.error = String(err);
  }
}
onSay(speak);
if (synth && synth.addEventListener) {
  synth.addEventListener("voiceschanged", () => {
    voicesKnown = true;
    showStatus();
  });
}
