// The encoding detectors that scripts/eval-detect.mjs compares, behind one interface, and how their
// answers are read as the standard's encodings. Each detector is { name, note, nonText (can it say
// "not text" at all?), run(samples) → { answers: [{ name, confidence, error? }], errors, seconds } }.
//
// The package's `detect` (given by the caller, from the package under test); chardetng (crates.io,
// built from bench/detect-chardetng/ into .cache/detect-chardetng-target/ on first use, one process
// for all samples); the npm packages chardet and jschardet (devDependencies).

import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { root } from './package.mjs';

const require = createRequire(import.meta.url);

/** A JavaScript detector run on every sample: its raw answers ({ name, confidence }), errors and time. */
function runEach(samples, guess) {
  const answers = new Array(samples.length);
  let errors = 0;
  const started = performance.now();
  for (let i = 0; i < samples.length; i++) {
    try {
      answers[i] = guess(samples[i].bytes);
    } catch {
      answers[i] = { name: null, confidence: null, error: true };
      errors++;
    }
  }
  return { answers, errors, seconds: (performance.now() - started) / 1000 };
}

/** chardetng's executable, built on first use (null and a reason when it cannot be). */
function chardetngBinary() {
  const manifest = join(root, 'bench', 'detect-chardetng', 'Cargo.toml');
  const target = join(root, '.cache', 'detect-chardetng-target');
  const built = spawnSync('cargo', ['build', '--release', '--locked', '--quiet', '--manifest-path', manifest, '--target-dir', target], {
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  if (built.error || built.status !== 0) return { binary: null, reason: `cargo build failed (${built.error?.message ?? `exit ${built.status}`})` };
  return { binary: join(target, 'release', process.platform === 'win32' ? 'detect-chardetng.exe' : 'detect-chardetng') };
}

function runChardetng(binary, samples) {
  const parts = [];
  for (const { bytes } of samples) {
    const length = Buffer.alloc(4);
    length.writeUInt32LE(bytes.length);
    parts.push(length, bytes);
  }
  const started = performance.now();
  const run = spawnSync(binary, { input: Buffer.concat(parts), maxBuffer: 1 << 28 });
  const seconds = (performance.now() - started) / 1000;
  if (run.error || run.status !== 0) throw new Error(`detect-chardetng failed: ${run.error?.message ?? run.stderr}`);
  const names = run.stdout.toString('latin1').split('\n');
  return { answers: samples.map((_, i) => ({ name: names[i], confidence: null })), errors: 0, seconds };
}

function versionOf(name) {
  return JSON.parse(readFileSync(join(root, 'node_modules', name, 'package.json'), 'utf8')).version;
}

/** The detectors of this run, the package's first (`detect`: the package's `detect(bytes)`). */
export function detectors(detect) {
  const list = [];
  list.push({
    name: 'package',
    note: '`detect(bytes)` of `node/detect.js`',
    nonText: true,
    run: (samples) =>
      runEach(samples, (bytes) => {
        const { encoding, confidence } = detect(bytes);
        return { name: encoding, confidence };
      }),
  });
  const chardetng = chardetngBinary();
  if (chardetng.binary) {
    list.push({
      name: 'chardetng',
      note: 'chardetng 1.0.0 (crates.io): `feed(bytes, true)`, `guess(None, Utf8Detection::Allow)`, ISO-2022-JP allowed; one process for all samples',
      nonText: false,
      run: (samples) => runChardetng(chardetng.binary, samples),
    });
  } else {
    console.error(`eval-detect: chardetng left out: ${chardetng.reason}`);
  }
  const chardet = require('chardet');
  list.push({
    name: 'chardet',
    note: `chardet ${versionOf('chardet')} (npm): \`detect(bytes)\``,
    nonText: true,
    run: (s) => runEach(s, (bytes) => ({ name: chardet.detect(bytes), confidence: null })),
  });
  const jschardet = require('jschardet');
  list.push({
    name: 'jschardet',
    note: `jschardet ${versionOf('jschardet')} (npm): \`detect(buffer).encoding\``,
    nonText: true,
    run: (s) =>
      runEach(s, (bytes) => {
        const { encoding, confidence } = jschardet.detect(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length));
        return { name: encoding, confidence };
      }),
  });
  return list;
}

/**
 * Names that detectors answer which are no label of the standard but another name of exactly one
 * of its encodings (the standard's EUC-KR and Shift_JIS are Windows' code pages 949 and 932).
 */
export const ALIASES = new Map([
  ['cp874', 'windows-874'],
  ['cp932', 'shift_jis'],
  ['cp949', 'euc-kr'],
  ['maccyrillic', 'x-mac-cyrillic'],
  ['macroman', 'macintosh'],
  ['iso8859-16', 'iso-8859-16'],
  ['utf-16-be', 'utf-16be'],
  ['utf-16-le', 'utf-16le'],
]);

/**
 * The standard's name for a detector's answer, through `getEncoding` (the package's reading of the
 * standard's labels) and ALIASES; null: no answer, or a name that is neither.
 */
export function standardName(getEncoding, name) {
  if (typeof name !== 'string' || name === '') return null;
  return getEncoding(name) ?? ALIASES.get(name.toLowerCase()) ?? null;
}
