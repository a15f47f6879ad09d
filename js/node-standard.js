// `text-encoding-wasm/standard` for Node (ESM; copied to lite/node-standard.js for
// `text-encoding-wasm/lite/standard`): standard.js with the wasm read from disk (see load-node.js).

import './load-node.js';

export * from './standard-hooks.js';
