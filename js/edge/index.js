// `text-encoding-wasm` for Cloudflare Workers and Vercel Edge (the `workerd` and `edge-light`
// conditions): the four classes, ponyfill style (nothing global is touched). The core is the wasm,
// imported as a module the platform compiles, and instantiated on first use (load.js).
// TextDecoderStream and TextEncoderStream are `undefined` where the host has no TransformStream.

import './load.js';

export { TextDecoder } from '../idl/text-decoder.js';
export { TextEncoder } from '../idl/text-encoder.js';
export { TextDecoderStream, TextEncoderStream } from '../idl/streams.js';
