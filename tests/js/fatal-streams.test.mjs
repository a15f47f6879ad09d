// Streaming decodes that fail, against an oracle: Deno's own TextDecoder and TextDecoderStream
// (encoding_rs, Firefox's decoders), with the standard's "BOM seen" rule applied on top of a
// decoder that keeps every U+FEFF (encoding_rs marks the BOM as seen inside a call that then
// fails; the standard only when a call's output is serialized). Random chunked inputs in every
// encoding, fatal and replacement mode: every call's output and whether it threw must agree,
// including every call after an error (the decoder goes on from its state, the rest of the failed
// chunk is dropped). Also: a call that throws for any other reason (a string too long for the
// engine) leaves the decoder new.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { denoBin, denoEnv } from '../../scripts/lib/engines.mjs';
import { entryFile, packageUrl } from '../../scripts/lib/package.mjs';
import { rng } from './random.mjs';
import { importEntry, importInternals, pkgDir } from './package.mjs';

const { TextDecoder, TextDecoderStream } = await importEntry('.');
const { encode } = await importEntry('./legacy');
const internals = await importInternals();

const ENCODINGS = [
  'utf-8', 'utf-16le', 'utf-16be', 'ibm866', 'iso-8859-2', 'iso-8859-7', 'iso-8859-8', 'koi8-u', 'windows-874', 'windows-1252',
  'windows-1255', 'windows-1258', 'x-mac-cyrillic', 'x-user-defined', 'gbk', 'gb18030', 'big5', 'euc-jp', 'iso-2022-jp',
  'shift_jis', 'euc-kr',
];
const UTF = new Set(['utf-8', 'utf-16le', 'utf-16be']);
const TEXT = 'Aé€😀日本語カタカナ한국어中文繁體Ωψжщ\u0e01\u05d0~\\¥ ';

/** Random bytes of `label`: text encoded in it, then damaged (stray bytes, cuts, BOMs), then chunked. */
function randomCase(next, label) {
  let text = '';
  for (let n = 1 + ((next() * 24) | 0); n > 0; n--) text += TEXT[(next() * TEXT.length) | 0];
  let bytes = label.startsWith('utf-16')
    ? Array.from(new Uint8Array(new Uint16Array(Array.from(text, (c) => c.charCodeAt(0))).buffer)).flatMap((b, i, a) => (i % 2 ? [] : label === 'utf-16le' ? [a[i], a[i + 1]] : [a[i + 1], a[i]]))
    : Array.from(encode(text, label, { mode: 'html' }));
  for (let k = (next() * 4) | 0; k > 0; k--) bytes.splice((next() * (bytes.length + 1)) | 0, 0, (next() * 256) | 0);
  if (next() < 0.15) bytes.splice((next() * bytes.length) | 0, 1);
  if (UTF.has(label) && next() < 0.4) {
    const bom = label === 'utf-8' ? [0xef, 0xbb, 0xbf] : label === 'utf-16le' ? [0xff, 0xfe] : [0xfe, 0xff];
    bytes.splice(next() < 0.6 ? 0 : (next() * bytes.length) | 0, 0, ...bom);
  }
  if (label === 'iso-2022-jp' && next() < 0.5) bytes.splice((next() * bytes.length) | 0, 0, 0x1b, [0x28, 0x24][(next() * 2) | 0], [0x42, 0x4a, 0x49, 0x40, 0x41][(next() * 5) | 0]);
  // No empty chunks: Deno answers an empty streaming call with "" without running its decoder, so
  // bytes that encoding_rs holds after an error (and emits on the next call, as ours does) would
  // come one call later there.
  const chunks = [];
  for (let at = 0; at < bytes.length; ) {
    const n = 1 + ((next() * 6) | 0);
    chunks.push(bytes.slice(at, at + n));
    at += n;
  }
  return { label, fatal: next() < 0.7, ignoreBOM: next() < 0.25, chunks, flushAt: chunks.length };
}

/** Runs a case through `TD` (a TextDecoder class): each chunk streamed, then a flush; per call the output or 'throws'. */
function runCase(TD, c, { bomRule }) {
  // With bomRule, TD keeps every U+FEFF (created with ignoreBOM) and the standard's rule is applied here.
  const d = new TD(c.label, { fatal: c.fatal, ignoreBOM: bomRule ? true : c.ignoreBOM });
  let bomSeen = false;
  const serialize = (text, last) => {
    if (bomRule && !c.ignoreBOM && UTF.has(c.label) && !bomSeen && text.length > 0) {
      bomSeen = true;
      if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
    }
    if (last) bomSeen = false;
    return text;
  };
  const out = [];
  for (let i = 0; i <= c.chunks.length; i++) {
    const last = i === c.chunks.length;
    try {
      out.push(serialize(last ? d.decode() : d.decode(new Uint8Array(c.chunks[i]), { stream: true }), last));
    } catch (e) {
      out.push(e instanceof TypeError ? 'throws' : `threw ${e.name}`);
      if (last) bomSeen = false;
    }
  }
  return out;
}

/** Pipes a case's chunks through `TDS` (a TextDecoderStream class): the text read, and whether it errored with a TypeError. */
async function runStream(TDS, c) {
  const s = new TDS(c.label, { fatal: c.fatal, ignoreBOM: c.ignoreBOM });
  const writer = s.writable.getWriter();
  const reader = s.readable.getReader();
  let text = '';
  const reading = (async () => {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return 'closed';
      text += value;
    }
  })().catch((e) => (e instanceof TypeError ? 'TypeError' : `error ${e && e.name}`));
  for (const chunk of c.chunks) writer.write(new Uint8Array(chunk)).catch(() => {});
  writer.close().catch(() => {});
  const end = await reading;
  return { text, end };
}

