//! The EUC-KR decoder: the standard's handler with EUC-KR leading and index EUC-KR.

use super::cjk_common::{end_with_lead, two_byte_fast, CjkDecoder, End, Handler, Step, EUC_KR};

/// State of the standard's EUC-KR decoder: EUC-KR leading (0x00 for none).
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct EucKrHandler {
    leading: u8,
}

/// The EUC-KR decoder.
pub(crate) type EucKrDecoder = CjkDecoder<EucKrHandler>;

impl Handler for EucKrHandler {
    #[inline]
    fn ascii_passthrough(&self) -> bool {
        self.leading == 0
    }

    #[inline]
    fn fast(&mut self, src: &[u8], dst: &mut [u16]) -> (usize, usize) {
        if self.leading != 0 {
            return (0, 0);
        }
        let index = EUC_KR.expanded();
        two_byte_fast(
            src,
            dst,
            |_| None,
            |leading, byte| {
                let lead = usize::from(leading.wrapping_sub(0x81));
                let trail = usize::from(byte.wrapping_sub(0x41));
                if lead >= 0x7E || trail >= 0xBE {
                    return None;
                }
                index.code_point(lead * 190 + trail)
            },
        )
    }

    fn handle(&mut self, byte: u8) -> Step {
        if self.leading != 0 {
            let leading = self.leading;
            self.leading = 0;
            if (0x41..=0xFE).contains(&byte) {
                let pointer = usize::from(leading - 0x81) * 190 + usize::from(byte - 0x41);
                if let Some(cp) = EUC_KR.code_point(pointer) {
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
    use crate::Encoding;

    fn euc_kr(bytes: &[u8]) -> String {
        decode_bytewise(Encoding::EucKr, bytes)
    }

    #[test]
    fn index_euc_kr() {
        assert_eq!(euc_kr(b"a\xB0\xA1b"), "a\u{AC00}b"); // KS X 1001 Hangul
        assert_eq!(euc_kr(b"\x81\x41"), "\u{AC02}"); // pointer 0, UHC Hangul
        assert_eq!(euc_kr(b"\xC8\xFE"), "\u{D79D}");
        assert_eq!(euc_kr(b"\xC6\x52"), "\u{D7A3}");
        assert_eq!(euc_kr(b"\xA1\xA1"), "\u{3000}");
        assert_eq!(euc_kr(b"\xCA\xA1"), "\u{4F3D}"); // Hanja
        assert_eq!(euc_kr(b"\xFD\xFE"), "\u{8A70}");
        assert_eq!(euc_kr(b"\x81\x5B"), "\u{FFFD}["); // a hole among the trail bytes
        assert_eq!(euc_kr(b"\x81\x40"), "\u{FFFD}@");
        assert_eq!(euc_kr(b"\x81\xFF"), "\u{FFFD}");
        assert_eq!(euc_kr(b"\x80\xFF"), "\u{FFFD}\u{FFFD}");
        assert_eq!(euc_kr(b"\xB0"), "\u{FFFD}");
        assert_eq!(decode_fatal(Encoding::EucKr, b"\xB0"), None);
        assert_eq!(
            decode_fatal(Encoding::EucKr, b"\xB0\xA1"),
            Some("\u{AC00}".into())
        );
    }
}
