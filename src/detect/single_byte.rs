//! Single-byte candidates: the input's byte pairs are counted once (in a small hash table that
//! becomes a direct 64 Ki table only for inputs with many distinct pairs, so memory is bounded
//! whatever the input's length and a short input costs little), and each (encoding, language model) pair is scored at guess
//! time from those counts, as the sum of its bigram costs over the text the encoding would give.
//! One longer context is kept besides: which non-ASCII bytes start a line after a full stop or a
//! blank line, where a script with capitals writes one.

use alloc::{vec, vec::Vec};

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
}

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

    /// The cost (bits) of the input's pairs of two ASCII bytes under `model`: the same in every
    /// encoding the model scores, so a guess prices them once per model. Their case is priced
    /// by the Latin model's case costs in every model: capitals in ASCII (headings, markup,
    /// acronyms) say nothing of the language, and must not outvote the letters above ASCII.
    pub(crate) fn ascii_cost(&self, model: &SingleByteModel) -> u64 {
        let cases = &SINGLE_BYTE_MODELS[LATIN_MODEL].cases;
        let mut total = 0u64;
        for (pair, count) in self.pairs() {
            let pair = pair as usize;
            if pair & 0x8080 == 0 {
                let (a, b) = (ASCII_CLASSES[pair >> 8], ASCII_CLASSES[pair & 0xFF]);
                total += pair_cost_with(model, cases, a, b) as u64 * count as u64;
            }
        }
        total
    }

    /// The pairs with a byte above ASCII, with their counts: the ones whose cost depends on the
    /// encoding.
    pub(crate) fn high_pairs(&self) -> Vec<(u16, u32)> {
        self.pairs()
            .filter(|&(pair, _)| pair & 0x8080 != 0)
            .collect()
    }

    /// The cost (bits) of the input as text in `candidate`'s encoding and language, given
    /// `ascii`, the `ascii_cost` of its model, and the input's `high_pairs`.
    pub(crate) fn cost(
        &self,
        candidate: &SingleByteCandidate,
        ascii: u64,
        high_pairs: &[(u16, u32)],
    ) -> u64 {
        let model = &SINGLE_BYTE_MODELS[candidate.model as usize];
        let class = |b: usize| -> u8 {
            if b < 0x80 {
                ASCII_CLASSES[b]
            } else {
                candidate.high[b - 0x80]
            }
        };
        let mut total = ascii;
        for &(pair, count) in high_pairs {
            let pair = pair as usize;
            let cost = pair_cost(model, class(pair >> 8), class(pair & 0xFF));
            total += cost as u64 * count as u64;
        }
        if !self.any_start {
            return total;
        }
        // A line's first character came after a line break, so its pair above was priced by the
        // case costs after a non-letter: where the line opens a sentence, price it by those.
        for (b, &count) in self.starts.iter().enumerate() {
            if count != 0 {
                let case = case_of(candidate.high[b] as usize);
                let usual = model.cases[case] as u64;
                total =
                    total - usual * count as u64 + model.sentence_start[case] as u64 * count as u64;
            }
        }
        total
    }
}

/// Classes carry 0x80 for a capital letter; letters are the classes from the first ASCII one.
/// The case: 0 not a letter, 1 small, 2 capital.
#[inline(always)]
fn case_of(class: usize) -> usize {
    if class & 0x80 != 0 {
        2
    } else {
        (class >= FIRST_LETTER_CLASS) as usize
    }
}

/// The cost (bits) of class `b` after class `a` in `model`, case included.
#[inline(always)]
pub(crate) fn pair_cost(model: &SingleByteModel, a: u8, b: u8) -> u8 {
    pair_cost_with(model, &model.cases, a, b)
}

/// The cost (bits) of class `b` after class `a` in `model`, its case priced by `cases`.
#[inline(always)]
fn pair_cost_with(model: &SingleByteModel, cases: &[u8; 9], a: u8, b: u8) -> u8 {
    let (a, b) = (a as usize, b as usize);
    model.costs[(a & 0x7F) * model.classes + (b & 0x7F)] + cases[case_of(a) * 3 + case_of(b)]
}
