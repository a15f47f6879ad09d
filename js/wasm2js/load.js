// Sets the core's loader for the JavaScript build: the same core as the wasm, translated to
// JavaScript by the build (../wasm/wasm2js.js, binaryen's wasm2js of the optimized wasm),
// instantiated on first use. For hosts without WebAssembly or that refuse to compile it (Hermes,
// iOS Lockdown Mode, a Content-Security-Policy without 'wasm-unsafe-eval').

import { setLoader } from '../core/instance.js';
import { instantiate } from '../wasm/wasm2js.js';

setLoader(instantiate);
