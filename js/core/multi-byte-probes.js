// The probes that decide whether the host's decoder of a multi-byte (CJK) encoding is exactly
// right (core/host-multi-byte.js compares each with the core's own output; no expected text lives
// here). They are generated when first needed, from the structure of the standard's decoders:
//
// - units: byte sequences, each read from the decoder's initial state. They are decoded all at once,
//   joined by 0x0A: a line feed is never part of a multi-byte sequence, ends any pending one (as an
//   error, and is then emitted itself) and brings ISO-2022-JP's lead-byte state back to ASCII, so
//   the output has one U+000A per unit and each unit's output can be told apart (fatal mode).
//   Every unit of two bytes with a lead from 0x80 (all of each encoding's index and every error
//   of its second byte); GB18030's four-byte sequences, a sample of every range; EUC-JP's three-byte JIS X 0212 sequences; ISO-2022-JP's every
//   byte after each escape sequence, its JIS X 0208 pairs, escape sequences that follow one
//   another, and broken escape sequences.
// - tails: inputs decoded alone, for the end of input in each state (a lone lead byte, a cut
//   four-byte sequence, a cut escape sequence).
// - faults: the faults known in engines today, by encoding ('label:hex'): a host whose decoders
//   show any of them is not trusted with any multi-byte encoding (host-multi-byte.js says why).

/**
 * Hosts' known faults (tests/wasm/browser_oracle.rs describes each): Big5's four pointers that
 * are two code points; EUC-JP's JIS X 0212 flag after an error; ISO-2022-JP's escape sequences
 * cut at the end, and broken escape sequences whose bytes are read again.
 */
export const MULTI_BYTE_FAULTS =
  'big5:8862886488a388a5,euc-jp:8fa43eede0,iso-2022-jp:1b244230211b24,iso-2022-jp:1b244230211b28,' +
  'iso-2022-jp:1b24a7,iso-2022-jp:1b24421b2841';

import { bufferOf, setBytes, U8 } from './intrinsics.js';

/** A growing byte buffer with the start of each unit recorded. */
class Units {
  constructor() {
    this.bytes = new U8(1 << 17);
    this.length = 0;
    this.starts = [];
  }

  /** Starts a unit. */
  begin() {
    this.starts.push(this.length);
  }

  /** Appends one byte to the unit. */
  byte(b) {
    if (this.length === this.bytes.length) {
      const grown = new U8(this.length * 2);
      setBytes(grown, this.bytes);
      this.bytes = grown;
    }
    this.bytes[this.length++] = b;
  }

  /** Ends the unit: the separator. */
  end() {
    this.byte(0x0a);
  }

  /** Appends a unit of two bytes. */
  pair(a, b) {
    this.begin();
    this.byte(a);
    this.byte(b);
    this.end();
  }

  /** Appends a unit of the bytes of the arrays given. */
  add(...parts) {
    this.begin();
    for (let p = 0; p < parts.length; p++) for (let i = 0; i < parts[p].length; i++) this.byte(parts[p][i]);
    this.end();
  }

  /** Unit `i`'s bytes, separator excluded (a view). */
  unit(i) {
    const end = i + 1 < this.starts.length ? this.starts[i + 1] - 1 : this.length - 1;
    return new U8(bufferOf(this.bytes), this.starts[i], end - this.starts[i]);
  }
}

const ESC = 0x1b;
/** ISO-2022-JP's escape sequences: ASCII, Roman, Katakana, JIS X 0208 (twice). */
const ESCAPES = [
  [ESC, 0x28, 0x42],
  [ESC, 0x28, 0x4a],
  [ESC, 0x28, 0x49],
  [ESC, 0x24, 0x40],
  [ESC, 0x24, 0x42],
];
/** JIS X 0208's bytes in ISO-2022-JP (0x21-0x7E) and the bytes around them. */
const JIS_EDGE = [0x00, 0x0d, 0x0e, 0x0f, 0x1b, 0x20, 0x7f, 0x80, 0xa1, 0xff];
/** GB18030 four-byte rows (first three bytes) where decoders are known to differ: every fourth byte. */
const GB18030_ROWS = [
  [0x81, 0x35, 0xf4], // pointer 7457, U+E7C7
  [0x82, 0x35, 0x8f],
  [0x82, 0x35, 0x90],
  [0x82, 0x35, 0x91], // GB18030-2022's changes
  [0x84, 0x31, 0x82],
  [0x84, 0x31, 0x83],
  [0x84, 0x31, 0xa4], // the BMP's last pointer, 39419, and beyond
  [0x84, 0x31, 0xa5],
];

