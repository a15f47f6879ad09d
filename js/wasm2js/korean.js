// `text-encoding-wasm/korean` as the `react-native` condition resolves it: EUC-KR for every
// entry over lite, in the JavaScript build of their wasm module, instantiated at the first call in
// one of them.

import { instantiate } from '../wasm/korean-wasm2js.js';
import { addOn } from './load.js';

addOn('korean', instantiate);
