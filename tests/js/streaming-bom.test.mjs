// decode() with {stream: true}: state kept between calls, flushing and resetting, BOM handling
// exactly as "serialize I/O queue" (BOM seen is set by the first scalar value read), and fatal
// errors (TypeError; the next call starts fresh).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { importEntry } from './package.mjs';

const { TextDecoder } = await importEntry('.');
const HostTextDecoder = typeof globalThis.TextDecoder === 'function' ? globalThis.TextDecoder : null;

const u8 = (...bytes) => new Uint8Array(bytes.flat());
const BOM8 = [0xef, 0xbb, 0xbf];

/** Decodes `bytes` cut at `cuts` (sorted offsets) with stream: true, then flushes. */
function decodeSplit(decoder, bytes, cuts) {
  let out = '';
  let at = 0;
  for (const cut of cuts) {
    out += decoder.decode(bytes.subarray(at, cut), { stream: true });
    at = cut;
  }
  return out + decoder.decode(bytes.subarray(at));
}

// 1-, 2-, 3- and 4-byte sequences: "a¢€😀z" with the UTF-8 bytes below.
const MIXED = u8(0x61, 0xc2, 0xa2, 0xe2, 0x82, 0xac, 0xf0, 0x9f, 0x98, 0x80, 0x7a);
const MIXED_TEXT = 'a¢€😀z';

test('UTF-8: split at every byte position (one and two cuts) gives the same string', () => {
  for (let i = 0; i <= MIXED.length; i++) {
    assert.equal(decodeSplit(new TextDecoder(), MIXED, [i]), MIXED_TEXT, `cut at ${i}`);
    for (let j = i; j <= MIXED.length; j++) {
      assert.equal(decodeSplit(new TextDecoder(), MIXED, [i, j]), MIXED_TEXT, `cuts at ${i}, ${j}`);
    }
  }
});

test('UTF-8: byte by byte, each scalar value comes out with its last byte', () => {
  const d = new TextDecoder('utf-8', { fatal: true });
  const outputs = [...MIXED].map((b) => d.decode(u8(b), { stream: true }));
  assert.deepEqual(outputs, ['a', '', '¢', '', '', '€', '', '', '', '😀', 'z']);
  assert.equal(d.decode(), '');
});

test('UTF-8: invalid sequences split at every position give the non-streaming replacements', () => {
  // E0 80: E0 needs A0..BF next; ED A0 80: a surrogate; F4 90: above U+10FFFF; C0, FF: never valid;
  // F0 9F 98 then "A": a truncated sequence is one U+FFFD.
  const bytes = u8(0xe0, 0x80, 0x41, 0xed, 0xa0, 0x80, 0x42, 0xf4, 0x90, 0x80, 0x80, 0xc0, 0xff, 0xf0, 0x9f, 0x98, 0x41, 0xe2, 0x82);
  const expected = '\ufffd\ufffdA\ufffd\ufffd\ufffdB\ufffd\ufffd\ufffd\ufffd\ufffd\ufffd\ufffdA\ufffd';
  assert.equal(new TextDecoder().decode(bytes), expected);
  if (HostTextDecoder) assert.equal(new HostTextDecoder().decode(bytes), expected, 'the host agrees');
  for (let i = 0; i <= bytes.length; i++) {
    for (let j = i; j <= bytes.length; j += 3) {
      assert.equal(decodeSplit(new TextDecoder(), bytes, [i, j]), expected, `cuts at ${i}, ${j}`);
    }
  }
  // One byte at a time.
  assert.equal(decodeSplit(new TextDecoder(), bytes, [...bytes.keys()]), expected);
});

test('UTF-8: a call without stream flushes a truncated sequence (U+FFFD) and resets', () => {
  const d = new TextDecoder();
  assert.equal(d.decode(u8(0xf0, 0x9f, 0x98), { stream: true }), '');
  assert.equal(d.decode(), '\ufffd');
  // Fresh state: a continuation byte is now an error, not the end of the old sequence.
  assert.equal(d.decode(u8(0x80)), '\ufffd');
  assert.equal(d.decode(u8(0xe2), { stream: true }), '');
  assert.equal(d.decode(u8(0x41)), '\ufffdA', 'a flushing call with input completes the queue');
  assert.equal(d.decode(u8(0xe2), { stream: true }), '');
  assert.equal(d.decode(u8(0x82, 0xac)), '€', 'the flushing call continues the stream first');
  assert.equal(d.decode(u8(0x82, 0xac)), '\ufffd\ufffd', 'and then the state is gone');
  // Non-fatal errors mid-stream do not end the stream.
  assert.equal(d.decode(u8(0xe2, 0x41, 0xe2), { stream: true }), '\ufffdA');
  assert.equal(d.decode(u8(0x82, 0xac)), '€');
});

