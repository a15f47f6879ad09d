// `text-encoding-wasm/japanese` as the `react-native` condition resolves it: Shift_JIS, EUC-JP and ISO-2022-JP for every
// entry over lite, in the JavaScript build of their wasm module, instantiated at the first call in
// one of them.

import { instantiate } from '../wasm/japanese-wasm2js.js';
import { addOn } from './load.js';

addOn('japanese', instantiate);
