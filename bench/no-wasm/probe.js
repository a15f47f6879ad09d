// The in-engine check of bench/no-wasm.mjs that runs before the bench, in its own bundle: our
// JavaScript build with the prelude installed and our host switch left as an app leaves it. Does
// ours still give the right bytes and strings, and does it reach for the prelude's TextEncoder?
// Prints `@@no-wasm-probe {json}`.

import { preludeInstalled, preludeUses, setPhase } from './prelude.js';

const out = typeof print === 'function' ? print : (line) => console.log(line);

/** `cases`: [string, its UTF-8 bytes, whether the string is well-formed (decodes back to itself)]. */
export function probe(ours, cases) {
  const errors = [];
  setPhase('ours probe');
  try {
    const encoder = new ours.TextEncoder();
    const decoder = new ours.TextDecoder();
    for (const [string, want, wellFormed] of cases) {
      const got = encoder.encode(string);
      if (got.length !== want.length || want.some((b, i) => got[i] !== b)) errors.push(`encode of ${JSON.stringify(string.slice(0, 20))} gave other bytes`);
      const into = new Uint8Array(want.length + 4);
      const r = encoder.encodeInto(string, into);
      if (r.read !== string.length || r.written !== want.length || want.some((b, i) => into[i] !== b)) errors.push(`encodeInto of ${JSON.stringify(string.slice(0, 20))} gave other bytes`);
      if (wellFormed && decoder.decode(new Uint8Array(want)) !== string) errors.push(`decode of ${JSON.stringify(string.slice(0, 20))} gave another string`);
    }
  } catch (error) {
    errors.push(String(error && error.stack ? error.stack : error));
  }
  setPhase('done');
  out(`@@no-wasm-probe ${JSON.stringify({ preludeInstalled, hostSwitch: String(globalThis.TEXT_ENCODING_WASM_HOST), errors, prelude: preludeUses() })}`);
}
