// The registry of compiled wasm modules that the application handed the package before their
// first use (core/provide.js, the entry `text-encoding-wasm/provide`), for platforms that
// compile wasm only from modules they were given (and not from bytes, as the web entries'
// inlined modules are). The web and edge folders' loaders take a module from here, if one was
// provided, instead of their own. One registry for the whole package: the build points the lite
// tree's loaders at this same file.

/** The package's wasm modules, by the name provideWasm takes (each is `wasm/NAME.wasm` in the exports map). */
export const WASM_NAMES = [
  'core',
  'lite',
  'japanese',
  'simplified-chinese',
  'traditional-chinese',
  'korean',
  'japanese-encode',
  'japanese-decode',
  'simplified-chinese-encode',
  'simplified-chinese-decode',
  'traditional-chinese-encode',
  'traditional-chinese-decode',
  'korean-encode',
  'korean-decode',
  'detect',
];

const provided = Object.create(null);
/** The names whose loaders have run (their modules are instantiated, or failed to be). */
const taken = Object.create(null);

/** Whether the loader of `name` has already run with a module other than `module` (too late to provide it). */
export function loadedOtherwise(name, module) {
  return taken[name] === true && provided[name] !== module;
}

/** Records `module` as the compiled module of `name` (one of WASM_NAMES, checked by the caller). */
export function recordProvided(name, module) {
  provided[name] = module;
}

/** The module provided for `name`, or undefined; the name's loader has run from now on. */
export function providedWasm(name) {
  taken[name] = true;
  return provided[name];
}
