// The game's Python core in a Web Worker (docs/web.md): Pyodide boots here, the game's zip is
// unpacked, the save folder is mounted on IndexedDB (IDBFS), and every request from the page goes
// to desert_pyramid.web.protocol.handle_json. The page never waits on Python: it only posts.
import { loadPyodide } from "./pyodide/pyodide.mjs";

const SAVE_DIR = "/dp-saves";
const CODE_DIR = "/home/pyodide/game";
const here = (path) => new URL(path, import.meta.url).href;
let py = null;
let handleJson = null;
const queue = [];
let busy = false;

function syncfs(populate) {
  return new Promise((resolve, reject) =>
    py.FS.syncfs(populate, (err) => (err ? reject(err) : resolve())),
  );
}

// A warm start restores the Python heap as it was once the game was imported (a Pyodide memory
// snapshot, made on the first visit and kept in Cache Storage under the build's version): about
// a second instead of the runtime's boot and the imports. Any trouble with it: a plain boot.
const SNAPSHOTS = "desert-pyramid-snapshots";
const IMPORTS = [
  "import sys",
  `if ${JSON.stringify(CODE_DIR)} not in sys.path: sys.path.insert(0, ${JSON.stringify(CODE_DIR)})`,
  "import desert_pyramid.web.protocol, desert_pyramid.app.application, desert_pyramid.solver.hints",
].join("\n");

// every language but English comes as a zip of its own (build.json's "languages": code -> file),
// fetched and unpacked beside the game's code when the player's language needs it; the service
// worker keeps it, so it works offline from then on (docs/web.md, "Languages")
let languageZips = {};
let buildCache = null; // the service worker's cache of this build ("desert-pyramid-VERSION")
const unpacked = new Set();

async function buildVersion() {
  try {
    const r = await fetch(here("./build.json"));
    if (!r.ok) return null;
    const build = await r.json();
    languageZips = build.languages || {};
    buildCache = `desert-pyramid-${build.version}`;
    return build.version;
  } catch {
    return null;
  }
}

async function fetchLanguage(code) {
  if (unpacked.has(code)) return true;
  if (!Object.hasOwn(languageZips, code)) return false;
  try {
    const url = here(`./${languageZips[code]}`);
    const r = await fetch(url);
    if (!r.ok) return false;
    // kept in the build's cache here too: on a first visit the service worker may not be
    // answering this worker's requests yet, and the language must start offline next time
    if (buildCache && self.caches) {
      try {
        await (await caches.open(buildCache)).put(url, r.clone());
      } catch {}
    }
    py.unpackArchive(await r.arrayBuffer(), "zip", { extractDir: CODE_DIR });
    unpacked.add(code);
    return true;
  } catch {
    return false; // offline and never fetched: Python says so in the player's language
  }
}

// one request to Python; a language it needs first (hello's choice, a language switched to) is
// fetched, and the request asked again, with the languages that could not come
async function callPython(request) {
  if (request.op === "language" && typeof request.language === "string") {
    await fetchLanguage(request.language);
  }
  let reply = JSON.parse(handleJson(JSON.stringify(request)));
  const unavailable = [];
  while (request.op === "hello" && !reply.ok && typeof reply.fetch_language === "string") {
    const code = reply.fetch_language;
    if (unavailable.includes(code)) break;
    if (!(await fetchLanguage(code))) unavailable.push(code);
    reply = JSON.parse(handleJson(JSON.stringify({ ...request, unavailable })));
  }
  return reply;
}

async function storedSnapshot(version) {
  if (!version || !self.caches) return null;
  try {
    const hit = await (await caches.open(SNAPSHOTS)).match(`snapshot-${version}`);
    return hit ? new Uint8Array(await hit.arrayBuffer()) : null;
  } catch {
    return null;
  }
}

async function keepSnapshot(version, snapshot) {
  if (!version || !self.caches) return;
  try {
    const cache = await caches.open(SNAPSHOTS);
    for (const old of await cache.keys()) await cache.delete(old);
    await cache.put(`snapshot-${version}`, new Response(snapshot));
  } catch {
    // no room: the next start boots plainly
  }
}

async function forgetSnapshots() {
  try {
    await caches.delete(SNAPSHOTS);
  } catch {}
}

async function boot() {
  const t0 = performance.now();
  // the game's zip comes while the runtime starts
  const zipped = fetch(here("./py/game.zip")).then((r) => {
    if (!r.ok) throw new Error(`the game's code did not load (${r.status})`);
    return r.arrayBuffer();
  });
  const version = await buildVersion();
  const snapshot = await storedSnapshot(version);
  let restored = false;
  let snapshotError = snapshot ? null : "none kept";
  if (snapshot) {
    try {
      py = await loadPyodide({ indexURL: here("./pyodide/"), _loadSnapshot: snapshot });
      restored = true;
    } catch (err) {
      snapshotError = String(err && err.message ? err.message : err);
      py = null;
      await forgetSnapshots();
    }
  }
  if (!py) py = await loadPyodide({ indexURL: here("./pyodide/"), _makeSnapshot: true });
  const t1 = performance.now();
  const zip = await zipped;
  py.FS.mkdirTree(CODE_DIR);
  py.unpackArchive(zip, "zip", { extractDir: CODE_DIR });
  let made = null;
  if (restored) {
    // the heap came with the random generator's state: every start deals afresh
    py.runPython("import random\nrandom.seed()");
  } else {
    py.runPython(IMPORTS);
    try {
      made = py.makeMemorySnapshot();
    } catch {
      made = null;
    }
  }
  py.FS.mkdirTree(SAVE_DIR);
  py.FS.mount(py.FS.filesystems.IDBFS, {}, SAVE_DIR);
  await syncfs(true);
  const t2 = performance.now();
  handleJson = py.runPython("from desert_pyramid.web.protocol import handle_json\nhandle_json");
  const t3 = performance.now();
  postMessage({
    type: "ready",
    saveDir: SAVE_DIR,
    restored,
    snapshotError,
    workerStartMs: t0,
    runtimeMs: t1 - t0,
    unpackMs: t2 - t1,
    importMs: t3 - t2,
  });
  if (made) keepSnapshot(version, made);
}

function memory() {
  const heap = py && py._module && py._module.HEAPU8;
  return heap ? heap.length : null;
}

async function answer(request) {
  if (request.op === "memory") {
    return { id: request.id, ok: true, memory: memory() };
  }
  const started = performance.now();
  const reply = await callPython(request);
  // the saves reach IndexedDB before the page hears the answer: a reload after it continues
  // (a tick's too: a timed game is saved with its clock, so a reload never gives back daylight)
  if (request.op !== "state" && request.op !== "hint") {
    try {
      await syncfs(false);
    } catch (err) {
      (reply.notices = reply.notices || []).push({
        level: "error",
        text: `The browser did not keep the save (${err && err.message ? err.message : err}).`,
      });
    }
  }
  reply.workerMs = performance.now() - started;
  return reply;
}

async function drain() {
  if (busy) return;
  busy = true;
  while (queue.length) {
    const request = queue.shift();
    let reply;
    try {
      reply = await answer(request);
    } catch (err) {
      reply = { id: request.id, ok: false, error: `The game's core failed: ${err && err.message ? err.message : err}` };
    }
    postMessage({ type: "reply", reply });
  }
  busy = false;
}

const booted = boot().catch((err) => {
  postMessage({ type: "boot-error", error: String(err && err.message ? err.message : err) });
  throw err;
});

onmessage = async (event) => {
  queue.push(event.data);
  try {
    await booted;
  } catch {
    return;
  }
  drain();
};
