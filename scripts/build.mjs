// `npm run build [-- --out DIR]`: assembles pkg/ (or DIR; also read from the TEW_PKG
// environment variable), the npm package text-encoding-wasm.
//   1. cargo builds the core for wasm32-unknown-unknown twice, both without the `std` feature
//      (no_std: panics trap without formatting, so no panic strings, core::fmt or TextDecoder in
//      the wasm or the glue): the full build (--features cjk), then the lite build (no CJK
//      encodings). Both write the same target file, so each is copied away right after its build;
//   1b. the panic entry points of core become a bare trap (see stubPanics);
//   2. the pinned wasm-bindgen CLI writes the glue and wasm_bg.wasm for each: the full one into
//      the package root, the lite one into lite/. Only numbers cross our boundary, so of the glue
//      only the imports object is kept: instantiate.js, a few lines that instantiate the module
//      synchronously (the rest of the glue is not shipped);
//   3. wasm-opt shrinks and speeds up each wasm;
//   4. wasm_hex.js inlines each wasm for the ESM entries (browsers, bundlers, Deno);
//   4b. binaryen's wasm2js translates each optimized wasm to JavaScript (wasm2js.js, wasm2js.cjs)
//      for the `/js` entries, React Native and the Node entries' fallback where WebAssembly is off;
//   5. js/ is copied in (lite/ gets its own copy of the modules its entries import, so the lite
//      entry is a separate module graph bound to the lite wasm), and pkg-template/;
//   6. esbuild bundles the CommonJS files (cjs/*.cjs, for `require`) from the Node entries, the
//      wasm read synchronously from disk; the .d.ts files are copied as cjs/*.d.cts.
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve as resolvePath } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
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
// 4b. The JavaScript build of each (see wasm2jsBuild below).
for (const v of variants) v.jsSize = wasm2jsBuild(join(v.dir, 'wasm_bg.wasm'), v.dir, v.name);

/** Steps 2–4 for one wasm: instantiate.js and wasm_bg.wasm into `dir`, optimized, plus wasm_hex.js. */
function bindgen(wasm, dir) {
  const glueDir = join(staging, 'glue');
  rmSync(glueDir, { recursive: true, force: true });
  run('wasm-bindgen', ['--target', 'web', '--no-typescript', '--out-dir', glueDir, '--out-name', 'wasm', wasm]);
  writeFileSync(join(dir, 'instantiate.js'), instantiateModule(readFileSync(join(glueDir, 'wasm.js'), 'utf8')));

  const wasmPath = join(dir, 'wasm_bg.wasm');
  const features = ['--enable-bulk-memory', '--enable-sign-ext', '--enable-nontrapping-float-to-int', '--enable-mutable-globals', '--enable-reference-types', '--enable-multivalue'];
  // binaryen from npm (pinned in package.json): Debian's older wasm-opt breaks the externref table.
  // The producers and target_features custom sections are metadata that no engine reads.
  run(join(root, 'node_modules/.bin/wasm-opt'), ['-O3', ...features, '--strip-producers', '--strip-target-features', join(glueDir, 'wasm_bg.wasm'), '-o', wasmPath]);
  const wasmBytes = readFileSync(wasmPath);
  writeFileSync(
    join(dir, 'wasm_hex.js'),
    `// The wasm core (wasm_bg.wasm) in hexadecimal, so the ESM entry needs no fetch and no bundler configuration.\nexport default '${wasmBytes.toString('hex')}';\n`,
  );
  return wasmBytes.length;
}

/**
 * instantiate.js from the wasm-bindgen glue: its imports object (`__wbg_get_imports`, which only
 * prepares wasm-bindgen's externref table: no string or object ever crosses) and the start call.
 * The build fails if the glue changed shape or would need the host's TextDecoder/TextEncoder.
 */
