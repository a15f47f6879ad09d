//! The x-user-defined decoder: ASCII as is, bytes 0x80..=0xFF to U+F780..=U+F7FF.

use super::{DecoderResult, RawDecoder};

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
        // One unit per byte, never an error: the first `min(src, dst)` bytes are decoded.
        let n = src.len().min(dst.len());
        for (d, &b) in dst[..n].iter_mut().zip(&src[..n]) {
            *d = if b < 0x80 {
                u16::from(b)
            } else {
                0xF780 + u16::from(b - 0x80)
            };
        }
        if n < src.len() {
            return (DecoderResult::OutputFull, n, n);
        }
        (DecoderResult::InputEmpty, n, n)
    }
}
