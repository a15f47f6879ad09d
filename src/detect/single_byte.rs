//! Single-byte candidates: the input's byte pairs are counted once (in a small hash table that
//! becomes a direct 64 Ki table only for inputs with many distinct pairs, so memory is bounded
//! whatever the input's length and a short input costs little), and each (encoding, language model) pair is scored at guess
//! time from those counts, as the sum of its bigram costs over the text the encoding would give.
//! One longer context is kept besides: which non-ASCII bytes start a line after a full stop or a
//! blank line, where a script with capitals writes one. A candidate reads each byte through its
//! row of `ByteTables` (the byte's class, the least a pair ending in it costs), built on first
//! use, so that a pair is priced and floored by look-ups alone.

use alloc::{boxed::Box, vec, vec::Vec};
use once_cell::race::OnceBox;

use super::statistics::{
    SingleByteCandidate, SingleByteModel, ASCII_CLASSES, FIRST_LETTER_CLASS, LATIN_MODEL,
    SINGLE_BYTE_CANDIDATES, SINGLE_BYTE_MODELS,
};

/// Whether a line that starts after `before_break` (the byte before its line break, or before the
/// break's `\r`) opens a sentence: one after a full stop, or after a blank line.
fn opens_sentence(before_break: u8) -> bool {
    matches!(before_break, b'.' | b'!' | b'?' | b'\n')
}

/// The offset of the first `\n` in `bytes`: eight bytes at a time while there is none.
fn find_line_break(bytes: &[u8]) -> Option<usize> {
    const ONES: u64 = u64::from_le_bytes([1; 8]);
    const HIGHS: u64 = ONES << 7;
    let mut words = bytes.chunks_exact(8);
    let mut skipped = 0;
    for word in &mut words {
        let mut eight = [0u8; 8];
        eight.copy_from_slice(word);
        // A zero byte in `x` (a `\n` in the word) sets its high bit in the test below.
        let x = u64::from_le_bytes(eight) ^ (ONES * b'\n' as u64);
        if x.wrapping_sub(ONES) & !x & HIGHS != 0 {
            break;
        }
        skipped += 8;
    }
    bytes[skipped..]
        .iter()
        .position(|&b| b == b'\n')
        .map(|at| skipped + at)
}

/// Counts of consecutive byte pairs, in the order the pairs first occurred (so a guess visits
/// only those), found through an index that starts as a small hash table and becomes a direct
/// table of all 64 Ki pairs once the input has many distinct pairs or is long: a short input
/// costs no work in proportion to the table's size.
pub(crate) struct PairCounts {
    /// (pair, count), in order of first occurrence; the counts are in `slots` once it is the
    /// direct table.
    entries: Vec<(u16, u32)>,
    /// A hash table of where each pair's entry is (`entries` index + 1, or 0 for none; open
    /// addressing, linear probing, a power of two long) while the input is short and has few
    /// distinct pairs, then the direct table of every pair's count.
    slots: Vec<u32>,
    /// The bits a hash table's index keeps (the direct table when 16).
    bits: u32,
    /// The bytes counted so far.
    fed: u64,
    /// The last three bytes fed, oldest first.
    tail: [u8; 3],
    /// How often each byte 0x80..=0xFF started a line that opens a sentence (after a line that
    /// ends with a full stop, or after a blank line); empty until the first such line.
    starts: Vec<u32>,
    /// The pairs of two ASCII bytes (one of them a letter) next to a byte above ASCII, as
    /// (`previous class * ASCII_CLASS_COUNT + next class`, case left out; count), in order of
    /// first occurrence: the letters around the text's own letters, where its language shows.
    near_high: Vec<(u16, u32)>,
    /// Where each pair's entry is (index + 1, or 0), once there are more than
    /// `NEAR_HIGH_LISTED` (before, a search of the few entries finds it).
    near_high_index: Vec<u16>,
    /// The bytes `count_context` has read: the first `CONTEXT_BYTES` of the input.
    context_fed: u64,
    /// The Latin words on the lines with a byte above ASCII, and on the line so far: its words,
    /// whether it has one.
    latin_words_on_high_lines: u32,
    line_words: u32,
    line_high: bool,
}

/// How much of the input `count_context` reads.
const CONTEXT_BYTES: u64 = 256 << 10;

/// The near-high pairs found by a search of their list, up to this many distinct ones.
const NEAR_HIGH_LISTED: usize = 16;

