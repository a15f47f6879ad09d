//! The UTF-8 encoder (also the output encoding of replacement and UTF-16BE/LE), with an ASCII
//! fast path.

use super::{next_scalar, EncoderResult, RawEncoder};

/// The standard's UTF-8 encoder (stateless; every scalar value is encodable).
#[derive(Debug, Clone)]
pub(crate) struct Utf8Encoder;

/// Writes the UTF-8 bytes of scalar value `cp` at `dst[j..]` if they fit; returns their count.
#[inline]
pub(crate) fn write_utf8(cp: u32, dst: &mut [u8], j: usize) -> Option<usize> {
    let room = dst.len() - j;
    if cp < 0x80 && room >= 1 {
        dst[j] = cp as u8;
        Some(1)
    } else if cp < 0x800 && room >= 2 {
        dst[j] = 0xC0 | (cp >> 6) as u8;
        dst[j + 1] = 0x80 | (cp & 0x3F) as u8;
        Some(2)
    } else if (0x800..0x10000).contains(&cp) && room >= 3 {
        dst[j] = 0xE0 | (cp >> 12) as u8;
        dst[j + 1] = 0x80 | ((cp >> 6) & 0x3F) as u8;
        dst[j + 2] = 0x80 | (cp & 0x3F) as u8;
        Some(3)
    } else if cp >= 0x10000 && room >= 4 {
        dst[j] = 0xF0 | (cp >> 18) as u8;
        dst[j + 1] = 0x80 | ((cp >> 12) & 0x3F) as u8;
        dst[j + 2] = 0x80 | ((cp >> 6) & 0x3F) as u8;
        dst[j + 3] = 0x80 | (cp & 0x3F) as u8;
        Some(4)
    } else {
        None
    }
}

impl RawEncoder for Utf8Encoder {
    fn encode_raw(
        &mut self,
        src: &[u16],
        dst: &mut [u8],
        _last: bool,
    ) -> (EncoderResult, usize, usize) {
        let (mut i, mut j) = (0, 0);
        while i < src.len() {
            // ASCII run.
            let n = (src.len() - i).min(dst.len() - j);
            let mut k = 0;
            while k < n && src[i + k] < 0x80 {
                dst[j + k] = src[i + k] as u8;
                k += 1;
            }
            i += k;
            j += k;
            if i == src.len() {
                break;
            }
            let (cp, units) = next_scalar(src, i);
            match write_utf8(cp, dst, j) {
                Some(w) => {
                    i += units;
                    j += w;
                }
                None => return (EncoderResult::OutputFull, i, j),
            }
        }
        (EncoderResult::InputEmpty, i, j)
    }
}
