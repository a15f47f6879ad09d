// The bench's Markdown: number formats, a section's table (bench/suite.js section data → text), and
// the summary tables (per engine: geometric mean of one contender ÷ another per section, with the
// worst row). Shared by bench/run.mjs (the default run) and bench/engines.mjs (`--engines`).

import { WASM_ONLY } from './suite.js';

/** 3 significant digits, no exponent. */
export function num(x) {
  if (!Number.isFinite(x)) return '—';
  if (x >= 100) return String(Math.round(x));
  if (x >= 10) return x.toFixed(1);
  if (x >= 1) return x.toFixed(2);
  return x.toPrecision(2);
}
export const rateFmt = { 'MB/s': num, 'calls/s': (x) => (x >= 1e6 ? `${num(x / 1e6)} M` : `${num(x / 1e3)} k`) };
export const sizeFmt = (s) => (typeof s === 'string' ? s : s >= 1024 ? `${(s / 1024).toFixed(1)} KiB` : `${s} B`);
export const ratio = (a, b) => (Number.isFinite(a) && Number.isFinite(b) && b > 0 ? a / b : NaN);
export const ratioFmt = (r) => (Number.isFinite(r) ? `${r >= 10 ? r.toFixed(1) : r >= 0.1 ? r.toFixed(2) : r.toPrecision(2)}×` : '—');
export const geomean = (xs) => {
  const v = xs.filter((x) => Number.isFinite(x) && x > 0);
  return v.length === 0 ? NaN : Math.exp(v.reduce((s, x) => s + Math.log(x), 0) / v.length);
};
/** A Markdown table: the first two columns left-aligned, the others right-aligned. */
export const table = (head, rows) => [`| ${head.join(' | ')} |`, `|${head.map((h, i) => (i < 2 ? ' --- ' : ' ---: ')).join('|')}|`, ...rows.map((r) => `| ${r.join(' | ')} |`)].join('\n');

/** The forced-core contender: a second copy of the package loaded with its host acceleration off. */
export const CORE = 'ours, core';
/** The column of another build of the package (`npm run bench -- --baseline DIR`). */
export const BEFORE = 'ours before';

/** The ratio columns of a throughput section: ours ÷ every other contender, and the forced core ÷ native. */
export function peerPairs(names) {
  const pairs = names.filter((n) => n !== 'ours').map((n) => ['ours', n]);
  if (names.includes(CORE) && names.includes('native')) pairs.push([CORE, 'native']);
  return pairs;
}

/** The notes printed above each kind of section's table. */
export const NOTES = {
  decode: 'MB/s of input bytes (MB = 10⁶ B). Ratios: ours ÷ other, so > 1× means ours is faster.',
  decodeUtf16: 'MB/s of input bytes: each article as UTF-16LE (made from our decoder’s string, no BOM), decoded with `new TextDecoder(\'utf-16le\')`. Ratios: ours ÷ other.',
  decodeLegacy:
    'MB/s of input bytes. iconv-lite = `iconv.decode(bytes, label)` (where it has the encoding), encoding-japanese = `Encoding.convert(bytes, {to: \'UNICODE\', from, type: \'string\'})` (Japanese encodings only); both are checked against our output like the rest. Ratios: ours ÷ other.',
  encodeLegacy:
    "MB/s of legacy output bytes (= the legacy input's size). The input string is our decoder's output on the legacy input, so every character is encodable (the unmappable ones are `&#N;` already) and every encoder must give back the input file. ours = `encode(string, label, {mode: 'html'})` of `text-encoding-wasm/legacy`; @exodus/bytes = `createMultibyteEncoder(label)` / `createSinglebyteEncoder(label)` (fatal mode, the only one it has), made once per input; iconv-lite = `iconv.encode(string, label)`; encoding-japanese = `new Uint8Array(Encoding.convert(string, {to, from: 'UNICODE', type: 'array'}))` (Japanese only); text-encoding = `new TextEncoder(label, {NONSTANDARD_allowLegacyEncoding: true})`, made once per input. The host has no legacy encoder (its TextEncoder is UTF-8 only), so there is no native column, and no forced-core one either (the host has nothing to hand these to). Ratios: ours ÷ other.",
  shortLegacyEncode:
    "Calls per second: one 24-code-unit string of the article's prose (our decoder's output on the legacy file, so every character is encodable) per call. ours = `encode(string, label)` of `text-encoding-wasm/legacy` (fatal mode); iconv-lite = `iconv.encode(string, label)`; @exodus/bytes' and text-encoding's encoders are made once per row; encoding-japanese as in encode legacy (the ja rows). Rows: every legacy encoding of the corpus that iconv-lite has too (not ISO-2022-JP). Ratios: ours ÷ other.",
  encode: 'MB/s of UTF-8 output bytes (= the article’s size; the input is the decoded article string). Ratios: ours ÷ other.',
  encodeIntoLoop: 'MB/s of UTF-8 output: the loop `encodeInto(string.slice(pos), buffer)` with a 64 KiB buffer until the string is consumed (size = the string in code units). Ratios: ours ÷ other.',
  shortDecode: 'Calls per second (decoder constructed once, reused). Sizes: the slice in bytes (UTF-8, or whole characters of the legacy article). Ratios: ours ÷ other.',
  shortEncode: 'Calls per second (encoder constructed once, reused; encodeInto writes into an array large enough). Sizes: UTF-16 code units. Ratios: ours ÷ other.',
  builder:
    'The forced core’s TextDecoder (`ours, core`; with the host codecs on, ours hands whole decodes to the host), UTF-8, with each `setStringBuilder` kind: fromCharCode = String.fromCharCode.apply over ≤8192-unit chunks; native = the entry’s native builder (Node: Buffer utf16le; web: the host UTF-16LE TextDecoder) over the wasm output bytes; auto = the package default (native from 32 units in Node, 192 on the web). Slices are cut from en.txt/ru.txt at whole code points (size = UTF-8 bytes).',
  writer:
    'The forced core’s TextEncoder with each `setStringWriter` kind (how the string’s code units get into wasm memory): charCodeAt = a charCodeAt loop into a Uint16Array view; native = Buffer’s utf16le write (Node entries only); auto = the package default (native from 128 units in Node). MB/s of UTF-8 output; the same slices as above.',
  methods:
    'The builders without the TextDecoder class around them: each call is putBytes + wasm decode_once(utf-8) + one way of building the string from the wasm UTF-16 output.',
};

