// The polyfill as an app's tests get it in vitest's DOM environments: this file imports
// 'text-encoding-wasm/polyfill' before anything else, as a test setup would, then checks what the
// import left on the global scope (a Shift_JIS decode and a UTF-8 encode; a GBK Response body
// piped through the global TextDecoderStream, or that class absent with a reason) and runs the
// portable suite (tests/portable/) over the globals and over the package's own exports. Each
// run's `@@portable-result` line goes to results/<project>.<run>.txt for
// scripts/platforms/vitest.mjs, with what the runner needs to tell the host's failures from the
// package's: which classes the import left as the host's (`hostKept`), and which global stream
// classes are not the Streams standard's (`nonStandardStreams`).

import * as polyfill from 'text-encoding-wasm/polyfill';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { inject, test } from 'vitest';
import { firstUse, resultLine, runSuite } from '../../portable/suite.mjs';

const NAMES = ['TextDecoder', 'TextEncoder', 'TextDecoderStream', 'TextEncoderStream'];
/** 你好 in GBK. */
const GBK = [0xc4, 0xe3, 0xba, 0xc3];

/** The global classes right after the import, before any run touches them. */
const afterImport = Object.fromEntries(NAMES.map((n) => [n, globalThis[n]]));

/**
 * Writes `line` to this project's results file for the run `run` (by path: in the vm pools the
 * global URL is the DOM's, which node:fs does not take).
 */
function report(run, line) {
  const dir = join(fileURLToPath(String(import.meta.url)), '..', 'results');
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, `${inject('run').replace(/\W+/g, '-')}.${run}.txt`), `${line}\n`);
}

/** The package's other entries, as the suite takes them. */
async function entries() {
  return {
    legacy: await import('text-encoding-wasm/legacy'),
    standard: await import('text-encoding-wasm/standard'),
    detect: await import('text-encoding-wasm/detect'),
    loadPolyfill: () => import('text-encoding-wasm/polyfill'),
    expectSharedArrayBuffer: false,
  };
}

/** Every string a readable stream yields, joined. */
async function readText(readable) {
  const reader = readable.getReader();
  let text = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return text;
    text += value;
  }
}

/**
 * The global TextDecoderStream after the import: a GBK Response body piped through it decodes, or
 * the class is absent and the import's details say why. Never present but broken.
 */
async function responseThroughDecoderStream() {
  const TDS = afterImport.TextDecoderStream;
  if (typeof TDS !== 'function') {
    const detail = polyfill.installed.details.find((d) => d.name === 'TextDecoderStream');
    if (detail === undefined || typeof detail.reason !== 'string') throw new Error('TextDecoderStream is absent and the import does not say why');
    return `absent (${detail.action}: ${detail.reason})`;
  }
  if (typeof Response !== 'function') return 'present (no Response here to pipe)';
  const text = await readText(new Response(new Uint8Array(GBK)).body.pipeThrough(new TDS('gbk')));
  if (text !== '\u4f60\u597d') throw new Error(`decoded ${JSON.stringify(text)}`);
  return 'present; a Response body pipes through it';
}

/** The checks of the import itself, as one result: { passed, failed, skipped, results, ... }. */
async function importChecks(ours) {
  const results = [];
  const notes = {};
  const check = async (name, fn) => {
    try {
      const note = await fn();
      if (note !== undefined) notes[name] = note;
      results.push({ name, status: 'pass' });
    } catch (error) {
      results.push({ name, status: 'fail', message: String(error && error.stack ? error.stack : error) });
    }
  };
  await check('import: each class it acted on has a reason', () => {
    for (const d of polyfill.installed.details) if (typeof d.reason !== 'string' || d.reason === '') throw new Error(`${d.name}: no reason`);
  });
  await check('import: every faulty or missing class is ours or explained', () => {
    for (const n of NAMES) {
      if (polyfill.faults[n] === null || polyfill.faults[n] === undefined) continue;
      if (afterImport[n] === ours[n]) continue;
      if (!polyfill.installed.details.some((d) => d.name === n && (d.action === 'kept' || d.action === 'skipped'))) {
        throw new Error(`${n}: ${polyfill.faults[n]}, yet not installed and not explained`);
      }
    }
  });
  await check('import: the global TextDecoder decodes Shift_JIS, TextEncoder encodes UTF-8', () => {
    const got = firstUse(afterImport);
    if (got !== 'あA火星|231,129,171,230,152,159,32,240,159,152,128') throw new Error(`got ${got}`);
  });
  await check('import: a GBK Response body through the global TextDecoderStream', responseThroughDecoderStream);
  const passed = results.filter((r) => r.status === 'pass').length;
  const failed = results.length - passed;
  const actions = polyfill.installed.details.map((d) => `${d.name} ${d.action} (${d.reason})`);
  return { passed, failed, skipped: 0, results, notes, actions };
}

/** The classes the import left as the host's own (not ours). */
function hostKept(ours) {
  return NAMES.filter((n) => typeof afterImport[n] === 'function' && afterImport[n] !== ours[n]);
}

/**
 * The global stream classes that are not the Streams standard's (happy-dom's window in the vm
 * pools has Node's stream.Writable and stream.Transform under those names).
 */
function nonStandardStreams() {
  const out = [];
  if (typeof ReadableStream === 'function' && typeof ReadableStream.prototype.getReader !== 'function') out.push('ReadableStream');
  if (typeof WritableStream === 'function' && typeof WritableStream.prototype.getWriter !== 'function') out.push('WritableStream');
  if (typeof TransformStream === 'function' && typeof Object.getOwnPropertyDescriptor(TransformStream.prototype, 'readable')?.get !== 'function') out.push('TransformStream');
  return out;
}

/** The package's four classes, as the suite's `api`. */
async function exportedClasses() {
  const ours = await import('text-encoding-wasm');
  return Object.fromEntries(NAMES.map((n) => [n, ours[n]]));
}

test('the import', async () => {
  const summary = await importChecks(await exportedClasses());
  report('import', `@@portable-result ${JSON.stringify(summary)}`);
});

test('the portable suite over the globals the import left', async () => {
  const api = { ...afterImport };
  const summary = await runSuite({ api, ...(await entries()) });
  report('globals', resultLine(summary, { smoke: firstUse(api), hostKept: hostKept(await exportedClasses()), nonStandardStreams: nonStandardStreams() }));
});

test("the portable suite over the package's exports", async () => {
  const api = await exportedClasses();
  const summary = await runSuite({ api, ...(await entries()) });
  report('exports', resultLine(summary, { smoke: firstUse(api), nonStandardStreams: nonStandardStreams() }));
});
