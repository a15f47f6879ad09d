//! Shared by the legacy multi-byte (CJK) encoders: the standard's "index pointer" (and its
//! Shift_JIS and Big5 variants) through reverse maps built at first use from the decode tables,
//! so no second table is shipped; and the loop of the stateless encoders.

use super::{next_scalar, EncoderResult};
use crate::decode::cjk_common::{Index, BIG5, EUC_KR, GB18030, JIS0208};
use alloc::{boxed::Box, vec, vec::Vec};
use once_cell::race::OnceBox;

/// No pointer (every index has fewer than 65535 pointers).
const NONE: u16 = u16::MAX;

/// The reverse of an index: the chosen pointer of every BMP code point (a dense array, 128 KiB,
/// built at first use), and the few astral ones sorted by code point.
struct Reverse {
    bmp: Vec<u16>,
    astral: Vec<(u32, u16)>,
}

impl Reverse {
    /// Walks `index` in pointer order over the pointers `keep` accepts: the first pointer of each
    /// code point is chosen, or the last for the code points `last` accepts.
    /// (Function pointers rather than generic closures, and never inlined: one copy of this code
    /// serves every index.)
    #[inline(never)]
    fn build(index: &Index, keep: fn(usize) -> bool, last: fn(u32) -> bool) -> Reverse {
        let mut bmp = vec![NONE; 0x10000];
        let mut astral: Vec<(u32, u16)> = Vec::new();
        index.for_each(|pointer, code_point| {
            let Ok(pointer) = u16::try_from(pointer) else {
                return;
            };
            if !keep(usize::from(pointer)) {
                return;
            }
            if let Some(slot) = bmp.get_mut(code_point as usize) {
                if *slot == NONE || last(code_point) {
                    *slot = pointer;
                }
                return;
            }
            let k = astral.partition_point(|&(c, _)| c < code_point);
            match astral.get_mut(k) {
                Some((c, p)) if *c == code_point => {
                    if last(code_point) {
                        *p = pointer;
                    }
                }
                _ => astral.insert(k, (code_point, pointer)),
            }
        });
        Reverse { bmp, astral }
    }

    /// The chosen pointer of `code_point`.
    fn pointer(&self, code_point: u32) -> Option<u16> {
        if let Some(&pointer) = self.bmp.get(code_point as usize) {
            return (pointer != NONE).then_some(pointer);
        }
        let k = self.astral.partition_point(|&(c, _)| c < code_point);
        self.astral
            .get(k)
            .filter(|&&(c, _)| c == code_point)
            .map(|&(_, pointer)| pointer)
    }
}

static GB18030_REVERSE: OnceBox<Reverse> = OnceBox::new();
static BIG5_REVERSE: OnceBox<Reverse> = OnceBox::new();
static JIS0208_REVERSE: OnceBox<Reverse> = OnceBox::new();
static SHIFT_JIS_REVERSE: OnceBox<Reverse> = OnceBox::new();
static EUC_KR_REVERSE: OnceBox<Reverse> = OnceBox::new();

