// `text-encoding-wasm/js` (and what the `react-native` condition resolves the main entry to): the
// four classes of index.js over the JavaScript build of the same core (see load-js.js), for hosts
// where WebAssembly is missing or refused. Nothing global is touched.

import './load-js.js';

export { TextDecoder } from './text-decoder.js';
export { TextEncoder } from './text-encoder.js';
export { TextDecoderStream, TextEncoderStream } from './streams.js';
