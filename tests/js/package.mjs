// Where the JS suites find the built package (scripts/lib/package.mjs: $TEW_PKG, or pkg/ at the
// repository root), and how they import its files.
import { entryFile, importPackageFile, packageDir } from '../../scripts/lib/package.mjs';

/** Absolute path of the built package directory. */
export const pkgDir = packageDir([]);

/** Imports a file of the built package, e.g. `await importPkg('core/crossing.js')`. */
export function importPkg(file) {
  return importPackageFile(pkgDir, file);
}

/** Imports the entry `subpath` ('.', './legacy', …) as `host` ('node' by default) resolves it. */
export function importEntry(subpath, host = 'node') {
  return importPackageFile(pkgDir, entryFile(subpath, host));
}

/**
 * The core modules of the Node graph (core/instance.js, crossing.js, strings.js and labels.js)
 * merged into one object: what the tests reach behind the public API (live handles, the slice
 * limits, the wasm exports). The same module instances as the Node entries' (`prefix` 'lite/' for
 * the lite graph's).
 */
export async function importInternals(prefix = '') {
  const parts = await Promise.all(['instance', 'crossing', 'strings', 'labels'].map((m) => importPkg(`${prefix}core/${m}.js`)));
  return Object.assign({}, ...parts);
}
