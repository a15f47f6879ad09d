// Where the JS suites find the built package: $TEW_PKG, or pkg/ at the repository root.
import { resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** Absolute path of the built package directory. */
export const pkgDir = resolve(process.env.TEW_PKG || fileURLToPath(new URL('../../pkg', import.meta.url)));

/** Imports a file of the built package, e.g. `await importPkg('node.js')`. */
export function importPkg(file) {
  return import(pathToFileURL(resolve(pkgDir, file)).href);
}
