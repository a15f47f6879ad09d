// `node scripts/test-bundlers.mjs [--bundler webpack|vite|esbuild|rollup]... [--pkg DIR]`
//
// Builds tests/bundlers/app (which imports 'text-encoding-wasm', 'text-encoding-wasm/polyfill' and
// 'text-encoding-wasm/detect' by their bare names) with webpack 5, Vite 7, esbuild and Rollup
// (+ node-resolve), each in production mode, then opens every output in headless Chromium and
// checks what the page decoded: a Shift_JIS sample ("日本語" = 93 FA 96 7B 8C EA) and a UTF-8
// one, and the shape of what the detector answered. The package resolves
// through its exports map: a temporary directory gets node_modules/text-encoding-wasm (a copy of
// the built package) next to a copy of the app. Nothing is written into the repository; the
// temporary directory is removed at the end. Prints `<bundler>: ok|FAIL` lines and
// `bundlers: N passed, M failed`; exits 1 on any failure.

import { cpSync, existsSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runPage, withBrowser } from './lib/browser.mjs';
import { packageDir, root } from './lib/package.mjs';
import { runMain } from './lib/run.mjs';
import { inside, startServer } from './lib/server.mjs';

const ALL = ['webpack', 'vite', 'esbuild', 'rollup'];
const EXPECTED = {
  shiftJis: '\u65E5\u672C\u8A9E',
  utf8: '\u65E5\u672C\u8A9E!',
  encoded: [0xc3, 0xa9, 0xf0, 0x9f, 0x98, 0x80],
  tag: '[object TextDecoder]',
  polyfillInstall: 'function',
  globalIsOursExactlyWhenFaulty: true,
  detect: 'encoding,confidence,candidates|true',
  liteShiftJis: [0x93, 0xfa, 0x96, 0x7b, 0x8c, 0xea],
};

/** A page that loads one classic or module script. */
const page = (src, type) =>
  `<!doctype html><meta charset="utf-8"><title>bundle</title><pre id="result">(not run)</pre><script${type === 'module' ? ' type="module"' : ''} src="${src}"></script>\n`;

const builders = {
  async webpack(app, out) {
    const { default: webpack } = await import('webpack');
    const stats = await new Promise((resolvePromise, reject) => {
      webpack(
        {
          mode: 'production',
          context: app,
          entry: './main.js',
          target: 'web',
          output: { path: out, filename: 'main.js', clean: true },
          performance: { hints: false },
          infrastructureLogging: { level: 'error' },
        },
        (error, result) => (error ? reject(error) : resolvePromise(result)),
      );
    });
    if (stats.hasErrors()) throw new Error(stats.toString({ all: false, errors: true }));
    writeFileSync(join(out, 'index.html'), page('./main.js', 'classic'));
  },
  async vite(app, out) {
    const { build } = await import('vite');
    await build({
      root: app,
      base: './',
      configFile: false,
      logLevel: 'warn',
      build: { outDir: out, emptyOutDir: true, minify: true },
    });
  },
  async esbuild(app, out) {
    const { build } = await import('esbuild');
    await build({
      entryPoints: [join(app, 'main.js')],
      bundle: true,
      minify: true,
      format: 'esm',
      platform: 'browser',
      outfile: join(out, 'main.js'),
      logLevel: 'warning',
      absWorkingDir: app,
    });
    writeFileSync(join(out, 'index.html'), page('./main.js', 'module'));
  },
  async rollup(app, out) {
    const { rollup } = await import('rollup');
    const { nodeResolve } = await import('@rollup/plugin-node-resolve');
    const bundle = await rollup({
      input: join(app, 'main.js'),
      plugins: [nodeResolve({ browser: true, exportConditions: ['browser', 'module', 'import', 'default'] })],
      onwarn(warning, warn) {
        if (warning.code !== 'CIRCULAR_DEPENDENCY') warn(warning);
      },
    });
    // A directory: the polyfill's implementation is a dynamic import, split into its own chunk.
    await bundle.write({ dir: out, entryFileNames: 'main.js', format: 'es' });
    await bundle.close();
    writeFileSync(join(out, 'index.html'), page('./main.js', 'module'));
  },
};

