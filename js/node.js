// The Node ESM entry (`text-encoding-wasm` under the "node" + "import" conditions; copied to
// lite/node.js for `text-encoding-wasm/lite`): the same four classes as index.js, with the wasm
// read from disk (see load-node.js).

import './load-node.js';

export { TextDecoder } from './text-decoder.js';
export { TextEncoder } from './text-encoder.js';
export { TextDecoderStream, TextEncoderStream } from './streams.js';
