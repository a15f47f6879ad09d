// The language's built-ins that the hot paths use, captured when this module is evaluated and
// called through the intrinsic `call`: user code that later replaces
// `%TypedArray%.prototype.set`/`subarray`, `String.prototype.charCodeAt`, `Function.prototype.call`
// or `apply` changes nothing in the package. A Uint8Array from user code may also carry an own
// `length`, `buffer` or `subarray`: its bytes are read through the intrinsic getters below.

const TypedArrayPrototype = Object.getPrototypeOf(Uint8Array.prototype);
const getter = (proto, name) => Object.getOwnPropertyDescriptor(proto, name).get;

/**
 * `method` as a plain function of (receiver, ...args), bound now to the intrinsic call: later
 * changes to the prototype or to Function.prototype.call change nothing, and it is fast in every
 * engine (Reflect.apply with an argument array is not, in Chromium).
 */
export const uncurry = (method) => Function.prototype.call.bind(method);

/**
 * Makes each `methods[name]` (a built-in method, captured now) an own, read-only property of the
 * package's private `object` (a WeakMap, Set, … no user code can reach): `object.name(…)` then calls
 * the captured method directly, however its prototype changes later. JavaScriptCore calls that
 * directly where it does not inline a bound `call` (Bun's short calls in `npm run bench --
 * --engines`); V8 runs both alike.
 */
export function ownMethods(object, methods) {
  for (const name of Object.keys(methods)) Object.defineProperty(object, name, { value: methods[name] });
  return object;
}

/** Function.prototype.call as it was when the package loaded. */
export const intrinsicCall = Function.prototype.call;

/**
 * The built-in accessor `get` as a function of its receiver: `get.call(receiver)` while that
 * still finds the intrinsic call (nothing on Function.prototype or on `get` itself changed it),
 * otherwise through the call bound now. JavaScriptCore calls a getter that way at about half the
 * cost of a bound call (Bun's short decodes and encodes); V8 runs both alike.
 */
export function getterOf(get) {
  const bound = uncurry(get);
  return (receiver) => (get.call === intrinsicCall ? get.call(receiver) : bound(receiver));
}

/** The [[TypedArrayName]] of a typed array (undefined for anything else; intrinsic getter). */
export const typedArrayTagOf = getterOf(getter(TypedArrayPrototype, Symbol.toStringTag));
/**
 * The intrinsic byte length getter of typed arrays, for a caller that calls it in its own frame as
 * getterOf does (`byteLengthGet.call === intrinsicCall` first), where SpiderMonkey's 10 ns a frame
 * count.
 */
export const byteLengthGet = getter(TypedArrayPrototype, 'byteLength');
/** The byte length of a typed array (intrinsic getter). */
export const byteLengthOf = getterOf(byteLengthGet);
/** The byte offset of a typed array (intrinsic getter). */
export const byteOffsetOf = getterOf(getter(TypedArrayPrototype, 'byteOffset'));
/** The buffer of a typed array (intrinsic getter). */
export const bufferOf = getterOf(getter(TypedArrayPrototype, 'buffer'));
/** The byte length of an ArrayBuffer; throws for anything else, a SharedArrayBuffer included (intrinsic getter). */
export const arrayBufferByteLengthOf = getterOf(getter(ArrayBuffer.prototype, 'byteLength'));
const resizable = Object.getOwnPropertyDescriptor(ArrayBuffer.prototype, 'resizable');
/**
 * Whether an ArrayBuffer is resizable; throws for anything else (intrinsic getter). Null on
 * engines without resizable buffers, where every ArrayBuffer is fixed-length.
 */
export const arrayBufferResizableOf = resizable !== undefined ? getterOf(resizable.get) : null;
const typedArraySet = TypedArrayPrototype.set;
const typedArraySetOf = uncurry(typedArraySet);
/**
 * `target.set(source, offset)` through the intrinsic method, called as getterOf calls a getter
 * (SpiderMonkey and JavaScriptCore call it so at a fraction of a bound call's cost: short legacy
 * encodes in Firefox and Bun).
 */
export const setBytes = (target, source, offset = 0) =>
  typedArraySet.call === intrinsicCall ? typedArraySet.call(target, source, offset) : typedArraySetOf(target, source, offset);

/** `string.charCodeAt(i)` through the intrinsic method. */
export const charCodeAt = uncurry(String.prototype.charCodeAt);
const intrinsicCharCodeAt = String.prototype.charCodeAt;
/**
 * Whether String.prototype.charCodeAt is still the intrinsic one: then a loop may call
 * `string.charCodeAt(i)` directly, which JavaScriptCore inlines where it does not inline a bound
 * `call` (checked once per call of the package, before the loop; no user code runs inside it).
 */
export const charCodeAtIsIntrinsic = () => String.prototype.charCodeAt === intrinsicCharCodeAt;
/** `string.slice(start, end)` through the intrinsic method. */
export const stringSlice = uncurry(String.prototype.slice);
/** `string.toLowerCase()` through the intrinsic method. */
export const toLowerCase = uncurry(String.prototype.toLowerCase);
/** `String.fromCharCode(...units)` for an array-like of units: `fromCharCodeApply(null, units)`. */
export const fromCharCodeApply = Function.prototype.apply.bind(String.fromCharCode);
/** Math.min, captured. */
export const min = Math.min;
/** The typed-array constructors, captured (a later `globalThis.Uint8Array = …` changes nothing here). */
export const U8 = Uint8Array;
export const U16 = Uint16Array;
export const U32 = Uint32Array;

const transfer = ArrayBuffer.prototype.transfer;
/**
 * `ArrayBuffer.prototype.transfer(buffer, length)`: a new ArrayBuffer of `length` bytes with the
 * first bytes of `buffer` (which is detached), where the engine has it (ES2024); null elsewhere.
 */
export const arrayBufferTransfer = typeof transfer === 'function' ? uncurry(transfer) : null;

const defineProperty = Object.defineProperty;
const ArrayBufferConstructor = ArrayBuffer;
/**
 * A Uint8Array of `bytes` whose own `length`, `byteLength`, `byteOffset` and `buffer` properties
 * lie: a built-in that reads the view's own bytes (its internal slots) is not misled by them, one
 * that reads those properties is (Node 24's single-byte decoders read `byteLength`). The host
 * checks give it to the host's codecs.
 */
export function lyingView(bytes) {
  const view = new U8(bytes);
  for (const name of ['length', 'byteLength', 'byteOffset']) defineProperty(view, name, { value: 0 });
  defineProperty(view, 'buffer', { value: new ArrayBufferConstructor(0) });
  return view;
}
