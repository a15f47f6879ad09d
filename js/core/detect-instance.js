// The detector's wasm instance (its own module, detect.wasm, apart from the codecs' instance in
// instance.js): the loader each host folder's detect.js sets, instantiation on first use, and the
// memory views (bytes, u32 words, f32 words), re-derived after any call that may have grown memory.

import { byteLengthOf, U32, U8, uncurry } from './intrinsics.js';

const F32 = Float32Array;
const memoryBufferGetter =
  typeof WebAssembly === 'object' && WebAssembly !== null
    ? uncurry(Object.getOwnPropertyDescriptor(WebAssembly.Memory.prototype, 'buffer').get)
    : undefined;

let loader = null;
/** The Error the loader threw, remembered: a refused compilation is not tried again at every call. */
let failure = null;
let memory = null;
let plainMemory = false;
let buffer = null;
/** The detector wasm's exports once instantiated (null before): a live binding, read after `detectorCore()`. */
export let detectorWasm = null;
/** Byte view of the detector's memory (valid after `refreshDetector()`). */
export let mem8 = null;
/** u32 view of the detector's memory (valid after `refreshDetector()`); the IO words are at `words[ioAt + IO_…]`. */
export let words = null;
/** f32 view of the detector's memory (valid after `refreshDetector()`), for the guess's confidences. */
export let floats = null;
/** Index of the first IO word in `words`. */
export let ioAt = 0;

/** Sets how the detector wasm's exports are obtained (called once by the host folder's detect.js). */
export function setDetectorLoader(load) {
  loader = load;
  failure = null; // another folder's loader gets its own chance
}

/** The detector wasm's exports, instantiated on first use. */
export function detectorCore() {
  if (detectorWasm === null) {
    if (failure !== null) throw failure;
    if (loader === null) throw new Error('text-encoding-wasm: no loader was set for the detector');
    let exports;
    try {
      exports = loader();
    } catch (error) {
      failure = error;
      throw error;
    }
    memory = exports.memory;
    // The JavaScript build's memory is a plain object: its old buffer is not detached on growth.
    try {
      memoryBufferGetter(memory);
    } catch {
      plainMemory = true;
    }
    ioAt = exports.io() >>> 2;
    detectorWasm = exports;
    refreshDetector();
  }
  return detectorWasm;
}

/**
 * Re-derives the memory views if the memory grew since the last look (a grown memory detaches its
 * old buffer; the JavaScript build's does not, so its buffer is compared instead).
 */
export function refreshDetector() {
  if (mem8 !== null && (plainMemory ? memory.buffer === buffer : byteLengthOf(mem8) !== 0)) return;
  buffer = plainMemory ? memory.buffer : memoryBufferGetter(memory);
  mem8 = new U8(buffer);
  words = new U32(buffer);
  floats = new F32(buffer);
}

/** The number of live detector handles in the detector's wasm (for leak tests). */
export function liveDetectors() {
  return detectorCore().live_detectors();
}
