//! Single-byte candidates: the input's byte pairs are counted once (a 64 Ki table, bounded
//! whatever the input's length), and each (encoding, language model) pair is scored at guess
//! time from those counts, as the sum of its bigram costs over the text the encoding would give.
//! One longer context is kept besides: which non-ASCII bytes start a line after a full stop or a
//! blank line, where a script with capitals writes one.

use alloc::{vec, vec::Vec};

use super::statistics::{
    SingleByteCandidate, ASCII_CLASSES, FIRST_LETTER_CLASS, SINGLE_BYTE_MODELS,
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

/// Counts of consecutive byte pairs, and which pairs occurred (so a guess visits only those).
pub(crate) struct PairCounts {
    counts: Vec<u32>,
    seen: Vec<u16>,
    /// The last three bytes fed, oldest first.
    tail: [u8; 3],
    /// How often each byte 0x80..=0xFF started a line that opens a sentence (after a line that
    /// ends with a full stop, or after a blank line).
    starts: [u32; 128],
}

impl PairCounts {
    pub(crate) fn new() -> PairCounts {
        // The text starts as if after a space.
        PairCounts {
            counts: Vec::new(),
            seen: Vec::new(),
            tail: [b' '; 3],
            starts: [0; 128],
        }
    }

    /// Counts the pairs of `bytes`, the first with the last byte of the previous chunk.
    pub(crate) fn feed(&mut self, bytes: &[u8]) {
        if bytes.is_empty() {
            return;
        }
        if self.counts.is_empty() {
            self.counts = vec![0; 1 << 16];
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
        let mut prev = tail[2] as usize;
        for &b in bytes {
            let pair = prev << 8 | b as usize;
            let count = &mut self.counts[pair];
            if *count == 0 {
                self.seen.push(pair as u16);
            }
            *count = count.saturating_add(1);
            prev = b as usize;
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
        for &pair in &self.seen {
            let b = pair as usize & 0xFF;
            if b >= 0x80 {
                set[(b - 0x80) / 64] |= 1 << (b % 64);
            }
        }
        set
    }

    /// The cost (bits) of the input as text in `candidate`'s encoding and language.
    pub(crate) fn cost(&self, candidate: &SingleByteCandidate) -> u64 {
        let model = &SINGLE_BYTE_MODELS[candidate.model as usize];
        let class = |b: usize| -> usize {
            (if b < 0x80 {
                ASCII_CLASSES[b]
            } else {
                candidate.high[b - 0x80]
            }) as usize
        };
        // Classes carry 0x80 for a capital letter; letters are the classes from the first ASCII one.
        let case = |class: usize| -> usize {
            if class & 0x80 != 0 {
                2
            } else {
                (class >= FIRST_LETTER_CLASS) as usize
            }
        };
        let mut total = 0u64;
        for &pair in &self.seen {
            let pair = pair as usize;
            let (a, b) = (class(pair >> 8), class(pair & 0xFF));
            let cost = model.costs[(a & 0x7F) * model.classes + (b & 0x7F)]
                + model.cases[case(a) * 3 + case(b)];
            total += cost as u64 * self.counts[pair] as u64;
        }
        // A line's first character came after a line break, so its pair above was priced by the
        // case costs after a non-letter: where the line opens a sentence, price it by those.
        for (b, &count) in self.starts.iter().enumerate() {
            if count != 0 {
                let case = case(candidate.high[b] as usize);
                let usual = model.cases[case] as u64;
                total =
                    total - usual * count as u64 + model.sentence_start[case] as u64 * count as u64;
            }
        }
        total
    }
}
