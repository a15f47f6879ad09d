// The host's own TextDecoder and TextEncoder as fast paths, each trusted only for the jobs where a
// behaviour check shows it exactly right. The core stays the reference: it keeps stream state and
// pending bytes, every encoding the host lacks or gets wrong, streaming calls of the multi-byte
// (CJK) encodings, and inputs on SharedArrayBuffers or resizable buffers (the standard decodes a
// copy of those; the core makes one).
//
// - The host classes and methods are captured when this module is evaluated: a host patched
//   later is never called (Node's globals are getters that load the classes when first read).
// - Each (encoding, mode) is checked once, on first use, by behaviour only (never by version or
//   user agent), against the core's own output: a single-byte encoding on every byte alone and on
//   all of them at once; UTF-8 and UTF-16 on a fixed probe set of malformed sequences,
//   surrogates, truncation, the BOM and every host fault seen so far (UTF8_PROBES,
//   UTF16LE_PROBES); a multi-byte encoding on every two-byte sequence from a lead above 0x7F,
//   its longer sequences and escape sequences, each cut at the end of input
//   (core/multi-byte-probes.js); the encoder on surrogates and every encodeInto cut point. Fatal
//   mode is checked apart: there the host must throw exactly where the core does.
// - The multi-byte encodings go to the host only where none of its multi-byte decoders shows a
//   fault known in engines today (MULTI_BYTE_FAULTS): the engines with such faults (Node and
//   Chromium, whose decoders come from ICU) are those where the core is also faster, 1.4-3.7x
//   their own decoders (npm run bench -- --engines), while Deno's and Firefox's (encoding_rs) are
//   right and 1.3-2.3x the core.
// - Host decoders are created with ignoreBOM and never stream: the caller (idl/text-decoder.js)
//   strips a BOM, cuts a streaming call's input at a sequence boundary and hands the rest to the
//   core. A fatal error is always the core's: where the host throws, the core decodes the call.
// - A host folder may keep jobs in the core where the core is faster there (setCoreFrom) and
//   offer native decoders of its own (setNativeDecoder), checked the same way. Long Shift_JIS and
//   Big5 inputs that are mostly above 0x7F go to the core wherever the host is right
//   (coreTakesDense): the hosts' own decoders of those two are the slower there.
// - The common call (decode(input) with nothing pending; encodeInto(string, destination)) may go
//   to the host with the argument as it is, so that the host's own conversion is the only one
//   (directDecoder, hostEncoder's encodeIntoAny): only where further checks show the host reads
//   every kind of view right, strips a BOM as the standard does (a decoder made with the caller's
//   ignoreBOM) and refuses every destination the IDL refuses. SharedArrayBuffer and resizable
//   input still never reach it; whatever it refuses goes the careful way.
// - `globalThis.TEXT_ENCODING_WASM_HOST = 'off'` set before the package is first evaluated, or the
//   environment variable TEXT_ENCODING_WASM_HOST=off (Node, Bun; Deno when env access to it is
//   granted), forces the core everywhere. Results are the same either way.

import { arrayBufferByteLengthOf, arrayBufferResizableOf, bufferOf, byteLengthGet, byteLengthOf, byteOffsetOf, intrinsicCall, lyingView, ownMethods, setBytes, U16, U8, uncurry } from './intrinsics.js';
import { DECODE } from './instance.js';
import { encodingName, encodingSupported, isMultiByte, lookupLabel } from './labels.js';
import { encodeCoreUpTo, encodeIntoJsUpTo, shortDecodeUpTo } from './host-speed.js';
import { MULTI_BYTE_FAULTS, multiByteTails, multiByteUnits } from './multi-byte-probes.js';

// For the tests, which reach the folders' settings through this module.
export { encodeCoreUpTo, setEncodeCoreUpTo, setEncodeIntoJsUpTo, setEncodeViaIntoFrom, setShortDecodeUpTo } from './host-speed.js';

const g = globalThis;

const isView = ArrayBuffer.isView;
const getPrototypeOf = Object.getPrototypeOf;
const objectCreate = Object.create;
// The constructors of the checks' inputs, captured now: a global replaced later cannot make a
// host look right, or stricter than it is.
const AB = ArrayBuffer;
const DV = DataView;
const DataViewPrototype = DV.prototype;
const U8C = Uint8ClampedArray;
const I32 = Int32Array;
const F64 = Float64Array;
const SAB = typeof g.SharedArrayBuffer === 'function' ? g.SharedArrayBuffer : null;
const structuredCloneOf = typeof g.structuredClone === 'function' ? g.structuredClone : null;

/** The switch: whether the host's codecs may be used at all (read once, now). */
export const hostCodecsAllowed = !switchedOff();

function switchedOff() {
  try {
    if (g.TEXT_ENCODING_WASM_HOST === 'off') return true;
    const deno = g.Deno;
    if (typeof deno === 'object' && deno !== null) {
      // Never prompt: read the variable only where access to it is already granted.
      const name = { name: 'env', variable: 'TEXT_ENCODING_WASM_HOST' };
      return deno.permissions.querySync(name).state === 'granted' && deno.env.get('TEXT_ENCODING_WASM_HOST') === 'off';
    }
    const p = g.process;
    return typeof p === 'object' && p !== null && typeof p.env === 'object' && p.env !== null && p.env.TEXT_ENCODING_WASM_HOST === 'off';
  } catch {
    return false;
  }
}

/** A host class and the methods used, captured now; null where absent or unusable. */
function capture(name, methods) {
  if (!hostCodecsAllowed) return null;
  try {
    const C = g[name];
    if (typeof C !== 'function' || C.prototype === null || typeof C.prototype !== 'object') return null;
    const out = { C };
    for (const m of methods) {
      const d = Object.getOwnPropertyDescriptor(C.prototype, m);
      if (d === undefined || typeof d.value !== 'function') return null;
      out[m] = d.value;
    }
    return out;
  } catch {
    return null;
  }
}

