// `text-encoding-wasm/traditional-chinese` for browsers, bundlers and Deno: Big5 for every entry over lite
// (the classes, the stream classes, the legacy encoders, the standard's hooks). Their wasm module
// is inlined and instantiated at the first call in one of them.

import text from '../wasm/traditional-chinese-inline.js';
import { addOn } from './load.js';

addOn('traditional-chinese', text);
