// Command-line runner of the portable suite for Node, Bun and Deno (scripts/test-env.mjs starts
// it):
//   node tests/portable/cli.mjs '<config JSON>'
//   bun tests/portable/cli.mjs '<config JSON>'
//   deno run --allow-read tests/portable/cli.mjs '<config JSON>'
// config: { label, entry, legacy?, standard?, polyfill?, detect?, expectSharedArrayBuffer?, core? }: module
// URLs of a host folder's entries (index.js, legacy.js, standard.js, polyfill.js, detect.js); with
// `core: true` the package's host-acceleration switch is set
// (`globalThis.TEXT_ENCODING_WASM_HOST = 'off'`) before anything imports the package. Prints failures and a summary, then one
// `@@portable-result {json}` line for the runner, and exits 1 if anything failed.

const args = globalThis.Deno ? globalThis.Deno.args : globalThis.process.argv.slice(2);
const config = JSON.parse(args[0]);
if (config.core) globalThis.TEXT_ENCODING_WASM_HOST = 'off';
// Imported only now, after the switch: no module of the package may load before it is set.
const { formatSummary, resultLine, runConfigured } = await import('./suite.mjs');
const summary = await runConfigured(config);
console.log(formatSummary(config.label, summary));
console.log(resultLine(summary));

const exit = globalThis.Deno ? (code) => globalThis.Deno.exit(code) : (code) => globalThis.process.exit(code);
exit(summary.failed > 0 ? 1 : 0);
