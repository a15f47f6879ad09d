// `text-encoding-wasm/simplified-chinese` for Node: GBK and gb18030 for every entry over lite (the classes, the
// stream classes, the legacy encoders, the standard's hooks). Their wasm module is read from disk
// at the first call in one of them (its JavaScript build where WebAssembly is off).

import { addOn } from './load.js';

addOn('simplified-chinese');
