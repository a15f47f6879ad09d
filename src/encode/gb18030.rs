//! The gb18030 encoder, and GBK's (gb18030's with is GBK set): index gb18030 for two bytes, the
//! GB18030-2022 encoder-only table, index gb18030 ranges for four bytes (not in GBK).

use super::cjk_common::{encode_stateless, gb18030_bytes, gb18030_reverse, Bytes};
use super::{EncoderResult, RawEncoder};
use crate::decode::cjk_common::gb18030_ranges_pointer;

/// The standard's gb18030 encoder with its "is GBK".
#[derive(Debug, Clone, Default)]
pub(crate) struct Gb18030Encoder {
    gbk: bool,
}

impl Gb18030Encoder {
    /// gb18030's encoder, or GBK's when `gbk`.
    pub(crate) fn new(gbk: bool) -> Self {
        Gb18030Encoder { gbk }
    }
}

/// The gb18030 encoder's asymmetric table (preserving GB18030-2005's mappings of these Private
/// Use code points, which index gb18030 now maps to their GB18030-2022 code points).
const PUA_2005: [(u16, [u8; 2]); 18] = [
    (0xE78D, [0xA6, 0xD9]),
    (0xE78E, [0xA6, 0xDA]),
    (0xE78F, [0xA6, 0xDB]),
    (0xE790, [0xA6, 0xDC]),
    (0xE791, [0xA6, 0xDD]),
    (0xE792, [0xA6, 0xDE]),
    (0xE793, [0xA6, 0xDF]),
    (0xE794, [0xA6, 0xEC]),
    (0xE795, [0xA6, 0xED]),
    (0xE796, [0xA6, 0xF3]),
    (0xE81E, [0xFE, 0x59]),
    (0xE826, [0xFE, 0x61]),
    (0xE82B, [0xFE, 0x66]),
    (0xE82C, [0xFE, 0x67]),
    (0xE832, [0xFE, 0x6D]),
    (0xE843, [0xFE, 0x7E]),
    (0xE854, [0xFE, 0x90]),
    (0xE864, [0xFE, 0xA0]),
];

/// The handler for a non-ASCII code point.
fn encode(code_point: u32, gbk: bool) -> Option<Bytes> {
    if code_point == 0xE5E5 {
        return None;
    }
    if gbk && code_point == 0x20AC {
        return Some(Bytes::one(0x80));
    }
    if (0xE78D..=0xE864).contains(&code_point) {
        if let Some((_, [a, b])) = PUA_2005
            .iter()
            .find(|&&(cp, _)| u32::from(cp) == code_point)
        {
            return Some(Bytes::two(*a, *b));
        }
    }
    if let Some([a, b]) = gb18030_bytes(code_point) {
        return Some(Bytes::two(a, b));
    }
    if gbk {
        return None;
    }
    let mut pointer = gb18030_ranges_pointer(code_point);
    let byte1 = pointer / (10 * 126 * 10);
    pointer %= 10 * 126 * 10;
    let byte2 = pointer / (10 * 126);
    pointer %= 10 * 126;
    let byte3 = pointer / 10;
    let byte4 = pointer % 10;
    Some(Bytes::four(
        (byte1 + 0x81) as u8,
        (byte2 + 0x30) as u8,
        (byte3 + 0x81) as u8,
        (byte4 + 0x30) as u8,
    ))
}

/// The two bytes of an index gb18030 pointer.
pub(crate) fn pointer_bytes(pointer: u16) -> [u8; 2] {
    let leading = (pointer / 190 + 0x81) as u8;
    let trailing = (pointer % 190) as u8;
    let offset = if trailing < 0x3F { 0x40 } else { 0x41 };
    [leading, trailing + offset]
}

/// Whether the handler treats `unit` before index gb18030 (U+20AC, U+E5E5 and the PUA_2005 code
/// points), so the index shortcut must not.
#[inline(always)]
fn before_index(unit: u16) -> bool {
    unit == 0x20AC || (0xE5E5..=0xE864).contains(&unit)
}

impl RawEncoder for Gb18030Encoder {
    fn encode_raw(
        &mut self,
        src: &[u16],
        dst: &mut [u8],
        _last: bool,
    ) -> (EncoderResult, usize, usize) {
        let gbk = self.gbk;
        let reverse = gb18030_reverse();
        encode_stateless(
            src,
            dst,
            |unit| {
                if before_index(unit) {
                    return None;
                }
                reverse.bmp_bytes(unit)
            },
            |code_point| encode(code_point, gbk),
        )
    }
}

