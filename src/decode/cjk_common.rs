//! Shared by the legacy multi-byte (CJK) codecs: the generated compact indexes with their
//! "index code point" lookup, index gb18030 ranges, index ISO-2022-JP katakana, and the decoder
//! driver that runs a family's handler over a byte buffer, implementing the standard's
//! "restore" (items put back at the front of the I/O queue) across calls.

use super::{ascii_to_utf16, DecoderResult, RawDecoder};
use alloc::{boxed::Box, vec, vec::Vec};
use once_cell::race::OnceBox;

#[allow(missing_docs, dead_code)]
mod generated {
    include!("../../tables/generated/cjk_gb18030.rs");
    include!("../../tables/generated/cjk_big5.rs");
    include!("../../tables/generated/cjk_jis0208.rs");
    include!("../../tables/generated/cjk_jis0212.rs");
    include!("../../tables/generated/cjk_euc_kr.rs");
}
use generated::*;

// ---------------------------------------------------------------------------------------------
// Indexes
// ---------------------------------------------------------------------------------------------

/// A two-byte index in the compact form described in `tables/src/cjk.rs`: one symbol per
/// pointer (none, the next free code point, or a delta from the previous code point whose low
/// bits are in a bit stream). At first use the symbols are expanded into a flat table indexed by
/// pointer (two bytes per pointer, at most 47 KiB, only for an index in use), so a lookup is one
/// load.
#[derive(Debug)]
pub(crate) struct Index {
    /// The compact tables, in pointer order: one for most indexes; for index Big5 two (the
    /// generator's split), of which its encoder reads only the second.
    parts: &'static [Part],
    /// Built at first use.
    expanded: OnceBox<Expanded>,
}

/// One compact table of an [`Index`]: the symbols of the pointers from `first` on, the extra bits
/// of its delta symbols, and the first candidate of its free code points.
#[derive(Debug)]
struct Part {
    first: usize,
    symbols: &'static [u8],
    extra: &'static [u8],
    free_start: u32,
}

/// What an [`Index`] builds at first use: the index as a flat table.
#[derive(Debug)]
pub(crate) struct Expanded {
    /// The code point of every pointer below the index's end, 0 for none (no index maps a pointer
    /// to U+0000). A code point outside the BMP (index Big5's, all in plane 2) is
    /// [`ASTRAL_SLOTS`] plus its place in `astral` instead: index Big5 maps nothing into the
    /// Private Use Area those slots take (checked by a test), so a lookup stays one load.
    table: Vec<u16>,
    /// The astral code points, in pointer order (empty for an index without any).
    astral: Vec<u32>,
}

/// The first slot of an astral code point in [`Expanded::table`]: U+E000, the Private Use Area
/// (U+E000..U+F8FF), where index Big5 maps nothing.
const ASTRAL_SLOTS: u16 = 0xE000;
/// How many slots the Private Use Area has.
const ASTRAL_SLOT_COUNT: u16 = 0x1900;

impl Expanded {
    /// The standard's "index code point": the code point for `pointer`, or `None`.
    #[inline(always)]
    pub(crate) fn code_point(&self, pointer: usize) -> Option<u32> {
        let value = *self.table.get(pointer)?;
        if value == 0 {
            return None;
        }
        let slot = value.wrapping_sub(ASTRAL_SLOTS);
        if slot < ASTRAL_SLOT_COUNT && !self.astral.is_empty() {
            return self.astral.get(usize::from(slot)).copied();
        }
        Some(u32::from(value))
    }
}

/// Symbols (`tables/src/cjk.rs`): no code point, the next free code point, the first delta
/// symbol.
const SYM_NONE: u8 = 0;
const SYM_FREE: u8 = 1;
const SYM_DELTA: u8 = 2;
/// Delta magnitudes below this are the bucket itself (`tables/src/cjk.rs`).
const DIRECT: u32 = 8;

