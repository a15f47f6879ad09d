// Driver: the portable suite (tests/portable/) through the package's default entries as edge code
// imports them by name (`text-encoding-wasm`, /legacy, /standard, /detect; /polyfill loaded by
// the suite's polyfill test), resolved by the edge-light condition to the package's edge/ folder.

import * as api from 'text-encoding-wasm';
import * as detect from 'text-encoding-wasm/detect';
import * as legacy from 'text-encoding-wasm/legacy';
import * as standard from 'text-encoding-wasm/standard';
import { firstUse, runSuite } from '../../portable/suite.mjs';
import { report } from './report.mjs';

report(
  () => runSuite({ api, legacy, standard, detect, loadPolyfill: () => import('text-encoding-wasm/polyfill'), expectSharedArrayBuffer: false }),
  () => ({ smoke: firstUse(api) }),
);
