// The worker of the lite entries with every add-on imported after a first use of lite: '/lite',
// '/lite/legacy' and '/lite/standard', then, in the request, a decode and an encode of lite and
// the imports of '/japanese', '/simplified-chinese', '/traditional-chinese' and '/korean'; then
// the portable suite (suite.js).

import * as api from 'text-encoding-wasm/lite';
import * as legacy from 'text-encoding-wasm/lite/legacy';
import * as standard from 'text-encoding-wasm/lite/standard';
import { suiteResponse } from './suite.js';

/** Lite in use (its module instantiated, a decoder and an encoder alive), then the add-ons. */
async function useLiteThenAddOns() {
  const pending = new api.TextDecoder('windows-1252');
  if (pending.decode(Uint8Array.of(0x80)) !== '\u20ac' || new api.TextEncoder().encode('\u00e9').length !== 2) throw new Error('lite did not decode before the add-ons');
  await import('text-encoding-wasm/japanese');
  await import('text-encoding-wasm/simplified-chinese');
  await import('text-encoding-wasm/traditional-chinese');
  await import('text-encoding-wasm/korean');
}

export default {
  fetch: () => suiteResponse('workers (lite, then add-ons)', { api, legacy, standard }, useLiteThenAddOns),
};
