// `text-encoding-wasm/detect` in Node: what it detects on real text (corpus pages made legacy with
// the package's own encoders, BOMs, binary and random bytes: these depend on the detector's
// algorithm, src/detect/), and what holds whatever the algorithm: import and require give the
// same answers, the JavaScript build gives exactly the wasm build's, no handle outlives its
// detector (free(), and the FinalizationRegistry for dropped ones), the detector's memory does not
// grow with the input's length, Node without WebAssembly falls back to the JavaScript build, and
// the entry brings neither the codecs' modules nor their wasm.

import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { entryFile, GENERATED, importPackageFile, packageUrl } from '../../scripts/lib/package.mjs';
import { gc } from './gc.mjs';
import { rng } from './random.mjs';
import { importEntry, importPkg, pkgDir } from './package.mjs';

const { detect, createDetector } = await importEntry('./detect');
const { encode } = await importEntry('./legacy');
const { liveDetectors, detectorCore } = await importPkg('core/detect-instance.js');

const corpusDir = join(import.meta.dirname, '..', '..', '..', 'shared', 'corpus', 'wikipedia');
const corpus = (name) => readFileSync(join(corpusDir, name));
const hasCorpus = existsSync(join(corpusDir, 'ja.txt'));
const NO_CORPUS = !hasCorpus && `no corpus at ${corpusDir}`;
/** The first `n` characters of a corpus text, encoded in `encoding` (unencodable ones as `&#N;`). */
const legacyText = (lang, encoding, n = 6000) => encode(corpus(`${lang}.txt`).toString('utf8').slice(0, n), encoding, { mode: 'html' });

/** Deterministic random bytes. */
function randomBytes(n, seed) {
  const next = rng(seed);
  const out = new Uint8Array(n);
  for (let i = 0; i < n; i++) out[i] = (next() * 256) | 0;
  return out;
}

// ---- what it detects (depends on the algorithm) ---------------------------------------------------

test('a BOM wins: UTF-8, UTF-16LE and UTF-16BE BOMs give that encoding', () => {
  const text = Uint8Array.from('Plain ASCII after the byte order mark. ', (c) => c.charCodeAt(0));
  const cases = [
    ['utf-8', [0xef, 0xbb, 0xbf]],
    ['utf-16le', [0xff, 0xfe]],
    ['utf-16be', [0xfe, 0xff]],
  ];
  for (const [encoding, bom] of cases) {
    for (const tld of [undefined, 'jp', 'ru']) {
      const r = detect(Uint8Array.from([...bom, ...text]), { tld });
      assert.equal(r.encoding, encoding, `${encoding} BOM, tld ${tld}`);
    }
  }
  // Even before a body that looks like something else: Shift_JIS bytes behind a UTF-16LE BOM.
  assert.equal(detect(Uint8Array.from([0xff, 0xfe, 0x82, 0xa0, 0x82, 0xa2])).encoding, 'utf-16le');
});

test('Japanese text in Shift_JIS is detected as shift_jis, and in EUC-JP as euc-jp', { skip: NO_CORPUS }, () => {
  for (const encoding of ['shift_jis', 'euc-jp']) {
    const bytes = legacyText('ja', encoding);
    const r = detect(bytes);
    assert.equal(r.encoding, encoding, `ja.txt as ${encoding}: ${JSON.stringify(r)}`);
    assert.equal(r.candidates[0].encoding, encoding, 'the best candidate is the answer');
    assert.ok(r.confidence > 0.5, `confident (${r.confidence})`);
  }
});

test('Russian text in windows-1251 is detected as windows-1251, and in KOI8-R as koi8-r', { skip: NO_CORPUS }, () => {
  for (const encoding of ['windows-1251', 'koi8-r']) {
    const r = detect(legacyText('ru', encoding));
    assert.equal(r.encoding, encoding, `ru.txt as ${encoding}: ${JSON.stringify(r)}`);
  }
});

test('Korean text in EUC-KR is detected as euc-kr', { skip: NO_CORPUS }, () => {
  const r = detect(legacyText('ko', 'euc-kr'));
  assert.equal(r.encoding, 'euc-kr', JSON.stringify(r));
});

