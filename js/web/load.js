// Sets the core's loader for browsers, bundlers and Deno: the wasm is inlined (../wasm/inline.js) and
// instantiated synchronously on first use, so there is nothing to fetch and nothing to await; and
// the add-ons' (addOn), inlined the same way.
//
// The wasm travels as text, two letters a byte (core/inline-wasm.js says why).

import { setEncodeViaIntoFrom, setShortDecodeUpTo } from '../core/host-speed.js';
import { addCodecs, setLoader } from '../core/instance.js';
import { encodingsOf } from '../core/labels.js';
import { inlineBytes } from '../core/inline-wasm.js';
import wasmText from '../wasm/inline.js';
import { instantiate } from '../wasm/instantiate.js';

setLoader(() => instantiate(inlineBytes(wasmText)));
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
 * Registers the add-on `language` (japanese.js, ...): its encodings' module, inlined as `text`,
 * instantiated at the first call in one of them.
 */
export function addOn(language, text) {
  addCodecs(language, encodingsOf(language), () => instantiate(inlineBytes(text)));
}
