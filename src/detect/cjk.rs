//! CJK candidates: each reads the bytes with its encoding's lead/trail structure (as the
//! standard's decoder would, without decoding) and adds the cost of every character it finds, by
//! pointer (`statistics::pointer_costs`). A malformed sequence costs as much as an unmappable
//! single-byte character; ISO-2022-JP is a candidate only once an escape sequence was seen.

use super::single_byte;
use super::statistics::{
    pointer_costs, ASCII_CLASSES, JAPANESE, KOREAN, LATIN_MODEL, SIMPLIFIED_CHINESE,
    SINGLE_BYTE_MODELS, TRADITIONAL_CHINESE,
};
use crate::Encoding;
use alloc::{boxed::Box, vec::Vec};
use once_cell::race::OnceBox;

/// The cost (bits) of a malformed sequence.
pub(crate) const COST_MALFORMED: u64 = 30;
/// Half-width katakana, JIS X 0212, GB18030's four-byte sequences: real, but rare in text.
const COST_HALF_WIDTH_KANA: u64 = 16;
const COST_JIS0212: u64 = 20;
const COST_FOUR_BYTE: u64 = 18;
/// A sequence the input ends inside of.
const COST_PENDING: u64 = 16;
/// GBK's one-byte euro sign.
const COST_EURO: u64 = 14;

/// `single_byte::pair_cost` in the Latin model of every (previous class, ASCII byte), at
/// `prev << 7 | b`, for the classes `prev` can hold (an ASCII byte's, or 0 after any other
/// character): ASCII costs in a CJK reading what it costs in the single-byte ones (the Latin words
/// on lines with characters above ASCII are priced by the guess, for every reading of another
/// script alike). Computed on first use, so that the CJK readings price an ASCII byte by one
/// look-up.
fn ascii_costs() -> &'static [u8] {
    static COSTS: OnceBox<Vec<u8>> = OnceBox::new();
    COSTS.get_or_init(|| {
        let latin = &SINGLE_BYTE_MODELS[LATIN_MODEL];
        let mut costs = alloc::vec![0u8; 256 << 7];
        for prev in core::iter::once(0).chain(ASCII_CLASSES[..128].iter().copied()) {
            for b in 0..0x80u8 {
                costs[(prev as usize) << 7 | b as usize] =
                    single_byte::pair_cost(latin, prev, ASCII_CLASSES[b as usize]);
            }
        }
        Box::new(costs)
    })
}

/// A character above ASCII right after an ASCII letter, digit or sign (no space between): CJK
/// text seldom glues its characters to Latin words, while a Latin letter above ASCII read as a
/// CJK lead byte is always inside one.
const COST_GLUED: u64 = 4;

/// `COST_GLUED` after an ASCII byte of a class other than space's, else nothing.
#[inline(always)]
fn glued(prev: u8) -> u64 {
    if prev != 0 {
        COST_GLUED
    } else {
        0
    }
}

/// The cost of ASCII byte `b` after the class `prev`, from `ascii_costs`; updates `prev`.
#[inline(always)]
fn ascii_step(costs: &[u8], prev: &mut u8, b: u8) -> u64 {
    let cost = costs[(*prev as usize) << 7 | b as usize] as u64;
    *prev = ASCII_CLASSES[b as usize];
    cost
}

/// What the two-byte loop does with a byte above ASCII and the byte after it.
enum Step {
    /// A lead and trail byte: the character at this pointer.
    Pair(usize),
    /// A character of one byte, with its cost.
    Single(u64),
    /// A lead byte before an ASCII byte that cannot trail it: malformed, and the ASCII byte is
    /// read as itself.
    AsciiTrail,
    /// Anything else: the general reading (`Scorer::byte`).
    Slow,
}

