// The measuring core shared by Node (bench/run.mjs), the engine driver (bench/engine-driver.mjs) and
// the browser page (bench/page.js): calibrated batches, interleaved rounds, medians, and output
// comparison. No host APIs beyond `performance.now()`, or `Date.now()` where there is none (QuickJS
// and Hermes: bench/no-wasm/driver.js).

/** Which clock the batches are timed with. */
export const clockName = typeof performance === 'object' && performance !== null && typeof performance.now === 'function' ? 'performance.now' : 'Date.now';
const now = clockName === 'performance.now' ? () => performance.now() : () => Date.now();

// Every result's length is folded into `sink`, so no call can be optimised away.
let sink = 0;
/** The folded result lengths (read once at the end so the work stays observable). */
export function sinkValue() {
  return sink;
}

/** Runs `fn` `n` times; returns the elapsed milliseconds. */
export function runBatch(fn, n) {
  let acc = 0;
  const t0 = now();
  for (let i = 0; i < n; i++) acc += fn().length;
  const t = now() - t0;
  sink = (sink + acc) | 0;
  return t;
}

/**
 * Iterations per batch so that one batch takes about `targetMs` (this also warms the JIT up; a
 * clock of 1 ms steps is enough, since a batch grows until it takes half the target).
 */
export function calibrate(fn, targetMs) {
  let n = 1;
  for (;;) {
    const t = runBatch(fn, n);
    if (t >= targetMs / 2 || n >= 1 << 24) return Math.max(1, Math.round((n * targetMs) / Math.max(t, 0.001)));
    n *= t < targetMs / 64 ? 16 : 2;
  }
}

/** The median of `xs` (mean of the middle two for an even count). */
export function median(xs) {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

/** Sub-batches per round sample: the fastest is kept (a preempted or GC-hit one is dropped). */
const SUB = 3;

/**
 * Measures `tasks` ({row, name, fn, setup?}) in interleaved rounds: every round runs every task,
 * row after row, and within a row the tasks in an order rotated by one each round (so no contender
 * always runs right after another's garbage). `gc` (optional) collects garbage before each row, so
 * no row pays for the previous row's garbage. A task's sample in a round is the fastest of up to
 * three back-to-back sub-batches of about `targetMs / 3` each; the result is, per task, the median
 * of its round samples in milliseconds per call, in task order.
 */
export function measure(tasks, { rounds, targetMs, gc = null }) {
  const rows = new Map();
  for (const t of tasks) {
    if (!rows.has(t.row)) rows.set(t.row, []);
    rows.get(t.row).push(t);
  }
  for (const t of tasks) {
    if (t.setup) t.setup();
    // Calls per ≈targetMs, split into SUB sub-batches; a call slower than targetMs / SUB gets
    // sub-batches of one call, as many as fit (at least one).
    const n = calibrate(t.fn, targetMs);
    t.iters = n >= SUB ? Math.round(n / SUB) : 1;
    t.subs = n >= SUB ? SUB : n;
    t.samples = [];
  }
  for (let r = 0; r < rounds; r++) {
    for (const group of rows.values()) {
      if (gc) gc();
      for (let k = 0; k < group.length; k++) {
        const t = group[(k + r) % group.length];
        if (t.setup) t.setup();
        let best = Infinity;
        for (let i = 0; i < t.subs; i++) best = Math.min(best, runBatch(t.fn, t.iters) / t.iters);
        t.samples.push(best);
      }
    }
  }
  return tasks.map((t) => median(t.samples));
}

const hex = (u) => 'U+' + u.toString(16).toUpperCase().padStart(4, '0');

/**
 * null if `got` equals `want` (two strings, or two byte arrays), else a short description of the
 * first difference.
 */
export function difference(got, want) {
  if (typeof want === 'string') {
    if (typeof got !== 'string') return `returned ${typeof got}`;
    if (got === want) return null;
    let i = 0;
    while (i < got.length && i < want.length && got.charCodeAt(i) === want.charCodeAt(i)) i++;
    const g = i < got.length ? hex(got.charCodeAt(i)) : 'end';
    const w = i < want.length ? hex(want.charCodeAt(i)) : 'end';
    return `differs at unit ${i} of ${want.length}: ${g} instead of ${w}`;
  }
  if (!got || typeof got.length !== 'number') return `returned ${typeof got}`;
  const n = Math.min(got.length, want.length);
  let i = 0;
  while (i < n && got[i] === want[i]) i++;
  if (i === n && got.length === want.length) return null;
  const g = i < got.length ? '0x' + got[i].toString(16) : 'end';
  const w = i < want.length ? '0x' + want[i].toString(16) : 'end';
  return `differs at byte ${i} of ${want.length}: ${g} instead of ${w}`;
}
