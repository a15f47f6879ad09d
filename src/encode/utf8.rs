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

/// Copies the ASCII units at the start of `src` to `dst` as bytes, until a non-ASCII unit or the
/// end of either; returns how many.
#[inline]
fn ascii_run(src: &[u16], dst: &mut [u8]) -> usize {
    let n = src.len().min(dst.len());
    let (src, dst) = (&src[..n], &mut dst[..n]);
    let mut i = 0;
    // Eight units at a time while they are all ASCII.
    for (s, d) in src.chunks_exact(8).zip(dst.chunks_exact_mut(8)) {
        let (Ok(s), Ok(d)) = (<&[u16; 8]>::try_from(s), <&mut [u8; 8]>::try_from(d)) else {
            break;
        };
        if s.iter().fold(0, |acc, &u| acc | u) >= 0x80 {
            break;
        }
        for (d, &u) in d.iter_mut().zip(s) {
            *d = u as u8;
        }
        i += 8;
    }
    for (d, &u) in dst[i..].iter_mut().zip(&src[i..]) {
        if u >= 0x80 {
            break;
        }
        *d = u as u8;
        i += 1;
    }
    i
}

/// Encodes from the start of `src` the units that fit for sure: the first `min(src.len(),
/// dst.len() / 3)` (no unit writes more than 3 bytes, nor a surrogate pair more than 4); stops
/// before a lone surrogate or a pair that crosses that window. Returns (read, written).
#[inline]
fn encode_fast(src: &[u16], dst: &mut [u8]) -> (usize, usize) {
    let n = src.len().min(dst.len() / 3);
    let (src, dst) = (&src[..n], &mut dst[..3 * n]);
    let (mut i, mut j) = (0, 0);
    // `j <= 3 * i` throughout, so every write below is in bounds.
    while let Some(&u) = src.get(i) {
        if u < 0x80 {
            dst[j] = u as u8;
            i += 1;
            j += 1;
            // A run of ASCII takes the bulk path; a lone space between words does not.
            if src.get(i).is_some_and(|&u| u < 0x80) {
                let k = ascii_run(&src[i..], &mut dst[j..]);
                i += k;
                j += k;
            }
        } else if u < 0x800 {
            dst[j..j + 2].copy_from_slice(&[0xC0 | (u >> 6) as u8, 0x80 | (u & 0x3F) as u8]);
            i += 1;
            j += 2;
        } else if !(0xD800..=0xDFFF).contains(&u) {
            dst[j..j + 3].copy_from_slice(&[
                0xE0 | (u >> 12) as u8,
                0x80 | ((u >> 6) & 0x3F) as u8,
                0x80 | (u & 0x3F) as u8,
            ]);
            i += 1;
            j += 3;
        } else {
            match (u, src.get(i + 1)) {
                (0xD800..=0xDBFF, Some(&low @ 0xDC00..=0xDFFF)) => {
                    let cp = 0x10000 + ((u32::from(u) - 0xD800) << 10) + (u32::from(low) - 0xDC00);
                    dst[j..j + 4].copy_from_slice(&[
                        0xF0 | (cp >> 18) as u8,
                        0x80 | ((cp >> 12) & 0x3F) as u8,
                        0x80 | ((cp >> 6) & 0x3F) as u8,
                        0x80 | (cp & 0x3F) as u8,
                    ]);
                    i += 2;
                    j += 4;
                }
                _ => break,
            }
        }
    }
    (i, j)
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
            let (r, w) = encode_fast(&src[i..], &mut dst[j..]);
            i += r;
            j += w;
            // Near the end of the output (or at a lone surrogate): an ASCII run, then one scalar
            // value with its room checked.
            let k = ascii_run(&src[i..], &mut dst[j..]);
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
