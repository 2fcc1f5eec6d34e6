// The Profile screen (docs/web.md, "The profile"): what the browser's profile holds, Export (a
// file the desktop edition imports: desert-pyramid profile --import FILE) and Import (a file the
// game exported, on the desktop or here; chosen or dropped). The worker reads and checks the file
// and keeps the profile it replaces; the page only carries the bytes and shows the words.
import { $, game, nav, onWords, registerScreen, request, say, show } from "./page.js";

const MAX_BYTES = 20 * 1024 * 1024; // larger files are refused by the worker unread (its reason)

function lines(el, texts) {
  el.textContent = "";
  for (const t of texts) {
    const li = document.createElement("li");
    li.textContent = t;
    el.append(li);
  }
}

async function refresh() {
  const reply = await request("profile");
  if (reply.ok) lines($("profile-summary"), reply.result.lines);
}

function download(name, text) {
  const url = URL.createObjectURL(new Blob([text], { type: "application/toml" }));
  const a = document.createElement("a");
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10000);
}

async function exportProfile(backup = null) {
  const reply = await request("export_profile", backup ? { backup } : {});
  if (!reply.ok) {
    showOutcome([reply.error], "error");
    return;
  }
  download(reply.result.name, reply.result.text);
}

function base64(bytes) {
  let text = "";
  for (let i = 0; i < bytes.length; i += 0x8000) {
    text += String.fromCharCode.apply(null, bytes.subarray(i, i + 0x8000));
  }
  return btoa(text);
}

let keptName = null;

function showOutcome(texts, level) {
  const box = $("profile-outcome");
  box.hidden = false;
  box.className = level;
  lines($("profile-outcome-lines"), texts);
  box.scrollIntoView({ block: "nearest" }); // (a phone held sideways shows it below the buttons)
  say(texts.join(" "));
}

async function importFile(file) {
  if (!file) return;
  const fields = { size: file.size };
  if (file.size <= MAX_BYTES) fields.data = base64(new Uint8Array(await file.arrayBuffer()));
  const reply = await request("import_profile", fields);
  $("profile-file").value = "";
  if (!reply.ok) {
    showOutcome([reply.error], "error");
    return;
  }
  const r = reply.result;
  game.canContinue = r.summary.in_progress;
  keptName = r.backup;
  const texts = [...r.lines, ...r.rejected];
  if (r.kept) texts.push(r.kept);
  showOutcome(texts, r.rejected.length ? "warning" : "info");
  $("profile-kept").hidden = !keptName;
  await refresh();
}

registerScreen("profile", {
  enter() {
    $("profile-outcome").hidden = true;
    $("profile-kept").hidden = true;
    refresh();
    $("profile-export").focus();
  },
});

onWords(() => {
  if (document.body.dataset.screen === "profile") refresh();
});

$("open-profile").addEventListener("click", () => show("profile"));
$("profile-back").addEventListener("click", () => nav.home());
$("profile-export").addEventListener("click", () => exportProfile());
$("profile-kept").addEventListener("click", () => keptName && exportProfile(keptName));
$("profile-file").addEventListener("change", (event) => importFile(event.target.files[0]));
const drop = $("profile");
drop.addEventListener("dragover", (event) => {
  event.preventDefault();
  drop.classList.add("dropping");
});
drop.addEventListener("dragleave", () => drop.classList.remove("dropping"));
drop.addEventListener("drop", (event) => {
  event.preventDefault();
  drop.classList.remove("dropping");
  importFile(event.dataTransfer.files[0]);
});
