// `node scripts/test-env.mjs [--env node|deno|chromium|firefox|all]... [--pkg DIR]`
//
// Runs the portable suite (tests/portable/) against the built package (pkg/, or $TEW_PKG, or
// --pkg) in each environment and prints `<env>: N passed, M failed` per environment; exits 1 if
// any environment fails or cannot run.
//   node      `node tests/portable/cli.mjs` twice: the web folder (web/index.js, legacy.js,
//             standard.js, polyfill.js) and the Node folder (node/, the same file names)
//   deno      `deno run --allow-read tests/portable/cli.mjs` with the web folder (the package by path)
//   chromium  headless Chromium (puppeteer-core, /usr/bin/chromium) on a cross-origin-isolated page
//   firefox   headless Firefox ESR (puppeteer-core, WebDriver BiDi, /usr/bin/firefox-esr), same page
// `all` (the default) is every one of them. (A realm with none of the classes, where the polyfill
// installs and a Shift_JIS stream decodes, is tests/js/polyfill-realm.test.mjs.)

import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { BROWSERS, runPage, withBrowser } from './lib/browser.mjs';
import { denoBin, denoEnv, denoRunFlags } from './lib/engines.mjs';
import { packageDir, packageUrl } from './lib/package.mjs';
import { addResult, hostConfig, portableDir, readResult, summarize } from './lib/portable.mjs';
import { runCommand, runMain } from './lib/run.mjs';
import { inside, startServer } from './lib/server.mjs';

// ---- the environments ---------------------------------------------------------------------------

/** Node: the web folder and the Node folder, each in its own process. */
async function runNode(pkg) {
  const total = { passed: 0, failed: 0, skipped: 0 };
  for (const host of ['web', 'node']) {
    const label = `node (${host}/)`;
    const config = hostConfig(pkg, label, host, (f) => packageUrl(pkg, f));
    addResult(total, readResult(label, await runCommand(process.execPath, [join(portableDir, 'cli.mjs'), JSON.stringify(config)], { timeoutMs: 180000 })));
  }
  return total;
}

async function runDeno(pkg) {
  if (!existsSync(denoBin)) throw new Error(`deno not found at ${denoBin} (npm install)`);
  const config = hostConfig(pkg, 'deno (web/)', 'web', (f) => packageUrl(pkg, f));
  const out = await runCommand(denoBin, [...denoRunFlags, join(portableDir, 'cli.mjs'), JSON.stringify(config)], { timeoutMs: 180000, env: denoEnv() });
  return readResult('deno (web/)', out);
}

async function runBrowser(name, pkg) {
  const label = `${name} (web/)`;
  const server = await startServer((pathname) => {
    if (pathname === '/') {
      const config = hostConfig(pkg, label, 'web', (f) => `/pkg/${f}`);
      return {
        body: `<!doctype html><meta charset="utf-8"><title>portable suite</title><pre id="out"></pre>
<script>globalThis.__portableConfig = ${JSON.stringify(config)};</script>
<script type="module" src="/portable/browser.mjs"></script>`,
      };
    }
    if (pathname.startsWith('/pkg/')) return inside(pkg, pathname.slice(5));
    if (pathname.startsWith('/portable/')) return inside(portableDir, pathname.slice(10));
    return null;
  });
  try {
    return await withBrowser(
      name,
      async (browser) => {
        const { value, log } = await runPage(browser, `${server.origin}/`, 'globalThis.__portableResult', { timeoutMs: 150000 });
        if (value.failed && log.length) console.log(log.join('\n'));
        return readResult(label, { stdout: `@@portable-result ${JSON.stringify(value)}` });
      },
      { timeoutMs: 180000 },
    );
  } finally {
    await server.close();
  }
}

// ---- main -------------------------------------------------------------------------------------------

const ALL = ['node', 'deno', ...Object.keys(BROWSERS)];

runMain('test-env', 15, async (argv) => {
  const pkg = packageDir(argv);
  let envs = [];
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--env') envs.push(...argv[++i].split(','));
  }
  if (envs.length === 0 || envs.includes('all')) envs = ALL;
  for (const env of envs) if (!ALL.includes(env)) throw new Error(`unknown environment ${env} (${ALL.join(', ')}, all)`);
  const runners = {
    node: () => runNode(pkg),
    deno: () => runDeno(pkg),
    chromium: () => runBrowser('chromium', pkg),
    firefox: () => runBrowser('firefox', pkg),
  };
  const totals = [];
  for (const env of envs) {
    console.log(`\n--- portable suite: ${env}`);
    let result;
    try {
      result = await runners[env]();
    } catch (error) {
      console.log(`${env}: could not run: ${error && error.stack ? error.stack : error}`);
      result = { passed: 0, failed: 1, skipped: 0 };
    }
    totals.push([env, result]);
  }
  return summarize(totals) ? 0 : 1;
});
