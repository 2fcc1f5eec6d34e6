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

async function boot() {
  const t0 = performance.now();
  // the game's zip comes while the runtime starts
  const zipped = fetch(here("./py/game.zip")).then((r) => {
    if (!r.ok) throw new Error(`the game's code did not load (${r.status})`);
    return r.arrayBuffer();
  });
  py = await loadPyodide({ indexURL: here("./pyodide/") });
  const t1 = performance.now();
  const zip = await zipped;
  py.FS.mkdirTree(CODE_DIR);
  py.unpackArchive(zip, "zip", { extractDir: CODE_DIR });
  py.FS.mkdirTree(SAVE_DIR);
  py.FS.mount(py.FS.filesystems.IDBFS, {}, SAVE_DIR);
  await syncfs(true);
  py.runPython(`import sys\nsys.path.insert(0, ${JSON.stringify(CODE_DIR)})`);
  const t2 = performance.now();
  handleJson = py.runPython("from desert_pyramid.web.protocol import handle_json\nhandle_json");
  const t3 = performance.now();
  postMessage({
    type: "ready",
    saveDir: SAVE_DIR,
    workerStartMs: t0,
    runtimeMs: t1 - t0,
    unpackMs: t2 - t1,
    importMs: t3 - t2,
  });
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
  const text = handleJson(JSON.stringify(request));
  const reply = JSON.parse(text);
  // the saves reach IndexedDB before the page hears the answer: a reload after it continues
  if (request.op !== "tick" && request.op !== "state" && request.op !== "hint") {
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
