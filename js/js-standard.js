// `text-encoding-wasm/js/standard`: standard.js over the JavaScript build (see load-js.js).

import './load-js.js';

export * from './standard-hooks.js';