/** The units of the multi-byte encoding `name` (see the top of this file). */
export function multiByteUnits(name) {
  const u = new Units();
  if (name === 'iso-2022-jp') {
    for (const e of ESCAPES) for (let b = 0; b < 0x100; b++) if (b !== 0x0a) u.add(e, [b]);
    for (let lead = 0; lead < 0x68; lead++) {
      for (let trail = 0; trail < 0x68; trail++) {
        u.add(ESCAPES[4], [lead < 0x5e ? 0x21 + lead : JIS_EDGE[lead - 0x5e], trail < 0x5e ? 0x21 + trail : JIS_EDGE[trail - 0x5e]]);
      }
    }
    for (const e of ESCAPES) {
      for (const f of ESCAPES) {
        u.add(e, f);
        u.add(e, [0x41], f);
      }
      u.add(e, [ESC, 0x28, 0x41]);
      u.add(e, [ESC, 0x24, 0xa7]);
      u.add(e, [0x30, 0x21, ESC, 0x58, 0x30, 0x21]);
    }
    for (let b = 0; b < 0x100; b++) {
      if (b === 0x0a) continue;
      u.pair(ESC, b);
      u.add([ESC, 0x24, b]);
      u.add([ESC, 0x28, b]);
    }
    return u;
  }
  for (let lead = 0x80; lead < 0x100; lead++) for (let trail = 0; trail < 0x100; trail++) if (trail !== 0x0a) u.pair(lead, trail);
  if (name === 'gbk' || name === 'gb18030') {
    // Four-byte sequences always take four bytes: one unit per first two bytes. The BMP's ranges
    // (first byte 0x81-0x84): two of every ten pointers, a different two in each row (a range
    // that a decoder maps differently is caught at any length from 5), and every pointer of the
    // rows above; the rest (linear, or beyond the last pointer): a sample.
    for (let b1 = 0x81; b1 <= 0xfe; b1++) {
      for (let b2 = 0x30; b2 <= 0x39; b2++) {
        u.begin();
        for (let b3 = 0x81; b3 <= 0xfe; b3++) {
          if (b1 > 0x84 && b3 !== 0x81 && b3 !== 0xc0 && b3 !== 0xfe) continue;
          const b4 = 0x30 + (b3 % 5);
          for (const d of [b4, b4 + 5]) {
            u.byte(b1);
            u.byte(b2);
            u.byte(b3);
            u.byte(d);
          }
        }
        u.end();
      }
    }
    for (const row of GB18030_ROWS) {
      u.begin();
      for (let b4 = 0x30; b4 <= 0x39; b4++) for (const b of [row[0], row[1], row[2], b4]) u.byte(b);
      u.end();
    }
    for (const b1 of [0x81, 0x84, 0x85, 0x90, 0xe3, 0xe4, 0xfe]) {
      for (const b2 of [0x30, 0x39]) {
        for (const tail of [[0x80, 0x30], [0xff, 0x30], [0x81, 0x2f], [0x81, 0x3a], [0x81, 0x41]]) u.add([b1, b2], tail);
      }
    }
  } else if (name === 'euc-jp') {
    // JIS X 0212 (0x8F, lead, trail): every pair, one unit per lead; and every byte after 0x8F
    // and after 0x8F and a lead (then a JIS X 0208 pair: the jis0212 flag must be cleared).
    for (let lead = 0xa1; lead <= 0xfe; lead++) {
      u.begin();
      for (let trail = 0xa1; trail <= 0xfe; trail++) {
        u.byte(0x8f);
        u.byte(lead);
        u.byte(trail);
      }
      u.end();
    }
    for (let b = 0; b < 0x100; b++) {
      if (b === 0x0a) continue;
      u.add([0x8f, b, 0xa1]);
      u.add([0x8f, 0xa1, b]);
      u.add([0x8f, 0xa4, b, 0xed, 0xe0]);
    }
  }
  return u;
}

/** The tails of the multi-byte encoding `name`: inputs decoded alone (see the top of this file). */
export function multiByteTails(name) {
  // Every byte from 0x80 alone, and the ASCII bytes (but ESC) together.
  const ascii = [];
  for (let b = 0; b < 0x80; b++) if (b !== ESC) ascii.push(b);
  const tails = [ascii, [ESC]];
  for (let b = 0x80; b < 0x100; b++) tails.push([b]);
  if (name === 'iso-2022-jp') {
    tails.push([ESC, 0x24], [ESC, 0x28], [0x0a, ESC], [ESC, 0x24, 0x42, 0x0a, 0x30, 0x21], [ESC, 0x24, 0x42, 0x30, 0x0a, 0x21]);
    for (const e of ESCAPES) {
      tails.push(e, [...e, 0x30], [...e, 0x30, 0x21, ESC], [...e, 0x30, 0x21, ESC, 0x24], [...e, 0x30, 0x21, ESC, 0x28]);
      tails.push([...e, 0x0a, 0x5c, 0x7e, 0x31], [...e, 0x0a, ...e, 0x0a]);
    }
  } else if (name === 'gbk' || name === 'gb18030') {
    tails.push([0x81, 0x30], [0x81, 0x30, 0x81], [0x84, 0x31, 0xa4], [0xfe, 0x39, 0xfe]);
  } else if (name === 'euc-jp') {
    tails.push([0x8f, 0xa1], [0x8e, 0x0a]);
  }
  return tails;
}
