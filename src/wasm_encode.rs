//! The encoders' wasm-bindgen exports (see `wasm.rs`): UTF-8 for TextEncoder and `encodeInto`,
//! one whole encode, streaming encoder handles, the standard's "encode or fail", and the
//! single-byte indexes that JavaScript encodes short strings with. Built with the `encode`
//! feature.

use crate::wasm::{set_io, State, ENCODER_BAD_HANDLE, IO, IO_LAST_READ, IO_OUT_BYTES, STATE};
use crate::wasm_state::reserve;
use crate::{Encoder, EncoderResult, Encoding};
use alloc::vec::Vec;
use core::sync::atomic::Ordering::Relaxed;
use wasm_bindgen::prelude::*;

/// Address of the output byte buffer written by the encode exports.
#[wasm_bindgen]
pub fn output_bytes_ptr() -> u32 {
    STATE.with_borrow_mut(|s| s.output_bytes.as_mut_ptr() as u32)
}

/// UTF-16 code units consumed by the last `encode_into` or `encoder_encode` call.
#[wasm_bindgen]
pub fn last_read() -> u32 {
    IO[IO_LAST_READ].load(Relaxed)
}

/// UTF-8 encodes `input_units[..len]` (lone surrogates become U+FFFD); returns the byte count at
/// `output_bytes_ptr()`.
#[cfg(feature = "base")]
#[wasm_bindgen]
pub fn encode_utf8(len: u32) -> u32 {
    STATE.with_borrow_mut(|s| {
        let State {
            input_units,
            output_bytes,
            ..
        } = s;
        let input = input_units.get(..len as usize).unwrap_or(&[]);
        reserve(output_bytes, input.len() * 3);
        let mut encoder = Encoder::new(Encoding::Utf8);
        let (_, _, written) =
            encoder.encode_from_utf16_without_replacement(input, output_bytes, true);
        set_io(IO_OUT_BYTES, output_bytes.as_mut_ptr() as u32);
        written as u32
    })
}

/// `encodeInto`: UTF-8 encodes as many whole scalar values of `input_units[..len]` as fit in
/// `capacity` bytes; returns the byte count at `output_bytes_ptr()`, and `last_read()` the units
/// consumed.
#[cfg(feature = "base")]
#[wasm_bindgen]
pub fn encode_utf8_into(len: u32, capacity: u32) -> u32 {
    STATE.with_borrow_mut(|s| {
        let State {
            input_units,
            output_bytes,
            ..
        } = s;
        let input = input_units.get(..len as usize).unwrap_or(&[]);
        let capacity = (capacity as usize).min(input.len() * 3);
        reserve(output_bytes, capacity);
        let mut encoder = Encoder::new(Encoding::Utf8);
        let (_, read, written) = encoder.encode_from_utf16_without_replacement(
            input,
            &mut output_bytes[..capacity],
            true,
        );
        set_io(IO_LAST_READ, read as u32);
        set_io(IO_OUT_BYTES, output_bytes.as_mut_ptr() as u32);
        written as u32
    })
}

/// A streaming encoder handle for the output encoding of the encoding at `ordinal` (0 if unknown).
#[wasm_bindgen]
pub fn encoder_new(ordinal: u32) -> u32 {
    let Some(encoding) = Encoding::from_ordinal(ordinal as usize) else {
        return 0;
    };
    STATE.with_borrow_mut(|s| s.encoders.insert(Encoder::new(encoding)))
}

/// Runs encoder `handle` over `input_units[..len]` into `output_bytes` (`html`: `&#N;` for each
/// unmappable scalar value; otherwise it stops at the first one), publishes the units read and
/// the buffer address, and returns (bytes written, the unmappable scalar value it stopped at), or
/// `None` for a bad handle. Shared by `encoder_encode` and `encoder_encode_or_fail`.
fn run_encoder(handle: u32, len: u32, last: bool, html: bool) -> Option<(usize, Option<char>)> {
    STATE.with_borrow_mut(|s| {
        let State {
            input_units,
            output_bytes,
            encoders,
            ..
        } = s;
        let encoder = encoders.get(handle)?;
        let input = input_units.get(..len as usize).unwrap_or(&[]);
        Some(encode_units(encoder, input, output_bytes, last, html))
    })
}

