// The benchmark's sections, shared by Node (bench/run.mjs), the engine driver (bench/engine-driver.mjs:
// Node, Bun, Deno) and the browser page (bench/page.js): the same inputs, the same verification
// against our output, the same interleaved rounds. Engine-neutral: no host API but what every one
// of them has. A section returns plain data ({title, unit, columns, rows, notes}); bench/report.mjs
// makes the tables.

import { difference, measure } from './harness.js';

/** The legacy multi-byte (CJK) encodings: their inputs get a decode section of their own. */
export const CJK = new Set(['shift_jis', 'euc-jp', 'iso-2022-jp', 'gbk', 'gb18030', 'big5', 'euc-kr']);

/** The legacy encoder section's inputs: (article, encoding) pairs among the legacy-encoded files. */
export const ENCODE_LEGACY = [
  ['ja', 'shift_jis'],
  ['ja', 'euc-jp'],
  ['ja', 'iso-2022-jp'],
  ['zh_cn', 'gbk'],
  ['zh_tw', 'big5'],
  ['ko', 'euc-kr'],
  ['de', 'windows-1252'],
  ['ru', 'windows-1251'],
];

/** The Japanese encodings (encoding-japanese's contender covers these only). */
export const JAPANESE = new Set(['shift_jis', 'euc-jp', 'iso-2022-jp']);

/**
 * The short legacy encode section's rows: (article, encoding) for every legacy encoding of the
 * corpus that iconv-lite also has (it has no ISO-2022-JP).
 */
export const SHORT_LEGACY = [
  ['ru', 'windows-1251'],
  ['ru', 'koi8-r'],
  ['de', 'windows-1252'],
  ['el', 'windows-1253'],
  ['he', 'windows-1255'],
  ['ar', 'windows-1256'],
  ['th', 'windows-874'],
  ['ja', 'shift_jis'],
  ['ja', 'euc-jp'],
  ['zh_cn', 'gbk'],
  ['zh_cn', 'gb18030'],
  ['zh_tw', 'big5'],
  ['ko', 'euc-kr'],
];

/** Code units per call in the short legacy encode section. */
const SHORT_LEGACY_UNITS = 24;

/** The global that forces the package's wasm core (no host acceleration) while its modules are evaluated. */
export const HOST_SWITCH = 'TEXT_ENCODING_WASM_HOST';

/**
 * Runs `load()` (which must import a module graph of the package that nothing has imported yet:
 * a copy of it, or the same files under other URLs) with `globalThis.TEXT_ENCODING_WASM_HOST` set to
 * 'off', so that copy keeps to its wasm core; the global is restored (deleted) once `load()` has
 * finished. Returns what `load()` returns.
 */
export async function importForcedCore(load) {
  const had = Object.prototype.hasOwnProperty.call(globalThis, HOST_SWITCH);
  const before = globalThis[HOST_SWITCH];
  globalThis[HOST_SWITCH] = 'off';
  try {
    return await load();
  } finally {
    if (had) globalThis[HOST_SWITCH] = before;
    else delete globalThis[HOST_SWITCH];
  }
}

/** Where small inputs are cut from the plain-text articles (a code point offset into the prose). */
const SLICE_START = 2000;

/** UTF-8 length of the code point `cp`. */
const utf8Len = (cp) => (cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4);

/** The longest whole-code-point run of `text` from `start` whose UTF-8 fits in `maxBytes`. */
function utf8Slice(text, start, maxBytes) {
  let i = start;
  let bytes = 0;
  while (i < text.length) {
    const cp = text.codePointAt(i);
    const n = utf8Len(cp);
    if (bytes + n > maxBytes) break;
    bytes += n;
    i += cp > 0xffff ? 2 : 1;
  }
  return text.slice(start, i);
}

/**
 * `size` bytes (or one less) of a legacy-encoded file, from about the middle of its prose, cut at
 * character boundaries: the first window that our decoder decodes in fatal mode without error.
 */
function legacySlice(bytes, label, size, ours) {
  const d = new ours.TextDecoder(label, { fatal: true });
  for (let start = Math.floor(bytes.length / 3); start < bytes.length - size; start++) {
    for (const n of [size, size - 1]) {
      const window = bytes.slice(start, start + n);
      try {
        const text = d.decode(window);
        if (!text.includes('&#') && !/[\r\n]/.test(text)) return window;
      } catch {
        // not at a character boundary
      }
    }
  }
  throw new Error(`no ${size}-byte slice of whole ${label} characters`);
}

