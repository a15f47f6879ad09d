// `text-encoding-wasm/standard` for Cloudflare Workers and Vercel Edge.
// The Encoding Standard's hooks for other standards, the URL Standard's percent-encode after
// encoding and Infra's isomorphic decode and encode (idl/standard-hooks.js).

import './load.js';

export * from '../idl/standard-hooks.js';