/// The pointer of the two-byte sequence `lead` `trail` (`lead` a lead byte of `kind`; for
/// ISO-2022-JP, 0x21..=0x7E), as the standard's decoder computes it, or `None` when `trail`
/// cannot follow a lead byte there.
#[inline(always)]
fn pointer_of(kind: Kind, lead: u8, trail: u8) -> Option<usize> {
    let shift_jis_lead_offset = if lead < 0xA0 { 0x81 } else { 0xC1 };
    let (lead_offset, row, trail_offset) = match (kind, trail) {
        (Kind::ShiftJis, 0x40..=0x7E) => (shift_jis_lead_offset, 188, 0x40),
        (Kind::ShiftJis, 0x80..=0xFC) => (shift_jis_lead_offset, 188, 0x41),
        (Kind::EucJp, 0xA1..=0xFE) => (0xA1, 94, 0xA1),
        (Kind::Iso2022Jp, 0x21..=0x7E) => (0x21, 94, 0x21),
        (Kind::Gbk, 0x40..=0x7E) => (0x81, 190, 0x40),
        (Kind::Gbk, 0x80..=0xFE) => (0x81, 190, 0x41),
        (Kind::Big5, 0x40..=0x7E) => (0x81, 157, 0x40),
        (Kind::Big5, 0xA1..=0xFE) => (0x81, 157, 0x62),
        (Kind::EucKr, 0x41..=0xFE) => (0x81, 190, 0x41),
        _ => return None,
    };
    Some((lead - lead_offset) as usize * row + (trail - trail_offset) as usize)
}

/// The two-byte loop's step for lead byte `lead` of `kind` and the byte after it: the pointer, or
/// a malformed sequence before an ASCII byte, or (a GBK four-byte sequence, a byte above ASCII
/// that cannot trail) the general reading.
#[inline(always)]
fn pair_step(kind: Kind, lead: u8, trail: u8) -> Step {
    match pointer_of(kind, lead, trail) {
        Some(pointer) => Step::Pair(pointer),
        None if trail < 0x80 && !(kind == Kind::Gbk && trail.is_ascii_digit()) => Step::AsciiTrail,
        None => Step::Slow,
    }
}

/// How a CJK candidate reads bytes.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Kind {
    ShiftJis,
    EucJp,
    Iso2022Jp,
    Gbk,
    Big5,
    EucKr,
}

impl Kind {
    pub(crate) const ALL: [Kind; 6] = [
        Kind::ShiftJis,
        Kind::EucJp,
        Kind::Iso2022Jp,
        Kind::Gbk,
        Kind::Big5,
        Kind::EucKr,
    ];

    /// The encoding reported for this candidate.
    pub(crate) fn encoding(self) -> Encoding {
        match self {
            Kind::ShiftJis => Encoding::ShiftJis,
            Kind::EucJp => Encoding::EucJp,
            Kind::Iso2022Jp => Encoding::Iso2022Jp,
            Kind::Gbk => Encoding::Gbk,
            Kind::Big5 => Encoding::Big5,
            Kind::EucKr => Encoding::EucKr,
        }
    }

    fn family(self) -> usize {
        match self {
            Kind::ShiftJis | Kind::EucJp | Kind::Iso2022Jp => JAPANESE,
            Kind::Gbk => SIMPLIFIED_CHINESE,
            Kind::Big5 => TRADITIONAL_CHINESE,
            Kind::EucKr => KOREAN,
        }
    }
}

/// One CJK candidate's reading of the input so far.
pub(crate) struct Scorer {
    kind: Kind,
    costs: &'static [u8],
    /// ASCII is read as Latin text (names, terms, numbers in CJK text): by the bigrams of a
    /// Latin model, from the class of the ASCII byte before (0 after any other character).
    ascii: &'static [u8],
    prev_class: u8,
    /// Bytes of a sequence in progress (its first bytes), and how many.
    pending: [u8; 3],
    pending_len: usize,
    /// ISO-2022-JP: whether in a two-byte (JIS X 0208) mode, and the escape sequences seen.
    two_byte_mode: bool,
    pub(crate) escapes: u32,
    /// ISO-2022-JP: the escape sequences into JIS X 0208 among them.
    pub(crate) two_byte_escapes: u32,
    /// The cost so far (bits) and the malformed sequences among it.
    pub(crate) cost: u64,
    pub(crate) malformed: u64,
    dropped: bool,
}

