// How to play (docs/web.md, "How to play"): the rules with their figure and the worked example,
// the variations, the other names and the quiz, every word from the content the desktop reads
// (desert_pyramid/web/howto.py), in the player's language. The quiz's answers are checked in
// Python: the page shows the question, forwards the choice and shows the verdict it is told.
// Keys: ← → change the page, 1 to 6 answer, Enter goes on, Esc goes back.
import { $, game, nav, onWords, registerScreen, request, say, show } from "./page.js";
import { faceSrc } from "./settings.js";

const PAGES = ["rules", "variations", "glossary", "quiz"];
let content = null; // the howto answer, in the language it was asked in
let page = "rules";
game.howto = { page, quiz: null };

function el(tag, cls, text) {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined) e.textContent = text;
  return e;
}

function face(id, cls = "face") {
  // a card drawn with the game's card art (the four-colour face when that setting is on)
  const img = el("img", cls);
  img.dataset.face = String(id);
  img.src = faceSrc(id);
  img.alt = "";
  return img;
}

function paragraph(p, tag = "p") {
  const out = el(p.bullet ? "li" : tag);
  for (const span of p.spans) {
    let node;
    if (span.card !== undefined) {
      node = el("span", `card-word suit-${span.suit}`, span.text);
    } else {
      node = document.createTextNode(span.text);
    }
    if (span.bold) {
      const b = el("strong");
      b.append(node);
      node = b;
    }
    out.append(node);
  }
  return out;
}

function paragraphs(list, into) {
  // bullets gathered into lists, as the desktop draws them
  let ul = null;
  for (const p of list) {
    if (p.bullet) {
      if (!ul) into.append((ul = el("ul")));
      ul.append(paragraph(p));
    } else {
      ul = null;
      into.append(paragraph(p));
    }
  }
}

// -- the pages --------------------------------------------------------------------------------
function diagram(d) {
  const fig = el("figure", "diagram");
  const pyr = el("div", "diagram-cards");
  pyr.setAttribute("aria-hidden", "true");
  for (let r = 1; r <= d.rows; r++) {
    const row = el("div", "diagram-row");
    for (const s of d.slots.filter((s) => s.row === r)) row.append(face(s.card, `face ${s.state}`));
    pyr.append(row);
  }
  const cap = el("figcaption");
  cap.append(paragraph(d.caption));
  const legend = el("ul", "legend");
  for (const l of d.legend) {
    const li = el("li");
    li.append(el("span", `swatch ${l.state}`), document.createTextNode(l.words));
    legend.append(li);
  }
  cap.append(legend);
  fig.append(pyr, cap);
  return fig;
}

function demo(d) {
  const list = el("ol", "demo");
  for (const step of d.steps) {
    const li = el("li");
    const cards = el("span", "demo-cards");
    cards.setAttribute("aria-hidden", "true");
    for (const id of step.cards) cards.append(face(id));
    li.append(cards, paragraph(step.caption, "span"));
    list.append(li);
  }
  return list;
}

function rulesPage(box) {
  const toc = el("nav", "howto-sections");
  const list = el("ol");
  toc.append(list);
  box.append(toc);
  for (const s of content.sections) {
    const a = el("a", null, s.title);
    a.href = `#howto-${s.id}`;
    a.addEventListener("click", (event) => {
      event.preventDefault();
      $(`howto-${s.id}`).scrollIntoView({ block: "start" });
    });
    const li = el("li");
    li.append(a);
    list.append(li);
    const sec = el("section", "howto-section");
    sec.id = `howto-${s.id}`;
    sec.append(el("h2", null, s.title));
    paragraphs(s.paragraphs, sec);
    if (s.diagram) sec.append(diagram(s.diagram));
    if (s.demo) sec.append(demo(s.demo));
    box.append(sec);
  }
}

function variationsPage(box) {
  for (const v of content.variations) {
    const sec = el("section", "howto-section");
    sec.append(el("h2", null, v.title), el("p", "rules-line", v.rules));
    paragraphs(v.paragraphs, sec);
    const play = el("button", "variation-play", v.button); // a Practice deal under its rules
    play.type = "button";
    play.dataset.variation = v.id;
    play.addEventListener("click", async () => {
      const reply = await nav.deal({ variation: v.id }, "variation");
      if (!reply.ok) say(reply.error);
    });
    sec.append(play);
    box.append(sec);
  }
}

function glossaryPage(box) {
  box.append(el("p", "intro", content.glossary.intro));
  const dl = el("dl", "glossary");
  for (const e of content.glossary.entries) {
    const dt = el("dt", null, e.term);
    const dd = el("dd");
    if (e.also) dd.append(el("p", "also", e.also));
    paragraphs(e.paragraphs, dd);
    dl.append(dt, dd);
  }
  box.append(dl);
}

