//! The UTF-8 decoder, exactly the standard's handler (UTF-8 bytes needed/seen, lower and upper
//! boundary), with fast paths for ASCII runs and for whole sequences inside the buffer.

use super::{ascii_to_utf16, DecoderResult, RawDecoder};

/// State of the standard's UTF-8 decoder.
#[derive(Debug, Clone)]
pub(crate) struct Utf8Decoder {
    code_point: u32,
    bytes_seen: u8,
    bytes_needed: u8,
    lower_boundary: u8,
    upper_boundary: u8,
}

impl Default for Utf8Decoder {
    fn default() -> Self {
        Utf8Decoder {
            code_point: 0,
            bytes_seen: 0,
            bytes_needed: 0,
            lower_boundary: 0x80,
            upper_boundary: 0xBF,
        }
    }
}

/// Writes scalar value `cp` as one or two UTF-16 units at `dst[j..]`; returns the unit count.
#[inline]
pub(crate) fn write_scalar(dst: &mut [u16], j: usize, cp: u32) -> usize {
    if cp < 0x10000 {
        dst[j] = cp as u16;
        1
    } else {
        let c = cp - 0x10000;
        dst[j] = 0xD800 | (c >> 10) as u16;
        dst[j + 1] = 0xDC00 | (c & 0x3FF) as u16;
        2
    }
}

#[inline]
fn is_continuation(b: u8) -> bool {
    b & 0xC0 == 0x80
}

impl Utf8Decoder {
    /// Decodes one whole sequence led by `src[i]` (not ASCII) when it lies entirely in `src` and is
    /// well-formed; returns (bytes, code point). `None` leaves the byte to the state machine.
    #[inline]
    fn whole_sequence(src: &[u8], i: usize) -> Option<(usize, u32)> {
        let b0 = src[i];
        match b0 {
            0xC2..=0xDF => {
                let b1 = *src.get(i + 1)?;
                is_continuation(b1).then(|| (2, (u32::from(b0 & 0x1F) << 6) | u32::from(b1 & 0x3F)))
            }
            0xE0..=0xEF => {
                let (b1, b2) = (*src.get(i + 1)?, *src.get(i + 2)?);
                let (lo, hi) = match b0 {
                    0xE0 => (0xA0, 0xBF),
                    0xED => (0x80, 0x9F),
                    _ => (0x80, 0xBF),
                };
                (b1 >= lo && b1 <= hi && is_continuation(b2)).then(|| {
                    (
                        3,
                        (u32::from(b0 & 0x0F) << 12)
                            | (u32::from(b1 & 0x3F) << 6)
                            | u32::from(b2 & 0x3F),
                    )
                })
            }
            0xF0..=0xF4 => {
                let (b1, b2, b3) = (*src.get(i + 1)?, *src.get(i + 2)?, *src.get(i + 3)?);
                let (lo, hi) = match b0 {
                    0xF0 => (0x90, 0xBF),
                    0xF4 => (0x80, 0x8F),
                    _ => (0x80, 0xBF),
                };
                (b1 >= lo && b1 <= hi && is_continuation(b2) && is_continuation(b3)).then(|| {
                    let cp = (u32::from(b0 & 0x07) << 18)
                        | (u32::from(b1 & 0x3F) << 12)
                        | (u32::from(b2 & 0x3F) << 6)
                        | u32::from(b3 & 0x3F);
                    (4, cp)
                })
            }
            _ => None,
        }
    }
}

