//! The gb18030 decoder (also GBK's decoder): the standard's handler with gb18030 first, second and
//! third, index gb18030 for two bytes and index gb18030 ranges for four.

use super::cjk_common::{
    byte_offsets, gb18030_ranges_code_point, two_byte_fast, CjkDecoder, End, Handler, Step,
    GB18030, NO_OFFSET,
};

/// State of the standard's gb18030 decoder: gb18030 first, second and third (0x00 for none).
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct Gb18030Handler {
    first: u8,
    second: u8,
    third: u8,
}

/// A two-byte sequence's second bytes' part of a pointer (0x40..=0x7E, then 0x80..=0xFE).
const TRAIL: [u8; 256] = byte_offsets(&[(0x40, 0x7E), (0x80, 0xFE)]);

/// The gb18030 (and GBK) decoder.
pub(crate) type Gb18030Decoder = CjkDecoder<Gb18030Handler>;

impl Handler for Gb18030Handler {
    #[inline]
    fn ascii_passthrough(&self) -> bool {
        self.first == 0
    }

    #[inline]
    fn fast(&mut self, src: &[u8], dst: &mut [u16]) -> (usize, usize) {
        if self.first != 0 {
            return (0, 0);
        }
        let index = GB18030.expanded();
        two_byte_fast(
            src,
            dst,
            |byte| (byte == 0x80).then_some(0x20AC),
            |leading, byte| {
                // Four-byte sequences (a digit second) are left to the handler.
                let lead = usize::from(leading.wrapping_sub(0x81));
                let trail = TRAIL[usize::from(byte)];
                if lead >= 0x7E || trail == NO_OFFSET {
                    return None;
                }
                index.code_point(lead * 190 + usize::from(trail))
            },
        )
    }

    fn handle(&mut self, byte: u8) -> Step {
        if self.third != 0 {
            if !(0x30..=0x39).contains(&byte) {
                // Restore « second, third, byte ».
                let bytes = [self.second, self.third];
                *self = Self::default();
                return Step::Restore { bytes, len: 2 };
            }
            let pointer = (u32::from(self.first) - 0x81) * (10 * 126 * 10)
                + (u32::from(self.second) - 0x30) * (10 * 126)
                + (u32::from(self.third) - 0x81) * 10
                + u32::from(byte)
                - 0x30;
            *self = Self::default();
            return match gb18030_ranges_code_point(pointer) {
                Some(cp) => Step::Emit(cp),
                None => Step::Error,
            };
        }
        if self.second != 0 {
            if (0x81..=0xFE).contains(&byte) {
                self.third = byte;
                return Step::Continue;
            }
            // Restore « second, byte ».
            let bytes = [self.second, 0];
            *self = Self::default();
            return Step::Restore { bytes, len: 1 };
        }
        if self.first != 0 {
            if (0x30..=0x39).contains(&byte) {
                self.second = byte;
                return Step::Continue;
            }
            let leading = self.first;
            self.first = 0;
            let offset = if byte < 0x7F { 0x40 } else { 0x41 };
            if matches!(byte, 0x40..=0x7E | 0x80..=0xFE) {
                let pointer = (usize::from(leading) - 0x81) * 190 + usize::from(byte - offset);
                if let Some(cp) = GB18030.code_point(pointer) {
                    return Step::Emit(cp);
                }
            }
            return Step::after_bad_pair(byte);
        }
        match byte {
            0x00..=0x7F => Step::Emit(u32::from(byte)),
            0x80 => Step::Emit(0x20AC),
            0x81..=0xFE => {
                self.first = byte;
                Step::Continue
            }
            0xFF => Step::Error,
        }
    }

    fn end(&mut self) -> End {
        if self.first == 0 && self.second == 0 && self.third == 0 {
            return End::Finished;
        }
        *self = Self::default();
        End::Error
    }
}

#[cfg(test)]
mod tests {
    use crate::decode::cjk_common::test_util::{decode, decode_bytewise, decode_fatal};
    use crate::Encoding;

    fn both(bytes: &[u8]) -> String {
        let s = decode_bytewise(Encoding::Gb18030, bytes);
        assert_eq!(
            s,
            decode(Encoding::Gbk, bytes),
            "GBK's decoder is gb18030's"
        );
        s
    }

