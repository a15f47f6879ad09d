//! Legacy multi-byte (CJK) indexes: compact decode tables for index gb18030, Big5, jis0208, jis0212
//! and EUC-KR (one file each, `cjk_NAME.rs`), plus index gb18030 ranges and index ISO-2022-JP
//! katakana (in `cjk_gb18030.rs` and `cjk_jis0208.rs`).
//!
//! An index is cut, by pointer, into segments (`NAME_SEGMENT_START`, `_END` (exclusive), `_KIND`,
//! `_VALUE`; sorted, non-overlapping; pointers between segments have no code point):
//!
//! - kind 0, explicit: pointer `p` has the code point `NAME_HI[i] << 8 | NAME_LO[i]` with
//!   `i = value + p - first` (the two bytes are stored as separate planes, which compress far
//!   better than interleaved u16), 0 for none, plus 0x20000 when bit `i` of `NAME_ASTRAL` is set
//!   (only index Big5 has astral code points, all in plane 2);
//! - kind 1, linear: pointer `p` has the code point `value + p - first`;
//! - kind 2 + g, monotone group g: the code points of the group's segments increase with the
//!   pointer, so a group is stored as a bitmap of its code points (`NAME_GROUPS[g] = [first code
//!   point, first word, words]` into `NAME_BITS`; bit k of the group is its first code point + k).
//!   The members of all groups, in order (group 0's, then group 1's, ...), form one list that the
//!   crate expands from the bitmaps at first use; pointer `p` has member `value + p - first` of
//!   that list. This is how the runs in Unicode order (GBK's ideographs outside GB2312, EUC-KR's
//!   Hangul syllables, JIS X 0212's kanji) cost about one bit per code point.
//!
//! The groups are picked by a longest increasing subsequence over the code points of a range, in
//! pointer order; only runs of at least [`GROUP_MIN_RUN`] consecutive pointers are kept. Every
//! generated table is checked here against the index, pointer by pointer.

use crate::index::{array_body, hex_u16_body, Index};
use std::path::Path;

/// Segment kind: code points stored in the HI/LO planes.
pub const KIND_EXPLICIT: u16 = 0;
/// Segment kind: consecutive code points.
pub const KIND_LINEAR: u16 = 1;
/// Segment kind of monotone group 0; group g is `KIND_GROUP + g`.
pub const KIND_GROUP: u16 = 2;
/// Shortest run of consecutive pointers kept in a monotone group.
pub const GROUP_MIN_RUN: usize = 16;
/// Shortest run of consecutive code points made a linear segment.
pub const LINEAR_MIN_RUN: usize = 8;
/// Shortest run of unmapped pointers that ends an explicit segment (shorter ones are stored as 0).
pub const HOLE_MIN_RUN: usize = 4;
/// The plane of every astral code point in the explicit planes.
pub const ASTRAL_BASE: u32 = 0x20000;

/// One two-byte index and the code point ranges in which monotone groups are looked for (a range
/// listed twice yields a second group from what the first left).
struct Spec {
    file: &'static str,
    konst: &'static str,
    groups: &'static [(u32, u32)],
}

const SPECS: [Spec; 5] = [
    Spec {
        file: "gb18030",
        konst: "GB18030",
        groups: &[(0x4E00, 0x9FFF)],
    },
    Spec {
        file: "big5",
        konst: "BIG5",
        groups: &[],
    },
    Spec {
        file: "jis0208",
        konst: "JIS0208",
        groups: &[],
    },
    Spec {
        file: "jis0212",
        konst: "JIS0212",
        groups: &[(0x4E00, 0x9FFF)],
    },
    Spec {
        file: "euc-kr",
        konst: "EUC_KR",
        groups: &[(0xAC00, 0xD7A3), (0xAC00, 0xD7A3)],
    },
];

/// The compact form of one index.
#[derive(Default)]
pub struct Compact {
    /// `[first pointer, end pointer (exclusive), kind, value]`, sorted by pointer.
    pub segments: Vec<[u16; 4]>,
    /// High bytes of the explicit code points.
    pub hi: Vec<u8>,
    /// Low bytes of the explicit code points.
    pub lo: Vec<u8>,
    /// Bit i set: explicit code point i is in plane 2.
    pub astral: Vec<u32>,
    /// `[first code point, first word, words]` per monotone group.
    pub groups: Vec<[u16; 3]>,
    /// The groups' bitmaps, bit k of a group = its first code point + k is in the group.
    pub bits: Vec<u64>,
    /// The members of all groups in order (not emitted: the crate expands them from `bits`).
    pub members: Vec<u16>,
}

impl Compact {
    /// Size of all arrays in bytes.
    pub fn raw_bytes(&self) -> usize {
        self.segments.len() * 7
            + self.hi.len()
            + self.lo.len()
            + self.astral.len() * 4
            + self.groups.len() * 6
            + self.bits.len() * 8
    }

