// Sets the wasm loader for Node: wasm_bg.wasm is read from disk next to this file and
// instantiated synchronously on first use. Imported for its side effect by every Node entry
// (node.js, node-polyfill.js, node-legacy.js); the CommonJS bundles (cjs/) include it too, with
// a build-time replacement that reads the wasm relative to __dirname.

import { Buffer } from 'node:buffer';
import { readFileSync } from 'node:fs';
import { setLoader, setNativeStringBuilder, setNativeStringWriter } from './boundary.js';
import { initSync } from './wasm.js';

setLoader(() => initSync({ module: readFileSync(new URL('./wasm_bg.wasm', import.meta.url)) }));
// Buffer's utf16le decoding builds long strings fastest in Node (npm run bench: about 1.9x
// String.fromCharCode.apply from 32 code units on); it never strips a U+FEFF.
setNativeStringBuilder((buffer, byteOffset, byteLength) => Buffer.from(buffer, byteOffset, byteLength).toString('utf16le'), 32);
// Buffer's utf16le write copies a string's code units into wasm memory natively (lone surrogates
// kept, so USVString conversion still happens in the encoder). npm run bench, "string writing":
// TextEncoder.encode overtakes the charCodeAt loop at 128-147 code units, and is 1.5-3.9x faster
// on 1 KiB and longer inputs.
setNativeStringWriter((buffer, byteOffset, string) => {
  Buffer.from(buffer, byteOffset, string.length * 2).write(string, 0, 'utf16le');
}, 128);
