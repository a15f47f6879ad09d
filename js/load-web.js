// Sets the wasm loader for browsers, bundlers and Deno: the wasm is inlined (wasm_hex.js) and
// instantiated synchronously on first use, so there is nothing to fetch and nothing to await.
// Imported for its side effect by every web entry (index.js, polyfill.js, legacy.js).
//
// The wasm travels as hexadecimal: unlike base64, every byte stays two whole characters, so the
// repetitions that brotli and gzip find in the module are still there (npm run bench, "bundle
// size": about 4% above the raw module compressed, where base64 costs about 18%).

import { setLoader } from './boundary.js';
import { instantiate } from './instantiate.js';
import wasmHex from './wasm_hex.js';

// Captured now: the wasm is instantiated on first use, perhaps after user code changed built-ins.
const fromHex = typeof Uint8Array.fromHex === 'function' ? Uint8Array.fromHex : null;
const charCodeAt = String.prototype.charCodeAt;
const apply = Reflect.apply;

setLoader(() => instantiate(hexToBytes(wasmHex)));

/** Decodes lowercase hexadecimal: natively where the engine can (Uint8Array.fromHex). */
function hexToBytes(text) {
  if (fromHex !== null) return apply(fromHex, Uint8Array, [text]);
  const n = text.length >> 1;
  const out = new Uint8Array(n);
  for (let i = 0, j = 0; i < n; i++, j += 2) {
    const hi = apply(charCodeAt, text, [j]);
    const lo = apply(charCodeAt, text, [j + 1]);
    out[i] = (((hi & 0xf) + (hi >> 6) * 9) << 4) | ((lo & 0xf) + (lo >> 6) * 9);
  }
  return out;
}
