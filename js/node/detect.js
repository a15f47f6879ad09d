// `text-encoding-wasm/detect` for Node: which encoding are these bytes in? (idl/detect.js). The
// detector is its own wasm, apart from the codecs' core: on first use ../wasm/detect.wasm is read
// from disk and instantiated synchronously or, where WebAssembly is off (`node --jitless`,
// `--no-expose-wasm`), its JavaScript build (../wasm/detect-wasm2js.cjs) is required. Node's
// built-in modules come as in load.js: process.getBuiltinModule, or require in the CommonJS twin.

import { setDetectorLoader } from '../core/detect-instance.js';
import { instantiate } from '../wasm/detect-instantiate.js';

// Captured now: a host patched after the package has loaded is never trusted.
const getBuiltinModule =
  typeof process === 'object' && process !== null && typeof process.getBuiltinModule === 'function' ? process.getBuiltinModule : null;

/** A Node built-in module, loaded synchronously. */
function builtin(name) {
  if (getBuiltinModule !== null) return getBuiltinModule(name);
  if (typeof require === 'function') return require(name); // the CommonJS twin
  throw new Error(
    `text-encoding-wasm: this Node (${typeof process === 'object' ? process.version : 'unknown'}) has no process.getBuiltinModule, which the ES module entries need (Node 20.16, 22.3 and later have it); update Node, or load the package with require()`,
  );
}

/** This file's location: its URL here, its path in the CommonJS twin (where import.meta is empty). */
const here = import.meta.url || __filename;

setDetectorLoader(() => {
  const requireHere = builtin('node:module').createRequire(here);
  if (typeof WebAssembly !== 'object' || WebAssembly === null) return requireHere('../wasm/detect-wasm2js.cjs').instantiate();
  return instantiate(builtin('node:fs').readFileSync(requireHere.resolve('../wasm/detect.wasm')));
});

export { createDetector, detect } from '../idl/detect.js';
