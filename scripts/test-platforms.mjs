// `node scripts/test-platforms.mjs [--platform NAME]... [--pkg DIR]`
//
// The package on the platforms where JavaScript is deployed, tested the way their users run them:
// each platform is a small app (tests/platforms/NAME/, its tools pinned by its own lock and
// installed by the first run, scripts/lib/apps.mjs) into which the built package is installed from
// its `npm pack` tarball, then bundled and run by the platform's own tools. Each platform is one
// module of scripts/platforms/ exporting `run(pkg)`, which resolves to { passed, failed, skipped }
// (printing its own lines); a platform that cannot run fails. Prints a summary; exits 1 if any
// platform failed.
//   workers       Cloudflare Workers: Wrangler bundles (its default module rules), Miniflare and
//                 workerd itself run (no nodejs_compat)
//   edge-runtime  Vercel's edge-runtime with compiling wasm from bytes refused
//   next          Next.js: build and start of an app with an edge route and middleware, its edge
//                 sandbox refusing to compile wasm from bytes as a deployed edge does
//   vitest        vitest's jsdom and happy-dom environments, the polyfill under the portable suite
//   script        the classic-script builds from a <script src> in Chromium, Firefox and jsdom
// `all` (the default) is every one of them.

import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { packageDir, root } from './lib/package.mjs';
import { summarize } from './lib/portable.mjs';
import { runMain } from './lib/run.mjs';

const platformsDir = join(root, 'scripts', 'platforms');
const ALL = readdirSync(platformsDir)
  .filter((f) => f.endsWith('.mjs'))
  .map((f) => f.slice(0, -'.mjs'.length))
  .sort();

runMain('test-platforms', 25, async (argv) => {
  const pkg = packageDir(argv);
  let names = [];
  for (let i = 0; i < argv.length; i++) if (argv[i] === '--platform') names.push(...argv[++i].split(','));
  if (names.length === 0 || names.includes('all')) names = ALL;
  for (const n of names) if (!ALL.includes(n)) throw new Error(`unknown platform ${n} (${ALL.join(', ')}, all)`);
  const totals = [];
  for (const name of names) {
    console.log(`\n--- ${name}`);
    const started = Date.now();
    let result;
    try {
      const { run } = await import(join(platformsDir, `${name}.mjs`));
      result = await run(pkg);
    } catch (error) {
      console.log(`${name}: could not run: ${error && error.stack ? error.stack : error}`);
      result = { passed: 0, failed: 1, skipped: 0 };
    }
    console.log(`(${name}: ${((Date.now() - started) / 1000).toFixed(1)} s)`);
    totals.push([name, result]);
  }
  return summarize(totals) ? 0 : 1;
});
