// `text-encoding-wasm/legacy` for Node (ESM): legacy.js with the wasm read from disk.

import './load-node.js';

export { createEncoder, encode, LegacyEncoder } from './legacy-encoder.js';
