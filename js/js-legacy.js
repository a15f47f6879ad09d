// `text-encoding-wasm/js/legacy`: legacy.js over the JavaScript build (see load-js.js).

import './load-js.js';

export { createEncoder, encode, LegacyEncoder } from './legacy-encoder.js';
