// Runs one bundled driver in Vercel's edge-runtime as a deployed edge runs it (started by
// scripts/platforms/edge-runtime.mjs): `node host.mjs BUNDLE.js MODULES.json`.
// The EdgeRuntime refuses code generation from strings and from wasm bytes; the bundle's
// `*.wasm?module` imports read globals (MODULES.json: global name → .wasm file) that hold
// WebAssembly.Modules compiled here, outside the sandbox, as the platform compiles the modules a
// deployment ships. Prints `@@refused <message>` (compiling bytes inside must fail), then the
// driver's own result line (`globalThis.__result`, a promise of a `@@portable-result` line).

import { readFileSync } from 'node:fs';
import edgeRuntime from 'edge-runtime';

const { EdgeRuntime } = edgeRuntime;

/** The smallest wasm module: the magic number and version, which any engine that may compile compiles. */
const EMPTY_MODULE = 'Uint8Array.of(0, 97, 115, 109, 1, 0, 0, 0)';

/** The runtime, with each module of `modules` (global name → .wasm file) compiled outside and given to it. */
function createRuntime(modules) {
  return new EdgeRuntime({
    codeGeneration: { strings: false, wasm: false },
    extend: (context) => {
      for (const [name, file] of Object.entries(modules)) {
        Object.defineProperty(context, name, { value: new WebAssembly.Module(readFileSync(file)), enumerable: false });
      }
      return context;
    },
  });
}

/** What compiling wasm bytes inside the runtime gives: the refusal's message, or 'compiled'. */
function refusal(runtime) {
  try {
    runtime.evaluate(`new WebAssembly.Module(${EMPTY_MODULE})`);
    return 'compiled';
  } catch (error) {
    return `${error && error.name}: ${error && error.message}`;
  }
}

const [bundleFile, modulesFile] = process.argv.slice(2);
const runtime = createRuntime(JSON.parse(readFileSync(modulesFile, 'utf8')));
console.log(`@@refused ${refusal(runtime)}`);
try {
  runtime.evaluate(readFileSync(bundleFile, 'utf8'));
  console.log(await runtime.evaluate('globalThis.__result'));
} catch (error) {
  // The bundle threw while its modules were evaluated (before the driver could report).
  const message = String(error && error.stack ? error.stack : error);
  console.log(`@@portable-result ${JSON.stringify({ passed: 0, failed: 1, skipped: 0, results: [{ name: 'load', status: 'fail', message }] })}`);
}
