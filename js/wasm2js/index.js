// `text-encoding-wasm/js` (and what the `react-native` condition resolves `text-encoding-wasm`
// to): the four classes, ponyfill style (nothing global is touched). The core is the JavaScript
// build of the same wasm (load.js), for hosts without WebAssembly or that refuse to compile it.
// TextDecoderStream and TextEncoderStream are `undefined` where the host has no TransformStream.

import './load.js';

export { TextDecoder } from '../idl/text-decoder.js';
export { TextEncoder } from '../idl/text-encoder.js';
export { TextDecoderStream, TextEncoderStream } from '../idl/streams.js';
