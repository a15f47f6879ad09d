// Browser runner of the portable suite: the page served by scripts/test-env.mjs sets
// `globalThis.__portableConfig` ({ label, entry, legacy?, standard?, polyfill?, detect?, expectSharedArrayBuffer,
// core? }) and imports this module, which runs the suite, writes the results into the page and
// leaves them in `globalThis.__portableResult` for the runner to read. With `core: true` the
// package's host-acceleration switch (`globalThis.TEXT_ENCODING_WASM_HOST = 'off'`) is set before
// anything imports the package.

const config = globalThis.__portableConfig;
if (config.core) globalThis.TEXT_ENCODING_WASM_HOST = 'off';
const out = document.getElementById('out');
const print = (line) => {
  out.textContent += `${line}\n`;
};

try {
  // Imported only now, after the switch: no module of the package may load before it is set.
  const { formatSummary, runConfigured } = await import('./suite.mjs');
  const summary = await runConfigured(config, (r) => print(`${r.status} ${r.name}${r.message ? ` — ${r.message}` : ''}`));
  print(formatSummary(config.label, summary));
  globalThis.__portableResult = { passed: summary.passed, failed: summary.failed, skipped: summary.skipped, results: summary.results };
} catch (error) {
  print(`the suite could not run: ${error && error.stack ? error.stack : error}`);
  globalThis.__portableResult = { passed: 0, failed: 1, skipped: 0, results: [{ name: 'load', status: 'fail', message: String(error) }] };
}
