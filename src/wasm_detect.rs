//! The wasm-bindgen exports of the detector's own wasm (`detect.wasm`, built with the
//! `detector-wasm` feature in place of the codecs' `wasm.rs`): numbers only cross the boundary, so
//! the generated glue never needs the host's TextDecoder/TextEncoder.
//!
//! JavaScript writes bytes into a reusable input buffer inside wasm memory (`input_bytes`, grown
//! geometrically), feeds them to a detector handle (`detector_feed`), and asks for a guess
//! (`detector_guess`, the top-level domain's bytes in the same buffer); an input that fits the
//! buffer whole goes in one call instead (`detect_bytes`, its hint after it, no handle), and a
//! larger whole input is counted first (`detector_count`, `detector_may_decide`,
//! `detector_decide`: UTF-8 and ASCII are answered by their counts) and read only where that does
//! not decide (`detector_read`, then `detector_feed`). The guess
//! is written to a fixed guess area that JavaScript reads: the encoding's ordinal (or
//! [`NOT_TEXT`]), the confidence (f32 bits), the candidate count, then (ordinal, confidence)
//! pairs. Detectors live
//! behind handles (index + 1 into a slab), freed by `detector_free`. Errors are small status codes;
//! every length is checked, so no input makes an export panic.

use crate::detect::{Detector, Hint};
use crate::wasm_state::{try_reserve, Global, Slab};
use crate::Encoding;
use alloc::vec::Vec;
use core::sync::atomic::{AtomicU32, Ordering::Relaxed};
use wasm_bindgen::prelude::*;

// ---- The protocol -------------------------------------------------------------------------
// Everything JavaScript must agree on besides the export signatures: the IO words, the layout of
// the guess area and the status codes. js/core/detect-protocol.js defines the same names with the
// same values, and tests/js/protocol.test.mjs checks them against this section.

/// The number of IO words (u32, at the address `io()` returns).
const IO_WORDS: usize = 4;
/// IO word: address of the input byte buffer.
const IO_IN_BYTES: usize = 0;
/// IO word: capacity of the input byte buffer, in bytes.
const IO_IN_BYTES_CAP: usize = 1;
/// IO word: address of the guess area (u32 words).
const IO_GUESS: usize = 2;
/// IO word: address of the name the last `encoding_name` call measured.
const IO_NAME: usize = 3;
/// Guess word: the guessed encoding's ordinal, or [`NOT_TEXT`].
const GUESS_ENCODING: usize = 0;
/// Guess word: the guess's confidence, as the bits of an f32.
const GUESS_CONFIDENCE: usize = 1;
/// Guess word: the number of candidates that follow.
const GUESS_COUNT: usize = 2;
/// Guess word: the first candidate; each is two words, its ordinal and its confidence (f32 bits).
const GUESS_CANDIDATES: usize = 3;
/// The most candidates the guess area holds (one per encoding of the standard).
const MAX_CANDIDATES: usize = 40;
/// The encoding word of a guess whose bytes are not text.
const NOT_TEXT: u32 = u32::MAX;
/// Status: done.
const OK: i32 = 0;
/// Status: the handle names no live detector.
const BAD_HANDLE: i32 = -2;
/// Status: a length beyond the input buffer's capacity.
const BAD_LENGTH: i32 = -3;
/// Status of `detector_decide`: the counts do not decide; the bytes are to be read.
const UNDECIDED: i32 = 1;
// ---- end of the protocol --------------------------------------------------------------------

/// The words of the guess area.
const GUESS_WORDS: usize = GUESS_CANDIDATES + 2 * MAX_CANDIDATES;
const _: () = assert!(MAX_CANDIDATES == Encoding::ALL.len());

/// Where JavaScript finds the input buffer and the guess area without a call.
static IO: [AtomicU32; IO_WORDS] = [const { AtomicU32::new(0) }; IO_WORDS];
/// The guess area: rewritten by every successful `detector_guess`.
static GUESS: [AtomicU32; GUESS_WORDS] = [const { AtomicU32::new(0) }; GUESS_WORDS];

