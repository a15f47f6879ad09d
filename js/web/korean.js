// `text-encoding-wasm/korean` for browsers, bundlers and Deno: EUC-KR for every entry over lite
// (the classes, the stream classes, the legacy encoders, the standard's hooks). Their wasm module
// is inlined and instantiated at the first call in one of them.

import text from '../wasm/korean-inline.js';
import { addOn } from './load.js';

addOn('korean', text);