function quizPage(box, quiz) {
  game.howto.quiz = quiz;
  box.append(el("h2", null, quiz.title), el("p", "score-line", quiz.score_line));
  if (quiz.finished) {
    const s = quiz.summary;
    box.append(el("p", "summary", s.line));
    if (s.best) box.append(el("p", "also", s.best));
    const list = el("ul", "quiz-summary");
    for (const q of s.questions) {
      const li = el("li");
      li.append(el("strong", `mark ${q.mark}`, q.word), paragraph(q.prompt, "span"));
      list.append(li);
    }
    box.append(list);
    const again = el("button", "big quiz-go", s.again);
    again.type = "button";
    again.addEventListener("click", () => quizStep("restart"));
    box.append(again);
    return again;
  }
  const q = quiz.question;
  if (q.intro) box.append(paragraph(q.intro));
  box.append(el("p", "question-number", q.heading));
  const prompt = paragraph(q.prompt);
  prompt.className = "prompt";
  prompt.id = "quiz-prompt";
  box.append(prompt);
  const choices = el("div", "choices");
  choices.setAttribute("role", "group");
  choices.setAttribute("aria-labelledby", "quiz-prompt");
  const a = quiz.answer;
  q.choices.forEach((c, i) => {
    const b = el("button", "choice");
    b.type = "button";
    b.dataset.choice = String(i + 1);
    b.append(el("span", "badge", String(i + 1)), paragraph(c, "span"));
    if (a && a.right === i + 1) b.classList.add("right");
    else if (a && a.choice === i + 1) b.classList.add("wrong");
    b.addEventListener("click", () => quizStep("answer", i + 1));
    choices.append(b);
  });
  box.append(choices);
  if (!a) return null;
  const verdict = el("div", `verdict ${a.correct ? "right" : "wrong"}`);
  verdict.append(el("strong", null, a.verdict), document.createTextNode(" "));
  verdict.append(paragraph(a.explanation, "span"));
  box.append(verdict);
  if (a.right_note) box.append(el("p", "also", a.right_note));
  if (a.counted_note) box.append(el("p", "also", a.counted_note));
  const next = el("button", "big quiz-go", a.next);
  next.type = "button";
  next.addEventListener("click", () => quizStep("next"));
  box.append(next);
  say([a.verdict, a.explanation.spans.map((s) => s.text).join(""), a.right_note].join(" "));
  return next;
}

// -- the screen ---------------------------------------------------------------------------------
async function ensureContent() {
  if (content && content.language === game.language) return true;
  const reply = await request("howto");
  if (!reply.ok) return false;
  content = { ...reply.result, language: game.language };
  return true;
}

function drawTabs() {
  const tabs = $("howto-tabs");
  tabs.textContent = "";
  for (const name of PAGES) {
    const b = el("button", "tab", content.tabs[name]);
    b.type = "button";
    b.id = `howto-tab-${name}`;
    b.setAttribute("role", "tab");
    b.setAttribute("aria-selected", String(name === page));
    b.setAttribute("aria-controls", "howto-page");
    b.tabIndex = name === page ? 0 : -1;
    b.addEventListener("click", () => showPage(name, true));
    tabs.append(b);
  }
}

async function showPage(name, focusTab = false) {
  if (!(await ensureContent())) return;
  page = name;
  game.howto.page = name;
  $("howto-title").textContent = content.title;
  drawTabs();
  const box = $("howto-page");
  box.setAttribute("aria-labelledby", `howto-tab-${name}`);
  if (name === "quiz") {
    const reply = await request("quiz", { action: "show" });
    if (!reply.ok) return;
    box.textContent = "";
    quizPage(box, reply.result);
  } else {
    box.textContent = "";
    ({ rules: rulesPage, variations: variationsPage, glossary: glossaryPage })[name](box);
  }
  box.scrollTop = 0;
  document.body.dataset.howtoPage = name;
  if (focusTab) $(`howto-tab-${name}`).focus();
}

async function quizStep(action, choice) {
  const reply = await request("quiz", { action, ...(choice ? { choice } : {}) });
  if (!reply.ok) {
    say(reply.error);
    return;
  }
  const box = $("howto-page");
  const scroll = box.scrollTop;
  box.textContent = "";
  const go = quizPage(box, reply.result);
  if (action === "answer") box.scrollTop = scroll;
  if (go) go.focus();
  else box.querySelector(".choice")?.focus();
}

registerScreen("howto", {
  enter() {
    showPage(page).then(() => $(`howto-tab-${page}`)?.focus());
  },
});
onWords(() => {
  content = null; // asked again in the new language when next shown
});

$("start-howto").addEventListener("click", () => show("howto"));
$("howto-back").addEventListener("click", () => nav.home());
document.addEventListener("keydown", (event) => {
  if (document.body.dataset.screen !== "howto" || event.ctrlKey || event.metaKey || event.altKey) return;
  const key = event.key;
  if (key === "Escape") {
    event.preventDefault();
    nav.home();
  } else if (key === "ArrowLeft" || key === "ArrowRight") {
    event.preventDefault();
    const i = PAGES.indexOf(page) + (key === "ArrowRight" ? 1 : -1);
    showPage(PAGES[(i + PAGES.length) % PAGES.length], true);
  } else if (page === "quiz" && /^[1-6]$/.test(key) && game.howto.quiz && !game.howto.quiz.finished) {
    event.preventDefault();
    quizStep("answer", Number(key));
  } else if (page === "quiz" && key === "Enter" && !(event.target.closest && event.target.closest("button"))) {
    const q = game.howto.quiz;
    if (q && q.finished) quizStep("restart");
    else if (q && q.answer) quizStep("next");
  }
});
