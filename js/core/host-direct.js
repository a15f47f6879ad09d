// The common call (decode(input) with nothing pending) straight to the host's decoder with the
// argument as it is, so that the host's own conversion is the only one (directDecoder): only where
// further checks show the host reads every kind of view right, strips a BOM as the standard does
// (a decoder made with the caller's ignoreBOM), and refuses what it must not be given or is given
// only what it may take. SharedArrayBuffer and resizable input still never reach it; whatever it
// refuses goes the careful way (idl/text-decoder.js).

import { arrayBufferResizableOf, bufferOf, byteLengthOf, U16, U8 } from './intrinsics.js';
import { encodingName } from './labels.js';
import { AB, DIRECT_AFTER, DV, isPlainView, objectCreate, onPlainBuffer, probeDecodes, refusesEach, SAB, structuredCloneOf } from './host-classes.js';
import { checkedDecoderOf, coreFromOf, hostMade, kindOf, newHostDecoder, UTF16BE, UTF16LE } from './host-decoders.js';

/** directDecoder's results, per (ordinal, fatal, ignoreBOM). */
const directs = [];
/** Per (ordinal, fatal, ignoreBOM), how many times directDecoder was asked before its checks ran. */
const directAsked = [];

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
  const checked = checkedDecoderOf(ordinal, fatal);
  if (typeof checked !== 'function' || !hostMade.holds(checked)) return null;
  const name = encodingName(ordinal);
  const kind = kindOf(name);
  if (coreFromOf(kind) !== Infinity) return null;
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

/** The decoders whose common call goes to the host unconverted, as 'name', 'name fatal', 'name ignoreBOM', 'name fatal ignoreBOM'. */
export function directReport() {
  const direct = [];
  for (let key = 0; key < directs.length; key++) {
    if (typeof directs[key] === 'object' && directs[key] !== null) direct.push(`${encodingName(key >> 2)}${key & 2 ? ' fatal' : ''}${key & 1 ? ' ignoreBOM' : ''}`);
  }
  return direct;
}
