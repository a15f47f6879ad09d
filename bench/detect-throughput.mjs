// How fast the detector (`text-encoding-wasm/detect`) reads long inputs, in every engine it runs
// in: an article of ../shared/corpus made legacy by the package's own encoders and repeated to
// 8 MiB, detected whole; MB/s, the median of five runs after a warm-up. And what a short call
// costs: `detect()` of 16 bytes with letters above ASCII, µs a call, the median of five runs of
// 20,000 calls after a warm-up.
//
//   node bench/detect-throughput.mjs        (also bun, deno run -A; TEW_PKG=DIR for another build)
//
// The inputs: Russian in UTF-8 and windows-1251 (every byte above ASCII keeps all the CJK
// readings busy: the slowest), Japanese, Chinese and Korean in each CJK encoding with a two-byte
// loop of its own, English in windows-1252 (mostly ASCII).

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import process from 'node:process';
import { entryFile, importPackageFile, packageDir, root } from '../scripts/lib/package.mjs';

const pkg = packageDir();
const load = (subpath) => importPackageFile(pkg, entryFile(subpath, 'node'));
const { detect } = await load('./detect');
const { encode } = await load('./legacy');
const { TextEncoder } = await load('.');

const corpus = (lang) => readFileSync(join(root, '../shared/corpus/wikipedia', `${lang}.txt`), 'utf8');
const SIZE = 8 << 20;
const cases = [
  ['ru in utf-8', new TextEncoder().encode(corpus('ru'))],
  ['ru in windows-1251', encode(corpus('ru'), 'windows-1251', { mode: 'html' })],
  ['ja in shift_jis', encode(corpus('ja'), 'shift_jis', { mode: 'html' })],
  ['ja in euc-jp', encode(corpus('ja'), 'euc-jp', { mode: 'html' })],
  ['zh_cn in gbk', encode(corpus('zh_cn'), 'gbk', { mode: 'html' })],
  ['zh_tw in big5', encode(corpus('zh_tw'), 'big5', { mode: 'html' })],
  ['ko in euc-kr', encode(corpus('ko'), 'euc-kr', { mode: 'html' })],
  ['en in windows-1252', encode(corpus('en'), 'windows-1252', { mode: 'html' })],
];
const engine = typeof Deno === 'object' ? `Deno ${Deno.version.deno}` : process.versions.bun ? `Bun ${process.versions.bun}` : `Node ${process.version}`;
console.log(`detector throughput, ${engine}, ${pkg}`);
for (const [name, one] of cases) {
  const bytes = new Uint8Array(SIZE);
  for (let i = 0; i < SIZE; i += one.length) bytes.set(one.subarray(0, Math.min(one.length, SIZE - i)), i);
  detect(bytes.subarray(0, 1 << 20));
  const times = [];
  let answer;
  for (let k = 0; k < 5; k++) {
    const t0 = performance.now();
    answer = detect(bytes).encoding;
    times.push(performance.now() - t0);
  }
  const median = times.sort((a, b) => a - b)[2];
  console.log(`${name.padEnd(20)} ${(SIZE / 1e6 / (median / 1e3)).toFixed(0).padStart(5)} MB/s  (${answer})`);
}

/** 16 bytes of `bytes` from the first byte above ASCII after `from` (a single-byte encoding). */
const short = (bytes, from) => {
  let at = from;
  while (bytes[at] < 0x80) at++;
  return bytes.subarray(at - 4, at + 12);
};
const shortCases = [
  ['16 B fr in windows-1252', short(encode(corpus('fr'), 'windows-1252', { mode: 'html' }), 2000)],
  ['16 B ru in windows-1251', short(encode(corpus('ru'), 'windows-1251', { mode: 'html' }), 2000)],
];
const CALLS = 20000;
for (const [name, bytes] of shortCases) {
  for (let i = 0; i < 2000; i++) detect(bytes);
  const times = [];
  let answer;
  for (let k = 0; k < 5; k++) {
    const t0 = performance.now();
    for (let i = 0; i < CALLS; i++) answer = detect(bytes).encoding;
    times.push(performance.now() - t0);
  }
  const median = times.sort((a, b) => a - b)[2];
  console.log(`${name.padEnd(24)} ${((median * 1000) / CALLS).toFixed(2).padStart(6)} µs a call  (${answer})`);
}
