//! The x-user-defined decoder: ASCII as is, bytes 0x80..=0xFF to U+F780..=U+F7FF.

use super::{ascii_to_utf16, DecoderResult, RawDecoder};

/// The standard's x-user-defined decoder (stateless, never an error).
#[derive(Debug, Clone)]
pub(crate) struct XUserDefinedDecoder;

impl RawDecoder for XUserDefinedDecoder {
    fn decode_raw(
        &mut self,
        src: &[u8],
        dst: &mut [u16],
        _last: bool,
    ) -> (DecoderResult, usize, usize) {
        let (mut i, mut j) = (0, 0);
        while i < src.len() {
            if j == dst.len() {
                return (DecoderResult::OutputFull, i, j);
            }
            let byte = src[i];
            if byte < 0x80 {
                let n = ascii_to_utf16(&src[i..], &mut dst[j..]);
                i += n;
                j += n;
                continue;
            }
            dst[j] = 0xF780 + u16::from(byte - 0x80);
            i += 1;
            j += 1;
        }
        (DecoderResult::InputEmpty, i, j)
    }
}
