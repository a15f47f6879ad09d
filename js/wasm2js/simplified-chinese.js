// `text-encoding-wasm/simplified-chinese` as the `react-native` condition resolves it: GBK and gb18030 for every
// entry over lite, in the JavaScript build of their wasm module, instantiated at the first call in
// one of them.

import { instantiate } from '../wasm/simplified-chinese-wasm2js.js';
import { addOn } from './load.js';

addOn('simplified-chinese', instantiate);
