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

/// The bulk copy's block: eight code units.
const BLOCK_BYTES: usize = 16;

/// Whether one of the four 16-bit lanes of `v` is zero (exact whenever it answers false; a true
/// answer is also exact, as only the lanes above a zero one can be misread).
#[inline(always)]
fn has_zero_lane(v: u64) -> bool {
    v.wrapping_sub(0x0001_0001_0001_0001) & !v & 0x8000_8000_8000_8000 != 0
}

/// Copies the code units of `src` to `dst` in blocks of eight, while a whole block is left in
/// both and holds no surrogate (well-formed text without astral characters never does); returns
/// (bytes read, units written). The blocks are checked first, eight bytes at a time read as one
/// little-endian u64 whose four lanes are the units (byte-swapped for big-endian input), a lane
/// being a surrogate when its top five bits are 0b11011; then the run is copied, four units at a
/// time.
#[inline]
fn copy_surrogate_free(src: &[u8], dst: &mut [u16], big_endian: bool) -> (usize, usize) {
    let (mask, surrogate) = if big_endian {
        (0x00F8_00F8_00F8_00F8_u64, 0x00D8_00D8_00D8_00D8_u64)
    } else {
        (0xF800_F800_F800_F800_u64, 0xD800_D800_D800_D800_u64)
    };
    let blocks = (src.len() / BLOCK_BYTES).min(dst.len() / (BLOCK_BYTES / 2));
    let mut run = 0;
    for block in src.chunks_exact(BLOCK_BYTES).take(blocks) {
        let (a, b) = block.split_at(8);
        let a = u64::from_le_bytes(a.try_into().unwrap_or([0; 8]));
        let b = u64::from_le_bytes(b.try_into().unwrap_or([0; 8]));
        if has_zero_lane((a & mask) ^ surrogate) || has_zero_lane((b & mask) ^ surrogate) {
            break;
        }
        run += BLOCK_BYTES;
    }
    let units = run / 2;
    // Four units at a time, each lane of a little-endian u64 (byte-swapped for big-endian input).
    for (out, quad) in dst[..units]
        .chunks_exact_mut(4)
        .zip(src[..run].chunks_exact(8))
    {
        let mut v = u64::from_le_bytes(quad.try_into().unwrap_or([0; 8]));
        if big_endian {
            v = ((v >> 8) & 0x00FF_00FF_00FF_00FF) | ((v & 0x00FF_00FF_00FF_00FF) << 8);
        }
        for (k, d) in out.iter_mut().enumerate() {
            *d = (v >> (16 * k)) as u16;
        }
    }
    (run, units)
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
        // Where the unit-by-unit loop hands back to the bulk copy: past the block it stopped at.
        let mut bulk_from = i;
        while i + 1 < src.len() {
            if i >= bulk_from && self.leading_surrogate.is_none() {
                let (r, w) = copy_surrogate_free(&src[i..], &mut dst[j..], self.big_endian);
                i += r;
                j += w;
                bulk_from = i + BLOCK_BYTES;
                if i + 1 >= src.len() {
                    break;
                }
            }
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
