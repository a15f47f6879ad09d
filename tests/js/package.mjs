// Where the JS suites find the built package (scripts/lib/package.mjs: $TEW_PKG, or pkg/ at the
// repository root), and how they import its files.
import { entryFile, importInternals as importInternalsOf, importPackageFile, nodeGraphPath, nodeInternals as nodeInternalsOf, packageDir } from '../../scripts/lib/package.mjs';

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

/** The core modules behind the Node folder's entries, each a namespace (scripts/lib/package.mjs's nodeInternals). */
export function nodeInternals(prefix = '') {
  return nodeInternalsOf(pkgDir, prefix);
}

/**
 * An expression for a child's ES module script: the core modules behind the Node folder's
 * entries (`prefix` 'lite/' for lite's), as nodeInternals gives them.
 */
export function nodeInternalsExpression(prefix = '') {
  const path = JSON.stringify(nodeGraphPath(pkgDir, prefix));
  return `(await import('node:module')).createRequire(${path})(${path}).internals`;
}

/** The core modules behind the entries (scripts/lib/package.mjs's importInternals). */
export function importInternals(prefix = '') {
  return importInternalsOf(pkgDir, prefix);
}
