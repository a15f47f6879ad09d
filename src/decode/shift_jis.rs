//! The Shift_JIS decoder: the standard's handler with Shift_JIS leading, index jis0208, halfwidth
//! katakana and the user-defined range (pointers 8836 to 10715, to U+E000 to U+E757).

use super::cjk_common::{
    byte_offsets, end_with_lead, two_byte_fast, CjkDecoder, End, Handler, Step, JIS0208, NO_OFFSET,
};

/// State of the standard's Shift_JIS decoder: Shift_JIS leading (0x00 for none).
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct ShiftJisHandler {
    leading: u8,
}

/// Shift_JIS lead bytes' part of a pointer (0x81..=0x9F, then 0xE0..=0xFC), and trail bytes'
/// (0x40..=0x7E, then 0x80..=0xFC).
const LEAD: [u8; 256] = byte_offsets(&[(0x81, 0x9F), (0xE0, 0xFC)]);
const TRAIL: [u8; 256] = byte_offsets(&[(0x40, 0x7E), (0x80, 0xFC)]);

/// The Shift_JIS decoder.
pub(crate) type ShiftJisDecoder = CjkDecoder<ShiftJisHandler>;

impl Handler for ShiftJisHandler {
    #[inline]
    fn ascii_passthrough(&self) -> bool {
        self.leading == 0
    }

    #[inline]
    fn fast(&mut self, src: &[u8], dst: &mut [u16]) -> (usize, usize) {
        if self.leading != 0 {
            return (0, 0);
        }
        let index = JIS0208.expanded();
        two_byte_fast(
            src,
            dst,
            |byte| match byte {
                0x80 => Some(0x80),
                0xA1..=0xDF => Some(0xFF61 - 0xA1 + u16::from(byte)),
                _ => None,
            },
            |leading, byte| {
                let lead = LEAD[usize::from(leading)];
                let trail = TRAIL[usize::from(byte)];
                if lead == NO_OFFSET || trail == NO_OFFSET {
                    return None;
                }
                let pointer = usize::from(lead) * 188 + usize::from(trail);
                if (8836..=10715).contains(&pointer) {
                    return Some(0xE000 - 8836 + pointer as u32);
                }
                index.code_point(pointer)
            },
        )
    }

    fn handle(&mut self, byte: u8) -> Step {
        if self.leading != 0 {
            let leading = self.leading;
            self.leading = 0;
            let offset = if byte < 0x7F { 0x40 } else { 0x41 };
            let leading_offset = if leading < 0xA0 { 0x81 } else { 0xC1 };
            if matches!(byte, 0x40..=0x7E | 0x80..=0xFC) {
                let pointer =
                    usize::from(leading - leading_offset) * 188 + usize::from(byte - offset);
                if (8836..=10715).contains(&pointer) {
                    return Step::Emit(0xE000 - 8836 + pointer as u32);
                }
                if let Some(cp) = JIS0208.code_point(pointer) {
                    return Step::Emit(cp);
                }
            }
            return Step::after_bad_pair(byte);
        }
        match byte {
            0x00..=0x80 => Step::Emit(u32::from(byte)),
            0xA1..=0xDF => Step::Emit(0xFF61 - 0xA1 + u32::from(byte)),
            0x81..=0x9F | 0xE0..=0xFC => {
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
    use crate::Encoding;

    fn sjis(bytes: &[u8]) -> String {
        decode_bytewise(Encoding::ShiftJis, bytes)
    }

    #[test]
    fn single_bytes() {
        assert_eq!(sjis(b"a\\~\x80"), "a\\~\u{80}");
        assert_eq!(sjis(b"\xA1\xDF"), "\u{FF61}\u{FF9F}");
        assert_eq!(sjis(b"\xA0"), "\u{FFFD}");
        assert_eq!(sjis(b"\xFD\xFE\xFF"), "\u{FFFD}\u{FFFD}\u{FFFD}");
    }

    #[test]
    fn two_bytes() {
        assert_eq!(sjis(b"\x82\xA0"), "\u{3042}");
        assert_eq!(sjis(b"\x81\x40"), "\u{3000}");
        assert_eq!(sjis(b"\x88\x9F"), "\u{4E9C}");
        assert_eq!(sjis(b"\xEA\xA4"), "\u{7199}"); // JIS level 2's last
        assert_eq!(sjis(b"\xED\x40"), "\u{7E8A}"); // pointer 8272, NEC-selected IBM extensions
        assert_eq!(sjis(b"\xFA\x40"), "\u{2170}"); // pointer 10716, IBM extensions
        assert_eq!(sjis(b"\xFC\x4B"), "\u{9ED1}"); // pointer 11103, the last
        assert_eq!(sjis(b"\xFC\x4C"), "\u{FFFD}L");
        assert_eq!(sjis(b"\x81\x7F"), "\u{FFFD}\u{7F}");
        assert_eq!(sjis(b"\x81\xFD"), "\u{FFFD}");
        assert_eq!(sjis(b"\x82"), "\u{FFFD}");
        assert_eq!(decode_fatal(Encoding::ShiftJis, b"\x82"), None);
    }

    #[test]
    fn user_defined_range() {
        assert_eq!(sjis(b"\xF0\x40"), "\u{E000}"); // pointer 8836
        assert_eq!(sjis(b"\xF0\x9F"), "\u{E05E}"); // pointer 8930
        assert_eq!(sjis(b"\xF9\xFC"), "\u{E757}"); // pointer 10715
        assert_eq!(sjis(b"\xEF\xFC"), "\u{FFFD}"); // pointer 8835: NEC row without a code point
        assert_eq!(
            decode_fatal(Encoding::ShiftJis, b"\xF5\x80"),
            Some("\u{E3EB}".into())
        ); // 9839
    }
}