/// The reverse map in `cell`, built by `build` at first use (one non-generic function, so the
/// first-use code exists once).
fn reverse(cell: &'static OnceBox<Reverse>, build: fn() -> Reverse) -> &'static Reverse {
    cell.get_or_init(|| Box::new(build()))
}

/// The index pointer for `code_point` in index gb18030.
pub(crate) fn gb18030_pointer(code_point: u32) -> Option<u16> {
    reverse(&GB18030_REVERSE, || {
        Reverse::build(&GB18030, |_| true, |_| false)
    })
    .pointer(code_point)
}

/// The index pointer for `code_point` in index EUC-KR.
pub(crate) fn euc_kr_pointer(code_point: u32) -> Option<u16> {
    reverse(&EUC_KR_REVERSE, || {
        Reverse::build(&EUC_KR, |_| true, |_| false)
    })
    .pointer(code_point)
}

/// The index pointer for `code_point` in index jis0208 (always below 8836).
pub(crate) fn jis0208_pointer(code_point: u32) -> Option<u16> {
    reverse(&JIS0208_REVERSE, || {
        Reverse::build(&JIS0208, |_| true, |_| false)
    })
    .pointer(code_point)
}

/// The standard's "index Shift_JIS pointer": index jis0208 without pointers 8272 to 8835.
pub(crate) fn shift_jis_pointer(code_point: u32) -> Option<u16> {
    reverse(&SHIFT_JIS_REVERSE, || {
        Reverse::build(&JIS0208, |p| !(8272..=8835).contains(&p), |_| false)
    })
    .pointer(code_point)
}

/// The standard's "index Big5 pointer": index Big5 without pointers below (0xA1 - 0x81) × 157,
/// and the last pointer for U+2550, U+255E, U+2561, U+256A, U+5341 and U+5345.
pub(crate) fn big5_pointer(code_point: u32) -> Option<u16> {
    reverse(&BIG5_REVERSE, || {
        Reverse::build(
            &BIG5,
            |p| p >= (0xA1 - 0x81) * 157,
            |c| matches!(c, 0x2550 | 0x255E | 0x2561 | 0x256A | 0x5341 | 0x5345),
        )
    })
    .pointer(code_point)
}

/// The bytes a handler returns for one code point (1 to 4).
#[derive(Debug, Clone, Copy)]
pub(crate) struct Bytes {
    bytes: [u8; 4],
    len: usize,
}

impl Bytes {
    pub(crate) fn one(a: u8) -> Bytes {
        Bytes {
            bytes: [a, 0, 0, 0],
            len: 1,
        }
    }

    pub(crate) fn two(a: u8, b: u8) -> Bytes {
        Bytes {
            bytes: [a, b, 0, 0],
            len: 2,
        }
    }

    pub(crate) fn four(a: u8, b: u8, c: u8, d: u8) -> Bytes {
        Bytes {
            bytes: [a, b, c, d],
            len: 4,
        }
    }

    pub(crate) fn as_slice(&self) -> &[u8] {
        self.bytes.get(..self.len).unwrap_or(&self.bytes)
    }
}

/// Runs the handler of a stateless encoder over `src`: ASCII as is, every other scalar value
/// through `handler`, `None` being "error with code point".
#[inline]
pub(crate) fn encode_stateless(
    src: &[u16],
    dst: &mut [u8],
    handler: impl Fn(u32) -> Option<Bytes>,
) -> (EncoderResult, usize, usize) {
    let (mut i, mut j) = (0, 0);
    while i < src.len() {
        let unit = src[i];
        if unit < 0x80 {
            if j == dst.len() {
                return (EncoderResult::OutputFull, i, j);
            }
            dst[j] = unit as u8;
            i += 1;
            j += 1;
            continue;
        }
        let (code_point, units) = next_scalar(src, i);
        match handler(code_point) {
            Some(bytes) => {
                let bytes = bytes.as_slice();
                let Some(out) = dst.get_mut(j..j + bytes.len()) else {
                    return (EncoderResult::OutputFull, i, j);
                };
                out.copy_from_slice(bytes);
                i += units;
                j += bytes.len();
            }
            None => {
                let c = char::from_u32(code_point).unwrap_or('\u{FFFD}');
                return (EncoderResult::Unmappable(c), i + units, j);
            }
        }
    }
    (EncoderResult::InputEmpty, i, j)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn index_pointers() {
        assert_eq!(gb18030_pointer(0x4E02), Some(0));
        assert_eq!(gb18030_pointer(0x3000), Some(6176)); // 0xA1 0xA1, not 0xA3 0xA0 (6555)
        assert_eq!(gb18030_pointer(0x80), None);
        assert_eq!(jis0208_pointer(0x3000), Some(0));
        // U+2252 is at pointers 159 and 1207 (NEC row 13): the index pointer is the first.
        assert_eq!(jis0208_pointer(0x2252), Some(159));
        assert_eq!(shift_jis_pointer(0x2252), Some(159));
        // U+7E8A is at 8272 (NEC-selected IBM extensions) and 10744 (IBM extensions).
        assert_eq!(jis0208_pointer(0x7E8A), Some(8272));
        assert_eq!(shift_jis_pointer(0x7E8A), Some(10744));
        assert_eq!(shift_jis_pointer(0x3000), Some(0));
        assert_eq!(euc_kr_pointer(0xAC02), Some(0));
        // Big5: the last pointer for six code points, the first for others; none below 5024.
        assert_eq!(big5_pointer(0x2550), Some(18991));
        assert_eq!(big5_pointer(0x255E), Some(18975));
        assert_eq!(big5_pointer(0x2561), Some(18977));
        assert_eq!(big5_pointer(0x256A), Some(18976));
        assert_eq!(big5_pointer(0x5341), Some(5512));
        assert_eq!(big5_pointer(0x5345), Some(5599));
        assert_eq!(big5_pointer(0x3000), Some(5024));
        assert_eq!(big5_pointer(0x43F0), None); // only at pointer 942
        assert_eq!(big5_pointer(0x27267), None); // only at pointer 947
        assert_eq!(big5_pointer(0x20547), Some(18997));
    }
}
