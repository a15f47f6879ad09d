// TextDecoderStream and TextEncoderStream, exactly as the Encoding Standard defines them, over
// the host's TransformStream (its backpressure and queuing are the host's).
//
// TextDecoderStream runs "decode and enqueue a chunk" per written chunk with a streaming wasm
// decoder handle (the same one TextDecoder uses for `{stream: true}`) and "flush and enqueue" at
// close. The handle is freed deterministically when the stream finishes (flush), errors (a chunk
// that is not a buffer source, a fatal decode error) or is cancelled (readable.cancel() or
// writable.abort(): the transformer's `cancel` callback); in hosts whose TransformStream predates
// that callback, the FinalizationRegistry of text-decoder.js frees it once the stream is garbage.
//
// TextEncoderStream keeps the standard's "leading surrogate" across chunks in JS and encodes each
// chunk with the stateless wasm UTF-8 encoder, so it owns no wasm handle at all.
//
// Where the host has no TransformStream, or one that is not the Streams standard's, both exports
// are `undefined` (an ESM module cannot leave an export out conditionally); the polyfill skips
// them and says why (streamsUnavailable).

import { uncurry } from '../core/intrinsics.js';
import { encodingName } from '../core/labels.js';
import { decodeWith, decoderState, releaseHandle } from './text-decoder.js';
import { encodeUtf8 } from './text-encoder.js';
import { bufferSourceBytes, illegalInvocation, shapeInterface, toBufferSource, toDOMString } from './webidl.js';

/**
 * The host's TransformStream, captured when this module is evaluated, so that a global replaced
 * later is not used. Node loads its web streams (some twenty internal modules, about 3 ms) at the
 * first touch of the global, and from Node 22 even reading the global's property descriptor is
 * such a touch. So where the host has `process.getBuiltinModule` and no `window` (Node, Bun,
 * Deno), only the global's presence is read at load, and the class itself comes from the host's
 * own `node:stream/web` at the first construction: the engine's class even if the global has been
 * replaced since.
 *
 * Elsewhere the global is taken wherever the global object keeps it (Cloudflare's workerd keeps
 * its classes on the global scope's prototype) and used only if it is the Streams standard's: a
 * transform stream it makes must have a readable side that passes ReadableStream's brand check
 * and a writable side that passes WritableStream's (happy-dom's window, in vitest's vm pools,
 * has Node's `stream.Transform` under that name, whose sides no pipe takes). Where it is not, and
 * the global ReadableStream is `node:stream/web`'s (a test DOM in Node), that module's
 * TransformStream is used, so that the host's readables pipe into ours; otherwise the stream
 * classes are left out, and `streamsUnavailable` says why.
 */
const processObject = typeof process === 'object' && process !== null ? process : null;
const getBuiltinModule = processObject !== null && typeof processObject.getBuiltinModule === 'function' ? processObject.getBuiltinModule : null;
/** The class captured at load, or undefined (none yet, or none at all). */
let hostTransformStream;
/** Where the class is looked up at the first construction, how; null where it is not. */
let deferredTransformStream = null;
/** Why the stream classes are left out (null where they are not). */
let unavailable = null;
if (getBuiltinModule !== null && typeof window === 'undefined') {
  // (Next.js's edge sandbox has a `process` whose getBuiltinModule throws, "A Node.js API is
  // used": there the global, if it is the standard's, is taken at the first construction.)
  if ('TransformStream' in globalThis) deferredTransformStream = () => streamWeb()?.TransformStream ?? standardGlobal();
  else unavailable = 'the host has no TransformStream';
} else {
  hostTransformStream = standardGlobal() ?? streamWebUnderGlobalReadable();
  if (hostTransformStream === undefined) {
    unavailable =
      typeof globalValue('TransformStream') !== 'function'
        ? 'the host has no TransformStream'
        : "the host's TransformStream is not the Streams standard's (its sides are not a ReadableStream and a WritableStream)";
  }
}

/** The global TransformStream where it is the Streams standard's, else undefined. */
function standardGlobal() {
  const found = globalValue('TransformStream');
  return typeof found === 'function' && isStandard(found, globalValue('ReadableStream'), globalValue('WritableStream')) ? found : undefined;
}

