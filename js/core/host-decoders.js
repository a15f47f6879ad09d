// The host's decoders, each trusted for an (encoding, mode) only where a behaviour check shows it
// exactly right, checked once, at first use, against the core's own output (never by version or
// user agent): a single-byte encoding on every byte alone and on all of them at once; UTF-8 and
// UTF-16 on a fixed probe set of malformed sequences, surrogates, truncation, the BOM and every
// host fault seen so far (UTF8_PROBES, UTF16LE_PROBES); the multi-byte encodings by the checks
// of core/host-multi-byte.js, where the tree has them. Fatal mode is checked apart: there the host
// must throw exactly where the core does. A host folder may keep jobs in the core where the core
// is faster there (setCoreFrom) and offer native decoders of its own (setNativeDecoder), checked
// the same way. Host decoders are created with ignoreBOM and never stream: the caller
// (idl/text-decoder.js) strips a BOM and hands streams to the core.

import { ownMethods, U8 } from './intrinsics.js';
import { encodingName, isMultiByte } from './labels.js';
import { HostDecoder, probeBytes, probeDecodes, readsSlots, runnerOf } from './host-classes.js';

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

/** The decoder host checks, cached per (ordinal, fatal): a decode function, or null. */
const decoders = [];

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
    if (kindOf(name) === MULTI_BYTE) {
      // Without the multi-byte checks (a lite tree whose add-ons do not decode), the core decodes.
      if (multiByteChecks === null) return null;
      d = multiByteChecks(ordinal, fatal, coreDecode, length);
      if (d === undefined) return undefined;
    } else {
      try {
        d = checkedDecoder(name, fatal, (bytes) => coreDecode(ordinal, bytes, fatal));
      } catch {
        d = null; // a host that throws where the checks expect text: not trusted
      }
    }
    decoders[key] = d;
  }
  return d;
}

/**
 * The checks of the multi-byte encodings (core/host-multi-byte.js sets them when it is evaluated:
 * only the trees whose core or add-ons decode a multi-byte encoding import it), as hostDecoder's
 * answer for a multi-byte encoding; null without them.
 */
let multiByteChecks = null;

/** Sets the multi-byte checks (core/host-multi-byte.js). */
export function setMultiByteChecks(checks) {
  multiByteChecks = checks;
}

/** The decoder hostDecoder found for (ordinal, fatal), or undefined before it was checked. */
export function checkedDecoderOf(ordinal, fatal) {
  return decoders[ordinal * 2 + (fatal ? 1 : 0)];
}

/** What the decoder checks found so far: `{ 'name': mode }` (host-codecs.js's hostCodecsReport). */
export function decodersReport() {
  const out = {};
  for (let key = 0; key < decoders.length; key++) {
    if (decoders[key] === undefined) continue;
    const name = encodingName(key >> 1);
    const mode = key & 1 ? 'fatal' : 'replacement';
    const was = out[name];
    if (decoders[key] === null) out[name] = was === undefined ? 'none' : was;
    else out[name] = was === undefined || was === 'none' ? mode : 'both';
  }
  return out;
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
export const hostMade = ownMethods(new WeakMap(), { holds: WeakMap.prototype.has, mark: WeakMap.prototype.set, runner: WeakMap.prototype.get });

/**
 * A new host decoder of the encoding `name`, as `decode(bytes) => string` (never streaming). In
 * fatal mode a decoder that threw is replaced by a new one: Firefox's GBK, gb18030 and ISO-2022-JP
 * decoders keep their state after a fatal error, so the next call would start mid-sequence (the
 * checks catch that, and with this the host passes them).
 */
export function newHostDecoder(name, fatal, ignoreBOM = true) {
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
