//! Legacy multi-byte (CJK) indexes: compact decode tables for index gb18030, Big5, jis0208, jis0212
//! and EUC-KR (one file each, `cjk_NAME.rs`), plus index gb18030 ranges and index ISO-2022-JP
//! katakana (in `cjk_gb18030.rs` and `cjk_jis0208.rs`).
//!
//! An index is stored as one symbol per pointer (`NAME_SYMBOLS`, bytes) and a bit stream
//! (`NAME_EXTRA`, bytes, least significant bit first), read in pointer order:
//!
//! - [`SYM_NONE`]: the pointer has no code point;
//! - [`SYM_FREE`]: the pointer has the next "free" code point: the smallest one above the previous
//!   free pointer's (or at or above `NAME_FREE_START` for the first) that no other (non-free)
//!   pointer of the index has. This is how the runs that fill the gaps of a character set in
//!   Unicode order (GBK's ideographs outside GB2312, EUC-KR's Hangul syllables outside KS X 1001)
//!   cost almost nothing;
//! - any other symbol `s`: the pointer's code point differs from the previous non-free pointer's
//!   (0 before the first) by `±m`: `s - SYM_DELTA = 2 * b + (1 if negative)`, and the magnitude
//!   `m` is `b` itself when `b < DIRECT`, otherwise `b` gives the bit length of `m` and its two bits
//!   below the top bit, and the remaining low bits come from the bit stream (see [`bucket`]).
//!
//! Ideographs in radical/stroke or stroke/radical order (Big5, JIS X 0208 level 2, GB2312 level 2,
//! the hanja of KS X 1001 within a reading) are largely increasing within runs, so most deltas
//! are small: the symbols (few distinct values, skewed) compress well and the bit stream holds only
//! the low bits, where the information is. Every generated table is decoded here and checked
//! against the index, pointer by pointer.

use crate::index::{array_body, hex_u16_body, Index};
use std::path::Path;

/// Symbol: no code point.
pub const SYM_NONE: u8 = 0;
/// Symbol: the next free code point.
pub const SYM_FREE: u8 = 1;
/// First delta symbol.
pub const SYM_DELTA: u8 = 2;
/// Magnitudes below this are the bucket itself (no extra bits).
pub const DIRECT: u32 = 8;
/// Shortest run of consecutive free pointers kept (shorter runs are delta-coded).
pub const FREE_MIN_RUN: usize = 16;

/// One two-byte index and the code point range, if any, whose gaps are filled by free pointers;
/// `split`: the index is stored as two compact tables, the pointers below this one (`konst` with
/// `_EXTENSION`) and the rest (`konst`), each read from its own start, so that a build that reads
/// only the pointers from there (the Big5 encoder: the standard's "index Big5 pointer" leaves out
/// the pointers below (0xA1 - 0x81) × 157, the Hong Kong extensions) carries only the second.
struct Spec {
    file: &'static str,
    konst: &'static str,
    free: Option<(u32, u32)>,
    split: Option<usize>,
}

const SPECS: [Spec; 5] = [
    Spec {
        file: "gb18030",
        konst: "GB18030",
        free: Some((0x4E00, 0x9FFF)),
        split: None,
    },
    Spec {
        file: "big5",
        konst: "BIG5",
        free: None,
        split: Some((0xA1 - 0x81) * 157),
    },
    Spec {
        file: "jis0208",
        konst: "JIS0208",
        free: None,
        split: None,
    },
    Spec {
        file: "jis0212",
        konst: "JIS0212",
        free: None,
        split: None,
    },
    Spec {
        file: "euc-kr",
        konst: "EUC_KR",
        free: Some((0xAC00, 0xD7A3)),
        split: None,
    },
];

