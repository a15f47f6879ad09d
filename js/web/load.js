// Sets the core's loader for browsers, bundlers and Deno: the wasm is inlined (../wasm/inline.js) and
// instantiated synchronously on first use, so there is nothing to fetch and nothing to await; and
// the add-ons' (addOn), inlined the same way. A module the application provided before the first
// use (core/provided-wasm.js: platforms that compile only modules they were given) comes first.
//
// The wasm travels as text, two letters a byte (core/inline-wasm.js says why).

import { setEncodeCoreUpTo, setEncodeIntoJsUpTo, setEncodeViaIntoFrom, setShortDecodeUpTo } from '../core/host-speed.js';
import { addCodecs, setLoader } from '../core/instance.js';
import { addOnModule } from '../core/labels.js';
import { inlineBytes } from '../core/inline-wasm.js';
import { providedWasm } from '../core/provided-wasm.js';
import wasmText from '../wasm/inline.js';
import { instantiate, moduleName } from '../wasm/instantiate.js';

setLoader(() => instantiate(providedWasm(moduleName) || inlineBytes(wasmText)));
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

// encodeInto of a short string into the destination of the call before is written in JavaScript
// where each call of the engine's costs more than the writing (TEW_BENCH_SECTIONS=shortEncode npm
// run bench -- --engines=firefox,chromium,deno, ours ÷ native before → after): up to 64 code units
// in SpiderMonkey (encodeInto ja.txt 16 u 0.86x → 2.0-2.3x, ja.txt 64 u 0.93x → 1.03-1.23x, en.txt
// 64 u 0.92x → 1.3-1.5x) and Chromium (ja.txt 16 u 0.94x → 2.5x, ja.txt 64 u 0.97x → 1.3x, en.txt
// 64 u 0.97x → 1.7x); up to 16 in Deno, whose encodeInto is the faster from about 64 (ja.txt 16 u
// 0.88x → 1.25x; at 64 units JavaScript took 0.98x down to 0.71-0.83x). Bun's engine writes it 2-4x
// slower than its own encodeInto. Elsewhere only an ASCII string of up to 16 units is.
// Chromium's encode() costs about 0.9 µs a call whatever the string (measured outside the bench:
// 0.9-1.1 µs from 16 to 64 code units, against 0.1-0.7 µs for the core's up to 32): encode() of up
// to 32 units goes to the core there (encode ru.txt 16 u 1.05x native → 3.5x).
if (isSpiderMonkey()) setEncodeIntoJsUpTo(64);
else if (typeof Deno === 'object' && isV8()) setEncodeIntoJsUpTo(16);
else if (isV8()) {
  setEncodeIntoJsUpTo(64);
  setEncodeCoreUpTo(32);
}

/** Whether the engine is SpiderMonkey (Firefox): the one engine with the global InternalError. */
function isSpiderMonkey() {
  return typeof InternalError === 'function';
}

/** Whether the engine is V8: Deno's version says so, or the browser's brands name Chromium. */
function isV8() {
  try {
    return typeof Deno === 'object' ? typeof Deno.version.v8 === 'string' : navigator.userAgentData.brands.some((b) => b.brand === 'Chromium');
  } catch {
    return false; // neither
  }
}

/**
 * Registers the add-on module `name` (japanese.js, japanese-encode.js, ...): its encodings' module, inlined as `text`,
 * instantiated at the first call in one of them.
 */
export function addOn(name, text) {
  addCodecs(name, addOnModule(name), () => instantiate(providedWasm(name) || inlineBytes(text)));
}
