//! Shared by the legacy multi-byte (CJK) encoders: the standard's "index pointer" (and its
//! Shift_JIS and Big5 variants) through reverse maps built at first use from the decode tables,
//! so no second table is shipped; and the loop of the stateless encoders. A reverse map holds, for
//! each code point, the two bytes its chosen pointer encodes as (each encoder's arithmetic done
//! once, when the map is built).

use super::{big5, euc_kr, gb18030, iso_2022_jp, next_scalar, shift_jis, EncoderResult};
use crate::decode::cjk_common::{Index, BIG5_ENCODER, EUC_KR, GB18030, JIS0208};
use alloc::{boxed::Box, vec, vec::Vec};
use once_cell::race::OnceBox;

/// No code point here: no encoder writes 0xFF 0xFF for a pointer (lead bytes end at 0xFE).
const NONE: u16 = u16::MAX;

/// The reverse of an index: the two bytes (first byte high) of the chosen pointer of every BMP
/// code point (a dense array, 128 KiB, built at first use), and of the few astral ones, sorted by
/// code point.
pub(crate) struct Reverse {
    bmp: Box<[u16; 0x10000]>,
    astral: Vec<(u32, u16)>,
}

impl Reverse {
    /// Walks `index` in pointer order over the pointers `keep` accepts: the first pointer of each
    /// code point is chosen, or the last for the code points `last` accepts; `bytes` gives the
    /// two bytes of a pointer.
    /// (Function pointers rather than generic closures, and never inlined: one copy of this code
    /// serves every index.)
    #[inline(never)]
    fn build(
        index: &Index,
        keep: fn(usize) -> bool,
        last: fn(u32) -> bool,
        bytes: fn(u16) -> [u8; 2],
    ) -> Reverse {
        let mut bmp: Box<[u16; 0x10000]> = vec![NONE; 0x10000]
            .into_boxed_slice()
            .try_into()
            .unwrap_or_else(|_| unreachable!());
        let mut astral: Vec<(u32, u16)> = Vec::new();
        index.for_each(|pointer, code_point| {
            let Ok(pointer) = u16::try_from(pointer) else {
                return;
            };
            if !keep(usize::from(pointer)) {
                return;
            }
            let code = u16::from_be_bytes(bytes(pointer));
            if let Some(slot) = bmp.get_mut(code_point as usize) {
                if *slot == NONE || last(code_point) {
                    *slot = code;
                }
                return;
            }
            let k = astral.partition_point(|&(c, _)| c < code_point);
            match astral.get_mut(k) {
                Some((c, p)) if *c == code_point => {
                    if last(code_point) {
                        *p = code;
                    }
                }
                _ => astral.insert(k, (code_point, code)),
            }
        });
        Reverse { bmp, astral }
    }

    /// The two bytes of the BMP code point `unit` (a surrogate has none).
    #[inline(always)]
    pub(crate) fn bmp_bytes(&self, unit: u16) -> Option<[u8; 2]> {
        let code = self.bmp[usize::from(unit)];
        (code != NONE).then_some(code.to_be_bytes())
    }

    /// The two bytes of `code_point`.
    fn bytes(&self, code_point: u32) -> Option<[u8; 2]> {
        if let Some(&code) = self.bmp.get(code_point as usize) {
            return (code != NONE).then_some(code.to_be_bytes());
        }
        let k = self.astral.partition_point(|&(c, _)| c < code_point);
        self.astral
            .get(k)
            .filter(|&&(c, _)| c == code_point)
            .map(|&(_, code)| code.to_be_bytes())
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

/// The reverse of index gb18030, to gb18030's two bytes.
pub(crate) fn gb18030_reverse() -> &'static Reverse {
    reverse(&GB18030_REVERSE, || {
        Reverse::build(&GB18030, |_| true, |_| false, gb18030::pointer_bytes)
    })
}

/// The two bytes of the index pointer for `code_point` in index gb18030.
pub(crate) fn gb18030_bytes(code_point: u32) -> Option<[u8; 2]> {
    gb18030_reverse().bytes(code_point)
}

/// The reverse of index EUC-KR, to EUC-KR's two bytes.
pub(crate) fn euc_kr_reverse() -> &'static Reverse {
    reverse(&EUC_KR_REVERSE, || {
        Reverse::build(&EUC_KR, |_| true, |_| false, euc_kr::pointer_bytes)
    })
}

