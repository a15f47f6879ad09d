// Runs the portable suite (tests/portable/) in a bare JavaScript engine, as one module or bundled
// script: scripts/test-engines.mjs fills in the placeholders (the package entries to test, a label)
// before running or bundling it. Output goes through the host's `print` (JavaScriptCore, QuickJS
// and Hermes shells) or console.log; the last line is `@@portable-result {json}` for the runner.
// Hosts without both timers (JavaScriptCore's shell has no clearTimeout), or whose timers fire
// before pending promise jobs (Hermes' shell), get inert ones: the suite's per-test timeout then
// never fires, and the runner's own time limit bounds the run instead.

import { firstUse, formatSummary, resultLine, runSuite } from '@@SUITE@@';
import * as api from '@@ENTRY@@';
import * as legacy from '@@LEGACY@@';
import * as standard from '@@STANDARD@@';
import * as detect from '@@DETECT@@';

const out = typeof print === 'function' ? print : (line) => console.log(line);
if (typeof setTimeout !== 'function' || typeof clearTimeout !== 'function' || '@@INERT_TIMERS@@' === 'yes') {
  globalThis.setTimeout = () => 0;
  globalThis.clearTimeout = () => {};
}

runSuite({ api, legacy, standard, detect, loadPolyfill: () => import('@@POLYFILL@@') }).then(
  (summary) => {
    out(formatSummary('@@LABEL@@', summary));
    out(resultLine(summary, { smoke: firstUse(api) }));
  },
  (error) => {
    const message = String(error && error.stack ? error.stack : error);
    out(`@@portable-result ${JSON.stringify({ passed: 0, failed: 1, skipped: 0, results: [{ name: 'load', status: 'fail', message }] })}`);
  },
);