/// The classes of ASCII bytes, case left out: the non-letters, then the 26 letters.
const ASCII_CLASS_COUNT: usize = FIRST_LETTER_CLASS + 26;

/// The hash table's first size in bits, and the size past which the direct table takes over.
const FIRST_BITS: u32 = 6;
const DIRECT_BITS: u32 = 16;
/// The bytes counted through the hash table at most: past them, the direct table's one look-up a
/// byte pays back its 256 KiB.
const DIRECT_AFTER: u64 = 16 << 10;
/// The hash table grows when its entries fill more than half of it.
const fn grows_at(bits: u32) -> usize {
    1 << (bits - 1)
}

/// The slot a pair's search starts at in a hash table of `bits` bits (Fibonacci hashing).
#[inline(always)]
fn home(pair: usize, bits: u32) -> usize {
    ((pair as u32).wrapping_mul(0x9E37_79B9) >> (32 - bits)) as usize
}

impl PairCounts {
    pub(crate) fn new() -> PairCounts {
        // The text starts as if after a space.
        PairCounts {
            entries: Vec::new(),
            slots: Vec::new(),
            bits: 0,
            fed: 0,
            tail: [b' '; 3],
            starts: Vec::new(),
            near_high: Vec::new(),
            near_high_index: Vec::new(),
            context_fed: 0,
            latin_words_on_high_lines: 0,
            line_words: 0,
            line_high: false,
        }
    }

    /// Adds one occurrence of `pair`.
    #[inline(always)]
    fn count(&mut self, pair: usize) {
        if self.bits == DIRECT_BITS {
            let count = &mut self.slots[pair];
            if *count == 0 {
                self.entries.push((pair as u16, 0));
            }
            *count = count.saturating_add(1);
            return;
        }
        let mask = (1usize << self.bits) - 1;
        let mut at = home(pair, self.bits);
        loop {
            let slot = self.slots[at];
            if slot == 0 {
                break;
            }
            let entry = &mut self.entries[slot as usize - 1];
            if entry.0 as usize == pair {
                entry.1 = entry.1.saturating_add(1);
                return;
            }
            at = (at + 1) & mask;
        }
        self.entries.push((pair as u16, 1));
        self.slots[at] = self.entries.len() as u32;
        if self.entries.len() > grows_at(self.bits) {
            self.grow();
        }
    }

    /// Doubles the hash table, or replaces it by the direct table.
    #[cold]
    fn grow(&mut self) {
        let bits = if self.bits + 1 >= DIRECT_BITS - 2 {
            DIRECT_BITS
        } else {
            self.bits + 1
        };
        self.reindex(bits);
    }

    /// Rebuilds the index with `bits` bits; the direct table (`DIRECT_BITS`) takes the counts
    /// over from the entries.
    fn reindex(&mut self, bits: u32) {
        self.bits = bits;
        self.slots = vec![0; 1 << bits];
        if bits == DIRECT_BITS {
            for &(pair, count) in &self.entries {
                self.slots[pair as usize] = count;
            }
            return;
        }
        let mask = (1usize << bits) - 1;
        for (i, &(pair, _)) in self.entries.iter().enumerate() {
            let mut at = home(pair as usize, bits);
            while self.slots[at] != 0 {
                at = (at + 1) & mask;
            }
            self.slots[at] = i as u32 + 1;
        }
    }

