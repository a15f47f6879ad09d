// The detector wasm's boundary protocol as JavaScript sees it, with the names and values of the
// protocol section of src/wasm_detect.rs: the IO words (where the detector's wasm publishes its
// input buffer, its guess area and a measured encoding name), the words of the guess area, and the
// status codes its exports return. tests/js/protocol.test.mjs checks every name and value against
// src/wasm_detect.rs.

/** The number of IO words (u32, at the address `io()` returns). */
export const IO_WORDS = 4;
/** IO word: address of the input byte buffer. */
export const IO_IN_BYTES = 0;
/** IO word: capacity of the input byte buffer, in bytes. */
export const IO_IN_BYTES_CAP = 1;
/** IO word: address of the guess area (u32 words). */
export const IO_GUESS = 2;
/** IO word: address of the name the last `encoding_name` call measured. */
export const IO_NAME = 3;

/** Guess word: the guessed encoding's ordinal, or NOT_TEXT. */
export const GUESS_ENCODING = 0;
/** Guess word: the guess's confidence, as the bits of an f32. */
export const GUESS_CONFIDENCE = 1;
/** Guess word: the number of candidates that follow. */
export const GUESS_COUNT = 2;
/** Guess word: the first candidate; each is two words, its ordinal and its confidence (f32 bits). */
export const GUESS_CANDIDATES = 3;
/** The most candidates the guess area holds (one per encoding of the standard). */
export const MAX_CANDIDATES = 40;
/** The encoding word of a guess whose bytes are not text. */
export const NOT_TEXT = 4294967295;

/** Status: done. */
export const OK = 0;
/** Status: the handle names no live detector. */
export const BAD_HANDLE = -2;
/** Status: a length beyond the input buffer's capacity. */
export const BAD_LENGTH = -3;
/** Status of `detector_decide`: the counts do not decide; the bytes are to be read. */
export const UNDECIDED = 1;
