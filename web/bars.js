// Each screen's bar from one place: Back, then the screen's heading, at the top of the screen (the
// first thing the keyboard reaches, where every screen of the page has it). index.html marks a
// bar `<header class="screen-bar" data-bar="WORD">Heading</header>` in a
// `<section id="NAME" class="screen">`; this makes `button#NAME-back` and `h1#NAME-title` in it,
// their words the page's (`data-word`: the start page's words, or with `data-words="rword"` the
// statistics' words, records.js), the header's text the heading until the words come. app.js
// imports this module first, so the bars are made before any screen's module looks for them.

function makeBar(header) {
  const section = header.closest("section.screen");
  const attr = header.dataset.words === "rword" ? "data-rword" : "data-word";
  const back = document.createElement("button");
  back.id = `${section.id}-back`;
  back.type = "button";
  back.setAttribute(attr, "back");
  back.textContent = "Back";
  const title = document.createElement("h1");
  title.id = `${section.id}-title`;
  title.setAttribute(attr, header.dataset.bar);
  title.textContent = header.textContent.trim();
  header.replaceChildren(back, title);
}

for (const header of document.querySelectorAll("section.screen > header[data-bar]")) makeBar(header);