macro_rules! index {
    ($(#[$doc:meta])* $name:ident: $($first:expr, $symbols:ident, $extra:ident, $free_start:ident);+) => {
        $(#[$doc])*
        pub(crate) static $name: Index = Index {
            parts: &[$(Part {
                first: $first,
                symbols: &$symbols,
                extra: &$extra,
                free_start: $free_start,
            }),+],
            expanded: OnceBox::new(),
        };
    };
}

index!(
    /// index gb18030 (pointers 0..23940).
    GB18030: 0, GB18030_SYMBOLS, GB18030_EXTRA, GB18030_FREE_START
);
index!(
    /// index Big5 (pointers 942..19782; astral code points in plane 2), for the decoder.
    BIG5: BIG5_EXTENSION_FIRST, BIG5_EXTENSION_SYMBOLS, BIG5_EXTENSION_EXTRA, BIG5_EXTENSION_FREE_START;
        BIG5_FIRST, BIG5_SYMBOLS, BIG5_EXTRA, BIG5_FREE_START
);
index!(
    /// index Big5 from pointer (0xA1 - 0x81) × 157 on: all that the Big5 encoder reads (the
    /// standard's "index Big5 pointer" leaves the pointers below out), so that a build without
    /// the decoder carries none of the others.
    BIG5_ENCODER: BIG5_FIRST, BIG5_SYMBOLS, BIG5_EXTRA, BIG5_FREE_START
);
index!(
    /// index jis0208.
    JIS0208: 0, JIS0208_SYMBOLS, JIS0208_EXTRA, JIS0208_FREE_START
);
index!(
    /// index jis0212 (decoding only).
    JIS0212: 0, JIS0212_SYMBOLS, JIS0212_EXTRA, JIS0212_FREE_START
);
index!(
    /// index EUC-KR.
    EUC_KR: 0, EUC_KR_SYMBOLS, EUC_KR_EXTRA, EUC_KR_FREE_START
);

/// Reads the bit stream of an index, least significant bit first (0 past its end).
struct Bits {
    bytes: &'static [u8],
    at: usize,
}

impl Bits {
    /// The next `count` bits (at most 24; the generator writes at most 15 at a time), read from a
    /// four-byte window rather than bit by bit: the tables are expanded before the engine has
    /// optimized this code.
    fn read(&mut self, count: u32) -> u32 {
        let byte = self.at / 8;
        let mut window = 0u32;
        for k in 0..4 {
            let b = self.bytes.get(byte + k).copied().unwrap_or(0);
            window |= u32::from(b) << (8 * k);
        }
        let value = window >> (self.at % 8);
        self.at += count as usize;
        value & 1u32.checked_shl(count).map_or(u32::MAX, |m| m - 1)
    }
}

impl Index {
    /// The standard's "index code point": the code point for `pointer`, or `None`.
    #[inline]
    pub(crate) fn code_point(&self, pointer: usize) -> Option<u32> {
        self.expanded().code_point(pointer)
    }

    /// The flat table, built at first use.
    #[inline]
    pub(crate) fn expanded(&self) -> &Expanded {
        self.expanded.get_or_init(|| Box::new(self.expand()))
    }

    /// Decodes the symbols into the flat table: the delta symbols first, then the free ones,
    /// which fill the code points the others left.
    #[cold]
    fn expand(&self) -> Expanded {
        let len = self
            .parts
            .iter()
            .map(|part| part.first + part.symbols.len())
            .max()
            .unwrap_or(0);
        let mut table = vec![0u16; len];
        let mut astral = Vec::new();
        let mut has_free = false;
        for part in self.parts {
            let mut bits = Bits {
                bytes: part.extra,
                at: 0,
            };
            let mut prev = 0u32;
            let slots = table.get_mut(part.first..).unwrap_or_default();
            for (slot, &symbol) in slots.iter_mut().zip(part.symbols) {
                if symbol == SYM_NONE {
                    continue;
                }
                if symbol == SYM_FREE {
                    has_free = true;
                    continue;
                }
                let s = u32::from(symbol - SYM_DELTA);
                let bucket = s >> 1;
                let magnitude = if bucket < DIRECT {
                    bucket
                } else {
                    let k = bucket - DIRECT;
                    let extra = k / 4 + 1;
                    (4 | (k & 3)) << extra | bits.read(extra)
                };
                prev = if s & 1 == 1 {
                    prev.wrapping_sub(magnitude)
                } else {
                    prev.wrapping_add(magnitude)
                };
                // The generator checked that code points are in the BMP or in plane 2.
                *slot = if prev > 0xFFFF {
                    astral.push(prev);
                    ASTRAL_SLOTS.wrapping_add((astral.len() - 1) as u16)
                } else {
                    prev as u16
                };
            }
        }
        if has_free {
            // The BMP code points the delta symbols took (a bitmap); the free pointers get the
            // others in order. An astral code point's slot marks a Private Use Area code point,
            // which no free pointer of an index with astral code points takes. (Only an index of
            // one part has free pointers: the generator checks it.)
            let mut used = vec![0u64; 0x10000 / 64];
            for &value in &table {
                if let Some(w) = used.get_mut(usize::from(value) / 64) {
                    *w |= 1 << (value % 64);
                }
            }
            for part in self.parts {
                let mut cursor = part.free_start;
                let slots = table.get_mut(part.first..).unwrap_or_default();
                for (slot, &symbol) in slots.iter_mut().zip(part.symbols) {
                    if symbol != SYM_FREE {
                        continue;
                    }
                    while used
                        .get(cursor as usize / 64)
                        .is_some_and(|w| w >> (cursor % 64) & 1 == 1)
                    {
                        cursor += 1;
                    }
                    *slot = cursor as u16;
                    cursor += 1;
                }
            }
        }
        Expanded { table, astral }
    }

    /// Calls `f(pointer, code point)` for every pointer that has a code point, in pointer order.
    pub(crate) fn for_each(&self, mut f: impl FnMut(usize, u32)) {
        let expanded = self.expanded();
        for pointer in 0..expanded.table.len() {
            if let Some(cp) = expanded.code_point(pointer) {
                f(pointer, cp);
            }
        }
    }
}

/// The standard's "index gb18030 ranges code point" for a four-byte pointer.
pub(crate) fn gb18030_ranges_code_point(pointer: u32) -> Option<u32> {
    if (pointer > 39419 && pointer < 189000) || pointer > 1237575 {
        return None;
    }
    if pointer == 7457 {
        return Some(0xE7C7);
    }
    if pointer >= GB18030_RANGES_ASTRAL_POINTER {
        return Some(GB18030_RANGES_ASTRAL_CODE_POINT + (pointer - GB18030_RANGES_ASTRAL_POINTER));
    }
    let k = GB18030_RANGES_POINTER
        .partition_point(|&p| u32::from(p) <= pointer)
        .checked_sub(1)?;
    let offset = u32::from(*GB18030_RANGES_POINTER.get(k)?);
    let code_point_offset = u32::from(*GB18030_RANGES_CODE_POINT.get(k)?);
    Some(code_point_offset + (pointer - offset))
}

/// The standard's "index gb18030 ranges pointer" for a non-ASCII scalar value.
pub(crate) fn gb18030_ranges_pointer(code_point: u32) -> u32 {
    if code_point == 0xE7C7 {
        return 7457;
    }
    if code_point >= GB18030_RANGES_ASTRAL_CODE_POINT {
        return GB18030_RANGES_ASTRAL_POINTER + (code_point - GB18030_RANGES_ASTRAL_CODE_POINT);
    }
    let k = GB18030_RANGES_CODE_POINT
        .partition_point(|&c| u32::from(c) <= code_point)
        .saturating_sub(1);
    let offset = GB18030_RANGES_CODE_POINT
        .get(k)
        .map_or(0x80, |&c| u32::from(c));
    let pointer_offset = GB18030_RANGES_POINTER.get(k).map_or(0, |&p| u32::from(p));
    pointer_offset + code_point.saturating_sub(offset)
}

/// The index code point for `code_point - 0xFF61` in index ISO-2022-JP katakana.
pub(crate) fn iso_2022_jp_katakana(code_point: u32) -> Option<u32> {
    let pointer = usize::try_from(code_point.checked_sub(0xFF61)?).ok()?;
    ISO_2022_JP_KATAKANA.get(pointer).map(|&cp| u32::from(cp))
}

// ---------------------------------------------------------------------------------------------
// Decoder driver
// ---------------------------------------------------------------------------------------------

/// What a family's handler returned for one byte.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Step {
    /// The byte was consumed ("continue").
    Continue,
    /// The byte was consumed; a code point.
    Emit(u32),
    /// The byte was consumed; two BMP code points (Big5's four special pointers).
    EmitPair(u16, u16),
    /// The byte was consumed; "error".
    Error,
    /// "error", and the byte is restored to the I/O queue, preceded by `bytes[..len]`: the last
    /// bytes the handler consumed before it (gb18030's second and third, ISO-2022-JP's leading).
    Restore { bytes: [u8; 2], len: usize },
}

impl Step {
    /// "error" after a lead byte whose pair has no code point: an ASCII byte is restored to the
    /// queue (never swallowed by a bad lead), any other byte is part of the error.
    #[inline]
    pub(crate) fn after_bad_pair(byte: u8) -> Step {
        if byte < 0x80 {
            Step::Restore {
                bytes: [0; 2],
                len: 0,
            }
        } else {
            Step::Error
        }
    }
}

/// End-of-queue for a family whose only pending state is a lead byte: "error" if one is pending
/// (and it is cleared), "finished" otherwise.
#[inline]
pub(crate) fn end_with_lead(leading: &mut u8) -> End {
    if *leading == 0 {
        return End::Finished;
    }
    *leading = 0;
    End::Error
}

/// What a family's handler returned for end-of-queue.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum End {
    /// "finished".
    Finished,
    /// "error" (the handler reset what was pending).
    Error,
    /// "error", and `bytes[..len]`, the last bytes consumed, are restored to the I/O queue.
    Restore { bytes: [u8; 2], len: usize },
}