/// A candidate whose cost passes this many bits a byte (plus the margin) at a checkpoint is
/// dropped: text in the right encoding costs a few bits a byte, and the guess calls anything above
/// nine not text.
const DROP_BITS_PER_BYTE: u64 = 10;
const DROP_MARGIN: u64 = 4096;

impl Scorer {
    pub(crate) fn new(kind: Kind) -> Scorer {
        let family = kind.family();
        Scorer {
            kind,
            costs: pointer_costs(family),
            ascii: ascii_costs(),
            prev_class: 0,
            pending: [0; 3],
            pending_len: 0,
            two_byte_mode: false,
            escapes: 0,
            two_byte_escapes: 0,
            cost: 0,
            malformed: 0,
            dropped: false,
        }
    }

    pub(crate) fn kind(&self) -> Kind {
        self.kind
    }

    fn pointer(&mut self, pointer: usize) {
        self.character(match self.costs.get(pointer) {
            Some(&c) => c as u64,
            None => COST_MALFORMED,
        });
    }

    /// A character above ASCII (or a malformed sequence) of this cost.
    fn character(&mut self, cost: u64) {
        self.cost += cost + glued(self.prev_class);
        self.prev_class = 0;
    }

    fn malformed(&mut self) {
        self.character(COST_MALFORMED);
        self.malformed += 1;
    }

    fn ascii(&mut self, b: u8) {
        self.cost += ascii_step(self.ascii, &mut self.prev_class, b);
    }

    /// Reads the next bytes. ASCII between sequences costs a table look-up; the structure is
    /// looked at only from a byte above ASCII to the end of its sequence.
    pub(crate) fn feed(&mut self, bytes: &[u8]) {
        if self.kind == Kind::Iso2022Jp {
            // Anything malformed (a byte above ASCII) rules it out for good.
            for &b in bytes {
                if self.malformed != 0 {
                    break;
                }
                self.iso_2022_jp(b);
            }
            return;
        }
        if self.dropped {
            return;
        }
        match self.kind {
            Kind::ShiftJis => self.feed_pairs(bytes, |lead, trail| match lead {
                // Two arms, so that each knows its lead offset.
                0x81..=0x9F => pair_step(Kind::ShiftJis, lead, trail),
                0xE0..=0xFC => pair_step(Kind::ShiftJis, lead, trail),
                0xA1..=0xDF => Step::Single(COST_HALF_WIDTH_KANA),
                _ => Step::Slow,
            }),
            Kind::EucJp => self.feed_pairs(bytes, |lead, trail| match lead {
                0xA1..=0xFE => pair_step(Kind::EucJp, lead, trail),
                _ => Step::Slow,
            }),
            Kind::Gbk => self.feed_pairs(bytes, |lead, trail| match lead {
                0x80 => Step::Single(COST_EURO),
                0x81..=0xFE => pair_step(Kind::Gbk, lead, trail),
                _ => Step::Slow,
            }),
            Kind::Big5 => self.feed_pairs(bytes, |lead, trail| match lead {
                0x81..=0xFE => pair_step(Kind::Big5, lead, trail),
                _ => Step::Slow,
            }),
            Kind::EucKr => self.feed_pairs(bytes, |lead, trail| match lead {
                0x81..=0xFE => pair_step(Kind::EucKr, lead, trail),
                _ => Step::Slow,
            }),
            Kind::Iso2022Jp => unreachable!(),
        }
    }

    /// Drops the candidate if it has become too costly after `seen` bytes. Called at fixed offsets
    /// of the input (the detector's checkpoints), so the answer does not depend on how the input
    /// was cut into chunks.
    pub(crate) fn checkpoint(&mut self, seen: u64) {
        if self.cost > seen * DROP_BITS_PER_BYTE + DROP_MARGIN {
            self.dropped = true;
        }
    }

