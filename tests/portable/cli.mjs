// Command-line runner of the portable suite for Node and Deno (scripts/test-env.mjs starts it):
//   node tests/portable/cli.mjs '<config JSON>'
//   deno run --allow-read tests/portable/cli.mjs '<config JSON>'
// config: { label, entry, legacy?, standard?, polyfill?, expectSharedArrayBuffer? } — module URLs of the
// package's ponyfill entry, `/legacy` and `/standard` entries and polyfill entry. Prints failures and a summary, then
// one `@@portable-result {json}` line for the runner, and exits 1 if anything failed.

import { formatSummary, runSuite } from './suite.mjs';

const args = globalThis.Deno ? globalThis.Deno.args : globalThis.process.argv.slice(2);
const config = JSON.parse(args[0]);

const api = await import(config.entry);
const legacy = config.legacy ? await import(config.legacy) : undefined;
const standard = config.standard ? await import(config.standard) : undefined;
const loadPolyfill = config.polyfill ? () => import(config.polyfill) : undefined;

const summary = await runSuite({
  api,
  legacy,
  standard,
  loadPolyfill,
  expectSharedArrayBuffer: Boolean(config.expectSharedArrayBuffer),
});
console.log(formatSummary(config.label, summary));
console.log(`@@portable-result ${JSON.stringify({ passed: summary.passed, failed: summary.failed, skipped: summary.skipped, results: summary.results })}`);

const exit = globalThis.Deno ? (code) => globalThis.Deno.exit(code) : (code) => globalThis.process.exit(code);
exit(summary.failed > 0 ? 1 : 0);
