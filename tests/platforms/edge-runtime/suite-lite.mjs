// Driver: the portable suite through the lite entries (`text-encoding-wasm/lite`, /lite/legacy,
// /lite/standard) with every add-on, imported after a first use of lite (a CJK label refused until
// its add-on is imported, with the RangeError naming it): each add-on's module is one more wasm
// module the platform compiles, registered with the core already in use.

import * as api from 'text-encoding-wasm/lite';
import * as legacy from 'text-encoding-wasm/lite/legacy';
import * as standard from 'text-encoding-wasm/lite/standard';
import { firstUse, runSuite } from '../../portable/suite.mjs';
import { report } from './report.mjs';

/** The add-ons in import order, each with a label of its own encodings. */
const ADD_ONS = [
  ['japanese', 'shift_jis', () => import('text-encoding-wasm/japanese')],
  ['simplified-chinese', 'gbk', () => import('text-encoding-wasm/simplified-chinese')],
  ['traditional-chinese', 'big5', () => import('text-encoding-wasm/traditional-chinese')],
  ['korean', 'euc-kr', () => import('text-encoding-wasm/korean')],
];

/** Uses lite, then imports each add-on once lite refuses its label as it should; throws otherwise. */
async function importAddOnsAfterUse() {
  if (new api.TextDecoder('windows-1252').decode(Uint8Array.of(0x80)) !== '\u20ac') throw new Error('lite did not decode windows-1252');
  for (const [language, label, load] of ADD_ONS) {
    let refusal = null;
    try {
      new api.TextDecoder(label);
    } catch (error) {
      refusal = error;
    }
    if (!(refusal instanceof RangeError) || !refusal.message.includes(`text-encoding-wasm/${language}`)) {
      throw new Error(`before its add-on, ${label} should throw a RangeError naming text-encoding-wasm/${language}; got ${refusal}`);
    }
    await load();
  }
}

report(
  async () => {
    await importAddOnsAfterUse();
    return runSuite({ api, legacy, standard, expectSharedArrayBuffer: false });
  },
  () => ({ smoke: firstUse(api) }),
);