/** The throughput sections in run order, each with its note's key and its summary column. */
export const THROUGHPUT = [
  ['decodeUtf8', 'decode', 'UTF-8 decode'],
  ['decodeLegacy', 'decodeLegacy', 'single-byte'],
  ['decodeCjk', 'decodeLegacy', 'CJK'],
  ['decodeUtf16', 'decodeUtf16', 'UTF-16LE'],
  ['encode', 'encode', 'UTF-8 encode'],
  ['shortDecode', 'shortDecode', 'short decodes'],
  ['shortEncode', 'shortEncode', 'short encodes'],
  ['encodeLegacy', 'encodeLegacy', 'legacy encode'],
  ['shortLegacyEncode', 'shortLegacyEncode', 'short legacy encodes'],
  ['encodeIntoLoop', 'encodeIntoLoop', 'chunked encodeInto'],
];

/**
 * Where `a` overtakes `b` on the slices of each article: the fewest output units from which `a` is at
 * least as fast as `b` on that slice and every longer one.
 */
function crossover(section, a, b) {
  const parts = [];
  for (const name of [...new Set(section.rows.filter((r) => r.row.endsWith(' slice')).map((r) => r.row))]) {
    const rows = section.rows.filter((r) => r.row === name && a in r.values && b in r.values).sort((x, y) => x.units - y.units);
    let from = null;
    for (let i = rows.length - 1; i >= 0 && rows[i].values[a] >= rows[i].values[b]; i--) from = rows[i].units;
    parts.push(`${name.replace(' slice', '')} ${from === null ? 'never (not even at the longest slice)' : from === rows[0]?.units ? `from the shortest slice (${from} units) on` : `from ${from} units on`}`);
  }
  return `crossover, ${a} ≥ ${b} on every longer slice: ${parts.join('; ')}`;
}

/**
 * A section's table as Markdown. `pairs` lists [a, b] ratio columns (a's value ÷ b's); `best` adds
 * a column naming the fastest; a last row gives geometric means over the rows where both sides
 * ran. Returns { text, means: {'a/b': geometric mean} }.
 */
export function sectionTable(section, { pairs, best = false, note = '', crossovers = [] }) {
  const fmt = rateFmt[section.unit];
  const cell = (row, c) => (c in row.values ? fmt(row.values[c]) : row.marks[c] || '—');
  const head = ['input', 'size', ...section.columns.map((c) => `${c} ${section.unit}`), ...pairs.map(([a, b]) => `${a}/${b}`)];
  if (best) head.push('fastest');
  const rows = section.rows.map((row) => {
    const size = row.units === undefined ? sizeFmt(row.size) : `${sizeFmt(row.size)} / ${row.units} u`;
    const r = [row.row, size, ...section.columns.map((c) => cell(row, c)), ...pairs.map(([a, b]) => ratioFmt(ratio(row.values[a], row.values[b])))];
    if (best) {
      const top = section.columns.filter((c) => c in row.values && c !== WASM_ONLY).sort((x, y) => row.values[y] - row.values[x])[0];
      r.push(top ?? '—');
    }
    return r;
  });
  const means = pairs.map(([a, b]) => geomean(section.rows.map((row) => ratio(row.values[a], row.values[b]))));
  const g = ['**geometric mean**', '', ...section.columns.map((c) => fmt(geomean(section.rows.map((row) => row.values[c])))), ...means.map(ratioFmt)];
  if (best) g.push('');
  rows.push(g);
  let text = `### ${section.title} (${section.unit}, median of ${section.rounds} interleaved rounds)\n\n${note ? note + '\n\n' : ''}${section.columns.length ? table(head, rows) : '_not run_'}`;
  const notes = [...section.notes, ...crossovers.map(([a, b]) => crossover(section, a, b))];
  if (notes.length) text += '\n\n' + notes.map((n) => `- ${n}`).join('\n');
  return { text, means: Object.fromEntries(pairs.map(([a, b], i) => [`${a}/${b}`, means[i]])) };
}