/// Decodes from the start of `src`, with no sequence pending, ASCII and every well-formed sequence
/// that lies entirely within the first `min(src.len(), dst.len())` bytes; stops before anything
/// else (a malformed or truncated sequence, or one that crosses that window). No sequence writes
/// more units than it has bytes, so the window bounds the output too. Returns (read, written).
#[inline]
fn decode_fast(src: &[u8], dst: &mut [u16]) -> (usize, usize) {
    let n = src.len().min(dst.len());
    let (src, dst) = (&src[..n], &mut dst[..n]);
    let (mut i, mut j) = (0, 0);
    // `j <= i` throughout, so every write below is in bounds.
    while let Some(&b0) = src.get(i) {
        if b0 < 0x80 {
            dst[j] = u16::from(b0);
            i += 1;
            j += 1;
            // A run of ASCII takes the bulk path; a lone space between words does not.
            if src.get(i).is_some_and(|&b| b < 0x80) {
                let k = ascii_to_utf16(&src[i..], &mut dst[j..]);
                i += k;
                j += k;
            }
            continue;
        }
        if (0xC2..=0xDF).contains(&b0) {
            match src.get(i + 1) {
                Some(&b1) if is_continuation(b1) => {
                    dst[j] = (u16::from(b0 & 0x1F) << 6) | u16::from(b1 & 0x3F);
                    i += 2;
                    j += 1;
                    continue;
                }
                _ => break,
            }
        }
        if b0 & 0xF0 == 0xE0 {
            let (Some(&b1), Some(&b2)) = (src.get(i + 1), src.get(i + 2)) else {
                break;
            };
            let unit =
                (u16::from(b0 & 0x0F) << 12) | (u16::from(b1 & 0x3F) << 6) | u16::from(b2 & 0x3F);
            // The boundaries of E0 (no overlongs) and ED (no surrogates), as a range check.
            if !is_continuation(b1)
                || !is_continuation(b2)
                || unit < 0x800
                || (0xD800..=0xDFFF).contains(&unit)
            {
                break;
            }
            dst[j] = unit;
            i += 3;
            j += 1;
            continue;
        }
        if (0xF0..=0xF4).contains(&b0) {
            let (Some(&b1), Some(&b2), Some(&b3)) =
                (src.get(i + 1), src.get(i + 2), src.get(i + 3))
            else {
                break;
            };
            let cp = (u32::from(b0 & 0x07) << 18)
                | (u32::from(b1 & 0x3F) << 12)
                | (u32::from(b2 & 0x3F) << 6)
                | u32::from(b3 & 0x3F);
            // The boundaries of F0 (no overlongs) and F4 (nothing above U+10FFFF).
            if !is_continuation(b1)
                || !is_continuation(b2)
                || !is_continuation(b3)
                || !(0x10000..=0x10FFFF).contains(&cp)
            {
                break;
            }
            let c = cp - 0x10000;
            dst[j] = 0xD800 | (c >> 10) as u16;
            dst[j + 1] = 0xDC00 | (c & 0x3FF) as u16;
            i += 4;
            j += 2;
            continue;
        }
        break;
    }
    (i, j)
}

impl RawDecoder for Utf8Decoder {
    fn decode_raw(
        &mut self,
        src: &[u8],
        dst: &mut [u16],
        last: bool,
    ) -> (DecoderResult, usize, usize) {
        let (mut i, mut j) = (0, 0);
        loop {
            if self.bytes_needed == 0 {
                let (r, w) = decode_fast(&src[i..], &mut dst[j..]);
                i += r;
                j += w;
                if i == src.len() {
                    break;
                }
                if j == dst.len() {
                    return (DecoderResult::OutputFull, i, j);
                }
                if r > 0 {
                    // Stopped at the window's end: a new window.
                    continue;
                }
                if src[i] >= 0x80 {
                    if let Some((len, cp)) = Self::whole_sequence(src, i) {
                        if dst.len() - j < if cp >= 0x10000 { 2 } else { 1 } {
                            return (DecoderResult::OutputFull, i, j);
                        }
                        j += write_scalar(dst, j, cp);
                        i += len;
                        continue;
                    }
                }
            }
            if i == src.len() {
                break;
            }
            // The standard's handler, one byte at a time.
            let byte = src[i];
            if self.bytes_needed == 0 {
                match byte {
                    // ASCII was taken by the fast path above, so only leads and errors remain.
                    0xC2..=0xDF => {
                        self.bytes_needed = 1;
                        self.code_point = u32::from(byte & 0x1F);
                    }
                    0xE0..=0xEF => {
                        if byte == 0xE0 {
                            self.lower_boundary = 0xA0;
                        }
                        if byte == 0xED {
                            self.upper_boundary = 0x9F;
                        }
                        self.bytes_needed = 2;
                        self.code_point = u32::from(byte & 0x0F);
                    }
                    0xF0..=0xF4 => {
                        if byte == 0xF0 {
                            self.lower_boundary = 0x90;
                        }
                        if byte == 0xF4 {
                            self.upper_boundary = 0x8F;
                        }
                        self.bytes_needed = 3;
                        self.code_point = u32::from(byte & 0x07);
                    }
                    _ => return (DecoderResult::Malformed, i + 1, j),
                }
                i += 1;
                continue;
            }
            if byte < self.lower_boundary || byte > self.upper_boundary {
                // The byte is restored to the queue: not consumed.
                *self = Utf8Decoder::default();
                return (DecoderResult::Malformed, i, j);
            }
            let completes = self.bytes_seen + 1 == self.bytes_needed;
            if completes {
                let cp = (self.code_point << 6) | u32::from(byte & 0x3F);
                if dst.len() - j < if cp >= 0x10000 { 2 } else { 1 } {
                    return (DecoderResult::OutputFull, i, j);
                }
                j += write_scalar(dst, j, cp);
                *self = Utf8Decoder::default();
            } else {
                self.lower_boundary = 0x80;
                self.upper_boundary = 0xBF;
                self.code_point = (self.code_point << 6) | u32::from(byte & 0x3F);
                self.bytes_seen += 1;
            }
            i += 1;
        }
        if last && self.bytes_needed != 0 {
            *self = Utf8Decoder::default();
            return (DecoderResult::Malformed, i, j);
        }
        (DecoderResult::InputEmpty, i, j)
    }
}

