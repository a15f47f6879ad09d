// Driver: the portable suite through the lite entries with every add-on imported first, as an
// app's module imports them (`text-encoding-wasm/lite` and its legacy and standard entries, then
// japanese, simplified-chinese, traditional-chinese, korean).

import 'text-encoding-wasm/korean';
import 'text-encoding-wasm/traditional-chinese';
import 'text-encoding-wasm/simplified-chinese';
import 'text-encoding-wasm/japanese';
import * as api from 'text-encoding-wasm/lite';
import * as legacy from 'text-encoding-wasm/lite/legacy';
import * as standard from 'text-encoding-wasm/lite/standard';
import { firstUse, runSuite } from '../../portable/suite.mjs';
import { report } from './report.mjs';

report(
  () => runSuite({ api, legacy, standard, expectSharedArrayBuffer: false }),
  () => ({ smoke: firstUse(api) }),
);
