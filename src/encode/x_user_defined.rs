//! The x-user-defined encoder: ASCII as is, U+F780..=U+F7FF to bytes 0x80..=0xFF.

use super::{next_scalar, EncoderResult, RawEncoder};

/// The standard's x-user-defined encoder (stateless).
#[derive(Debug, Clone)]
pub(crate) struct XUserDefinedEncoder;

impl RawEncoder for XUserDefinedEncoder {
    fn encode_raw(
        &mut self,
        src: &[u16],
        dst: &mut [u8],
        _last: bool,
    ) -> (EncoderResult, usize, usize) {
        let (mut i, mut j) = (0, 0);
        while i < src.len() {
            if j == dst.len() {
                return (EncoderResult::OutputFull, i, j);
            }
            let (cp, units) = next_scalar(src, i);
            dst[j] = match cp {
                0..=0x7F => cp as u8,
                0xF780..=0xF7FF => (cp - 0xF780 + 0x80) as u8,
                _ => {
                    let c = char::from_u32(cp).unwrap_or('\u{FFFD}');
                    return (EncoderResult::Unmappable(c), i + units, j);
                }
            };
            i += units;
            j += 1;
        }
        (EncoderResult::InputEmpty, i, j)
    }
}