/// A family decoder's state and handler.
pub(crate) trait Handler: Copy + Default {
    /// Whether every ASCII byte now decodes to itself and leaves the state as is (the bulk ASCII
    /// fast path may then skip the handler).
    fn ascii_passthrough(&self) -> bool;
    /// The handler for a byte.
    fn handle(&mut self, byte: u8) -> Step;
    /// The handler run in bulk over the start of `src`, for what needs no per-byte state machine
    /// (ASCII runs; whole well-formed sequences of the common kinds): decodes into `dst` and
    /// stops before the first byte it leaves to [`Handler::handle`]. It writes no more units than
    /// it reads bytes, consumes only whole code points and leaves the state as the handler would.
    /// Returns (bytes read, units written). Whenever [`Handler::ascii_passthrough`] holds, it reads
    /// an ASCII byte at the start of `src` if `dst` has room.
    #[inline]
    fn fast(&mut self, src: &[u8], dst: &mut [u16]) -> (usize, usize) {
        if self.ascii_passthrough() {
            let n = ascii_to_utf16(src, dst);
            (n, n)
        } else {
            (0, 0)
        }
    }
    /// The handler for end-of-queue.
    fn end(&mut self) -> End;
}

/// A byte's offset within `ranges` taken in order as one run (the first range's bytes are
/// 0, 1, ..., the next range's continue from there), [`NO_OFFSET`] for a byte in none of them: a
/// lead or trail byte's part of a pointer, found with one load in the fast paths.
pub(crate) const fn byte_offsets(ranges: &[(u8, u8)]) -> [u8; 256] {
    let mut table = [NO_OFFSET; 256];
    let mut next = 0u8;
    let mut r = 0;
    while r < ranges.len() {
        let (first, last) = ranges[r];
        let mut byte = first as usize;
        while byte <= last as usize {
            table[byte] = next;
            next += 1;
            byte += 1;
        }
        r += 1;
    }
    table
}

