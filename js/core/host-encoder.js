// The host's UTF-8 encoder (TextEncoder's encode() and encodeInto()), trusted only where a
// behaviour check shows it exactly right: surrogates, the edges of each length and every
// encodeInto cut point, against the core's own output; encodeInto's common call goes to it with
// the destination unconverted only where it also refuses every destination the IDL refuses. And
// the host folder's choices of the lengths from which the core encodes anyway.

import { arrayBufferByteLengthOf, arrayBufferResizableOf, bufferOf, byteLengthOf, byteOffsetOf, lyingView, U16, U8 } from './intrinsics.js';
import { AB, bind, DV, HostEncoder, objectCreate, refusesEach, SAB, U8C } from './host-classes.js';

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

/** What the encoder checks found: whether encode() and encodeInto() are the host's (host-codecs.js's hostCodecsReport). */
export function encoderReport() {
  return {
    encoder: encoderChecked ? encoder !== null : undefined,
    encodeInto: !encoderChecked ? undefined : encoder === null ? false : encoder.encodeInto !== null ? true : encoder.encodeIntoRoomy !== null ? 'roomy' : false,
    encodeIntoDirect: encodeIntoDirectReport(),
  };
}
