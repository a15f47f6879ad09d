//! The wasm-bindgen exports: numbers only cross the boundary (no String/&str marshalling, so the
//! generated glue never needs the host's TextDecoder/TextEncoder).
//!
//! JavaScript writes input into reusable buffers inside wasm memory (`input_bytes`,
//! `input_units`), calls one export, and reads the output from the reusable output buffers
//! (`output_units_ptr`, `output_bytes_ptr`). Buffers only grow, geometrically, so steady-state
//! calls allocate nothing; JavaScript re-derives its memory views after any call.
//!
//! Decoders and encoders that must keep state between calls (streaming) live behind handles
//! (index + 1 into a slab); a handle is freed by `*_free`. Errors are small status codes.

use crate::wasm_state::{reserve, Global, Slab};
use crate::{Decoder, DecoderResult, Encoder, EncoderResult, Encoding};
use alloc::vec::Vec;
use core::sync::atomic::{AtomicU32, Ordering::Relaxed};
use wasm_bindgen::prelude::*;

// ---- The protocol -------------------------------------------------------------------------
// Everything JavaScript must agree on besides the export signatures: the IO words, the output
// kinds of `decode_once` and the status codes. js/core/protocol.js defines the same names with the
// same values, and tests/js/protocol.test.mjs checks them against this section.

/// Where JavaScript finds the reusable buffers without a call: a row of u32 words at `io()`,
/// rewritten whenever a buffer moves or an export reports more than its return value.
static IO: [AtomicU32; IO_WORDS] = [const { AtomicU32::new(0) }; IO_WORDS];
/// The number of IO words.
const IO_WORDS: usize = 8;
/// IO word: address of the input byte buffer.
const IO_IN_BYTES: usize = 0;
/// IO word: capacity of the input byte buffer, in bytes.
const IO_IN_BYTES_CAP: usize = 1;
/// IO word: address of the input UTF-16 buffer.
const IO_IN_UNITS: usize = 2;
/// IO word: capacity of the input UTF-16 buffer, in code units.
const IO_IN_UNITS_CAP: usize = 3;
/// IO word: address of the output UTF-16 buffer.
const IO_OUT_UNITS: usize = 4;
/// IO word: address of the output byte buffer.
const IO_OUT_BYTES: usize = 5;
/// IO word: UTF-16 code units consumed by the last encode call.
const IO_LAST_READ: usize = 6;
/// IO word: what the last `decode_once` wrote: [`OUT_UTF16`] or [`OUT_ASCII`].
const IO_OUT_KIND: usize = 7;
/// Output kind: UTF-16 code units at the output unit buffer.
const OUT_UTF16: u32 = 0;
/// Output kind: the input was all ASCII and the encoding maps ASCII to itself, so the output is
/// the input bytes as they are; nothing was written.
const OUT_ASCII: u32 = 1;
/// Status of the decode exports: a fatal decode error.
const MALFORMED: i32 = -1;
/// Status of the decode exports: the handle (or ordinal) names no live decoder (or encoding).
const BAD_HANDLE: i32 = -2;
/// Status of `encoder_encode` and `encoder_encode_or_fail`: the handle names no live encoder.
/// (Their negative results above it are unmappable code points, `-(1 + code point)`.)
const ENCODER_BAD_HANDLE: i32 = i32::MIN;
// ---- end of the protocol --------------------------------------------------------------------

fn set_io(word: usize, value: u32) {
    IO[word].store(value, Relaxed);
}

struct DecoderSlot {
    decoder: Decoder,
    fatal: bool,
}

struct State {
    input_bytes: Vec<u8>,
    input_units: Vec<u16>,
    output_units: Vec<u16>,
    output_bytes: Vec<u8>,
    decoders: Slab<DecoderSlot>,
    encoders: Slab<Encoder>,
}

impl State {
    const fn new() -> State {
        State {
            input_bytes: Vec::new(),
            input_units: Vec::new(),
            output_units: Vec::new(),
            output_bytes: Vec::new(),
            decoders: Slab::new(),
            encoders: Slab::new(),
        }
    }
}

static STATE: Global<State> = Global::new(State::new());