/// The bucket of a delta magnitude `m`: `(bucket, extra bit count, extra bits)`.
pub fn bucket(m: u32) -> (u32, u32, u32) {
    if m < DIRECT {
        return (m, 0, 0);
    }
    let length = 31 - m.leading_zeros(); // position of the top bit, >= 3
    let extra = length - 2;
    let bucket = DIRECT + (length - 3) * 4 + ((m >> extra) & 3);
    (bucket, extra, m & ((1 << extra) - 1))
}

/// The compact form of one index.
#[derive(Default)]
pub struct Compact {
    /// One symbol per pointer.
    pub symbols: Vec<u8>,
    /// The extra bits, least significant bit first.
    pub extra: Vec<u8>,
    /// Bits used in `extra`.
    pub extra_bits: usize,
    /// The first candidate of the free code points (0 when the index has none).
    pub free_start: u32,
}

impl Compact {
    fn push_bits(&mut self, count: u32, value: u32) {
        for k in 0..count {
            if self.extra.len() * 8 == self.extra_bits {
                self.extra.push(0);
            }
            if value >> k & 1 == 1 {
                let last = self.extra.len() - 1;
                self.extra[last] |= 1 << (self.extra_bits % 8);
            }
            self.extra_bits += 1;
        }
    }

    /// Decodes the whole index, as the crate does at first use: the code point of every pointer.
    pub fn decode(&self) -> Result<Vec<Option<u32>>, String> {
        let mut out = vec![None; self.symbols.len()];
        let mut prev: u32 = 0;
        let mut bit = 0usize;
        let mut read = |count: u32| -> Result<u32, String> {
            let mut v = 0;
            for k in 0..count {
                let byte = self.extra.get(bit / 8).ok_or("bit stream too short")?;
                v |= u32::from(byte >> (bit % 8) & 1) << k;
                bit += 1;
            }
            Ok(v)
        };
        let mut used = vec![false; 0x10000];
        for (p, &s) in self.symbols.iter().enumerate() {
            if s < SYM_DELTA {
                continue;
            }
            let s = u32::from(s - SYM_DELTA);
            let b = s >> 1;
            let m = if b < DIRECT {
                b
            } else {
                let k = b - DIRECT;
                let extra = k / 4 + 1;
                (4 | (k & 3)) << extra | read(extra)?
            };
            let cp = if s & 1 == 1 {
                prev.checked_sub(m).ok_or("negative code point")?
            } else {
                prev + m
            };
            prev = cp;
            out[p] = Some(cp);
            if let Some(u) = used.get_mut(cp as usize) {
                *u = true;
            }
        }
        let mut cursor = self.free_start;
        for (p, &s) in self.symbols.iter().enumerate() {
            if s != SYM_FREE {
                continue;
            }
            while used.get(cursor as usize) == Some(&true) {
                cursor += 1;
            }
            out[p] = Some(cursor);
            cursor += 1;
        }
        Ok(out)
    }
}

/// Indices of a longest strictly increasing subsequence of `values`.
fn longest_increasing(values: &[u32]) -> Vec<usize> {
    let mut tails: Vec<usize> = Vec::new();
    let mut previous = vec![usize::MAX; values.len()];
    for (i, &v) in values.iter().enumerate() {
        let k = tails.partition_point(|&t| values[t] < v);
        if k > 0 {
            previous[i] = tails[k - 1];
        }
        if k == tails.len() {
            tails.push(i);
        } else {
            tails[k] = i;
        }
    }
    let mut out = Vec::new();
    let mut i = tails.last().copied().unwrap_or(usize::MAX);
    while i != usize::MAX {
        out.push(i);
        i = previous[i];
    }
    out.reverse();
    out
}

