// The worker of the default entries: 'text-encoding-wasm' with '/legacy', '/standard' and
// '/detect', and '/polyfill' imported by the suite's polyfill test; its fetch handler runs the
// portable suite (suite.js).

import * as api from 'text-encoding-wasm';
import * as detect from 'text-encoding-wasm/detect';
import * as legacy from 'text-encoding-wasm/legacy';
import * as standard from 'text-encoding-wasm/standard';
import { suiteResponse } from './suite.js';

export default {
  fetch: () => suiteResponse('workers (default entries)', { api, legacy, standard, detect, loadPolyfill: () => import('text-encoding-wasm/polyfill') }),
};