/** The first `units` code units of `text` from `start` (not splitting a surrogate pair). */
function unitSlice(text, start, units) {
  let end = start + units;
  const last = text.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end--;
  return text.slice(start, end);
}

/**
 * `units` code units of `text` from about a third in: the first window of prose with no line break,
 * no `&` (so no `&#N;` reference), no U+FFFD and no surrogate.
 */
function proseWindow(text, units) {
  for (let start = Math.floor(text.length / 3); start + units <= text.length; start++) {
    const window = text.slice(start, start + units);
    if (!/[\r\n&\uFFFD\uD800-\uDFFF]/.test(window)) return window;
  }
  throw new Error(`no ${units}-unit window of plain prose`);
}

/** The UTF-16LE bytes of `text`. */
function utf16le(text) {
  const bytes = new Uint8Array(text.length * 2);
  for (let i = 0; i < text.length; i++) {
    const u = text.charCodeAt(i);
    bytes[2 * i] = u & 0xff;
    bytes[2 * i + 1] = u >> 8;
  }
  return bytes;
}

/**
 * Every section's inputs from the corpus files ({row, lang, kind, label, bytes}: UTF-8 articles and
 * their legacy-encoded versions), built with our own decoder and encoder.
 */
export function prepare(files, ours) {
  const enc = new ours.TextEncoder();
  const utf8 = files.filter((f) => f.label === 'utf-8');
  const legacy = files.filter((f) => f.label !== 'utf-8' && !CJK.has(f.label));
  const cjk = files.filter((f) => CJK.has(f.label));
  const text = new Map(utf8.map((f) => [f.row, new ours.TextDecoder().decode(f.bytes)]));
  const slices = [];
  for (const size of [16, 32, 64, 128, 256, 1024, 4096, 16384]) {
    for (const lang of ['en', 'ru']) {
      const string = utf8Slice(text.get(`${lang}.txt`), SLICE_START, size);
      slices.push({ row: `${lang}.txt slice`, label: 'utf-8', bytes: enc.encode(string), units: string.length });
    }
  }
  const corpusRows = ['en.txt', 'ru.txt', 'ja.txt', 'en.html', 'th.html'];
  // Short inputs, decode: UTF-8 slices (16 and 256 bytes of en and ru, 64 bytes of en and ja), and
  // whole characters of the Shift_JIS and windows-1252 articles (16 and 64 bytes).
  const shortDecode = [];
  for (const size of [16, 256]) {
    for (const lang of ['en', 'ru']) {
      const bytes = enc.encode(utf8Slice(text.get(`${lang}.txt`), SLICE_START, size));
      shortDecode.push({ row: `${lang}.txt ${bytes.length} B`, kind: 'decode', label: 'utf-8', bytes, size: `${bytes.length} B` });
    }
  }
  for (const lang of ['en', 'ja']) {
    const bytes = enc.encode(utf8Slice(text.get(`${lang}.txt`), SLICE_START, 64));
    shortDecode.push({ row: `${lang}.txt ${bytes.length} B`, kind: 'decode', label: 'utf-8', bytes, size: `${bytes.length} B` });
  }
  for (const [lang, label] of [['ja', 'shift_jis'], ['de', 'windows-1252']]) {
    const file = files.find((f) => f.lang === lang && f.kind === 'txt' && f.label === label);
    if (file === undefined) continue;
    for (const size of [16, 64]) {
      const bytes = legacySlice(file.bytes, label, size, ours);
      shortDecode.push({ row: `${lang}.txt ${label} ${bytes.length} B`, kind: 'decode', label, bytes, size: `${bytes.length} B` });
    }
  }
  // Short inputs, encode: 16-unit strings (en, ru), and encodeInto of 16 and 64 units (en, ja).
  const shortEncode = [];
  for (const lang of ['en', 'ru']) {
    const string = unitSlice(text.get(`${lang}.txt`), SLICE_START, 16);
    shortEncode.push({ row: `encode ${lang}.txt ${string.length} u`, kind: 'encode', string, size: `${string.length} units` });
  }
  for (const units of [16, 64]) {
    for (const lang of ['en', 'ja']) {
      const string = unitSlice(text.get(`${lang}.txt`), SLICE_START, units);
      shortEncode.push({ row: `encodeInto ${lang}.txt ${string.length} u`, kind: 'encodeInto', string, size: `${string.length} units` });
    }
  }
  // Short legacy encodes: 24 code units of each legacy article's prose (our decoder's output on
  // the legacy file, so every character is encodable), one call per string.
  const shortLegacyEncode = [];
  for (const [lang, label] of SHORT_LEGACY) {
    const file = files.find((f) => f.lang === lang && f.kind === 'txt' && f.label === label);
    if (file === undefined) continue;
    const string = proseWindow(new ours.TextDecoder(label).decode(file.bytes), SHORT_LEGACY_UNITS);
    shortLegacyEncode.push({ row: `${lang}.txt ${label}`, label, string, size: `${string.length} units` });
  }
  return {
    decodeUtf8: utf8,
    decodeLegacy: legacy,
    decodeCjk: cjk,
    // The strings our decoder makes of the legacy inputs: every character is encodable (the
    // unmappable ones are &#N; already), so fatal-only encoders can run them, and the expected
    // output is the input file itself.
    encodeLegacy: ENCODE_LEGACY.flatMap(([lang, label]) =>
      files
        .filter((f) => f.lang === lang && f.label === label)
        .map((f) => ({ row: `${f.row}`, label, string: new ours.TextDecoder(label).decode(f.bytes), bytes: f.bytes, size: f.bytes.length })),
    ),
    // The articles as UTF-16LE (from our decoder's string, no BOM).
    decodeUtf16: utf8.map((f) => ({ row: f.row, lang: f.lang, kind: f.kind, label: 'utf-16le', bytes: utf16le(text.get(f.row)) })),
    encode: utf8.map((f) => ({ row: f.row, string: text.get(f.row), size: f.bytes.length })),
    shortDecode,
    shortEncode,
    shortLegacyEncode,
    // The chunked encodeInto loop: the ja and en articles, repeated to about 2 Mi code units.
    encodeIntoLoop: ['ja.txt', 'en.txt'].map((row) => {
      const t = text.get(row);
      const string = t.repeat(Math.ceil((2 << 20) / t.length));
      return { row: `${row} ×${Math.ceil((2 << 20) / t.length)}`, string, size: string.length, units: string.length };
    }),
    builder: [...slices, ...utf8.filter((f) => corpusRows.includes(f.row)).map((f) => ({ ...f, units: text.get(f.row).length }))],
  };
}

