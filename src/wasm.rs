//! The wasm-bindgen exports that every codec module has: the protocol, the module's state, the
//! reusable buffers and the encodings' names. The decoders' exports are in `wasm_decode.rs`, the
//! encoders' in `wasm_encode.rs`; a module built for one direction (Cargo.toml's `decode` and
//! `encode` features: the per-direction add-ons, the legacy encoders' lite module) has only that
//! one's, and the linker drops the other direction's code and the tables only it reads. Numbers
//! only cross the boundary (no String/&str marshalling, so the generated glue never needs the
//! host's TextDecoder/TextEncoder).
//!
//! JavaScript writes input into reusable buffers inside wasm memory (`input_bytes`,
//! `input_units`), calls one export, and reads the output from the reusable output buffers
//! (`output_units_ptr`, `output_bytes_ptr`). Buffers only grow, geometrically, so steady-state
//! calls allocate nothing; JavaScript re-derives its memory views after any call.
//!
//! Decoders and encoders that must keep state between calls (streaming) live behind handles
//! (index + 1 into a slab); a handle is freed by `*_free`. Errors are small status codes.

use crate::wasm_state::{reserve, Global, Slab};
use crate::{Decoder, Encoder, Encoding};
use alloc::vec::Vec;
use core::sync::atomic::{AtomicU32, Ordering::Relaxed};
use wasm_bindgen::prelude::*;

// ---- The protocol -------------------------------------------------------------------------
// Everything JavaScript must agree on besides the export signatures: the IO words, the output
// kinds of `decode_once` and the status codes. js/core/protocol.js defines the same names with the
// same values, and tests/js/protocol.test.mjs checks them against this section.

/// Where JavaScript finds the reusable buffers without a call: a row of u32 words at `io()`,
/// rewritten whenever a buffer moves or an export reports more than its return value.
pub(crate) static IO: [AtomicU32; IO_WORDS] = [const { AtomicU32::new(0) }; IO_WORDS];
/// The number of IO words.
pub(crate) const IO_WORDS: usize = 8;
/// IO word: address of the input byte buffer.
pub(crate) const IO_IN_BYTES: usize = 0;
/// IO word: capacity of the input byte buffer, in bytes.
pub(crate) const IO_IN_BYTES_CAP: usize = 1;
/// IO word: address of the input UTF-16 buffer.
pub(crate) const IO_IN_UNITS: usize = 2;
/// IO word: capacity of the input UTF-16 buffer, in code units.
pub(crate) const IO_IN_UNITS_CAP: usize = 3;
/// IO word: address of the output UTF-16 buffer.
pub(crate) const IO_OUT_UNITS: usize = 4;
/// IO word: address of the output byte buffer.
pub(crate) const IO_OUT_BYTES: usize = 5;
/// IO word: UTF-16 code units consumed by the last encode call.
pub(crate) const IO_LAST_READ: usize = 6;
/// IO word: what the last `decode_once` wrote: [`OUT_UTF16`] or [`OUT_ASCII`].
pub(crate) const IO_OUT_KIND: usize = 7;
/// Output kind: UTF-16 code units at the output unit buffer.
pub(crate) const OUT_UTF16: u32 = 0;
/// Output kind: the input was all ASCII and the encoding maps ASCII to itself, so the output is
/// the input bytes as they are; nothing was written.
pub(crate) const OUT_ASCII: u32 = 1;
/// Status of the decode exports: a fatal decode error.
pub(crate) const MALFORMED: i32 = -1;
/// Status of the decode exports: the handle (or ordinal) names no live decoder (or encoding).
pub(crate) const BAD_HANDLE: i32 = -2;
/// Status of `encoder_encode` and `encoder_encode_or_fail`: the handle names no live encoder.
/// (Their negative results above it are unmappable code points, `-(1 + code point)`.)
pub(crate) const ENCODER_BAD_HANDLE: i32 = i32::MIN;
// ---- end of the protocol --------------------------------------------------------------------

pub(crate) fn set_io(word: usize, value: u32) {
    IO[word].store(value, Relaxed);
}

pub(crate) struct DecoderSlot {
    pub(crate) decoder: Decoder,
    pub(crate) fatal: bool,
}

pub(crate) struct State {
    pub(crate) input_bytes: Vec<u8>,
    pub(crate) input_units: Vec<u16>,
    pub(crate) output_units: Vec<u16>,
    pub(crate) output_bytes: Vec<u8>,
    pub(crate) decoders: Slab<DecoderSlot>,
    pub(crate) encoders: Slab<Encoder>,
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

pub(crate) static STATE: Global<State> = Global::new(State::new());

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

/// Live decoder plus encoder handles (for leak tests).
#[wasm_bindgen]
pub fn live_handles() -> u32 {
    STATE.with_borrow(|s| (s.decoders.live() + s.encoders.live()) as u32)
}
