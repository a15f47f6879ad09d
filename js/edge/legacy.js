// `text-encoding-wasm/legacy` for Cloudflare Workers and Vercel Edge.
// Encoders for every encoding the standard can encode to, in its error modes
// (idl/legacy-encoder.js). TextEncoder itself stays UTF-8 only.

import './load.js';

export { createEncoder, encode, LegacyEncoder } from '../idl/legacy-encoder.js';
