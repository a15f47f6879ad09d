// `text-encoding-wasm/legacy` for browsers, bundlers and Deno: encoders for every encoding the
// standard can encode to (see legacy-encoder.js). TextEncoder itself stays UTF-8 only.

import './load-web.js';

export { createEncoder, encode, LegacyEncoder } from './legacy-encoder.js';