/** A throughput section's table with its usual note and ratio columns. */
export function throughputTable(key, section) {
  const kind = THROUGHPUT.find(([k]) => k === key)?.[1];
  return sectionTable(section, { pairs: peerPairs(section.columns), note: NOTES[kind] ?? '' }).text;
}

/** The ratios a summary table can have, in order: [a, b, label]. */
export const SUMMARY_RATIOS = [
  ['ours', 'native', 'ours ÷ native'],
  [CORE, 'native', 'core ÷ native'],
  ['ours', '@exodus/bytes', 'ours ÷ @exodus/bytes'],
  ['ours', 'iconv-lite', 'ours ÷ iconv-lite'],
  ['ours', 'encoding-japanese', 'ours ÷ encoding-japanese'],
  ['ours', 'text-encoding', 'ours ÷ text-encoding'],
  ['ours', 'ours, JS build', 'ours ÷ ours, JS build'],
  ['ours', BEFORE, `ours ÷ ${BEFORE}`],
];

/** A short name of a section row for a summary cell (its input and, for short inputs, nothing more: the row names carry the size). */
const rowName = (row) => row.row;

/**
 * One summary cell: the geometric mean of a ÷ b over the rows of `section` where both ran, and
 * the worst (lowest) row in brackets; `—` where no row has both. Returns { text, mean, rows, left }:
 * `left` lists the rows where a ran and b was marked (differs, throws, n/a).
 */
export function summaryCell(section, a, b) {
  if (!section || !section.columns.includes(a) || !section.columns.includes(b)) return { text: '—', mean: NaN, rows: 0, left: [] };
  const ratios = [];
  const left = [];
  for (const row of section.rows) {
    if (!(a in row.values)) continue;
    if (b in row.values) ratios.push([ratio(row.values[a], row.values[b]), row]);
    else if (row.marks[b] && row.marks[b] !== '—') left.push(`${rowName(row)} (${row.marks[b]})`);
  }
  if (ratios.length === 0) return { text: '—', mean: NaN, rows: 0, left };
  const mean = geomean(ratios.map(([r]) => r));
  const [worst, worstRow] = ratios.reduce((w, x) => (x[0] < w[0] ? x : w));
  const text = ratios.length === 1 ? ratioFmt(mean) : `${ratioFmt(mean)} (${ratioFmt(worst)} ${rowName(worstRow)})`;
  return { text, mean, rows: ratios.length, left };
}

/**
 * The summary rows of one engine's results (`sections`: key → section data): one row per ratio of
 * SUMMARY_RATIOS that some section has, labelled `${engine}: ${ratio}`, one column per entry of
 * `columns` ([key, heading]). Returns { rows, notes }: the notes say where b was wrong or absent on
 * some rows (so the cell is over the rest, or `—`).
 */
export function summaryRows(engine, sections, columns) {
  const rows = [];
  const notes = [];
  for (const [a, b, label] of SUMMARY_RATIOS) {
    const cells = columns.map(([key]) => summaryCell(sections[key], a, b));
    if (cells.every((c) => c.text === '—' && c.left.length === 0)) continue;
    rows.push([`${engine}: ${label}`, ...cells.map((c) => c.text)]);
    // The notes about b (once per b: core ÷ native shares ours ÷ native's native).
    if (a !== 'ours') continue;
    columns.forEach(([key, heading], i) => {
      const c = cells[i];
      if (c.left.length === 0) return;
      const total = c.rows + c.left.length;
      notes.push(`${engine}, ${heading}: ${b} is not a reference on ${c.left.length} of ${total} rows, ${c.rows === 0 ? 'so the cell is —' : 'left out of the mean'}: ${c.left.join(', ')}`);
    });
  }
  return { rows, notes };
}

/** The summary columns present in any of `results` (key → section data), in THROUGHPUT order. */
export function summaryColumns(...results) {
  return THROUGHPUT.filter(([key]) => results.some((r) => r && r[key] && r[key].columns.length > 0)).map(([key, , heading]) => [key, heading]);
}

/** One engine's summary table (and its notes) as Markdown. */
export function summaryTable(title, engine, sections, columns = summaryColumns(sections)) {
  const { rows, notes } = summaryRows(engine, sections, columns);
  let text = `### ${title}\n\n${rows.length ? table(['engine', ...columns.map(([, h]) => h)], rows) : '_no results_'}`;
  if (notes.length) text += '\n\n' + notes.map((n) => `- ${n}`).join('\n');
  return text;
}
