// The wasm instances: the base module's loader that each host folder sets (web/load.js,
// node/load.js, wasm2js/load.js), the add-ons' modules (addCodecs), instantiation on first use,
// the selection of the module an encoding belongs to, and the memory views, re-derived after any
// call that may have grown memory. The IO words (core/protocol.js) are read here.
//
// How the CJK encodings get into lite: each add-on (text-encoding-wasm/japanese, ...) is a wasm
// module of its own, src/wasm.rs built with that language's Cargo feature and without the base
// encodings: the same exports and protocol as the base module, its own memory, its encodings'
// code and tables only. Importing one registers it here for its encodings' names, in the
// directions it has (`japanese/encode` and `japanese/decode` are built with one direction's
// exports and tables, `japanese` with both); it is instantiated at the first call in one of them,
// and from then on every call that concerns such an encoding in that direction (by ordinal, or a
// handle made for it) selects its module. So calls stay
// synchronous, the lite module never changes (a stream begun before an add-on arrived goes on),
// and the tables are the generated Rust statics, as in the full module. The other ways were
// measured against this one (brotli, scripts/sizes.mjs): table bytes copied into one core's
// memory would put the CJK code (about 7 KB) into lite itself; one shared CJK module with data
// add-ons saves the framework each module repeats (about 6 KB: handles, buffers, the decoder and
// encoder drivers) only for apps that import several languages. The full entries keep one module
// with every encoding, so nothing changes for them.

import { byteLengthOf, U16, U32, U8, uncurry } from './intrinsics.js';
import { IO_LAST_READ, IO_OUT_KIND } from './protocol.js';

const memoryBufferGetter =
  typeof WebAssembly === 'object' && WebAssembly !== null
    ? uncurry(Object.getOwnPropertyDescriptor(WebAssembly.Memory.prototype, 'buffer').get)
    : undefined;

// Each wasm module the package has (the base codecs, and each add-on's: src/wasm.rs built with
// one language's features) is an instance record, and the bindings below are those of the
// selected one. `decoderCore(ordinal)` (`encoderCore(ordinal)`) selects the record that decodes
// (encodes) the encoding at `ordinal`, so that everything after it (crossing.js, strings.js: the
// same bindings) works on that module, until the next selection. A call sequence that belongs to
// one encoding therefore begins with one of them and calls nothing that may select another module
// before its last read.
const newRecord = (name, load) => ({ name, load, exports: null, failure: null, memory: null, plain: false, ioAt: 0, buffer: null, mem8: null, mem16: null, io: null });
/** The base module's record (the loader that the host folder's load.js sets). */
const base = newRecord('base', null);
/** The selected record. */
let current = base;
/** Every record: the base's, then each add-on's in the order they were registered. */
const records = [base];
/** The directions of a call: decoding and encoding (an add-on may have one of them only). */
export const DECODE = 0;
export const ENCODE = 1;
/**
 * Add-on records by direction and encoding name, and the record of each ordinal and direction
 * once asked (at `2 * ordinal + direction`; cleared by addCodecs).
 */
const owners = [Object.create(null), Object.create(null)];
let ownerOf = [];

let memory = null;
let plainMemory = false;
/** The selected module's wasm exports (null before): a live binding, read after `core()`. */
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

/**
 * Sets how the base module's exports are obtained (called by the host folder's load.js). A failed
 * load is forgotten: another folder's loader (the JavaScript build's, imported after the web
 * entry's was refused) gets its own chance.
 */
export function setLoader(load) {
  base.load = load;
  base.failure = null;
}

/**
 * Registers the add-on module `name` ('japanese', 'japanese-encode', ...): `load()` gives its
 * exports, and it handles the encodings named in `names` in the `directions` given ([DECODE,
 * ENCODE], or one of them: core/labels.js's addOnModule). Called by the add-on entries
 * (japanese.js, japanese-encode.js, ...) through their host folder's load.js; instantiation waits
 * for the first call in one of them. A second registration of a name in a direction changes
 * nothing.
 */
export function addCodecs(name, { names, directions }, load) {
  const record = newRecord(name, load);
  let owns = false;
  for (const direction of directions) {
    for (let i = 0; i < names.length; i++) {
      if (owners[direction][names[i]] === undefined) {
        owners[direction][names[i]] = record;
        owns = true;
      }
    }
  }
  if (owns) records.push(record);
  ownerOf = [];
}

