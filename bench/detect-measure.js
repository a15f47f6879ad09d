// The detector's measurements (bench/detect-throughput.mjs), the same in every engine and in the
// browsers: no import, everything given. `measureDetector({ detect, encode, TextEncoder, texts,
// log })`: `texts` maps the corpus languages (ru, ja, zh_cn, zh_tw, ko, en, fr) to their text.
//
// Long inputs: an article made legacy by the package's own encoders and repeated to 8 MiB,
// detected whole; MB/s, the median of five runs after a warm-up. Short calls: `detect()` of 16
// bytes with letters above ASCII, µs a call, the median of five runs of 20,000 calls after a
// warm-up.

const SIZE = 8 << 20;
const CALLS = 20000;

/** 16 bytes of `bytes` from the first byte above ASCII after `from` (a single-byte encoding). */
function short(bytes, from) {
  let at = from;
  while (bytes[at] < 0x80) at++;
  return bytes.subarray(at - 4, at + 12);
}

/** The median of five timings (ms) of `run`, after `warm`. */
function median(run, warm) {
  warm();
  const times = [];
  for (let k = 0; k < 5; k++) {
    const t0 = performance.now();
    run();
    times.push(performance.now() - t0);
  }
  return times.sort((a, b) => a - b)[2];
}

export function measureDetector({ detect, encode, TextEncoder, texts, log }) {
  const html = (lang, encoding) => encode(texts[lang], encoding, { mode: 'html' });
  const cases = [
    ['ru in utf-8', new TextEncoder().encode(texts.ru)],
    ['ru in windows-1251', html('ru', 'windows-1251')],
    ['ja in shift_jis', html('ja', 'shift_jis')],
    ['ja in euc-jp', html('ja', 'euc-jp')],
    ['zh_cn in gbk', html('zh_cn', 'gbk')],
    ['zh_tw in big5', html('zh_tw', 'big5')],
    ['ko in euc-kr', html('ko', 'euc-kr')],
    ['en in windows-1252', html('en', 'windows-1252')],
  ];
  for (const [name, one] of cases) {
    const bytes = new Uint8Array(SIZE);
    for (let i = 0; i < SIZE; i += one.length) bytes.set(one.subarray(0, Math.min(one.length, SIZE - i)), i);
    let answer;
    const ms = median(
      () => (answer = detect(bytes).encoding),
      () => detect(bytes.subarray(0, 1 << 20)),
    );
    log(`${name.padEnd(20)} ${(SIZE / 1e6 / (ms / 1e3)).toFixed(0).padStart(5)} MB/s  (${answer})`);
  }
  const shortCases = [
    ['16 B fr in windows-1252', short(html('fr', 'windows-1252'), 2000)],
    ['16 B ru in windows-1251', short(html('ru', 'windows-1251'), 2000)],
  ];
  for (const [name, bytes] of shortCases) {
    let answer;
    const ms = median(
      () => {
        for (let i = 0; i < CALLS; i++) answer = detect(bytes).encoding;
      },
      () => {
        for (let i = 0; i < 2000; i++) detect(bytes);
      },
    );
    log(`${name.padEnd(24)} ${((ms * 1000) / CALLS).toFixed(2).padStart(6)} µs a call  (${answer})`);
  }
}

/** The corpus languages `measureDetector` reads. */
export const LANGUAGES = ['ru', 'ja', 'zh_cn', 'zh_tw', 'ko', 'en', 'fr'];
