//! The Shift_JIS encoder: ASCII and U+0080, U+00A5 and U+203E as 0x5C and 0x7E, halfwidth
//! katakana as single bytes, U+2212 as U+FF0D, then the standard's "index Shift_JIS pointer".

use super::cjk_common::{encode_stateless, shift_jis_bytes, shift_jis_reverse, Bytes};
use super::{EncoderResult, RawEncoder};

/// The standard's Shift_JIS encoder (stateless).
#[derive(Debug, Clone, Default)]
pub(crate) struct ShiftJisEncoder;

/// The handler for a non-ASCII code point.
fn encode(code_point: u32) -> Option<Bytes> {
    match code_point {
        0x80 => return Some(Bytes::one(0x80)),
        0xA5 => return Some(Bytes::one(0x5C)),
        0x203E => return Some(Bytes::one(0x7E)),
        0xFF61..=0xFF9F => return Some(Bytes::one((code_point - 0xFF61 + 0xA1) as u8)),
        _ => {}
    }
    let code_point = if code_point == 0x2212 {
        0xFF0D
    } else {
        code_point
    };
    let [a, b] = shift_jis_bytes(code_point)?;
    Some(Bytes::two(a, b))
}

/// The two bytes of an index Shift_JIS pointer.
pub(crate) fn pointer_bytes(pointer: u16) -> [u8; 2] {
    let leading = pointer / 188;
    let leading_offset = if leading < 0x1F { 0x81 } else { 0xC1 };
    let trailing = pointer % 188;
    let offset = if trailing < 0x3F { 0x40 } else { 0x41 };
    [(leading + leading_offset) as u8, (trailing + offset) as u8]
}

impl RawEncoder for ShiftJisEncoder {
    fn encode_raw(
        &mut self,
        src: &[u16],
        dst: &mut [u8],
        _last: bool,
    ) -> (EncoderResult, usize, usize) {
        // The code points the handler treats before the index are not in it (tested).
        let reverse = shift_jis_reverse();
        encode_stateless(src, dst, |unit| reverse.bmp_bytes(unit), encode)
    }
}

#[cfg(test)]
mod tests {
    use crate::decode::cjk_common::test_util::encode;
    use crate::Encoding::ShiftJis;

    #[test]
    fn shift_jis_encoder() {
        assert_eq!(
            encode(ShiftJis, "a\u{80}\u{3042}\u{3000}"),
            Ok(b"a\x80\x82\xA0\x81\x40".to_vec())
        );
        assert_eq!(encode(ShiftJis, "\u{A5}\u{203E}"), Ok(b"\x5C\x7E".to_vec()));
        assert_eq!(
            encode(ShiftJis, "\u{FF61}\u{FF9F}"),
            Ok(b"\xA1\xDF".to_vec())
        );
        assert_eq!(encode(ShiftJis, "\u{2212}"), Ok(b"\x81\x7C".to_vec()));
        assert_eq!(
            encode(ShiftJis, "\u{4E9C}\u{7199}"),
            Ok(b"\x88\x9F\xEA\xA4".to_vec())
        );
        // Pointers 8272 to 8835 are skipped: the IBM extensions' pointer is used.
        assert_eq!(encode(ShiftJis, "\u{7E8A}"), Ok(b"\xFA\x5C".to_vec())); // 10744
        assert_eq!(encode(ShiftJis, "\u{9ED1}"), Ok(b"\xFC\x4B".to_vec())); // 11103
        assert_eq!(encode(ShiftJis, "\u{2170}"), Ok(b"\xFA\x40".to_vec())); // 10716
                                                                            // U+2252 is at pointers 159 and 1207 (NEC row 13): the first.
        assert_eq!(encode(ShiftJis, "\u{2252}"), Ok(b"\x81\xE0".to_vec()));
        // The user-defined range is not encoded.
        assert_eq!(encode(ShiftJis, "\u{E000}"), Err('\u{E000}'));
        assert_eq!(encode(ShiftJis, "\u{81}"), Err('\u{81}'));
    }
}