/// The pointers that can be free pointers for the code point range `(lo, hi)`: runs of at least
/// [`FREE_MIN_RUN`] consecutive pointers along a longest increasing subsequence of the range's
/// code points, less those whose code point is not the next free one.
fn free_pointers(dense: &[Option<u32>], (lo, hi): (u32, u32)) -> Vec<bool> {
    let n = dense.len();
    let members: Vec<usize> = (0..n)
        .filter(|&p| dense[p].is_some_and(|cp| (lo..=hi).contains(&cp)))
        .collect();
    let values: Vec<u32> = members.iter().map(|&p| dense[p].unwrap_or(0)).collect();
    let mut in_lis = vec![false; n];
    for i in longest_increasing(&values) {
        in_lis[members[i]] = true;
    }
    let mut free = vec![false; n];
    let mut p = 0;
    while p < n {
        if !in_lis[p] {
            p += 1;
            continue;
        }
        let start = p;
        while p < n && in_lis[p] {
            p += 1;
        }
        if p - start >= FREE_MIN_RUN {
            free[start..p].iter_mut().for_each(|f| *f = true);
        }
    }
    // Drop the pointers whose code point is not the next free one, until all agree. A dropped
    // pointer's code point is above every earlier free pointer's, so earlier ones stay right.
    loop {
        let mut used = vec![false; 0x10000];
        for p in 0..n {
            if let (false, Some(cp)) = (free[p], dense[p]) {
                if let Some(u) = used.get_mut(cp as usize) {
                    *u = true;
                }
            }
        }
        let mut cursor = lo;
        let mut changed = false;
        for p in 0..n {
            if !free[p] {
                continue;
            }
            while used.get(cursor as usize) == Some(&true) {
                cursor += 1;
            }
            if dense[p] == Some(cursor) {
                cursor += 1;
            } else {
                free[p] = false;
                changed = true;
                break;
            }
        }
        if !changed {
            return free;
        }
    }
}

/// Builds the compact form of the index `dense` (code point by pointer).
pub fn compact(dense: &[Option<u32>], free_range: Option<(u32, u32)>) -> Result<Compact, String> {
    if dense
        .iter()
        .flatten()
        .any(|&cp| cp & 0xFFFF == 0 || (cp > 0xFFFF && cp >> 16 != 2))
    {
        return Err("index maps to U+0000, U+20000 or an astral plane other than 2".into());
    }
    let mut c = Compact::default();
    let free = match free_range {
        Some(range) => {
            c.free_start = range.0;
            free_pointers(dense, range)
        }
        None => vec![false; dense.len()],
    };
    let mut prev: u32 = 0;
    for (p, &cp) in dense.iter().enumerate() {
        let symbol = match cp {
            None => SYM_NONE,
            Some(_) if free[p] => SYM_FREE,
            Some(cp) => {
                let (b, count, bits) = bucket(cp.abs_diff(prev));
                c.push_bits(count, bits);
                let s = u32::from(SYM_DELTA) + 2 * b + u32::from(cp < prev);
                prev = cp;
                u8::try_from(s).map_err(|_| "delta symbol above 255")?
            }
        };
        c.symbols.push(symbol);
    }
    let decoded = c.decode()?;
    for (p, (&expected, &got)) in dense.iter().zip(&decoded).enumerate() {
        if expected != got {
            return Err(format!(
                "compact table disagrees with the index at pointer {p}"
            ));
        }
    }
    Ok(c)
}

/// The index `file` as code points by pointer.
fn read_dense(source: &Path, file: &str) -> Result<Vec<Option<u32>>, String> {
    let index = Index::read(source, file)?;
    let mut dense = vec![None; index.len()];
    for &(p, cp) in &index.entries {
        if dense[p as usize].replace(cp).is_some() {
            return Err(format!("index-{file}.txt lists pointer {p} twice"));
        }
    }
    Ok(dense)
}

fn render_compact(konst: &str, c: &Compact) -> String {
    format!(
        "/// One symbol per pointer (layout: tables/src/cjk.rs).\n\
         pub static {konst}_SYMBOLS: [u8; {}] = [\n{}];\n\n\
         /// The extra bits of the delta symbols, least significant bit first.\n\
         pub static {konst}_EXTRA: [u8; {}] = [\n{}];\n\n\
         /// The first candidate of the free code points.\n\
         pub const {konst}_FREE_START: u32 = 0x{:04X};\n",
        c.symbols.len(),
        array_body(&c.symbols, 20),
        c.extra.len(),
        array_body(&c.extra, 20),
        c.free_start,
    )
}