#[cfg(test)]
mod tests {
    use crate::{Decoder, DecoderResult, Encoding};

    fn decode(bytes: &[u8]) -> String {
        let mut d = Decoder::new(Encoding::Utf8, true);
        let mut out = vec![0u16; bytes.len() + 8];
        let (r, read, written, _) = d.decode_to_utf16(bytes, &mut out, true);
        assert_eq!((r, read), (DecoderResult::InputEmpty, bytes.len()));
        String::from_utf16(&out[..written]).unwrap()
    }

    #[test]
    fn standard_handler_cases() {
        assert_eq!(decode(b"abc"), "abc");
        assert_eq!(decode(b"\xC3\xA9"), "\u{e9}");
        assert_eq!(decode(b"\xE2\x82\xAC"), "\u{20ac}");
        assert_eq!(decode(b"\xF0\x9F\x98\x80"), "\u{1f600}");
        // Overlong and out-of-range leads.
        assert_eq!(decode(b"\xC0\x80"), "\u{fffd}\u{fffd}");
        assert_eq!(decode(b"\xF5\x80"), "\u{fffd}\u{fffd}");
        // E0 needs A0..BF; the breaking byte is reprocessed.
        assert_eq!(decode(b"\xE0\x80\x80"), "\u{fffd}\u{fffd}\u{fffd}");
        assert_eq!(decode(b"\xE0\xA0A"), "\u{fffd}A");
        // ED excludes surrogates.
        assert_eq!(decode(b"\xED\xA0\x80"), "\u{fffd}\u{fffd}\u{fffd}");
        assert_eq!(decode(b"\xED\x9F\xBF"), "\u{d7ff}");
        // F0 needs 90..BF; F4 needs 80..8F.
        assert_eq!(
            decode(b"\xF0\x8F\xBF\xBF"),
            "\u{fffd}\u{fffd}\u{fffd}\u{fffd}"
        );
        assert_eq!(
            decode(b"\xF4\x90\x80\x80"),
            "\u{fffd}\u{fffd}\u{fffd}\u{fffd}"
        );
        assert_eq!(decode(b"\xF4\x8F\xBF\xBF"), "\u{10ffff}");
        // A truncated sequence at end-of-queue is one error.
        assert_eq!(decode(b"\xF0\x9F\x98"), "\u{fffd}");
        assert_eq!(decode(b"a\xE2\x82"), "a\u{fffd}");
        assert_eq!(decode(b"\xE2\x82a\xE2"), "\u{fffd}a\u{fffd}");
    }

    #[test]
    fn output_full_never_splits_a_code_point() {
        let bytes = "a\u{1f600}b\u{e9}".as_bytes();
        let mut d = Decoder::new(Encoding::Utf8, true);
        let mut out = Vec::new();
        let mut read = 0;
        loop {
            let mut buf = [0u16; 3];
            let (r, n, w, _) = d.decode_to_utf16(&bytes[read..], &mut buf, true);
            read += n;
            out.extend_from_slice(&buf[..w]);
            if r == DecoderResult::InputEmpty {
                break;
            }
        }
        assert_eq!(String::from_utf16(&out).unwrap(), "a\u{1f600}b\u{e9}");
    }
}