struct State {
    input_bytes: Vec<u8>,
    detectors: Slab<Detector>,
}

static STATE: Global<State> = Global::new(State {
    input_bytes: Vec::new(),
    detectors: Slab::new(),
});

/// Publishes the input buffer's address and capacity in [`IO`].
fn publish(s: &mut State) {
    IO[IO_IN_BYTES].store(s.input_bytes.as_mut_ptr() as u32, Relaxed);
    IO[IO_IN_BYTES_CAP].store(s.input_bytes.len() as u32, Relaxed);
}

/// The address of the IO words: the input buffer's address and capacity, the guess area's
/// address, and the address of the last measured encoding name.
#[wasm_bindgen]
pub fn io() -> u32 {
    STATE.with_borrow_mut(publish);
    IO[IO_GUESS].store(GUESS.as_ptr() as u32, Relaxed);
    IO.as_ptr() as u32
}

/// Makes room for `len` input bytes (the buffer doubles when it grows); returns their address, or
/// 0 when memory cannot grow that far (nothing changes then).
#[wasm_bindgen]
pub fn input_bytes(len: u32) -> u32 {
    STATE.with_borrow_mut(|s| {
        let Some(at) = try_reserve(&mut s.input_bytes, len as usize) else {
            return 0;
        };
        publish(s);
        at
    })
}

/// A new detector that has seen no bytes; returns its handle (never 0).
#[wasm_bindgen]
pub fn detector_new() -> u32 {
    STATE.with_borrow_mut(|s| s.detectors.insert(Detector::new()))
}

/// Feeds `input_bytes[..len]` to the detector `handle`; returns [`OK`], [`BAD_HANDLE`] or
/// [`BAD_LENGTH`].
#[wasm_bindgen]
pub fn detector_feed(handle: u32, len: u32) -> i32 {
    with_input(handle, len, Detector::feed)
}

/// Detects the encoding of `input_bytes[..len]` in one call, with the top-level domain in the
/// `tld_len` bytes after them (lowercase ASCII, or none) and whether UTF-8 may be the answer: the
/// guess goes to the guess area as `detector_guess` writes it, with no handle made. Returns
/// [`OK`] or [`BAD_LENGTH`].
#[wasm_bindgen]
pub fn detect_bytes(len: u32, tld_len: u32, allow_utf8: bool) -> i32 {
    let guess = STATE.with_borrow(|s| {
        let end = len as usize + tld_len as usize;
        let (Some(bytes), Some(tld)) = (
            s.input_bytes.get(..len as usize),
            s.input_bytes.get(len as usize..end),
        ) else {
            return Err(BAD_LENGTH);
        };
        Ok(crate::detect::detect(bytes, Hint { tld, allow_utf8 }))
    });
    match guess {
        Ok(guess) => {
            publish_guess(&guess);
            OK
        }
        Err(status) => status,
    }
}

/// Counts `input_bytes[..len]` for the detector `handle` without reading them as the encodings
/// (a whole input is counted first, then read only if the counts do not decide); returns [`OK`],
/// [`BAD_HANDLE`] or [`BAD_LENGTH`].
#[wasm_bindgen]
pub fn detector_count(handle: u32, len: u32) -> i32 {
    with_input(handle, len, Detector::count)
}

/// Reads `input_bytes[..len]` as the encodings for the detector `handle` (bytes counted apart);
/// returns [`OK`], [`BAD_HANDLE`] or [`BAD_LENGTH`].
#[wasm_bindgen]
pub fn detector_read(handle: u32, len: u32) -> i32 {
    with_input(handle, len, Detector::read)
}

/// `op` on the detector `handle` with `input_bytes[..len]`: [`OK`], [`BAD_HANDLE`] or
/// [`BAD_LENGTH`].
fn with_input(handle: u32, len: u32, op: fn(&mut Detector, &[u8])) -> i32 {
    STATE.with_borrow_mut(|s| {
        let State {
            input_bytes,
            detectors,
        } = s;
        let Some(bytes) = input_bytes.get(..len as usize) else {
            return BAD_LENGTH;
        };
        let Some(detector) = detectors.get(handle) else {
            return BAD_HANDLE;
        };
        op(detector, bytes);
        OK
    })
}

