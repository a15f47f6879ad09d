// The host's own TextDecoder and TextEncoder, captured when this module is evaluated (a host
// patched later is never called; Node's globals are getters that load the classes when first
// read), the switch that turns them off, and what every check of them is built from: the
// constructors of the checks' inputs, the probes' helpers, and which inputs a host call may be
// given at all (a typed array on a fixed-length, non-shared buffer of at most HOST_BYTES_MAX
// bytes). core/host-codecs.js says how the checks fit together.
//
// `globalThis.TEXT_ENCODING_WASM_HOST = 'off'` set before the package is first evaluated, or the
// environment variable TEXT_ENCODING_WASM_HOST=off (Node, Bun; Deno when env access to it is
// granted), forces the core everywhere. Results are the same either way.

import { arrayBufferByteLengthOf, arrayBufferResizableOf, bufferOf, lyingView, setBytes, U16, U8 } from './intrinsics.js';

const g = globalThis;

const isView = ArrayBuffer.isView;
const getPrototypeOf = Object.getPrototypeOf;
export const objectCreate = Object.create;
// The constructors of the checks' inputs, captured now: a global replaced later cannot make a
// host look right, or stricter than it is.
export const AB = ArrayBuffer;
export const DV = DataView;
const DataViewPrototype = DV.prototype;
export const U8C = Uint8ClampedArray;
const I32 = Int32Array;
const F64 = Float64Array;
export const SAB = typeof g.SharedArrayBuffer === 'function' ? g.SharedArrayBuffer : null;
export const structuredCloneOf = typeof g.structuredClone === 'function' ? g.structuredClone : null;

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
export function bind(instance, method, arity = 1) {
  if (arity === 1) {
    const runner = runnerOf(instance, method);
    return (a) => runner.run(a);
  }
  Object.defineProperty(instance, 'run2', { value: method });
  return (a, b) => instance.run2(a, b);
}

/** Our private `instance` with the captured `method` as its own `run`: `instance.run(a)` calls it. */
export function runnerOf(instance, method) {
  Object.defineProperty(instance, 'run', { value: method });
  return instance;
}

export const HostDecoder = capture('TextDecoder', ['decode']);
export const HostEncoder = capture('TextEncoder', ['encode', 'encodeInto']);

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

/**
 * Whether `input` is a typed array on a fixed-length, non-shared ArrayBuffer: what the host's
 * decoder may be given. A DataView's prototype is checked first, which spares onPlainBuffer the
 * exception of the typed-array getter (the careful way takes it).
 */
export function isPlainView(input) {
  return isView(input) && getPrototypeOf(input) !== DataViewPrototype && onPlainBuffer(input);
}

/**
 * The common call (decode()'s: core/host-direct.js; encodeInto's: core/host-encoder.js) goes unconverted only from this many calls of a kind on: its checks (some 80
 * host calls, a few of them refused with an exception) then cost nothing to a program that decodes
 * once (run at the first call, they made Chromium's first decode 6.3 ms instead of 1.9: npm run
 * bench, time to first decode), and nothing that counts to one that makes many calls, where it
 * pays.
 */
export const DIRECT_AFTER = 64;

/**
 * The largest input or destination, in bytes, that a host path takes: what a signed 32-bit length
 * holds. The checks probe small buffers only, and a host's own code may keep lengths in 32 bits
 * (Node 20's encodeInto wraps its destination's capacity: into 2^32 bytes it writes nothing, and
 * says so); anything larger goes to the core.
 */
export const HOST_BYTES_MAX = 2 ** 31 - 1;

/** The probes of `list` as byte arrays; `swap` swaps each pair of bytes (UTF-16BE). */
export function probeBytes(list, swap) {
  const out = [];
  for (const hex of list.split(',')) {
    const bytes = [];
    for (let i = 0; i < hex.length; i += 2) bytes.push(parseInt(hex.slice(i, i + 2), 16));
    out.push(swap ? bytes.map((_, i) => bytes[i ^ 1] ?? bytes[i]) : bytes);
  }
  return out;
}

/**
 * Whether `decode` gives `want` for `bytes`, alone and as a view into a larger buffer (`everyKind`:
 * also as a DataView there, as an ArrayBuffer, and where the length allows as a Uint16Array, an
 * Int32Array and a Float64Array there); for `want` null (a fatal error), whether it throws a
 * TypeError instead.
 */
export function probeDecodes(decode, bytes, want, everyKind = false) {
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
export function readsSlots(decode, bytes) {
  try {
    return decode(lyingView(bytes)) === 'AB';
  } catch {
    return false;
  }
}

/** Whether `call(input)` throws a TypeError for each of `inputs`. */
export function refusesEach(call, inputs) {
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