    #[test]
    fn ascii_euro_and_two_bytes() {
        assert_eq!(both(b"abc\x80"), "abc\u{20AC}");
        assert_eq!(both(b"\x81\x40"), "\u{4E02}");
        assert_eq!(both(b"\xB0\xA1"), "\u{554A}");
        assert_eq!(both(b"\xA1\xA1\xA3\xA0"), "\u{3000}\u{3000}");
        assert_eq!(both(b"\xFF"), "\u{FFFD}");
        assert_eq!(both(b"\x81\x7F"), "\u{FFFD}\u{7F}");
        assert_eq!(both(b"\x81\xFF"), "\u{FFFD}");
    }

    #[test]
    fn gb18030_2022_two_byte_changes() {
        // GB18030-2022 moved these from the Private Use Area to their standard code points.
        assert_eq!(both(b"\xA6\xD9"), "\u{FE10}");
        assert_eq!(both(b"\xA6\xF3"), "\u{FE19}");
        assert_eq!(both(b"\xFE\x59"), "\u{9FB4}");
        assert_eq!(both(b"\xFE\xA0"), "\u{9FBB}");
    }

    #[test]
    fn four_bytes_at_range_boundaries() {
        assert_eq!(both(b"\x81\x30\x81\x30"), "\u{80}"); // pointer 0
        assert_eq!(both(b"\x81\x30\x84\x35"), "\u{A3}"); // pointer 35, end of the first range
        assert_eq!(both(b"\x81\x30\x84\x36"), "\u{A5}"); // pointer 36, next range
        assert_eq!(both(b"\x81\x35\xF4\x37"), "\u{E7C7}"); // pointer 7457
        assert_eq!(both(b"\x81\x35\xF4\x36"), "\u{1E3E}"); // pointer 7456
        assert_eq!(both(b"\x84\x31\xA4\x39"), "\u{FFFF}"); // pointer 39419
        assert_eq!(both(b"\x84\x31\xA5\x30"), "\u{FFFD}"); // pointer 39420
        assert_eq!(both(b"\x8F\x39\xFE\x39"), "\u{FFFD}"); // pointer 188999
        assert_eq!(both(b"\x90\x30\x81\x30"), "\u{10000}"); // pointer 189000
        assert_eq!(both(b"\xE3\x32\x9A\x35"), "\u{10FFFF}"); // pointer 1237575
        assert_eq!(both(b"\xE3\x32\x9A\x36"), "\u{FFFD}"); // pointer 1237576
        assert_eq!(both(b"\xFE\x39\xFE\x39"), "\u{FFFD}");
        assert_eq!(decode_fatal(Encoding::Gb18030, b"\x84\x31\xA5\x30"), None);
    }

    #[test]
    fn restores_on_bad_bytes() {
        // Bad fourth byte: error, then second, third and the byte are decoded again.
        assert_eq!(both(b"\x81\x30\x81\x41"), "\u{FFFD}0\u{4E04}");
        assert_eq!(both(b"\x81\x30\x81a"), "\u{FFFD}0\u{4E64}");
        assert_eq!(both(b"\x81\x30\x81 "), "\u{FFFD}0\u{FFFD} ");
        assert_eq!(
            both(b"\x81\x30\x81\x30\x81\x30\x81\x41"),
            "\u{80}\u{FFFD}0\u{4E04}"
        );
        // Bad third byte: error, then second and the byte.
        assert_eq!(both(b"\x81\x30a"), "\u{FFFD}0a");
        assert_eq!(both(b"\x81\x30\xFF"), "\u{FFFD}0\u{FFFD}");
        // An ASCII byte after a lead without a code point is not swallowed; others are.
        assert_eq!(both(b"\x81\x20"), "\u{FFFD} ");
        assert_eq!(both(b"\x81\xFFa"), "\u{FFFD}a");
        assert_eq!(both(b"\x81\x80"), "\u{4E90}");
    }