/// Index gb18030 ranges: the BMP ranges as two u16 arrays and the single astral range as
/// constants. Returns the text and its raw size.
fn render_gb18030_ranges(source: &Path) -> Result<(String, usize), String> {
    let index = Index::read(source, "gb18030-ranges")?;
    let entries = &index.entries;
    let Some((&(last_pointer, last_cp), bmp)) = entries.split_last() else {
        return Err("index-gb18030-ranges.txt is empty".into());
    };
    if last_cp != 0x10000 || bmp.first() != Some(&(0, 0x80)) {
        return Err("unexpected index-gb18030-ranges.txt layout".into());
    }
    if bmp.iter().any(|&(p, cp)| p > 39419 || cp > 0xFFFF)
        || bmp.windows(2).any(|w| w[0].0 >= w[1].0 || w[0].1 >= w[1].1)
    {
        return Err("index-gb18030-ranges.txt BMP ranges are not sorted u16 values".into());
    }
    let pointers: Vec<u32> = bmp.iter().map(|&(p, _)| p).collect();
    let cps: Vec<u32> = bmp.iter().map(|&(_, cp)| cp).collect();
    let mut t = String::new();
    t.push_str(&format!(
        "/// index gb18030 ranges: first pointer of each BMP range.\n\
         pub static GB18030_RANGES_POINTER: [u16; {}] = [\n{}];\n\n",
        pointers.len(),
        hex_u16_body(&pointers, 8)
    ));
    t.push_str(&format!(
        "/// index gb18030 ranges: first code point of each BMP range.\n\
         pub static GB18030_RANGES_CODE_POINT: [u16; {}] = [\n{}];\n\n",
        cps.len(),
        hex_u16_body(&cps, 8)
    ));
    t.push_str(&format!(
        "/// index gb18030 ranges: the last range, which covers the astral planes.\n\
         pub const GB18030_RANGES_ASTRAL_POINTER: u32 = {last_pointer};\n\
         /// index gb18030 ranges: the first code point of the last range.\n\
         pub const GB18030_RANGES_ASTRAL_CODE_POINT: u32 = 0x{last_cp:X};\n"
    ));
    Ok((t, bmp.len() * 4))
}

/// Index ISO-2022-JP katakana as a u16 array; returns the text and its raw size.
fn render_katakana(source: &Path) -> Result<(String, usize), String> {
    let dense = read_dense(source, "iso-2022-jp-katakana")?;
    let values: Vec<u32> = dense.iter().map(|cp| cp.unwrap_or(0)).collect();
    if values.len() != 0xFF9F - 0xFF61 + 1 || values.iter().any(|&cp| cp == 0 || cp > 0xFFFF) {
        return Err("index-iso-2022-jp-katakana.txt is not 63 BMP code points".into());
    }
    let text = format!(
        "/// index ISO-2022-JP katakana: U+FF61 + pointer maps to this code point.\n\
         pub static ISO_2022_JP_KATAKANA: [u16; {}] = [\n{}];\n",
        values.len(),
        hex_u16_body(&values, 8)
    );
    Ok((text, values.len() * 2))
}

/// The generated file name of an index.
fn file_name(spec: &Spec) -> &'static str {
    match spec.file {
        "gb18030" => "cjk_gb18030.rs",
        "big5" => "cjk_big5.rs",
        "jis0208" => "cjk_jis0208.rs",
        "jis0212" => "cjk_jis0212.rs",
        _ => "cjk_euc_kr.rs",
    }
}

