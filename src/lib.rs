//! text-encoding-wasm: the WHATWG Encoding Standard's encodings as a streaming Rust core, for
//! WebAssembly (see `wasm.rs`) and for native use.
//!
//! - [`Encoding`]: every encoding of the standard, label lookup ("get an encoding").
//! - [`Decoder`]: bytes to UTF-16, streaming, reporting or replacing malformed input, with the
//!   TextDecoder's BOM handling.
//! - [`Encoder`]: UTF-16 to bytes, streaming, reporting or `&#N;`-replacing unmappable input.

#![cfg_attr(all(target_arch = "wasm32", not(feature = "std")), no_std)]
#![forbid(unsafe_op_in_unsafe_fn)]
#![warn(missing_docs)]
// A build of one part of the core (the lite base, or one language's add-on: Cargo.toml's
// features) leaves the other parts' code unreached.
#![cfg_attr(
    not(all(feature = "base", feature = "cjk")),
    allow(dead_code, unused_imports, unused_variables)
)]

extern crate alloc;

use alloc::{vec, vec::Vec};

pub mod decode;
#[cfg(feature = "detector")]
pub mod detect;
pub mod encode;
mod encoding;
mod label;
#[cfg(all(target_arch = "wasm32", not(feature = "std")))]
mod runtime;
#[cfg(all(target_arch = "wasm32", not(feature = "detector-wasm")))]
mod wasm;
#[cfg(all(
    target_arch = "wasm32",
    not(feature = "detector-wasm"),
    feature = "decode"
))]
mod wasm_decode;
#[cfg(all(target_arch = "wasm32", feature = "detector-wasm"))]
mod wasm_detect;
#[cfg(all(
    target_arch = "wasm32",
    not(feature = "detector-wasm"),
    feature = "encode"
))]
mod wasm_encode;
#[cfg(target_arch = "wasm32")]
mod wasm_state;

pub use decode::{Decoder, DecoderResult};
pub use encode::{Encoder, EncoderResult};
pub use encoding::Encoding;

impl Encoding {
    /// Decodes a whole byte sequence as a TextDecoder would (one non-streaming call): `Err(())`
    /// on the first malformed sequence when `fatal`, otherwise U+FFFD for each.
    #[allow(clippy::result_unit_err)] // like TextDecoder, a fatal error carries no detail
    pub fn decode_utf16(self, bytes: &[u8], fatal: bool, ignore_bom: bool) -> Result<Vec<u16>, ()> {
        let mut decoder = Decoder::new(self, ignore_bom);
        let mut out = vec![0u16; decoder.max_utf16_buffer_length(bytes.len()).ok_or(())?];
        let (mut read, mut written) = (0, 0);
        loop {
            let (result, r, w) = if fatal {
                decoder.decode_to_utf16_without_replacement(
                    &bytes[read..],
                    &mut out[written..],
                    true,
                )
            } else {
                let (result, r, w, _) =
                    decoder.decode_to_utf16(&bytes[read..], &mut out[written..], true);
                (result, r, w)
            };
            read += r;
            written += w;
            match result {
                DecoderResult::InputEmpty => break,
                DecoderResult::OutputFull => out.resize(out.len() * 2 + 8, 0),
                DecoderResult::Malformed => return Err(()),
            }
        }
        out.truncate(written);
        Ok(out)
    }

    /// Encodes a whole UTF-16 sequence with this encoding's output encoding: `Err(c)` for the first
    /// scalar value `c` that cannot be encoded when `fatal`, otherwise "html" replacement.
    pub fn encode_utf16(self, units: &[u16], fatal: bool) -> Result<Vec<u8>, char> {
        let mut encoder = Encoder::new(self);
        let mut out = vec![
            0u8;
            encoder
                .max_buffer_length_html(units.len())
                .unwrap_or(usize::MAX / 2)
        ];
        let (mut read, mut written) = (0, 0);
        loop {
            let (result, r, w) = if fatal {
                encoder.encode_from_utf16_without_replacement(
                    &units[read..],
                    &mut out[written..],
                    true,
                )
            } else {
                let (result, r, w, _) =
                    encoder.encode_from_utf16(&units[read..], &mut out[written..], true);
                (result, r, w)
            };
            read += r;
            written += w;
            match result {
                EncoderResult::InputEmpty => break,
                EncoderResult::OutputFull => out.resize(out.len() * 2 + 32, 0),
                EncoderResult::Unmappable(c) => return Err(c),
            }
        }
        out.truncate(written);
        Ok(out)
    }
}
