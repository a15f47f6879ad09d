// The portable suite: the core IDL behaviour of the package's classes, written against the
// language only (no Node, Deno or DOM APIs) so the same files run in Node, Deno, headless
// Chromium and Firefox, and bare realms. Runners (scripts/test-env.mjs, tests/portable/cli.mjs,
// tests/portable/browser.mjs) import the package entry and call runSuite().

import { assert, createHarness } from './harness.mjs';
import registerShape from './shape.mjs';
import registerDecoder from './decoder.mjs';
import registerEncoder from './encoder.mjs';
import registerSingleByte from './single-byte.mjs';
import registerStreams from './streams.mjs';
import registerPolyfill from './polyfill.mjs';
import registerStandard from './standard.mjs';
import registerDetect from './detect.mjs';

/**
 * Runs the suite. `ctx`:
 *   api          the ponyfill exports { TextDecoder, TextEncoder, TextDecoderStream, TextEncoderStream }
 *   legacy       the `/legacy` entry's exports, if the package has one
 *   standard     the `/standard` entry's exports, if the package has one
 *   detect       the `/detect` entry's exports, if the package has one
 *   loadPolyfill async () => the polyfill entry's exports (importing it installs), if it has one
 *   expectSharedArrayBuffer  fail (rather than skip) the SharedArrayBuffer tests if it is missing
 *   onResult     called with each { name, status: 'pass'|'fail'|'skip', message } as it completes
 * Resolves to { passed, failed, skipped, results }.
 */
export async function runSuite(ctx) {
  const { test, run } = createHarness();
  test('environment: the package entry exports TextDecoder and TextEncoder', () => {
    assert.equal(typeof ctx.api.TextDecoder, 'function');
    assert.equal(typeof ctx.api.TextEncoder, 'function');
  });
  if (ctx.expectSharedArrayBuffer) {
    test('environment: SharedArrayBuffer is available (cross-origin isolated)', () => {
      assert.equal(typeof SharedArrayBuffer, 'function');
    });
  }
  registerShape(test, ctx);
  registerDecoder(test, ctx);
  registerEncoder(test, ctx);
  registerSingleByte(test, ctx);
  registerStreams(test, ctx);
  registerPolyfill(test, ctx);
  registerStandard(test, ctx);
  registerDetect(test, ctx);
  return run({ onResult: ctx.onResult, timeoutMs: ctx.timeoutMs ?? 20000 });
}

/**
 * What a user first does with `api` (the classes): decode Shift_JIS, encode UTF-8; the text the
 * runners compare with scripts/lib/portable.mjs's SMOKE, or the error it threw.
 */
export function firstUse(api) {
  try {
    const sjis = new api.TextDecoder('shift_jis').decode(new Uint8Array([0x82, 0xa0, 0x41, 0x89, 0xce, 0x90, 0xaf]));
    return `${sjis}|${Array.prototype.join.call(new api.TextEncoder().encode('\u706b\u661f \u{1F600}'), ',')}`;
  } catch (error) {
    return String(error);
  }
}

/** One line per failed or skipped test and a `N passed, M failed` summary. */
export function formatSummary(label, summary) {
  const lines = [];
  for (const r of summary.results) {
    if (r.status === 'fail') lines.push(`  FAIL ${r.name}\n       ${r.message}`);
    else if (r.status === 'skip') lines.push(`  skip ${r.name} (${r.message})`);
  }
  const skipped = summary.skipped ? `, ${summary.skipped} skipped` : '';
  lines.push(`${label}: ${summary.passed} passed, ${summary.failed} failed${skipped}`);
  return lines.join('\n');
}

/**
 * Imports the entries a runner's `config` names ({ label, entry, legacy?, standard?, polyfill?,
 * detect?, expectSharedArrayBuffer?, addOns?, addOnsFirst? }: module URLs) and runs the suite over
 * them; `onResult` as runSuite's. The add-ons (lite runs) are imported before the entries with
 * `addOnsFirst`, otherwise after a first decode and encode of the lite entry.
 */
export async function runConfigured(config, onResult) {
  const addOns = config.addOns || [];
  const importAddOns = async () => {
    for (const url of addOns) await import(url);
  };
  if (config.addOnsFirst) await importAddOns();
  const api = await import(config.entry);
  if (addOns.length > 0 && !config.addOnsFirst) {
    // Lite in use before any add-on: its module instantiated, a decoder and an encoder alive.
    const pending = new api.TextDecoder('windows-1252');
    if (pending.decode(Uint8Array.of(0x80)) !== '\u20ac' || new api.TextEncoder().encode('\u00e9').length !== 2) throw new Error('lite did not decode before the add-ons');
    await importAddOns();
  }
  const legacy = config.legacy ? await import(config.legacy) : undefined;
  const standard = config.standard ? await import(config.standard) : undefined;
  const detect = config.detect ? await import(config.detect) : undefined;
  const loadPolyfill = config.polyfill ? () => import(config.polyfill) : undefined;
  return runSuite({ api, legacy, standard, detect, loadPolyfill, expectSharedArrayBuffer: Boolean(config.expectSharedArrayBuffer), onResult });
}

/** The line a runner reads: `@@portable-result` and the summary as JSON (plus `extra` members). */
export function resultLine(summary, extra = {}) {
  const { passed, failed, skipped, results } = summary;
  return `@@portable-result ${JSON.stringify({ passed, failed, skipped, results, ...extra })}`;
}
