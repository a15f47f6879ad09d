//! The Big5 encoder: ASCII, then the standard's "index Big5 pointer".

use super::cjk_common::{big5_bytes, big5_reverse, encode_stateless, Bytes};
use super::{EncoderResult, RawEncoder};

/// The standard's Big5 encoder (stateless).
#[derive(Debug, Clone, Default)]
pub(crate) struct Big5Encoder;

/// The handler for a non-ASCII code point.
fn encode(code_point: u32) -> Option<Bytes> {
    let [a, b] = big5_bytes(code_point)?;
    Some(Bytes::two(a, b))
}

/// The two bytes of an index Big5 pointer.
pub(crate) fn pointer_bytes(pointer: u16) -> [u8; 2] {
    let leading = (pointer / 157 + 0x81) as u8;
    let trailing = (pointer % 157) as u8;
    let offset = if trailing < 0x3F { 0x40 } else { 0x62 };
    [leading, trailing + offset]
}

impl RawEncoder for Big5Encoder {
    fn encode_raw(
        &mut self,
        src: &[u16],
        dst: &mut [u8],
        _last: bool,
    ) -> (EncoderResult, usize, usize) {
        let reverse = big5_reverse();
        encode_stateless(src, dst, |unit| reverse.bmp_bytes(unit), encode)
    }
}

#[cfg(test)]
mod tests {
    use crate::decode::cjk_common::test_util::{encode, encode_html};
    use crate::Encoding::Big5;

    #[test]
    fn index_big5_pointer() {
        assert_eq!(
            encode(Big5, "a\u{4E00}\u{3000}"),
            Ok(b"a\xA4\x40\xA1\x40".to_vec())
        );
        assert_eq!(encode(Big5, "\u{79D4}"), Ok(b"\xFE\xFE".to_vec()));
        assert_eq!(encode(Big5, "\u{20547}"), Ok(b"\xFA\x40".to_vec()));
        // Only below pointer 5024 (HKSCS): not encoded.
        assert_eq!(encode(Big5, "\u{43F0}"), Err('\u{43F0}'));
        assert_eq!(encode(Big5, "\u{27267}"), Err('\u{27267}'));
        assert_eq!(encode(Big5, "\u{80}"), Err('\u{80}'));
        // The two-code-point pointers (and their neighbours, below 5024) are not encoded.
        assert_eq!(encode_html(Big5, "\u{CA}\u{304}"), b"&#202;&#772;");
    }

    #[test]
    fn last_pointer_code_points() {
        assert_eq!(encode(Big5, "\u{2550}"), Ok(b"\xF9\xF9".to_vec())); // 18991
        assert_eq!(encode(Big5, "\u{255E}"), Ok(b"\xF9\xE9".to_vec())); // 18975
        assert_eq!(encode(Big5, "\u{2561}"), Ok(b"\xF9\xEB".to_vec())); // 18977
        assert_eq!(encode(Big5, "\u{256A}"), Ok(b"\xF9\xEA".to_vec())); // 18976
        assert_eq!(encode(Big5, "\u{5341}"), Ok(b"\xA4\x51".to_vec())); // 5512
        assert_eq!(encode(Big5, "\u{5345}"), Ok(b"\xA4\xCA".to_vec())); // 5599
    }
}
