//! Encoders given too little room: every legacy encoder, run over random inputs with output
//! buffers of 1 to 8 bytes (called again after each `OutputFull`), must write exactly what one
//! call with room for everything writes, and stop at the same unmappable code points. This is
//! where the encoders' runs (ASCII, index lookups that need no handler, ISO-2022-JP's runs within
//! one state) end early.

use text_encoding_wasm::{Encoder, EncoderResult, Encoding};

mod common;
use common::Rng;

/// Code points that reach every path of the encoders: ASCII (ISO-2022-JP's SO, SI, ESC, and its
/// Roman \ and ~), code points the handlers treat before their index, kana, kanji, hangul, hanzi,
/// Cyrillic, gb18030's four-byte range, astral ones and unmappable ones.
const POOL: &[u32] = &[
    0x41, 0x61, 0x20, 0x5C, 0x7E, 0x0E, 0x0F, 0x1B, 0x00, 0x80, 0xA5, 0xE9, 0x416, 0x203E, 0x20AC,
    0x2212, 0x3000, 0x3042, 0x30A2, 0x4E2D, 0x65E5, 0x7E8A, 0xAC00, 0xD55C, 0xE5E5, 0xE78D, 0xFF0D,
    0xFF61, 0xFF71, 0xFF9F, 0xFFFD, 0x1F600, 0x20547, 0x2550,
];

/// A random input: runs of one pool code point or another (so runs of one kind form), and lone
/// surrogates.
fn random_units(rng: &mut Rng) -> Vec<u16> {
    let mut units = Vec::new();
    for _ in 0..rng.below(12) {
        let run = 1 + rng.below(6);
        let lone = rng.below(12) == 0;
        let cp = POOL[rng.below(POOL.len())];
        for _ in 0..run {
            if lone {
                units.push(0xD800 + rng.below(0x800) as u16);
            } else {
                let c = char::from_u32(cp).expect("a scalar value");
                let mut buf = [0u16; 2];
                units.extend_from_slice(c.encode_utf16(&mut buf));
            }
        }
    }
    units
}

/// The bytes written and the unmappable code points met, encoding `units` whole (`last`) with
/// output buffers of at most `room` bytes, carrying on after each unmappable one.
fn run(encoding: Encoding, units: &[u16], room: usize) -> (Vec<u8>, Vec<char>) {
    let mut encoder = Encoder::new(encoding);
    let (mut bytes, mut errors) = (Vec::new(), Vec::new());
    let mut read = 0;
    let mut buf = vec![0u8; room];
    for _ in 0..100_000 {
        let (result, r, w) =
            encoder.encode_from_utf16_without_replacement(&units[read..], &mut buf, true);
        read += r;
        bytes.extend_from_slice(&buf[..w]);
        match result {
            EncoderResult::InputEmpty => return (bytes, errors),
            EncoderResult::OutputFull => assert!(
                r > 0 || w > 0 || room < 8,
                "{encoding:?}: no progress with {room} bytes of room"
            ),
            EncoderResult::Unmappable(c) => errors.push(c),
        }
    }
    panic!("{encoding:?}: the encoder never finished with {room} bytes of room");
}

#[test]
fn tiny_output_buffers_give_the_same_bytes_and_errors() {
    let encodings = [
        Encoding::ShiftJis,
        Encoding::EucJp,
        Encoding::Iso2022Jp,
        Encoding::Gbk,
        Encoding::Gb18030,
        Encoding::Big5,
        Encoding::EucKr,
        Encoding::Windows1251,
        Encoding::Windows1252,
        Encoding::XUserDefined,
    ];
    let mut rng = Rng::new(0x0BAD_5EED);
    for _ in 0..3_000 {
        let units = random_units(&mut rng);
        for encoding in encodings {
            let whole = run(encoding, &units, units.len() * 8 + 16);
            for room in 4..=8 {
                assert_eq!(
                    run(encoding, &units, room),
                    whole,
                    "{encoding:?} with {room} bytes of room: {units:X?}"
                );
            }
            // With fewer bytes than a scalar value's (or an escape sequence's), an encoder may make
            // no progress, but never writes part of one.
            for room in 1..4 {
                let mut encoder = Encoder::new(encoding);
                let mut buf = vec![0u8; room];
                let (_, _, w) =
                    encoder.encode_from_utf16_without_replacement(&units, &mut buf, true);
                assert!(whole.0.starts_with(&buf[..w]), "{encoding:?} room {room}");
            }
        }
    }
}