test('UTF-8 text is utf-8, unless allowUTF8 is false', { skip: NO_CORPUS }, () => {
  const bytes = corpus('ja.txt').subarray(0, 20000);
  assert.equal(detect(bytes).encoding, 'utf-8');
  const r = detect(bytes, { allowUTF8: false });
  assert.notEqual(r.encoding, 'utf-8');
  assert.ok(r.candidates.every((c) => c.encoding !== 'utf-8'), 'utf-8 is no candidate either');
});

test('random bytes and a JPEG are not text: encoding null, no candidates', { skip: NO_CORPUS }, () => {
  for (const [name, bytes] of [
    ['random', randomBytes(8192, 1)],
    ['binary.jpg', corpus('binary.jpg')],
  ]) {
    const r = detect(bytes);
    assert.equal(r.encoding, null, `${name}: ${JSON.stringify(r).slice(0, 200)}`);
    assert.deepEqual(r.candidates, [], name);
    assert.ok(r.confidence > 0.5, `${name}: sure it is not text (${r.confidence})`);
  }
});

// ---- what holds whatever the algorithm --------------------------------------------------------------

/** Inputs of many kinds: corpus texts in legacy encodings and UTF-8, BOMs, binary, random bytes. */
function sampleInputs() {
  const out = [
    ['empty', new Uint8Array(0)],
    ['bom', Uint8Array.of(0xfe, 0xff, 0x30, 0x42)],
    ['random', randomBytes(5000, 2)],
    ['mostly ascii', Uint8Array.from(randomBytes(5000, 3), (b, i) => (i % 17 === 0 ? b : 0x20 + (b % 95)))],
  ];
  if (hasCorpus) {
    for (const [lang, encodings] of [
      ['ja', ['shift_jis', 'euc-jp', 'iso-2022-jp']],
      ['ru', ['windows-1251', 'koi8-r', 'ibm866']],
      ['ko', ['euc-kr']],
      ['el', ['windows-1253', 'iso-8859-7']],
      ['he', ['windows-1255']],
      ['ar', ['windows-1256']],
      ['cs', ['windows-1250', 'iso-8859-2']],
      ['th', ['windows-874']],
      ['de', ['windows-1252']],
    ]) {
      for (const encoding of encodings) out.push([`${lang} ${encoding}`, legacyText(lang, encoding, 3000)]);
      out.push([`${lang} utf-8`, corpus(`${lang}.txt`).subarray(0, 6000)]);
    }
    out.push(['binary.jpg', corpus('binary.jpg')]);
  }
  return out;
}
const OPTIONS = [undefined, { allowUTF8: false }, { tld: 'jp' }, { tld: 'ru', allowUTF8: false }, { tld: 'tw' }];

test('import and require give the same detector: the same answers, the same errors', () => {
  const require = createRequire(import.meta.url);
  const cjs = require(join(pkgDir, entryFile('./detect', 'node', { require: true })));
  assert.deepEqual(Object.keys(cjs).sort(), ['createDetector', 'detect']);
  for (const [name, bytes] of sampleInputs()) {
    for (const options of OPTIONS) assert.deepEqual(cjs.detect(bytes, options), detect(bytes, options), `${name} ${JSON.stringify(options)}`);
  }
  assert.throws(() => cjs.detect('x'), { name: 'TypeError', message: /ArrayBuffer/ });
  const d = cjs.createDetector({ tld: 'jp' });
  d.feed(new Uint8Array(10));
  d.free();
  assert.throws(() => d.feed(new Uint8Array(1)), { name: 'TypeError', message: /freed/ });
});

test('the JavaScript build (/js/detect) gives exactly what the wasm build gives, one-shot and streamed', async () => {
  // A copy of the package: the JavaScript build's entry is then its own module graph (its own instance).
  const copy = mkdtempSync(join(tmpdir(), 'tew-detect-js-'));
  after(() => rmSync(copy, { recursive: true, force: true }));
  cpSync(pkgDir, copy, { recursive: true });
  const js = await importPackageFile(copy, entryFile('./js/detect'));
  const jsInstance = await importPackageFile(copy, 'core/detect-instance.js');
  const next = rng(5);
  let compared = 0;
  for (const [name, bytes] of sampleInputs()) {
    for (const options of OPTIONS) {
      assert.deepEqual(js.detect(bytes, options), detect(bytes, options), `${name} ${JSON.stringify(options)}`);
      compared++;
    }
    const d = js.createDetector({ tld: 'jp' });
    for (let i = 0; i < bytes.length; ) {
      const n = 1 + ((next() * 3000) | 0);
      d.feed(bytes.subarray(i, i + n));
      i += n;
    }
    assert.deepEqual(d.guess(), detect(bytes, { tld: 'jp' }), `${name}, streamed in random chunks`);
    d.free();
  }
  assert.ok(compared >= 20, `${compared} comparisons`);
  // Large enough to cross in several slices.
  const big = new Uint8Array(400000);
  for (let i = 0; i < big.length; i++) big[i] = i % 7 === 0 ? 0xe0 + (i % 31) : 0x61 + (i % 26);
  assert.deepEqual(js.detect(big), detect(big));
  assert.equal(typeof jsInstance.detectorCore().memory.buffer, 'object');
  assert.ok(!(jsInstance.detectorCore().memory instanceof WebAssembly.Memory), 'the copy ran the JavaScript build');
});

