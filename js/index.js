// The ESM entry for browsers, bundlers and Deno (`text-encoding-wasm`; the build also copies it to
// lite/index.js for `text-encoding-wasm/lite`, where it binds to the lite wasm): the four classes,
// ponyfill style; nothing global is touched. The wasm is inlined (see load-web.js).
// TextDecoderStream and TextEncoderStream are `undefined` where the host has no TransformStream.

import './load-web.js';

export { TextDecoder } from './text-decoder.js';
export { TextEncoder } from './text-encoder.js';
export { TextDecoderStream, TextEncoderStream } from './streams.js';