/** The record of the module that owns the encoding at `ordinal` in `direction` (the base's for every other). */
function recordOf(ordinal, direction) {
  let record = base;
  if (ordinal >= 0) {
    // Names come from the base module; its call is over before the owner is selected.
    record = owners[direction][encodingName(ordinal)] || base;
  }
  ownerOf[2 * ordinal + direction] = record;
  return record;
}

/** Whether an add-on module was registered for the encoding named `name` in `direction`. */
export function hasAddOn(name, direction) {
  return owners[direction][name] !== undefined;
}

/** Selects the base module, instantiating it on first use; returns its exports. */
export function core() {
  if (base !== current || wasm === null) select(base);
  return wasm;
}

/**
 * Selects the module that decodes the encoding at `ordinal` (an add-on's, or the base's),
 * instantiating it on first use; returns its exports.
 */
export function decoderCore(ordinal) {
  const record = ownerOf[2 * ordinal] || recordOf(ordinal, DECODE);
  if (record !== current || wasm === null) select(record);
  return wasm;
}

/** As decoderCore, for encoding: the module that encodes the encoding at `ordinal`. */
export function encoderCore(ordinal) {
  const record = ownerOf[2 * ordinal + 1] || recordOf(ordinal, ENCODE);
  if (record !== current || wasm === null) select(record);
  return wasm;
}

function select(record) {
  if (record.exports === null) {
    // A load that failed is remembered: where the host refuses to compile, every later call
    // throws the same error at once instead of turning the inlined text into bytes and compiling
    // again (measured outside the bench, the web entry in Node 20 with WebAssembly.Module
    // refusing: 0.72 ms a call before, 2 µs after).
    if (record.failure !== null) throw record.failure;
    if (record.load === null) throw new Error('text-encoding-wasm: no wasm loader was set');
    let exports;
    try {
      exports = record.load();
    } catch (error) {
      record.failure = error;
      throw error;
    }
    record.memory = exports.memory;
    // The JavaScript build's memory is a plain object: its old buffer is not detached on growth.
    try {
      memoryBufferGetter(record.memory);
    } catch {
      record.plain = true;
    }
    record.ioAt = exports.io() >>> 2;
    record.exports = exports;
  }
  // The views of the record left behind are kept with it, for its next selection.
  current.buffer = buffer;
  current.mem8 = mem8;
  current.mem16 = mem16;
  current.io = io;
  current = record;
  wasm = record.exports;
  memory = record.memory;
  plainMemory = record.plain;
  ioAt = record.ioAt;
  const restored = record.buffer;
  buffer = restored;
  mem8 = record.mem8;
  mem16 = record.mem16;
  io = record.io;
  // The hooks learn of the buffer change: from refresh when the module's memory grew meanwhile
  // (or is new), here otherwise.
  refresh();
  if (buffer === restored) for (const hook of memoryHooks) hook(buffer);
}

/**
 * Why the base module cannot be instantiated here (the Error its loader threw, remembered), or
 * null where it can: instantiates it if that was not done yet. The polyfill asks before it puts a
 * class of ours in the place of the host's.
 */
export function loadError() {
  try {
    core();
    return null;
  } catch (error) {
    return error;
  }
}

// The encoding names, from the base module (core/labels.js caches them).
let encodingName = null;
/** Sets how `recordOf` learns an ordinal's name (core/labels.js, which imports this module). */
export function setNameLookup(lookup) {
  encodingName = lookup;
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

/** Whether the base module is instantiated (idl/text-decoder.js: early UTF-8 waits for it). */
export function baseInstantiated() {
  return base.exports !== null;
}

/** The modules instantiated so far: 'base', and each add-on's language (for tests). */
export function instantiatedModules() {
  return records.filter((record) => record.exports !== null).map((record) => record.name);
}

/** The number of live decoder and encoder handles in every instantiated module (for leak tests). */
export function liveHandles() {
  core(); // the base module, instantiated if it was not
  let n = 0;
  for (const record of records) if (record.exports !== null) n += record.exports.live_handles();
  return n;
}
