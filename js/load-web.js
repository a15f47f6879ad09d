// Sets the wasm loader for browsers, bundlers and Deno: the wasm is inlined (wasm_base64.js) and
// instantiated synchronously on first use, so there is nothing to fetch and nothing to await.
// Imported for its side effect by every web entry (index.js, polyfill.js, legacy.js).

import { setLoader } from './boundary.js';
import { initSync } from './wasm.js';
import wasmBase64 from './wasm_base64.js';

setLoader(() => initSync({ module: base64ToBytes(wasmBase64) }));

/** Decodes standard base64 (no atob: it is not everywhere this package runs). */
function base64ToBytes(text) {
  const table = new Uint8Array(128);
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
  for (let i = 0; i < 64; i++) table[alphabet.charCodeAt(i)] = i;
  let len = text.length;
  while (len > 0 && text.charCodeAt(len - 1) === 61) len--;
  const out = new Uint8Array((len * 3) >> 2);
  let bits = 0;
  let value = 0;
  let j = 0;
  for (let i = 0; i < len; i++) {
    value = (value << 6) | table[text.charCodeAt(i)];
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out[j++] = (value >> bits) & 0xff;
    }
  }
  return out;
}
