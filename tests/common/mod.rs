//! Helpers shared by the integration tests, one copy each: the seeded PRNG, hex formatting, the
//! oracle's encoding for ours, the single-byte encodings, and a collector of differences;
//! `inputs` holds the random input generators, `calls` the TextDecoder calls made with our
//! decoder and with the oracle. Each test includes this as `mod common;` (tests/wasm.rs through
//! `#[path]`, for wasm32).

// Each test uses only some of these.
#![allow(dead_code)]

pub mod calls;
pub mod inputs;

use text_encoding_wasm::Encoding;

/// xorshift64*: deterministic, no dependency.
pub struct Rng(u64);

impl Rng {
    /// A generator seeded with `seed` (small seeds are spread over the state first).
    pub fn new(seed: u64) -> Rng {
        Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
    }

    /// The next 64 random bits.
    pub fn next(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        self.0 = x;
        x.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    /// Uniform in `0..n` (`0 < n < 2^32`).
    pub fn below(&mut self, n: usize) -> usize {
        (((self.next() >> 32) * n as u64) >> 32) as usize
    }

    /// Uniform in `lo..=hi`.
    pub fn range<T: Copy + Into<u64> + TryFrom<u64>>(&mut self, lo: T, hi: T) -> T {
        let (lo, hi) = (lo.into(), hi.into());
        let value = lo + self.below((hi - lo + 1) as usize) as u64;
        T::try_from(value).unwrap_or_else(|_| unreachable!("{value} lies in lo..=hi"))
    }

    /// A random byte.
    pub fn byte(&mut self) -> u8 {
        (self.next() >> 56) as u8
    }

    /// True or false, evenly.
    pub fn coin(&mut self) -> bool {
        self.next() >> 63 == 1
    }

    /// One of `items` (not empty), evenly.
    pub fn pick<T: Copy>(&mut self, items: &[T]) -> T {
        items[self.below(items.len())]
    }
}

/// Bytes as `41 FF …`.
pub fn hex(bytes: &[u8]) -> String {
    hex_digits(bytes, 2)
}

/// UTF-16 code units as `0041 D800 …`.
pub fn hex16(units: &[u16]) -> String {
    hex_digits(units, 4)
}

/// `items` in hex, `digits` wide, separated by spaces.
fn hex_digits<T: std::fmt::UpperHex>(items: &[T], digits: usize) -> String {
    items
        .iter()
        .map(|item| format!("{item:0digits$X}"))
        .collect::<Vec<_>>()
        .join(" ")
}

/// The 28 single-byte encodings (every encoding that is not UTF-8, UTF-16BE/LE, CJK,
/// replacement or x-user-defined).
pub fn single_byte_encodings() -> Vec<Encoding> {
    let list: Vec<Encoding> = Encoding::ALL
        .iter()
        .copied()
        .filter(|&e| {
            !e.is_cjk()
                && !matches!(
                    e,
                    Encoding::Utf8
                        | Encoding::Utf16Be
                        | Encoding::Utf16Le
                        | Encoding::Replacement
                        | Encoding::XUserDefined
                )
        })
        .collect();
    assert_eq!(list.len(), 28);
    list
}

/// The oracle's encoding of the same name.
pub fn oracle(e: Encoding) -> &'static encoding_rs::Encoding {
    let o = encoding_rs::Encoding::for_label(e.name().as_bytes())
        .unwrap_or_else(|| panic!("encoding_rs has no {}", e.name()));
    assert_eq!(o.name(), e.name());
    o
}

/// Collects differences so one run reports how many and the first few.
#[derive(Default)]
pub struct Failures {
    count: usize,
    first: Vec<String>,
    checks: usize,
}

impl Failures {
    /// Counts a check; keeps its message if it failed (the first few).
    pub fn check(&mut self, ok: bool, message: impl FnOnce() -> String) {
        self.checks += 1;
        if !ok {
            self.count += 1;
            if self.first.len() < 12 {
                self.first.push(message());
            }
        }
    }

    /// Fails with the count and the first messages if any check failed; else prints the count.
    pub fn finish(self, what: &str) {
        assert!(
            self.count == 0,
            "{what}: {} differences in {} checks; first:\n{}",
            self.count,
            self.checks,
            self.first.join("\n")
        );
        eprintln!("{what}: {} checks, no difference", self.checks);
    }
}