/// [`byte_offsets`] of a byte in none of the ranges.
pub(crate) const NO_OFFSET: u8 = 0xFF;

/// The fast path of the two-byte families, from their initial state: ASCII runs, the non-ASCII
/// single bytes `single` maps, and the lead/trail pairs `pair` maps to a code point; stops before
/// any other byte (a lead at the end of the window included). Writes at most one unit per byte
/// read, within `min(src.len(), dst.len())`.
#[inline(always)]
pub(crate) fn two_byte_fast(
    src: &[u8],
    dst: &mut [u16],
    single: impl Fn(u8) -> Option<u16>,
    pair: impl Fn(u8, u8) -> Option<u32>,
) -> (usize, usize) {
    let n = src.len().min(dst.len());
    let (src, dst) = (&src[..n], &mut dst[..n]);
    let (mut i, mut j) = (0, 0);
    // Every step writes no more units than it reads bytes, so `j <= i < n` when writing.
    while let Some(&b) = src.get(i) {
        if b < 0x80 {
            // One ASCII byte is written here, and only a run of more goes to the bulk copy, whose
            // setup costs more than a lone byte (Korean's space between words) does.
            dst[j] = u16::from(b);
            i += 1;
            j += 1;
            if src.get(i).is_some_and(|&next| next < 0x80) {
                let k = ascii_to_utf16(&src[i..], &mut dst[j..]);
                i += k;
                j += k;
            }
            continue;
        }
        if let Some(unit) = single(b) {
            dst[j] = unit;
            i += 1;
            j += 1;
            continue;
        }
        let Some(cp) = src.get(i + 1).and_then(|&t| pair(b, t)) else {
            break;
        };
        if cp > 0xFFFF {
            dst[j] = (0xD7C0 + (cp >> 10)) as u16;
            dst[j + 1] = (0xDC00 | (cp & 0x3FF)) as u16;
            j += 2;
        } else {
            dst[j] = cp as u16;
            j += 1;
        }
        i += 2;
    }
    (i, j)
}

