// The package as the tests, scripts and the bench see it: where the built package is
// (`packageDir()`), and the one table of its public entries (`ENTRIES`), from which the build
// writes the exports map, and from which every script finds an entry's file for a host.
//
// Layout of the built package (pkg/), a mirror of js/ plus what the build generates:
//   core/ idl/ polyfill/      the modules every host shares
//   web/ node/ wasm2js/ edge/ one folder per host, the same file names in each: index.js,
//                             polyfill.js, legacy.js, standard.js, detect.js (the detector, with
//                             its own loader) and load.js (how that host gets the core); node/
//                             and wasm2js/ also have graph.cjs (the CommonJS bundle of their
//                             module graph) and a CommonJS twin of each entry; in node/ the ES
//                             module entries are faces of graph.cjs too (no load.js there: it
//                             is inside graph.cjs), so nodeInternals reads the core from it
//   wasm/                     generated: core.wasm, inline.js (the same, inlined), instantiate.js,
//                             wasm2js.js/.cjs (the JavaScript build); the detector's own module
//                             as detect.wasm, detect-inline.js, detect-instantiate.js and
//                             detect-wasm2js.js/.cjs
//   lite/                     the lite build: the modules its entries reach (the add-ons' entries
//                             among them: japanese.js, ...), and its own wasm/ with each add-on's
//                             module beside the base's (japanese.wasm, japanese-inline.js,
//                             japanese-wasm2js.js/.cjs, ...)
//   tools/                    the command-line transcoder (the package's bin) and the finder
//   types/                    .d.ts (and .d.cts for require) of every entry

import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** The repository's root. */
export const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/**
 * The host folders, each with the same entry file names: web/ (the wasm inlined: browsers,
 * bundlers, Deno), node/ (the .wasm read from disk), wasm2js/ (the JavaScript build), edge/ (the
 * .wasm imported as a module the platform compiles: Cloudflare Workers, Vercel Edge).
 */
export const HOSTS = ['web', 'node', 'wasm2js', 'edge'];

/**
 * The export conditions under which an entry resolves to the edge folder: platforms that compile
 * wasm only from modules they were given, never from bytes. Wrangler bundles a Worker with
 * `workerd`; Next.js (edge routes, middleware) and Vercel's edge functions with `edge-light`.
 */
export const EDGE_CONDITIONS = ['workerd', 'edge-light'];

/**
 * The per-language add-ons over lite: each one's module (src/wasm.rs built with that one Cargo
 * feature) and entry file are named after it.
 */
export const ADD_ONS = ['japanese', 'simplified-chinese', 'traditional-chinese', 'korean'];

/** The two directions an add-on also comes in alone (`japanese/encode`, `japanese/decode`). */
export const DIRECTIONS = ['encode', 'decode'];

/**
 * Every add-on module, by the name of its module and entry file: each language both ways
 * ('japanese': src/wasm.rs built with its feature and both directions' exports), then one
 * direction only ('japanese-encode', 'japanese-decode': that direction's exports, code and tables).
 */
export const ADD_ON_MODULES = [...ADD_ONS, ...ADD_ONS.flatMap((language) => DIRECTIONS.map((direction) => `${language}-${direction}`))];

/** The language and direction ('encode', 'decode'; null: both) of the add-on module `name`. */
export function addOnParts(name) {
  const m = new RegExp(`^(.+)-(${DIRECTIONS.join('|')})$`).exec(name);
  return m === null ? { language: name, direction: null } : { language: m[1], direction: m[2] };
}

/** The subpath of the add-on module `name`: './japanese', './japanese/encode', ... */
export function addOnSubpath(name) {
  const { language, direction } = addOnParts(name);
  return direction === null ? `./${language}` : `./${language}/${direction}`;
}

/**
 * The public entries, in the exports map's order: the subpath, the entry's file in each host
 * folder, its types (types/NAME.d.ts), whether it is the lite build (files under lite/), and the
 * one host folder it always takes (the `/js` entries: the JavaScript build under every condition).
 */
