// Sets the loader of the JavaScript build: the same core as the wasm, translated to JavaScript by
// the build (wasm2js.js, see scripts/build.mjs), instantiated on first use. Imported for its side
// effect by the `/js` entries (js.js, js-polyfill.js, js-legacy.js, js-standard.js), for hosts
// without WebAssembly or that refuse to compile it (Hermes, iOS Lockdown Mode, a strict CSP).

import { setLoader } from './boundary.js';
import { instantiate } from './wasm2js.js';

setLoader(instantiate);