/// Bytes restored to the I/O queue that the handler had consumed before the byte in hand (in this
/// call or an earlier one), replayed before the next call's input. At most 2 are ever held
/// (gb18030's second and third); the capacity leaves room to spare and pushing never overflows it.
#[derive(Debug, Clone, Copy, Default)]
struct Replay {
    bytes: [u8; 4],
    len: usize,
}

impl Replay {
    fn front(&self) -> Option<u8> {
        if self.len > 0 {
            Some(self.bytes[0])
        } else {
            None
        }
    }

    fn pop_front(&mut self) {
        if self.len > 0 {
            self.bytes.copy_within(1.., 0);
            self.len -= 1;
        }
    }

    fn push_front(&mut self, items: &[u8]) {
        let n = items.len().min(self.bytes.len());
        let keep = self.len.min(self.bytes.len() - n);
        self.bytes.copy_within(..keep, n);
        self.bytes[..n].copy_from_slice(&items[..n]);
        self.len = keep + n;
    }
}

/// A CJK decoder: a family's handler run over the input, with bytes restored across calls.
#[derive(Debug, Clone, Default)]
pub(crate) struct CjkDecoder<H> {
    handler: H,
    replay: Replay,
}

impl<H: Handler> CjkDecoder<H> {
    /// The byte just handled was consumed.
    #[inline]
    fn advance(&mut self, from_replay: bool, i: &mut usize) {
        if from_replay {
            self.replay.pop_front();
        } else {
            *i += 1;
        }
    }

    /// Restores `bytes` (the last bytes consumed) in front of the byte in hand, which is not
    /// consumed: it stays at the head of the replay or of `src`. The restored bytes are held and
    /// replayed even when they came from this call's `src`, as encoding_rs does, so that a caller
    /// that drops the rest of the input after a fatal error (TextDecoder) drops only what follows.
    fn restore(&mut self, bytes: &[u8]) {
        self.replay.push_front(bytes);
    }
}

