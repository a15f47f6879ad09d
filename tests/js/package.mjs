// Where the JS suites find the built package (scripts/lib/package.mjs: $TEW_PKG, or pkg/ at the
// repository root), and how they import its files.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { entryFile, importInternals as importInternalsOf, importPackageFile, nodeGraphPath, nodeInternals as nodeInternalsOf, packageDir } from '../../scripts/lib/package.mjs';

/** Absolute path of the built package directory. */
export const pkgDir = packageDir([]);

/** The file: URL of a file of the built package. */
export const pkgUrl = (file) => pathToFileURL(join(pkgDir, file)).href;

/** The encodings of each add-on. */
export const ADD_ON_ENCODINGS = {
  japanese: ['shift_jis', 'euc-jp', 'iso-2022-jp'],
  'simplified-chinese': ['gbk', 'gb18030'],
  'traditional-chinese': ['big5'],
  korean: ['euc-kr'],
};

/** Runs `code` (an ES module, or CommonJS with `type`) in a child Node; returns its JSON output. */
export function runChild(code, { type = 'module', flags = [] } = {}) {
  const r = spawnSync(process.execPath, [...flags, `--input-type=${type}`, '-e', code], { encoding: 'utf8' });
  assert.equal(r.status, 0, `child failed:\n${r.stderr}`);
  return JSON.parse(r.stdout);
}

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
