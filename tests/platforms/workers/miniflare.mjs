// `node miniflare.mjs '<workers JSON>'` (Node 24: Miniflare needs Node 22.12 or later): runs the
// bundled workers in one Miniflare, the one `wrangler dev` runs, and fetches each once. The JSON
// is an array of { name, script, compatibilityDate }: `script` the main module that
// `wrangler deploy --dry-run --outdir` wrote; the `.wasm` files beside it are its CompiledWasm
// modules (Wrangler's default rule), listed as `wrangler dev` lists a bundle's modules. Prints one
// line per worker, `@@worker NAME STATUS BODY` (the body as a JSON string), for
// scripts/platforms/workers.mjs to read.

import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { Miniflare, convertV4MiniflareOptions } from 'miniflare';

/** Miniflare's description of one worker: its main module first, then its `.wasm` modules; no nodejs_compat. */
function workerOptions({ name, script, compatibilityDate }) {
  const dir = dirname(script);
  const wasm = readdirSync(dir).filter((f) => f.endsWith('.wasm')).sort();
  return {
    name,
    modulesRoot: dir,
    modules: [{ type: 'ESModule', path: script }, ...wasm.map((f) => ({ type: 'CompiledWasm', path: join(dir, f) }))],
    compatibilityDate,
  };
}

const workers = JSON.parse(process.argv[2]);
const mf = new Miniflare(convertV4MiniflareOptions({ cf: false, workers: workers.map(workerOptions) }));
try {
  await mf.ready;
  for (const { name } of workers) {
    const worker = await mf.getWorker(name);
    const response = await worker.fetch('http://localhost/');
    console.log(`@@worker ${name} ${response.status} ${JSON.stringify(await response.text())}`);
  }
} finally {
  await mf.dispose();
}
