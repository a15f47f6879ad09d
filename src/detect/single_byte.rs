//! Single-byte candidates: the input's byte pairs are counted once (a 64 Ki table, bounded
//! whatever the input's length), and each (encoding, language model) pair is scored at guess
//! time from those counts, as the sum of its bigram costs over the text the encoding would give.

use alloc::{vec, vec::Vec};

use super::statistics::{
    SingleByteCandidate, ASCII_CLASSES, FIRST_LETTER_CLASS, SINGLE_BYTE_MODELS,
};

/// Counts of consecutive byte pairs, and which pairs occurred (so a guess visits only those).
pub(crate) struct PairCounts {
    counts: Vec<u32>,
    seen: Vec<u16>,
    prev: u8,
}

impl PairCounts {
    pub(crate) fn new() -> PairCounts {
        // The text starts as if after a space.
        PairCounts {
            counts: Vec::new(),
            seen: Vec::new(),
            prev: b' ',
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
        let mut prev = self.prev as usize;
        for &b in bytes {
            let pair = prev << 8 | b as usize;
            let count = &mut self.counts[pair];
            if *count == 0 {
                self.seen.push(pair as u16);
            }
            *count = count.saturating_add(1);
            prev = b as usize;
        }
        self.prev = prev as u8;
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
        total
    }
}
