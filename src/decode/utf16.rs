//! The shared UTF-16BE/LE decoder: the standard's handler with its UTF-16 leading byte and
//! leading surrogate, unpaired surrogates and an odd trailing byte as errors.

use super::{DecoderResult, RawDecoder};

/// State of the standard's shared UTF-16 decoder.
#[derive(Debug, Clone)]
pub(crate) struct Utf16Decoder {
    big_endian: bool,
    leading_byte: Option<u8>,
    leading_surrogate: Option<u16>,
    /// A code unit whose two bytes the standard restores to the queue after an unpaired leading
    /// surrogate that was pending when the call began (or was completed by its first byte); held
    /// here because it has been consumed (see `leading_in_src` in `decode_raw`).
    reprocess: Option<u16>,
}

impl Utf16Decoder {
    pub(crate) fn new(big_endian: bool) -> Self {
        Utf16Decoder {
            big_endian,
            leading_byte: None,
            leading_surrogate: None,
            reprocess: None,
        }
    }

    /// Steps 5 to 8 of the handler for one code unit. `Ok(n)` units written; `Err(result)` to stop.
    #[inline]
    fn unit(&mut self, unit: u16, dst: &mut [u16], j: usize) -> Result<usize, DecoderResult> {
        if let Some(lead) = self.leading_surrogate {
            if (0xDC00..=0xDFFF).contains(&unit) {
                if dst.len() - j < 2 {
                    return Err(DecoderResult::OutputFull);
                }
                self.leading_surrogate = None;
                dst[j] = lead;
                dst[j + 1] = unit;
                return Ok(2);
            }
            self.leading_surrogate = None;
            self.reprocess = Some(unit);
            return Err(DecoderResult::Malformed);
        }
        match unit {
            0xD800..=0xDBFF => {
                self.leading_surrogate = Some(unit);
                Ok(0)
            }
            0xDC00..=0xDFFF => Err(DecoderResult::Malformed),
            _ => {
                if j == dst.len() {
                    return Err(DecoderResult::OutputFull);
                }
                dst[j] = unit;
                Ok(1)
            }
        }
    }
}

impl RawDecoder for Utf16Decoder {
    fn decode_raw(
        &mut self,
        src: &[u8],
        dst: &mut [u16],
        last: bool,
    ) -> (DecoderResult, usize, usize) {
        let (mut i, mut j) = (0, 0);
        if let Some(unit) = self.reprocess {
            self.reprocess = None;
            match self.unit(unit, dst, j) {
                Ok(n) => j += n,
                Err(DecoderResult::OutputFull) => {
                    self.reprocess = Some(unit);
                    return (DecoderResult::OutputFull, 0, 0);
                }
                Err(r) => return (r, 0, 0),
            }
        }
        if let Some(lead) = self.leading_byte {
            if let Some(&b) = src.first() {
                let unit = if self.big_endian {
                    u16::from_be_bytes([lead, b])
                } else {
                    u16::from_le_bytes([lead, b])
                };
                match self.unit(unit, dst, j) {
                    Ok(n) => {
                        self.leading_byte = None;
                        i = 1;
                        j += n;
                    }
                    Err(DecoderResult::OutputFull) => return (DecoderResult::OutputFull, 0, j),
                    Err(r) => {
                        self.leading_byte = None;
                        return (r, 1, j);
                    }
                }
            }
        }
        // Whether the pending leading surrogate was read from `src` by this loop. A code unit after
        // it that is not a trailing surrogate is then left unread (the standard restores it to the
        // queue, and it is still in `src`), while one after a leading surrogate from an earlier
        // call is consumed and held in `reprocess`; encoding_rs draws the same line, which decides
        // what a fatal streaming call that drops the rest of its input keeps.
        let mut leading_in_src = false;
        while i + 1 < src.len() {
            let pair = [src[i], src[i + 1]];
            let unit = if self.big_endian {
                u16::from_be_bytes(pair)
            } else {
                u16::from_le_bytes(pair)
            };
            // Fast path: a unit that is not a surrogate, with no surrogate pending.
            if self.leading_surrogate.is_none()
                && !(0xD800..=0xDFFF).contains(&unit)
                && j < dst.len()
            {
                dst[j] = unit;
                j += 1;
                i += 2;
                continue;
            }
            if leading_in_src && !(0xDC00..=0xDFFF).contains(&unit) {
                self.leading_surrogate = None;
                return (DecoderResult::Malformed, i, j);
            }
            match self.unit(unit, dst, j) {
                Ok(n) => {
                    j += n;
                    i += 2;
                    leading_in_src = self.leading_surrogate.is_some();
                }
                Err(DecoderResult::OutputFull) => return (DecoderResult::OutputFull, i, j),
                Err(r) => return (r, i + 2, j),
            }
        }
        if i < src.len() {
            self.leading_byte = Some(src[i]);
            i += 1;
        }
        if last && (self.leading_byte.is_some() || self.leading_surrogate.is_some()) {
            self.leading_byte = None;
            self.leading_surrogate = None;
            return (DecoderResult::Malformed, i, j);
        }
        (DecoderResult::InputEmpty, i, j)
    }
}

