// What each suite worker's fetch handler answers: the portable suite (tests/portable/) run over
// the entries the worker imported, inside the request (workerd refuses timers and streams at a
// module's top level), as the suite's summary and its `@@portable-result` line, which the runner
// (scripts/platforms/workers.mjs) reads.

import { formatSummary, resultLine, runSuite } from '../../../portable/suite.mjs';

/** What a user first does: decode Shift_JIS, encode UTF-8 (the runner compares it with its SMOKE). */
function firstUse(api) {
  try {
    const sjis = new api.TextDecoder('shift_jis').decode(Uint8Array.of(0x82, 0xa0, 0x41, 0x89, 0xce, 0x90, 0xaf));
    return `${sjis}|${Array.prototype.join.call(new api.TextEncoder().encode('\u706b\u661f \u{1F600}'), ',')}`;
  } catch (error) {
    return String(error);
  }
}

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