/// Runs `encoder` over `input` into `output_bytes` (grown to the encoder's bound first), as
/// `run_encoder` describes; publishes the units read and the buffer address. (One copy, called
/// by both: inlined, it would bring every encoder's code in twice.)
#[inline(never)]
fn encode_units(
    encoder: &mut Encoder,
    input: &[u16],
    output_bytes: &mut Vec<u8>,
    last: bool,
    html: bool,
) -> (usize, Option<char>) {
    let need = if html {
        encoder.max_buffer_length_html(input.len())
    } else {
        encoder.max_buffer_length(input.len())
    };
    reserve(output_bytes, need.unwrap_or(usize::MAX));
    let (mut read, mut written) = (0, 0);
    let mut unmappable = None;
    loop {
        let (result, r, w) = if html {
            let (result, r, w, _) =
                encoder.encode_from_utf16(&input[read..], &mut output_bytes[written..], last);
            (result, r, w)
        } else {
            encoder.encode_from_utf16_without_replacement(
                &input[read..],
                &mut output_bytes[written..],
                last,
            )
        };
        read += r;
        written += w;
        match result {
            EncoderResult::InputEmpty => break,
            EncoderResult::OutputFull => {
                let more = output_bytes.len() + 64;
                reserve(output_bytes, more);
            }
            EncoderResult::Unmappable(c) => {
                unmappable = Some(c);
                break;
            }
        }
    }
    set_io(IO_LAST_READ, read as u32);
    set_io(IO_OUT_BYTES, output_bytes.as_mut_ptr() as u32);
    (written, unmappable)
}

/// Encodes `input_units[..len]` with encoder `handle`; `last` processes end-of-queue; `html`
/// writes `&#N;` for unmappable scalar values, otherwise the call stops at the first one.
/// Returns the byte count at `output_bytes_ptr()` (with `last_read()` units consumed), or, for an
/// unmappable scalar value in fatal mode, `-(1 + code point)` with the bytes before it discarded;
/// a bad handle returns [`ENCODER_BAD_HANDLE`].
#[wasm_bindgen]
pub fn encoder_encode(handle: u32, len: u32, last: bool, html: bool) -> i32 {
    match run_encoder(handle, len, last, html) {
        None => ENCODER_BAD_HANDLE,
        Some((_, Some(c))) => -1 - c as i32,
        Some((written, None)) => written as i32,
    }
}

/// One whole, non-streaming encode of `input_units[..len]` with a fresh encoder for the output
/// encoding of the encoding at `ordinal` (no handle: nothing to free), end-of-queue processed.
/// Returns what `encoder_encode` returns for a final call (an unknown ordinal returns
/// [`ENCODER_BAD_HANDLE`]).
#[wasm_bindgen]
pub fn encode_once(ordinal: u32, len: u32, html: bool) -> i32 {
    let Some(encoding) = Encoding::from_ordinal(ordinal as usize) else {
        return ENCODER_BAD_HANDLE;
    };
    let (written, unmappable) = STATE.with_borrow_mut(|s| {
        let State {
            input_units,
            output_bytes,
            ..
        } = s;
        let input = input_units.get(..len as usize).unwrap_or(&[]);
        encode_units(&mut Encoder::new(encoding), input, output_bytes, true, html)
    });
    match unmappable {
        Some(c) => -1 - c as i32,
        None => written as i32,
    }
}

/// The address of the 128 code points (u16, 0 for none) of the index of the single-byte
/// encoding at `ordinal`, bytes 0x80 to 0xFF in order: the table its encoder maps through. 0 when
/// the encoding is not single-byte (or the ordinal is unknown).
#[cfg(feature = "base")]
#[wasm_bindgen]
pub fn single_byte_index(ordinal: u32) -> u32 {
    Encoding::from_ordinal(ordinal as usize)
        .and_then(|encoding| Encoder::new(encoding).single_byte_index())
        .map_or(0, |index| index.as_ptr() as u32)
}

/// Frees an encoder handle (a no-op for a freed or unknown handle).
#[wasm_bindgen]
pub fn encoder_free(handle: u32) {
    STATE.with_borrow_mut(|s| s.encoders.remove(handle));
}

/// The scalar value the last `encoder_encode_or_fail` call stopped at, or -1.
static LAST_UNMAPPABLE: core::sync::atomic::AtomicI32 = core::sync::atomic::AtomicI32::new(-1);

/// The standard's "encode or fail": encodes `input_units[..len]` with encoder `handle` in "fatal"
/// mode, keeping the bytes written before an unmappable scalar value (and the encoder's state:
/// ISO-2022-JP is back in ASCII or still in Roman). Returns the byte count at
/// `output_bytes_ptr()` (`last_read()` units consumed, the unmappable one included), and
/// `last_unmappable()` tells the scalar value it stopped at (-1 when all input was consumed and,
/// with `last`, end-of-queue processed). A bad handle returns [`ENCODER_BAD_HANDLE`].
#[wasm_bindgen]
pub fn encoder_encode_or_fail(handle: u32, len: u32, last: bool) -> i32 {
    LAST_UNMAPPABLE.store(-1, Relaxed);
    let Some((written, unmappable)) = run_encoder(handle, len, last, false) else {
        return ENCODER_BAD_HANDLE;
    };
    if let Some(c) = unmappable {
        LAST_UNMAPPABLE.store(c as i32, Relaxed);
    }
    written as i32
}

/// The scalar value the last `encoder_encode_or_fail` call stopped at, or -1 if it did not.
#[wasm_bindgen]
pub fn last_unmappable() -> i32 {
    LAST_UNMAPPABLE.load(Relaxed)
}