#[cfg(test)]
mod tests {
    use crate::{Decoder, Encoding};

    fn decode(encoding: Encoding, bytes: &[u8]) -> Vec<u16> {
        let mut d = Decoder::new(encoding, true);
        let mut out = vec![0u16; bytes.len() + 8];
        let (_, read, written, _) = d.decode_to_utf16(bytes, &mut out, true);
        assert_eq!(read, bytes.len());
        out.truncate(written);
        out
    }

    #[test]
    fn standard_handler_cases() {
        let le = Encoding::Utf16Le;
        let be = Encoding::Utf16Be;
        assert_eq!(decode(le, b"a\0b\0"), [0x61, 0x62]);
        assert_eq!(decode(be, b"\0a\0b"), [0x61, 0x62]);
        assert_eq!(decode(le, b"=\xD8\0\xDE"), [0xD83D, 0xDE00]);
        // Odd trailing byte.
        assert_eq!(decode(le, b"a\0b"), [0x61, 0xFFFD]);
        // Unpaired leading surrogate followed by a unit: error, then the unit is reprocessed.
        assert_eq!(decode(le, b"=\xD8a\0"), [0xFFFD, 0x61]);
        assert_eq!(decode(le, b"=\xD8=\xD8\0\xDE"), [0xFFFD, 0xD83D, 0xDE00]);
        // Lone trailing surrogate; leading surrogate at end-of-queue.
        assert_eq!(decode(le, b"\0\xDEa\0"), [0xFFFD, 0x61]);
        assert_eq!(decode(le, b"=\xD8"), [0xFFFD]);
        assert_eq!(decode(le, b"=\xD8\0"), [0xFFFD]);
    }

    #[test]
    fn the_unit_after_an_unpaired_leading_surrogate() {
        use crate::DecoderResult;
        let mut out = [0u16; 8];
        // Both in one call: the unit is left unread, so a fatal streaming call drops it.
        let mut d = Decoder::new(Encoding::Utf16Le, true);
        let (r, read, w) = d.decode_to_utf16_without_replacement(b"=\xD8b\0c\0", &mut out, false);
        assert_eq!((r, read, w), (DecoderResult::Malformed, 2, 0));
        d.end_call_after_error(false);
        let (_, _, w) = d.decode_to_utf16_without_replacement(b"d\0", &mut out, true);
        assert_eq!(&out[..w], [u16::from(b'd')]);
        // The surrogate from an earlier call: the unit is consumed and held, then decoded.
        let mut d = Decoder::new(Encoding::Utf16Le, true);
        let (r, read, _) = d.decode_to_utf16_without_replacement(b"=\xD8", &mut out, false);
        assert_eq!((r, read), (DecoderResult::InputEmpty, 2));
        let (r, read, w) = d.decode_to_utf16_without_replacement(b"b\0c\0", &mut out, false);
        assert_eq!((r, read, w), (DecoderResult::Malformed, 2, 0));
        d.end_call_after_error(false);
        let (_, _, w) = d.decode_to_utf16_without_replacement(b"d\0", &mut out, true);
        assert_eq!(&out[..w], b"bd".map(u16::from));
    }
}
