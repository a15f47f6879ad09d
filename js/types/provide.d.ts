// Types of `text-encoding-wasm/provide`: hand the package compiled wasm modules before their first
// use, for platforms that compile wasm only from modules they were given. The web and edge entries
// (browsers, bundlers, Deno, Cloudflare Workers, Vercel Edge) take a provided module instead of
// their own; the Node entries read the .wasm files from disk and take none.

/** The package's wasm modules, each exported as `text-encoding-wasm/wasm/NAME.wasm`. */
export type WasmName =
  | 'core'
  | 'lite'
  | 'japanese'
  | 'simplified-chinese'
  | 'traditional-chinese'
  | 'korean'
  | 'japanese-encode'
  | 'japanese-decode'
  | 'simplified-chinese-encode'
  | 'simplified-chinese-decode'
  | 'traditional-chinese-encode'
  | 'traditional-chinese-decode'
  | 'korean-encode'
  | 'korean-decode'
  | 'detect';

/** The names provideWasm takes, in the order of WasmName. */
export declare const WASM_NAMES: readonly WasmName[];

/**
 * Hands the package compiled modules by name: `core` for the full entries (`text-encoding-wasm`,
 * `/legacy`, `/standard`, `/polyfill`), `lite` for the lite ones, each add-on's by its language
 * (`japanese`, and `japanese-encode`, `japanese-decode` for its one-direction entries), `detect`
 * for `/detect`. Throws a TypeError for an unknown name or a value that is not a
 * WebAssembly.Module, and an Error where that module was already loaded.
 */
export declare function provideWasm(modules: Partial<Record<WasmName, WebAssembly.Module>>): void;