    /// The loop of the two-byte encodings: ASCII, single bytes, and a lead byte with the byte after
    /// it are read here, as `step` says; anything else (the end of the chunk inside a sequence,
    /// longer sequences, rarer malformed ones) by `byte`, the general reading.
    #[inline(always)]
    fn feed_pairs(&mut self, bytes: &[u8], step: impl Fn(u8, u8) -> Step) {
        let costs = self.costs;
        let ascii = self.ascii;
        let mut i = 0;
        while i < bytes.len() && self.pending_len != 0 {
            self.byte(bytes[i]);
            i += 1;
        }
        let (mut cost, mut malformed, mut prev) = (0u64, 0u64, self.prev_class);
        while i < bytes.len() {
            let b = bytes[i];
            i += 1;
            if b < 0x80 {
                cost += ascii_step(ascii, &mut prev, b);
                continue;
            }
            let Some(&next) = bytes.get(i) else {
                self.prev_class = prev;
                self.byte(b);
                prev = self.prev_class;
                break;
            };
            match step(b, next) {
                Step::Pair(pointer) => {
                    cost += costs.get(pointer).map_or(COST_MALFORMED, |&c| c as u64) + glued(prev);
                    prev = 0;
                    i += 1;
                }
                Step::Single(c) => {
                    cost += c + glued(prev);
                    prev = 0;
                }
                Step::AsciiTrail => {
                    cost += glued(prev);
                    prev = 0;
                    cost += COST_MALFORMED + ascii_step(ascii, &mut prev, next);
                    malformed += 1;
                    i += 1;
                }
                Step::Slow => {
                    self.prev_class = prev;
                    self.byte(b);
                    while i < bytes.len() && self.pending_len != 0 {
                        self.byte(bytes[i]);
                        i += 1;
                    }
                    prev = self.prev_class;
                }
            }
        }
        self.prev_class = prev;
        self.cost += cost;
        self.malformed += malformed;
    }

    /// The cost so far, counting a sequence the input ends inside of as a rare character: its
    /// end may follow, but it must not come for free (a lone lead byte at the end of short text).
    pub(crate) fn total_cost(&self) -> u64 {
        self.cost
            + if self.pending_len > 0 && !(self.kind == Kind::Iso2022Jp && self.pending[0] == 0x1B)
            {
                COST_PENDING
            } else {
                0
            }
    }

    /// Whether the reading is a candidate: not dropped, and ISO-2022-JP only with escape
    /// sequences and nothing malformed (without them any ASCII would read as it).
    pub(crate) fn is_candidate(&self) -> bool {
        !self.dropped && (self.kind != Kind::Iso2022Jp || self.escapes > 0 && self.malformed == 0)
    }

    fn byte(&mut self, b: u8) {
        if self.pending_len == 0 {
            self.first(b);
            return;
        }
        let lead = self.pending[0];
        match self.kind {
            Kind::ShiftJis | Kind::Big5 | Kind::EucKr => self.trail(lead, b),
            Kind::EucJp => {
                if lead == 0x8E {
                    self.pending_len = 0;
                    if matches!(b, 0xA1..=0xDF) {
                        self.character(COST_HALF_WIDTH_KANA);
                    } else {
                        self.malformed_before(b);
                    }
                } else if lead == 0x8F && self.pending_len == 1 {
                    if matches!(b, 0xA1..=0xFE) {
                        self.pending[1] = b;
                        self.pending_len = 2;
                    } else {
                        self.malformed_before(b);
                    }
                } else if lead == 0x8F {
                    self.pending_len = 0;
                    if matches!(b, 0xA1..=0xFE) {
                        self.character(COST_JIS0212);
                    } else {
                        self.malformed_before(b);
                    }
                } else {
                    self.trail(lead, b);
                }
            }
            Kind::Iso2022Jp => self.iso_2022_jp(b),
            Kind::Gbk => {
                if self.pending_len == 1 {
                    if b.is_ascii_digit() {
                        self.pending[1] = b;
                        self.pending_len = 2;
                    } else {
                        self.trail(lead, b);
                    }
                } else if self.pending_len == 2 {
                    if matches!(b, 0x81..=0xFE) {
                        self.pending[2] = b;
                        self.pending_len = 3;
                    } else {
                        self.malformed_before(b);
                    }
                } else {
                    self.pending_len = 0;
                    if matches!(b, 0x30..=0x39) {
                        self.character(COST_FOUR_BYTE);
                    } else {
                        self.malformed_before(b);
                    }
                }
            }
        }
    }