/// The two bytes of the index pointer for `code_point` in index EUC-KR.
pub(crate) fn euc_kr_bytes(code_point: u32) -> Option<[u8; 2]> {
    euc_kr_reverse().bytes(code_point)
}

/// The reverse of index jis0208, to ISO-2022-JP's two bytes (EUC-JP's with the high bits clear).
pub(crate) fn jis0208_reverse() -> &'static Reverse {
    reverse(&JIS0208_REVERSE, || {
        Reverse::build(&JIS0208, |_| true, |_| false, iso_2022_jp::pointer_bytes)
    })
}

/// The two bytes (in ISO-2022-JP) of the index pointer for `code_point` in index jis0208.
pub(crate) fn jis0208_bytes(code_point: u32) -> Option<[u8; 2]> {
    jis0208_reverse().bytes(code_point)
}

/// The reverse behind the standard's "index Shift_JIS pointer", to Shift_JIS's two bytes.
pub(crate) fn shift_jis_reverse() -> &'static Reverse {
    reverse(&SHIFT_JIS_REVERSE, || {
        Reverse::build(
            &JIS0208,
            |p| !(8272..=8835).contains(&p),
            |_| false,
            shift_jis::pointer_bytes,
        )
    })
}

/// The two bytes of the standard's "index Shift_JIS pointer" (index jis0208 without pointers 8272
/// to 8835) for `code_point`.
pub(crate) fn shift_jis_bytes(code_point: u32) -> Option<[u8; 2]> {
    shift_jis_reverse().bytes(code_point)
}

/// The reverse behind the standard's "index Big5 pointer", to Big5's two bytes.
pub(crate) fn big5_reverse() -> &'static Reverse {
    reverse(&BIG5_REVERSE, || {
        Reverse::build(
            &BIG5_ENCODER,
            |p| p >= (0xA1 - 0x81) * 157,
            |c| matches!(c, 0x2550 | 0x255E | 0x2561 | 0x256A | 0x5341 | 0x5345),
            big5::pointer_bytes,
        )
    })
}

/// The two bytes of the standard's "index Big5 pointer" (index Big5 without pointers below
/// (0xA1 - 0x81) × 157, and the last pointer for U+2550, U+255E, U+2561, U+256A, U+5341 and
/// U+5345) for `code_point`.
pub(crate) fn big5_bytes(code_point: u32) -> Option<[u8; 2]> {
    big5_reverse().bytes(code_point)
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

    /// Writes the bytes at `dst[at..]` and returns how many, or `None` (nothing written) when
    /// they do not fit. Byte by byte: a copy of a slice whose length is only known at run time
    /// would call `memcpy` for one to four bytes.
    #[inline(always)]
    pub(crate) fn write(&self, dst: &mut [u8], at: usize) -> Option<usize> {
        let [a, b, c, d] = self.bytes;
        match self.len {
            1 => *dst.get_mut(at)? = a,
            2 => {
                if !write_pair(dst, at, [a, b]) {
                    return None;
                }
            }
            _ => {
                let out = dst.get_mut(at..at + 4)?;
                out[0] = a;
                out[1] = b;
                out[2] = c;
                out[3] = d;
            }
        }
        Some(self.len)
    }
}

/// Writes the two bytes `pair` at `dst[at..]`, or returns false (nothing written) when they do
/// not fit.
#[inline(always)]
pub(crate) fn write_pair(dst: &mut [u8], at: usize, pair: [u8; 2]) -> bool {
    let Some(out) = dst.get_mut(at..at + 2) else {
        return false;
    };
    out[0] = pair[0];
    out[1] = pair[1];
    true
}