test('UTF-8: fatal, a truncated sequence at the flush is a TypeError', () => {
  const d = new TextDecoder('utf-8', { fatal: true });
  assert.equal(d.decode(u8(0x41, 0xe2, 0x82), { stream: true }), 'A');
  assert.throws(() => d.decode(), TypeError);
  // The next call starts fresh: the old E2 82 is gone.
  assert.throws(() => d.decode(u8(0xac)), TypeError);
  assert.equal(d.decode(u8(0x42)), 'B');
});

test('UTF-16LE/BE: odd bytes and surrogate pairs split at every position', () => {
  const text = 'A😀\u00e9\u6f22😀';
  for (const [label, bytes] of [
    ['utf-16le', u8(0x41, 0x00, 0x3d, 0xd8, 0x00, 0xde, 0xe9, 0x00, 0x22, 0x6f, 0x3d, 0xd8, 0x00, 0xde)],
    ['utf-16be', u8(0x00, 0x41, 0xd8, 0x3d, 0xde, 0x00, 0x00, 0xe9, 0x6f, 0x22, 0xd8, 0x3d, 0xde, 0x00)],
  ]) {
    assert.equal(new TextDecoder(label).decode(bytes), text, label);
    for (let i = 0; i <= bytes.length; i++) {
      for (let j = i; j <= bytes.length; j++) {
        assert.equal(decodeSplit(new TextDecoder(label, { fatal: true }), bytes, [i, j]), text, `${label} cuts at ${i}, ${j}`);
      }
    }
    const d = new TextDecoder(label);
    const outputs = [...bytes].map((b) => d.decode(u8(b), { stream: true }));
    assert.deepEqual(outputs, ['', 'A', '', '', '', '😀', '', 'é', '', '漢', '', '', '', '😀'], `${label} byte by byte`);
  }
});

test('UTF-16: an odd byte or a lone lead surrogate at the flush is one U+FFFD (TypeError when fatal)', () => {
  const cases = [
    ['utf-16le', u8(0x41, 0x00, 0x42), 'A\ufffd'],
    ['utf-16be', u8(0x00, 0x41, 0x00), 'A\ufffd'],
    ['utf-16le', u8(0x3d, 0xd8), '\ufffd'],
    ['utf-16le', u8(0x3d, 0xd8, 0x41), '\ufffd'],
    ['utf-16be', u8(0xd8, 0x3d, 0xde), '\ufffd'],
  ];
  for (const [label, bytes, expected] of cases) {
    assert.equal(new TextDecoder(label).decode(bytes), expected, `${label} ${[...bytes]}`);
    const d = new TextDecoder(label);
    assert.equal(d.decode(bytes, { stream: true }) + d.decode(), expected, `${label} ${[...bytes]} streamed`);
    assert.throws(() => new TextDecoder(label, { fatal: true }).decode(bytes), TypeError);
    const f = new TextDecoder(label, { fatal: true });
    f.decode(bytes, { stream: true });
    assert.throws(() => f.decode(), TypeError);
    assert.equal(f.decode(label === 'utf-16le' ? u8(0x5a, 0x00) : u8(0x00, 0x5a)), 'Z', 'fresh after the error');
  }
  // A lone trail surrogate, and a lead followed by a non-trail unit.
  assert.equal(new TextDecoder('utf-16le').decode(u8(0x00, 0xde, 0x41, 0x00)), '\ufffdA');
  assert.equal(new TextDecoder('utf-16le').decode(u8(0x3d, 0xd8, 0x41, 0x00)), '\ufffdA');
  assert.throws(() => new TextDecoder('utf-16le', { fatal: true }).decode(u8(0x00, 0xde)), TypeError);
});

