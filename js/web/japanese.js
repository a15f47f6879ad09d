// `text-encoding-wasm/japanese` for browsers, bundlers and Deno: Shift_JIS, EUC-JP and ISO-2022-JP for every entry over lite
// (the classes, the stream classes, the legacy encoders, the standard's hooks). Their wasm module
// is inlined and instantiated at the first call in one of them.

import text from '../wasm/japanese-inline.js';
import { addOn } from './load.js';

addOn('japanese', text);
