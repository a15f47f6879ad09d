// The wasm modules that the web folder carries inside its JavaScript (wasm/inline.js, and
// LANGUAGE-inline.js, detect-inline.js), back to bytes. The build writes each byte as two letters,
// its low nibble first as 'a'..'p', then its high nibble as 'A'..'P' (scripts/build.mjs,
// inlineText). Every byte stays two whole characters, so the repetitions of the module survive for
// brotli and gzip; and since the letters of the two halves differ, the compressor's context (the
// character before) tells which half comes next and what the other half was. Measured outside
// the bench, on the full module's text alone, brotli (quality 11) sees it at 1.05x the raw
// module's compressed size (80,814 B), against 1.09x for lowercase hexadecimal (83,845 B) and
// 1.22x for base64; node scripts/sizes.mjs put the full entry from 94,919 to 92,716 B, lite +
// japanese from 46,228 to 45,288.
//
// The letters are turned back into bytes by a wasm module of 205 bytes, BOOT below (itself in
// letters): the host's encodeInto copies the text into its memory (one byte a letter), and its one
// function joins each pair in place, four bytes a turn (measured outside the bench, the full
// module of 160 KB in a fresh process of Deno or Node 26: 0.6-0.8 ms, of which about 0.3 is the
// engine's first
// WebAssembly instance, which the core's own would pay anyway; the engines' Uint8Array.fromHex of
// hexadecimal took 0.16-0.64 ms, a JavaScript loop over the letters 1.3-6). Where it cannot run
// (no WebAssembly, no TextEncoder: the core's module could not be compiled there either, and
// says so), a loop does the same.

import { charCodeAt, U8, uncurry } from './intrinsics.js';

/**
 * BOOT, in the same letters, assembled from this text (tests/js/inline-wasm.test.mjs assembles it
 * again with binaryen and compares):
 *
 *   (module
 *    (memory (export "m") 0)
 *    (func (export "p") (param $n i32) (local $i i32) (local $x i64)
 *     (block $words
 *      (loop $word
 *       (br_if $words (i32.gt_u (i32.add (local.get $i) (i32.const 4)) (local.get $n)))
 *       (local.set $x (i64.sub (i64.load (i32.shl (local.get $i) (i32.const 1))) (i64.const 0x4161416141614161)))
 *       (local.set $x (i64.and (i64.or (local.get $x) (i64.shr_u (local.get $x) (i64.const 4))) (i64.const 0x00ff00ff00ff00ff)))
 *       (local.set $x (i64.and (i64.or (local.get $x) (i64.shr_u (local.get $x) (i64.const 8))) (i64.const 0x0000ffff0000ffff)))
 *       (i32.store (local.get $i) (i32.wrap_i64 (i64.or (local.get $x) (i64.shr_u (local.get $x) (i64.const 16)))))
 *       (local.set $i (i32.add (local.get $i) (i32.const 4)))
 *       (br $word)))
 *     (block $bytes
 *      (loop $byte
 *       (br_if $bytes (i32.ge_u (local.get $i) (local.get $n)))
 *       (i32.store8 (local.get $i)
 *        (i32.or
 *         (i32.sub (i32.load8_u (i32.shl (local.get $i) (i32.const 1))) (i32.const 97))
 *         (i32.shl (i32.sub (i32.load8_u offset=1 (i32.shl (local.get $i) (i32.const 1))) (i32.const 65)) (i32.const 4))))
 *       (local.set $i (i32.add (local.get $i) (i32.const 1)))
 *       (br $byte)))))
 *
 * Four bytes a turn: the eight letters of bytes i..i+3 as one little-endian i64, less 'a' and 'A'
 * from each (no byte borrows: every letter is at least its own), are the nibbles, low ones in the
 * even bytes; or-ing in the word shifted down by 4 bits makes each even byte a whole byte, and
 * two more shifts pack the even bytes into the low four. Then the last bytes one at a time. The
 * bytes at i.. are written after the letters at 2i.. were read, and no later turn reads below
 * where this one ended, so the pairs are joined in place.
 */
export const BOOT =
  'aAbGdHnGbAaAaAaAbAfAbAaGbApHaAdAcAbAaAfAdAbAaAaAhAjAcAbAnGcAaAbAaHaAaAkAhKbAbAeKbAcAbApHbAoHcAaEdAaEaCbAbEeAkGaCaAlEnAbAaCbAbEbAeHjCdAaAcEbOcIfIlIeJmKaNaLbMaAnHbCcAaCcAaCcAcEeAiIeIcEpPbImPhIaPpJaMpPaAdIbCcAaCcAaCcAcEiAiIeIcEpPpPdIaIaPpPpDdIbCcAaCbAaCcAaCcAcEaBiIeIhKgDcAaAaCbAbEeAkGbCbAmAaAlAaAlAcAaEdAaEaCbAaCaApEnAbAaCbAaCbAbEbAeHnCaAaAbEbOaAlGaCbAbEbAeHnCaAbAbEbMaAlGbEeAeHcHkDaAaAaCbAbEbAkGbCbAmAaAlAaAlAlA';

// Captured now: a module is instantiated on first use, perhaps after user code changed built-ins.
const wasm = typeof WebAssembly === 'object' && WebAssembly !== null ? WebAssembly : null;
const Module = wasm && wasm.Module;
const Instance = wasm && wasm.Instance;
const Encoder = typeof TextEncoder === 'function' ? TextEncoder : null;
const encodeInto = Encoder !== null && typeof Encoder.prototype.encodeInto === 'function' ? uncurry(Encoder.prototype.encodeInto) : null;

/** The bytes of `text` (the build's two letters a byte). */
export function inlineBytes(text) {
  try {
    return joinedByBoot(text);
  } catch {
    return joinedByLoop(text);
  }
}

/** inlineBytes through BOOT; throws where the engine cannot run it. */
export function joinedByBoot(text) {
  const n = text.length >> 1;
  const { m: memory, p: pairs } = new Instance(new Module(joinedByLoop(BOOT)), {}).exports;
  memory.grow((2 * n + 0xffff) >>> 16); // 64 KiB pages for the letters
  const letters = new U8(memory.buffer, 0, 2 * n);
  if (encodeInto(new Encoder(), text, letters).written !== 2 * n) throw new RangeError('inline wasm: not two letters a byte');
  pairs(n);
  return new U8(memory.buffer, 0, n);
}

/** inlineBytes in JavaScript. */
export function joinedByLoop(text) {
  const n = text.length >> 1;
  const out = new U8(n);
  for (let i = 0, j = 0; i < n; i++, j += 2) out[i] = (charCodeAt(text, j) - 0x61) | ((charCodeAt(text, j + 1) - 0x41) << 4);
  return out;
}
