//! Single-byte candidates: the input's byte pairs are counted once (in a small hash table that
//! becomes a direct 64 Ki table only for inputs with many distinct pairs, so memory is bounded
//! whatever the input's length and a short input costs little), and each (encoding, language model) pair is scored at guess
//! time from those counts, as the sum of its bigram costs over the text the encoding would give.
//! One longer context is kept besides: which non-ASCII bytes start a line after a full stop or a
//! blank line, where a script with capitals writes one.

use alloc::{boxed::Box, vec, vec::Vec};
use once_cell::race::OnceBox;

use super::statistics::{
    SingleByteCandidate, SingleByteModel, ASCII_CLASSES, FIRST_LETTER_CLASS, LATIN_MODEL,
    SINGLE_BYTE_MODELS,
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
    /// ends with a full stop, or after a blank line).
    starts: [u32; 128],
    /// Whether any entry of `starts` is not zero.
    any_start: bool,
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
            starts: [0; 128],
            any_start: false,
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
                    let start = &mut self.starts[bytes[line] as usize - 0x80];
                    *start = start.saturating_add(1);
                    self.any_start = true;
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

    /// Which bytes 0x80..=0xFF occurred, as a bit set.
    pub(crate) fn high_bytes(&self) -> [u64; 2] {
        let mut set = [0u64; 2];
        for (pair, _) in self.pairs() {
            let b = pair as usize & 0xFF;
            if b >= 0x80 {
                set[(b - 0x80) / 64] |= 1 << (b % 64);
            }
        }
        set
    }

    /// The input's pairs of two ASCII bytes, for pricing them under each model (`AsciiPairs`).
    pub(crate) fn ascii_pairs(&self) -> AsciiPairs {
        let cases = &SINGLE_BYTE_MODELS[LATIN_MODEL].cases;
        let mut ascii = AsciiPairs {
            pairs: Vec::with_capacity(self.entries.len()),
            case_cost: 0,
        };
        for (pair, count) in self.pairs() {
            if pair & 0x8080 == 0 {
                let (a, b) = (
                    ASCII_CLASSES[pair as usize >> 8],
                    ASCII_CLASSES[pair as usize & 0xFF],
                );
                ascii.case_cost +=
                    cases[case_of(a as usize) * 3 + case_of(b as usize)] as u64 * count as u64;
                ascii.pairs.push((a & 0x7F, b & 0x7F, count));
            }
        }
        ascii
    }

    /// The pairs with a byte above ASCII, with their counts: the ones whose cost depends on the
    /// encoding, grouped by where the bytes above ASCII are (a byte above ASCII as its offset from
    /// 0x80, an ASCII byte as its class), so that each candidate prices them without a branch.
    pub(crate) fn high_pairs(&self) -> HighPairs {
        let mut high = HighPairs {
            pairs: Vec::with_capacity(self.entries.len()),
            ..HighPairs::default()
        };
        for (pair, count) in self.pairs() {
            let (a, b) = ((pair >> 8) as u8, pair as u8);
            if a >= 0x80 && b >= 0x80 {
                high.pairs.push((a - 0x80, b - 0x80, count));
            }
        }
        high.first_at = high.pairs.len();
        for (pair, count) in self.pairs() {
            let (a, b) = ((pair >> 8) as u8, pair as u8);
            if a >= 0x80 && b < 0x80 {
                high.pairs
                    .push((a - 0x80, ASCII_CLASSES[b as usize], count));
            }
        }
        high.second_at = high.pairs.len();
        for (pair, count) in self.pairs() {
            let (a, b) = ((pair >> 8) as u8, pair as u8);
            if a < 0x80 && b >= 0x80 {
                high.pairs
                    .push((ASCII_CLASSES[a as usize], b - 0x80, count));
            }
        }
        high
    }

    /// What the lines that open a sentence change in `candidate`'s cost (bits): a line's first
    /// character came after a line break, so its pair was priced by the case costs after a
    /// non-letter; where the line opens a sentence, it is priced by those after a full stop.
    pub(crate) fn start_change(&self, candidate: &SingleByteCandidate) -> i64 {
        if !self.any_start {
            return 0;
        }
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

/// For each single-byte model, the least cost (bits) of each class after any class, case left
/// out: no pair that ends in that class costs less. Computed on first use.
pub(crate) fn least_after() -> &'static [[u8; 128]; SINGLE_BYTE_MODELS.len()] {
    static LEAST: OnceBox<[[u8; 128]; SINGLE_BYTE_MODELS.len()]> = OnceBox::new();
    LEAST.get_or_init(|| {
        let mut least = Box::new([[0u8; 128]; SINGLE_BYTE_MODELS.len()]);
        for (least, m) in least.iter_mut().zip(&SINGLE_BYTE_MODELS) {
            for (b, least) in least.iter_mut().enumerate().take(m.classes) {
                *least = (0..m.classes)
                    .map(|a| m.costs[a * m.classes + b])
                    .min()
                    .unwrap_or(0);
            }
        }
        least
    })
}

/// The cost (bits) under `candidate` of the pairs `from..to` of `high` (in its order: both bytes
/// above ASCII, the first, the second), and the floor of that cost by `least` (the model's
/// `least_after`, as `HighPairs::floor` counts it).
pub(crate) fn high_pairs_cost(
    candidate: &SingleByteCandidate,
    high: &HighPairs,
    least: &[u8; 128],
    from: usize,
    to: usize,
) -> (u64, u64) {
    let model = &SINGLE_BYTE_MODELS[candidate.model as usize];
    let class = |b: u8| candidate.high[b as usize & 0x7F];
    let floor = |b: u8| least[b as usize & 0x7F] as u64;
    let (first, second) = (high.first_at, high.second_at);
    let (mut total, mut floors) = (0, 0);
    for &(a, b, count) in &high.pairs[from.min(first)..to.min(first)] {
        let b = class(b);
        total += pair_cost(model, class(a), b) as u64 * count as u64;
        floors += floor(b) * count as u64;
    }
    for &(a, b, count) in &high.pairs[from.clamp(first, second)..to.clamp(first, second)] {
        total += pair_cost(model, class(a), b) as u64 * count as u64;
        floors += floor(b) * count as u64;
    }
    for &(a, b, count) in &high.pairs[from.max(second)..to.max(second)] {
        let b = class(b);
        total += pair_cost(model, a, b) as u64 * count as u64;
        floors += floor(b) * count as u64;
    }
    (total, floors)
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

/// The pairs of an input with a byte above ASCII (`PairCounts::high_pairs`), each with its
/// count: first those with both bytes above ASCII (their offsets from 0x80), from `first_at` those
/// with the first (its offset, the second's class), from `second_at` those with the second (the
/// first's class, its offset).
/// With them, what ends them, for a floor of their cost: the bytes above ASCII (offsets) and the
/// ASCII classes (capital bit left out), each with how many pairs it ends.
#[derive(Default)]
pub(crate) struct HighPairs {
    pairs: Vec<(u8, u8, u32)>,
    first_at: usize,
    second_at: usize,
    high_ends: Vec<(u8, u32)>,
    ascii_ends: Vec<(u8, u32)>,
}

impl HighPairs {
    /// How many pairs there are.
    pub(crate) fn len(&self) -> usize {
        self.pairs.len()
    }

    /// Counts what ends the pairs, for `floor`.
    pub(crate) fn count_ends(&mut self) {
        // Each end's place in `high_ends` or `ascii_ends` (+ 1): by byte offset, then by ASCII
        // class.
        let mut at = [0u16; 256];
        for (k, &(_, b, count)) in self.pairs.iter().enumerate() {
            let (ends, key) = match (self.first_at..self.second_at).contains(&k) {
                true => (&mut self.ascii_ends, 0x80 | b as usize & 0x7F),
                false => (&mut self.high_ends, b as usize & 0x7F),
            };
            if at[key] == 0 {
                ends.push((b & 0x7F, 0));
                at[key] = ends.len() as u16;
            }
            let end = &mut ends[at[key] as usize - 1].1;
            *end = end.saturating_add(count);
        }
    }

    /// A floor of the pairs' cost under `candidate`, whose model's `least_after` is `least`: no
    /// pair costs less than the least cost of its second class after any class (`count_ends`
    /// first).
    pub(crate) fn floor(&self, candidate: &SingleByteCandidate, least: &[u8; 128]) -> u64 {
        let mut total = 0;
        for &(b, count) in &self.high_ends {
            total += least[candidate.high[b as usize & 0x7F] as usize & 0x7F] as u64 * count as u64;
        }
        for &(class, count) in &self.ascii_ends {
            total += least[class as usize] as u64 * count as u64;
        }
        total
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