/**
 * The contenders ({name, TextDecoder?, TextEncoder?, accepts?(label)}; ours first) from whichever
 * implementations loaded. `peers` maps a name to a module with TextDecoder/TextEncoder, or null when
 * it did not load; `extra` adds contenders of the shape above (e.g. `legacyDecoders()`), which
 * take part in a section only where they have the class it times and `accepts` every input's label.
 */
export function contenders(ours, native, peers, extra = []) {
  const list = [{ name: 'ours', TextDecoder: ours.TextDecoder, TextEncoder: ours.TextEncoder }];
  if (native.TextDecoder) list.push({ name: 'native', TextDecoder: native.TextDecoder, TextEncoder: native.TextEncoder });
  for (const [name, m] of Object.entries(peers)) {
    if (m) list.push({ name, TextDecoder: m.TextDecoder, TextEncoder: m.TextEncoder });
  }
  return [...list, ...extra];
}

/** encoding-japanese's names of the Japanese encodings. */
const JAPANESE_NAMES = { shift_jis: 'SJIS', 'euc-jp': 'EUCJP', 'iso-2022-jp': 'JIS' };

/** Whether `label` is one of the corpus's legacy encodings (neither UTF-8 nor UTF-16). */
const isLegacy = (label) => label !== 'utf-8' && label !== 'utf-16le';

/**
 * Decoders that are not TextDecoders, as TextDecoder-shaped contenders for the legacy decode
 * rows: iconv-lite's `decode(bytes, label)` (each legacy encoding it has) and encoding-japanese's
 * `convert(bytes, {to: 'UNICODE', from, type: 'string'})` (the Japanese ones). null modules are left out.
 */