test('detect() gives a streamed detector\'s answer on both sides of one slice (64 KiB: one call, no handle; more: counted first, read where the counts do not decide)', () => {
  const utf8 = new TextEncoder().encode('Грамматика — это «наука». '.repeat(8000)); // 300 KB
  const kinds = {
    legacy: (n) => Uint8Array.from({ length: n }, (_, i) => (i % 5 === 0 ? 0xc0 + (i % 29) : 0x61 + (i % 26))),
    'UTF-8': (n) => utf8.slice(0, n),
    ASCII: (n) => Uint8Array.from({ length: n }, (_, i) => 0x61 + (i % 26)),
    'ASCII with escapes': (n) => Uint8Array.from({ length: n }, (_, i) => (i % 1000 < 3 ? [0x1b, 0x24, 0x42][i % 1000] : 0x21 + (i % 90))),
    'UTF-16LE by its zeros': (n) => Uint8Array.from({ length: n }, (_, i) => (i % 2 ? 0 : 0x61 + (i % 26))),
    // UTF-8 for 200,000 bytes, then a byte that breaks it: counted past a slice, then read from the start.
    'UTF-8 that breaks late': (n) => {
      const bytes = utf8.slice(0, n);
      if (n > 200000) bytes[200000] = 0xff;
      return bytes;
    },
    'binary in UTF-8': (n) => Uint8Array.from({ length: n }, (_, i) => (i % 50 === 0 ? 1 : 0x61 + (i % 26))),
  };
  for (const [kind, make] of Object.entries(kinds)) {
    for (const n of [0, 1, 16, 65535, 65536, 65537, 250000]) {
      const bytes = make(n);
      for (const options of OPTIONS) {
        const d = createDetector(options);
        d.feed(bytes);
        assert.deepEqual(detect(bytes, options), d.guess(), `${kind}, ${n} bytes, ${JSON.stringify(options)}`);
        d.free();
      }
    }
  }
});

test('handles: detect() keeps none, free() releases a detector\'s, and a detector is one handle however much it is fed', () => {
  const base = liveDetectors();
  for (let i = 0; i < 200; i++) detect(randomBytes(100, i));
  assert.throws(() => detect(new Uint8Array(1), { tld: 7 }), TypeError);
  assert.equal(liveDetectors(), base, 'detect() frees its handle (also when the options are refused)');
  const d = createDetector();
  assert.equal(liveDetectors(), base + 1);
  for (let i = 0; i < 100; i++) d.feed(randomBytes(1000, i));
  d.guess();
  assert.equal(liveDetectors(), base + 1);
  d.free();
  assert.equal(liveDetectors(), base);
});

test('handles: the detector\'s memory does not grow with the input (slices of 64 KiB cross; the state is bounded)', () => {
  const memory = detectorCore().memory;
  const d = createDetector();
  const chunk = new Uint8Array(1 << 20);
  for (let i = 0; i < chunk.length; i++) chunk[i] = 0x20 + ((i * 7919) % 95);
  d.feed(chunk);
  detect(chunk); // a second detector alongside, as below
  const before = memory.buffer.byteLength;
  for (let i = 0; i < 24; i++) d.feed(chunk);
  detect(new Uint8Array(8 << 20));
  d.guess();
  d.free();
  assert.equal(memory.buffer.byteLength, before, `wasm memory stayed at ${before} bytes after 32 MiB more input`);
});