function size(dir) {
  let total = 0;
  for (const name of readdirSync(dir, { recursive: true })) {
    const p = join(dir, name);
    if (statSync(p).isFile() && /\.(m?js)$/.test(name)) total += statSync(p).size;
  }
  return total;
}

function compare(result) {
  const problems = [];
  if (result.error) problems.push(`the page threw: ${result.error}`);
  for (const [key, want] of Object.entries(EXPECTED)) {
    const got = result[key];
    if (JSON.stringify(got) !== JSON.stringify(want)) problems.push(`${key}: expected ${JSON.stringify(want)}, got ${JSON.stringify(got)}`);
  }
  return problems;
}

runMain('test-bundlers', 10, async (argv) => {
  const pkg = packageDir(argv);
  let chosen = [];
  for (let i = 0; i < argv.length; i++) if (argv[i] === '--bundler') chosen.push(...argv[++i].split(','));
  if (chosen.length === 0) chosen = ALL;
  for (const b of chosen) if (!ALL.includes(b)) throw new Error(`unknown bundler ${b} (${ALL.join(', ')})`);

  const work = mkdtempSync(join(tmpdir(), 'tew-bundlers-'));
  const outcome = new Map();
  try {
    // The consumer project: app/ and node_modules/text-encoding-wasm (a copy of the package).
    const app = join(work, 'app');
    cpSync(join(root, 'tests', 'bundlers', 'app'), app, { recursive: true });
    cpSync(pkg, join(work, 'node_modules', 'text-encoding-wasm'), { recursive: true });
    writeFileSync(join(work, 'package.json'), JSON.stringify({ name: 'tew-bundler-check', private: true, type: 'module' }));

    const outs = {};
    for (const bundler of chosen) {
      const out = join(work, 'dist', bundler);
      const started = Date.now();
      try {
        await builders[bundler](app, out);
        if (!existsSync(join(out, 'index.html'))) throw new Error('no index.html in the output');
        outs[bundler] = out;
        console.log(`${bundler}: built in ${Date.now() - started} ms, ${size(out)} bytes of JS`);
      } catch (error) {
        outcome.set(bundler, [`build failed: ${error && error.stack ? error.stack : error}`]);
      }
    }

    const built = Object.keys(outs);
    if (built.length > 0) {
      const server = await startServer((pathname) => {
        const [, bundler, ...rest] = pathname.split('/');
        if (!outs[bundler]) return null;
        const file = rest.join('/') || 'index.html';
        return inside(outs[bundler], file);
      });
      try {
        await withBrowser(
          'chromium',
          async (browser) => {
            for (const bundler of built) {
              try {
                const { value, log } = await runPage(browser, `${server.origin}/${bundler}/`, 'window.__bundleResult', { timeoutMs: 30000 });
                const problems = compare(value);
                if (problems.length && log.length) problems.push(...log);
                outcome.set(bundler, problems);
              } catch (error) {
                outcome.set(bundler, [`the page did not report: ${error.message}`]);
              }
            }
          },
          { timeoutMs: 120000 },
        );
      } finally {
        await server.close();
      }
    }
  } finally {
    rmSync(work, { recursive: true, force: true, maxRetries: 3 });
  }

  let passed = 0;
  let failed = 0;
  for (const bundler of chosen) {
    const problems = outcome.get(bundler) ?? ['not run'];
    if (problems.length === 0) {
      passed++;
      console.log(`${bundler}: ok (Shift_JIS and UTF-8 decoded in Chromium)`);
    } else {
      failed++;
      console.log(`${bundler}: FAIL\n  ${problems.join('\n  ')}`);
    }
  }
  console.log(`bundlers: ${passed} passed, ${failed} failed`);
  return failed === 0 ? 0 : 1;
});