impl<H: Handler> RawDecoder for CjkDecoder<H> {
    fn decode_raw(
        &mut self,
        src: &[u8],
        dst: &mut [u16],
        last: bool,
    ) -> (DecoderResult, usize, usize) {
        let (mut i, mut j) = (0usize, 0usize);
        // The last code point boundary: where to go back to when the output is full, so that
        // nothing of a code point that does not fit is consumed (bytes of it that arrived in
        // earlier calls stay in the state).
        let mut mark = (0usize, self.handler, self.replay);
        loop {
            let replayed = self.replay.front();
            let byte = match replayed.or_else(|| src.get(i).copied()) {
                Some(b) => b,
                None => break,
            };
            let from_replay = replayed.is_some();
            if !from_replay {
                let (r, w) = self.handler.fast(
                    src.get(i..).unwrap_or(&[]),
                    dst.get_mut(j..).unwrap_or(&mut []),
                );
                if r > 0 {
                    i += r;
                    j += w;
                    mark = (i, self.handler, self.replay);
                    continue;
                }
                if byte < 0x80 && self.handler.ascii_passthrough() {
                    // The fast path takes an ASCII byte whenever there is room for it.
                    return (DecoderResult::OutputFull, i, j);
                }
            }
            let room = dst.len() - j;
            let units = match self.handler.handle(byte) {
                Step::Continue => None,
                Step::Emit(cp) if cp > 0xFFFF => {
                    Some([(0xD7C0 + (cp >> 10)) as u16, (0xDC00 | (cp & 0x3FF)) as u16])
                }
                Step::Emit(cp) => Some([cp as u16, 0]),
                Step::EmitPair(first, second) => Some([first, second]),
                Step::Error => {
                    self.advance(from_replay, &mut i);
                    return (DecoderResult::Malformed, i, j);
                }
                Step::Restore { bytes, len } => {
                    self.restore(bytes.get(..len).unwrap_or(&[]));
                    return (DecoderResult::Malformed, i, j);
                }
            };
            self.advance(from_replay, &mut i);
            if let Some(units) = units {
                let n = if units[1] == 0 { 1 } else { 2 };
                if room < n {
                    (self.handler, self.replay) = (mark.1, mark.2);
                    return (DecoderResult::OutputFull, mark.0, j);
                }
                dst[j..j + n].copy_from_slice(&units[..n]);
                j += n;
                mark = (i, self.handler, self.replay);
            }
        }
        if !last {
            return (DecoderResult::InputEmpty, i, j);
        }
        match self.handler.end() {
            End::Finished => {
                // The stream is over: a new instance, as TextDecoder creates after a flush.
                *self = Self::default();
                (DecoderResult::InputEmpty, i, j)
            }
            End::Error => (DecoderResult::Malformed, i, j),
            End::Restore { bytes, len } => {
                self.restore(bytes.get(..len).unwrap_or(&[]));
                (DecoderResult::Malformed, i, j)
            }
        }
    }
}

/// Helpers for the CJK decoder and encoder unit tests.
#[cfg(test)]
pub(crate) mod test_util {
    use crate::{Decoder, DecoderResult, Encoding};

    /// Decodes `bytes` in one call ("replacement").
    pub(crate) fn decode(encoding: Encoding, bytes: &[u8]) -> String {
        String::from_utf16(
            &encoding
                .decode_utf16(bytes, false, true)
                .expect("replacement never fails"),
        )
        .expect("decoders write valid UTF-16")
    }

    /// Decodes `bytes` in one call ("fatal"): `None` on error.
    pub(crate) fn decode_fatal(encoding: Encoding, bytes: &[u8]) -> Option<String> {
        let units = encoding.decode_utf16(bytes, true, true).ok()?;
        Some(String::from_utf16(&units).expect("decoders write valid UTF-16"))
    }

    /// Decodes `bytes` one byte per call ("replacement"), with tight output buffers, and checks it
    /// equals the one-call result; returns it.
    pub(crate) fn decode_bytewise(encoding: Encoding, bytes: &[u8]) -> String {
        let mut d = Decoder::new(encoding, true);
        let mut out = Vec::new();
        let mut buf = [0u16; 3];
        for k in 0..=bytes.len() {
            let (chunk, last) = if k == bytes.len() {
                (&[][..], true)
            } else {
                (&bytes[k..k + 1], false)
            };
            let mut read = 0;
            loop {
                let (result, r, w, _) = d.decode_to_utf16(&chunk[read..], &mut buf, last);
                read += r;
                out.extend_from_slice(&buf[..w]);
                if result == DecoderResult::InputEmpty {
                    break;
                }
            }
        }
        let s = String::from_utf16(&out).expect("valid UTF-16");
        assert_eq!(
            s,
            decode(encoding, bytes),
            "bytewise decode of {bytes:02X?}"
        );
        s
    }

    /// Encodes `s` ("fatal"): the bytes or the first unmappable scalar value.
    pub(crate) fn encode(encoding: Encoding, s: &str) -> Result<Vec<u8>, char> {
        encoding.encode_utf16(&s.encode_utf16().collect::<Vec<_>>(), true)
    }