    /// The code point for `pointer` (the lookup the crate performs).
    pub fn code_point(&self, pointer: usize) -> Option<u32> {
        let k = self
            .segments
            .partition_point(|s| usize::from(s[0]) <= pointer);
        let [first, end, kind, value] = *self.segments.get(k.checked_sub(1)?)?;
        if pointer >= usize::from(end) {
            return None;
        }
        let offset = pointer - usize::from(first);
        match kind {
            KIND_EXPLICIT => {
                let i = usize::from(value) + offset;
                let cp = u32::from(self.hi[i]) << 8 | u32::from(self.lo[i]);
                if cp == 0 {
                    return None;
                }
                let astral = self
                    .astral
                    .get(i / 32)
                    .is_some_and(|w| w >> (i % 32) & 1 == 1);
                Some(if astral { cp + ASTRAL_BASE } else { cp })
            }
            KIND_LINEAR => Some(u32::from(value) + offset as u32),
            _ => self
                .members
                .get(usize::from(value) + offset)
                .map(|&cp| u32::from(cp)),
        }
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

#[derive(Clone, Copy, PartialEq)]
enum Assigned {
    Group(usize),
    Linear,
}

/// Builds the compact form of the index `dense` (code point by pointer).
pub fn compact(dense: &[Option<u32>], group_ranges: &[(u32, u32)]) -> Result<Compact, String> {
    if dense.len() > 0xFFFF {
        return Err("index too long for u16 pointers".into());
    }
    if dense
        .iter()
        .flatten()
        .any(|&cp| cp == 0 || (cp > 0xFFFF && cp >> 16 != ASTRAL_BASE >> 16))
    {
        return Err("index maps to U+0000 or to an astral plane other than 2".into());
    }
    let n = dense.len();
    let mut assigned: Vec<Option<Assigned>> = vec![None; n];
    let mut c = Compact::default();

    for (g, &(lo, hi)) in group_ranges.iter().enumerate() {
        let members: Vec<usize> = (0..n)
            .filter(|&p| {
                assigned[p].is_none() && dense[p].is_some_and(|cp| (lo..=hi).contains(&cp))
            })
            .collect();
        let values: Vec<u32> = members.iter().map(|&p| dense[p].unwrap_or(0)).collect();
        let mut in_lis = vec![false; n];
        for i in longest_increasing(&values) {
            in_lis[members[i]] = true;
        }
        let mut kept = Vec::new();
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
            if p - start >= GROUP_MIN_RUN {
                kept.push((start, p));
            }
        }
        let cps: Vec<u32> = kept
            .iter()
            .flat_map(|&(a, b)| (a..b).filter_map(|p| dense[p]))
            .collect();
        let (Some(&first_cp), Some(&last_cp)) = (cps.first(), cps.last()) else {
            return Err(format!("group {g} ({lo:#X}..={hi:#X}) is empty"));
        };
        if last_cp > 0xFFFF || cps.len() > 0xFFFF {
            return Err(format!("group {g} does not fit u16"));
        }
        let words = (last_cp - first_cp) as usize / 64 + 1;
        let w0 = c.bits.len();
        c.bits.resize(w0 + words, 0);
        for &cp in &cps {
            let bit = (cp - first_cp) as usize;
            c.bits[w0 + bit / 64] |= 1 << (bit % 64);
        }
        c.groups.push([first_cp as u16, w0 as u16, words as u16]);
        // The rank in the list of all groups' members.
        let mut rank = c.members.len();
        c.members.extend(cps.iter().map(|&cp| cp as u16));
        if c.members.len() > 0xFFFF {
            return Err("too many group members for u16 ranks".into());
        }
        for &(a, b) in &kept {
            for slot in &mut assigned[a..b] {
                *slot = Some(Assigned::Group(g));
            }
            let kind = KIND_GROUP + g as u16;
            c.segments.push([a as u16, b as u16, kind, rank as u16]);
            rank += b - a;
        }
    }

    // Linear runs among the rest.
    let free = |p: usize, assigned: &[Option<Assigned>]| -> Option<u32> {
        if assigned[p].is_none() {
            dense[p].filter(|&cp| cp <= 0xFFFF)
        } else {
            None
        }
    };
    let mut p = 0;
    while p < n {
        let Some(cp) = free(p, &assigned) else {
            p += 1;
            continue;
        };
        let start = p;
        let mut last = cp;
        p += 1;
        while p < n && free(p, &assigned) == Some(last + 1) {
            last += 1;
            p += 1;
        }
        if p - start >= LINEAR_MIN_RUN {
            for slot in &mut assigned[start..p] {
                *slot = Some(Assigned::Linear);
            }
            c.segments
                .push([start as u16, p as u16, KIND_LINEAR, cp as u16]);
        }
    }

    // Explicit segments over what is left.
    let mut p = 0;
    while p < n {
        if assigned[p].is_some() || dense[p].is_none() {
            p += 1;
            continue;
        }
        let start = p;
        let offset = c.hi.len();
        let mut end = p;
        while p < n && assigned[p].is_none() {
            if dense[p].is_some() {
                p += 1;
                end = p;
                continue;
            }
            let hole = p;
            while p < n && assigned[p].is_none() && dense[p].is_none() {
                p += 1;
            }
            if p - hole >= HOLE_MIN_RUN || p == n || assigned[p].is_some() {
                break;
            }
        }
        p = end;
        for cp in &dense[start..end] {
            let cp = cp.unwrap_or(0);
            let i = c.hi.len();
            c.hi.push((cp >> 8) as u8);
            c.lo.push(cp as u8);
            if cp > 0xFFFF {
                c.astral.resize(i / 32 + 1, 0);
                c.astral[i / 32] |= 1 << (i % 32);
            }
        }
        if c.hi.len() > 0xFFFF {
            return Err("too many explicit code points for u16 offsets".into());
        }
        c.segments
            .push([start as u16, end as u16, KIND_EXPLICIT, offset as u16]);
    }
    c.segments.sort_unstable();

    for (p, &expected) in dense.iter().enumerate() {
        if c.code_point(p) != expected {
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
    let mut t = String::new();
    let column = |k: usize| -> Vec<u16> { c.segments.iter().map(|s| s[k]).collect() };
    let kinds: Vec<u8> = column(2).iter().map(|&k| k as u8).collect();
    t.push_str(&format!(
        "/// First pointer of each segment.\npub static {konst}_SEGMENT_START: [u16; {n}] = [\n{}];\n\n\
         /// End pointer (exclusive) of each segment.\npub static {konst}_SEGMENT_END: [u16; {n}] = [\n{}];\n\n\
         /// Kind of each segment: 0 explicit, 1 linear, 2 + g monotone group g.\n\
         pub static {konst}_SEGMENT_KIND: [u8; {n}] = [\n{}];\n\n\
         /// Per segment: explicit offset, linear first code point or group member rank.\n\
         pub static {konst}_SEGMENT_VALUE: [u16; {n}] = [\n{}];\n\n",
        array_body(&column(0), 16),
        array_body(&column(1), 16),
        array_body(&kinds, 20),
        array_body(&column(3), 16),
        n = c.segments.len(),
    ));
    t.push_str(&format!(
        "/// High bytes of the explicit code points.\npub static {konst}_HI: [u8; {}] = [\n{}];\n\n",
        c.hi.len(),
        array_body(&c.hi, 20)
    ));
    t.push_str(&format!(
        "/// Low bytes of the explicit code points.\npub static {konst}_LO: [u8; {}] = [\n{}];\n\n",
        c.lo.len(),
        array_body(&c.lo, 20)
    ));
    let astral: Vec<String> = c.astral.iter().map(|w| format!("0x{w:08X}")).collect();
    t.push_str(&format!(
        "/// Bit i: explicit code point i is in plane 2.\npub static {konst}_ASTRAL: [u32; {}] = [\n{}];\n\n",
        astral.len(),
        array_body(&astral, 8)
    ));
    let groups: Vec<String> = c
        .groups
        .iter()
        .map(|g| format!("[0x{:04X}, {}, {}]", g[0], g[1], g[2]))
        .collect();
    t.push_str(&format!(
        "/// Per monotone group: [first code point, first word, words].\n\
         pub static {konst}_GROUPS: [[u16; 3]; {}] = [\n{}];\n\n",
        groups.len(),
        array_body(&groups, 4)
    ));
    let bits: Vec<String> = c.bits.iter().map(|w| format!("0x{w:016X}")).collect();
    t.push_str(&format!(
        "/// The groups' bitmaps.\npub static {konst}_BITS: [u64; {}] = [\n{}];\n",
        bits.len(),
        array_body(&bits, 4)
    ));
    t
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
    let c = compact(&dense, spec.groups)?;
    let mut body = render_compact(spec.konst, &c);
    let mut raw = c.raw_bytes();
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
        "index-{}.txt in compact form (layout: tables/src/cjk.rs); {} segments, {} explicit \
         code points, {} groups; {raw} bytes of arrays.",
        spec.file,
        c.segments.len(),
        c.hi.len(),
        c.groups.len(),
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
    fn compact_round_trips_a_small_index() {
        let mut dense: Vec<Option<u32>> = vec![None; 300];
        for (p, slot) in dense.iter_mut().enumerate().take(40) {
            *slot = Some(0x4E00 + 3 * p as u32); // monotone group
        }
        for (p, slot) in dense.iter_mut().enumerate().take(60).skip(40) {
            *slot = Some(0x3000 + p as u32); // linear
        }
        dense[70] = Some(0x20001); // astral explicit
        dense[72] = Some(0x1234);
        for (p, slot) in dense.iter_mut().enumerate().take(120).skip(100) {
            *slot = Some(0x4E01 + 7 * p as u32); // second run of the group
        }
        let c = compact(&dense, &[(0x4E00, 0x9FFF)]).unwrap();
        for (p, &cp) in dense.iter().enumerate() {
            assert_eq!(c.code_point(p), cp);
        }
        assert_eq!(c.code_point(300), None);
        assert_eq!(c.hi.len(), 3);
    }
}