/**
 * The captured method `method` as a function of its arguments, called on our own `instance`: the
 * method is made an own property of that private instance and called as `instance.run(…)` (`run2`
 * for a method of two arguments), which every engine calls directly (JavaScriptCore does not
 * inline a bound `call`).
 */
function bind(instance, method, arity = 1) {
  if (arity === 1) {
    const runner = runnerOf(instance, method);
    return (a) => runner.run(a);
  }
  Object.defineProperty(instance, 'run2', { value: method });
  return (a, b) => instance.run2(a, b);
}

/** Our private `instance` with the captured `method` as its own `run`: `instance.run(a)` calls it. */
function runnerOf(instance, method) {
  Object.defineProperty(instance, 'run', { value: method });
  return instance;
}

const HostDecoder = capture('TextDecoder', ['decode']);
const HostEncoder = capture('TextEncoder', ['encode', 'encodeInto']);

/**
 * Whether the Uint8Array `bytes` views a fixed-length, non-shared ArrayBuffer: the only input a
 * host decoder is given. (ArrayBuffer's getters throw for a SharedArrayBuffer; one getter call,
 * since this runs on every call.)
 */
export function onPlainBuffer(bytes) {
  try {
    const buffer = bufferOf(bytes);
    if (arrayBufferResizableOf !== null) return !arrayBufferResizableOf(buffer);
    arrayBufferByteLengthOf(buffer);
    return true;
  } catch {
    return false;
  }
}

// ---- decoders -------------------------------------------------------------------------------------

/** The jobs a host decoder can take, by the kind of encoding. */
export const UTF8 = 1;
export const UTF16LE = 2;
export const UTF16BE = 3;
export const SINGLE_BYTE = 4;
export const MULTI_BYTE = 5;

/** The kind of the encoding named `name`, or 0 for replacement (never decoded here). */
export function kindOf(name) {
  if (name === 'utf-8') return UTF8;
  if (name === 'utf-16le') return UTF16LE;
  if (name === 'utf-16be') return UTF16BE;
  if (name === 'replacement') return 0;
  return isMultiByte(name) ? MULTI_BYTE : SINGLE_BYTE;
}

/**
 * The probes, each decoded alone (and embedded mid-buffer, to check the host reads the view, not
 * its buffer) and compared with the core's output, in the same mode: UTF-8's maximal subparts of
 * malformed sequences, overlongs, surrogates, code points above U+10FFFF, truncation at the end,
 * the BOM kept under ignoreBOM, noncharacters and U+FFFD itself; UTF-16LE's lone, reversed and
 * truncated surrogates and odd lengths (UTF-16BE gets the same with each pair of bytes swapped).
 * Bytes in hexadecimal, probes separated by commas.
 */
export const UTF8_PROBES =
  '417f00,c280dfbf,e0a080efbfbfefbfbd,f0908080f48fbfbf,efbbbf41,80,bf8041,c080,c1bf,e08080,e09fbf,eda080,' +
  'edbfbf,f0808080,f08fbfbf,f4908080,f5808080,f888808080,feff41,e282,e28241,f09f98,f09f9841eda080,f09fe282ac,' +
  'c2,c2c280,e180e18080,f18080f1808080';
export const UTF16LE_PROBES = '4100ac20,3dd800de,fffe4100,feff,3dd8,3dd84100,00de4100,00de3dd8,3dd83dd800de,41,410042,3dd800,fffffdff';

/**
 * What the standard's decoder gives for each probe (BOM kept), in order: the UTF-8 ones, and the
 * UTF-16 ones (UTF-16BE's swapped probes give the same). Fatal mode gives the same for the
 * probes at the *_WELL_FORMED indexes and throws for every other. Constants, so that checking the
 * host's UTF-8 and UTF-16 needs no core: the first UTF-8 decode of a program whose host is right
 * instantiates no wasm (npm run bench, "time to first decode"). tests/js/host-codecs.test.mjs
 * checks each against the core.
 */
export const UTF8_EXPECTED = [
  'A\u007f\u0000', '\u0080\u07ff', '\u0800\uffff\ufffd', '\u{10000}\u{10ffff}', '\ufeffA', '\ufffd', '\ufffd\ufffdA', '\ufffd\ufffd',
  '\ufffd\ufffd', '\ufffd\ufffd\ufffd', '\ufffd\ufffd\ufffd', '\ufffd\ufffd\ufffd', '\ufffd\ufffd\ufffd', '\ufffd\ufffd\ufffd\ufffd',
  '\ufffd\ufffd\ufffd\ufffd', '\ufffd\ufffd\ufffd\ufffd', '\ufffd\ufffd\ufffd\ufffd', '\ufffd\ufffd\ufffd\ufffd\ufffd', '\ufffd\ufffdA',
  '\ufffd', '\ufffdA', '\ufffd', '\ufffdA\ufffd\ufffd\ufffd', '\ufffd\u20ac', '\ufffd', '\ufffd\u0080', '\ufffd\u1000', '\ufffd\u{40000}',
];
export const UTF8_WELL_FORMED = [0, 1, 2, 3, 4];
export const UTF16_EXPECTED = [
  'A\u20ac', '\u{1f600}', '\ufeffA', '\ufffe', '\ufffd', '\ufffdA', '\ufffdA', '\ufffd\ufffd', '\ufffd\u{1f600}', '\ufffd', 'A\ufffd', '\ufffd',
  '\uffff\ufffd',
];
export const UTF16_WELL_FORMED = [0, 1, 2, 3, 12];

