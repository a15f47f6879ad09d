//! The EUC-JP decoder: the standard's handler with EUC-JP jis0212 and EUC-JP leading, halfwidth
//! katakana after 0x8E, index jis0208, and index jis0212 after 0x8F.

use super::cjk_common::{
    end_with_lead, two_byte_fast, CjkDecoder, End, Handler, Step, JIS0208, JIS0212,
};

/// State of the standard's EUC-JP decoder.
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct EucJpHandler {
    /// EUC-JP jis0212.
    jis0212: bool,
    /// EUC-JP leading (0x00 for none).
    leading: u8,
}

/// The EUC-JP decoder.
pub(crate) type EucJpDecoder = CjkDecoder<EucJpHandler>;

impl Handler for EucJpHandler {
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
            |_| None,
            |leading, byte| match (leading, byte) {
                (0x8E, 0xA1..=0xDF) => Some(0xFF61 - 0xA1 + u32::from(byte)),
                // jis0212 (after 0x8F) is left to the handler.
                (0xA1..=0xFE, 0xA1..=0xFE) => {
                    index.code_point(usize::from(leading - 0xA1) * 94 + usize::from(byte - 0xA1))
                }
                _ => None,
            },
        )
    }

    fn handle(&mut self, byte: u8) -> Step {
        if self.leading == 0x8E && (0xA1..=0xDF).contains(&byte) {
            self.leading = 0;
            return Step::Emit(0xFF61 - 0xA1 + u32::from(byte));
        }
        if self.leading == 0x8F && (0xA1..=0xFE).contains(&byte) {
            self.jis0212 = true;
            self.leading = byte;
            return Step::Continue;
        }
        if self.leading != 0 {
            let leading = self.leading;
            self.leading = 0;
            let mut code_point = None;
            if (0xA1..=0xFE).contains(&leading) && (0xA1..=0xFE).contains(&byte) {
                let pointer = usize::from(leading - 0xA1) * 94 + usize::from(byte - 0xA1);
                code_point = if self.jis0212 {
                    JIS0212.code_point(pointer)
                } else {
                    JIS0208.code_point(pointer)
                };
            }
            self.jis0212 = false;
            if let Some(cp) = code_point {
                return Step::Emit(cp);
            }
            return Step::after_bad_pair(byte);
        }
        match byte {
            0x00..=0x7F => Step::Emit(u32::from(byte)),
            0x8E | 0x8F | 0xA1..=0xFE => {
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

    fn euc_jp(bytes: &[u8]) -> String {
        decode_bytewise(Encoding::EucJp, bytes)
    }

    #[test]
    fn jis0208_and_katakana() {
        assert_eq!(euc_jp(b"a\xA4\xA2b"), "a\u{3042}b");
        assert_eq!(euc_jp(b"\xA1\xA1"), "\u{3000}");
        assert_eq!(euc_jp(b"\x8E\xA1\x8E\xDF"), "\u{FF61}\u{FF9F}");
        assert_eq!(euc_jp(b"\x8E\xE0"), "\u{FFFD}");
        assert_eq!(euc_jp(b"\x8E\x41"), "\u{FFFD}A");
        assert_eq!(euc_jp(b"\x5C\x7E"), "\\~");
        assert_eq!(euc_jp(b"\x80\xFF\xA0"), "\u{FFFD}\u{FFFD}\u{FFFD}");
        assert_eq!(euc_jp(b"\xA4\x41"), "\u{FFFD}A");
        assert_eq!(euc_jp(b"\xA9\xA1"), "\u{FFFD}"); // row 9 is empty in jis0208
        assert_eq!(euc_jp(b"\xA4"), "\u{FFFD}");
    }

    #[test]
    fn jis0212_after_0x8f() {
        assert_eq!(euc_jp(b"\x8F\xA2\xAF"), "\u{2D8}"); // jis0212 pointer 108, its first
        assert_eq!(euc_jp(b"\x8F\xB0\xA1"), "\u{4E02}");
        assert_eq!(euc_jp(b"\x8F\xED\xE3"), "\u{9FA5}");
        // A pointer jis0212 lacks, though jis0208 has it.
        assert_eq!(euc_jp(b"\x8F\xA1\xA1"), "\u{FFFD}");
        assert_eq!(euc_jp(b"\x8F\xA1\x41"), "\u{FFFD}A");
        // After 0x8F, a byte out of range: 0x8F is the lead and the byte its trail.
        assert_eq!(euc_jp(b"\x8F\x41"), "\u{FFFD}A");
        assert_eq!(euc_jp(b"\x8F\x8E"), "\u{FFFD}");
        // The flag is cleared after each character.
        assert_eq!(euc_jp(b"\x8F\xB0\xA1\xA1\xA1"), "\u{4E02}\u{3000}");
        assert_eq!(euc_jp(b"\x8F\xB0"), "\u{FFFD}");
        assert_eq!(euc_jp(b"\x8F\xB0\x41\xA1\xA1"), "\u{FFFD}A\u{3000}");
        assert_eq!(decode_fatal(Encoding::EucJp, b"\x8F\xB0"), None);
        assert_eq!(decode_fatal(Encoding::EucJp, b"\x8F"), None);
    }
}
