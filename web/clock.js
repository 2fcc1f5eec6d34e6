// The page's one clock (docs/web.md, "The clock"): every time the game counts is read here, through
// clock.now(), and reported to the worker, which reads no clock of its own. A test replaces
// window.desertPyramidClock.now (a fake clock it advances) instead of sleeping.
export const clock = { now: () => performance.now() };
window.desertPyramidClock = clock;

let last = null; // when the time was last reported (or the count started again)

// The milliseconds since the last report (0 for the first): the reference moves to now.
export function elapsed() {
  const t = clock.now();
  const ms = last === null ? 0 : Math.max(0, t - last);
  last = t;
  return Math.round(ms);
}

// Count from now on: the time before (a hidden page, the start page, a hint's search) is not
// the player's.
export function restart() {
  last = clock.now();
}

// The worker spent `ms` on something that is not the player's time (the next pyramid's search).
export function skipTime(ms) {
  if (last !== null && ms > 0) last = Math.min(clock.now(), last + ms);
}