/** The probes of `list` as byte arrays; `swap` swaps each pair of bytes (UTF-16BE). */
function probeBytes(list, swap) {
  const out = [];
  for (const hex of list.split(',')) {
    const bytes = [];
    for (let i = 0; i < hex.length; i += 2) bytes.push(parseInt(hex.slice(i, i + 2), 16));
    out.push(swap ? bytes.map((_, i) => bytes[i ^ 1] ?? bytes[i]) : bytes);
  }
  return out;
}

/**
 * The largest input or destination, in bytes, that a host path takes: what a signed 32-bit length
 * holds. The checks probe small buffers only, and a host's own code may keep lengths in 32 bits
 * (Node 20's encodeInto wraps its destination's capacity: into 2^32 bytes it writes nothing, and
 * says so); anything larger goes to the core.
 */
export const HOST_BYTES_MAX = 2 ** 31 - 1;

/** The decoder host checks, cached per (ordinal, fatal): a decode function, or null. */
const decoders = [];

/**
 * A multi-byte encoding is checked once the core has decoded this many of its bytes: its checks
 * cost about as much as the core decoding 1 MiB (core/multi-byte-probes.js), which a program that
 * decodes little of it never pays. Where the host is right it is 1.5x the core in Deno and about
 * the core's speed in Bun and Firefox (faster on mostly-ASCII text, slower on CJK prose: the core
 * forced ÷ native in `npm run bench -- --engines`, 0.67x, 0.98x and 0.92x).
 */
const MULTI_BYTE_CHECK_AFTER = 1 << 20;
/** Per encoding ordinal, the bytes the core decoded before the multi-byte check. */
const multiByteSeen = [];

/**
 * The host's decoder for the encoding at `ordinal` in replacement or `fatal` mode, as
 * `decode(bytes) => string` (it throws where the host refuses or, in fatal mode, where the input
 * is malformed: the caller then asks the core), or null where the host is not exactly right.
 * `coreDecode(ordinal, bytes, fatal)` is the core's decode with the BOM kept (null for a fatal
 * error): the reference every probe is compared with. Checked once per (ordinal, fatal), cached;
 * for a multi-byte encoding, undefined (not yet checked: the core decodes this call) until the
 * calls' `length`s add up to MULTI_BYTE_CHECK_AFTER.
 */
export function hostDecoder(ordinal, fatal, coreDecode, length = 0) {
  const key = ordinal * 2 + (fatal ? 1 : 0);
  let d = decoders[key];
  if (d === undefined) {
    const name = encodingName(ordinal);
    const multiByte = kindOf(name) === MULTI_BYTE;
    if (multiByte) {
      const seen = (multiByteSeen[ordinal] || 0) + length;
      multiByteSeen[ordinal] = seen;
      if (seen < MULTI_BYTE_CHECK_AFTER) return undefined;
    }
    d = null;
    try {
      if (multiByte) d = checkedMultiByte(ordinal, fatal, coreDecode);
      else d = checkedDecoder(name, fatal, (bytes) => coreDecode(ordinal, bytes, fatal));
    } catch {
      d = null; // a host that throws where the checks expect text: not trusted
    }
    decoders[key] = d;
  }
  return d;
}

/** Per kind, the input length from which the core decodes even where the host is right. */
const coreFrom = [Infinity, Infinity, Infinity, Infinity, Infinity, Infinity];

/**
 * Keeps inputs of `kind` of at least `bytes` bytes in the core (0: all of them), for a host folder
 * where the core, with the string builders it installs, is faster than the host's decoders (see
 * node/load.js). Called when the folder loads, before any decoder exists.
 */
export function setCoreFrom(kind, bytes) {
  coreFrom[kind] = bytes;
}

/** The input length from which decodes of `kind` are the core's even where the host is right. */
export function coreFromOf(kind) {
  return coreFrom[kind];
}

/**
 * Whether the core decodes the dense input (denseInput) of the multi-byte encoding `name` even
 * where the host's decoder is right: Shift_JIS and Big5. The hosts whose multi-byte decoders are
 * right (Firefox's and Deno's encoding_rs, Bun's) decode text that is mostly ideographs and kana
 * slower than the core does, and mostly-ASCII text faster (their ASCII loops); their other
 * multi-byte decoders are as fast as the core or faster on both. TEW_BENCH_SECTIONS=decodeCjk
 * npm run bench -- --engines=firefox,bun,deno, the core ÷ the host on the .txt rows (70-94% of
 * their bytes above 0x7F): Shift_JIS 1.44x, 1.44x and 1.05x, Big5 1.21x, 1.34x and 1.07x; on the
 * .html rows (10-18%) 0.91x, 1.07x and 0.56x, and 0.80x, 0.94x and 0.58x. Speed only: the host
 * is still checked, and both are right.
 */
export function coreTakesDense(name) {
  return name === 'shift_jis' || name === 'big5';
}

/**
 * The shortest input that denseInput calls dense. A call into the core costs more than a call of
 * the host's decoder (in Bun and Firefox 130-270 ns more for 63 bytes, npm run bench --
 * --engines, short decodes: 2x the host's calls a second), which the core's speed on dense text
 * (about 0.8 µs less a KiB there) makes up from a few hundred bytes.
 */
const DENSE_FROM = 1024;
/** The bytes looked at in each of denseInput's four places. */
const DENSE_SAMPLE = 64;

/**
 * Whether the Uint8Array `bytes` is at least DENSE_FROM long and at least half the bytes of a
 * sample of it are above 0x7F: DENSE_SAMPLE bytes at its start and at a quarter, half and three
 * quarters of its length (a few hundred nanoseconds, against microseconds for decoding it).
 * `length`, its byte length, where the caller has read it.
 */
