// `npm run build [-- --out DIR]`: assembles pkg/ (or DIR; also read from the TEW_PKG
// environment variable), the npm package text-encoding-wasm.
//   1. cargo builds the core for wasm32-unknown-unknown twice, both without the `std` feature
//      (no_std: panics trap without formatting, so no panic strings, core::fmt or TextDecoder in
//      the wasm or the glue): the full build (--features cjk), then the lite build (no CJK
//      encodings). Both write the same target file, so each is copied away right after its build;
//   1b. the panic entry points of core become a bare trap (see stubPanics);
//   2. the pinned wasm-bindgen CLI writes the glue (wasm.js) and wasm_bg.wasm for each: the full
//      one into the package root, the lite one into lite/;
//   3. wasm-opt shrinks and speeds up each wasm;
//   4. wasm_base64.js inlines each wasm for the ESM entries (browsers, bundlers, Deno);
//   5. js/ is copied in (lite/ gets its own copy of the modules its entries import, so the lite
//      entry is a separate module graph bound to the lite wasm), and pkg-template/;
//   6. esbuild bundles the CommonJS files (cjs/*.cjs, for `require`) from the Node entries, the
//      wasm read synchronously from disk; the .d.ts files are copied as cjs/*.d.cts.
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve as resolvePath } from 'node:path';
import { fileURLToPath } from 'node:url';
import binaryen from 'binaryen';
import { build as esbuild } from 'esbuild';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const outAt = process.argv.indexOf('--out');
const pkg = resolvePath(outAt > 0 ? process.argv[outAt + 1] : process.env.TEW_PKG || join(root, 'pkg'));
const run = (cmd, args, opts = {}) => execFileSync(cmd, args, { cwd: root, stdio: 'inherit', ...opts });

// 1. The two cargo builds, each output copied away before the next build overwrites it.
const target = process.env.CARGO_TARGET_DIR ? resolvePath(process.env.CARGO_TARGET_DIR) : join(root, 'target');
const built = join(target, 'wasm32-unknown-unknown', 'release', 'text_encoding_wasm.wasm');
const staging = join(target, 'tew-build');
mkdirSync(staging, { recursive: true });
const variants = [
  { name: 'full', features: ['--no-default-features', '--features', 'cjk'], dir: pkg },
  { name: 'lite', features: ['--no-default-features'], dir: join(pkg, 'lite') },
];
for (const v of variants) {
  run('cargo', ['build', '--lib', '--release', '--target', 'wasm32-unknown-unknown', ...v.features]);
  v.wasm = join(staging, `${v.name}.wasm`);
  copyFileSync(built, v.wasm);
  stubPanics(v.wasm);
}

/**
 * Step 1b. The core's panic handler (src/runtime.rs) traps without looking at the message, but
 * core's panic entry points (a failed bounds check, a RefCell already borrowed, ...) still build
 * the message first, and so keep core::fmt's integer and string formatting alive. Their bodies
 * become a bare trap, which is what the handler did anyway; wasm-opt then drops the formatting.
 */
function stubPanics(wasmPath) {
  const panics = /4core(?:9panicking(?:18panic_bounds_check|9panic_fmt|18panic_nounwind_fmt)|5slice5index16slice_index_fail|4cell(?:22panic_already_borrowed|30panic_already_mutably_borrowed))(?:17h[0-9a-f]{16}E)?$/;
  const module = binaryen.readBinary(readFileSync(wasmPath));
  const F = binaryen.Features;
  module.setFeatures(F.MVP | F.BulkMemory | F.BulkMemoryOpt | F.CallIndirectOverlong | F.SignExt | F.NontrappingFPToInt | F.MutableGlobals | F.ReferenceTypes | F.Multivalue);
  const found = [];
  for (let i = 0; i < module.getNumFunctions(); i++) {
    const info = binaryen.getFunctionInfo(module.getFunctionByIndex(i));
    if (info.body && panics.test(info.name)) found.push(info);
  }
  if (found.length === 0) throw new Error('build: no core panic entry point found in the wasm; update stubPanics in scripts/build.mjs');
  for (const info of found) {
    module.removeFunction(info.name);
    module.addFunction(info.name, info.params, info.results, info.vars, module.unreachable());
  }
  if (!module.validate()) throw new Error('build: the wasm does not validate after stubbing the panic entry points');
  writeFileSync(wasmPath, module.emitBinary());
  module.dispose();
}

rmSync(pkg, { recursive: true, force: true });
for (const v of variants) {
  mkdirSync(v.dir, { recursive: true });
  v.size = bindgen(v.wasm, v.dir);
}

/** Steps 2–4 for one wasm: glue and wasm_bg.wasm into `dir`, optimized, plus wasm_base64.js. */
function bindgen(wasm, dir) {
  run('wasm-bindgen', ['--target', 'web', '--no-typescript', '--out-dir', dir, '--out-name', 'wasm', wasm]);

  // The glue's async init falls back to fetching wasm_bg.wasm next to itself; bundlers would copy
  // that file as an asset. Our entries always pass the module in, so the fallback goes.
  const gluePath = join(dir, 'wasm.js');
  let glue = readFileSync(gluePath, 'utf8');
  const fallback = "module_or_path = new URL('wasm_bg.wasm', import.meta.url);";
  if (!glue.includes(fallback)) throw new Error('build: the wasm-bindgen glue changed shape; update scripts/build.mjs');
  glue = glue.replace(fallback, "throw new Error('text-encoding-wasm: the wasm module must be passed in');");
  if (/TextDecoder|TextEncoder/.test(glue)) {
    throw new Error('build: the wasm-bindgen glue uses TextDecoder/TextEncoder; a String crossed the boundary');
  }
  writeFileSync(gluePath, glue);

  const wasmPath = join(dir, 'wasm_bg.wasm');
  const features = ['--enable-bulk-memory', '--enable-sign-ext', '--enable-nontrapping-float-to-int', '--enable-mutable-globals', '--enable-reference-types', '--enable-multivalue'];
  // binaryen from npm (pinned in package.json): Debian's older wasm-opt breaks the externref table.
  // The producers and target_features custom sections are metadata that no engine reads.
  run(join(root, 'node_modules/.bin/wasm-opt'), ['-O3', ...features, '--strip-producers', '--strip-target-features', wasmPath, '-o', wasmPath]);
  const wasmBytes = readFileSync(wasmPath);
  writeFileSync(
    join(dir, 'wasm_base64.js'),
    `// The wasm core, base64-encoded, so the ESM entry needs no fetch and no bundler configuration.\nexport default '${wasmBytes.toString('base64')}';\n`,
  );
  return wasmBytes.length;
}

