// The worker of the lite entries with every add-on imported before them, the way an app writes
// it: '/korean', '/traditional-chinese', '/simplified-chinese', '/japanese', then '/lite',
// '/lite/legacy' and '/lite/standard'; its fetch handler runs the portable suite (suite.js).

import 'text-encoding-wasm/korean';
import 'text-encoding-wasm/traditional-chinese';
import 'text-encoding-wasm/simplified-chinese';
import 'text-encoding-wasm/japanese';
import * as api from 'text-encoding-wasm/lite';
import * as legacy from 'text-encoding-wasm/lite/legacy';
import * as standard from 'text-encoding-wasm/lite/standard';
import { suiteResponse } from './suite.js';

export default {
  fetch: () => suiteResponse('workers (lite, add-ons first)', { api, legacy, standard }),
};