/// Renders the file of index `file` (`"gb18030"`, `"big5"`, `"jis0208"`, `"jis0212"` or
/// `"euc-kr"`): `cjk_gb18030.rs` (with index gb18030 ranges), `cjk_big5.rs`, `cjk_jis0208.rs`
/// (with index ISO-2022-JP katakana), `cjk_jis0212.rs` or `cjk_euc_kr.rs`.
pub fn generate(source: &Path, file: &str) -> Result<crate::Output, String> {
    let spec = SPECS
        .iter()
        .find(|s| s.file == file)
        .ok_or_else(|| format!("no CJK index {file:?}"))?;
    let dense = read_dense(source, spec.file)?;
    let mut body = String::new();
    let mut raw = 0;
    let mut pointers = 0;
    let mut free = 0;
    let mut parts = vec![(spec.konst.to_string(), 0, dense.as_slice())];
    if let Some(split) = spec.split {
        if spec.free.is_some() || split > dense.len() {
            return Err(format!(
                "index {file:?}: a split index has no free pointers"
            ));
        }
        let (low, high) = dense.split_at(split);
        parts = vec![
            (format!("{}_EXTENSION", spec.konst), 0, low),
            (spec.konst.to_string(), split, high),
        ];
    }
    for (konst, first, part) in &parts {
        let c = compact(part, spec.free)?;
        if !body.is_empty() {
            body.push('\n');
        }
        body.push_str(&render_compact(konst, &c));
        if spec.split.is_some() {
            body.push_str(&format!(
                "\n/// The first pointer of the `{konst}` arrays.\npub const {konst}_FIRST: usize = {first};\n"
            ));
        }
        raw += c.symbols.len() + c.extra.len();
        pointers += c.symbols.len();
        free += c.symbols.iter().filter(|&&s| s == SYM_FREE).count();
    }
    let extra = match spec.file {
        "gb18030" => Some(render_gb18030_ranges(source)?),
        "jis0208" => Some(render_katakana(source)?),
        _ => None,
    };
    if let Some((text, size)) = extra {
        body.push('\n');
        body.push_str(&text);
        raw += size;
    }
    let mut text = crate::header(&format!(
        "index-{}.txt in compact form (layout: tables/src/cjk.rs); {pointers} pointers, {free} free; \
         {raw} bytes of arrays.",
        spec.file,
    ));
    text.push_str(&body);
    Ok(crate::Output {
        name: file_name(spec),
        text,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn longest_increasing_subsequence() {
        let v = [5, 1, 2, 9, 3, 4, 0, 5];
        let lis = longest_increasing(&v);
        let picked: Vec<u32> = lis.iter().map(|&i| v[i]).collect();
        assert_eq!(picked, [1, 2, 3, 4, 5]);
    }

    #[test]
    fn buckets_round_trip() {
        for m in [0, 1, 7, 8, 9, 15, 16, 100, 0x2_FFFF] {
            let (b, count, bits) = bucket(m);
            let back = if b < DIRECT {
                b
            } else {
                let k = b - DIRECT;
                assert_eq!(count, k / 4 + 1);
                (4 | (k & 3)) << count | bits
            };
            assert_eq!(back, m);
        }
    }

    #[test]
    fn compact_round_trips_a_small_index() {
        let mut dense: Vec<Option<u32>> = vec![None; 300];
        dense[3] = Some(0x4E05); // taken before the free run fills the gaps
        for (p, slot) in dense.iter_mut().enumerate().take(60).skip(40) {
            *slot = Some(0x3000 + p as u32); // consecutive
        }
        dense[70] = Some(0x20001); // astral
        dense[72] = Some(0x1234);
        let mut cp = 0x4E00;
        for slot in dense.iter_mut().take(230).skip(200) {
            if cp == 0x4E05 {
                cp += 1;
            }
            *slot = Some(cp); // free run
            cp += 1;
        }
        let c = compact(&dense, Some((0x4E00, 0x9FFF))).unwrap();
        assert_eq!(c.decode().unwrap(), dense);
        assert_eq!(c.symbols.iter().filter(|&&s| s == SYM_FREE).count(), 30);
        assert!(compact(&[Some(0x20000)], None).is_err());
    }
}