test('UTF-8 BOM: stripped once at the start, kept with ignoreBOM, a second BOM kept', () => {
  assert.equal(new TextDecoder().decode(u8(BOM8, 0x41)), 'A');
  assert.equal(new TextDecoder().decode(u8(BOM8)), '');
  assert.equal(new TextDecoder('utf-8', { fatal: true }).decode(u8(BOM8, 0x41)), 'A');
  assert.equal(new TextDecoder().decode(u8(BOM8, BOM8, 0x41)), '\ufeffA');
  assert.equal(new TextDecoder().decode(u8(0x41, BOM8)), 'A\ufeff');
  assert.equal(new TextDecoder('utf-8', { ignoreBOM: true }).decode(u8(BOM8, 0x41)), '\ufeffA');
  assert.equal(new TextDecoder('utf-8', { ignoreBOM: true }).decode(u8(BOM8, BOM8)), '\ufeff\ufeff');
  // A U+FFFD first (an invalid first byte) is the first scalar value: a BOM after it is content.
  assert.equal(new TextDecoder().decode(u8(0xff, BOM8)), '\ufffd\ufeff');
});

test('UTF-8 BOM split across streaming calls is still stripped', () => {
  let d = new TextDecoder();
  assert.equal(d.decode(u8(0xef), { stream: true }), '');
  assert.equal(d.decode(u8(0xbb, 0xbf, 0x41)), 'A');
  d = new TextDecoder();
  assert.deepEqual([d.decode(u8(0xef), { stream: true }), d.decode(u8(0xbb), { stream: true }), d.decode(u8(0xbf), { stream: true }), d.decode(u8(0x41), { stream: true }), d.decode()], ['', '', '', 'A', '']);
  // Empty chunks first do not count as "BOM seen".
  d = new TextDecoder();
  assert.equal(d.decode(new Uint8Array(0), { stream: true }), '');
  assert.equal(d.decode(undefined, { stream: true }), '');
  assert.equal(d.decode(u8(BOM8, 0x41), { stream: true }), 'A');
  assert.equal(d.decode(), '');
  // The BOM alone in the first chunk, content in the second.
  d = new TextDecoder();
  assert.equal(d.decode(u8(BOM8), { stream: true }), '');
  assert.equal(d.decode(u8(BOM8, 0x42), { stream: true }), '\ufeffB', 'a BOM after the first one is content');
  assert.equal(d.decode(), '');
  // With ignoreBOM, split.
  d = new TextDecoder('utf-8', { ignoreBOM: true });
  assert.equal(d.decode(u8(0xef, 0xbb), { stream: true }), '');
  assert.equal(d.decode(u8(0xbf)), '\ufeff');
});

test('UTF-8 BOM after content in a later chunk is kept; stripped again after a flush', () => {
  const d = new TextDecoder();
  assert.equal(d.decode(u8(0x41), { stream: true }), 'A');
  assert.equal(d.decode(u8(BOM8), { stream: true }), '\ufeff');
  assert.equal(d.decode(u8(BOM8, 0x42)), '\ufeffB');
  // Flushed: the next call starts a new stream and strips again.
  assert.equal(d.decode(u8(BOM8, 0x43), { stream: true }), 'C');
  assert.equal(d.decode(u8(BOM8)), '\ufeff');
  assert.equal(d.decode(u8(BOM8, 0x44)), 'D');
  assert.equal(d.decode(u8(BOM8, 0x45)), 'E');
});

test('UTF-16LE FF FE and UTF-16BE FE FF: stripped once, kept with ignoreBOM, the other order is content', () => {
  assert.equal(new TextDecoder('utf-16le').decode(u8(0xff, 0xfe, 0x41, 0x00)), 'A');
  assert.equal(new TextDecoder('utf-16le').decode(u8(0xff, 0xfe, 0xff, 0xfe, 0x41, 0x00)), '\ufeffA');
  assert.equal(new TextDecoder('utf-16le', { ignoreBOM: true }).decode(u8(0xff, 0xfe, 0x41, 0x00)), '\ufeffA');
  assert.equal(new TextDecoder('utf-16le').decode(u8(0xfe, 0xff, 0x41, 0x00)), '\ufffeA', 'FE FF is U+FFFE in UTF-16LE');
  assert.equal(new TextDecoder('utf-16be').decode(u8(0xfe, 0xff, 0x00, 0x41)), 'A');
  assert.equal(new TextDecoder('utf-16be').decode(u8(0xfe, 0xff, 0xfe, 0xff)), '\ufeff');
  assert.equal(new TextDecoder('utf-16be', { ignoreBOM: true }).decode(u8(0xfe, 0xff, 0x00, 0x41)), '\ufeffA');
  assert.equal(new TextDecoder('utf-16be').decode(u8(0xff, 0xfe, 0x00, 0x41)), '\ufffeA');
  // Split BOMs.
  let d = new TextDecoder('utf-16le');
  assert.equal(d.decode(u8(0xff), { stream: true }), '');
  assert.equal(d.decode(u8(0xfe, 0x41), { stream: true }), '');
  assert.equal(d.decode(u8(0x00, 0xff, 0xfe)), 'A\ufeff');
  d = new TextDecoder('utf-16be');
  assert.equal(d.decode(u8(0xfe), { stream: true }), '');
  assert.equal(d.decode(u8(0xff), { stream: true }), '');
  assert.equal(d.decode(u8(0x00, 0x42)), 'B');
  // Stripped again after the flush.
  assert.equal(d.decode(u8(0xfe, 0xff, 0x00, 0x43)), 'C');
});