export function denseInput(bytes, length = byteLengthOf(bytes)) {
  return denseOfLength(bytes, length);
}

/** denseInput for `bytes` of `length` bytes. */
function denseOfLength(bytes, length) {
  if (length < DENSE_FROM) return false;
  const step = length >>> 2;
  let high = 0;
  for (let at = 0; at < 4 * step; at += step) {
    for (let i = at, end = at + DENSE_SAMPLE; i < end; i++) high += bytes[i] >>> 7;
  }
  return high >= 2 * DENSE_SAMPLE;
}

const U8Prototype = U8.prototype;

/**
 * Whether decode()'s argument `input` may be dense (denseInput): a Uint8Array that is, or anything
 * but a plain Uint8Array (the careful way converts it and decides). Its type is told by its
 * prototype, not by its tag, whose getter JavaScriptCore calls at 20 ns.
 */
export function mayBeDense(input) {
  if (!isView(input) || getPrototypeOf(input) !== U8Prototype || byteLengthGet.call !== intrinsicCall) return true;
  return denseOfLength(input, byteLengthGet.call(input));
}

/**
 * encodeInto of a string longer than this many times its destination's bytes (and than 4 Ki
 * units) goes to the core, which copies only the units that can fit, where the host's encodeInto
 * is right but looks at the whole rest of the string on every call (a chunked loop). Infinity
 * (never) unless a host folder measured otherwise (node/load.js).
 */
export let encodeIntoCoreFrom = Infinity;


/**
 * encode() of a string of at least this many code units goes to the core even where the host's
 * encoder is right, where a host folder measured the core faster there (node/load.js); Infinity:
 * never.
 */
export let encodeCoreFrom = Infinity;

/** Sets encodeCoreFrom (a host folder, when it loads). */
export function setEncodeCoreFrom(units) {
  encodeCoreFrom = units;
}

/** Sets encodeIntoCoreFrom (a host folder, when it loads). */
export function setEncodeIntoCoreFrom(factor) {
  encodeIntoCoreFrom = factor;
}

/** Per kind, the native decoder maker a host folder offered (setNativeDecoder), or undefined. */
const nativeDecoders = [];

/**
 * Installs a native decoder of `kind` (UTF8 or UTF16LE) offered by the entry's host (Node:
 * Buffer's utf8 and ucs2 slices, faster than its TextDecoder): `make(fatal)` returns
 * `decode(bytes) => string`, which must throw on malformed input in fatal mode, or null where it
 * has none for that mode. It is checked like the host's TextDecoder and, where right, preferred
 * to it.
 */
export function setNativeDecoder(kind, make) {
  nativeDecoders[kind] = make;
}

function checkedDecoder(name, fatal, reference) {
  const kind = kindOf(name);
  if (kind === 0) return null;
  let probes;
  // What probe i must give: the core's output (single-byte), or the constant (UTF-8, UTF-16).
  let want = (i) => reference(new U8(probes[i]));
  if (kind === SINGLE_BYTE) {
    // Every byte alone (Node 22's windows-1252 decodes a lone 0xFF as nothing), and all at once.
    probes = [];
    const all = [];
    for (let i = 0; i < 256; i++) {
      probes.push([i]);
      all.push(i);
    }
    probes.push(all);
  } else {
    probes = probeBytes(kind === UTF8 ? UTF8_PROBES : UTF16LE_PROBES, kind === UTF16BE);
    const expected = kind === UTF8 ? UTF8_EXPECTED : UTF16_EXPECTED;
    const wellFormed = kind === UTF8 ? UTF8_WELL_FORMED : UTF16_WELL_FORMED;
    want = (i) => (fatal && wellFormed.indexOf(i) < 0 ? null : expected[i]);
  }
  const ab = kind === UTF16LE ? [0x41, 0, 0x42, 0] : kind === UTF16BE ? [0, 0x41, 0, 0x42] : [0x41, 0x42];
  const passes = (decode) => {
    for (let i = 0; i < probes.length; i++) if (!probeDecodes(decode, probes[i], want(i))) return false;
    return readsSlots(decode, ab);
  };
  const native = nativeDecoders[kind];
  if (native !== undefined) {
    const decode = native(fatal);
    if (decode !== null && passes(decode)) return decode;
  }
  if (HostDecoder === null) return null;
  const decode = newHostDecoder(name, fatal);
  return passes(decode) ? decode : null;
}

/**
 * The decoders made from the host's TextDecoder (not a folder's native ones), which take any
 * buffer source: directDecoder's candidates; each mapped to the host's decoder it calls with no
 * step of its own (`{ run(bytes) }`, runnerOf), or to null (a fatal one, which replaces that
 * decoder after an error, or refuses some outputs).
 */
const hostMade = ownMethods(new WeakMap(), { holds: WeakMap.prototype.has, mark: WeakMap.prototype.set, runner: WeakMap.prototype.get });

/**
 * A new host decoder of the encoding `name`, as `decode(bytes) => string` (never streaming). In
 * fatal mode a decoder that threw is replaced by a new one: Firefox's GBK, gb18030 and ISO-2022-JP
 * decoders keep their state after a fatal error, so the next call would start mid-sequence (the
 * checks catch that, and with this the host passes them).
 */
function newHostDecoder(name, fatal, ignoreBOM = true) {
  const make = () => runnerOf(new HostDecoder.C(name, { fatal, ignoreBOM }), HostDecoder.decode);
  let inner = make();
  const decode = !fatal
    ? (bytes) => inner.run(bytes)
    : (bytes) => {
        try {
          return inner.run(bytes);
        } catch (error) {
          inner = make();
          throw error;
        }
      };
  hostMade.mark(decode, fatal ? null : inner);
  return decode;
}

