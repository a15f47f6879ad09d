// Lowercase hexadecimal to bytes, for the detector's wasm, which the web folder inlines as text
// (wasm/detect-hex.js): natively where the engine has Uint8Array.fromHex, else by a loop. The
// codecs' loader (web/load.js) has its own copy, so that their bundles' sizes stay as they were.

import { charCodeAt, U8 } from './intrinsics.js';

// Captured now: a module is instantiated on first use, perhaps after user code changed built-ins.
const fromHex = typeof Uint8Array.fromHex === 'function' ? Uint8Array.fromHex.bind(Uint8Array) : null;

/** Decodes lowercase hexadecimal: natively where the engine can (Uint8Array.fromHex). */
export function hexToBytes(text) {
  if (fromHex !== null) return fromHex(text);
  const n = text.length >> 1;
  const out = new U8(n);
  for (let i = 0, j = 0; i < n; i++, j += 2) {
    const hi = charCodeAt(text, j);
    const lo = charCodeAt(text, j + 1);
    out[i] = (((hi & 0xf) + (hi >> 6) * 9) << 4) | ((lo & 0xf) + (lo >> 6) * 9);
  }
  return out;
}