/**
 * `node:stream/web`'s TransformStream where the global ReadableStream is that module's (a test DOM
 * in Node: the host's readables pipe into it), else undefined.
 */
function streamWebUnderGlobalReadable() {
  const web = getBuiltinModule !== null ? streamWeb() : null;
  if (web === null || web.ReadableStream !== globalValue('ReadableStream')) return undefined;
  return isStandard(web.TransformStream, web.ReadableStream, web.WritableStream) ? web.TransformStream : undefined;
}

/** The host's `node:stream/web`, or null. */
function streamWeb() {
  try {
    const web = Reflect.apply(getBuiltinModule, processObject, ['node:stream/web']);
    return typeof web === 'object' && web !== null ? web : null;
  } catch {
    return null;
  }
}

/** The global `name`, wherever on the global object's prototype chain it is kept. */
function globalValue(name) {
  for (let o = globalThis; o !== null; o = Object.getPrototypeOf(o)) {
    const d = Object.getOwnPropertyDescriptor(o, name);
    if (d !== undefined) return d.get !== undefined ? Reflect.apply(d.get, globalThis, []) : d.value;
  }
  return undefined;
}

/**
 * Whether `TS` makes the Streams standard's transform streams: one made now has a readable side
 * that `RS`'s `locked` getter takes and a writable side that `WS`'s takes (each getter checks
 * that its receiver is a stream of its own class, and throws otherwise). A host that refuses to
 * make a stream here (Cloudflare's workerd refuses it at a module's top level, outside a request
 * handler) is judged by the class's shape instead: `readable` and `writable` accessors of its own
 * prototype, as the standard's interface has them (Node's stream.Transform inherits its
 * `readable` from stream.Readable).
 */
function isStandard(TS, RS, WS) {
  let t;
  try {
    t = new TS();
  } catch {
    const readable = Object.getOwnPropertyDescriptor(TS.prototype, 'readable');
    const writable = Object.getOwnPropertyDescriptor(TS.prototype, 'writable');
    return readable !== undefined && typeof readable.get === 'function' && writable !== undefined && typeof writable.get === 'function';
  }
  try {
    const readableLocked = Object.getOwnPropertyDescriptor(RS.prototype, 'locked').get;
    const writableLocked = Object.getOwnPropertyDescriptor(WS.prototype, 'locked').get;
    return Reflect.apply(readableLocked, t.readable, []) === false && Reflect.apply(writableLocked, t.writable, []) === false;
  } catch {
    return false;
  }
}

/** A new TransformStream of the host's (captured at load, or looked up at the first call). */
function newTransformStream(transformer) {
  if (deferredTransformStream !== null) {
    const found = deferredTransformStream();
    if (typeof found !== 'function') throw new TypeError("text-encoding-wasm: neither node:stream/web nor the global object has the Streams standard's TransformStream");
    hostTransformStream = found;
    deferredTransformStream = null;
  }
  return new hostTransformStream(transformer);
}

/** Why TextDecoderStream and TextEncoderStream are `undefined` here, or null where they are classes. */
export const streamsUnavailable = unavailable;

const EMPTY = new Uint8Array(0);
const REPLACEMENT_UTF8 = [0xef, 0xbf, 0xbd];

// Captured now, so later changes to WeakMap.prototype change nothing here.
const weakMapGet = uncurry(WeakMap.prototype.get);
const weakMapSet = uncurry(WeakMap.prototype.set);

function decoderSlots(slots, object, member) {
  const s = weakMapGet(slots, object);
  if (s === undefined) throw illegalInvocation('TextDecoderStream', member);
  return s;
}

