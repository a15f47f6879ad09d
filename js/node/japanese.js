// `text-encoding-wasm/japanese` for Node: Shift_JIS, EUC-JP and ISO-2022-JP for every entry over lite (the classes, the
// stream classes, the legacy encoders, the standard's hooks). Their wasm module is read from disk
// at the first call in one of them (its JavaScript build where WebAssembly is off).

import { addOn } from './load.js';

addOn('japanese');