    #[test]
    fn end_of_queue() {
        assert_eq!(both(b"a\x81"), "a\u{FFFD}");
        // The exception to "an ASCII byte after a bad lead is not swallowed": at end-of-queue the
        // handler restores nothing, so a pending ASCII digit (gb18030 second) goes with the error,
        // while the same bytes followed by a bad byte give the digit back.
        assert_eq!(both(b"\x81\x30"), "\u{FFFD}");
        assert_eq!(both(b"\x81\x30\x81"), "\u{FFFD}");
        assert_eq!(both(b"\x81\x30 "), "\u{FFFD}0 ");
        assert_eq!(both(b"\x81\x30\x81 "), "\u{FFFD}0\u{FFFD} ");
        assert_eq!(decode_fatal(Encoding::Gb18030, b"\x81\x30\x81"), None);
        assert_eq!(
            decode_fatal(Encoding::Gb18030, b"\x81\x30\x81\x30"),
            Some("\u{80}".into())
        );
    }

    #[test]
    fn restore_across_calls_is_replayed() {
        use crate::{Decoder, DecoderResult};
        // First, second and third arrive in one call, the bad fourth byte in the next.
        let mut d = Decoder::new(Encoding::Gb18030, false);
        let mut out = [0u16; 16];
        let (r, read, w) = d.decode_to_utf16_without_replacement(b"\x81\x30\x81", &mut out, false);
        assert_eq!((r, read, w), (DecoderResult::InputEmpty, 3, 0));
        let (r, read, w) = d.decode_to_utf16_without_replacement(b"\x41z", &mut out, false);
        assert_eq!((r, read, w), (DecoderResult::Malformed, 0, 0));
        let (r, read, w) = d.decode_to_utf16_without_replacement(b"\x41z", &mut out, true);
        assert_eq!((r, read, w), (DecoderResult::InputEmpty, 2, 3));
        assert_eq!(String::from_utf16(&out[..3]).unwrap(), "0\u{4E04}z");
        // Within one call too, second and third are held (counted as read) and only the byte in
        // hand is left unread: a fatal streaming call that drops the rest keeps "0" and the lead.
        let mut d = Decoder::new(Encoding::Gb18030, false);
        let (r, read, w) =
            d.decode_to_utf16_without_replacement(b"\x81\x30\x81\xFFz", &mut out, false);
        assert_eq!((r, read, w), (DecoderResult::Malformed, 3, 0));
        d.end_call_after_error(false);
        let (r, read, w) = d.decode_to_utf16_without_replacement(b"\x42", &mut out, true);
        assert_eq!((r, read, w), (DecoderResult::InputEmpty, 1, 2));
        assert_eq!(String::from_utf16(&out[..2]).unwrap(), "0\u{4E05}");
    }

    #[test]
    fn output_full_keeps_the_code_point_whole() {
        use crate::{Decoder, DecoderResult};
        // Nothing of a code point that does not fit is consumed.
        let mut d = Decoder::new(Encoding::Gb18030, false);
        let mut out = [0u16; 2];
        let (r, read, w) =
            d.decode_to_utf16_without_replacement(b"a\x90\x30\x81\x30", &mut out, true);
        assert_eq!((r, read, w), (DecoderResult::OutputFull, 1, 1));
        let (r, read, w) =
            d.decode_to_utf16_without_replacement(b"\x90\x30\x81\x30", &mut out, true);
        assert_eq!((r, read, w), (DecoderResult::InputEmpty, 4, 2));
        assert_eq!(out, [0xD800, 0xDC00]);
        // Bytes of it from earlier calls stay in the state.
        let mut d = Decoder::new(Encoding::Gb18030, false);
        let (r, read, _) = d.decode_to_utf16_without_replacement(b"\x90\x30", &mut out, false);
        assert_eq!((r, read), (DecoderResult::InputEmpty, 2));
        let (r, read, w) = d.decode_to_utf16_without_replacement(b"\x81\x30", &mut out[..1], true);
        assert_eq!((r, read, w), (DecoderResult::OutputFull, 0, 0));
        let (r, read, w) = d.decode_to_utf16_without_replacement(b"\x81\x30", &mut out, true);
        assert_eq!((r, read, w), (DecoderResult::InputEmpty, 2, 2));
        assert_eq!(out, [0xD800, 0xDC00]);
    }
}