    /// Each pair that occurred, with its count, in order of first occurrence.
    fn pairs(&self) -> impl Iterator<Item = (u16, u32)> + '_ {
        let direct = self.bits == DIRECT_BITS;
        self.entries.iter().map(move |&(pair, count)| {
            (
                pair,
                if direct {
                    self.slots[pair as usize]
                } else {
                    count
                },
            )
        })
    }

    /// Counts the pairs of `bytes`, the first with the last byte of the previous chunk.
    pub(crate) fn feed(&mut self, bytes: &[u8]) {
        if bytes.is_empty() {
            return;
        }
        if self.bits == 0 {
            self.bits = FIRST_BITS;
            self.slots = vec![0; 1 << FIRST_BITS];
            self.entries = Vec::with_capacity(grows_at(FIRST_BITS));
        }
        let tail = self.tail;
        // The byte `back` places before `bytes[i]` (1..=3), from the previous chunk if need be.
        let before = |i: usize, back: usize| -> u8 {
            if i >= back {
                bytes[i - back]
            } else {
                tail[3 + i - back]
            }
        };
        // The hash table for the first DIRECT_AFTER bytes, then the direct table, whose one
        // look-up a byte is the cheaper in a long input.
        let mut prev = tail[2] as usize;
        let mut rest = bytes;
        while !rest.is_empty() {
            if self.bits != DIRECT_BITS && self.fed >= DIRECT_AFTER {
                self.reindex(DIRECT_BITS);
            }
            let take = if self.bits == DIRECT_BITS {
                rest.len()
            } else {
                rest.len().min((DIRECT_AFTER - self.fed) as usize)
            };
            let (piece, after) = rest.split_at(take);
            for &b in piece {
                self.count(prev << 8 | b as usize);
                prev = b as usize;
            }
            self.fed += take as u64;
            rest = after;
        }
        // The context is counted in the input's first `CONTEXT_BYTES` (a long input's is
        // estimated from there): a pass of its own, which costs more than the pairs.
        let take = bytes
            .len()
            .min(CONTEXT_BYTES.saturating_sub(self.context_fed) as usize);
        if take > 0 {
            self.count_context(&bytes[..take]);
            self.context_fed += take as u64;
        }
        // Lines that start with a non-ASCII byte and open a sentence (a pass of its own, which
        // costs less than a branch in the loop above).
        let n = bytes.len();
        let mut line = 0; // where the search for the next line starts
        let mut at_line_start = tail[2] == b'\n';
        loop {
            if at_line_start && line < n && bytes[line] >= 0x80 {
                let before_break = match before(line, 2) {
                    b'\r' => before(line, 3),
                    other => other,
                };
                if opens_sentence(before_break) {
                    if self.starts.is_empty() {
                        self.starts = vec![0; 128];
                    }
                    let start = &mut self.starts[bytes[line] as usize - 0x80];
                    *start = start.saturating_add(1);
                }
            }
            match bytes.get(line..).and_then(find_line_break) {
                Some(at) => {
                    line += at + 1;
                    at_line_start = true;
                }
                None => break,
            }
        }
        self.tail = [before(n, 3), before(n, 2), before(n, 1)];
    }

    /// Counts, in one pass over `bytes`, what the pairs do not tell: the ASCII pairs right
    /// before and right after each byte above ASCII, and the Latin words on lines with a byte
    /// above ASCII. Each position looks back only (the two bytes before it may be the previous
    /// chunk's, in `tail`), so the counts do not depend on where the input was cut.
    fn count_context(&mut self, bytes: &[u8]) {
        let [_, mut a, mut b] = self.tail;
        let (mut words, mut high) = (self.line_words, self.line_high);
        let mut in_word = b.is_ascii_alphabetic();
        let mut on_high_lines = self.latin_words_on_high_lines;
        for &c in bytes {
            if c < 0x80 {
                let letter = c.is_ascii_alphabetic();
                words += (letter && !in_word) as u32;
                in_word = letter;
                if c == b'\n' {
                    if high {
                        on_high_lines = on_high_lines.saturating_add(words);
                    }
                    (words, high) = (0, false);
                }
                if a >= 0x80 && b < 0x80 {
                    self.count_near_high(b, c);
                }
            } else {
                high = true;
                in_word = false;
                if (a | b) < 0x80 {
                    self.count_near_high(a, b);
                }
            }
            (a, b) = (b, c);
        }
        (self.line_words, self.line_high) = (words, high);
        self.latin_words_on_high_lines = on_high_lines;
    }

    /// Counts the pair of ASCII bytes `x y`, next to a byte above ASCII, if a letter is in it.
    #[inline(never)]
    fn count_near_high(&mut self, x: u8, y: u8) {
        let (x, y) = (
            (ASCII_CLASSES[x as usize] & 0x7F) as usize,
            (ASCII_CLASSES[y as usize] & 0x7F) as usize,
        );
        if x < FIRST_LETTER_CLASS && y < FIRST_LETTER_CLASS {
            return;
        }
        let at = (x * ASCII_CLASS_COUNT + y) as u16;
        let found = if self.near_high_index.is_empty() {
            self.near_high.iter().position(|e| e.0 == at)
        } else {
            (self.near_high_index[at as usize] as usize).checked_sub(1)
        };
        match found {
            Some(i) => self.near_high[i].1 = self.near_high[i].1.saturating_add(1),
            None => {
                self.near_high.push((at, 1));
                if !self.near_high_index.is_empty() {
                    self.near_high_index[at as usize] = self.near_high.len() as u16;
                } else if self.near_high.len() > NEAR_HIGH_LISTED {
                    self.near_high_index = vec![0; ASCII_CLASS_COUNT * ASCII_CLASS_COUNT];
                    for (i, e) in self.near_high.iter().enumerate() {
                        self.near_high_index[e.0 as usize] = i as u16 + 1;
                    }
                }
            }
        }
    }

    /// The Latin words (runs of ASCII letters) on lines with a byte above ASCII, the last line's
    /// included.
    pub(crate) fn latin_words_on_high_lines(&self) -> u64 {
        let last = if self.line_high { self.line_words } else { 0 };
        self.whole_input(self.latin_words_on_high_lines as u64 + last as u64)
    }

    /// A count made in the first `CONTEXT_BYTES`, estimated for the whole input.
    fn whole_input(&self, count: u64) -> u64 {
        if self.context_fed < self.fed {
            count * self.fed / self.context_fed
        } else {
            count
        }
    }

    /// The cost (bits) of the ASCII pairs next to bytes above ASCII under `model`, case left out.
    pub(crate) fn near_high_cost(&self, model: &SingleByteModel) -> u64 {
        let mut total = 0u64;
        for &(at, count) in &self.near_high {
            let (a, b) = (
                at as usize / ASCII_CLASS_COUNT,
                at as usize % ASCII_CLASS_COUNT,
            );
            total += model.costs[a * model.classes + b] as u64 * count as u64;
        }
        self.whole_input(total)
    }

    /// The input's pairs, split in one pass: those of two ASCII bytes (`AsciiPairs`), priced once
    /// per model, and those with a byte above ASCII (`HighPairs`), priced per candidate.
    pub(crate) fn split(&self) -> (AsciiPairs, HighPairs) {
        let cases = &SINGLE_BYTE_MODELS[LATIN_MODEL].cases;
        let mut ascii = AsciiPairs {
            pairs: Vec::with_capacity(self.entries.len()),
            case_cost: 0,
        };
        let mut high = HighPairs {
            pairs: Vec::with_capacity(self.entries.len()),
            present: [0; 2],
        };
        for (pair, count) in self.pairs() {
            let (a, b) = ((pair >> 8) as u8, pair as u8);
            if (a | b) < 0x80 {
                let (a, b) = (ASCII_CLASSES[a as usize], ASCII_CLASSES[b as usize]);
                ascii.case_cost +=
                    cases[CASES[a as usize] as usize * 3 + CASES[b as usize] as usize] as u64
                        * count as u64;
                ascii.pairs.push((a & 0x7F, b & 0x7F, count));
            } else {
                high.pairs.push((a, b, count));
                if b >= 0x80 {
                    high.present[(b as usize - 0x80) / 64] |= 1 << (b % 64);
                }
            }
        }
        (ascii, high)
    }

    /// What the lines that open a sentence change in `candidate`'s cost (bits): a line's first
    /// character came after a line break, so its pair was priced by the case costs after a
    /// non-letter; where the line opens a sentence, it is priced by those after a full stop.
    pub(crate) fn start_change(&self, candidate: &SingleByteCandidate) -> i64 {
        let model = &SINGLE_BYTE_MODELS[candidate.model as usize];
        let mut change = 0i64;
        for (b, &count) in self.starts.iter().enumerate() {
            if count != 0 {
                let case = case_of(candidate.high[b] as usize);
                change +=
                    (model.sentence_start[case] as i64 - model.cases[case] as i64) * count as i64;
            }
        }
        change
    }
}

