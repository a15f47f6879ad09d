// What each suite worker's fetch handler answers: the portable suite (tests/portable/) run over
// the entries the worker imported, inside the request (workerd refuses timers and streams at a
// module's top level), as the suite's summary and its `@@portable-result` line, which the runner
// (scripts/platforms/workers.mjs) reads.

import { firstUse, formatSummary, resultLine, runSuite } from '../../../portable/suite.mjs';

/**
 * Runs the suite over `ctx` (runSuite's: api, legacy, standard, detect, loadPolyfill; no
 * SharedArrayBuffer is expected in a worker) after `before()` (what the worker does first, such as
 * importing add-ons); answers with the result, or with a failed `load` test if anything threw.
 */
export async function suiteResponse(label, ctx, before = async () => {}) {
  let text;
  try {
    await before();
    const summary = await runSuite({ ...ctx, expectSharedArrayBuffer: false });
    text = `${formatSummary(label, summary)}\n${resultLine(summary, { smoke: firstUse(ctx.api) })}\n`;
  } catch (error) {
    const message = String(error && error.stack ? error.stack : error);
    text = `@@portable-result ${JSON.stringify({ passed: 0, failed: 1, skipped: 0, results: [{ name: 'load', status: 'fail', message }] })}\n`;
  }
  return new Response(text, { headers: { 'content-type': 'text/plain; charset=utf-8' } });
}