export function legacyDecoders({ iconv = null, encodingJapanese = null } = {}) {
  const list = [];
  if (iconv) {
    list.push({
      name: 'iconv-lite',
      accepts: (label) => isLegacy(label) && iconv.encodingExists(label),
      TextDecoder: class {
        constructor(label) {
          this.label = label;
        }
        decode(bytes) {
          return iconv.decode(bytes, this.label);
        }
      },
    });
  }
  if (encodingJapanese) {
    list.push({
      name: 'encoding-japanese',
      accepts: (label) => JAPANESE.has(label),
      TextDecoder: class {
        constructor(label) {
          this.options = { to: 'UNICODE', from: JAPANESE_NAMES[label], type: 'string' };
        }
        decode(bytes) {
          return encodingJapanese.convert(bytes, this.options);
        }
      },
    });
  }
  return list;
}

/**
 * The legacy encoders ({name, make(label, options) → (string) → bytes, accepts?(label)}; ours
 * first): ours is `encode(string, label, options)` of the `text-encoding-wasm/legacy` entry (null
 * when the package has none; `options` undefined: `encode(string, label)`); `peers` may hold
 * @exodus/bytes' `createMultibyteEncoder` / `createSinglebyteEncoder` (fatal mode only),
 * iconv-lite (`encode(string, label)`), encoding-japanese (`convert(string, {to, from:
 * 'UNICODE', type: 'array'})` as a Uint8Array; Japanese only) and text-encoding's TextEncoder
 * (which encodes to legacy encodings with `NONSTANDARD_allowLegacyEncoding`).
 */
export function legacyEncoders(oursLegacy, { exodus = null, iconv = null, encodingJapanese = null, textEncoding = null } = {}) {
  if (!oursLegacy) return [];
  const list = [
    {
      name: 'ours',
      make: (label, options) => (options === undefined ? (string) => oursLegacy.encode(string, label) : (string) => oursLegacy.encode(string, label, options)),
    },
  ];
  if (exodus) {
    list.push({
      name: '@exodus/bytes',
      make: (label) => (CJK.has(label) ? exodus.createMultibyteEncoder(label) : exodus.createSinglebyteEncoder(label)),
    });
  }
  if (iconv) {
    list.push({ name: 'iconv-lite', accepts: (label) => iconv.encodingExists(label), make: (label) => (string) => iconv.encode(string, label) });
  }
  if (encodingJapanese) {
    list.push({
      name: 'encoding-japanese',
      accepts: (label) => JAPANESE.has(label),
      make: (label) => {
        const options = { to: JAPANESE_NAMES[label], from: 'UNICODE', type: 'array' };
        return (string) => new Uint8Array(encodingJapanese.convert(string, options));
      },
    });
  }
  if (textEncoding) {
    list.push({
      name: 'text-encoding',
      make: (label) => {
        const e = new textEncoding.TextEncoder(label, { NONSTANDARD_allowLegacyEncoding: true });
        return (string) => e.encode(string);
      },
    });
  }
  return list;
}

/** The contenders of `list` that take part in a section over `inputs` needing `what` ('TextDecoder' | 'TextEncoder' | 'make'). */
function takingPart(list, inputs, what) {
  return list.filter((c) => typeof c[what] === 'function' && (!c.accepts || inputs.some((f) => c.accepts(f.label ?? 'utf-8'))));
}

/** The job of a contender for an input whose encoding it does not have: an empty cell, no note. */
const NOT_COVERED = { skip: '—' };

/** Groups notes: one line per (contender, problem), listing the rows it happened on. */
class Notes {
  constructor() {
    this.map = new Map();
  }
  add(key, row, detail) {
    let n = this.map.get(key);
    if (!n) this.map.set(key, (n = { rows: [], detail: `${row}: ${detail}` }));
    n.rows.push(row);
  }
  list() {
    return [...this.map].map(([key, n]) => `${key} — ${n.rows.length === 1 ? n.detail : `${n.rows.length} inputs (${n.rows.join(', ')}); first: ${n.detail}`}`);
  }
}

/**
 * One section over `rows` ({row, size}) × `columns` (names): `job(input, column)` returns
 * {fn} to time, or {skip: 'mark', note: [key, detail]} for a contender whose output differs or that
 * throws; `rate(input, ms)` turns milliseconds per call into the reported value.
 */
