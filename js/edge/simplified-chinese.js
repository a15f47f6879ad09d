// `text-encoding-wasm/simplified-chinese` for Cloudflare Workers and Vercel Edge: GBK and gb18030 for every entry over lite
// (the classes, the stream classes, the legacy encoders, the standard's hooks). Their wasm module
// is imported as a module the platform compiles and instantiated at the first call in one of them.

import wasmModule from '../wasm/simplified-chinese.wasm?module';
import { addOn } from './load.js';

addOn('simplified-chinese', wasmModule);
