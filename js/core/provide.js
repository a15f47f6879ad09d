// `text-encoding-wasm/provide`: hands the package compiled wasm modules before their first use,
// for platforms that compile wasm only from modules they were given, never from bytes (the web
// entries' inlined modules are bytes). The web and edge entries then take the provided module
// (core/provided-wasm.js); the Node entries read the .wasm files from disk and need none.
//
//   import { provideWasm } from 'text-encoding-wasm/provide';
//   import core from 'text-encoding-wasm/wasm/core.wasm';  // however the platform imports a module
//   provideWasm({ core });

import { loadedOtherwise, recordProvided, WASM_NAMES } from './provided-wasm.js';

export { WASM_NAMES };

const tagOf = Function.prototype.call.bind(Object.prototype.toString);

/**
 * Hands the package compiled modules: `modules` maps names of WASM_NAMES to a WebAssembly.Module
 * of that file (of any realm: a platform may compile it outside the sandbox that runs the code).
 * Must come before the first use of that module, else an Error says so; a name or a value that is
 * not one of these is a TypeError. Nothing is recorded unless every member is right.
 */
export function provideWasm(modules) {
  if (typeof modules !== 'object' || modules === null) {
    throw new TypeError("Failed to execute 'provideWasm': the argument must be an object of WebAssembly.Module values by name");
  }
  const names = Object.keys(modules);
  for (const name of names) {
    if (!WASM_NAMES.includes(name)) throw new TypeError(`Failed to execute 'provideWasm': '${name}' is not one of the package's modules (${WASM_NAMES.join(', ')})`);
    if (tagOf(modules[name]) !== '[object WebAssembly.Module]') {
      throw new TypeError(`Failed to execute 'provideWasm': '${name}' must be a WebAssembly.Module (the compiled wasm/${name}.wasm)`);
    }
    if (loadedOtherwise(name, modules[name])) {
      throw new Error(`text-encoding-wasm: provideWasm: the '${name}' module was already loaded (its first use came before provideWasm); provide it before the package is first used`);
    }
  }
  for (const name of names) recordProvided(name, modules[name]);
}
