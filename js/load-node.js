// Sets the wasm loader for Node: wasm_bg.wasm is read from disk next to this file and
// instantiated synchronously on first use (or the JavaScript build where WebAssembly is off).
// Imported for its side effect by every Node entry (node.js, node-polyfill.js, node-legacy.js);
// the CommonJS bundles (cjs/) include it too, with a build-time replacement that reads the wasm
// (and requires the JavaScript build) relative to __dirname.
//
// Node's Buffer gives the boundary native string building and writing (captured here, so later
// changes to Buffer.prototype change nothing): utf16le strings from wasm memory, one-byte
// (latin1) strings for ASCII and Latin-1 text, an ASCII check (buffer.isAscii), and utf16le
// writes of strings into wasm memory.

import {
  onMemory,
  setLoader,
  setNativeAsciiCheck,
  setNativeLatin1Builders,
  setNativeUtf8Builder,
  setNativeStringBuilder,
  setNativeStringWriter,
} from './boundary.js';
import { instantiate } from './instantiate.js';
import { uncurry } from './webidl.js';

// Node's built-in modules through process.getBuiltinModule where Node has it (20.16 and later):
// no trip through the ESM loader, which costs milliseconds at import. (The CommonJS build
// replaces the fallback imports with require.)
const builtin =
  typeof process === 'object' && process !== null && typeof process.getBuiltinModule === 'function' ? process.getBuiltinModule : null;
const { Buffer, isAscii, isUtf8 } = builtin !== null ? builtin('node:buffer') : await import('node:buffer');
const fs = builtin !== null ? null : await import('node:fs');
const nodeModuleFallback = builtin !== null ? null : await import('node:module');
const nodeModule = () => nodeModuleFallback || builtin('node:module');

// Where WebAssembly is off (`node --jitless`, `--no-expose-wasm`), the JavaScript build of the same
// core (wasm2js.cjs, see scripts/build.mjs), required synchronously, and only then.
setLoader(() =>
  typeof WebAssembly === 'object' && WebAssembly !== null
    ? instantiate((fs || builtin('node:fs')).readFileSync(new URL('./wasm_bg.wasm', import.meta.url)))
    : nodeModule().createRequire(import.meta.url)('./wasm2js.cjs').instantiate(),
);

// Each as `method(receiver, ...args)` (webidl.js's uncurry): immune to later changes of
// Buffer.prototype or Function.prototype.
const latin1Slice = uncurry(Buffer.prototype.latin1Slice);
const ucs2Slice = uncurry(Buffer.prototype.ucs2Slice);
const ucs2Write = uncurry(Buffer.prototype.ucs2Write);
const utf8Slice = uncurry(Buffer.prototype.utf8Slice);
const bufferFrom = Buffer.from.bind(Buffer);
let memory = null;
onMemory((arrayBuffer) => {
  memory = bufferFrom(arrayBuffer);
});

// Buffer's utf16le decoding builds long strings fastest in Node (npm run bench: about 1.9x
// String.fromCharCode.apply from 16 code units on: it costs the same at any short length); it
// never strips a U+FEFF.
setNativeStringBuilder((_, byteOffset, byteLength) => ucs2Slice(memory, byteOffset, byteOffset + byteLength), 16);
// One-byte strings: Latin-1 output narrowed in wasm, and ASCII input as it is (isAscii is
// simdutf's check, far faster than a JavaScript loop on long inputs).
setNativeLatin1Builders(
  (_, byteOffset, length) => latin1Slice(memory, byteOffset, byteOffset + length),
  (bytes, length) => latin1Slice(bytes, 0, length),
);
if (typeof isAscii === 'function') setNativeAsciiCheck(isAscii);
// Inputs above the slice limit that are well-formed UTF-8 (simdutf's check) become a string in
// one native step, straight from the input: the string is never held twice (as slices and then
// joined), so a 300 MB decode peaks where the host's own does.
if (typeof isUtf8 === 'function') {
  setNativeUtf8Builder((bytes, start, end) => (isUtf8(bytes) ? utf8Slice(bytes, start, end) : null));
}
// Buffer's utf16le write copies a string's code units into wasm memory natively (lone surrogates
// kept, so USVString conversion still happens in the encoder). npm run bench, "string writing":
// TextEncoder.encode overtakes the charCodeAt loop at 128-147 code units, and is 1.5-3.9x faster
// on 1 KiB and longer inputs.
setNativeStringWriter((_, byteOffset, string) => {
  ucs2Write(memory, string, byteOffset, string.length * 2);
}, 128);
