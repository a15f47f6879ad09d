// The JavaScript side of the wasm boundary: lazy instantiation, memory views re-derived after
// calls that may grow memory, copying bytes and strings in, and building strings out.

let loader = null;
let wasm = null;
let memoryBuffer = null;
let mem8 = null;
let mem16 = null;

/** Sets how the wasm exports are obtained (called once by the entry module). */
export function setLoader(load) {
  loader = load;
}

/** The wasm exports, instantiated on first use. */
export function core() {
  if (wasm === null) {
    if (loader === null) throw new Error('text-encoding-wasm: no wasm loader was set');
    wasm = loader();
  }
  return wasm;
}

function refreshViews() {
  const buffer = wasm.memory.buffer;
  if (buffer !== memoryBuffer) {
    memoryBuffer = buffer;
    mem8 = new Uint8Array(buffer);
    mem16 = new Uint16Array(buffer);
  }
}

/** Copies `bytes` into the reusable input buffer; returns their count. */
export function putBytes(bytes) {
  const ptr = wasm.input_bytes(bytes.length) >>> 0;
  refreshViews();
  mem8.set(bytes, ptr);
  return bytes.length;
}

/** Copies the code units of `string` into the reusable input unit buffer; returns their count. */
export function putString(string) {
  const n = string.length;
  const at = (wasm.input_units(n) >>> 0) >>> 1;
  refreshViews();
  const m = mem16;
  for (let i = 0; i < n; i++) m[at + i] = string.charCodeAt(i);
  return n;
}

/** A copy of `n` output bytes as a new Uint8Array. */
export function takeBytes(n) {
  const ptr = wasm.output_bytes_ptr() >>> 0;
  refreshViews();
  return mem8.slice(ptr, ptr + n);
}

/** A view (valid until the next call into wasm) of `n` output bytes. */
export function viewBytes(n) {
  const ptr = wasm.output_bytes_ptr() >>> 0;
  refreshViews();
  return mem8.subarray(ptr, ptr + n);
}

// Building a string from UTF-16 code units. `String.fromCharCode.apply` over bounded chunks
// works everywhere; a host UTF-16LE TextDecoder (captured before any polyfill is installed) is
// used for long outputs when present, since it builds the string in one native pass. The output
// of our decoders is always well-formed UTF-16, so the host has nothing to get wrong.
const CHUNK = 8192;
const fromCharCode = String.fromCharCode;
let hostUtf16 = null;
try {
  if (typeof globalThis.TextDecoder === 'function') {
    // ignoreBOM: a leading U+FEFF in our output is content (ignoreBOM, or a second BOM), and a
    // host decoder that strips it would lose it.
    const d = new globalThis.TextDecoder('utf-16le', { ignoreBOM: true });
    const probe = new Uint8Array([0xff, 0xfe, 0x3d, 0xd8, 0x00, 0xde, 0x61, 0x00]);
    if (d.decode(probe) === '\u{FEFF}\u{1F600}a') hostUtf16 = d;
  }
} catch {
  hostUtf16 = null;
}
/** Outputs at least this long go through the host UTF-16 decoder (set by measurement). */
let hostThreshold = hostUtf16 === null ? Infinity : 64;

/** Chooses the string-building method (for the benchmark): 'auto', 'host' or 'fromCharCode'. */
export function setStringBuilder(kind) {
  hostThreshold = kind === 'fromCharCode' || hostUtf16 === null ? Infinity : kind === 'host' ? 0 : 64;
}

/** The string of the `n` UTF-16 code units in the output buffer. */
export function takeString(n) {
  if (n === 0) return '';
  const at = (wasm.output_units_ptr() >>> 0) >>> 1;
  refreshViews();
  if (n >= hostThreshold) return hostUtf16.decode(mem8.subarray(at * 2, (at + n) * 2));
  const m = mem16;
  if (n <= CHUNK) return fromCharCode.apply(null, m.subarray(at, at + n));
  let out = '';
  for (let i = 0; i < n; i += CHUNK) out += fromCharCode.apply(null, m.subarray(at + i, at + Math.min(n, i + CHUNK)));
  return out;
}

const names = [];
/** The standard's name of the encoding at `ordinal`, ASCII lowercased (cached). */
export function encodingName(ordinal) {
  let name = names[ordinal];
  if (name === undefined) {
    const n = wasm.encoding_name(ordinal);
    const bytes = viewBytes(n);
    name = fromCharCode.apply(null, bytes).toLowerCase();
    names[ordinal] = name;
  }
  return name;
}

/** "Get an encoding": the ordinal for `label`, or -1. */
export function lookupLabel(label) {
  const w = core();
  return w.label_lookup(putString(label));
}

/** The number of live decoder and encoder handles in the wasm core (for leak tests). */
export function liveHandles() {
  return core().live_handles();
}
