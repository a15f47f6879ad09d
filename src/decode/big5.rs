//! The Big5 decoder: the standard's handler with Big5 leading, index Big5 and the four pointers
//! that decode to two code points.

use super::cjk_common::{
    byte_offsets, end_with_lead, two_byte_fast, CjkDecoder, End, Handler, Step, BIG5, NO_OFFSET,
};

/// State of the standard's Big5 decoder: Big5 leading (0x00 for none).
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct Big5Handler {
    leading: u8,
}

/// Big5 trail bytes' part of a pointer (0x40..=0x7E, then 0xA1..=0xFE).
const TRAIL: [u8; 256] = byte_offsets(&[(0x40, 0x7E), (0xA1, 0xFE)]);

/// The Big5 decoder.
pub(crate) type Big5Decoder = CjkDecoder<Big5Handler>;

impl Handler for Big5Handler {
    #[inline]
    fn ascii_passthrough(&self) -> bool {
        self.leading == 0
    }

    #[inline]
    fn fast(&mut self, src: &[u8], dst: &mut [u16]) -> (usize, usize) {
        if self.leading != 0 {
            return (0, 0);
        }
        let index = BIG5.expanded();
        two_byte_fast(
            src,
            dst,
            |_| None,
            |leading, byte| {
                let lead = usize::from(leading.wrapping_sub(0x81));
                let trail = usize::from(TRAIL[usize::from(byte)]);
                if lead >= 0x7E || trail == usize::from(NO_OFFSET) {
                    return None;
                }
                let pointer = lead * 157 + trail;
                // The four pointers with two code points are left to the handler.
                if pointer.wrapping_sub(1133) <= 33 && matches!(pointer, 1133 | 1135 | 1164 | 1166)
                {
                    return None;
                }
                index.code_point(pointer)
            },
        )
    }

    fn handle(&mut self, byte: u8) -> Step {
        if self.leading != 0 {
            let leading = self.leading;
            self.leading = 0;
            let offset = if byte < 0x7F { 0x40 } else { 0x62 };
            if matches!(byte, 0x40..=0x7E | 0xA1..=0xFE) {
                let pointer = (usize::from(leading) - 0x81) * 157 + usize::from(byte - offset);
                match pointer {
                    1133 => return Step::EmitPair(0x00CA, 0x0304),
                    1135 => return Step::EmitPair(0x00CA, 0x030C),
                    1164 => return Step::EmitPair(0x00EA, 0x0304),
                    1166 => return Step::EmitPair(0x00EA, 0x030C),
                    _ => {}
                }
                if let Some(cp) = BIG5.code_point(pointer) {
                    return Step::Emit(cp);
                }
            }
            return Step::after_bad_pair(byte);
        }
        match byte {
            0x00..=0x7F => Step::Emit(u32::from(byte)),
            0x81..=0xFE => {
                self.leading = byte;
                Step::Continue
            }
            _ => Step::Error,
        }
    }

    fn end(&mut self) -> End {
        end_with_lead(&mut self.leading)
    }
}

#[cfg(test)]
mod tests {
    use crate::decode::cjk_common::test_util::{decode_bytewise, decode_fatal};
    use crate::{Decoder, DecoderResult, Encoding};

    fn big5(bytes: &[u8]) -> String {
        decode_bytewise(Encoding::Big5, bytes)
    }