    /// The byte after a two-byte lead byte: the character at their pointer, or a malformed
    /// sequence.
    fn trail(&mut self, lead: u8, b: u8) {
        self.pending_len = 0;
        match pointer_of(self.kind, lead, b) {
            Some(pointer) => self.pointer(pointer),
            None => self.malformed_before(b),
        }
    }

    /// A malformed sequence that byte `b` ended: `b` is read again if it is ASCII, as the
    /// decoders do.
    fn malformed_before(&mut self, b: u8) {
        self.pending_len = 0;
        self.malformed();
        if b < 0x80 {
            self.first(b);
        }
    }

    /// A byte that starts a sequence.
    fn first(&mut self, b: u8) {
        if self.kind == Kind::Iso2022Jp {
            return self.iso_2022_jp(b);
        }
        if b < 0x80 {
            return self.ascii(b);
        }
        let starts = match self.kind {
            Kind::ShiftJis => {
                if matches!(b, 0xA1..=0xDF) {
                    self.character(COST_HALF_WIDTH_KANA);
                    return;
                }
                matches!(b, 0x81..=0x9F | 0xE0..=0xFC)
            }
            Kind::EucJp => matches!(b, 0x8E | 0x8F | 0xA1..=0xFE),
            Kind::Gbk if b == 0x80 => {
                self.character(COST_EURO);
                return;
            }
            _ => matches!(b, 0x81..=0xFE),
        };
        if starts {
            self.pending[0] = b;
            self.pending_len = 1;
        } else {
            self.malformed();
        }
    }

    /// ISO-2022-JP: escape sequences switch between ASCII (or JIS X 0201) and JIS X 0208 pairs.
    fn iso_2022_jp(&mut self, b: u8) {
        if b >= 0x80 {
            self.pending_len = 0;
            return self.malformed();
        }
        if self.pending_len > 0 && self.pending[0] == 0x1B {
            if self.pending_len == 1 {
                if b == b'(' || b == b'$' {
                    self.pending[1] = b;
                    self.pending_len = 2;
                } else {
                    self.pending_len = 0;
                    self.malformed();
                }
                return;
            }
            self.pending_len = 0;
            match (self.pending[1], b) {
                (b'(', b'B' | b'J') => self.two_byte_mode = false,
                (b'(', b'I') => {
                    self.two_byte_mode = false;
                    self.character(COST_HALF_WIDTH_KANA);
                }
                (b'$', b'@' | b'B') => {
                    self.two_byte_mode = true;
                    self.two_byte_escapes += 1;
                }
                _ => return self.malformed(),
            }
            self.escapes += 1;
            return;
        }
        if b == 0x1B {
            self.pending[0] = b;
            self.pending_len = 1;
            return;
        }
        if !self.two_byte_mode {
            return self.ascii(b);
        }
        if b == b'\n' || b == b'\r' {
            self.pending_len = 0;
            return self.ascii(b);
        }
        if self.pending_len == 1 {
            self.pending_len = 0;
            let lead = self.pending[0];
            match matches!(lead, 0x21..=0x7E)
                .then(|| pointer_of(Kind::Iso2022Jp, lead, b))
                .flatten()
            {
                Some(pointer) => self.pointer(pointer),
                None => self.malformed(),
            }
        } else {
            self.pending[0] = b;
            self.pending_len = 1;
        }
    }
}
