// `node scripts/check-types.mjs`: type-checks the built package's declarations with `tsc --noEmit`
// (the pinned TypeScript devDependency). tests/types/ is copied into a temporary project whose
// node_modules/text-encoding-wasm links to the package ($TEW_PKG or pkg/; build it first), so the
// samples import every entry by name through the exports map, as a user would. Runs each
// tsconfig*.json there (Node resolution with ESM and CommonJS samples, bundler resolution, no DOM
// lib with @types/node); exits non-zero on any error.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { packageDir, root } from './lib/package.mjs';

let pkg;
try {
  pkg = packageDir();
} catch (error) {
  console.error(`check-types: ${error.message}`);
  process.exit(2);
}
const tsc = join(root, 'node_modules', 'typescript', 'bin', 'tsc');
if (!existsSync(tsc)) {
  console.error('check-types: typescript is not installed (npm ci)');
  process.exit(2);
}

const project = mkdtempSync(join(tmpdir(), 'tew-types-'));
let failed = false;
try {
  cpSync(join(root, 'tests', 'types'), project, { recursive: true });
  // ESM by default: sample.ts is an ES module, sample-require.cts CommonJS.
  writeFileSync(join(project, 'package.json'), '{ "private": true, "type": "module" }\n');
  const modules = join(project, 'node_modules');
  mkdirSync(join(modules, '@types'), { recursive: true });
  symlinkSync(pkg, join(modules, 'text-encoding-wasm'), 'dir');
  symlinkSync(join(root, 'node_modules', '@types', 'node'), join(modules, '@types', 'node'), 'dir');
  symlinkSync(join(root, 'node_modules', 'undici-types'), join(modules, 'undici-types'), 'dir');

  for (const config of readdirSync(project).filter((f) => /^tsconfig.*\.json$/.test(f)).sort()) {
    const r = spawnSync(process.execPath, [tsc, '-p', config, '--pretty', 'false'], { cwd: project, encoding: 'utf8' });
    const output = `${r.stdout}${r.stderr}`.trim();
    if (r.status === 0 && output === '') {
      console.log(`check-types: ${config} ok`);
    } else {
      failed = true;
      console.error(`check-types: ${config} failed (exit ${r.status})\n${output.replaceAll(project, 'tests/types')}`);
    }
  }
} finally {
  rmSync(project, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
