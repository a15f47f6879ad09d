//! The single-byte encoder shared by the 28 legacy single-byte encodings: ASCII as is, other code
//! points by their pointer (the first, by a search of the 128-entry index) + 0x80.

use super::{next_scalar, EncoderResult, RawEncoder};

/// The standard's single-byte encoder over one index.
#[derive(Debug, Clone)]
pub(crate) struct SingleByteEncoder {
    index: &'static [u16; 128],
}

impl SingleByteEncoder {
    pub(crate) fn new(index: &'static [u16; 128]) -> Self {
        SingleByteEncoder { index }
    }
}

impl RawEncoder for SingleByteEncoder {
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
            if cp < 0x80 {
                dst[j] = cp as u8;
            } else {
                // 0 marks "no code point" in the index and never matches a non-ASCII scalar.
                match self.index.iter().position(|&c| u32::from(c) == cp) {
                    Some(pointer) => dst[j] = 0x80 + pointer as u8,
                    None => {
                        let c = char::from_u32(cp).unwrap_or('\u{FFFD}');
                        return (EncoderResult::Unmappable(c), i + units, j);
                    }
                }
            }
            i += units;
            j += 1;
        }
        (EncoderResult::InputEmpty, i, j)
    }
}