function section(title, unit, columns, inputs, job, rate, opts) {
  const notes = new Notes();
  const tasks = [];
  const rows = inputs.map((input, index) => {
    const row = { row: input.row, size: input.size, units: input.units, values: {}, marks: {} };
    for (const column of columns) {
      const j = job(input, column);
      if (j.skip) {
        row.marks[column] = j.skip;
        if (j.note) notes.add(j.note[0], input.row, j.note[1]);
      } else {
        tasks.push({ row: index, name: column, fn: j.fn, setup: j.setup, out: row, input });
      }
    }
    return row;
  });
  const ms = measure(tasks, opts);
  tasks.forEach((t, i) => {
    t.out.values[t.name] = rate(t.input, ms[i]);
  });
  return { title, unit, columns, rows, notes: notes.list(), rounds: opts.rounds };
}

/** The verification of one contender's output: a skip record, or null when it matches ours. */
function check(name, label, run, want, what) {
  let got;
  try {
    got = run();
  } catch (e) {
    return { skip: 'throws', note: [`${name}, ${label}: ${what} throws`, `${e && e.name}: ${e && e.message}`] };
  }
  const diff = difference(got, want);
  return diff === null ? null : { skip: 'differs', note: [`${name}, ${label}: output differs from ours`, diff] };
}

const mbps = (bytes) => (input, ms) => bytes(input) / ms / 1000;

/** The timed call of contender `c` (named `name`) decoding the input `f`, checked against `want` first; or why it is left out. */
function decodeCall(c, name, f, want) {
  let d;
  try {
    d = new c.TextDecoder(f.label);
  } catch (e) {
    return { skip: 'n/a', note: [`${name}: new TextDecoder('${f.label}') throws`, `${e && e.name}: ${e && e.message}`] };
  }
  const bad = check(name, f.label, () => d.decode(f.bytes), want, 'decode');
  if (bad) return bad;
  const bytes = f.bytes;
  return { fn: () => d.decode(bytes) };
}

/** The timed call of contender `c` (named `name`) UTF-8 encoding `string`, checked against `want` first; or why it is left out. */
function encodeCall(c, name, string, want) {
  const e = new c.TextEncoder();
  const bad = check(name, 'utf-8', () => e.encode(string), want, 'encode');
  if (bad) return bad;
  return { fn: () => e.encode(string) };
}

/** Decode MB/s (of input bytes) of every contender on `inputs` ({row, label, bytes}). */
export function decodeSection(title, list, inputs, opts) {
  const ins = inputs.map((f) => ({ ...f, size: f.bytes.length }));
  const cols = takingPart(list, ins, 'TextDecoder');
  const byName = new Map(cols.map((c) => [c.name, c]));
  const want = new Map();
  for (const f of ins) want.set(f, new list[0].TextDecoder(f.label).decode(f.bytes));
  return section(
    title,
    'MB/s',
    cols.map((c) => c.name),
    ins,
    (f, name) => {
      const c = byName.get(name);
      return c.accepts && !c.accepts(f.label) ? NOT_COVERED : decodeCall(c, name, f, want.get(f));
    },
    mbps((f) => f.bytes.length),
    opts,
  );
}

/** Encode MB/s (of UTF-8 output bytes) of every contender on `inputs` ({row, string, size}). */
export function encodeSection(title, list, inputs, opts) {
  const cols = takingPart(list, inputs, 'TextEncoder');
  const byName = new Map(cols.map((c) => [c.name, c]));
  const want = new Map();
  for (const f of inputs) want.set(f, new list[0].TextEncoder().encode(f.string));
  return section(
    title,
    'MB/s',
    cols.map((c) => c.name),
    inputs,
    (f, name) => encodeCall(byName.get(name), name, f.string, want.get(f)),
    mbps((f) => want.get(f).length),
    opts,
  );
}

/**
 * The standard's chunked encodeInto loop, MB/s of UTF-8 output: `encodeInto(string.slice(pos),
 * buffer)` into a 64 KiB buffer until the string is consumed (linear only if no call copies more
 * of the string than it can use).
 */
