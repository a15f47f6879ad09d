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

use crate::{Decoder, DecoderResult, Encoder, EncoderResult, Encoding};
use alloc::vec::Vec;
use core::cell::RefCell;
use wasm_bindgen::prelude::*;

/// Status: the handle does not name a live decoder or encoder.
const BAD_HANDLE: i32 = -2;
/// Status: a fatal decode error (the decoder has been reset).
const MALFORMED: i32 = -1;

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
    /// UTF-16 units consumed by the last encode call.
    last_read: u32,
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
            last_read: 0,
        }
    }
}

/// The module's one state. This wasm runs on one thread (it is built without the atomics target
/// feature, checked below), so a static cell needs no lock.
struct Global(RefCell<State>);

#[cfg(target_feature = "atomics")]
compile_error!("wasm.rs keeps its state in a static cell: build without the atomics feature");

// SAFETY: without the atomics target feature a wasm instance has exactly one thread, so the cell
// is never reached from two threads.
unsafe impl Sync for Global {}

static STATE: Global = Global(RefCell::new(State::new()));

impl Global {
    fn with_borrow<R>(&self, f: impl FnOnce(&State) -> R) -> R {
        f(&self.0.borrow())
    }

    fn with_borrow_mut<R>(&self, f: impl FnOnce(&mut State) -> R) -> R {
        f(&mut self.0.borrow_mut())
    }
}

/// A slab of values addressed by `index + 1` handles, reusing freed slots.
struct Slab<T> {
    slots: Vec<Option<T>>,
    free: Vec<usize>,
}

impl<T> Slab<T> {
    const fn new() -> Self {
        Slab {
            slots: Vec::new(),
            free: Vec::new(),
        }
    }

    fn insert(&mut self, value: T) -> u32 {
        let index = match self.free.pop() {
            Some(i) => {
                self.slots[i] = Some(value);
                i
            }
            None => {
                self.slots.push(Some(value));
                self.slots.len() - 1
            }
        };
        index as u32 + 1
    }

    fn get(&mut self, handle: u32) -> Option<&mut T> {
        let index = (handle as usize).checked_sub(1)?;
        self.slots.get_mut(index)?.as_mut()
    }

    fn remove(&mut self, handle: u32) {
        if let Some(index) = (handle as usize).checked_sub(1) {
            if let Some(slot) = self.slots.get_mut(index) {
                if slot.take().is_some() {
                    self.free.push(index);
                }
            }
        }
    }

    fn live(&self) -> usize {
        self.slots.len() - self.free.len()
    }
}

/// Grows `buffer` to at least `len` elements (doubling), zero-filled, and returns its address.
fn reserve<T: Copy + Default>(buffer: &mut Vec<T>, len: usize) -> u32 {
    if buffer.len() < len {
        let target = len.max(buffer.len() * 2).max(1024);
        buffer.resize(target, T::default());
    }
    buffer.as_mut_ptr() as u32
}

/// Makes room for `len` input bytes; returns their address.
#[wasm_bindgen]
pub fn input_bytes(len: u32) -> u32 {
    STATE.with_borrow_mut(|s| reserve(&mut s.input_bytes, len as usize))
}

/// Makes room for `len` input UTF-16 code units; returns their address.
#[wasm_bindgen]
pub fn input_units(len: u32) -> u32 {
    STATE.with_borrow_mut(|s| reserve(&mut s.input_units, len as usize))
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
    STATE.with_borrow(|s| s.last_read)
}

/// "Get an encoding" for the label in `input_units[..len]`: the encoding's ordinal, or -1.
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

/// Decodes `state.input_bytes[..len]` with `slot` into `state.output_units`; returns the unit
/// count or `MALFORMED`. Resets the decoder after a flush (`last`) or an error.
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
                decoder.reset();
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
#[wasm_bindgen]
pub fn encoding_name(ordinal: u32) -> u32 {
    let Some(encoding) = Encoding::from_ordinal(ordinal as usize) else {
        return 0;
    };
    let name = encoding.name().as_bytes();
    STATE.with_borrow_mut(|s| {
        reserve(&mut s.output_bytes, name.len());
        s.output_bytes[..name.len()].copy_from_slice(name);
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
        run_decoder(&mut decoder, fatal, input, output_units, true)
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
/// and resets it. Returns the number of UTF-16 units at `output_units_ptr()`, -1 for a fatal error
/// (the decoder is reset), -2 for a bad handle.
#[wasm_bindgen]
pub fn decoder_decode(handle: u32, len: u32, stream: bool) -> i32 {
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
        run_decoder(&mut slot.decoder, slot.fatal, input, output_units, !stream)
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
        written as u32
    })
}

/// `encodeInto`: UTF-8 encodes as many whole scalar values of `input_units[..len]` as fit in
/// `capacity` bytes; returns the byte count at `output_bytes_ptr()`, and `last_read()` the units
/// consumed.
#[wasm_bindgen]
pub fn encode_utf8_into(len: u32, capacity: u32) -> u32 {
    STATE.with_borrow_mut(|s| {
        let State {
            input_units,
            output_bytes,
            last_read,
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
        *last_read = read as u32;
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

/// Encodes `input_units[..len]` with encoder `handle`; `last` processes end-of-queue; `html`
/// writes `&#N;` for unmappable scalar values, otherwise the call stops at the first one.
/// Returns the byte count at `output_bytes_ptr()` (with `last_read()` units consumed), or, for an
/// unmappable scalar value in fatal mode, `-(1 + code point)` with the bytes before it discarded;
/// -2... is never a code point: a bad handle returns `i32::MIN`.
#[wasm_bindgen]
pub fn encoder_encode(handle: u32, len: u32, last: bool, html: bool) -> i32 {
    STATE.with_borrow_mut(|s| {
        let State {
            input_units,
            output_bytes,
            encoders,
            last_read,
            ..
        } = s;
        let Some(encoder) = encoders.get(handle) else {
            return i32::MIN;
        };
        let input = input_units.get(..len as usize).unwrap_or(&[]);
        let need = if html {
            encoder.max_buffer_length_html(input.len())
        } else {
            encoder.max_buffer_length(input.len())
        };
        reserve(output_bytes, need.unwrap_or(usize::MAX));
        let (mut read, mut written) = (0, 0);
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
                    *last_read = read as u32;
                    return -1 - c as i32;
                }
            }
        }
        *last_read = read as u32;
        written as i32
    })
}

/// Frees an encoder handle (a no-op for a freed or unknown handle).
#[wasm_bindgen]
pub fn encoder_free(handle: u32) {
    STATE.with_borrow_mut(|s| s.encoders.remove(handle));
}
