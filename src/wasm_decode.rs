//! The decoders' wasm-bindgen exports (see `wasm.rs`): one whole decode, streaming decoder
//! handles, and the output's narrowing to Latin-1 for JavaScript's one-byte strings. Built with
//! the `decode` feature.

use crate::wasm::{
    set_io, DecoderSlot, State, BAD_HANDLE, IO_OUT_BYTES, IO_OUT_KIND, IO_OUT_UNITS, MALFORMED,
    OUT_ASCII, OUT_UTF16, STATE,
};
use crate::wasm_state::reserve;
use crate::{Decoder, DecoderResult, Encoding};
use alloc::vec::Vec;
use wasm_bindgen::prelude::*;

/// Address of the output UTF-16 buffer written by the decode exports.
#[wasm_bindgen]
pub fn output_units_ptr() -> u32 {
    STATE.with_borrow_mut(|s| s.output_units.as_mut_ptr() as u32)
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