/// Publishes the addresses and capacities of every buffer of `s` in [`IO`].
fn publish(s: &mut State) {
    set_io(IO_IN_BYTES, s.input_bytes.as_mut_ptr() as u32);
    set_io(IO_IN_BYTES_CAP, s.input_bytes.len() as u32);
    set_io(IO_IN_UNITS, s.input_units.as_mut_ptr() as u32);
    set_io(IO_IN_UNITS_CAP, s.input_units.len() as u32);
    set_io(IO_OUT_UNITS, s.output_units.as_mut_ptr() as u32);
    set_io(IO_OUT_BYTES, s.output_bytes.as_mut_ptr() as u32);
}

/// The address of the IO words: buffer addresses and capacities (input bytes, its capacity,
/// input units, its capacity, output units, output bytes), the units read by the last encode, and
/// the output kind of the last `decode_once`. JavaScript reads them from memory instead of calling.
#[wasm_bindgen]
pub fn io() -> u32 {
    STATE.with_borrow_mut(publish);
    IO.as_ptr() as u32
}

/// Makes room for `len` input bytes; returns their address.
#[wasm_bindgen]
pub fn input_bytes(len: u32) -> u32 {
    STATE.with_borrow_mut(|s| {
        let at = reserve(&mut s.input_bytes, len as usize);
        publish(s);
        at
    })
}

/// Makes room for `len` input UTF-16 code units; returns their address.
#[wasm_bindgen]
pub fn input_units(len: u32) -> u32 {
    STATE.with_borrow_mut(|s| {
        let at = reserve(&mut s.input_units, len as usize);
        publish(s);
        at
    })
}

/// Address of the output UTF-16 buffer written by the decode exports.
#[wasm_bindgen]
pub fn output_units_ptr() -> u32 {
    STATE.with_borrow_mut(|s| s.output_units.as_mut_ptr() as u32)
}

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

/// If every one of the first `len` output UTF-16 code units is below U+0100, copies them as bytes
/// (Latin-1) to the output byte buffer and returns true (JavaScript then builds a one-byte string);
/// otherwise returns false and changes nothing.
#[wasm_bindgen]
pub fn narrow_output(len: u32) -> bool {
    STATE.with_borrow_mut(|s| {
        let State {
            output_units,
            output_bytes,
            ..
        } = s;
        let Some(units) = output_units.get(..len as usize) else {
            return false;
        };
        if units.iter().any(|&u| u > 0xFF) {
            return false;
        }
        reserve(output_bytes, units.len());
        for (b, &u) in output_bytes.iter_mut().zip(units) {
            *b = u as u8;
        }
        set_io(IO_OUT_BYTES, output_bytes.as_mut_ptr() as u32);
        true
    })
}

/// "Get an encoding" for the label in `input_units[..len]`: the encoding's ordinal, or -1.
#[cfg(feature = "base")]
#[wasm_bindgen]
pub fn label_lookup(len: u32) -> i32 {
    STATE.with_borrow(|s| {
        let units = s.input_units.get(..len as usize).unwrap_or(&[]);
        // A code unit outside ASCII can never be part of a label.
        let mut bytes = Vec::with_capacity(units.len());
        for &u in units {
            if u > 0x7F {
                return -1;
            }
            bytes.push(u as u8);
        }
        Encoding::for_label(&bytes).map_or(-1, |e| e.ordinal() as i32)
    })
}

/// Decodes `input` with `decoder` into `output`, as one TextDecoder `decode()` call; returns the
/// unit count or `MALFORMED`. Resets the decoder after a flush (`last`). After a fatal error the
/// rest of `input` is dropped and the decoder keeps its state when streaming (the next call goes
/// on from there, "BOM seen" as before this call); it is reset after a final call.
fn run_decoder(
    decoder: &mut Decoder,
    fatal: bool,
    input: &[u8],
    output: &mut Vec<u16>,
    last: bool,
) -> i32 {
    let need = decoder
        .max_utf16_buffer_length(input.len())
        .unwrap_or(usize::MAX);
    reserve(output, need);
    let (mut read, mut written) = (0, 0);
    loop {
        let result = if fatal {
            decoder.decode_to_utf16_without_replacement(
                &input[read..],
                &mut output[written..],
                last,
            )
        } else {
            let (result, r, w, _) =
                decoder.decode_to_utf16(&input[read..], &mut output[written..], last);
            (result, r, w)
        };
        let (result, r, w) = result;
        read += r;
        written += w;
        match result {
            DecoderResult::InputEmpty => break,
            DecoderResult::OutputFull => {
                let more = output.len() + 16;
                reserve(output, more);
            }
            DecoderResult::Malformed => {
                decoder.end_call_after_error(last);
                return MALFORMED;
            }
        }
    }
    if last {
        decoder.reset();
    }
    written as i32
}