/// Runs the handler of a stateless encoder over `src`: ASCII as is, every other scalar value
/// through `handler`, `None` being "error with code point". `fast` is a shortcut tried first for
/// each non-ASCII code unit: the two bytes `handler` returns for it, or `None` for "ask
/// `handler`" (it must say `None` for surrogates and for every code point `handler` treats
/// before its index).
#[inline]
pub(crate) fn encode_stateless(
    src: &[u16],
    dst: &mut [u8],
    fast: impl Fn(u16) -> Option<[u8; 2]>,
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
        if let Some(pair) = fast(unit) {
            if !write_pair(dst, j, pair) {
                return (EncoderResult::OutputFull, i, j);
            }
            i += 1;
            j += 2;
            continue;
        }
        let (code_point, units) = next_scalar(src, i);
        match handler(code_point) {
            Some(bytes) => {
                let Some(len) = bytes.write(dst, j) else {
                    return (EncoderResult::OutputFull, i, j);
                };
                i += units;
                j += len;
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
    fn index_shortcuts_never_preempt_a_handler() {
        // encode_stateless maps a code unit through an index before the handler sees it: the
        // code points the Shift_JIS, EUC-JP and ISO-2022-JP handlers treat before their index
        // must not be in it, and no ASCII code point nor surrogate is in any index.
        let specials = [0x80, 0xA5, 0x203E, 0x2212]
            .into_iter()
            .chain(0xFF61..=0xFF9F);
        for unit in specials {
            assert_eq!(shift_jis_reverse().bmp_bytes(unit), None, "{unit:X}");
            assert_eq!(jis0208_reverse().bmp_bytes(unit), None, "{unit:X}");
        }
        let all = [
            gb18030_reverse(),
            euc_kr_reverse(),
            jis0208_reverse(),
            shift_jis_reverse(),
            big5_reverse(),
        ];
        for unit in (0..0x80).chain(0xD800..=0xDFFF) {
            assert!(all.iter().all(|r| r.bmp_bytes(unit).is_none()), "{unit:X}");
        }
    }

    #[test]
    fn index_pointers() {
        use super::super::{big5, euc_kr, gb18030, iso_2022_jp, shift_jis};
        let gb = |p| Some(gb18030::pointer_bytes(p));
        let jis = |p| Some(iso_2022_jp::pointer_bytes(p));
        let sjis = |p| Some(shift_jis::pointer_bytes(p));
        let kr = |p| Some(euc_kr::pointer_bytes(p));
        let b5 = |p| Some(big5::pointer_bytes(p));
        assert_eq!(gb18030_bytes(0x4E02), gb(0));
        assert_eq!(gb18030_bytes(0x3000), gb(6176)); // 0xA1 0xA1, not 0xA3 0xA0 (6555)
        assert_eq!(gb18030_bytes(0x80), None);
        assert_eq!(jis0208_bytes(0x3000), jis(0));
        // U+2252 is at pointers 159 and 1207 (NEC row 13): the index pointer is the first.
        assert_eq!(jis0208_bytes(0x2252), jis(159));
        assert_eq!(shift_jis_bytes(0x2252), sjis(159));
        // U+7E8A is at 8272 (NEC-selected IBM extensions) and 10744 (IBM extensions).
        assert_eq!(jis0208_bytes(0x7E8A), jis(8272));
        assert_eq!(shift_jis_bytes(0x7E8A), sjis(10744));
        assert_eq!(shift_jis_bytes(0x3000), sjis(0));
        assert_eq!(euc_kr_bytes(0xAC02), kr(0));
        // Big5: the last pointer for six code points, the first for others; none below 5024.
        assert_eq!(big5_bytes(0x2550), b5(18991));
        assert_eq!(big5_bytes(0x255E), b5(18975));
        assert_eq!(big5_bytes(0x2561), b5(18977));
        assert_eq!(big5_bytes(0x256A), b5(18976));
        assert_eq!(big5_bytes(0x5341), b5(5512));
        assert_eq!(big5_bytes(0x5345), b5(5599));
        assert_eq!(big5_bytes(0x3000), b5(5024));
        assert_eq!(big5_bytes(0x43F0), None); // only at pointer 942
        assert_eq!(big5_bytes(0x27267), None); // only at pointer 947
        assert_eq!(big5_bytes(0x20547), b5(18997));
    }
}
