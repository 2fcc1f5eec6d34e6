// The cards as the page draws them, for the table (app.js) and the replay (records.js): the
// pyramid placed from the layout's half-card units and sized to its box, the stock, the waste and
// the Satchel beside or under it, each card an image named as the desktop says it. What a card
// is, where it lies and whether it is free comes from the worker's state (docs/web.md).
import { word } from "./page.js";

export const CARD_ASPECT = 140 / 190; // width / height, the desktop's card

export function cardImage(card) {
  return `art/cards/${card.id}.webp`;
}

function plainBack() {
  return "art/cards/back.webp";
}

function setImage(button, src) {
  let img = button.querySelector("img");
  if (!src) {
    if (img) img.remove();
    return;
  }
  if (!img) {
    img = document.createElement("img");
    img.alt = "";
    img.draggable = false;
    button.prepend(img);
  }
  if (img.getAttribute("src") !== src) img.setAttribute("src", src);
}

function setText(button, cls, text) {
  let el = button.querySelector(`.${cls}`);
  if (!text) {
    if (el) el.remove();
    return;
  }
  if (!el) {
    el = document.createElement("span");
    el.className = cls;
    el.setAttribute("aria-hidden", "true");
    button.append(el);
  }
  el.textContent = text;
}

function mark(el, place, state) {
  el.classList.toggle("selected", state.selected === place);
  el.classList.toggle("partner", state.partners.includes(place));
  el.classList.toggle("hinted", state.hint.includes(place));
  el.classList.toggle("coached", state.coach.some((m) => m.places.includes(place)));
}

// One board: its box (`board`), the pyramid's and the piles' holders and the three piles'
// elements. `tag`: what a card is ("button" at the table; "div" where cards are only shown).
// `face(card)` and `back(state)`: a card's picture and the stock's back (the table's follow the
// Settings' four-colour deck and the player's chosen back).
export class BoardView {
  constructor({ board, pyramid, piles, stock, waste, satchel, tag = "button", face = cardImage, back = plainBack }) {
    Object.assign(this, { board, pyramid, piles, stock, waste, satchel, tag, face, back });
    this.cards = new Map(); // slot -> its element
    this.geometry = null;
  }

  // The piles' captions as they are drawn now (the text size scales them): the widest one's
  // width and the tallest one's height, in pixels.
  captionSize(piles) {
    let w = 0;
    let h = 0;
    for (const [el, name] of [[this.stock, "stock"], [this.waste, "waste"], [this.satchel, "satchel"]].slice(0, piles)) {
      setText(el, "caption", word(name));
      const c = el.querySelector(".caption");
      c.style.maxWidth = "";
      w = Math.max(w, c.offsetWidth);
      h = Math.max(h, c.offsetHeight);
    }
    return { w, h };
  }

