// The Node entry: the wasm is read from disk next to this file and instantiated synchronously on
// first use.

import { readFileSync } from 'node:fs';
import { setLoader } from './boundary.js';
import { initSync } from './wasm.js';

setLoader(() => initSync({ module: readFileSync(new URL('./wasm_bg.wasm', import.meta.url)) }));

export { TextDecoder } from './text-decoder.js';
export { TextEncoder } from './text-encoder.js';
