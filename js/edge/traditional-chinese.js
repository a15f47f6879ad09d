// `text-encoding-wasm/traditional-chinese` for Cloudflare Workers and Vercel Edge: Big5 for every entry over lite
// (the classes, the stream classes, the legacy encoders, the standard's hooks). Their wasm module
// is imported as a module the platform compiles and instantiated at the first call in one of them.

import wasmModule from '../wasm/traditional-chinese.wasm?module';
import { addOn } from './load.js';

addOn('traditional-chinese', wasmModule);