export const ENTRIES = [
  { subpath: '.', file: 'index', types: 'index' },
  { subpath: './polyfill', file: 'polyfill', types: 'polyfill' },
  { subpath: './lite', file: 'index', types: 'lite', lite: true },
  { subpath: './legacy', file: 'legacy', types: 'legacy' },
  { subpath: './standard', file: 'standard', types: 'standard' },
  { subpath: './lite/standard', file: 'standard', types: 'standard', lite: true },
  { subpath: './lite/legacy', file: 'legacy', types: 'legacy', lite: true },
  ...ADD_ON_MODULES.map((name) => ({ subpath: addOnSubpath(name), file: name, types: 'add-on', lite: true })),
  { subpath: './detect', file: 'detect', types: 'detect' },
  { subpath: './js', file: 'index', types: 'index', host: 'wasm2js' },
  { subpath: './js/polyfill', file: 'polyfill', types: 'polyfill', host: 'wasm2js' },
  { subpath: './js/legacy', file: 'legacy', types: 'legacy', host: 'wasm2js' },
  { subpath: './js/standard', file: 'standard', types: 'standard', host: 'wasm2js' },
  { subpath: './js/detect', file: 'detect', types: 'detect', host: 'wasm2js' },
  { subpath: './provide', file: 'provide', types: 'provide', path: 'core/provide.js' },
  { subpath: './polyfill/check', file: 'check', types: 'check', path: 'polyfill/host-check.js' },
];

/**
 * The package's wasm modules, exported as `./wasm/NAME.wasm` for platforms that import them as
 * modules themselves (provideWasm's names: core/provided-wasm.js): the subpath and the file.
 */
export const WASM_EXPORTS = [
  ['core', 'wasm/core.wasm'],
  ['lite', 'lite/wasm/core.wasm'],
  ...ADD_ON_MODULES.map((name) => [name, `lite/wasm/${name}.wasm`]),
  ['detect', 'wasm/detect.wasm'],
].map(([name, file]) => ({ subpath: `./wasm/${name}.wasm`, name, file }));

/** The classic-script builds (script/, one file each, for `<script src>`): the file and the entry it is built from. */
export const SCRIPTS = [
  { file: 'script/polyfill.js', from: './polyfill', host: 'web' },
  { file: 'script/js-polyfill.js', from: './js/polyfill', host: 'wasm2js' },
];

/** The global the classic-script builds set: the polyfill entry's exports. */
export const SCRIPT_GLOBAL = 'TextEncodingWasm';

/** The entry of `subpath` (throws for one the package does not have). */
export function entry(subpath) {
  const found = ENTRIES.find((e) => e.subpath === subpath);
  if (found === undefined) throw new Error(`the package has no entry ${subpath}`);
  return found;
}

/**
 * The file (relative to the package) that `subpath` resolves to in `host` ('web', 'node' or
 * 'wasm2js'); `require` gives the CommonJS twin. E.g. entryFile('./legacy', 'node') is
 * 'node/legacy.js', entryFile('./lite', 'web') 'lite/web/index.js'.
 */
export function entryFile(subpath, host, { require = false } = {}) {
  const e = entry(subpath);
  if (e.path !== undefined) return require ? e.path.replace(/\.js$/, '.cjs') : e.path;
  return `${e.lite ? 'lite/' : ''}${e.host || host}/${e.file}.${require ? 'cjs' : 'js'}`;
}

/**
 * The files of a host folder that the portable suite loads: { entry, legacy, standard, polyfill,
 * detect } (the lite build has no detector: no `detect` there).
 */
export function hostFiles(host, { lite = false } = {}) {
  const at = `${lite ? 'lite/' : ''}${host}/`;
  const files = { entry: `${at}index.js`, legacy: `${at}legacy.js`, standard: `${at}standard.js`, polyfill: `${at}polyfill.js` };
  return lite ? files : { ...files, detect: `${at}detect.js` };
}

/** Generated files of the package, by role. */
export const GENERATED = {
  wasm: 'wasm/core.wasm',
  liteWasm: 'lite/wasm/core.wasm',
  inline: 'wasm/inline.js',
  instantiate: 'wasm/instantiate.js',
  wasm2js: 'wasm/wasm2js.js',
  detectWasm: 'wasm/detect.wasm',
  detectInstantiate: 'wasm/detect-instantiate.js',
  cli: 'tools/cli.js',
};

