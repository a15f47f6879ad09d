// The wasm boundary's protocol as JavaScript sees it, with the names and values of the protocol
// section of src/wasm.rs: the IO words (where the wasm publishes the addresses of its reusable
// buffers and what a call reports beyond its return value), the output kinds of `decode_once`,
// and the status codes the exports return. tests/js/protocol.test.mjs checks every name and value
// against src/wasm.rs.

/** The number of IO words (u32, at the address `io()` returns). */
export const IO_WORDS = 8;
/** IO word: address of the input byte buffer. */
export const IO_IN_BYTES = 0;
/** IO word: capacity of the input byte buffer, in bytes. */
export const IO_IN_BYTES_CAP = 1;
/** IO word: address of the input UTF-16 buffer. */
export const IO_IN_UNITS = 2;
/** IO word: capacity of the input UTF-16 buffer, in code units. */
export const IO_IN_UNITS_CAP = 3;
/** IO word: address of the output UTF-16 buffer. */
export const IO_OUT_UNITS = 4;
/** IO word: address of the output byte buffer. */
export const IO_OUT_BYTES = 5;
/** IO word: UTF-16 code units consumed by the last encode call. */
export const IO_LAST_READ = 6;
/** IO word: what the last `decode_once` wrote: OUT_UTF16 or OUT_ASCII. */
export const IO_OUT_KIND = 7;

/** Output kind: UTF-16 code units at the output unit buffer. */
export const OUT_UTF16 = 0;
/** Output kind: the input was all ASCII and decodes to itself; nothing was written. */
export const OUT_ASCII = 1;

/** Status of the decode exports: a fatal decode error. */
export const MALFORMED = -1;
/** Status of the decode exports: the handle (or ordinal) names no live decoder (or encoding). */
export const BAD_HANDLE = -2;
/**
 * Status of `encoder_encode` and `encoder_encode_or_fail`: the handle names no live encoder (their
 * negative results above it are unmappable code points, `-(1 + code point)`).
 */
export const ENCODER_BAD_HANDLE = -2147483648;
