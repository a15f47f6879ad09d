// The edge-runtime platform of scripts/test-platforms.mjs: Vercel's edge-runtime (the sandbox of
// Vercel's edge functions and of Next.js's edge code) refusing to compile wasm from bytes, as a
// deployed edge does. Each driver of tests/platforms/edge-runtime/ is bundled by esbuild the way
// Next.js bundles edge code (the conditions edge-light, browser, import, module; each
// `*.wasm?module` import a WebAssembly.Module compiled outside the sandbox and given to it), with
// the package installed in the app from its tarball, and run by host.mjs in an EdgeRuntime of its
// own:
//   suite.mjs             the portable suite through the default entries (., legacy, standard,
//                         detect; polyfill)
//   suite-lite-first.mjs  the same through lite, lite/legacy, lite/standard, every add-on first
//   suite-lite.mjs        the same with the add-ons imported after a first use of lite
//   polyfill.mjs          /polyfill over the host's writable but not configurable globals
//   js-polyfill.mjs       /js/polyfill (the JavaScript build) the same way
// Every run also checks that the sandbox refuses to compile wasm bytes.

import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { ensureApp, installPackage, platformsCache } from '../lib/apps.mjs';
import { addResult, readResult } from '../lib/portable.mjs';
import { runCommand } from '../lib/run.mjs';

/** The drivers, each with its label; `smoke`: the first-use check too; `install`: print what the polyfill did. */
const DRIVERS = [
  { file: 'suite.mjs', label: 'edge-runtime (default entries)', smoke: true },
  { file: 'suite-lite-first.mjs', label: 'edge-runtime (lite + add-ons first)', smoke: true },
  { file: 'suite-lite.mjs', label: 'edge-runtime (lite, then add-ons)', smoke: true },
  { file: 'polyfill.mjs', label: 'edge-runtime (polyfill)', install: true },
  { file: 'js-polyfill.mjs', label: 'edge-runtime (js/polyfill)', install: true },
];

/** The export conditions Next.js resolves edge code with. */
const CONDITIONS = ['edge-light', 'browser', 'import', 'module'];

/**
 * An esbuild plugin that turns each `*.wasm?module` import into the global that host.mjs fills
 * with that file's compiled module; `modules` collects global name → file.
 */
function wasmModules(modules) {
  const names = new Map();
  return {
    name: 'wasm-module',
    setup(build) {
      build.onResolve({ filter: /\.wasm\?module$/ }, (args) => ({
        path: resolve(args.resolveDir, args.path.slice(0, -'?module'.length)),
        namespace: 'wasm-module',
      }));
      build.onLoad({ filter: /.*/, namespace: 'wasm-module' }, (args) => {
        if (!names.has(args.path)) names.set(args.path, `__wasm_${names.size}`);
        const name = names.get(args.path);
        modules[name] = args.path;
        return { contents: `export default globalThis[${JSON.stringify(name)}];`, loader: 'js' };
      });
    },
  };
}

/** Bundles the driver `file` of `appDir` as one script; returns { code, modules }. */
async function bundle(appDir, file) {
  const { build } = await import('esbuild');
  const modules = {};
  const out = await build({
    entryPoints: [join(appDir, file)],
    bundle: true,
    write: false,
    format: 'iife',
    platform: 'browser',
    conditions: CONDITIONS,
    target: 'es2022',
    plugins: [wasmModules(modules)],
    logLevel: 'silent',
  });
  return { code: out.outputFiles[0].text, modules };
}

/** Prints what a polyfill driver's import installed, and each detail. */
function printInstall(stdout) {
  const line = stdout.split('\n').find((l) => l.startsWith('@@portable-result '));
  if (!line) return;
  const { installed, details } = JSON.parse(line.slice('@@portable-result '.length));
  if (installed === undefined) return;
  console.log(`  installed: ${JSON.stringify(installed)}`);
  for (const d of details) console.log(`    ${d.name}: ${d.action} (${d.reason})`);
}

/** Whether host.mjs's output says the sandbox refused to compile wasm bytes; prints it otherwise. */
function refused(label, stdout) {
  const line = stdout.split('\n').find((l) => l.startsWith('@@refused '));
  const message = line === undefined ? '(no report)' : line.slice('@@refused '.length);
  if (/^CompileError: .*disallowed/.test(message)) return true;
  console.log(`  FAIL ${label}: compiling wasm bytes in the sandbox should be refused, got ${message}`);
  return false;
}

/** Bundles and runs each driver; resolves to { passed, failed, skipped }. */
export async function run(pkg) {
  const appDir = ensureApp('edge-runtime');
  installPackage(pkg, appDir);
  const outDir = join(platformsCache, 'edge-runtime');
  mkdirSync(outDir, { recursive: true });
  const total = { passed: 0, failed: 0, skipped: 0 };
  let refusal = true;
  for (const driver of DRIVERS) {
    const { code, modules } = await bundle(appDir, driver.file);
    const base = join(outDir, driver.file.replace(/\.mjs$/, ''));
    writeFileSync(`${base}.js`, code);
    writeFileSync(`${base}.modules.json`, JSON.stringify(modules));
    const out = await runCommand(process.execPath, [join(appDir, 'host.mjs'), `${base}.js`, `${base}.modules.json`], { cwd: appDir, timeoutMs: 120000 });
    refusal = refused(driver.label, out.stdout) && refusal;
    if (driver.install) printInstall(out.stdout);
    addResult(total, readResult(driver.label, out, { smoke: Boolean(driver.smoke) }));
  }
  // The sandbox's refusal, checked in every run above, counts as one test.
  if (refusal) {
    console.log('edge-runtime: compiling wasm from bytes refused in every run, as on a deployed edge');
    total.passed++;
  } else {
    total.failed++;
  }
  return total;
}
