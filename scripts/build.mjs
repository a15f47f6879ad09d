// `npm run build [-- --out DIR]`: assembles pkg/ (or DIR; also read from the TEW_PKG
// environment variable), the npm package text-encoding-wasm, as a mirror of js/ (see
// scripts/lib/package.mjs for the layout) plus what is generated:
//   1. cargo builds the crate for wasm32-unknown-unknown once per module, each without the `std`
//      feature (no_std: panics trap without formatting, so no panic strings, core::fmt or
//      TextDecoder in the wasm or the glue): the full codecs (--features base,cjk,decode,encode),
//      the lite codecs (--features base,decode,encode: no CJK encodings), the encoding detector
//      (--features detector-wasm: src/wasm_detect.rs's exports instead of the codecs', its own
//      wasm, so the codec wasm does not carry it), and three modules per language add-on over
//      lite (--features japanese,decode,encode, japanese,encode and japanese,decode, ...: the
//      codecs' exports with that language's encodings only, no base, in both directions or one).
//      All write the same target file, so each is copied away right after its build;
//   1b. the panic entry points of core become a bare trap (see stubPanics);
//   2. the pinned wasm-bindgen CLI writes the glue and the wasm for each: the full codecs' into
//      wasm/, the lite ones' into lite/wasm/, the detector's into wasm/ as detect-*, each add-on's
//      into lite/wasm/ as NAME.wasm and NAME-* (NAME: japanese, japanese-encode, ...). Only numbers cross our boundary, so of the
//      glue only the imports object is kept: instantiate.js (detect-instantiate.js), a few lines
//      that instantiate the module synchronously (the rest of the glue is not shipped); the
//      add-ons' glue must have lite's imports, and they share lite's instantiate.js;
//   3. wasm-opt shrinks and speeds up each wasm (core.wasm; detect.wasm); 3b. the panic messages'
//      text, which nothing reads once the panics are traps, is blanked (see blankPanicText);
//   4. inline.js (detect-inline.js, NAME-inline.js) inlines each wasm for the web folder
//      (browsers, bundlers, Deno), as text that js/core/inline-wasm.js turns back into bytes;
//   4b. binaryen's wasm2js translates each optimized wasm to JavaScript (wasm2js.js, wasm2js.cjs;
//      detect-wasm2js.js, .cjs) for the wasm2js folder (the `/js` entries, React Native) and the
//      Node folder's fallback where WebAssembly is off;
//   5. js/ is copied in, the add-ons' entries (japanese.js, japanese-encode.js, ...) are written
//      into each host folder of lite/ (addOnEntry), and
//      lite/ gets the modules its entries reach (found by following their imports), so the lite
//      entries and their add-ons are a separate module graph bound to the lite wasm;
//   6. the node and wasm2js folders (and their lite ones) get one CommonJS bundle of their module
//      graph each (graph.cjs) and a twin beside each entry (name.cjs) made from the ESM entry's
//      export list (the polyfill's from its own code), so every `require`d entry of a folder
//      shares one core; an add-on's twin calls graph.cjs's addOn; the detector's entry
//      (detect.js, its own wasm) gets a bundle of its own as its twin (detect.cjs); the types get
//      .d.cts twins;
//   7. package.json: pkg-template/package.json with the exports map, sideEffects, files, main,
//      module, types and bin written from the entries table (scripts/lib/package.mjs).
import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, relative, resolve as resolvePath } from 'node:path';
import binaryen from 'binaryen';
import { build as esbuild } from 'esbuild';
import { ADD_ON_MODULES, addOnParts, addOnSubpath, ENTRIES, entryFile, exportsMap, HOSTS, root, SCRIPT_GLOBAL, SCRIPTS } from './lib/package.mjs';
import { wasmSections } from './lib/wasm-sections.mjs';
const outAt = process.argv.indexOf('--out');
const pkg = resolvePath(outAt > 0 ? process.argv[outAt + 1] : process.env.TEW_PKG || join(root, 'pkg'));
const run = (cmd, args, opts = {}) => execFileSync(cmd, args, { cwd: root, stdio: 'inherit', ...opts });

