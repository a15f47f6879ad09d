// Whole calls in the double-byte encodings (Shift_JIS, EUC-JP, EUC-KR, Big5, GBK, gb18030)
// decoded by a lookup per character in JavaScript, where that is faster than the core: in the
// JavaScript build (QuickJS, Hermes; several times the translated wasm: npm run bench --
// --engines, "QuickJS" and "Hermes"), installed by wasm2js/load.js for every call; and in Node for
// calls of up to 64 bytes, installed by node/load.js, where the crossing into wasm costs more than
// the lookups (npm run bench, short decodes, Node 24: 15 bytes of Shift_JIS at 12.9 M calls/s
// against 6.6 M through wasm).
//
// The tables are the core's own output, never a second copy of the indexes: once the core has
// decoded 128 KiB of an encoding, every byte from 0x80 and every two-byte sequence from a lead of
// 0x80 or more is decoded once by the core, each followed by 0x0A (no part of any multi-byte
// sequence, and it ends a pending one, so each output ends at its own U+000A). A byte that decodes
// alone to one code unit, and a two-byte sequence that decodes to one code unit, other than
// U+FFFD, go into the tables; everything else (an error, four gb18030 bytes, EUC-JP's three-byte
// JIS X 0212, Big5's pairs of code points and astral code points) is not there, and at the first
// such sequence the core decodes the whole call. Every decoder of these encodings is in its
// initial state after ASCII, a lone byte or a two-byte sequence, so a lookup out of context gives
// what the core gives in context.

import { bufferOf, charCodeAt, fromCharCodeApply, U16, U8, uncurry } from './intrinsics.js';
import { encodingName, isDoubleByte } from './labels.js';
import { keptUnitsString } from './strings.js';

/**
 * The core decodes this much of an encoding before its tables are built: building them costs
 * about as much as the JavaScript core decoding 100-200 KiB.
 */
const BUILD_AFTER = 1 << 17;
const CHUNK = 8192;
const stringIndexOf = uncurry(String.prototype.indexOf);

/** Per ordinal: the tables, null (not a double-byte encoding), or undefined (not built yet). */
const tables = [];
/** Per ordinal, the bytes the core decoded before the tables were built. */
const seen = [];
/** Output code units, flushed to the string every CHUNK units. */
const units = new U16(CHUNK);

/**
 * The string of the whole call `bytes` (`length` bytes) in the encoding at `ordinal`, or null
 * where the core decodes it: no tables (yet), or a sequence they do not have.
 * `coreDecode(ordinal, bytes, fatal)` is the core's one-call decode, for building them.
 */
export function decodeDoubleByte(ordinal, bytes, length, coreDecode) {
  let t = tables[ordinal];
  if (t === undefined) {
    if (!isDoubleByte(encodingName(ordinal))) {
      tables[ordinal] = null;
      return null;
    }
    const total = (seen[ordinal] || 0) + length;
    seen[ordinal] = total;
    if (total < BUILD_AFTER) return null;
    t = tables[ordinal] = buildTables(ordinal, coreDecode);
  }
  if (t === null) return null;
  const { singles, pairs } = t;
  let text = '';
  let j = 0;
  for (let i = 0; i < length; ) {
    const b = bytes[i];
    let c;
    if (b < 0x80) {
      c = b;
      i++;
    } else if ((c = singles[b]) !== 0) {
      i++;
    } else {
      if (i + 1 === length) return null;
      c = pairs[(b << 8) | bytes[i + 1]];
      if (c === 0) return null;
      i += 2;
    }
    units[j++] = c;
    if (j === CHUNK) {
      text += fromCharCodeApply(null, units);
      j = 0;
    }
  }
  if (j === 0) return text;
  // A short output (the whole of a short call) through a kept plain array: no view made for it.
  if (text === '' && j <= KEPT_UP_TO) return keptUnitsString(units, 0, j);
  return text + fromCharCodeApply(null, new U16(bufferOf(units), 0, j));
}

/** Outputs of up to this many code units are built by strings.js's keptUnitsString. */
const KEPT_UP_TO = 64;

/** The tables of the encoding at `ordinal`, from the core's decode of every unit (see the top). */
function buildTables(ordinal, coreDecode) {
  const input = new U8(128 * 2 + 128 * 255 * 3);
  let at = 0;
  for (let b = 0x80; b <= 0xff; b++) {
    input[at++] = b;
    input[at++] = 0x0a;
  }
  for (let lead = 0x80; lead <= 0xff; lead++) {
    for (let trail = 0; trail <= 0xff; trail++) {
      if (trail === 0x0a) continue;
      input[at++] = lead;
      input[at++] = trail;
      input[at++] = 0x0a;
    }
  }
  const text = coreDecode(ordinal, input, false);
  const singles = new U16(256);
  const pairs = new U16(0x10000);
  let from = 0;
  /** The one code unit of the next output (up to its U+000A), or 0. */
  const next = () => {
    const end = stringIndexOf(text, '\n', from);
    const c = end === from + 1 ? charCodeAt(text, from) : 0;
    from = end + 1;
    return c === 0xfffd ? 0 : c;
  };
  for (let b = 0x80; b <= 0xff; b++) singles[b] = next();
  for (let lead = 0x80; lead <= 0xff; lead++) {
    for (let trail = 0; trail <= 0xff; trail++) if (trail !== 0x0a) pairs[(lead << 8) | trail] = singles[lead] === 0 ? next() : (next(), 0);
  }
  return { singles, pairs };
}