  // The cards' size and places for the board's box now (the window, the phone's turn, the text
  // size: the piles' captions take the room they need, under the piles or beside them).
  layout(state) {
    if (!state) return;
    const board = this.board;
    const W = board.clientWidth;
    const H = board.clientHeight;
    const xs = state.slots.map((s) => s.x);
    const ys = state.slots.map((s) => s.y);
    const minx = Math.min(...xs);
    const miny = Math.min(...ys);
    const unitsW = (Math.max(...xs) - minx + 2) / 2; // in card widths
    const unitsH = (Math.max(...ys) - miny + 2) / 2; // in card heights
    const piles = state.rules.satchel ? 3 : 2;
    this.satchel.hidden = !state.rules.satchel; // (its caption is measured below)
    const pad = Math.max(6, Math.min(W, H) * 0.02);
    const gap = 0.12; // between piles, in card widths
    const captions = this.captionSize(piles);
    const caption = Math.max(18, captions.h); // a pile's caption under it, pixels
    const landscape = W > H * 1.15;
    // held sideways, a caption under its pile may be as wide as the pile and the gaps beside it
    const underRoom = (w) => Math.floor(w) + 2 * pad - 4;
    let cw;
    let wrapped = false; // portrait: the captions on two lines
    let need; // the height the board needs for its widest cards, the piles under the pyramid
    let needW; // the width it needs for its tallest cards, the piles beside it
    let beside = false; // landscape: the captions beside the piles (where the height is short)
    if (landscape) {
      // the piles in a column beside the pyramid (a phone held sideways)
      const byW = (W - 3 * pad) / (unitsW + 1 + 0.25);
      const byH = ((H - 2 * pad) * CARD_ASPECT) / unitsH;
      const byPiles = ((H - 2 * pad - piles * caption) * CARD_ASPECT) / (piles + (piles - 1) * gap);
      cw = Math.min(byW, byH, byPiles);
      // the captions under the piles: unless that shrinks the cards, or a caption is wider than
      // its pile and the gaps beside it (it would run into the pyramid); then beside the piles
      const sideW = (W - 4 * pad - captions.w) / (unitsW + 1 + 0.25);
      const sidePiles = ((H - 2 * pad) * CARD_ASPECT) / (piles + (piles - 1) * gap);
      const sideCw = Math.min(sideW, byH, sidePiles);
      if (sideCw > cw || captions.w > underRoom(cw)) {
        cw = sideCw;
        beside = true;
      }
    } else {
      const byW = (W - 2 * pad) / Math.max(unitsW, piles + (piles - 1) * gap);
      const byH = (under) => ((H - 3 * pad - under) * CARD_ASPECT) / (unitsH + 1);
      // captions wider than the room between the piles wrap onto a second line
      wrapped = captions.w + 12 > (W - 2 * pad - byW) / Math.max(1, piles - 1);
      const under = (wrapped ? 2 : 1) * caption;
      cw = Math.min(byW, byH(under));
    }
    {
      // the height the board needs for cards as wide as its width allows, the piles under the
      // pyramid (style.css: on an upright screen the message line gives way, down to its two
      // lines, before the cards shrink; known whichever way the board is laid out now)
      const byW = (W - 2 * pad) / Math.max(unitsW, piles + (piles - 1) * gap);
      const wraps = captions.w + 12 > (W - 2 * pad - byW) / Math.max(1, piles - 1);
      const widest = Math.max(20, Math.floor(byW));
      const tall = Math.round(widest / CARD_ASPECT);
      need = Math.ceil(unitsH * tall + tall + (wraps ? 2 : 1) * caption + 3 * pad);
    }
    {
      // the width the board needs for cards as tall as its height allows, the piles beside the
      // pyramid and their captions beside them (style.css: a screen with a column of words
      // beside the board gives it that much; known whichever way the board is laid out now)
      const byH = ((H - 2 * pad) * CARD_ASPECT) / unitsH;
      const sidePiles = ((H - 2 * pad) * CARD_ASPECT) / (piles + (piles - 1) * gap);
      const tallest = Math.floor(Math.min(byH, sidePiles));
      needW = Math.ceil((unitsW + 1.25) * tallest + 4 * pad + captions.w);
    }
    cw = Math.max(20, Math.floor(cw));
    const ch = Math.round(cw / CARD_ASPECT);
    board.style.setProperty("--card-w", `${cw}px`);
    board.style.setProperty("--card-h", `${ch}px`);
    board.classList.toggle("captions-beside", beside);
    board.style.setProperty("--board-need", `${need}px`);
    const screen = board.closest(".screen");
    if (screen) {
      screen.style.setProperty("--board-need-w", `${needW}px`);
      screen.style.setProperty("--board-need", `${need}px`);
    }
    const pw = unitsW * cw;
    const ph = unitsH * ch;
    const pyramid = this.pyramid;
    const pileBox = this.piles;
    let pileSpots;
    let captionRoom = null; // the widest a caption may be (else it wraps)
    if (landscape) {
      const under = beside ? 0 : caption;
      const total = pw + pad + cw + (beside ? pad + captions.w : 0);
      const left = Math.max(pad, (W - total) / 2);
      pyramid.style.left = `${left}px`;
      pyramid.style.top = `${Math.max(pad, (H - ph) / 2)}px`;
      pileBox.style.left = `${left + pw + pad}px`;
      const colH = piles * ch + (piles - 1) * (gap * cw + under) + under;
      pileBox.style.top = `${Math.max(pad, (H - colH) / 2)}px`;
      pileSpots = [0, 1, 2].map((i) => [0, i * (ch + gap * cw + under)]);
      if (beside) captionRoom = Math.max(cw, W - (left + pw + pad + cw + pad) - pad / 2);
      else captionRoom = underRoom(cw);
    } else {
      // the piles in a row under the pyramid, as far apart as their captions need (and the width allows)
      const step = Math.min(Math.max(cw * (1 + gap * 4), captions.w + 12), (W - 2 * pad - cw) / Math.max(1, piles - 1));
      const rowW = cw + (piles - 1) * step;
      captionRoom = Math.max(cw, step - 8);
      const total = ph + pad + ch + (wrapped ? 2 : 1) * caption;
      const top = Math.max(pad, (H - total) / 2);
      pyramid.style.left = `${(W - pw) / 2}px`;
      pyramid.style.top = `${top}px`;
      pileBox.style.left = `${(W - rowW) / 2}px`;
      pileBox.style.top = `${top + ph + pad}px`;
      pileSpots = [0, 1, 2].map((i) => [i * step, 0]);
    }
    [this.stock, this.waste, this.satchel].forEach((el, i) => {
      el.style.left = `${pileSpots[i][0]}px`;
      el.style.top = `${pileSpots[i][1]}px`;
      const c = el.querySelector(".caption");
      if (c) c.style.maxWidth = captionRoom === null ? "" : `${Math.floor(captionRoom)}px`;
    });
    this.geometry = { cw, ch, minx, miny, landscape, beside };
  }