    #[test]
    fn index_big5() {
        assert_eq!(big5(b"a\xA4\x40b"), "a\u{4E00}b");
        assert_eq!(big5(b"\xA1\x40"), "\u{3000}"); // pointer 5024
        assert_eq!(big5(b"\x87\x40"), "\u{43F0}"); // pointer 942, the first
        assert_eq!(big5(b"\x88\x40"), "\u{31C0}"); // pointer 1099
        assert_eq!(big5(b"\xFE\xFE"), "\u{79D4}"); // pointer 19781, the last
        assert_eq!(big5(b"\x81\x40"), "\u{FFFD}\u{40}"); // no code point: the ASCII byte stays
        assert_eq!(big5(b"\x80"), "\u{FFFD}");
        assert_eq!(big5(b"\xFF"), "\u{FFFD}");
        assert_eq!(big5(b"\xA4\x7F"), "\u{FFFD}\u{7F}");
        assert_eq!(big5(b"\xA4\xA0"), "\u{FFFD}");
        assert_eq!(big5(b"\xA4"), "\u{FFFD}");
        // A lead after a lead: the second is a trail byte, not a new lead.
        assert_eq!(big5(b"\xA4\xA4\x40"), big5(b"\xA4\xA4") + "@");
        assert_eq!(big5(b"\xA4\xA4").chars().count(), 1);
    }

    #[test]
    fn astral_code_points() {
        assert_eq!(big5(b"\x87\x45"), "\u{27267}"); // pointer 947
        assert_eq!(big5(b"\x88\x45"), "\u{2010C}"); // pointer 1104
        assert_eq!(big5(b"\xFA\x40"), "\u{20547}"); // pointer 18997
        let mut d = Decoder::new(Encoding::Big5, false);
        let mut out = [0u16; 1];
        let (r, read, w) = d.decode_to_utf16_without_replacement(b"\x87\x45", &mut out, true);
        assert_eq!((r, read, w), (DecoderResult::OutputFull, 0, 0));
    }

    #[test]
    fn two_code_point_pointers() {
        assert_eq!(big5(b"\x88\x62"), "\u{CA}\u{304}"); // 1133
        assert_eq!(big5(b"\x88\x64"), "\u{CA}\u{30C}"); // 1135
        assert_eq!(big5(b"\x88\xA3"), "\u{EA}\u{304}"); // 1164
        assert_eq!(big5(b"\x88\xA5"), "\u{EA}\u{30C}"); // 1166
                                                        // Their neighbours are single code points.
        assert_eq!(big5(b"\x88\x66"), "\u{CA}");
        assert_eq!(big5(b"\x88\xA7"), "\u{EA}");
        // Both units are written or neither, and nothing of the pair is consumed.
        let mut d = Decoder::new(Encoding::Big5, false);
        let mut out = [0u16; 2];
        let (r, read, w) = d.decode_to_utf16_without_replacement(b"a\x88\x62", &mut out[..2], true);
        assert_eq!((r, read, w), (DecoderResult::OutputFull, 1, 1));
        let (r, read, w) = d.decode_to_utf16_without_replacement(b"\x88\x62", &mut out, true);
        assert_eq!((r, read, w), (DecoderResult::InputEmpty, 2, 2));
        assert_eq!(out, [0xCA, 0x304]);
        // When the lead arrived in an earlier call, it stays in the state.
        let mut d = Decoder::new(Encoding::Big5, false);
        let (r, read, w) = d.decode_to_utf16_without_replacement(b"\x88", &mut out, false);
        assert_eq!((r, read, w), (DecoderResult::InputEmpty, 1, 0));
        let (r, read, w) = d.decode_to_utf16_without_replacement(b"\x62", &mut out[..1], true);
        assert_eq!((r, read, w), (DecoderResult::OutputFull, 0, 0));
        let (r, read, w) = d.decode_to_utf16_without_replacement(b"\x62", &mut out, true);
        assert_eq!((r, read, w), (DecoderResult::InputEmpty, 1, 2));
        assert_eq!(out, [0xCA, 0x304]);
    }

    #[test]
    fn fatal() {
        assert_eq!(
            decode_fatal(Encoding::Big5, b"\xA4\x40"),
            Some("\u{4E00}".into())
        );
        assert_eq!(decode_fatal(Encoding::Big5, b"\xA4"), None);
        assert_eq!(decode_fatal(Encoding::Big5, b"\x80"), None);
    }
}