/** Whether no multi-byte decoder of the host shows a known fault (checked once). */
let multiByteFaultless;

function checkMultiByteFaults(coreDecode) {
  for (const probe of MULTI_BYTE_FAULTS.split(',')) {
    const [label, hex] = probe.split(':');
    const ordinal = lookupLabel(label);
    // An encoding the core does not have (the lite build) is never decoded here either.
    if (!encodingSupported(ordinal, DECODE)) continue;
    const bytes = probeBytes(hex, false)[0];
    if (!probeDecodes(newHostDecoder(label, false), bytes, coreDecode(ordinal, new U8(bytes), false))) return false;
  }
  return true;
}

const stringIncludes = uncurry(String.prototype.includes);

/**
 * checkedDecoder for a multi-byte encoding (core/multi-byte-probes.js has the probes). In
 * replacement mode: the units all at once, as a view into a larger buffer, then each tail alone.
 * In fatal mode, where replacement mode passed: each tail and 256 of the units (evenly spread)
 * alone; the host must throw where the core does. The fatal decoder returned also refuses any
 * output with a U+FFFD (the core then decides), so a malformed sequence that the host let through
 * would not give the call's result: the host's fatal output is trusted only where it has no error.
 */
function checkedMultiByte(ordinal, fatal, coreDecode) {
  if (HostDecoder === null) return null;
  if (multiByteFaultless === undefined) multiByteFaultless = checkMultiByteFaults(coreDecode);
  if (!multiByteFaultless) return null;
  const name = encodingName(ordinal);
  if (fatal && hostDecoder(ordinal, false, coreDecode, MULTI_BYTE_CHECK_AFTER) === null) return null;
  const decode = newHostDecoder(name, fatal);
  const u = multiByteUnits(name);
  if (!fatal) {
    const padded = new U8(u.length + 4);
    setBytes(padded, new U8(bufferOf(u.bytes), 0, u.length), 2);
    const units = new U8(bufferOf(padded), 2, u.length);
    if (decode(units) !== coreDecode(ordinal, units, false)) return null;
  } else {
    const step = Math.max(1, Math.floor(u.starts.length / 256));
    for (let i = 0; i < u.starts.length; i += step) {
      const unit = u.unit(i);
      if (!probeDecodes(decode, unit, coreDecode(ordinal, unit, true))) return null;
    }
  }
  if (!readsSlots(decode, [0x41, 0x42])) return null;
  const tails = multiByteTails(name);
  for (let i = 0; i < tails.length; i++) {
    if (!probeDecodes(decode, tails[i], coreDecode(ordinal, new U8(tails[i]), fatal))) return null;
  }
  if (!fatal) return decode;
  const checked = (bytes) => {
    const text = decode(bytes);
    if (stringIncludes(text, '\ufffd')) throw new TypeError('malformed'); // the core decides
    return text;
  };
  hostMade.mark(checked, null);
  return checked;
}

/**
 * Whether `decode` gives `want` for `bytes`, alone and as a view into a larger buffer (`everyKind`:
 * also as a DataView there, as an ArrayBuffer, and where the length allows as a Uint16Array, an
 * Int32Array and a Float64Array there); for `want` null (a fatal error), whether it throws a
 * TypeError instead.
 */
function probeDecodes(decode, bytes, want, everyKind = false) {
  const n = bytes.length;
  const alone = new U8(bytes);
  // The view sits 8 bytes into a buffer of 'A's (8: every typed array is aligned there).
  const buffer = new AB(n + 16);
  const padded = new U8(buffer);
  for (let i = 0; i < 8; i++) padded[i] = padded[n + 8 + i] = 0x41;
  setBytes(padded, alone, 8);
  const views = [alone, new U8(buffer, 8, n)];
  if (everyKind) {
    views.push(new DV(buffer, 8, n), bufferOf(new U8(bytes)));
    if (n % 8 === 0) views.push(new U16(buffer, 8, n / 2), new I32(buffer, 8, n / 4), new F64(buffer, 8, n / 8));
  }
  for (let i = 0; i < views.length; i++) {
    let got;
    try {
      got = decode(views[i]);
    } catch (error) {
      if (want === null && error instanceof TypeError) continue;
      return false;
    }
    if (got !== want) return false;
  }
  return true;
}

/**
 * Whether `decode` reads a Uint8Array's own bytes rather than what properties of the same names on
 * it say: `bytes` (text "AB") as a view whose own `length`, `byteLength`, `byteOffset` and
 * `buffer` lie must still give "AB" (Node 24's single-byte decoders read its `byteLength`).
 */
function readsSlots(decode, bytes) {
  try {
    return decode(lyingView(bytes)) === 'AB';
  } catch {
    return false;
  }
}

/** Whether `call(input)` throws a TypeError for each of `inputs`. */
function refusesEach(call, inputs) {
  for (const input of inputs) {
    try {
      call(input);
      return false;
    } catch (error) {
      if (!(error instanceof TypeError)) return false;
    }
  }
  return true;
}

// ---- the direct path -----------------------------------------------------------------------------

/** directDecoder's results, per (ordinal, fatal, ignoreBOM). */
const directs = [];
/** Per (ordinal, fatal, ignoreBOM), how many times directDecoder was asked before its checks ran. */
const directAsked = [];

/**
 * The common call goes unconverted only from this many calls of a kind on: its checks (some 80
 * host calls, a few of them refused with an exception) then cost nothing to a program that decodes
 * once (run at the first call, they made Chromium's first decode 6.3 ms instead of 1.9: npm run
 * bench, time to first decode), and nothing that counts to one that makes many calls, where it
 * pays.
 */
export const DIRECT_AFTER = 64;