function makeTextDecoderStream() {
  const slots = new WeakMap();

  /** The Encoding Standard's TextDecoderStream. */
  class TextDecoderStream {
    constructor() {
      const state = decoderState(arguments, 'TextDecoderStream');
      // `state` is also the FinalizationRegistry token of its handle: the transformer's closures
      // keep it alive exactly as long as the stream can still call them.
      const transform = newTransformStream({
        transform(chunk, controller) {
          try {
            // "decode and enqueue a chunk": convert to AllowSharedBufferSource (TypeError),
            // push a copy (decodeWith copies into wasm memory at once), decode, enqueue if non-empty.
            const bytes = bufferSourceBytes(chunk, toBufferSource(chunk, "Failed to execute 'transform' on 'TextDecoderStream'"));
            const output = decodeWith(state, state, bytes, true);
            if (output !== '') controller.enqueue(output);
          } catch (error) {
            // The TransformStream errors both sides with this error; the decoder is finished.
            releaseHandle(state, state);
            throw error;
          }
        },
        flush(controller) {
          // "flush and enqueue": end-of-queue; decodeWith frees the handle (also on error).
          try {
            const output = decodeWith(state, state, EMPTY, false);
            if (output !== '') controller.enqueue(output);
          } finally {
            releaseHandle(state, state);
          }
        },
        cancel() {
          releaseHandle(state, state);
        },
      });
      weakMapSet(slots, this, { state, transform });
    }

    get encoding() {
      return encodingName(decoderSlots(slots, this, 'encoding').state.ordinal);
    }

    get fatal() {
      return decoderSlots(slots, this, 'fatal').state.fatal;
    }

    get ignoreBOM() {
      return decoderSlots(slots, this, 'ignoreBOM').state.ignoreBOM;
    }

    get readable() {
      return decoderSlots(slots, this, 'readable').transform.readable;
    }

    get writable() {
      return decoderSlots(slots, this, 'writable').transform.writable;
    }
  }

  shapeInterface(TextDecoderStream, 'TextDecoderStream', ['encoding', 'fatal', 'ignoreBOM', 'readable', 'writable']);
  return TextDecoderStream;
}

function makeTextEncoderStream() {
  const slots = new WeakMap();

  function encoderSlots(object, member) {
    const transform = weakMapGet(slots, object);
    if (transform === undefined) throw illegalInvocation('TextEncoderStream', member);
    return transform;
  }

  /** The Encoding Standard's TextEncoderStream (UTF-8). */
  class TextEncoderStream {
    constructor() {
      // The standard's "leading surrogate": a high surrogate that ended the previous chunk.
      let leading = '';
      const transform = newTransformStream({
        transform(chunk, controller) {
          // "encode and enqueue a chunk": ToString (DOMString), then code units; a leading
          // surrogate pairs with a trailing one that starts this chunk, and otherwise becomes
          // U+FFFD, which the wasm UTF-8 encoder does for a lone surrogate.
          let input = toDOMString(chunk, "Failed to execute 'transform' on 'TextEncoderStream'");
          if (leading !== '') {
            input = leading + input;
            leading = '';
          }
          const n = input.length;
          if (n === 0) return;
          const last = input.charCodeAt(n - 1);
          let end = n;
          if (last >= 0xd800 && last <= 0xdbff) {
            leading = input[n - 1];
            end = n - 1;
            if (end === 0) return;
            input = input.slice(0, end);
          }
          const output = encodeUtf8(input);
          if (output.length > 0) controller.enqueue(output);
        },
        flush(controller) {
          // "encode and flush": a leading surrogate left at the end is U+FFFD.
          if (leading !== '') {
            leading = '';
            controller.enqueue(new Uint8Array(REPLACEMENT_UTF8));
          }
        },
      });
      weakMapSet(slots, this, transform);
    }

    get encoding() {
      encoderSlots(this, 'encoding');
      return 'utf-8';
    }

    get readable() {
      return encoderSlots(this, 'readable').readable;
    }

    get writable() {
      return encoderSlots(this, 'writable').writable;
    }
  }

  shapeInterface(TextEncoderStream, 'TextEncoderStream', ['encoding', 'readable', 'writable']);
  return TextEncoderStream;
}

/** The Encoding Standard's TextDecoderStream, or `undefined` where the host has no TransformStream. */
export const TextDecoderStream = unavailable === null ? /* @__PURE__ */ makeTextDecoderStream() : undefined;

/** The Encoding Standard's TextEncoderStream, or `undefined` where the host has no TransformStream. */
export const TextEncoderStream = unavailable === null ? /* @__PURE__ */ makeTextEncoderStream() : undefined;
