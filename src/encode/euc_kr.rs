//! The EUC-KR encoder: ASCII, then the index pointer in index EUC-KR.

use super::cjk_common::{encode_stateless, euc_kr_bytes, euc_kr_reverse, Bytes};
use super::{EncoderResult, RawEncoder};

/// The standard's EUC-KR encoder (stateless).
#[derive(Debug, Clone, Default)]
pub(crate) struct EucKrEncoder;

/// The handler for a non-ASCII code point.
fn encode(code_point: u32) -> Option<Bytes> {
    let [a, b] = euc_kr_bytes(code_point)?;
    Some(Bytes::two(a, b))
}

/// The two bytes of an index EUC-KR pointer.
pub(crate) fn pointer_bytes(pointer: u16) -> [u8; 2] {
    [(pointer / 190 + 0x81) as u8, (pointer % 190 + 0x41) as u8]
}

impl RawEncoder for EucKrEncoder {
    fn encode_raw(
        &mut self,
        src: &[u16],
        dst: &mut [u8],
        _last: bool,
    ) -> (EncoderResult, usize, usize) {
        let reverse = euc_kr_reverse();
        encode_stateless(src, dst, |unit| reverse.bmp_bytes(unit), encode)
    }
}

#[cfg(test)]
mod tests {
    use crate::decode::cjk_common::test_util::{encode, encode_html};
    use crate::Encoding::EucKr;

    #[test]
    fn euc_kr_encoder() {
        assert_eq!(
            encode(EucKr, "a\u{AC00}\u{AC02}"),
            Ok(b"a\xB0\xA1\x81\x41".to_vec())
        );
        assert_eq!(
            encode(EucKr, "\u{D7A3}\u{D79D}"),
            Ok(b"\xC6\x52\xC8\xFE".to_vec())
        );
        assert_eq!(
            encode(EucKr, "\u{4F3D}\u{3000}"),
            Ok(b"\xCA\xA1\xA1\xA1".to_vec())
        );
        assert_eq!(encode(EucKr, "\u{80}"), Err('\u{80}'));
        assert_eq!(
            encode_html(EucKr, "\u{1F600}\u{AC00}"),
            b"&#128512;\xB0\xA1"
        );
    }
}
