// What the drivers of this folder share: handing their result to host.mjs (`globalThis.__result`,
// a promise of one `@@portable-result` line, as tests/portable/suite.mjs's resultLine writes it),
// and the first use the runner checks (scripts/lib/portable.mjs's SMOKE).

import { resultLine } from '../../portable/suite.mjs';

/**
 * Sets the driver's result: `run()` resolves to a summary ({ passed, failed, skipped, results });
 * `extra()`'s members are added to the line. A rejection is reported as one failed test.
 */
export function report(run, extra = () => ({})) {
  globalThis.__result = Promise.resolve()
    .then(run)
    .then(
      (summary) => resultLine(summary, extra()),
      (error) => {
        const message = String(error && error.stack ? error.stack : error);
        return `@@portable-result ${JSON.stringify({ passed: 0, failed: 1, skipped: 0, results: [{ name: 'load', status: 'fail', message }] })}`;
      },
    );
}

