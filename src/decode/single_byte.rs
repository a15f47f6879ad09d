//! The single-byte decoder shared by the 28 legacy single-byte encodings, and the mapping from
//! each of them to its generated index (bytes 0x80..=0xFF).

use super::{ascii_to_utf16, DecoderResult, RawDecoder};
use crate::Encoding;

#[allow(missing_docs)]
mod generated {
    include!("../../tables/generated/single_byte.rs");
}
use generated::*;

/// The index of a single-byte encoding, or `None` for every other encoding.
pub(crate) fn index_for(encoding: Encoding) -> Option<&'static [u16; 128]> {
    Some(match encoding {
        Encoding::Ibm866 => &INDEX_IBM866,
        Encoding::Iso8859_2 => &INDEX_ISO_8859_2,
        Encoding::Iso8859_3 => &INDEX_ISO_8859_3,
        Encoding::Iso8859_4 => &INDEX_ISO_8859_4,
        Encoding::Iso8859_5 => &INDEX_ISO_8859_5,
        Encoding::Iso8859_6 => &INDEX_ISO_8859_6,
        Encoding::Iso8859_7 => &INDEX_ISO_8859_7,
        Encoding::Iso8859_8 | Encoding::Iso8859_8I => &INDEX_ISO_8859_8,
        Encoding::Iso8859_10 => &INDEX_ISO_8859_10,
        Encoding::Iso8859_13 => &INDEX_ISO_8859_13,
        Encoding::Iso8859_14 => &INDEX_ISO_8859_14,
        Encoding::Iso8859_15 => &INDEX_ISO_8859_15,
        Encoding::Iso8859_16 => &INDEX_ISO_8859_16,
        Encoding::Koi8R => &INDEX_KOI8_R,
        Encoding::Koi8U => &INDEX_KOI8_U,
        Encoding::Macintosh => &INDEX_MACINTOSH,
        Encoding::Windows874 => &INDEX_WINDOWS_874,
        Encoding::Windows1250 => &INDEX_WINDOWS_1250,
        Encoding::Windows1251 => &INDEX_WINDOWS_1251,
        Encoding::Windows1252 => &INDEX_WINDOWS_1252,
        Encoding::Windows1253 => &INDEX_WINDOWS_1253,
        Encoding::Windows1254 => &INDEX_WINDOWS_1254,
        Encoding::Windows1255 => &INDEX_WINDOWS_1255,
        Encoding::Windows1256 => &INDEX_WINDOWS_1256,
        Encoding::Windows1257 => &INDEX_WINDOWS_1257,
        Encoding::Windows1258 => &INDEX_WINDOWS_1258,
        Encoding::XMacCyrillic => &INDEX_X_MAC_CYRILLIC,
        _ => return None,
    })
}

/// The standard's single-byte decoder over one index.
#[derive(Debug, Clone)]
pub(crate) struct SingleByteDecoder {
    index: &'static [u16; 128],
}

impl SingleByteDecoder {
    pub(crate) fn new(index: &'static [u16; 128]) -> Self {
        SingleByteDecoder { index }
    }
}

impl RawDecoder for SingleByteDecoder {
    fn decode_raw(
        &mut self,
        src: &[u8],
        dst: &mut [u16],
        _last: bool,
    ) -> (DecoderResult, usize, usize) {
        // One unit per byte: the first `n` bytes fit, and `i` counts both.
        let n = src.len().min(dst.len());
        let (src_n, dst_n) = (&src[..n], &mut dst[..n]);
        let index = self.index;
        let mut i = 0;
        'runs: loop {
            i += ascii_to_utf16(&src_n[i..], &mut dst_n[i..]);
            // Then chunks of eight bytes with a non-ASCII one, looked up without a branch per
            // byte, until an all-ASCII chunk; a chunk with a byte that has no code point is redone
            // below one byte at a time.
            loop {
                let (Some(s), Some(d)) = (src_n.get(i..i + 8), dst_n.get_mut(i..i + 8)) else {
                    break 'runs;
                };
                let (Ok(s), Ok(d)) = (<&[u8; 8]>::try_from(s), <&mut [u16; 8]>::try_from(d)) else {
                    break 'runs;
                };
                if u64::from_le_bytes(*s) & 0x8080_8080_8080_8080 == 0 {
                    continue 'runs;
                }
                let mut zero = false;
                for (d, &b) in d.iter_mut().zip(s) {
                    let mapped = index[usize::from(b & 0x7F)];
                    let unit = if b < 0x80 { u16::from(b) } else { mapped };
                    // A byte without a code point (or U+0000, rare in text) sends the chunk to
                    // the byte-at-a-time loop.
                    zero |= unit == 0;
                    *d = unit;
                }
                if zero {
                    break 'runs;
                }
                i += 8;
            }
        }
        for (d, &b) in dst_n[i..].iter_mut().zip(&src_n[i..]) {
            if b < 0x80 {
                *d = u16::from(b);
            } else {
                let cp = index[usize::from(b & 0x7F)];
                if cp == 0 {
                    return (DecoderResult::Malformed, i + 1, i);
                }
                *d = cp;
            }
            i += 1;
        }
        if i < src.len() {
            return (DecoderResult::OutputFull, i, i);
        }
        (DecoderResult::InputEmpty, i, i)
    }
}