/// Whether the counts of the detector `handle` may yet decide its guess, whatever follows (1) or
/// not (0; also for no such detector).
#[wasm_bindgen]
pub fn detector_may_decide(handle: u32) -> u32 {
    STATE.with_borrow_mut(|s| s.detectors.get(handle).map_or(0, |d| d.may_decide() as u32))
}

/// Writes the guess that the counts of the detector `handle` decide alone to the guess area, if
/// they do ([`OK`]), else returns [`UNDECIDED`] (or [`BAD_HANDLE`]). What the counts decide does
/// not depend on the top-level domain.
#[wasm_bindgen]
pub fn detector_decide(handle: u32, allow_utf8: bool) -> i32 {
    let hint = Hint {
        tld: b"",
        allow_utf8,
    };
    let guess = STATE.with_borrow_mut(|s| s.detectors.get(handle).map(|d| d.decide(hint)));
    match guess {
        None => BAD_HANDLE,
        Some(None) => UNDECIDED,
        Some(Some(guess)) => {
            publish_guess(&guess);
            OK
        }
    }
}

/// Writes the guess of the detector `handle` for everything fed so far to the guess area, with
/// the top-level domain in `input_bytes[..tld_len]` (lowercase ASCII, or empty) and whether UTF-8
/// may be the answer. Returns [`OK`], [`BAD_HANDLE`] or [`BAD_LENGTH`]; candidates beyond
/// [`MAX_CANDIDATES`] are left out.
#[wasm_bindgen]
pub fn detector_guess(handle: u32, tld_len: u32, allow_utf8: bool) -> i32 {
    let guess = STATE.with_borrow_mut(|s| {
        let State {
            input_bytes,
            detectors,
        } = s;
        let Some(tld) = input_bytes.get(..tld_len as usize) else {
            return Err(BAD_LENGTH);
        };
        let Some(detector) = detectors.get(handle) else {
            return Err(BAD_HANDLE);
        };
        Ok(detector.guess(Hint { tld, allow_utf8 }))
    });
    match guess {
        Ok(guess) => {
            publish_guess(&guess);
            OK
        }
        Err(status) => status,
    }
}

/// Writes `guess` to the guess area.
fn publish_guess(guess: &crate::detect::Guess) {
    let ordinal = guess.encoding.map_or(NOT_TEXT, |e| e.ordinal() as u32);
    GUESS[GUESS_ENCODING].store(ordinal, Relaxed);
    GUESS[GUESS_CONFIDENCE].store(guess.confidence.to_bits(), Relaxed);
    let count = guess.candidates.len().min(MAX_CANDIDATES);
    GUESS[GUESS_COUNT].store(count as u32, Relaxed);
    let pairs = GUESS[GUESS_CANDIDATES..].chunks_exact(2);
    for (pair, candidate) in pairs.zip(&guess.candidates) {
        pair[0].store(candidate.encoding.ordinal() as u32, Relaxed);
        pair[1].store(candidate.confidence.to_bits(), Relaxed);
    }
}

/// Frees a detector handle (a no-op for a freed or unknown handle).
#[wasm_bindgen]
pub fn detector_free(handle: u32) {
    STATE.with_borrow_mut(|s| s.detectors.remove(handle));
}

/// Live detector handles (for leak tests).
#[wasm_bindgen]
pub fn live_detectors() -> u32 {
    STATE.with_borrow(|s| s.detectors.live() as u32)
}

/// The length of the name of the encoding at `ordinal` (ASCII, as the standard spells it; 0 for
/// an unknown ordinal), whose address goes to the IO word [`IO_NAME`]: nothing is copied.
#[wasm_bindgen]
pub fn encoding_name(ordinal: u32) -> u32 {
    let Some(encoding) = Encoding::from_ordinal(ordinal as usize) else {
        return 0;
    };
    let name = encoding.name().as_bytes();
    IO[IO_NAME].store(name.as_ptr() as u32, Relaxed);
    name.len() as u32
}