function instantiateModule(glue) {
  if (/TextDecoder|TextEncoder/.test(glue)) {
    throw new Error('build: the wasm-bindgen glue uses TextDecoder/TextEncoder; a String crossed the boundary');
  }
  const start = glue.indexOf('function __wbg_get_imports() {');
  const end = glue.indexOf('\n}\n', start);
  if (start < 0 || end < 0 || !glue.includes('wasm.__wbindgen_start();')) {
    throw new Error('build: the wasm-bindgen glue changed shape; update scripts/build.mjs');
  }
  const imports = glue.slice(start, end + 2);
  if (/\b(getObject|addHeapObject|takeObject|getStringFromWasm|passStringToWasm|console)\b/.test(imports)) {
    throw new Error('build: the wasm imports need more than the externref table; a value other than a number crossed the boundary');
  }
  return `// Instantiates the wasm core synchronously and returns its exports. Generated by scripts/build.mjs
// from the wasm-bindgen glue, of which only the imports object is needed (numbers are all that
// cross the boundary). A host that refuses WebAssembly gets an Error that says so.

let wasm;

${imports}

/** Instantiates \`bytes\` (the wasm module's bytes, or a compiled WebAssembly.Module); returns its exports. */
export function instantiate(bytes) {
  if (typeof WebAssembly !== 'object' || WebAssembly === null) {
    throw new Error("text-encoding-wasm: this JavaScript engine has no WebAssembly (it is missing or switched off); import 'text-encoding-wasm/js' instead, the same core as JavaScript");
  }
  let instance;
  try {
    const module = bytes instanceof WebAssembly.Module ? bytes : new WebAssembly.Module(bytes);
    instance = new WebAssembly.Instance(module, __wbg_get_imports());
  } catch (error) {
    throw new Error(\`text-encoding-wasm: the host refused to compile or instantiate the WebAssembly module (\${error && error.name}: \${error && error.message}); a Content-Security-Policy without 'wasm-unsafe-eval', or a limit on synchronous compilation, does this; import 'text-encoding-wasm/js' instead, the same core as JavaScript\`);
  }
  wasm = instance.exports;
  wasm.__wbindgen_start();
  return wasm;
}
`;
}

