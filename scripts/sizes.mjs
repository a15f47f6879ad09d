// What each entry of the built package costs a browser bundle: esbuild --bundle --minify (ESM,
// browser platform), brotli quality 11, in bytes. Shared by the size check of `npm test`
// (tests/js/size.test.mjs, against tests/size-record.json) and the bench's bundle-size table.
//
//   node scripts/sizes.mjs            print the sizes of pkg/ (or $TEW_PKG, or --pkg DIR)
//   node scripts/sizes.mjs --record   write them to tests/size-record.json (after a size fell)
//   node scripts/sizes.mjs --parts    also where the bytes go: each bundle's JavaScript without the
//                                     text of the wasm modules it inlines, and each module's code and
//                                     data sections

import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants } from 'node:zlib';
import { build } from 'esbuild';
import { ADD_ON_MODULES, ADD_ONS, addOnSubpath, entryFile, GENERATED, packageDir, root } from './lib/package.mjs';
import { wasmSections } from './lib/wasm-sections.mjs';
/** The record the size check compares with. */
export const recordPath = join(root, 'tests', 'size-record.json');

/** Brotli (quality 11) size of `bytes`. */
export function brotliSize(bytes) {
  return brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } }).length;
}

/** The bundles measured: what an application's import of each entry ships. */
const classes = (subpath) => `export { TextDecoder, TextEncoder, TextDecoderStream, TextEncoderStream } from 'PKG/${entryFile(subpath, 'web')}';`;
const addOn = (name) => `import 'PKG/${entryFile(addOnSubpath(name), 'web')}';`;
const legacyEncode = `export { encode } from 'PKG/${entryFile('./lite/legacy', 'web')}';`;
const BUNDLES = {
  full: classes('.'),
  lite: classes('./lite'),
  'lite/legacy': `export { encode, createEncoder } from 'PKG/${entryFile('./lite/legacy', 'web')}';`,
  // Each add-on over lite, and the apps of one language: a Japanese web app that exports a
  // Shift_JIS file (the legacy encoder only), and one that reads them (TextDecoder only).
  ...Object.fromEntries(ADD_ONS.map((language) => [`lite + ${language}`, `${classes('./lite')} ${addOn(language)}`])),
  'lite + every add-on': `${classes('./lite')} ${ADD_ONS.map(addOn).join(' ')}`,
  // The apps of one language and one direction: an app that only writes files in its legacy
  // encoding (`encode` of lite/legacy, the add-on's encoders), and one that only reads them.
  ...Object.fromEntries(ADD_ONS.map((language) => [`lite/legacy + ${language}/encode`, `${legacyEncode} ${addOn(`${language}-encode`)}`])),
  'Shift_JIS export (lite/legacy + japanese/encode)': `${legacyEncode} ${addOn('japanese-encode')}`,
  'Shift_JIS decode (lite + japanese/decode)': `export { TextDecoder } from 'PKG/${entryFile('./lite', 'web')}'; ${addOn('japanese-decode')}`,
  'full + legacy': `${classes('.')} export { encode, createEncoder } from 'PKG/${entryFile('./legacy', 'web')}';`,
  standard: `export * from 'PKG/${entryFile('./standard', 'web')}';`,
  // The JavaScript build (wasm2js of the same wasm), for hosts without WebAssembly.
  'js (JavaScript build)': classes('./js'),
  // The detector: its own wasm (inlined) and its door, no codec.
  detect: `export { detect, createDetector } from 'PKG/${entryFile('./detect', 'web')}';`,
  'js/detect (JavaScript build)': `export { detect, createDetector } from 'PKG/${entryFile('./js/detect', 'web')}';`,
};

/**
 * A browser app that loads the polyfill only where the host needs it: the probes alone
 * (`/polyfill/check`), and the polyfill as a dynamic import that the bundler splits off.
 */
const POLYFILL_WHEN_NEEDED = `import { hostFaults, needsImplementation } from 'PKG/${entryFile('./polyfill/check', 'web')}';
if (needsImplementation(hostFaults())) import('PKG/${entryFile('./polyfill', 'web')}');`;

/**
 * The sizes of the package at `pkgDir`: each bundle above (every output file counted), the first
 * chunk of an app that loads the polyfill only where needed (what a host whose classes are right
 * loads: the polyfill is a split-off dynamic import), and each wasm alone.
 */