// 1. The three cargo builds, each output copied away before the next build overwrites it. `base`
// names a build's generated files in its `dir`: BASE.wasm (core.wasm for the codecs),
// inline.js/instantiate.js/wasm2js.js with the prefix `prefix`; `entry` is the `/js` entry that its
// refusal message points to.
const target = process.env.CARGO_TARGET_DIR ? resolvePath(process.env.CARGO_TARGET_DIR) : join(root, 'target');
const built = join(target, 'wasm32-unknown-unknown', 'release', 'text_encoding_wasm.wasm');
const staging = join(target, 'tew-build');
mkdirSync(staging, { recursive: true });
const variants = [
  { name: 'full', features: ['--no-default-features', '--features', 'base,cjk,decode,encode'], dir: join(pkg, 'wasm'), base: 'core', prefix: '', entry: 'text-encoding-wasm/js' },
  { name: 'lite', features: ['--no-default-features', '--features', 'base,decode,encode'], dir: join(pkg, 'lite', 'wasm'), base: 'core', prefix: '', entry: 'text-encoding-wasm/js' },
  { name: 'detect', features: ['--no-default-features', '--features', 'detector-wasm'], dir: join(pkg, 'wasm'), base: 'detect', prefix: 'detect-', entry: 'text-encoding-wasm/js/detect' },
  // The add-ons over lite, three modules per language (its encodings only, no base: both ways,
  // encoders only, decoders only): they share the lite build's instantiate.js, whose imports
  // object must then be theirs too (checked).
  ...ADD_ON_MODULES.map((name) => {
    const { language, direction } = addOnParts(name);
    return { name, features: ['--no-default-features', '--features', `${language},${direction || 'decode,encode'}`], dir: join(pkg, 'lite', 'wasm'), base: name, prefix: `${name}-`, entry: 'text-encoding-wasm/js', addOn: true };
  }),
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

/**
 * Step 3b. The text that only the panic messages read (the source paths of their locations, the
 * messages' fixed words), left in the data section after stubPanics made every panic a bare trap:
 * blanked to zeros in place (no address moves), which brotli all but drops (`node scripts/sizes.mjs`,
 * each module's "wasm alone": 160-270 bytes less). Returns the bytes; throws if the module has no
 * such text (the pattern is stale).
 */
function blankPanicText(bytes) {
  const data = wasmSections(bytes)[11];
  if (data === undefined) throw new Error('build: the wasm has no data section');
  const text = bytes.subarray(data.start, data.end).toString('latin1');
  const panicText = /\/rustc\/[0-9a-f]{40}\/library\/[a-z_/]+\.rs|src\/[a-z_0-9/]+\.rs| index out of bounds: the len is | but the index is /g;
  let found = 0;
  for (const m of text.matchAll(panicText)) {
    bytes.fill(0, data.start + m.index, data.start + m.index + m[0].length);
    found++;
  }
  if (found === 0) throw new Error('build: no panic location text found in the wasm data; update blankPanicText in scripts/build.mjs');
  return bytes;
}

rmSync(pkg, { recursive: true, force: true });
for (const v of variants) {
  mkdirSync(v.dir, { recursive: true });
  v.size = bindgen(v);
}
// 4b. The JavaScript build of each (see wasm2jsBuild below).
for (const v of variants) v.jsSize = wasm2jsBuild(join(v.dir, `${v.base}.wasm`), v.dir, v.name, v.prefix);

/**
 * Steps 2–4 for one build `v`: PREFIXinstantiate.js and BASE.wasm into its `dir`, optimized, plus
 * PREFIXinline.js.
 */
function bindgen({ name, wasm, dir, base, prefix, entry, addOn }) {
  const glueDir = join(staging, 'glue');
  rmSync(glueDir, { recursive: true, force: true });
  run('wasm-bindgen', ['--target', 'web', '--no-typescript', '--out-dir', glueDir, '--out-name', 'wasm', wasm]);
  const instantiateJs = instantiateModule(readFileSync(join(glueDir, 'wasm.js'), 'utf8'), addOn ? 'core.wasm' : `${base}.wasm`, entry, addOn ? 'lite' : name);
  // An add-on shares the lite module's instantiate.js (written for core.wasm): its glue must give the same file.
  if (!addOn) writeFileSync(join(dir, `${prefix}instantiate.js`), instantiateJs);
  else if (readFileSync(join(dir, 'instantiate.js'), 'utf8') !== instantiateJs) {
    throw new Error(`build: the ${base} module's wasm-bindgen imports differ from the lite module's; it cannot share instantiate.js`);
  }

  const wasmPath = join(dir, `${base}.wasm`);
  const features = ['--enable-bulk-memory', '--enable-sign-ext', '--enable-nontrapping-float-to-int', '--enable-mutable-globals', '--enable-reference-types', '--enable-multivalue'];
  // binaryen from npm (pinned in package.json): Debian's older wasm-opt breaks the externref table.
  // The producers and target_features custom sections are metadata that no engine reads.
  run(join(root, 'node_modules/.bin/wasm-opt'), ['-O3', ...features, '--strip-producers', '--strip-target-features', join(glueDir, 'wasm_bg.wasm'), '-o', wasmPath]);
  const wasmBytes = blankPanicText(readFileSync(wasmPath));
  writeFileSync(wasmPath, wasmBytes);
  writeFileSync(
    join(dir, `${prefix}inline.js`),
    `// The wasm module ${base}.wasm as text (two letters a byte: js/core/inline-wasm.js), so the web entries need no fetch and no bundler configuration.\nexport default '${inlineText(wasmBytes)}';\n`,
  );
  return wasmBytes.length;
}

/**
 * The text that js/core/inline-wasm.js turns back into `bytes`: each byte as two letters, its low
 * nibble first ('a' + nibble), then its high nibble ('A' + nibble).
 */
function inlineText(bytes) {
  const letters = Buffer.alloc(2 * bytes.length);
  for (let i = 0; i < bytes.length; i++) {
    letters[2 * i] = 0x61 + (bytes[i] & 0xf);
    letters[2 * i + 1] = 0x41 + (bytes[i] >> 4);
  }
  return letters.toString('latin1');
}

/**
 * instantiate.js from the wasm-bindgen glue of the module `file`: its imports object
 * (`__wbg_get_imports`, which only prepares wasm-bindgen's externref table: no string or object
 * ever crosses) and the start call; a refusal names `entry`, the same core as JavaScript, and the
 * other ways to run where compiling from bytes is refused. `variant` is the build's name ('full',
 * 'lite', 'detect'), from which the file exports `moduleName`, the module's name for provideWasm
 * (core/provided-wasm.js). The build fails if the glue changed shape or would need the host's
 * TextDecoder/TextEncoder.
 */
function instantiateModule(glue, file, entry, variant) {
  const moduleName = variant === 'full' ? 'core' : variant;
  // Doc comments of the exports are copied into the glue; only its code counts.
  const code = glue.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
  if (/TextDecoder|TextEncoder/.test(code)) {
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
  return `// Instantiates the wasm module (${file}) synchronously and returns its exports. Generated by
// scripts/build.mjs from the wasm-bindgen glue, of which only the imports object is needed (numbers
// are all that cross the boundary). A host that refuses WebAssembly gets an Error that says so.

let wasm;

${imports}

/** This module's name for provideWasm ('text-encoding-wasm/provide'), and of its file in the exports map (wasm/NAME.wasm). */
export const moduleName = '${moduleName}';

const tagOf = Function.prototype.call.bind(Object.prototype.toString);

/**
 * Instantiates \`source\` (the wasm module's bytes, or a compiled WebAssembly.Module, of any realm:
 * a platform may compile it outside the sandbox that runs this code); returns its exports.
 */
export function instantiate(source) {
  if (typeof WebAssembly !== 'object' || WebAssembly === null) {
    throw new Error("text-encoding-wasm: this JavaScript engine has no WebAssembly (it is missing or switched off); import '${entry}' instead, the same core as JavaScript");
  }
  let instance;
  try {
    const module = tagOf(source) === '[object WebAssembly.Module]' ? source : new WebAssembly.Module(source);
    instance = new WebAssembly.Instance(module, __wbg_get_imports());
  } catch (error) {
    throw new Error(
      \`text-encoding-wasm: the host refused to compile or instantiate the WebAssembly module (\${error && error.name}: \${error && error.message}). \` +
        "Where a platform compiles only the wasm it is given, bundle with its export condition (workerd, edge-light) or hand the package a compiled module first (provideWasm of 'text-encoding-wasm/provide'); " +
        "under a Content-Security-Policy without 'wasm-unsafe-eval', import '${entry}', the same core as JavaScript",
    );
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
// PREFIXwasm2js.js (ESM) and PREFIXwasm2js.cjs (CommonJS, for the Node entries' synchronous
// fallback), each exporting `instantiate()`, which returns the exports as the wasm instance would
// (with `memory` a plain object whose `buffer` is the current ArrayBuffer); returns the ESM file's
// size.
function wasm2jsBuild(wasmPath, dir, name, prefix) {
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
    const body = letterSegments(text.slice(0, tail));
    const header = (kind) => `// The wasm module (${name} build) translated to JavaScript by binaryen's wasm2js (generated by
// scripts/build.mjs from ${basename(wasmPath)}; ${kind}). For hosts without WebAssembly: instantiate()
// returns the same exports as the wasm instance, with a plain \`memory\` object whose \`buffer\` is current.
`;
    writeFileSync(join(dir, `${prefix}wasm2js.js`), `${header('ESM')}${body}\n/** The core's exports (memory, functions); each call is a new instance. */\nexport function instantiate() {\n  return asmFunc({});\n}\n`);
    writeFileSync(join(dir, `${prefix}wasm2js.cjs`), `${header('CommonJS')}'use strict';\n${body}\n/** The core's exports (memory, functions); each call is a new instance. */\nexports.instantiate = function instantiate() {\n  return asmFunc({});\n};\n`);
    return Buffer.byteLength(text);
  } finally {
    m.dispose();
  }
}

/**
 * wasm2js writes each data segment as a base64 string. The web folder's text of a module, two
 * letters a byte (inlineText; js/core/inline-wasm.js says why), compresses better: the `/js`
 * entry is 97,634 B in these letters against 99,621 in hexadecimal (node scripts/sizes.mjs), which
 * had been about 5 KB below base64. So the segments are rewritten as such letters, and the base64
 * decoder replaced by a loop that joins them (the first Shift_JIS decode in `node --jitless`,
 * which instantiates the full build, measured outside the bench: 14.3-14.4 ms against 14.6-15.3
 * with hexadecimal through a table).
 */
function letterSegments(body) {
  const BASE64_DECODER_END = '    return uint8Array;\n  }\n';
  const start = body.indexOf('  var base64ReverseLookup');
  const end = body.indexOf(BASE64_DECODER_END, start);
  if (start < 0 || end < 0) throw new Error("build: wasm2js's base64 decoder changed shape; update letterSegments");
  const decoder = `  /** Writes the bytes of \`text\` (two letters a byte, low nibble first) into \`uint8Array\` from \`offset\`. */
  function lettersToExistingUint8Array(uint8Array, offset, text) {
    for (var i = 0, j = offset; i < text.length; i += 2, j++) {
      uint8Array[j] = (text.charCodeAt(i) - 97) | ((text.charCodeAt(i + 1) - 65) << 4);
    }
    return uint8Array;
  }
`;
  const out = (body.slice(0, start) + decoder + body.slice(end + BASE64_DECODER_END.length)).replace(
    /base64DecodeToExistingUint8Array\(bufferView, (\d+), "([A-Za-z0-9+/=]*)"\)/g,
    (_, offset, b64) => `lettersToExistingUint8Array(bufferView, ${offset}, "${inlineText(Buffer.from(b64, 'base64'))}")`,
  );
  if (out.includes('base64')) throw new Error('build: a wasm2js data segment is not in the expected base64 form; update letterSegments');
  return out;
}

// ---- 5. js/ (folders as they are), and the lite tree ----------------------------------------------
const jsDir = join(root, 'js');
/** Every file under `dir`, as paths relative to it. */
function filesUnder(dir, at = '') {
  const out = [];
  for (const name of readdirSync(join(dir, at))) {
    const rel = at === '' ? name : `${at}/${name}`;
    if (statSync(join(dir, rel)).isDirectory()) out.push(...filesUnder(dir, rel));
    else out.push(rel);
  }
  return out;
}
for (const rel of filesUnder(jsDir)) {
  if (!rel.endsWith('.js') && !rel.endsWith('.d.ts')) continue;
  mkdirSync(dirname(join(pkg, rel)), { recursive: true });
  copyFileSync(join(jsDir, rel), join(pkg, rel));
}

// The add-ons' entries, lite's only (the full entries have every encoding in their module): one
// file per host folder and add-on module, written here, as they differ only in the module's name
// and in how the host gets a module (its folder's load.js registers it: addOn).
const addOnFile = new RegExp(`^(?:${HOSTS.join('|')})/(?:${ADD_ON_MODULES.join('|')})\\.js$`);
const ADD_ON_LOADS = {
  web: { what: 'browsers, bundlers and Deno', how: 'inlined and instantiated', imports: (n) => [`import text from '../wasm/${n}-inline.js';`], args: ', text' },
  node: { what: 'Node', how: 'read from disk (its JavaScript build where WebAssembly is off) and instantiated', imports: () => [], args: '' },
  wasm2js: { what: 'the `/js` entries and React Native', how: 'the JavaScript build of its wasm, instantiated', imports: (n) => [`import { instantiate } from '../wasm/${n}-wasm2js.js';`], args: ', instantiate' },
  edge: { what: 'Cloudflare Workers and Vercel Edge', how: 'imported as a module the platform compiles and instantiated', imports: (n) => [`import wasmModule from '../wasm/${n}.wasm?module';`], args: ', wasmModule' },
};
/** The text of the add-on module `name`'s entry in the host folder `host`. */
function addOnEntry(host, name) {
  const { what, how, imports, args } = ADD_ON_LOADS[host];
  const { direction } = addOnParts(name);
  const decodes = direction !== 'encode';
  return [
    `// \`text-encoding-wasm${addOnSubpath(name).slice(1)}\` for ${what}: the ${{ encode: 'encoders', decode: 'decoders', null: 'decoders and encoders' }[direction]} of the add-on's encodings`,
    `// (core/labels.js) for every entry over lite. Its wasm module (${name}.wasm) is ${how} at the`,
    `// first call in one of them.${decodes ? " With it come the host checks of the multi-byte decoders." : ''} Written by scripts/build.mjs.`,
    '',
    ...(decodes ? [MULTI_BYTE_IMPORT.trim()] : []),
    ...imports(name),
    "import { addOn } from './load.js';",
    '',
    `addOn('${name}'${args});`,
    '',
  ].join('\n');
}

/**
 * The package files (relative to pkg/) that the modules `entries` (relative to pkg/) reach by
 * static imports, the entries included: esbuild follows the graph, node: built-ins aside.
 */
async function reachedFrom(entries) {
  const result = await esbuild({
    entryPoints: entries.map((e) => join(pkg, e)),
    absWorkingDir: pkg,
    bundle: true,
    write: false,
    metafile: true,
    format: 'esm',
    platform: 'neutral',
    external: ['node:*'],
    outdir: join(staging, 'reach'),
    logLevel: 'silent',
    plugins: [wasmModuleImports],
  });
  return Object.keys(result.metafile.inputs).map((p) => relative(pkg, resolvePath(pkg, p)).split('\\').join('/'));
}

/**
 * The edge folder's wasm imports (`../wasm/NAME.wasm?module`, which the platform's bundler turns
 * into a WebAssembly.Module): not followed, as the files are the build's own (each tree has its
 * wasm/ already).
 */
const wasmModuleImports = {
  name: 'wasm-module-imports',
  setup(b) {
    b.onResolve({ filter: /\.wasm\?module$/ }, (args) => ({ path: args.path, external: true }));
  },
};

// The lite tree: the modules the lite entries reach, copied to lite/ (its wasm/ is already there).
// The add-ons' entries go there as they are: they import only their host folder's load.js (in the
// lite graph already) and their own module's files.
const liteEntries = [...new Set(ENTRIES.filter((e) => e.lite).flatMap((e) => HOSTS.map((h) => entryFile(e.subpath, h).slice('lite/'.length))))];
// One module is not copied but shared by both trees: the registry of provided wasm modules
// (core/provided-wasm.js; `text-encoding-wasm/provide` hands modules to every entry), which the
// lite tree's loaders import from the package's root.
const SHARED = 'core/provided-wasm.js';
// The host checks of the multi-byte decoders are not in lite's own graph (its core has no
// multi-byte encoding): the import of them is left out of lite's copy of idl/text-decoder.js, and
// the add-ons that decode bring them (addOnEntry).
const MULTI_BYTE_CHECKS = 'core/host-multi-byte.js';
const MULTI_BYTE_IMPORT = `import '../${MULTI_BYTE_CHECKS}';\n`;
// core/host-codecs.js, which no entry imports, is the tests' view of the checks (graph.cjs's internals).
const liteModules = await reachedFrom([...liteEntries.filter((rel) => !addOnFile.test(rel)), MULTI_BYTE_CHECKS, 'core/host-codecs.js']);
for (const rel of [...liteModules, ...liteEntries.filter((rel) => addOnFile.test(rel))]) {
  if (rel.startsWith('wasm/') || rel === SHARED) continue; // the lite build's own; the shared registry
  mkdirSync(dirname(join(pkg, 'lite', rel)), { recursive: true });
  let text = addOnFile.test(rel) ? addOnEntry(rel.slice(0, rel.indexOf('/')), basename(rel, '.js')) : readFileSync(join(pkg, rel), 'utf8');
  if (rel === 'idl/text-decoder.js') {
    if (!text.includes(MULTI_BYTE_IMPORT)) throw new Error(`build: idl/text-decoder.js no longer imports ${MULTI_BYTE_CHECKS} as the lite tree expects`);
    text = text.replace(MULTI_BYTE_IMPORT, '');
  }
  const shared = text.replaceAll(`'../${SHARED}'`, `'../../${SHARED}'`);
  if (shared !== text && !/^(?:web|edge)\/(?:load|detect)\.js$/.test(rel)) throw new Error(`build: lite/${rel} imports ${SHARED}; only the web and edge loaders are expected to`);
  writeFileSync(join(pkg, 'lite', rel), shared);
}
if (!readFileSync(join(pkg, 'lite', 'web', 'load.js'), 'utf8').includes(`'../../${SHARED}'`)) throw new Error(`build: lite/web/load.js does not import the shared ${SHARED}`);

// ---- 6. CommonJS ------------------------------------------------------------------------------------
// For `require`, each host folder that Node loads (node/, wasm2js/, and their lite ones) gets one
// CommonJS bundle of its whole module graph, graph.cjs (scope-hoisted: a call between modules is
// a plain call, as in the ESM graph), and beside each entry a twin, name.cjs, made from the ESM
// entry itself: its export list read from the module (esbuild's metafile) and taken from
// graph.cjs, or, for the polyfill, its own code with its imports pointed at the other twins. So
// every `require`d entry of one folder shares one core instance and the same classes. The
// detector's entry shares nothing with them (its wasm is its own instance): its twin, detect.cjs,
// is a bundle of its own, so `require`ing it loads none of the codecs' modules. The JavaScript
// builds' twins (wasm/wasm2js.cjs, wasm/detect-wasm2js.cjs) were written in step 4b; the bundles
// require them.

/** The export names of the ESM module `rel` (relative to pkg/). */
async function exportsOf(rel) {
  const r = await esbuild({ entryPoints: [join(pkg, rel)], bundle: true, write: false, metafile: true, format: 'esm', platform: 'neutral', external: ['node:*'], outdir: join(staging, 'exports'), logLevel: 'silent' });
  return Object.values(r.metafile.outputs).find((o) => o.entryPoint !== undefined).exports;
}

const cjsCommon = {
  bundle: true,
  format: 'cjs',
  platform: 'node',
  // The oldest Node the package supports (package.json's engines): its classes' private fields and
  // static blocks stay as written, not lowered to WeakMap helpers that read WeakMap.prototype at
  // each call (tests/js/patched-builtins.test.mjs).
  target: 'node20',
  external: ['node:*'],
  legalComments: 'none',
  logLevel: 'warning',
  // node/load.js reads `import.meta.url || __filename`: empty here by design.
  logOverride: { 'empty-import-meta': 'silent' },
};
/** Makes the bundles require the JavaScript builds' CommonJS twins instead of inlining their ESM. */
const wasm2jsExternal = {
  name: 'wasm2js-external',
  setup(b) {
    b.onResolve({ filter: /[\\/]wasm[\\/](?:detect-)?wasm2js\.js$/ }, (args) => ({ path: `../wasm/${basename(args.path, '.js')}.cjs`, external: true }));
  },
};
let twins = 0;
for (const prefix of ['', 'lite/']) {
  for (const host of ['node', 'wasm2js']) {
    const dir = `${prefix}${host}`;
    const names = ['index', 'legacy', 'standard', 'polyfill'].filter((n) => existsSync(join(pkg, dir, `${n}.js`)));
    const plain = names.filter((n) => n !== 'polyfill');
    // graph.cjs: every entry but the polyfill (whose import installs), as a namespace each.
    const lines = plain.map((n) => `export * as ${n} from './${n}.js';`);
    if (names.includes('polyfill')) lines.push("export { installNow } from '../polyfill/install.js';", "export { streamsUnavailable } from '../idl/streams.js';");
    const addOns = ADD_ON_MODULES.filter((n) => existsSync(join(pkg, dir, `${n}.js`)));
    // The add-ons' registration, and the multi-byte decoders' host checks that the decoding ones bring.
    if (addOns.length > 0) lines.push("export { addOn } from './load.js';", MULTI_BYTE_IMPORT.trim());
    // The core modules, for the package's own tests and bench (never an entry's export).
    const internals = { instance: 'core/instance', crossing: 'core/crossing', strings: 'core/strings', labels: 'core/labels', hostCodecs: 'core/host-codecs', textEncoder: 'idl/text-encoder' };
    for (const [name, file] of Object.entries(internals)) lines.push(`import * as ${name} from '../${file}.js';`);
    lines.push(`export const internals = { ${Object.keys(internals).join(', ')} };`);
    await esbuild({
      ...cjsCommon,
      stdin: { contents: lines.join('\n'), resolveDir: join(pkg, dir), sourcefile: `${dir}/graph.js`, loader: 'js' },
      outfile: join(pkg, dir, 'graph.cjs'),
      banner: { js: `// The CommonJS module graph of ${dir}/ (its entries and their twins take their exports from it), written by scripts/build.mjs.` },
      plugins: [wasm2jsExternal],
    });
    /** Export lists of the entries, read from their ES modules before the Node folder's are rewritten (6b). */
    const exportLists = {};
    for (const n of plain) {
      const list = (exportLists[n] = await exportsOf(`${dir}/${n}.js`));
      const body = list.map((x) => `exports.${x} = entry.${x};`).join('\n');
      writeFileSync(
        join(pkg, dir, `${n}.cjs`),
        `// CommonJS twin of ${n}.js (its exports, from graph.cjs), written by scripts/build.mjs.\n'use strict';\nconst entry = require('./graph.cjs').${n};\n${body}\n`,
      );
      twins++;
    }
    if (names.includes('polyfill')) {
      exportLists.polyfill = await exportsOf(`${dir}/polyfill.js`);
      // The polyfill entry's own code; its classes from index.cjs, installNow and streamsUnavailable from graph.cjs.
      await esbuild({
        ...cjsCommon,
        entryPoints: [join(pkg, dir, 'polyfill.js')],
        outfile: join(pkg, dir, 'polyfill.cjs'),
        banner: { js: '// CommonJS twin of polyfill.js, written by scripts/build.mjs.' },
        plugins: [
          {
            name: 'polyfill-imports',
            setup(b) {
              b.onResolve({ filter: /^\.\/index\.js$/ }, () => ({ path: './index.cjs', external: true }));
              b.onResolve({ filter: /(?:install|streams)\.js$/ }, () => ({ path: './graph.cjs', external: true }));
              b.onResolve({ filter: /^\.\.?\// }, (args) => (args.kind === 'entry-point' ? undefined : { errors: [{ text: `polyfill.js imports ${args.path}, which its CommonJS twin does not map` }] }));
            },
          },
        ],
      });
      twins++;
    }
    for (const n of addOns) {
      // The add-on's registration, through graph.cjs's load.js (the JavaScript build's module from its own twin).
      const args = host === 'wasm2js' ? `'${n}', require('../wasm/${n}-wasm2js.cjs').instantiate` : `'${n}'`;
      writeFileSync(join(pkg, dir, `${n}.cjs`), `// CommonJS twin of ${n}.js, written by scripts/build.mjs.\n'use strict';\nrequire('./graph.cjs').addOn(${args});\n`);
      twins++;
    }
    if (existsSync(join(pkg, dir, 'detect.js'))) {
      await esbuild({
        ...cjsCommon,
        entryPoints: [join(pkg, dir, 'detect.js')],
        outfile: join(pkg, dir, 'detect.cjs'),
        banner: { js: "// CommonJS twin of detect.js (the detector's own module graph), written by scripts/build.mjs." },
        plugins: [wasm2jsExternal],
      });
      twins++;
    }
    if (host === 'node') {
      // 6b. The Node folder's ES module entries become faces of the same graph: Node loads one
      // file instead of fifteen (import to first decode in Node 24: 16 ms as modules, 9 ms so;
      // npm run bench, "Node: time to first decode"), and `import` and `require` share one core.
      // Each face imports its small twin, not graph.cjs: Node 20/22 lex an imported CommonJS file
      // in JavaScript (cjs-module-lexer), 11-13 ms over graph.cjs's 130 KB.
      const face = (from, member, list) => `import m from './${from}';\nexport const { ${list.join(', ')} } = m${member};\n`;
      const header = (n) => `// The ES module face of ${n}: its exports from the module graph that require() loads too (graph.cjs), so Node\n// loads one file and import and require share one core. Written by scripts/build.mjs from js/node/${n}.\n`;
      for (const n of plain) writeFileSync(join(pkg, dir, `${n}.js`), `${header(`${n}.js`)}${face(`${n}.cjs`, '', exportLists[n])}`);
      if (exportLists.polyfill) writeFileSync(join(pkg, dir, 'polyfill.js'), `${header('polyfill.js')}${face('polyfill.cjs', '', exportLists.polyfill)}`);
      for (const n of addOns) writeFileSync(join(pkg, dir, `${n}.js`), `// The ES module face of the add-on ${n}: its registration through the module graph that require() loads too\n// (graph.cjs), so import and require share one core. Written by scripts/build.mjs.\nimport './${n}.cjs';\n`);
      rmSync(join(pkg, dir, 'load.js'));
    }
  }
}

// The entries of one module for every host (`text-encoding-wasm/provide`) get a CommonJS twin
// beside them, a bundle of their own, for Node's `require` (the Node entries take no provided
// module, so its registry being apart from the ES module's changes nothing).
for (const e of ENTRIES.filter((entry) => entry.path !== undefined)) {
  await esbuild({
    ...cjsCommon,
    entryPoints: [join(pkg, entryFile(e.subpath, 'node'))],
    outfile: join(pkg, entryFile(e.subpath, 'node', { require: true })),
    banner: { js: `// CommonJS twin of ${basename(e.path)}, written by scripts/build.mjs.` },
  });
  twins++;
}

// Declarations for the `require` condition: the same as the ESM ones, as CommonJS (.d.cts).
for (const name of readdirSync(join(pkg, 'types'))) {
  if (!name.endsWith('.d.ts')) continue;
  const text = readFileSync(join(pkg, 'types', name), 'utf8').replaceAll("'./index.js'", "'./index.cjs'");
  writeFileSync(join(pkg, 'types', name.replace(/\.d\.ts$/, '.d.cts')), text);
}

// ---- 6c. Classic scripts -----------------------------------------------------------------------------
// For `<script src>` (a CDN, before the app): the polyfill entry of the web folder (the wasm
// inlined) and of the JavaScript build, each bundled as one classic script that installs what the
// host lacks or gets wrong when it runs, and sets the global SCRIPT_GLOBAL to the entry's exports
// ({ faults, install, installed, load, ready }). No web entry has a top-level await, so they bundle
// as IIFEs. The syntax is left as written (ES2022: private class fields).
const template = JSON.parse(readFileSync(join(root, 'pkg-template', 'package.json'), 'utf8'));
for (const script of SCRIPTS) {
  await esbuild({
    entryPoints: [join(pkg, entryFile(script.from, script.host))],
    bundle: true,
    format: 'iife',
    globalName: SCRIPT_GLOBAL,
    minify: true,
    target: 'es2022',
    legalComments: 'none',
    outfile: join(pkg, script.file),
    banner: { js: `/* text-encoding-wasm ${template.version} (MIT): ${script.from.slice(2)} as a classic script; sets ${SCRIPT_GLOBAL}. */` },
    logLevel: 'warning',
  });
}

// ---- 7. package.json and the rest of pkg-template/ -------------------------------------------------
for (const name of readdirSync(join(root, 'pkg-template'))) {
  if (name !== 'package.json') copyFileSync(join(root, 'pkg-template', name), join(pkg, name));
}
// What a bundler must keep even when nothing of it is used: the host folders' entries and loaders
// (they set the core's loader), the multi-byte decoders' host checks (they register themselves
// with core/host-decoders.js), and the CommonJS files.
const sideEffects = ['./', './lite/']
  .flatMap((prefix) => [
    ...HOSTS.flatMap((h) => ['index', 'polyfill', 'legacy', 'standard', 'load', ...(prefix === './' ? ['detect'] : ADD_ON_MODULES)].map((f) => `${prefix}${h}/${f}.js`)),
    ...['node', 'wasm2js'].flatMap((h) => ['index', 'polyfill', 'legacy', 'standard', 'graph', ...(prefix === './' ? ['detect'] : ADD_ON_MODULES)].map((f) => `${prefix}${h}/${f}.cjs`)),
    `${prefix}${MULTI_BYTE_CHECKS}`,
    ...(prefix === './' ? SCRIPTS.map((script) => `./${script.file}`) : []),
  ])
  .filter((file) => existsSync(join(pkg, file)));
const { keywords, ...identity } = template;
const manifest = {
  ...identity,
  sideEffects,
  main: `./${entryFile('.', 'node', { require: true })}`,
  module: `./${entryFile('.', 'web')}`,
  types: './types/index.d.ts',
  bin: { 'text-encoding-wasm': './tools/cli.js' },
  exports: exportsMap(),
  // What a CDN serves for the bare package: the polyfill as a classic script.
  unpkg: `./${SCRIPTS[0].file}`,
  jsdelivr: `./${SCRIPTS[0].file}`,
  files: ['core/', 'idl/', 'polyfill/', ...HOSTS.map((h) => `${h}/`), 'wasm/', 'lite/', 'script/', 'tools/', 'types/', 'README.md', 'LICENSE'],
  keywords,
};
writeFileSync(join(pkg, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);

console.log(`build: ${pkg} ready, ${variants.map((v) => `${relative(pkg, join(v.dir, `${v.base}.wasm`))} ${v.size} bytes`).join(', ')}, ${twins} CommonJS twins`);