test('no BOM stripping for other encodings, or for another encoding\'s BOM', () => {
  assert.equal(new TextDecoder('windows-1252').decode(u8(BOM8, 0x41)), 'ï»¿A');
  assert.equal(new TextDecoder('latin1').decode(u8(0xff, 0xfe)), 'ÿþ');
  assert.equal(new TextDecoder('x-user-defined').decode(u8(BOM8)), '\uf7ef\uf7bb\uf7bf');
  assert.equal(new TextDecoder('utf-8').decode(u8(0xff, 0xfe, 0x41)), '\ufffd\ufffdA');
  assert.equal(new TextDecoder('utf-8').decode(u8(0xfe, 0xff)), '\ufffd\ufffd');
  assert.equal(new TextDecoder('utf-16le').decode(u8(BOM8, 0x41)), '\ubbef\u41bf');
  assert.equal(new TextDecoder('utf-16be').decode(u8(0xff, 0xfe)), '\ufffe');
});

test('a leading U+FEFF that is content survives long outputs (host string-building path)', () => {
  const tail = 'a'.repeat(200);
  const tailBytes = new Array(200).fill(0x61);
  // ignoreBOM: the BOM is content.
  assert.equal(new TextDecoder('utf-8', { ignoreBOM: true }).decode(u8(BOM8, tailBytes)), '\ufeff' + tail);
  // The second chunk of a stream starts with a (second) BOM: content.
  const d = new TextDecoder();
  assert.equal(d.decode(u8(0x61), { stream: true }), 'a');
  assert.equal(d.decode(u8(BOM8, tailBytes)), '\ufeff' + tail);
  // A long non-streaming decode whose BOM is stripped, and a second BOM kept.
  assert.equal(new TextDecoder().decode(u8(BOM8, BOM8, tailBytes)), '\ufeff' + tail);
  const le = [];
  for (let i = 0; i < 200; i++) le.push(0x61, 0x00);
  assert.equal(new TextDecoder('utf-16le', { ignoreBOM: true }).decode(u8(0xff, 0xfe, le)), '\ufeff' + tail);
  assert.equal(new TextDecoder('utf-16le').decode(u8(0xff, 0xfe, 0xff, 0xfe, le)), '\ufeff' + tail);
  // A BOM in the middle of a long output.
  assert.equal(new TextDecoder().decode(u8(tailBytes, BOM8, tailBytes)), tail + '\ufeff' + tail);
});

test('fatal error: TypeError, and the next call starts fresh', () => {
  const d = new TextDecoder('utf-8', { fatal: true });
  assert.throws(() => d.decode(u8(0x41, 0xff)), TypeError);
  assert.equal(d.decode(u8(0x42)), 'B');
  assert.equal(d.decode(u8(BOM8, 0x43)), 'C', 'BOM handled again after an error');
  assert.throws(() => d.decode(u8(0xc0, 0x80)), (e) => e instanceof TypeError && e.constructor === TypeError);
});

