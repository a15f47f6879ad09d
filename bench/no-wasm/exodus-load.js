// Imported by the bench/no-wasm.mjs bundle between our entry and @exodus/bytes': what touches the
// prelude from here on is @exodus/bytes loading.

import { setPhase } from './prelude.js';

setPhase('@exodus/bytes load');
