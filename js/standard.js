// `text-encoding-wasm/standard` for browsers, bundlers and Deno (the build also copies it to
// lite/standard.js for `text-encoding-wasm/lite/standard`, bound to the lite wasm): the Encoding
// Standard's hooks for other standards, the URL Standard's percent-encode after encoding and
// Infra's isomorphic decode/encode (see standard-hooks.js). The wasm is inlined (see load-web.js).

import './load-web.js';

export * from './standard-hooks.js';