test('fatal error mid-stream: the decoder goes on from its state and BOM seen; the rest of the failed chunk is dropped', () => {
  // The standard's "do not flush" is still true after the throw (every engine agrees; see
  // tests/js/fatal-streams.test.mjs for every encoding against an oracle).
  const d = new TextDecoder('utf-8', { fatal: true });
  assert.equal(d.decode(u8(BOM8, 0x41), { stream: true }), 'A');
  assert.equal(d.decode(u8(0xe2), { stream: true }), '');
  assert.throws(() => d.decode(u8(0x82, 0xff, 0xe2), { stream: true }), TypeError);
  // E2 82 ended in the error at FF; FF E2 (the rest of that chunk) are gone: 82 AC is an error.
  assert.throws(() => d.decode(u8(0x82, 0xac), { stream: true }), TypeError);
  // BOM seen is still true (the first call's "A"): a BOM now is content.
  assert.equal(d.decode(u8(BOM8, 0x42), { stream: true }), '\ufeffB');
  assert.equal(d.decode(u8(0xe2, 0x82), { stream: true }), '');
  assert.equal(d.decode(u8(0xac)), '€');
  // UTF-16LE: the pending odd byte pairs with the next chunk's first; the error drops the rest.
  const w = new TextDecoder('utf-16le', { fatal: true });
  assert.equal(w.decode(u8(0x41), { stream: true }), '');
  assert.throws(() => w.decode(u8(0x00, 0x00, 0xde), { stream: true }), TypeError);
  assert.equal(w.decode(u8(0x43, 0x00), { stream: true }), 'C');
  assert.equal(w.decode(), '');
});

test('fatal error mid-stream: a call that fails marks no BOM as seen, even after output of its own', () => {
  // The standard sets BOM seen when a call's output is serialized, which a throwing call never
  // does (Chromium and Node agree; encoding_rs-based engines keep the BOM here).
  const d = new TextDecoder('utf-8', { fatal: true });
  assert.throws(() => d.decode(u8(0x41, 0xff), { stream: true }), TypeError);
  assert.equal(d.decode(u8(BOM8, 0x42)), 'B');
});

test('fatal error mid-stream: ISO-2022-JP stays in the mode the failed chunk switched to', () => {
  const d = new TextDecoder('iso-2022-jp', { fatal: true });
  assert.throws(() => d.decode(u8(0x1b, 0x28, 0x4a, 0xff), { stream: true }), TypeError);
  assert.equal(d.decode(u8(0x7e)), '\u203e', 'still in Roman mode');
  assert.equal(d.decode(u8(0x7e)), '~', 'a new decoder after the flush');
});

test('fatal error in a flushing call: the next call starts fresh', () => {
  const d = new TextDecoder('utf-8', { fatal: true });
  assert.equal(d.decode(u8(0x41), { stream: true }), 'A');
  assert.throws(() => d.decode(u8(0xe2)), TypeError);
  assert.equal(d.decode(u8(BOM8, 0x43)), 'C', 'a fresh decoder strips the BOM');
});

test('interleaved decoders keep separate state', () => {
  const a = new TextDecoder();
  const b = new TextDecoder('utf-16be');
  const c = new TextDecoder();
  assert.equal(a.decode(u8(0xe2), { stream: true }), '');
  assert.equal(b.decode(u8(0xfe, 0xff, 0x00), { stream: true }), '');
  assert.equal(c.decode(u8(0xf0, 0x9f), { stream: true }), '');
  assert.equal(new TextDecoder().decode(u8(0x82, 0xac)), '\ufffd\ufffd', 'a non-streaming decode in between');
  assert.equal(b.decode(u8(0x41)), 'A');
  assert.equal(c.decode(u8(0x98, 0x80)), '😀');
  assert.equal(a.decode(u8(0x82, 0xac)), '€');
});

test('cross-check: the host TextDecoder gives the same streamed results', { skip: !HostTextDecoder && 'no host TextDecoder' }, () => {
  const cases = [
    ['utf-8', u8(BOM8, MIXED, BOM8, 0xe2, 0x41), [1, 2, 5, 9, 14]],
    ['utf-16le', u8(0xff, 0xfe, 0x3d, 0xd8, 0x00, 0xde, 0x41), [1, 3, 4]],
    ['utf-16be', u8(0xfe, 0xff, 0xd8, 0x3d, 0xde, 0x00, 0x00), [2, 5]],
  ];
  for (const [label, bytes, cuts] of cases) {
    for (const options of [{}, { ignoreBOM: true }]) {
      assert.equal(decodeSplit(new TextDecoder(label, options), bytes, cuts), decodeSplit(new HostTextDecoder(label, options), bytes, cuts), `${label} ${JSON.stringify(options)}`);
    }
  }
});