test('handles: detectors dropped without free() are freed by the FinalizationRegistry', { skip: !gc && 'no gc() here' }, async () => {
  const base = liveDetectors();
  (() => {
    for (let i = 0; i < 100; i++) createDetector().feed(new Uint8Array([0x41, 0x42]));
  })();
  assert.equal(liveDetectors(), base + 100);
  for (let round = 0; round < 20 && liveDetectors() > base; round++) {
    gc();
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  assert.equal(liveDetectors(), base);
});

test('node without WebAssembly (--jitless): the Node entry falls back to the JavaScript build, import and require', () => {
  const url = packageUrl(pkgDir, entryFile('./detect', 'node'));
  const file = join(pkgDir, entryFile('./detect', 'node', { require: true }));
  const bytes = [0xef, 0xbb, 0xbf, 0x61, 0x62];
  const esm = spawnSync(process.execPath, ['--jitless', '--input-type=module', '-e', `const m = await import(${JSON.stringify(url)}); console.log(JSON.stringify({ wasm: typeof WebAssembly, r: m.detect(Uint8Array.from(${JSON.stringify(bytes)})) }));`], { encoding: 'utf8' });
  assert.equal(esm.status, 0, esm.stderr);
  const cjs = spawnSync(process.execPath, ['--jitless', '-e', `const m = require(${JSON.stringify(file)}); console.log(JSON.stringify({ wasm: typeof WebAssembly, r: m.detect(Uint8Array.from(${JSON.stringify(bytes)})) }));`], { encoding: 'utf8' });
  assert.equal(cjs.status, 0, cjs.stderr);
  const want = { wasm: 'undefined', r: detect(Uint8Array.from(bytes)) };
  assert.deepEqual(JSON.parse(esm.stdout), want);
  assert.deepEqual(JSON.parse(cjs.stdout), want);
});

test('the web entry without WebAssembly: the first use throws an Error that says so and names /js/detect', () => {
  const url = packageUrl(pkgDir, entryFile('./detect', 'web'));
  const r = spawnSync(process.execPath, ['--jitless', '--input-type=module', '-e', `const m = await import(${JSON.stringify(url)}); try { m.detect(new Uint8Array(1)); console.log('no error'); } catch (e) { console.log(JSON.stringify({ name: e.constructor.name, message: e.message })); }`], { encoding: 'utf8' });
  assert.equal(r.status, 0, r.stderr);
  const out = JSON.parse(r.stdout);
  assert.equal(out.name, 'Error');
  assert.match(out.message, /no WebAssembly/);
  assert.match(out.message, /'text-encoding-wasm\/js\/detect'/);
});

test('the entry brings no codec: neither the codecs\' modules nor their wasm, and each wasm exports only its own', async () => {
  const { build } = await import('esbuild');
  for (const host of ['web', 'node', 'wasm2js']) {
    const r = await build({ entryPoints: [join(pkgDir, entryFile('./detect', host))], bundle: true, write: false, metafile: true, format: 'esm', platform: 'neutral', external: ['node:*'], logLevel: 'silent' });
    const inputs = Object.keys(r.metafile.inputs).map((p) => p.split('\\').join('/'));
    for (const codec of ['core/instance.js', 'core/crossing.js', 'core/labels.js', 'wasm/inline.js', 'wasm/instantiate.js', 'wasm/wasm2js.js']) {
      assert.ok(!inputs.some((p) => p.endsWith(`/${codec}`) || p === codec), `${host}/detect.js reaches ${codec}`);
    }
    assert.ok(inputs.some((p) => p.endsWith('idl/detect.js')), `${host}: the bundle was read (${inputs.length} modules)`);
  }
  const exportsOf = (file) => WebAssembly.Module.exports(new WebAssembly.Module(readFileSync(join(pkgDir, file)))).map((e) => e.name);
  const detector = exportsOf(GENERATED.detectWasm);
  const codecs = exportsOf(GENERATED.wasm);
  for (const name of ['detect_bytes', 'detector_new', 'detector_feed', 'detector_count', 'detector_read', 'detector_may_decide', 'detector_decide', 'detector_guess', 'detector_free', 'input_bytes', 'io']) assert.ok(detector.includes(name), `detect.wasm exports ${name}`);
  assert.ok(!detector.some((n) => /^(decoder|encoder|decode|encode)_/.test(n)), `detect.wasm has no codec export (${detector.join()})`);
  assert.ok(!codecs.some((n) => n.startsWith('detect')), 'core.wasm has no detector export');
});
