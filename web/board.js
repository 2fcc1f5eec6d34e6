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

  // The cards' size and places for the board's box now (the window, the phone's turn).
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
    const pad = Math.max(6, Math.min(W, H) * 0.02);
    const gap = 0.12; // between piles, in card widths
    const caption = 18; // a pile's caption under it, pixels
    const landscape = W > H * 1.15;
    let cw;
    if (landscape) {
      // the piles in a column beside the pyramid (a phone held sideways)
      const byW = (W - 3 * pad) / (unitsW + 1 + 0.25);
      const byH = ((H - 2 * pad) * CARD_ASPECT) / unitsH;
      const byPiles = ((H - 2 * pad - piles * caption) * CARD_ASPECT) / (piles + (piles - 1) * gap);
      cw = Math.min(byW, byH, byPiles);
    } else {
      const byW = (W - 2 * pad) / Math.max(unitsW, piles + (piles - 1) * gap);
      const byH = ((H - 3 * pad - caption) * CARD_ASPECT) / (unitsH + 1);
      cw = Math.min(byW, byH);
    }
    cw = Math.max(20, Math.floor(cw));
    const ch = Math.round(cw / CARD_ASPECT);
    board.style.setProperty("--card-w", `${cw}px`);
    board.style.setProperty("--card-h", `${ch}px`);
    const pw = unitsW * cw;
    const ph = unitsH * ch;
    const pyramid = this.pyramid;
    const pileBox = this.piles;
    let pileSpots;
    if (landscape) {
      const total = pw + pad + cw;
      const left = Math.max(pad, (W - total) / 2);
      pyramid.style.left = `${left}px`;
      pyramid.style.top = `${Math.max(pad, (H - ph) / 2)}px`;
      pileBox.style.left = `${left + pw + pad}px`;
      const colH = piles * ch + (piles - 1) * (gap * cw + caption) + caption;
      pileBox.style.top = `${Math.max(pad, (H - colH) / 2)}px`;
      pileSpots = [0, 1, 2].map((i) => [0, i * (ch + gap * cw + caption)]);
    } else {
      const rowW = piles * cw + (piles - 1) * gap * cw * 4;
      const total = ph + pad + ch + caption;
      const top = Math.max(pad, (H - total) / 2);
      pyramid.style.left = `${(W - pw) / 2}px`;
      pyramid.style.top = `${top}px`;
      pileBox.style.left = `${(W - rowW) / 2}px`;
      pileBox.style.top = `${top + ph + pad}px`;
      pileSpots = [0, 1, 2].map((i) => [i * cw * (1 + gap * 4), 0]);
    }
    [this.stock, this.waste, this.satchel].forEach((el, i) => {
      el.style.left = `${pileSpots[i][0]}px`;
      el.style.top = `${pileSpots[i][1]}px`;
    });
    this.geometry = { cw, ch, minx, miny, landscape };
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
