// Sets the core's loader for platforms that compile wasm only from modules they were given, never
// from bytes: Cloudflare Workers (the `workerd` export condition) and Vercel Edge, Next.js edge
// routes and middleware (`edge-light`). The wasm is imported as a module,
// `../wasm/core.wasm?module`, which their bundlers turn into a WebAssembly.Module that the
// platform compiles (Wrangler's default CompiledWasm rule takes `*.wasm` and `*.wasm?module`;
// Next.js documents `?module` for wasm in edge code), and it is instantiated synchronously on
// first use; the add-ons' modules (addOn) the same way. A module the application provided
// (core/provided-wasm.js) comes first.

import { addCodecs, setLoader } from '../core/instance.js';
import { addOnModule } from '../core/labels.js';
import { providedWasm } from '../core/provided-wasm.js';
import wasmModule from '../wasm/core.wasm?module';
import { instantiate, moduleName } from '../wasm/instantiate.js';

setLoader(() => instantiate(providedWasm(moduleName) || wasmModule));

/**
 * Registers the add-on module `name` (japanese.js, japanese-encode.js, ...): its encodings' module, imported as the
 * WebAssembly.Module `module`, instantiated at the first call in one of them.
 */
export function addOn(name, module) {
  addCodecs(name, addOnModule(name), () => instantiate(providedWasm(name) || module));
}
