// The wasm instance: the loader each host folder sets (web/load.js, node/load.js,
// wasm2js/load.js), instantiation on first use, and the memory views, re-derived after any call
// that may have grown memory. The IO words (core/protocol.js) are read here.

import { byteLengthOf, U16, U32, U8, uncurry } from './intrinsics.js';
import { IO_LAST_READ, IO_OUT_KIND } from './protocol.js';

const memoryBufferGetter =
  typeof WebAssembly === 'object' && WebAssembly !== null
    ? uncurry(Object.getOwnPropertyDescriptor(WebAssembly.Memory.prototype, 'buffer').get)
    : undefined;

let loader = null;
let memory = null;
let plainMemory = false;
/** The wasm exports once instantiated (null before): a live binding, read after `core()`. */
export let wasm = null;
/** The memory's current ArrayBuffer (valid after `refresh()`). */
export let buffer = null;
/** Byte view of the memory (valid after `refresh()`). */
export let mem8 = null;
/** UTF-16 view of the memory (valid after `refresh()`). */
export let mem16 = null;
/** u32 view of the memory (valid after `refresh()`); the IO words are at `io[ioAt + IO_…]`. */
export let io = null;
/** Index of the first IO word in `io`. */
export let ioAt = 0;

/** Sets how the wasm exports are obtained (called once by the host folder's load.js). */
export function setLoader(load) {
  loader = load;
}

/** The wasm exports, instantiated on first use. */
export function core() {
  if (wasm === null) {
    if (loader === null) throw new Error('text-encoding-wasm: no wasm loader was set');
    const exports = loader();
    memory = exports.memory;
    // The JavaScript build's memory is a plain object: its old buffer is not detached on growth.
    try {
      memoryBufferGetter(memory);
    } catch {
      plainMemory = true;
    }
    ioAt = exports.io() >>> 2;
    wasm = exports;
    refresh();
  }
  return wasm;
}

const memoryHooks = [];
/**
 * Registers `hook(arrayBuffer)`, called whenever the wasm memory's buffer changes (at
 * instantiation, and whenever it grew); called at once if the memory exists already.
 */
export function onMemory(hook) {
  memoryHooks.push(hook);
  if (buffer !== null) hook(buffer);
}

/**
 * Re-derives the memory views if the memory grew since the last look; cheap when it did not: a
 * grown memory detaches its old buffer, whose views then have no bytes (the JavaScript build's
 * memory does not detach: its buffer is compared instead).
 */
export function refresh() {
  if (mem8 !== null && (plainMemory ? memory.buffer === buffer : byteLengthOf(mem8) !== 0)) return;
  const b = plainMemory ? memory.buffer : memoryBufferGetter(memory);
  if (b !== buffer) {
    buffer = b;
    mem8 = new U8(b);
    mem16 = new U16(b);
    io = new U32(b);
    for (const hook of memoryHooks) hook(b);
  }
}

/** The unit count read by the last encode call (IO_LAST_READ). */
export function lastRead() {
  refresh(); // the call before may have grown memory
  return io[ioAt + IO_LAST_READ];
}

/** What the last decode_once wrote (IO_OUT_KIND: OUT_ASCII means nothing; the output is the input). */
export function outputKind() {
  refresh(); // the call before may have grown memory
  return io[ioAt + IO_OUT_KIND];
}

/** The number of live decoder and encoder handles in the wasm core (for leak tests). */
export function liveHandles() {
  return core().live_handles();
}
