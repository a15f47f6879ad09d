// The package as a user's app gets it, for the platform tests (scripts/test-platforms.mjs): each
// platform is a small app under tests/platforms/NAME/ with its own package.json and lock (the
// platform's tools from the npm registry, installed into that folder's ignored node_modules by
// `ensureApp`), and the built package is installed into it the way npm installs a dependency:
// `npm pack` of pkg/ (so only what its `files` field ships), extracted into
// node_modules/text-encoding-wasm (`installPackage`).

import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { root } from './package.mjs';

/** The platform apps' folder. */
export const appsDir = join(root, 'tests', 'platforms');

/** Where packed tarballs and other platform-test files go (ignored). */
export const platformsCache = join(root, '.cache', 'platforms');

/**
 * Installs the app `name`'s tools (tests/platforms/NAME/package-lock.json, `npm ci`) unless its
 * node_modules is already current (npm's own record, node_modules/.package-lock.json, newer than
 * the lock); returns the app's folder. The tools run offline once installed.
 */
export function ensureApp(name) {
  const dir = join(appsDir, name);
  const lock = join(dir, 'package-lock.json');
  if (!existsSync(lock)) throw new Error(`tests/platforms/${name} has no package-lock.json`);
  const record = join(dir, 'node_modules', '.package-lock.json');
  if (!existsSync(record) || statSync(record).mtimeMs < statSync(lock).mtimeMs) {
    console.log(`platforms: installing the tools of tests/platforms/${name} (npm ci)`);
    // --engine-strict=false: some tools declare a newer Node than the system's npm runs on; the
    // tests run them with the pinned Node 24 (scripts/lib/engines.mjs).
    execFileSync('npm', ['ci', '--no-audit', '--no-fund', '--engine-strict=false', '--loglevel=error'], { cwd: dir, stdio: 'inherit' });
  }
  return dir;
}

let tarball = null;
/**
 * The built package at `pkg` packed by `npm pack` (once per process, into a folder of its own, so
 * that runs side by side do not share one); returns the tarball's path.
 */
export function packedPackage(pkg) {
  if (tarball !== null) return tarball;
  mkdirSync(platformsCache, { recursive: true });
  const out = mkdtempSync(join(platformsCache, 'packed-'));
  process.on('exit', () => rmSync(out, { recursive: true, force: true }));
  execFileSync('npm', ['pack', pkg, '--pack-destination', out, '--silent'], { stdio: ['ignore', 'ignore', 'inherit'] });
  const file = readdirSync(out).find((f) => f.endsWith('.tgz'));
  if (file === undefined) throw new Error(`npm pack ${pkg} wrote no tarball`);
  tarball = join(out, file);
  return tarball;
}

/**
 * Installs the built package at `pkg` into `appDir` as npm would from its tarball:
 * node_modules/text-encoding-wasm holds exactly what the package ships. Returns that folder.
 */
export function installPackage(pkg, appDir) {
  const target = join(appDir, 'node_modules', 'text-encoding-wasm');
  rmSync(target, { recursive: true, force: true });
  mkdirSync(target, { recursive: true });
  execFileSync('tar', ['-xzf', packedPackage(pkg), '-C', target, '--strip-components=1']);
  return target;
}
