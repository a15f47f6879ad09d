// A callable gc() for the tests that watch the FinalizationRegistry free wasm handles: the
// engine's own when it was started with --expose-gc, else one V8 hands out when the flag is set
// late; null where neither works (those tests skip).

import v8 from 'node:v8';
import vm from 'node:vm';

function getGc() {
  if (typeof globalThis.gc === 'function') return globalThis.gc;
  try {
    v8.setFlagsFromString('--expose-gc');
    const gc = vm.runInNewContext('gc');
    return typeof gc === 'function' ? gc : null;
  } catch {
    return null;
  }
}

/** gc(), or null. */
export const gc = getGc();
