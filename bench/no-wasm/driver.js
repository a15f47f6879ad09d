// The in-engine half of bench/no-wasm.mjs: runs in QuickJS or Hermes as one bundled script, after
// the data script (globalThis.__noWasmData, written by bench/no-wasm.mjs) and the prelude. Checks
// every contender's output against the expected one (ours must match what our Node entry gives;
// the other contender must match ours), then times the contenders that match in interleaved
// rounds. Prints `@@progress <text>` lines while it runs and `@@no-wasm-result {json}` at the end.

import { calibrate, clockName, difference, median, runBatch, sinkValue } from '../harness.js';
import { preludeInstalled, preludeUses, setPhase } from './prelude.js';

const out = typeof print === 'function' ? print : (line) => console.log(line);

/** Bytes of the latin1 string `s` (one byte per code unit). */
function bytesOf(s) {
  const b = new Uint8Array(s.length);
  for (let i = 0; i < s.length; i++) b[i] = s.charCodeAt(i);
  return b;
}

function describe(error) {
  return String(error && error.message !== undefined ? `${error.name}: ${error.message}` : error);
}

/**
 * The call a row times for a contender `api` ({TextDecoder, TextEncoder}): decoders and encoders
 * are made once per row.
 */
function callOf(api, row, input) {
  if (row.op === 'decode') {
    const d = new api.TextDecoder(row.label);
    return () => d.decode(input);
  }
  const e = new api.TextEncoder();
  return () => e.encode(input);
}

/** Runs the bench over `contenders` ([{name, api}], ours first); prints the result line. */
export function run(contenders) {
  const data = globalThis.__noWasmData;
  const { rounds, targetMs } = data;
  const gc = typeof globalThis.gc === 'function' ? globalThis.gc : null;
  const env = {
    webAssembly: typeof WebAssembly,
    textDecoder: typeof TextDecoder,
    preludeInstalled,
    hermes: typeof HermesInternal === 'object' && HermesInternal !== null,
    clock: clockName,
    gcBetweenRows: gc !== null,
  };
  const texts = data.texts;
  const bins = data.bins.map(bytesOf);
  const [ours] = contenders;
  const rows = [];
  const tasks = [];
  out('@@progress checking outputs');
  for (const r of data.rows) {
    const input = r.op === 'decode' ? bins[r.input] : texts[r.input];
    const want = r.op === 'decode' ? texts[r.expect] : bins[r.expect];
    const row = { section: r.section, name: r.name, units: r.units, results: {} };
    rows.push(row);
    let reference = null;
    for (const c of contenders) {
      setPhase(`${c.name} check`);
      let fn;
      let got;
      try {
        fn = callOf(c.api, r, input);
        got = fn();
      } catch (error) {
        row.results[c.name] = { status: 'throws', note: describe(error) };
        continue;
      }
      // Ours is checked against what our Node entry gives; the others against ours.
      const against = c === ours ? want : reference;
      if (against === null) {
        row.results[c.name] = { status: 'unchecked', note: 'ours did not run' };
        continue;
      }
      const diff = difference(got, against);
      if (diff !== null) {
        row.results[c.name] = { status: 'differs', note: diff };
        continue;
      }
      if (c === ours) reference = got;
      const task = { row, name: c.name, fn, samples: [] };
      row.results[c.name] = { status: 'ok', task };
      tasks.push(task);
    }
  }
  out(`@@progress calibrating ${tasks.length} (input, contender) pairs`);
  for (const t of tasks) {
    setPhase(`${t.name} timed`);
    t.n = calibrate(t.fn, targetMs);
  }
  // Interleaved rounds: every round runs every row, the row's contenders in an order rotated by
  // one each round.
  const byRow = rows.map((row) => tasks.filter((t) => t.row === row)).filter((g) => g.length > 0);
  for (let r = 0; r < rounds; r++) {
    out(`@@progress round ${r + 1}/${rounds}`);
    for (const group of byRow) {
      if (gc !== null) gc();
      for (let k = 0; k < group.length; k++) {
        const t = group[(k + r) % group.length];
        setPhase(`${t.name} timed`);
        t.samples.push(runBatch(t.fn, t.n) / t.n);
      }
    }
  }
  setPhase('done');
  const result = {
    env,
    rounds,
    targetMs,
    prelude: preludeUses(),
    sink: sinkValue(),
    rows: rows.map((row) => {
      const results = {};
      for (const [name, res] of Object.entries(row.results)) {
        results[name] = res.task ? { status: 'ok', msPerCall: median(res.task.samples), callsPerBatch: res.task.n } : res;
      }
      return { section: row.section, name: row.name, units: row.units, results };
    }),
  };
  out(`@@no-wasm-result ${JSON.stringify(result)}`);
}