/// What a single-byte candidate reads each byte as, for pricing its pairs with one look-up a
/// byte: its class (ASCII's classes below 0x80, the candidate's own above), and that class's
/// least cost after any class in its model, case left out (no pair that ends in that byte costs
/// less). Computed on first use.
/// `least_after` is also kept by byte, four candidates to a word (16 bits each, candidate `i` in
/// word `i / 4` from bit `16 * (i % 4)`), for summing floors four at a time (`floors`).
pub(crate) struct ByteTables {
    class: [[u8; 256]; SINGLE_BYTE_CANDIDATES.len()],
    least_after: [[u8; 256]; SINGLE_BYTE_CANDIDATES.len()],
    least_lanes: [[u64; LANE_WORDS]; 256],
}

/// The words of a byte's `least_lanes`.
const LANE_WORDS: usize = SINGLE_BYTE_CANDIDATES.len().div_ceil(4);

pub(crate) fn byte_tables() -> &'static ByteTables {
    static TABLES: OnceBox<ByteTables> = OnceBox::new();
    TABLES.get_or_init(|| {
        let mut least = [[0u8; 128]; SINGLE_BYTE_MODELS.len()];
        for (least, m) in least.iter_mut().zip(&SINGLE_BYTE_MODELS) {
            for (b, least) in least.iter_mut().enumerate().take(m.classes) {
                *least = (0..m.classes)
                    .map(|a| m.costs[a * m.classes + b])
                    .min()
                    .unwrap_or(0);
            }
        }
        let mut tables = Box::new(ByteTables {
            class: [[0; 256]; SINGLE_BYTE_CANDIDATES.len()],
            least_after: [[0; 256]; SINGLE_BYTE_CANDIDATES.len()],
            least_lanes: [[0; LANE_WORDS]; 256],
        });
        for (i, c) in SINGLE_BYTE_CANDIDATES.iter().enumerate() {
            for (b, &class) in ASCII_CLASSES.iter().chain(&c.high).enumerate() {
                tables.class[i][b] = class;
                let least = least[c.model as usize][class as usize & 0x7F];
                tables.least_after[i][b] = least;
                tables.least_lanes[b][i / 4] |= (least as u64) << (16 * (i % 4));
            }
        }
        tables
    })
}