/**
 * The host's decoder for the common call of a TextDecoder of the encoding at `ordinal` in `fatal`
 * mode with `ignoreBOM`, as `{ call, careful, runner, unchecked }`:
 * - `call(input, state, typed)` takes decode()'s argument as it is, before any conversion of ours
 *   (`typed`: the caller knows it is a typed array), and returns the string; or null where the
 *   call must go the careful way (SharedArrayBuffer and resizable input, which the host either
 *   refuses itself or is not given: only typed arrays on a fixed-length ArrayBuffer are; or the
 *   host refused it, a fatal error among those), which then decides. It may replace
 *   `state.direct` (the decoder's state) with `careful` for the calls after.
 * - `careful`: the same, giving the host only typed arrays on a fixed-length, non-shared buffer.
 * - `runner`: where the host's decoder takes the call with no step of ours around it (replacement
 *   mode), that decoder itself, `{ run(input) }`, which a caller may call in its own frame instead
 *   of `call` (SpiderMonkey's short decodes: npm run bench -- --engines); null otherwise.
 *   `unchecked`: the runner refuses, by throwing, every input the host must not be given, so it
 *   may be given any (`call` is then the runner's call, and after a throw `careful` takes over);
 *   otherwise only what `isPlainView` accepts.
 * Undefined until it was asked DIRECT_AFTER times for (ordinal, fatal, ignoreBOM). Null where the
 * host's checked decoder for (ordinal, fatal) is not made from its TextDecoder, where the core
 * takes some of these inputs anyway (setCoreFrom), or where the checks below fail. Called once
 * hostDecoder gave a function for (ordinal, fatal); cached.
 */
export function directDecoder(ordinal, fatal, ignoreBOM) {
  const key = ordinal * 4 + (fatal ? 2 : 0) + (ignoreBOM ? 1 : 0);
  let direct = directs[key];
  if (direct === undefined) {
    const asked = (directAsked[key] || 0) + 1;
    directAsked[key] = asked;
    if (asked < DIRECT_AFTER) return undefined;
    try {
      direct = checkedDirect(ordinal, fatal, ignoreBOM);
    } catch {
      direct = null; // a host that throws where the checks expect text: not trusted
    }
    directs[key] = direct;
  }
  return direct;
}

/**
 * directDecoder's checks, against the checked decoder on a Uint8Array: the same bytes as a view
 * inside a larger buffer, a DataView, an ArrayBuffer and views of other typed arrays (the host
 * reads the view), a detached view read as empty; and, for
 * UTF-8 and UTF-16 without ignoreBOM (a host decoder of its own, made so), the BOM stripped where
 * the standard strips it: at the start only, once, on every call anew, never a partial one.
 */
function checkedDirect(ordinal, fatal, ignoreBOM) {
  const checked = decoders[ordinal * 2 + (fatal ? 1 : 0)];
  if (typeof checked !== 'function' || !hostMade.holds(checked)) return null;
  const name = encodingName(ordinal);
  const kind = kindOf(name);
  if (coreFrom[kind] !== Infinity) return null;
  const bom = [[], [0xef, 0xbb, 0xbf], [0xff, 0xfe], [0xfe, 0xff]][kind] || [];
  const strips = bom.length > 0 && !ignoreBOM;
  const decode = strips ? newHostDecoder(name, fatal, false) : checked;
  const probes = [[0x41, 0x42, 0xc3, 0xa9, 0x43, 0x44, 0x45, 0x46]];
  if (strips) {
    const a = kind === UTF16BE ? [0, 0x41] : kind === UTF16LE ? [0x41, 0] : [0x41];
    const partial = bom.slice(1);
    probes.push([...bom, ...a, ...a, ...a, ...a, ...a].slice(0, 8), [...bom, ...a], bom, [...bom, ...bom, ...a], [...a, ...bom], partial, [...partial, ...a], [], [...bom, 0xff]);
  }
  for (const bytes of probes) {
    // What the standard gives: the checked decoder's output, less the BOM it kept (null: an error).
    let want = null;
    try {
      want = checked(new U8(bytes));
      if (strips && bom.every((b, i) => bytes[i] === b)) want = want.slice(1);
    } catch {
      // a fatal error: the host must throw too
    }
    if (!probeDecodes(decode, bytes, want, true)) return null;
  }
  // A detached buffer reads as empty.
  const detached = detachedView();
  if (detached !== null) {
    try {
      if (decode(detached) !== '') return null;
    } catch (error) {
      if (!(error instanceof TypeError)) return null;
    }
  }
  // Only a typed array on a plain buffer goes to the host (isPlainView), unless the caller knows
  // `input` is a typed array (`typed`: its tag said so).
  const careful = (input, s, typed) => {
    if (!(typed ? onPlainBuffer(input) : isPlainView(input))) return null;
    try {
      return decode(input);
    } catch {
      return null;
    }
  };
  const runner = hostMade.runner(decode);
  if (!takesUncheckedInput(decode)) return { call: careful, careful, runner, unchecked: false };
  // The host refuses those itself (Chromium, Firefox): the input goes to it unchecked. A decoder
  // whose call the host refused (such input, or a fatal error) goes on with the checks, so that
  // a program decoding SharedArrayBuffers does not pay for a refusal on every call.
  const call = (input, s) => {
    try {
      return decode(input);
    } catch {
      s.direct = careful;
      return null;
    }
  };
  return { call, careful, runner, unchecked: true };
}

/**
 * Whether `input` is a typed array on a fixed-length, non-shared ArrayBuffer: what the host's
 * decoder may be given. A DataView's prototype is checked first, which spares onPlainBuffer the
 * exception of the typed-array getter (the careful way takes it).
 */
