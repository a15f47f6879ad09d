//! The EUC-JP encoder: ASCII, U+00A5 and U+203E as 0x5C and 0x7E, halfwidth katakana after 0x8E,
//! U+2212 as U+FF0D, then index jis0208 (JIS X 0212 is never encoded).

use super::cjk_common::{encode_stateless, jis0208_bytes, jis0208_reverse, Bytes};
use super::{EncoderResult, RawEncoder};

/// The standard's EUC-JP encoder (stateless).
#[derive(Debug, Clone, Default)]
pub(crate) struct EucJpEncoder;

/// The handler for a non-ASCII code point.
fn encode(code_point: u32) -> Option<Bytes> {
    match code_point {
        0xA5 => return Some(Bytes::one(0x5C)),
        0x203E => return Some(Bytes::one(0x7E)),
        0xFF61..=0xFF9F => return Some(Bytes::two(0x8E, (code_point - 0xFF61 + 0xA1) as u8)),
        _ => {}
    }
    let code_point = if code_point == 0x2212 {
        0xFF0D
    } else {
        code_point
    };
    let [a, b] = jis0208_bytes(code_point)?;
    Some(Bytes::two(a | 0x80, b | 0x80))
}

impl RawEncoder for EucJpEncoder {
    fn encode_raw(
        &mut self,
        src: &[u16],
        dst: &mut [u8],
        _last: bool,
    ) -> (EncoderResult, usize, usize) {
        // The code points the handler treats before the index are not in it (tested). The
        // reverse map gives ISO-2022-JP's bytes: EUC-JP's are those with the high bit set.
        let reverse = jis0208_reverse();
        encode_stateless(
            src,
            dst,
            |unit| reverse.bmp_bytes(unit).map(|[a, b]| [a | 0x80, b | 0x80]),
            encode,
        )
    }
}

#[cfg(test)]
mod tests {
    use crate::decode::cjk_common::test_util::{decode, encode};
    use crate::Encoding::EucJp;

    #[test]
    fn euc_jp_encoder() {
        assert_eq!(
            encode(EucJp, "a\u{3042}\u{3000}"),
            Ok(b"a\xA4\xA2\xA1\xA1".to_vec())
        );
        assert_eq!(
            encode(EucJp, "\u{A5}\u{203E}\\~"),
            Ok(b"\x5C\x7E\x5C\x7E".to_vec())
        );
        assert_eq!(
            encode(EucJp, "\u{FF61}\u{FF9F}"),
            Ok(b"\x8E\xA1\x8E\xDF".to_vec())
        );
        assert_eq!(
            encode(EucJp, "\u{2212}\u{FF0D}"),
            Ok(b"\xA1\xDD\xA1\xDD".to_vec())
        );
        // Only in jis0212: not encoded.
        assert_eq!(decode(EucJp, b"\x8F\xA2\xAF"), "\u{2D8}");
        assert_eq!(encode(EucJp, "\u{2D8}"), Err('\u{2D8}'));
        // NEC-selected IBM extensions: the first pointer is below 8836 and is used.
        assert_eq!(encode(EucJp, "\u{7E8A}"), Ok(b"\xF9\xA1".to_vec()));
        assert_eq!(encode(EucJp, "\u{E000}"), Err('\u{E000}'));
        assert_eq!(encode(EucJp, "\u{80}"), Err('\u{80}'));
    }
}