export function encodeIntoLoopSection(title, list, inputs, opts) {
  const cols = takingPart(list, inputs, 'TextEncoder');
  const byName = new Map(cols.map((c) => [c.name, c]));
  const want = new Map();
  for (const f of inputs) want.set(f, new list[0].TextEncoder().encode(f.string));
  const buffer = new Uint8Array(65536);
  return section(
    title,
    'MB/s',
    cols.map((c) => c.name),
    inputs,
    (f, name) => {
      const e = new (byName.get(name).TextEncoder)();
      if (typeof e.encodeInto !== 'function') return { skip: 'n/a', note: [`${name}: no encodeInto`, 'the TextEncoder has no encodeInto'] };
      const string = f.string;
      const loop = () => {
        let pos = 0;
        let total = 0;
        while (pos < string.length) {
          const r = e.encodeInto(string.slice(pos), buffer);
          pos += r.read;
          total += r.written;
        }
        return total;
      };
      const n = loop();
      if (n !== want.get(f).length) return { skip: 'differs', note: [`${name}: chunked encodeInto wrote ${n} bytes`, `expected ${want.get(f).length}`] };
      return { fn: loop };
    },
    mbps((f) => want.get(f).length),
    opts,
  );
}

/**
 * Legacy encode MB/s (of output bytes) of every legacy encoder on `inputs` ({row, label, string,
 * bytes}); each encoder is made once per input (ours: `make(label, {mode: 'html'})`) and must
 * return exactly our output. `short`: inputs are short strings ({row, label, string, size}),
 * each call encodes one (ours: `encode(string, label)`), and the unit is calls per second.
 */
export function legacyEncodeSection(title, encoders, inputs, opts, { short = false } = {}) {
  const unit = short ? 'calls/s' : 'MB/s';
  if (encoders.length === 0) return { title, unit, columns: [], rows: [], notes: ['the package has no `text-encoding-wasm/legacy` entry: not run'], rounds: opts.rounds };
  const options = short ? undefined : { mode: 'html' };
  const cols = takingPart(encoders, inputs, 'make');
  const byName = new Map(cols.map((c) => [c.name, c]));
  const want = new Map();
  const notes = [];
  const ins = [];
  for (const f of inputs) {
    let got;
    try {
      got = encoders[0].make(f.label, options)(f.string);
    } catch (e) {
      notes.push(`ours, ${f.row}: encode throws (${e && e.name}: ${e && e.message}); the row is left out`);
      continue;
    }
    // Our encoder on our decoder's output must give back the input file.
    const diff = f.bytes === undefined ? null : difference(got, f.bytes);
    if (diff !== null) notes.push(`ours, ${f.row}: re-encoding the decoded input ${diff}`);
    want.set(f, got);
    ins.push(f);
  }
  const s = section(
    title,
    unit,
    cols.map((c) => c.name),
    ins,
    (f, name) => {
      const c = byName.get(name);
      if (c.accepts && !c.accepts(f.label)) return NOT_COVERED;
      let encode;
      try {
        encode = c.make(f.label, options);
      } catch (e) {
        return { skip: 'n/a', note: [`${name}: no encoder for ${f.label}`, `${e && e.name}: ${e && e.message}`] };
      }
      const bad = check(name, f.label, () => encode(f.string), want.get(f), 'encode');
      if (bad) return bad;
      const string = f.string;
      return { fn: () => encode(string) };
    },
    short ? (f, ms) => 1000 / ms : mbps((f) => want.get(f).length),
    opts,
  );
  s.notes.unshift(...notes);
  return s;
}

/** Calls per second of every contender on short inputs (decoders and encoders made once). */
export function shortSection(title, list, inputs, opts) {
  const decode = inputs.some((f) => f.kind === 'decode');
  const cols = takingPart(list, inputs, decode ? 'TextDecoder' : 'TextEncoder');
  const byName = new Map(cols.map((c) => [c.name, c]));
  const want = new Map();
  for (const f of inputs) want.set(f, f.kind === 'decode' ? new list[0].TextDecoder(f.label).decode(f.bytes) : new list[0].TextEncoder().encode(f.string));
  return section(
    title,
    'calls/s',
    cols.map((c) => c.name),
    inputs,
    (f, name) => {
      const c = byName.get(name);
      if (f.kind === 'decode') return c.accepts && !c.accepts(f.label) ? NOT_COVERED : decodeCall(c, name, f, want.get(f));
      const string = f.string;
      if (f.kind !== 'encodeInto') return encodeCall(c, name, string, want.get(f));
      const e = new c.TextEncoder();
      if (typeof e.encodeInto !== 'function') return { skip: 'n/a', note: [`${name}: no encodeInto`, 'the TextEncoder has no encodeInto'] };
      const dest = new Uint8Array(string.length * 3);
      const into = () => dest.slice(0, e.encodeInto(string, dest).written);
      const bad = check(name, 'utf-8', into, want.get(f), 'encodeInto');
      if (bad) return bad;
      return { fn: () => e.encodeInto(string, dest) };
    },
    (f, ms) => 1000 / ms,
    opts,
  );
}