export function isPlainView(input) {
  return isView(input) && getPrototypeOf(input) !== DataViewPrototype && onPlainBuffer(input);
}

/**
 * Whether `decode` may be given decode()'s argument unchecked: it throws a TypeError for a
 * SharedArrayBuffer, a resizable ArrayBuffer and views on them, as Chromium's and Firefox's
 * decoders do (vacuously true where the engine has neither), and for what the IDL refuses (null,
 * a string, a number, an array, an object posing as a Uint8Array), and reads undefined as empty.
 */
function takesUncheckedInput(decode) {
  const inputs = [null, {}, 'A', 65, [65], objectCreate(U8.prototype)];
  const add = (buffer) => inputs.push(buffer, new U8(buffer), new DV(buffer), new U16(buffer));
  if (SAB !== null) add(new SAB(2));
  if (arrayBufferResizableOf !== null) add(new AB(2, { maxByteLength: 4 }));
  return refusesEach(decode, inputs) && decode(undefined) === '';
}

/** A Uint8Array whose buffer was detached (a transfer), or null where this engine cannot make one. */
function detachedView() {
  const view = new U8(4);
  try {
    structuredCloneOf(bufferOf(view), { transfer: [bufferOf(view)] });
  } catch {
    return null;
  }
  return byteLengthOf(view) === 0 ? view : null;
}

// ---- the encoder ----------------------------------------------------------------------------------

let encoderChecked = false;
let encoder = null;
/** What the encoder's encodeIntoAny() found: its encodeInto, null, or undefined until asked. */
let encodeIntoUnconverted;

/**
 * The host's UTF-8 encoder as { encode(string) => Uint8Array, encodeInto(string, dest) =>
 * {read, written}, encodeIntoRoomy, encodeIntoAny(), runner } where it gives exactly what the core's
 * `coreEncode(string)` gives on the probes (and encodeInto the whole characters of it that fit);
 * otherwise null. `encodeIntoAny()` gives
 * the same encodeInto for a destination not yet converted (any value), where the host also
 * refuses every destination the IDL refuses (refusesWhatIdlRefuses, checked at the first call),
 * or null: the caller then converts the destination first. `runner.run(string)` is `encode` and
 * `runner.run2(string, dest)` the encodeInto of the other three, unwrapped.
 */
export function hostEncoder(coreEncode) {
  if (!encoderChecked) {
    encoderChecked = true;
    try {
      encoder = checkedEncoder(coreEncode);
    } catch {
      encoder = null;
    }
  }
  return encoder;
}

/**
 * The encoder probes: surrogate pairs, lone and reversed surrogates, the edges of each length, the
 * BOM; and strings past 32 units, where an engine may take a faster path (Node 26's encodeInto
 * stops one character early there when a two-byte character would just fit); each encoded whole,
 * then by encodeInto into every room from 0 to its whole length (cuts inside a character and
 * inside a pair).
 */
const ENCODE_PROBES = [
  'A\x00\x7f',
  '\x80\u07ff\u0800\uffff',
  '\ud800\udc00\udbff\udfff',
  '\ud800',
  '\udc00\ud800',
  'a\ud83dA',
  '\ufeff',
  'a\u20ac\u{1f600}\xe9b',
  `${'A'.repeat(31)}\x80A${'A'.repeat(30)}\u07ffA`,
  `${'\u3042\u07ffA'.repeat(12)}\u{1f600}\ud800\xe9${'\u07ff'.repeat(20)}`,
  '\u3042'.repeat(40),
];

/**
 * The host's encoder where it is right on the probes: encode() and encodeInto() are checked apart,
 * and an encodeInto that fails is null (its calls go to the core) while encode() stays the host's.
 * `encodeIntoRoomy` is the same encodeInto where it is right at least into destinations of three
 * bytes or more per code unit, which no string can overfill (Node 26's, wrong only where the
 * destination fills up), or null.
 */
function checkedEncoder(coreEncode) {
  if (HostEncoder === null) return null;
  const instance = new HostEncoder.C();
  const encode = bind(instance, HostEncoder.encode);
  const into = bind(instance, HostEncoder.encodeInto, 2);
  let everyRoom = true;
  let roomy = true;
  for (let p = 0; p < ENCODE_PROBES.length; p++) {
    const string = ENCODE_PROBES[p];
    const out = encode(string);
    const bytes = coreEncode(string);
    const n = byteLengthOf(bytes);
    if (Object.getPrototypeOf(out) !== U8.prototype || byteLengthOf(out) !== n || byteOffsetOf(out) !== 0) return null;
    if (arrayBufferByteLengthOf(bufferOf(out)) !== n) return null;
    for (let i = 0; i < n; i++) if (out[i] !== bytes[i]) return null;
    roomy = roomy && encodesInto(into, string, bytes, string.length * 3, string.length * 3);
    everyRoom = everyRoom && roomy && encodesInto(into, string, bytes, 0, n);
  }
  // It writes into the destination's own bytes, whatever properties of the same names say.
  if (roomy) {
    const view = lyingView(new U8(12));
    const r = into('abcd', view);
    roomy = r.read === 4 && r.written === 4 && view[3] === 0x64;
  }
  const encodeIntoRoomy = roomy ? into : null;
  const encodeInto = everyRoom ? encodeIntoRoomy : null;
  const encodeIntoAny = () => {
    if (encodeIntoUnconverted === undefined) {
      try {
        encodeIntoUnconverted = encodeInto !== null && refusesWhatIdlRefuses(encodeInto) ? encodeInto : null;
      } catch {
        encodeIntoUnconverted = null;
      }
    }
    return encodeIntoUnconverted;
  };
  // `instance.run(string)` is `encode`, `instance.run2(string, dest)` `into`: a caller may call
  // them in its own frame (SpiderMonkey's short encodes: npm run bench -- --engines).
  return { encode, encodeInto, encodeIntoRoomy, encodeIntoAny, runner: instance };
}

