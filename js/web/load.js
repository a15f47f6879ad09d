// Sets the core's loader for browsers, bundlers and Deno: the wasm is inlined (../wasm/hex.js) and
// instantiated synchronously on first use, so there is nothing to fetch and nothing to await.
//
// The wasm travels as hexadecimal: unlike base64, every byte stays two whole characters, so the
// repetitions that brotli and gzip find in the module are still there (npm run bench, "bundle
// size": about 4% above the raw module compressed, where base64 costs about 18%).

import { hexToBytes } from '../core/hex.js';
import { setLoader } from '../core/instance.js';
import wasmHex from '../wasm/hex.js';
import { instantiate } from '../wasm/instantiate.js';

setLoader(() => instantiate(hexToBytes(wasmHex)));