  // The cards and the piles of `state` (its selection, partners, hint and the coach's cards
  // ringed); a card gone from the layout leaves the page (and the accessibility tree).
  draw(state) {
    const geometry = this.geometry;
    const seen = new Set();
    for (const slot of state.slots) {
      if (!slot.card) continue;
      seen.add(slot.slot);
      let button = this.cards.get(slot.slot);
      if (!button) {
        button = document.createElement(this.tag);
        if (this.tag === "button") button.type = "button";
        else button.setAttribute("role", "img");
        button.className = "card";
        button.dataset.place = String(slot.slot);
        this.pyramid.append(button);
        this.cards.set(slot.slot, button);
      }
      button.style.left = `${((slot.x - geometry.minx) / 2) * geometry.cw}px`;
      button.style.top = `${((slot.y - geometry.miny) / 2) * geometry.ch}px`;
      button.style.zIndex = String(10 + slot.z);
      button.setAttribute("aria-label", slot.card.name);
      button.dataset.card = slot.card.text;
      button.classList.toggle("covered", !slot.free);
      setImage(button, this.face(slot.card));
      mark(button, slot.slot, state);
    }
    for (const [slot, button] of this.cards) {
      if (!seen.has(slot)) {
        if (document.activeElement === button) this.stock.focus();
        button.remove();
        this.cards.delete(slot);
      }
    }
    // the piles
    const stock = this.stock;
    const s = state.stock;
    stock.setAttribute("aria-label", state.names.stock);
    setImage(stock, s.count ? (s.top ? this.face(s.top) : this.back(state)) : null);
    stock.classList.toggle("empty", !s.count);
    setText(stock, "count", s.count ? String(s.count) : s.redeal ? "↻" : "");
    setText(stock, "caption", word("stock"));
    const waste = this.waste;
    const w = state.waste;
    waste.setAttribute("aria-label", state.names.waste);
    setImage(waste, w.top ? this.face(w.top) : null);
    waste.classList.toggle("empty", !w.top);
    setText(waste, "caption", word("waste"));
    const satchel = this.satchel;
    satchel.hidden = !state.rules.satchel;
    satchel.setAttribute("aria-label", state.names.satchel);
    setImage(satchel, state.satchel ? this.face(state.satchel) : null);
    satchel.classList.toggle("empty", !state.satchel);
    setText(satchel, "caption", word("satchel"));
    for (const [name, el] of [["stock", stock], ["waste", waste], ["satchel", satchel]]) mark(el, name, state);
  }
}