/**
 * The exports map of the published package.json, from ENTRIES: under each subpath the
 * `react-native` condition takes the JavaScript build, `workerd` and `edge-light` the edge folder,
 * `deno` and `browser` the web folder, `node` the Node folder (its CommonJS twin for `require`),
 * and `default` the web folder; an entry of one file (`path`) is that file under every condition
 * but Node's `require`, which takes its CommonJS twin.
 * Then the wasm modules (WASM_EXPORTS) and the classic-script builds (SCRIPTS).
 */
export function exportsMap() {
  const map = {};
  for (const e of ENTRIES) {
    const types = `./types/${e.types}.d.ts`;
    const requireTypes = `./types/${e.types}.d.cts`;
    if (e.path !== undefined) {
      // One module for every host; for Node's `require`, its CommonJS twin.
      const file = (require) => `./${entryFile(e.subpath, 'node', { require })}`;
      map[e.subpath] = { node: { require: { types: requireTypes, default: file(true) }, default: file(false) }, types, default: file(false) };
      continue;
    }
    const file = (host, require) => `./${entryFile(e.subpath, host, { require })}`;
    const target = {};
    if (e.host === undefined) target['react-native'] = { types, default: file('wasm2js') };
    if (e.host === undefined) for (const condition of EDGE_CONDITIONS) target[condition] = { types, default: file('edge') };
    target.deno = { types, default: file('web') };
    target.browser = { types, default: file('web') };
    target.node = { import: { types, default: file('node') }, require: { types: requireTypes, default: file('node', true) } };
    target.types = types;
    target.default = file('web');
    map[e.subpath] = target;
  }
  for (const w of WASM_EXPORTS) map[w.subpath] = `./${w.file}`;
  for (const s of SCRIPTS) map[`./${s.file}`] = `./${s.file}`;
  map['./package.json'] = './package.json';
  return map;
}

/**
 * The built package directory: `--pkg DIR` in `argv`, $TEW_PKG, or pkg/ at the repository root.
 * Throws (naming the command that builds it) where there is no built package.
 */
export function packageDir(argv = process.argv) {
  const at = argv.indexOf('--pkg');
  const dir = resolve(at >= 0 && argv[at + 1] ? argv[at + 1] : process.env.TEW_PKG || join(root, 'pkg'));
  if (!existsSync(join(dir, 'package.json')) || !existsSync(join(dir, entryFile('.', 'node')))) {
    throw new Error(`no built package at ${dir} (run npm run build, or pass --pkg DIR / set TEW_PKG)`);
  }
  return dir;
}

/** The file URL of `file` (relative to the package) in the package at `pkg`. */
export function packageUrl(pkg, file) {
  return pathToFileURL(join(pkg, file)).href;
}

/** Imports `file` (relative to the package) of the package at `pkg`. */
export function importPackageFile(pkg, file) {
  return import(packageUrl(pkg, file));
}

/**
 * The core modules behind the Node folder's entries (`prefix` 'lite/' for the lite ones), as their
 * module graph holds them: { instance, crossing, strings, labels, hostCodecs, textEncoder }, each
 * a module namespace. The Node folder's entries, ES module or CommonJS, are faces of one bundle,
 * node/graph.cjs (scripts/build.mjs, 6b), so these, and not the files under core/, are the
 * instances those entries use. (The web and wasm2js folders' ES modules use core/ itself.)
 */
export function nodeInternals(pkg, prefix = '') {
  return createRequire(import.meta.url)(nodeGraphPath(pkg, prefix)).internals;
}

/** The path of the Node folder's module graph (node/graph.cjs, or lite/node/graph.cjs). */
export function nodeGraphPath(pkg, prefix = '') {
  return join(resolve(pkg), prefix, 'node', 'graph.cjs');
}

/**
 * The core modules behind the Node folder's entries (nodeInternals: instance, crossing, strings,
 * labels) merged into one object: what the tests and the bench reach behind the public API (live
 * handles, the slice limits, the string builders, the wasm exports).
 */
export async function importInternals(pkg, prefix = '') {
  const { instance, crossing, strings, labels } = nodeInternals(pkg, prefix);
  return Object.assign({}, instance, crossing, strings, labels);
}