// ---- 4b. The JavaScript build: the same optimized wasm, translated by binaryen's wasm2js ----------
// For hosts without WebAssembly or that refuse to compile it (React Native's Hermes, iOS Lockdown
// Mode, a Content-Security-Policy without 'wasm-unsafe-eval', `node --jitless`). wasm2js takes a
// module with one table, so wasm-bindgen's externref table goes first, with its init import and
// the exported globals: only numbers cross our boundary, so nothing ever used them. Writes
// wasm2js.js (ESM) and wasm2js.cjs (CommonJS, for the Node entries' synchronous fallback), each
// exporting `instantiate()`, which returns the exports as the wasm instance would (with `memory`
// a plain object whose `buffer` is the current ArrayBuffer); returns the ESM file's size.
function wasm2jsBuild(wasmPath, dir, name) {
  const m = binaryen.readBinary(readFileSync(wasmPath));
  try {
    // The optimized wasm has no target_features section: its features are the ones it was built with.
    const F = binaryen.Features;
    m.setFeatures(F.MVP | F.BulkMemory | F.BulkMemoryOpt | F.CallIndirectOverlong | F.SignExt | F.NontrappingFPToInt | F.MutableGlobals | F.ReferenceTypes | F.Multivalue);
    const exported = [];
    for (let i = 0; i < m.getNumExports(); i++) exported.push(binaryen.getExportInfo(m.getExportByIndex(i)));
    const imports = [];
    for (let i = 0; i < m.getNumFunctions(); i++) {
      const f = binaryen.getFunctionInfo(m.getFunctionByIndex(i));
      if (f.module) imports.push(f);
    }
    if (imports.some((f) => f.base !== '__wbindgen_init_externref_table')) {
      throw new Error(`build: the wasm imports ${imports.map((f) => f.base).join(', ')}; the JavaScript build can provide none of them`);
    }
    for (const e of exported) {
      if (e.kind === binaryen.ExternalTable || e.kind === binaryen.ExternalGlobal) m.removeExport(e.name);
      else if (e.name === '__wbindgen_start') {
        if (!imports.some((f) => f.name === e.value)) throw new Error('build: __wbindgen_start is more than the externref table init; update wasm2jsBuild');
        m.removeExport(e.name);
      }
      if (e.kind === binaryen.ExternalTable) m.removeTable(e.value);
    }
    for (const f of imports) m.removeFunction(f.name);
    if (m.getNumTables() > 1 || !m.validate()) throw new Error('build: the wasm still has more than one table (or is invalid) for wasm2js');
    const oneTable = join(staging, `${name}-one-table.wasm`);
    writeFileSync(oneTable, m.emitBinary());
    const features = ['--enable-bulk-memory', '--enable-sign-ext', '--enable-nontrapping-float-to-int', '--enable-mutable-globals', '--enable-multivalue'];
    const out = join(staging, `${name}-wasm2js.mjs`);
    run(join(root, 'node_modules/.bin/wasm2js'), ['-O3', ...features, oneTable, '-o', out]);
    const text = readFileSync(out, 'utf8');
    const tail = text.indexOf('\nvar retasmFunc = asmFunc(');
    if (tail < 0 || /^\s*import\b/m.test(text.slice(0, tail)) || /\beval\b|new Function/.test(text)) {
      throw new Error('build: the wasm2js output changed shape; update wasm2jsBuild');
    }
    const body = text.slice(0, tail);
    const header = (kind) => `// The wasm core (${name} build) translated to JavaScript by binaryen's wasm2js (generated by
// scripts/build.mjs from wasm_bg.wasm; ${kind}). For hosts without WebAssembly: instantiate() returns
// the same exports as the wasm instance, with a plain \`memory\` object whose \`buffer\` is current.
`;
    writeFileSync(join(dir, 'wasm2js.js'), `${header('ESM')}${body}\n/** The core's exports (memory, functions); each call is a new instance. */\nexport function instantiate() {\n  return asmFunc({});\n}\n`);
    writeFileSync(join(dir, 'wasm2js.cjs'), `${header('CommonJS')}'use strict';\n${body}\n/** The core's exports (memory, functions); each call is a new instance. */\nexports.instantiate = function instantiate() {\n  return asmFunc({});\n};\n`);
    return Buffer.byteLength(text);
  } finally {
    m.dispose();
  }
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
// ... and those of its standard entry (lite/standard.js, lite/node-standard.js).
liteModules.push('standard.js', 'node-standard.js', 'standard-hooks.js', 'encode-core.js');
// ... and those of its JavaScript build (the `react-native` condition of the lite entries).
liteModules.push('load-js.js', 'js.js', 'js-standard.js');
for (const name of liteModules) copyFileSync(join(jsDir, name), join(pkg, 'lite', name));

// 6. CommonJS. One bundle (cjs/core.cjs) holds the full module graph, so every `require`d entry
// shares one wasm instance and the same classes; cjs/lite.cjs is the lite graph. In the bundles,
// load-node.js finds wasm_bg.wasm from __dirname instead of import.meta.url.
const cjsDir = join(pkg, 'cjs');
mkdirSync(cjsDir, { recursive: true });
async function bundle(contents, resolveDir, outfile, wasmFromCjs, extraPlugins = []) {
  const cjsLoader = {
    name: 'cjs-wasm-loader',
    setup(b) {
      b.onLoad({ filter: /[\\/]load-node\.js$/ }, (args) => {
        const wasmUrl = "new URL('./wasm_bg.wasm', import.meta.url)";
        const source = readFileSync(args.path, 'utf8');
        if (!source.includes(wasmUrl)) throw new Error('build: load-node.js no longer locates the wasm as expected');
        const fallbacks = ["await import('node:buffer')", "await import('node:fs')", "await import('node:module')"];
        if (!fallbacks.every((f) => source.includes(f))) throw new Error('build: load-node.js no longer imports its built-ins as expected');
        const cjsSource = source.replace(fallbacks[0], "require('node:buffer')").replace(fallbacks[1], "require('node:fs')").replace(fallbacks[2], "require('node:module')");
        // The JavaScript build's fallback (see wasm2jsBuild): required beside the wasm.
        const jsRequire = "nodeModule().createRequire(import.meta.url)('./wasm2js.cjs')";
        if (!source.includes(jsRequire)) throw new Error('build: load-node.js no longer requires wasm2js.cjs as expected');
        const wasm2jsFromCjs = wasmFromCjs.replace(/wasm_bg\.wasm$/, 'wasm2js.cjs');
        const rewritten = cjsSource.replace(wasmUrl, `joinPath(__dirname, ${JSON.stringify(wasmFromCjs)})`).replace(jsRequire, `require(joinPath(__dirname, ${JSON.stringify(wasm2jsFromCjs)}))`);
        const contents = `import { join as joinPath } from 'node:path';\n${rewritten}`;
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
    plugins: [cjsLoader, ...extraPlugins],
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
export { hostFaults } from './host-check.js';
export * as standard from './standard-hooks.js';
`,
  pkg,
  'core.cjs',
  '../wasm_bg.wasm',
);
// cjs/lite-core.cjs: the lite graph, shared by cjs/lite.cjs and cjs/lite-standard.cjs.
await bundle(`export * from './node.js';\nexport * as standard from './standard-hooks.js';\n`, join(pkg, 'lite'), 'lite-core.cjs', '../lite/wasm_bg.wasm');
const classes = ['TextDecoder', 'TextEncoder', 'TextDecoderStream', 'TextEncoderStream'];
const wrapper = (comment, body, coreFile = 'core.cjs') => `// ${comment} (CommonJS; the implementation is ${coreFile}).\n'use strict';\nconst core = require('./${coreFile}');\n${body}`;
writeFileSync(join(cjsDir, 'index.cjs'), wrapper('text-encoding-wasm', classes.map((c) => `exports.${c} = core.${c};\n`).join('')));
writeFileSync(join(cjsDir, 'lite.cjs'), wrapper('text-encoding-wasm/lite', classes.map((c) => `exports.${c} = core.${c};\n`).join(''), 'lite-core.cjs'));
// The standard entry's names, read from the module itself (importing it instantiates nothing).
const standardNames = Object.keys(await import(pathToFileURL(join(jsDir, 'standard-hooks.js')).href));
const standardBody = standardNames.map((n) => `exports.${n} = core.standard.${n};\n`).join('');
writeFileSync(join(cjsDir, 'standard.cjs'), wrapper('text-encoding-wasm/standard', standardBody));
writeFileSync(join(cjsDir, 'lite-standard.cjs'), wrapper('text-encoding-wasm/lite/standard', standardBody, 'lite-core.cjs'));
writeFileSync(
  join(cjsDir, 'legacy.cjs'),
  wrapper('text-encoding-wasm/legacy', ['encode', 'createEncoder', 'LegacyEncoder'].map((c) => `exports.${c} = core.${c};\n`).join('')),
);
writeFileSync(
  join(cjsDir, 'polyfill.cjs'),
  wrapper(
    'text-encoding-wasm/polyfill: installs the missing or faulty classes on globalThis when required',
    `const faults = core.hostFaults();\nconst install = core.createInstaller({ ${classes.map((c) => `${c}: core.${c}`).join(', ')} }, faults);\nexports.install = install;\nexports.faults = faults;\nexports.load = async () => {};\nexports.installed = install();\nexports.ready = Promise.resolve(exports.installed);\n`,
  ),
);
// ---- 6b. CommonJS for the `/js` entries: cjs/js-core.cjs is the module graph of the JavaScript
// build (load-js.js), which requires ../wasm2js.cjs (kept out of the bundle, not a second copy).
await bundle(
  `import './load-js.js';
export { TextDecoder } from './text-decoder.js';
export { TextEncoder } from './text-encoder.js';
export { TextDecoderStream, TextEncoderStream } from './streams.js';
export { createEncoder, encode, LegacyEncoder } from './legacy-encoder.js';
export { createInstaller } from './install.js';
export { hostFaults } from './host-check.js';
export * as standard from './standard-hooks.js';
`,
  pkg,
  'js-core.cjs',
  '../wasm_bg.wasm',
  [
    {
      name: 'wasm2js-external',
      setup(b) {
        b.onResolve({ filter: /^\.\/wasm2js\.js$/ }, () => ({ path: '../wasm2js.cjs', external: true }));
      },
    },
  ],
);
writeFileSync(join(cjsDir, 'js.cjs'), wrapper('text-encoding-wasm/js', classes.map((c) => `exports.${c} = core.${c};\n`).join(''), 'js-core.cjs'));
writeFileSync(join(cjsDir, 'js-standard.cjs'), wrapper('text-encoding-wasm/js/standard', standardBody, 'js-core.cjs'));
writeFileSync(
  join(cjsDir, 'js-legacy.cjs'),
  wrapper('text-encoding-wasm/js/legacy', ['encode', 'createEncoder', 'LegacyEncoder'].map((c) => `exports.${c} = core.${c};\n`).join(''), 'js-core.cjs'),
);
writeFileSync(
  join(cjsDir, 'js-polyfill.cjs'),
  wrapper(
    'text-encoding-wasm/js/polyfill: installs the missing or faulty classes on globalThis when required',
    `const faults = core.hostFaults();\nconst install = core.createInstaller({ ${classes.map((c) => `${c}: core.${c}`).join(', ')} }, faults);\nexports.install = install;\nexports.faults = faults;\nexports.load = async () => {};\nexports.installed = install();\nexports.ready = Promise.resolve(exports.installed);\n`,
    'js-core.cjs',
  ),
);

// Declarations for the `require` condition: the same as the ESM ones, as CommonJS (.d.cts).
for (const [from, to] of [['index.d.ts', 'index.d.cts'], ['polyfill.d.ts', 'polyfill.d.cts'], ['legacy.d.ts', 'legacy.d.cts'], ['lite.d.ts', 'lite.d.cts'], ['standard.d.ts', 'standard.d.cts']]) {
  const text = readFileSync(join(jsDir, from), 'utf8').replaceAll("'./index.js'", "'./index.cjs'");
  writeFileSync(join(cjsDir, to), text);
}

console.log(`build: ${pkg} ready, wasm_bg.wasm ${variants[0].size} bytes, lite/wasm_bg.wasm ${variants[1].size} bytes`);
