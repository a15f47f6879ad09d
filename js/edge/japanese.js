// `text-encoding-wasm/japanese` for Cloudflare Workers and Vercel Edge: Shift_JIS, EUC-JP and ISO-2022-JP for every entry over lite
// (the classes, the stream classes, the legacy encoders, the standard's hooks). Their wasm module
// is imported as a module the platform compiles and instantiated at the first call in one of them.

import wasmModule from '../wasm/japanese.wasm?module';
import { addOn } from './load.js';

addOn('japanese', wasmModule);