/**
 * Whether `encodeInto(string, destination)` writes what the standard says into every room from
 * `from` to `to` bytes, given `bytes`, the core's encoding of `string`: the whole characters of it
 * that fit, as {read, written} and bytes, into a view with a guard byte on either side that must
 * stay as it was. (A character of `bytes` starts at a byte that is not a continuation byte, its
 * length told by that byte; a four-byte one is two code units.)
 */
function encodesInto(encodeInto, string, bytes, from, to) {
  const n = byteLengthOf(bytes);
  let written = 0;
  let read = 0;
  for (let room = from; room <= to; room++) {
    for (;;) {
      const lead = bytes[written];
      const length = written >= n ? Infinity : lead < 0x80 ? 1 : lead < 0xe0 ? 2 : lead < 0xf0 ? 3 : 4;
      if (written + length > room) break;
      written += length;
      read += length === 4 ? 2 : 1;
    }
    const backing = new U8(room + 2).fill(0xaa);
    let r;
    try {
      r = encodeInto(string, new U8(bufferOf(backing), 1, room));
    } catch {
      return false;
    }
    if (r.read !== read || r.written !== written || backing[0] !== 0xaa || backing[room + 1] !== 0xaa) return false;
    for (let i = 0; i < written; i++) if (backing[i + 1] !== bytes[i]) return false;
  }
  return true;
}

/**
 * Whether the host's `encodeInto` throws a TypeError for every destination that is not a
 * Uint8Array on a fixed-length buffer (other typed arrays, a DataView, buffers, an object posing
 * as one, resizable and growable buffers where the engine has them), and into one on a
 * SharedArrayBuffer writes what the standard says or throws a TypeError (the careful way then
 * writes it): then it can take encodeInto's destination unconverted.
 */
function refusesWhatIdlRefuses(encodeInto) {
  const refused = [new U16(4), new U8C(4), new DV(new AB(4)), new AB(4), objectCreate(U8.prototype), {}, null];
  if (arrayBufferResizableOf !== null) refused.push(new U8(new AB(4, { maxByteLength: 8 })));
  if (SAB !== null && 'growable' in SAB.prototype) refused.push(new U8(new SAB(4, { maxByteLength: 8 })));
  if (!refusesEach((destination) => encodeInto('a', destination), refused)) return false;
  if (SAB === null) return true;
  const shared = new U8(new SAB(8), 2, 4);
  let got;
  try {
    got = encodeInto('a\u20acb', shared);
  } catch (error) {
    // Refused (Chromium, Firefox): such a call goes the careful way, which the core then takes.
    return error instanceof TypeError;
  }
  // 'a' and '€' fit in the 4 bytes; 'b' does not.
  const b = new U8(bufferOf(shared));
  return got.read === 2 && got.written === 4 && b[1] === 0 && b[2] === 0x61 && b[3] === 0xe2 && b[4] === 0x82 && b[5] === 0xac && b[6] === 0;
}

/** Whether encodeInto's common call goes unconverted: undefined while that is not known yet. */
function encodeIntoDirectReport() {
  if (!encoderChecked || (encoder !== null && encodeIntoUnconverted === undefined)) return undefined;
  return encoder !== null && encodeIntoUnconverted !== null;
}

/**
 * What the checks found so far (for tests and the README's table): `{ decoders: { 'name': mode },
 * encoder, direct, encodeIntoDirect, utf16CoreFrom, utf16beCoreFrom }`, mode being 'both',
 * 'replacement', 'fatal' or 'none' for each encoding checked; `direct` the decoders whose common
 * call goes to the host unconverted ('name', 'name fatal', 'name ignoreBOM', 'name fatal
 * ignoreBOM'), and `encodeIntoDirect` whether encodeInto's does; utf16CoreFrom (UTF-16LE) and
 * utf16beCoreFrom the input lengths from which the core decodes anyway; the host folder's speed
 * settings (shortDecodeUpTo, encodeCoreFrom, encodeCoreUpTo, encodeIntoJsUpTo: core/host-speed.js
 * and above).
 */
export function hostCodecsReport() {
  const out = {};
  for (let key = 0; key < decoders.length; key++) {
    if (decoders[key] === undefined) continue;
    const name = encodingName(key >> 1);
    const mode = key & 1 ? 'fatal' : 'replacement';
    const was = out[name];
    if (decoders[key] === null) out[name] = was === undefined ? 'none' : was;
    else out[name] = was === undefined || was === 'none' ? mode : 'both';
  }
  const direct = [];
  for (let key = 0; key < directs.length; key++) {
    if (typeof directs[key] === 'object' && directs[key] !== null) direct.push(`${encodingName(key >> 2)}${key & 2 ? ' fatal' : ''}${key & 1 ? ' ignoreBOM' : ''}`);
  }
  return {
    decoders: out,
    encoder: encoderChecked ? encoder !== null : undefined,
    encodeInto: !encoderChecked ? undefined : encoder === null ? false : encoder.encodeInto !== null ? true : encoder.encodeIntoRoomy !== null ? 'roomy' : false,
    direct,
    encodeIntoDirect: encodeIntoDirectReport(),
    shortDecodeUpTo,
    utf16CoreFrom: coreFrom[UTF16LE],
    utf16beCoreFrom: coreFrom[UTF16BE],
    encodeCoreFrom,
    encodeCoreUpTo,
    encodeIntoJsUpTo,
    denseCore: Object.keys(out).filter((name) => out[name] !== 'none' && coreTakesDense(name)),
    denseFrom: DENSE_FROM,
  };
}