impl ByteTables {
    /// The cost (bits) under candidate `i` of the pairs `from..to` of `high`, and the floor of
    /// that cost (as `floors` counts it).
    pub(crate) fn cost(&self, i: usize, high: &HighPairs, from: usize, to: usize) -> (u64, u64) {
        let model = &SINGLE_BYTE_MODELS[SINGLE_BYTE_CANDIDATES[i].model as usize];
        let (class, least) = (&self.class[i], &self.least_after[i]);
        let (mut total, mut floors) = (0, 0);
        for &(a, b, count) in &high.pairs[from..to] {
            let cost = pair_cost(model, class[a as usize], class[b as usize]);
            total += cost as u64 * count as u64;
            floors += least[b as usize] as u64 * count as u64;
        }
        (total, floors)
    }

    /// A floor of the cost of `high`'s pairs under every candidate, given to `out` (candidate,
    /// floor): no pair costs less than the least cost of its second byte's class after any
    /// class. The candidates' floors are summed four at a time, in the 16-bit lanes of a word
    /// (`least_lanes`), and carried into wider sums before a lane can overflow.
    pub(crate) fn floors(&self, high: &HighPairs, mut out: impl FnMut(usize, u64)) {
        // A lane adds at most 255 a count: this many counts fill it.
        const ROOM: u32 = 0xFFFF / 0xFF;
        let mut lanes = [0u64; LANE_WORDS];
        let mut room = ROOM;
        // The floors of inputs with more pairs than ROOM (or a pair counted more often), in full.
        let mut wide: Option<Box<[u64; SINGLE_BYTE_CANDIDATES.len()]>> = None;
        for &(_, b, count) in &high.pairs {
            if count > room {
                let wide = wide.get_or_insert_with(|| Box::new([0; SINGLE_BYTE_CANDIDATES.len()]));
                for (i, floor) in wide.iter_mut().enumerate() {
                    *floor += lanes[i / 4] >> (16 * (i % 4)) & 0xFFFF;
                }
                lanes = [0; LANE_WORDS];
                room = ROOM;
                if count > ROOM {
                    for (floor, least) in wide.iter_mut().zip(&self.least_after) {
                        *floor += least[b as usize] as u64 * count as u64;
                    }
                    continue;
                }
            }
            room -= count;
            for (lane, &least) in lanes.iter_mut().zip(&self.least_lanes[b as usize]) {
                *lane += least * count as u64;
            }
        }
        for i in 0..SINGLE_BYTE_CANDIDATES.len() {
            let floor = lanes[i / 4] >> (16 * (i % 4)) & 0xFFFF;
            out(i, floor + wide.as_ref().map_or(0, |wide| wide[i]));
        }
    }
}

/// The pairs of an input of two ASCII bytes (`PairCounts::ascii_pairs`): their classes without
/// the capital bit, with their counts, and the cost of their case. The same in every encoding
/// a model scores, they are priced once per model; their case by the Latin model's case costs in
/// every model: capitals in ASCII (headings, markup, acronyms) say nothing of the language, and
/// must not outvote the letters above ASCII.
#[derive(Default)]
pub(crate) struct AsciiPairs {
    pairs: Vec<(u8, u8, u32)>,
    case_cost: u64,
}

