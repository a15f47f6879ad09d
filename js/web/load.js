// Sets the core's loader for browsers, bundlers and Deno: the wasm is inlined (../wasm/hex.js) and
// instantiated synchronously on first use, so there is nothing to fetch and nothing to await; and
// the add-ons' (addOn), inlined the same way.
//
// The wasm travels as hexadecimal: unlike base64, every byte stays two whole characters, so the
// repetitions that brotli and gzip find in the module are still there (npm run bench, "bundle
// size": about 4% above the raw module compressed, where base64 costs about 18%).

import { setEncodeViaIntoFrom, setShortDecodeUpTo } from '../core/host-speed.js';
import { addCodecs, setLoader } from '../core/instance.js';
import { encodingsOf } from '../core/labels.js';
import { charCodeAt, U8 } from '../core/intrinsics.js';
import wasmHex from '../wasm/hex.js';
import { instantiate } from '../wasm/instantiate.js';

// Captured now: the wasm is instantiated on first use, perhaps after user code changed built-ins.
const fromHex = typeof Uint8Array.fromHex === 'function' ? Uint8Array.fromHex.bind(Uint8Array) : null;

setLoader(() => instantiate(hexToBytes(wasmHex)));
// Which of two right ways is faster is decided by the engine's name here; whether one is right
// never is. In V8 (Chromium, Deno) a decode of up to 16 bytes stays in the package: the common
// call of an all-ASCII input is built in JavaScript, 63-67 ns a call against 102-179 ns for the
// engine's TextDecoder (npm run bench -- --engines, short decodes, en.txt 16 B), and the core
// decodes the others, 1.1-1.5x the engine's calls (ru.txt 15 B; ja.txt shift_jis 15 B in Deno;
// from about 32 bytes the engine's are the faster). SpiderMonkey's own decoder is the faster
// there (measured outside the bench: 164 ns against 105 for 16 ASCII bytes; the core 0.4x).
if (isV8()) setShortDecodeUpTo(16);
// Deno's encode() is slower than its encodeInto from about 512 code units (measured outside the
// bench: vi.txt 166 against 282 M units/s; TEW_BENCH_SECTIONS=encode npm run bench --
// --engines=deno: UTF-8 encode 0.99x native before, 1.08x after): from 512 units on, encode()
// goes through encodeInto (idl/text-encoder.js, encodeViaInto).
if (typeof Deno === 'object' && isV8()) setEncodeViaIntoFrom(512);

/** Whether the engine is V8: Deno's version says so, or the browser's brands name Chromium. */
function isV8() {
  try {
    return typeof Deno === 'object' ? typeof Deno.version.v8 === 'string' : navigator.userAgentData.brands.some((b) => b.brand === 'Chromium');
  } catch {
    return false; // neither
  }
}

/**
 * Registers the add-on `language` (japanese.js, ...): its encodings' module, inlined as `hex`,
 * instantiated at the first call in one of them.
 */
export function addOn(language, hex) {
  addCodecs(language, encodingsOf(language), () => instantiate(hexToBytes(hex)));
}

/**
 * Decodes lowercase hexadecimal: natively where the engine can (Uint8Array.fromHex). The same as
 * core/hex.js's, which the detector's loader uses: kept here, inline, because importing that
 * module moves the codec bundles' brotli sizes (standard +113 B, full +29 B).
 */
function hexToBytes(text) {
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
