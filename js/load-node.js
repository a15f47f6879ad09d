// Sets the wasm loader for Node: wasm_bg.wasm is read from disk next to this file and
// instantiated synchronously on first use. Imported for its side effect by every Node entry
// (node.js, node-polyfill.js, node-legacy.js); the CommonJS bundles (cjs/) include it too, with
// a build-time replacement that reads the wasm relative to __dirname.

import { readFileSync } from 'node:fs';
import { setLoader } from './boundary.js';
import { initSync } from './wasm.js';

setLoader(() => initSync({ module: readFileSync(new URL('./wasm_bg.wasm', import.meta.url)) }));