const cases = [];
{
  const next = rng(0xfa7a1);
  for (const label of ENCODINGS) for (let i = 0; i < 60; i++) cases.push(randomCase(next, label));
}

const work = mkdtempSync(join(tmpdir(), 'tew-fatal-'));
after(() => rmSync(work, { recursive: true, force: true }));

/** The oracle's answers, computed by Deno's own classes in a Deno process. */
function oracle() {
  const casesFile = join(work, 'cases.json');
  writeFileSync(casesFile, JSON.stringify(cases));
  const script = `
    const UTF = new Set(${JSON.stringify([...UTF])});
    ${runCase.toString()}
    ${runStream.toString()}
    const cases = JSON.parse(await Deno.readTextFile(${JSON.stringify(casesFile)}));
    const calls = cases.map((c) => runCase(TextDecoder, c, { bomRule: true }));
    const streams = [];
    for (const c of cases) streams.push(await runStream(TextDecoderStream, c));
    console.log(JSON.stringify({ calls, streams }));
  `;
  const file = join(work, 'oracle.mjs');
  writeFileSync(file, script);
  const r = spawnSync(denoBin, ['run', `--allow-read=${work}`, '--no-prompt', '--no-config', '--no-lock', '--no-npm', '--no-remote', file], { encoding: 'utf8', env: denoEnv(), maxBuffer: 1 << 28 });
  assert.equal(r.status, 0, r.stderr);
  return JSON.parse(r.stdout);
}

const describeCase = (c) => `${c.label} fatal=${c.fatal} ignoreBOM=${c.ignoreBOM} chunks=${JSON.stringify(c.chunks.map((ch) => ch.map((b) => b.toString(16).padStart(2, '0')).join(' ')))}`;

test('random chunked streams in every encoding, fatal and replacement: every call (and every call after an error) as the oracle', { skip: !existsSync(denoBin) && 'Deno is not installed (npm install)' }, () => {
  const want = oracle();
  let errors = 0;
  for (let i = 0; i < cases.length; i++) {
    const got = runCase(TextDecoder, cases[i], { bomRule: false });
    errors += got.filter((x) => x === 'throws').length;
    assert.deepEqual(got, want.calls[i], describeCase(cases[i]));
  }
  assert.ok(errors > cases.length / 4, `the cases throw often enough to test what follows (${errors} errors)`);
});

test('random chunked streams through TextDecoderStream: the text before the error, and the error, as the oracle', { skip: !existsSync(denoBin) && 'Deno is not installed (npm install)' }, async () => {
  const want = oracle();
  for (let i = 0; i < cases.length; i++) {
    assert.deepEqual(await runStream(TextDecoderStream, cases[i]), want.streams[i], describeCase(cases[i]));
  }
});

test('a streaming call whose input crosses in slices fails like one call: output before the error marks no BOM as seen', () => {
  const saved = internals.sliceLimits();
  internals.setSliceLimits(3, saved.units);
  try {
    const d = new TextDecoder('utf-8', { fatal: true });
    assert.throws(() => d.decode(Uint8Array.of(0x41, 0x42, 0x43, 0x44, 0xff, 0x45), { stream: true }), TypeError);
    assert.equal(d.decode(Uint8Array.of(0xef, 0xbb, 0xbf, 0x46)), 'F', 'BOM seen is still false');
    const e = new TextDecoder('utf-8', { fatal: true });
    assert.equal(e.decode(Uint8Array.of(0x41, 0x42, 0x43, 0x44), { stream: true }), 'ABCD');
    assert.throws(() => e.decode(Uint8Array.of(0x45, 0x46, 0x47, 0xff), { stream: true }), TypeError);
    assert.equal(e.decode(Uint8Array.of(0xef, 0xbb, 0xbf, 0x48)), '\ufeffH', 'BOM seen was true before the failed call');
  } finally {
    internals.setSliceLimits(saved.bytes, saved.units);
  }
});

test('a decode that throws a RangeError (560 MB with a BOM: the string would be too long) leaves the decoder new', { timeout: 180_000 }, () => {
  const script = `
    const { TextDecoder } = await import(${JSON.stringify(packageUrl(pkgDir, entryFile('.', 'node')))});
    const big = new Uint8Array(560 * 2 ** 20).fill(0x41);
    big.set([0xef, 0xbb, 0xbf]);
    const out = {};
    for (const stream of [false, true]) {
      const d = new TextDecoder();
      try { d.decode(big, { stream }); out['threw' + stream] = 'nothing'; } catch (e) { out['threw' + stream] = e.name; }
      out['next' + stream] = d.decode(Uint8Array.of(0xef, 0xbb, 0xbf, 0x41));
    }
    console.log(JSON.stringify(out));
  `;
  const r = spawnSync(process.execPath, ['--max-old-space-size=4096', '--input-type=module', '-e', script], { encoding: 'utf8' });
  assert.equal(r.status, 0, r.stderr);
  assert.deepEqual(JSON.parse(r.stdout), { threwfalse: 'RangeError', nextfalse: 'A', threwtrue: 'RangeError', nexttrue: 'A' });
});
