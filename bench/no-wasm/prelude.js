// The environment both contenders share in bench/no-wasm.mjs, evaluated before either loads: a
// minimal UTF-8 TextEncoder (encode, encodeInto) as a current Hermes has, for engines without one
// (the Hermes and QuickJS builds the bench runs have none). It counts its uses by phase, so that
// the run can say which contender reached for it: `setPhase` names who runs next ('ours load',
// '@exodus/bytes load', then each contender's checks and timed calls).

const uses = {};
let phase = 'ours load';

/** Names who runs from now on (the counts of `preludeUses()` are kept per name). */
export function setPhase(name) {
  phase = name;
}

/** The prelude's uses so far: { phase: { construct, encode, encodeInto } }. */
export function preludeUses() {
  return uses;
}

function count(what) {
  const c = uses[phase] || (uses[phase] = { construct: 0, encode: 0, encodeInto: 0 });
  c[what]++;
}

/** The code units the last `codePointAt` call read (1 or 2). */
let units = 1;

/** The code point at `i` of `s` (`n` its length; a lone surrogate is U+FFFD); sets `units`. */
function codePointAt(s, i, n) {
  const c = s.charCodeAt(i);
  units = 1;
  if (c < 0xd800 || c > 0xdfff) return c;
  if (c <= 0xdbff && i + 1 < n) {
    const d = s.charCodeAt(i + 1);
    if (d >= 0xdc00 && d <= 0xdfff) {
      units = 2;
      return 0x10000 + ((c - 0xd800) << 10) + (d - 0xdc00);
    }
  }
  return 0xfffd;
}

function utf8Length(cp) {
  return cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
}

/** Writes `cp` at `at` of `out`; returns the next index. */
function put(out, at, cp) {
  if (cp < 0x80) {
    out[at] = cp;
    return at + 1;
  }
  if (cp < 0x800) {
    out[at] = 0xc0 | (cp >> 6);
    out[at + 1] = 0x80 | (cp & 0x3f);
    return at + 2;
  }
  if (cp < 0x10000) {
    out[at] = 0xe0 | (cp >> 12);
    out[at + 1] = 0x80 | ((cp >> 6) & 0x3f);
    out[at + 2] = 0x80 | (cp & 0x3f);
    return at + 3;
  }
  out[at] = 0xf0 | (cp >> 18);
  out[at + 1] = 0x80 | ((cp >> 12) & 0x3f);
  out[at + 2] = 0x80 | ((cp >> 6) & 0x3f);
  out[at + 3] = 0x80 | (cp & 0x3f);
  return at + 4;
}

class TextEncoder {
  constructor() {
    count('construct');
  }

  get encoding() {
    return 'utf-8';
  }

  encode(input = '') {
    count('encode');
    const s = String(input);
    const n = s.length;
    let size = 0;
    for (let i = 0; i < n; ) {
      size += utf8Length(codePointAt(s, i, n));
      i += units;
    }
    const out = new Uint8Array(size);
    let at = 0;
    for (let i = 0; i < n; ) {
      at = put(out, at, codePointAt(s, i, n));
      i += units;
    }
    return out;
  }

  encodeInto(source, destination) {
    count('encodeInto');
    const s = String(source);
    const n = s.length;
    const room = destination.length;
    let read = 0;
    let written = 0;
    while (read < n) {
      const cp = codePointAt(s, read, n);
      if (written + utf8Length(cp) > room) break;
      written = put(destination, written, cp);
      read += units;
    }
    return { read, written };
  }
}

if (typeof globalThis.TextEncoder === 'undefined') {
  Object.defineProperty(globalThis, 'TextEncoder', { value: TextEncoder, writable: true, configurable: true, enumerable: false });
}

/** Whether the TextEncoder the engine now has is this prelude's. */
export const preludeInstalled = globalThis.TextEncoder === TextEncoder;