#[cfg(test)]
mod tests {
    use crate::decode::cjk_common::test_util::{decode, encode, encode_html};
    use crate::Encoding::{Gb18030, Gbk};

    #[test]
    fn two_bytes() {
        assert_eq!(
            encode(Gb18030, "a\u{4E02}\u{554A}"),
            Ok(b"a\x81\x40\xB0\xA1".to_vec())
        );
        assert_eq!(
            encode(Gbk, "a\u{4E02}\u{554A}"),
            Ok(b"a\x81\x40\xB0\xA1".to_vec())
        );
        // U+3000 is at 0xA1 0xA1 and 0xA3 0xA0: the first pointer.
        assert_eq!(encode(Gb18030, "\u{3000}"), Ok(b"\xA1\xA1".to_vec()));
        // GB18030-2022 mappings of the two-byte index.
        assert_eq!(
            encode(Gb18030, "\u{FE10}\u{9FB4}"),
            Ok(b"\xA6\xD9\xFE\x59".to_vec())
        );
    }

    #[test]
    fn euro_sign() {
        assert_eq!(encode(Gbk, "\u{20AC}"), Ok(b"\x80".to_vec()));
        assert_eq!(encode(Gb18030, "\u{20AC}"), Ok(b"\xA2\xE3".to_vec()));
        assert_eq!(decode(Gb18030, b"\xA2\xE3\x80"), "\u{20AC}\u{20AC}");
    }

    #[test]
    fn e5e5_is_an_error() {
        assert_eq!(encode(Gb18030, "\u{E5E5}"), Err('\u{E5E5}'));
        assert_eq!(encode(Gbk, "\u{E5E5}"), Err('\u{E5E5}'));
        assert_eq!(encode_html(Gb18030, "a\u{E5E5}b"), b"a&#58853;b");
    }

    #[test]
    fn gb18030_2022_encoder_only_table() {
        assert_eq!(
            encode(Gb18030, "\u{E78D}\u{E796}"),
            Ok(b"\xA6\xD9\xA6\xF3".to_vec())
        );
        assert_eq!(
            encode(Gb18030, "\u{E81E}\u{E864}"),
            Ok(b"\xFE\x59\xFE\xA0".to_vec())
        );
        assert_eq!(
            encode(Gbk, "\u{E826}\u{E854}"),
            Ok(b"\xFE\x61\xFE\x90".to_vec())
        );
        // Asymmetric: those bytes decode to the GB18030-2022 code points.
        assert_eq!(decode(Gb18030, b"\xA6\xD9\xFE\x59"), "\u{FE10}\u{9FB4}");
        // Neighbours not in the table go through the indexes.
        let e797 = encode(Gb18030, "\u{E797}").unwrap();
        assert_eq!(decode(Gb18030, &e797), "\u{E797}");
    }

    #[test]
    fn four_bytes() {
        assert_eq!(encode(Gb18030, "\u{80}"), Ok(b"\x81\x30\x81\x30".to_vec()));
        assert_eq!(encode(Gb18030, "\u{A5}"), Ok(b"\x81\x30\x84\x36".to_vec()));
        assert_eq!(
            encode(Gb18030, "\u{E7C7}"),
            Ok(b"\x81\x35\xF4\x37".to_vec())
        );
        assert_eq!(
            encode(Gb18030, "\u{FFFF}"),
            Ok(b"\x84\x31\xA4\x39".to_vec())
        );
        assert_eq!(
            encode(Gb18030, "\u{10000}"),
            Ok(b"\x90\x30\x81\x30".to_vec())
        );
        assert_eq!(
            encode(Gb18030, "\u{10FFFF}"),
            Ok(b"\xE3\x32\x9A\x35".to_vec())
        );
        assert_eq!(encode(Gbk, "\u{80}"), Err('\u{80}'));
        assert_eq!(encode(Gbk, "\u{10000}"), Err('\u{10000}'));
        assert_eq!(encode_html(Gbk, "\u{1F600}"), b"&#128512;");
        // A lone surrogate is U+FFFD, which has a four-byte sequence.
        let units = [0xD800u16, 0x61];
        assert_eq!(
            Gb18030.encode_utf16(&units, true),
            Ok(b"\x84\x31\xA4\x37a".to_vec())
        );
    }
}