/**
 * MB/s of `call(f)` on each input under each of `kinds`, chosen by `setKind` (the first kind's
 * output is the expected one; 'auto' is set again at the end).
 */
function kindSection(title, kinds, setKind, inputs, call, direction, opts) {
  const want = new Map();
  setKind(kinds[0]);
  for (const f of inputs) want.set(f, call(f));
  try {
    return section(
      title,
      'MB/s',
      kinds,
      inputs,
      (f, kind) => {
        const setup = () => setKind(kind);
        setup();
        const bad = check(kind, 'utf-8', () => call(f), want.get(f), direction);
        if (bad) return bad;
        return { fn: () => call(f), setup };
      },
      mbps((f) => f.bytes.length),
      opts,
    );
  } finally {
    setKind('auto');
  }
}

/**
 * Decode MB/s of our TextDecoder (UTF-8) with each `setStringBuilder` kind of js/core/strings.js.
 */
export function builderSection(title, ours, internals, inputs, opts) {
  const d = new ours.TextDecoder();
  const ins = inputs.map((f) => ({ ...f, size: f.bytes.length }));
  return kindSection(title, ['fromCharCode', 'native', 'auto'], internals.setStringBuilder, ins, (f) => d.decode(f.bytes), 'decode', opts);
}

/** The methods section's baseline column: no string is built at all. */
export const WASM_ONLY = 'wasm only, no string';

/**
 * String-building methods compared directly, outside the TextDecoder class: each call copies the
 * input in (putBytes), runs a wasm UTF-8 decoder (a flushing `decoder_decode`), and builds the string from the wasm
 * UTF-16 output with one method. `extra` adds host-specific methods (name → (mem8, byteOffset,
 * units) → string).
 */
export function methodSection(title, internals, inputs, opts, extra = {}) {
  const w = internals.core();
  // (the handle below lives as long as the page or process: one per run)
  const ordinal = internals.lookupLabel('utf-8');
  const fromCharCode = String.fromCharCode;
  let buffer = null;
  let mem8 = null;
  let mem16 = null;
  const views = () => {
    if (w.memory.buffer !== buffer) {
      buffer = w.memory.buffer;
      mem8 = new Uint8Array(buffer);
      mem16 = new Uint16Array(buffer);
    }
  };
  let host = null;
  try {
    host = new TextDecoder('utf-16le', { ignoreBOM: true });
  } catch {
    host = null;
  }
  const methods = {
    'apply ≤8192': (at, n) => {
      if (n <= 8192) return fromCharCode.apply(null, mem16.subarray(at, at + n));
      let out = '';
      for (let i = 0; i < n; i += 8192) out += fromCharCode.apply(null, mem16.subarray(at + i, at + Math.min(n, i + 8192)));
      return out;
    },
    'apply, array join': (at, n) => {
      if (n <= 8192) return fromCharCode.apply(null, mem16.subarray(at, at + n));
      const parts = [];
      for (let i = 0; i < n; i += 8192) parts.push(fromCharCode.apply(null, mem16.subarray(at + i, at + Math.min(n, i + 8192))));
      return parts.join('');
    },
    'per-unit +=': (at, n) => {
      let out = '';
      for (let i = at, end = at + n; i < end; i++) out += fromCharCode(mem16[i]);
      return out;
    },
  };
  if (host) methods['host utf-16le'] = (at, n) => host.decode(mem8.subarray(at * 2, (at + n) * 2));
  for (const [name, build] of Object.entries(extra)) methods[name] = (at, n) => build(mem8, at * 2, n);
  // The floor: everything but the string (putBytes + decoder_decode), as a ceiling on MB/s.
  const floor = { length: 0 };
  methods[WASM_ONLY] = (at, n) => ((floor.length = n), floor);
  const names = Object.keys(methods);
  const ins = inputs.map((f) => ({ ...f, size: f.bytes.length }));
  // A decoder handle always writes UTF-16 (decode_once leaves ASCII input as it is).
  const handle = w.decoder_new(ordinal, false, false);
  const run = (bytes, build) => {
    const n = w.decoder_decode(handle, internals.putBytes(bytes), false, false);
    if (n === 0) return '';
    const at = (w.output_units_ptr() >>> 0) >>> 1;
    views();
    return build(at, n);
  };
  const want = new Map();
  for (const f of ins) want.set(f, run(f.bytes, methods['apply ≤8192']));
  return section(
    title,
    'MB/s',
    names,
    ins,
    (f, name) => {
      const build = methods[name];
      const bad = name === WASM_ONLY ? null : check(name, 'utf-8', () => run(f.bytes, build), want.get(f), 'decode');
      if (bad) return bad;
      const bytes = f.bytes;
      return { fn: () => run(bytes, build) };
    },
    mbps((f) => f.bytes.length),
    opts,
  );
}

