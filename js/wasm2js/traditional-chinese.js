// `text-encoding-wasm/traditional-chinese` as the `react-native` condition resolves it: Big5 for every
// entry over lite, in the JavaScript build of their wasm module, instantiated at the first call in
// one of them.

import { instantiate } from '../wasm/traditional-chinese-wasm2js.js';
import { addOn } from './load.js';

addOn('traditional-chinese', instantiate);
