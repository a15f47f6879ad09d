// `text-encoding-wasm/simplified-chinese` for browsers, bundlers and Deno: GBK and gb18030 for every entry over lite
// (the classes, the stream classes, the legacy encoders, the standard's hooks). Their wasm module
// is inlined and instantiated at the first call in one of them.

import text from '../wasm/simplified-chinese-inline.js';
import { addOn } from './load.js';

addOn('simplified-chinese', text);