    /// Encodes `s` ("html").
    pub(crate) fn encode_html(encoding: Encoding, s: &str) -> Vec<u8> {
        encoding
            .encode_utf16(&s.encode_utf16().collect::<Vec<_>>(), false)
            .expect("html never fails")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every generated index agrees with its index file, pointer by pointer (skipped when the
    /// standard's files are not beside the repository).
    #[test]
    fn indexes_match_the_index_files() {
        let dir =
            std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/whatwg-encoding");
        for (name, index, len) in [
            ("gb18030", &GB18030, 23940),
            ("big5", &BIG5, 19782),
            ("jis0208", &JIS0208, 11104),
            ("jis0212", &JIS0212, 8836),
            ("euc-kr", &EUC_KR, 23940),
        ] {
            let Ok(text) = std::fs::read_to_string(dir.join(format!("index-{name}.txt"))) else {
                eprintln!("skipped: index-{name}.txt not present");
                continue;
            };
            let mut expected = vec![None; len + 100];
            for line in text
                .lines()
                .filter(|l| !l.is_empty() && !l.starts_with('#'))
            {
                let mut fields = line.split('\t');
                let pointer: usize = fields.next().unwrap().trim().parse().unwrap();
                let cp =
                    u32::from_str_radix(fields.next().unwrap().trim().trim_start_matches("0x"), 16)
                        .unwrap();
                expected[pointer] = Some(cp);
            }
            // Expanded's astral slots: an index with astral code points maps nothing into the
            // Private Use Area, and has fewer of them than it has code points.
            let astral = expected.iter().flatten().filter(|&&cp| cp > 0xFFFF).count();
            if astral > 0 {
                assert!(astral < usize::from(ASTRAL_SLOT_COUNT), "index {name}");
                assert!(
                    !expected
                        .iter()
                        .flatten()
                        .any(|cp| (0xE000..0xF900).contains(cp)),
                    "index {name} maps into the Private Use Area"
                );
            }
            for (pointer, &cp) in expected.iter().enumerate() {
                assert_eq!(
                    index.code_point(pointer),
                    cp,
                    "index {name} pointer {pointer}"
                );
            }
            let mut seen = 0;
            index.for_each(|pointer, cp| {
                assert_eq!(expected[pointer], Some(cp));
                seen += 1;
            });
            assert_eq!(seen, expected.iter().flatten().count());
        }
    }

    #[test]
    fn gb18030_ranges() {
        assert_eq!(gb18030_ranges_code_point(0), Some(0x80));
        assert_eq!(gb18030_ranges_code_point(35), Some(0xA3));
        assert_eq!(gb18030_ranges_code_point(36), Some(0xA5));
        assert_eq!(gb18030_ranges_code_point(7457), Some(0xE7C7));
        assert_eq!(gb18030_ranges_code_point(39419), Some(0xFFFF));
        assert_eq!(gb18030_ranges_code_point(39420), None);
        assert_eq!(gb18030_ranges_code_point(188999), None);
        assert_eq!(gb18030_ranges_code_point(189000), Some(0x10000));
        assert_eq!(gb18030_ranges_code_point(1237575), Some(0x10FFFF));
        assert_eq!(gb18030_ranges_code_point(1237576), None);
        assert_eq!(gb18030_ranges_pointer(0x80), 0);
        assert_eq!(gb18030_ranges_pointer(0xA5), 36);
        assert_eq!(gb18030_ranges_pointer(0xE7C7), 7457);
        assert_eq!(gb18030_ranges_pointer(0xFFFF), 39419);
        assert_eq!(gb18030_ranges_pointer(0x10000), 189000);
        assert_eq!(gb18030_ranges_pointer(0x10FFFF), 1237575);
    }

    #[test]
    fn replay_is_a_small_deque() {
        let mut r = Replay::default();
        r.push_front(&[3]);
        r.push_front(&[1, 2]);
        assert_eq!(r.len, 3);
        let mut seen = Vec::new();
        while let Some(b) = r.front() {
            seen.push(b);
            r.pop_front();
        }
        assert_eq!(seen, [1, 2, 3]);
        r.push_front(&[9, 9, 9, 9, 9]);
        assert_eq!(r.len, 4);
    }
}