// 5. js/ and pkg-template/.
const jsDir = join(root, 'js');
for (const name of readdirSync(jsDir)) {
  if (name.endsWith('.js') || name.endsWith('.d.ts')) copyFileSync(join(jsDir, name), join(pkg, name));
}
for (const name of readdirSync(join(root, 'pkg-template'))) {
  copyFileSync(join(root, 'pkg-template', name), join(pkg, name));
}
// lite/: the modules its two entries (index.js for the web, node.js for Node) import, so that
// they bind to the lite wasm (boundary.js holds the wasm instance per module graph).
const liteModules = ['index.js', 'node.js', 'load-web.js', 'load-node.js', 'boundary.js', 'webidl.js', 'text-decoder.js', 'text-encoder.js', 'streams.js'];
for (const name of liteModules) copyFileSync(join(jsDir, name), join(pkg, 'lite', name));

// 6. CommonJS. One bundle (cjs/core.cjs) holds the full module graph, so every `require`d entry
// shares one wasm instance and the same classes; cjs/lite.cjs is the lite graph. In the bundles,
// load-node.js finds wasm_bg.wasm from __dirname instead of import.meta.url.
const cjsDir = join(pkg, 'cjs');
mkdirSync(cjsDir, { recursive: true });
async function bundle(contents, resolveDir, outfile, wasmFromCjs) {
  const cjsLoader = {
    name: 'cjs-wasm-loader',
    setup(b) {
      b.onLoad({ filter: /[\\/]load-node\.js$/ }, (args) => {
        const wasmUrl = "new URL('./wasm_bg.wasm', import.meta.url)";
        const source = readFileSync(args.path, 'utf8');
        if (!source.includes(wasmUrl)) throw new Error('build: load-node.js no longer locates the wasm as expected');
        const contents = `import { join as joinPath } from 'node:path';\n${source.replace(wasmUrl, `joinPath(__dirname, ${JSON.stringify(wasmFromCjs)})`)}`;
        return { contents, loader: 'js' };
      });
    },
  };
  await esbuild({
    stdin: { contents, resolveDir, sourcefile: `${outfile}.entry.mjs`, loader: 'js' },
    bundle: true,
    format: 'cjs',
    platform: 'node',
    target: 'node14',
    outfile: join(cjsDir, outfile),
    plugins: [cjsLoader],
    banner: { js: "'use strict';" },
    legalComments: 'none',
    logLevel: 'warning',
  });
}
await bundle(
  `import './load-node.js';
export { TextDecoder } from './text-decoder.js';
export { TextEncoder } from './text-encoder.js';
export { TextDecoderStream, TextEncoderStream } from './streams.js';
export { createEncoder, encode, LegacyEncoder } from './legacy-encoder.js';
export { createInstaller } from './install.js';
`,
  pkg,
  'core.cjs',
  '../wasm_bg.wasm',
);
await bundle(`export * from './node.js';\n`, join(pkg, 'lite'), 'lite.cjs', '../lite/wasm_bg.wasm');
const classes = ['TextDecoder', 'TextEncoder', 'TextDecoderStream', 'TextEncoderStream'];
const wrapper = (comment, body) => `// ${comment} (CommonJS; the implementation is core.cjs).\n'use strict';\nconst core = require('./core.cjs');\n${body}`;
writeFileSync(join(cjsDir, 'index.cjs'), wrapper('text-encoding-wasm', classes.map((c) => `exports.${c} = core.${c};\n`).join('')));
writeFileSync(
  join(cjsDir, 'legacy.cjs'),
  wrapper('text-encoding-wasm/legacy', ['encode', 'createEncoder', 'LegacyEncoder'].map((c) => `exports.${c} = core.${c};\n`).join('')),
);
writeFileSync(
  join(cjsDir, 'polyfill.cjs'),
  wrapper(
    'text-encoding-wasm/polyfill: installs the missing classes on globalThis when required',
    `const install = core.createInstaller({ ${classes.map((c) => `${c}: core.${c}`).join(', ')} });\nexports.install = install;\ninstall();\n`,
  ),
);
// Declarations for the `require` condition: the same as the ESM ones, as CommonJS (.d.cts).
for (const [from, to] of [['index.d.ts', 'index.d.cts'], ['polyfill.d.ts', 'polyfill.d.cts'], ['legacy.d.ts', 'legacy.d.cts'], ['lite.d.ts', 'lite.d.cts']]) {
  const text = readFileSync(join(jsDir, from), 'utf8').replaceAll("'./index.js'", "'./index.cjs'");
  writeFileSync(join(cjsDir, to), text);
}

console.log(`build: ${pkg} ready, wasm_bg.wasm ${variants[0].size} bytes, lite/wasm_bg.wasm ${variants[1].size} bytes`);
