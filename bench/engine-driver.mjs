// Runs bench/suite.js sections inside the engine that runs this file (Node, Bun or Deno) and hands
// their data back as JSON; started by bench/engines.mjs (`npm run bench -- --engines`) as
//
//   <engine> [flags] bench/engine-driver.mjs CONFIG HOST
//
// CONFIG is a JSON file written by bench/engines.mjs: { pkg, core, files: [{row, lang, kind,
// label, path}], sections: [[name, rounds]], opts: {targetMs}, iconv }. `pkg` is the built package,
// `core` a copy of it loaded with the host acceleration off (the "ours, core" column); HOST is the
// package folder to load ('node': node/index.js and node/legacy.js; 'web': web/...). The peers come
// from the repository's node_modules: @exodus/bytes, encoding-japanese, and iconv-lite where
// `iconv` is set (Node and Bun). The inputs are the same files as in bench/run.mjs, prepared by the
// same code. Progress goes to stderr; the result is one line on stdout, `@@bench-result {json}`.

import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import process from 'node:process';
import { pathToFileURL } from 'node:url';
import { sinkValue } from './harness.js';
import { contenders, importForcedCore, legacyDecoders, legacyEncoders, prepare, runSection } from './suite.js';

const [configPath, host] = process.argv.slice(2);
const config = JSON.parse(readFileSync(configPath, 'utf8'));
const engine = globalThis.Bun
  ? `Bun ${globalThis.Bun.version}`
  : globalThis.Deno
    ? `Deno ${globalThis.Deno.version.deno} (V8 ${globalThis.Deno.version.v8})`
    : `Node ${process.version} (V8 ${process.versions.v8})`;
const log = (...a) => console.error(`bench (${engine.split(' (')[0]}):`, ...a);
/** A full garbage collection before each row: Node and Deno with --expose-gc, Bun's own call. */
const gc = typeof globalThis.gc === 'function' ? () => globalThis.gc() : globalThis.Bun ? () => globalThis.Bun.gc(true) : null;

const errors = [];
/** Imports `what` (a thunk); null, with a note, when it fails. */
async function optional(name, what) {
  try {
    return await what();
  } catch (e) {
    errors.push(`${name} did not load: ${e && e.message ? e.message.split('\n')[0] : e}`);
    return null;
  }
}

const fileOf = (dir, name) => pathToFileURL(join(dir, host, name)).href;
const ours = await import(fileOf(config.pkg, 'index.js'));
const oursLegacy = await optional('our legacy entry', () => import(fileOf(config.pkg, 'legacy.js')));
// The forced core: the copy's modules are evaluated with the switch on (suite.js importForcedCore).
const core = await optional('the forced-core copy', () => importForcedCore(() => import(fileOf(config.core, 'index.js'))));
const exodus = await optional('@exodus/bytes', () => import('@exodus/bytes/encoding.js'));
const exodusLegacy = await optional('@exodus/bytes legacy encoders', async () => ({ ...(await import('@exodus/bytes/multi-byte.js')), ...(await import('@exodus/bytes/single-byte.js')) }));
const encodingJapanese = await optional('encoding-japanese', async () => {
  const m = await import('encoding-japanese');
  return m.default ?? m;
});
const iconv = config.iconv ? await optional('iconv-lite', () => createRequire(import.meta.url)('iconv-lite')) : null;

const files = config.files.map((f) => ({ ...f, bytes: new Uint8Array(readFileSync(f.path)) }));
const prepared = prepare(files, ours);
const env = {
  list: contenders(ours, globalThis, { 'ours, core': core, '@exodus/bytes': exodus }, legacyDecoders({ iconv, encodingJapanese })),
  legacyList: legacyEncoders(oursLegacy, { exodus: exodusLegacy, iconv, encodingJapanese }),
  ours,
  where: engine.split(' (')[0],
};

const sections = {};
for (const [name, rounds] of config.sections) {
  const t0 = Date.now();
  sections[name] = runSection(name, env, prepared, { ...config.opts, rounds, gc });
  log(`${name}: ${((Date.now() - t0) / 1000).toFixed(0)} s`);
}

const result = {
  engine,
  gc: gc !== null,
  contenders: env.list.map((c) => c.name),
  legacyEncoders: env.legacyList.map((c) => c.name),
  errors,
  sections,
  sink: sinkValue(),
};
console.log(`@@bench-result ${JSON.stringify(result)}`);