impl AsciiPairs {
    /// Their cost (bits) under `model`.
    pub(crate) fn cost(&self, model: &SingleByteModel) -> u64 {
        let mut total = self.case_cost;
        for &(a, b, count) in &self.pairs {
            total += model.costs[a as usize * model.classes + b as usize] as u64 * count as u64;
        }
        total
    }
}

/// The pairs of an input with a byte above ASCII (`PairCounts::split`): their bytes and counts,
/// in order of first occurrence, and which bytes above ASCII occurred (a set of their offsets
/// from 0x80).
pub(crate) struct HighPairs {
    pairs: Vec<(u8, u8, u32)>,
    pub(crate) present: [u64; 2],
}

impl HighPairs {
    /// How many pairs there are.
    pub(crate) fn len(&self) -> usize {
        self.pairs.len()
    }
}

/// Classes carry 0x80 for a capital letter; letters are the classes from the first ASCII one.
/// The case: 0 not a letter, 1 small, 2 capital.
#[inline(always)]
const fn case_of(class: usize) -> usize {
    if class & 0x80 != 0 {
        2
    } else {
        (class >= FIRST_LETTER_CLASS) as usize
    }
}

/// `case_of` of every class, by table: one look-up where a pair is priced.
static CASES: [u8; 256] = {
    let mut cases = [0u8; 256];
    let mut class = 0;
    while class < 256 {
        cases[class] = case_of(class) as u8;
        class += 1;
    }
    cases
};

/// The cost (bits) of class `b` after class `a` in `model`, case included.
#[inline(always)]
pub(crate) fn pair_cost(model: &SingleByteModel, a: u8, b: u8) -> u8 {
    let case = CASES[a as usize] as usize * 3 + CASES[b as usize] as usize;
    let (a, b) = (a as usize & 0x7F, b as usize & 0x7F);
    model.costs[a * model.classes + b] + model.cases[case]
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A small deterministic generator (xorshift).
    fn next(state: &mut u64) -> u64 {
        *state ^= *state << 13;
        *state ^= *state >> 7;
        *state ^= *state << 17;
        *state
    }

    #[test]
    fn floors_and_costs_are_the_direct_sums() {
        let tables = byte_tables();
        let mut state = 0x2545_F491_4F6C_DD1D;
        for round in 0..400 {
            // Runs of a few bytes, some repeated past a lane's room (257 counts) and far past it.
            let mut bytes = Vec::new();
            let alphabet: Vec<u8> = (0..6).map(|_| next(&mut state) as u8).collect();
            let runs = [4, 40, 300, 3000][round % 4];
            for _ in 0..runs {
                let b = alphabet[(next(&mut state) % 6) as usize];
                let repeat = match next(&mut state) % 50 {
                    0 => 600,
                    _ => 1 + (next(&mut state) % 3) as usize,
                };
                bytes.extend(core::iter::repeat_n(b, repeat));
            }
            let mut pairs = PairCounts::new();
            pairs.feed(&bytes);
            let (_, high) = pairs.split();
            let mut floors = [u64::MAX; SINGLE_BYTE_CANDIDATES.len()];
            tables.floors(&high, |i, floor| floors[i] = floor);
            for (i, c) in SINGLE_BYTE_CANDIDATES.iter().enumerate() {
                let model = &SINGLE_BYTE_MODELS[c.model as usize];
                let class = |b: u8| match b {
                    0..=0x7F => ASCII_CLASSES[b as usize],
                    _ => c.high[b as usize - 0x80],
                };
                // The least cost of a class after any class, by the model's table.
                let least = |b: u8| {
                    let b = class(b) as usize & 0x7F;
                    (0..model.classes)
                        .map(|a| model.costs[a * model.classes + b])
                        .min()
                        .unwrap()
                };
                let (mut cost, mut floor) = (0u64, 0u64);
                for &(a, b, count) in &high.pairs {
                    cost += pair_cost(model, class(a), class(b)) as u64 * count as u64;
                    floor += least(b) as u64 * count as u64;
                }
                assert_eq!(floors[i], floor, "candidate {i}, round {round}");
                assert_eq!(tables.cost(i, &high, 0, high.len()), (cost, floor));
                let half = high.len() / 2;
                let (first, first_floor) = tables.cost(i, &high, 0, half);
                let (second, second_floor) = tables.cost(i, &high, half, high.len());
                assert_eq!((first + second, first_floor + second_floor), (cost, floor));
            }
        }
    }
}
