// The worker of the default entries (full.js) with the package's host-acceleration switch set
// first (host-switch.js), so that the portable suite runs on the wasm core alone.

import './host-switch.js';

export { default } from './full.js';