/**
 * Encode MB/s of our TextEncoder with each `setStringWriter` kind of js/core/crossing.js (how the
 * string's code units get into wasm memory), on the builder slices decoded to strings.
 */
export function writerSection(title, ours, internals, inputs, opts) {
  const e = new ours.TextEncoder();
  const ins = inputs.map((f) => ({ ...f, string: new ours.TextDecoder().decode(f.bytes), size: f.bytes.length }));
  return kindSection(title, ['charCodeAt', 'native', 'auto'], internals.setStringWriter, ins, (f) => e.encode(f.string), 'encode', opts);
}

/** Runs the section `name` on `prepared` inputs in this realm (Node or the page). */
export function runSection(name, env, prepared, opts) {
  const { list, legacyList, where, extraMethods } = env;
  // The string building and writing sections measure the core's own ways of crossing the wasm
  // boundary: the forced core's where there is one (ours may hand the whole call to the host).
  const ours = env.coreOurs ?? env.ours;
  const internals = env.coreInternals ?? env.internals;
  switch (name) {
    case 'decodeUtf8':
      return decodeSection(`${where}: decode UTF-8`, list, prepared.decodeUtf8, opts);
    case 'decodeLegacy':
      return decodeSection(`${where}: decode legacy single-byte`, list, prepared.decodeLegacy, opts);
    case 'decodeCjk':
      return decodeSection(`${where}: decode legacy multi-byte (CJK)`, list, prepared.decodeCjk, opts);
    case 'decodeUtf16':
      // text-encoding is left out: its UTF-16LE decoder is a JavaScript loop far behind the others,
      // and timing it would only lengthen the run.
      return decodeSection(
        `${where}: decode UTF-16LE`,
        list.filter((c) => c.name !== 'text-encoding'),
        prepared.decodeUtf16,
        opts,
      );
    case 'encodeLegacy':
      return legacyEncodeSection(`${where}: encode legacy`, legacyList, prepared.encodeLegacy, opts);
    case 'shortLegacyEncode':
      return legacyEncodeSection(`${where}: short legacy encodes`, legacyList, prepared.shortLegacyEncode, opts, { short: true });
    case 'encode':
      return encodeSection(`${where}: encode UTF-8`, list, prepared.encode, opts);
    case 'shortDecode':
      return shortSection(`${where}: short decodes`, list, prepared.shortDecode, opts);
    case 'shortEncode':
      return shortSection(`${where}: short encodes`, list, prepared.shortEncode, opts);
    case 'encodeIntoLoop':
      return encodeIntoLoopSection(`${where}: chunked encodeInto into 64 KiB`, list, prepared.encodeIntoLoop, opts);
    case 'builder':
      return builderSection(`${where}: string building, TextDecoder.decode per builder`, ours, internals, prepared.builder, opts);
    case 'hasWriter':
      return internals.hasNativeStringWriter();
    case 'writer':
      return writerSection(`${where}: string writing, TextEncoder.encode per writer`, ours, internals, prepared.builder, opts);
    case 'methods':
      return methodSection(`${where}: string building methods (putBytes + decoder_decode + method)`, internals, prepared.builder, opts, extraMethods);
    default:
      throw new Error(`unknown section ${name}`);
  }
}