/// Whether this build decodes and encodes the encoding at `ordinal` (false for the CJK encodings
/// in the lite build, and for unknown ordinals).
#[wasm_bindgen]
pub fn encoding_supported(ordinal: u32) -> bool {
    Encoding::from_ordinal(ordinal as usize).is_some_and(Encoding::is_supported)
}

/// Writes the name of the encoding at `ordinal` (ASCII) to the output byte buffer; returns its
/// length (0 for an unknown ordinal).
#[cfg(feature = "base")]
#[wasm_bindgen]
pub fn encoding_name(ordinal: u32) -> u32 {
    let Some(encoding) = Encoding::from_ordinal(ordinal as usize) else {
        return 0;
    };
    let name = encoding.name().as_bytes();
    STATE.with_borrow_mut(|s| {
        reserve(&mut s.output_bytes, name.len());
        s.output_bytes[..name.len()].copy_from_slice(name);
        set_io(IO_OUT_BYTES, s.output_bytes.as_mut_ptr() as u32);
    });
    name.len() as u32
}

/// One whole, non-streaming decode of `input_bytes[..len]` with a fresh decoder (no handle).
/// Returns the number of UTF-16 units at `output_units_ptr()`, or -1 for a fatal error.
#[wasm_bindgen]
pub fn decode_once(ordinal: u32, fatal: bool, ignore_bom: bool, len: u32) -> i32 {
    let Some(encoding) = Encoding::from_ordinal(ordinal as usize) else {
        return BAD_HANDLE;
    };
    let mut decoder = Decoder::new(encoding, ignore_bom);
    STATE.with_borrow_mut(|s| {
        let State {
            input_bytes,
            output_units,
            ..
        } = s;
        let input = input_bytes.get(..len as usize).unwrap_or(&[]);
        if encoding.ascii_is_identity() && input.is_ascii() {
            set_io(IO_OUT_KIND, OUT_ASCII);
            return input.len() as i32;
        }
        set_io(IO_OUT_KIND, OUT_UTF16);
        let n = run_decoder(&mut decoder, fatal, input, output_units, true);
        set_io(IO_OUT_UNITS, output_units.as_mut_ptr() as u32);
        n
    })
}

/// A streaming decoder handle (0 if the ordinal is unknown).
#[wasm_bindgen]
pub fn decoder_new(ordinal: u32, fatal: bool, ignore_bom: bool) -> u32 {
    let Some(encoding) = Encoding::from_ordinal(ordinal as usize) else {
        return 0;
    };
    STATE.with_borrow_mut(|s| {
        s.decoders.insert(DecoderSlot {
            decoder: Decoder::new(encoding, ignore_bom),
            fatal,
        })
    })
}

/// Decodes `input_bytes[..len]` with the decoder `handle`; `stream` false flushes (end-of-queue)
/// and resets it. `continues`: these bytes are one slice of a TextDecoder call whose input crosses
/// in slices, and more of the call follows (its "BOM seen" stands only after its last slice).
/// Returns the number of UTF-16 units at `output_units_ptr()`, [`MALFORMED`] for a fatal error
/// (the rest of the input is dropped; the decoder keeps its state when streaming; it is reset
/// after a final call), [`BAD_HANDLE`] for a bad handle.
#[wasm_bindgen]
pub fn decoder_decode(handle: u32, len: u32, stream: bool, continues: bool) -> i32 {
    STATE.with_borrow_mut(|s| {
        let State {
            input_bytes,
            output_units,
            decoders,
            ..
        } = s;
        let Some(slot) = decoders.get(handle) else {
            return BAD_HANDLE;
        };
        let input = input_bytes.get(..len as usize).unwrap_or(&[]);
        slot.decoder.set_call_continues(continues);
        let n = run_decoder(&mut slot.decoder, slot.fatal, input, output_units, !stream);
        set_io(IO_OUT_UNITS, output_units.as_mut_ptr() as u32);
        n
    })
}

/// Frees a decoder handle (a no-op for a freed or unknown handle).
#[wasm_bindgen]
pub fn decoder_free(handle: u32) {
    STATE.with_borrow_mut(|s| s.decoders.remove(handle));
}

/// Live decoder plus encoder handles (for leak tests).
#[wasm_bindgen]
pub fn live_handles() -> u32 {
    STATE.with_borrow(|s| (s.decoders.live() + s.encoders.live()) as u32)
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