export async function measure(pkgDir) {
  const out = {};
  // A bundle listed under two names (the Shift_JIS export is also japanese's encode-only row) is built once.
  const bySource = new Map();
  for (const [name, source] of Object.entries(BUNDLES)) {
    if (!bySource.has(source)) bySource.set(source, await bundleSize(pkgDir, source));
    out[name] = bySource.get(source);
  }
  out.polyfill = await bundleSize(pkgDir, `export * from 'PKG/${entryFile('./polyfill', 'web')}';`);
  const dir = mkdtempSync(join(tmpdir(), 'tew-sizes-'));
  try {
    const r = await build({
      stdin: { contents: POLYFILL_WHEN_NEEDED.replaceAll('PKG', pkgDir), resolveDir: root, loader: 'js', sourcefile: 'app.js' },
      bundle: true,
      minify: true,
      splitting: true,
      outdir: dir,
      write: false,
      format: 'esm',
      platform: 'browser',
      logLevel: 'silent',
    });
    const entry = r.outputFiles.find((f) => /[\\/]stdin\.js$/.test(f.path));
    // The entry chunk plus any chunk it imports statically (a dynamic import is not loaded).
    const statics = [...entry.text.matchAll(/\bfrom\s*"\.\/([^"]+)"/g)].map((m) => m[1]);
    let total = brotliSize(Buffer.from(entry.contents));
    for (const name of statics) total += brotliSize(Buffer.from(r.outputFiles.find((f) => f.path.endsWith(`/${name}`)).contents));
    out['polyfill/check, host right'] = total;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  out['wasm alone'] = brotliSize(readFileSync(join(pkgDir, GENERATED.wasm)));
  out['lite wasm alone'] = brotliSize(readFileSync(join(pkgDir, GENERATED.liteWasm)));
  out['detect wasm alone'] = brotliSize(readFileSync(join(pkgDir, GENERATED.detectWasm)));
  for (const name of ADD_ON_MODULES) out[`${name} wasm alone`] = brotliSize(readFileSync(join(pkgDir, 'lite', 'wasm', `${name}.wasm`)));
  return out;
}

/**
 * The brotli size of the bundle of `source` (every output file counted). With `withoutModuleText`,
 * each wasm module's text in the package's files (two letters a byte: the web folders' inlined
 * modules, the JavaScript build's data segments) is cut to an empty string first, so what is left
 * is the bundle's JavaScript.
 */
async function bundleSize(pkgDir, source, withoutModuleText = false) {
  const plugin = {
    name: 'without-module-text',
    setup(b) {
      b.onLoad({ filter: /\.js$/ }, (args) => {
        const text = readFileSync(args.path, 'utf8');
        const cut = text.replace(MODULE_TEXT, '$1$1');
        return cut === text ? undefined : { contents: cut, loader: 'js' };
      });
    },
  };
  const r = await build({
    stdin: { contents: source.replaceAll('PKG', pkgDir), resolveDir: root, loader: 'js' },
    bundle: true,
    minify: true,
    write: false,
    format: 'esm',
    platform: 'browser',
    logLevel: 'silent',
    plugins: withoutModuleText ? [plugin] : [],
  });
  return r.outputFiles.reduce((sum, f) => sum + brotliSize(Buffer.from(f.contents)), 0);
}

/** A string literal of a module's text: 256 letters or more of js/core/inline-wasm.js's alphabet. */
const MODULE_TEXT = /(['"])[a-pA-P]{256,}\1/g;

/** The wasm modules of the package (paths under it). */
const MODULES = [GENERATED.wasm, GENERATED.liteWasm, ...ADD_ON_MODULES.map((name) => `lite/wasm/${name}.wasm`), GENERATED.detectWasm];

/** The raw bytes of the code (10) and data (11) sections of the wasm module `bytes`. */
function codeAndData(bytes) {
  const { 10: code, 11: data } = wasmSections(bytes);
  return { code: bytes.subarray(code.start, code.end), data: bytes.subarray(data.start, data.end) };
}

/**
 * Where the bytes go (brotli of each part alone, so parts add up only roughly): each bundle whole
 * (from `sizes`, measure's result) and its JavaScript alone (the rest is the text of the modules
 * it carries: whole modules in the web folders, data segments in the JavaScript build, whose code
 * is JavaScript), and each wasm module whole, its code section and its data section (the tables).
 */
export async function measureParts(pkgDir, sizes) {
  const bundles = {};
  for (const [name, source] of Object.entries(BUNDLES)) bundles[name] = { whole: sizes[name], js: await bundleSize(pkgDir, source, true) };
  const modules = {};
  for (const path of MODULES) {
    const bytes = readFileSync(join(pkgDir, path));
    const { code, data } = codeAndData(bytes);
    modules[path] = { whole: brotliSize(bytes), code: brotliSize(code), data: brotliSize(data) };
  }
  return { bundles, modules };
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const pkgDir = packageDir();
  const sizes = await measure(pkgDir);
  for (const [name, n] of Object.entries(sizes)) console.log(`${name.padEnd(42)} ${String(n).padStart(7)} B  ${(n / 1024).toFixed(1)} KiB`);
  if (process.argv.includes('--parts')) {
    const { bundles, modules } = await measureParts(pkgDir, sizes);
    const row = (cells) => console.log(cells.map((c, k) => (k === 0 ? String(c).padEnd(42) : String(c).padStart(9))).join(' '));
    console.log('\nwhere the bytes go (brotli of each part alone)');
    row(['bundle', 'whole', 'JS alone', 'the rest']);
    for (const [name, b] of Object.entries(bundles)) row([name, b.whole, b.js, b.whole - b.js]);
    console.log('("the rest": the inlined wasm modules\' text; in the JavaScript builds, their data segments)');
    row(['wasm module', 'whole', 'code', 'data']);
    for (const [path, m] of Object.entries(modules)) row([path, m.whole, m.code, m.data]);
  }
  if (process.argv.includes('--record')) {
    writeFileSync(recordPath, `${JSON.stringify(sizes, null, 2)}\n`);
    console.log(`recorded in ${recordPath}`);
  }
}
