//! The UTF-16BE/LE decoder's bulk copy (blocks of eight code units without a surrogate) against
//! encoding_rs 0.8.44: long inputs made of surrogate-free runs of every length around the block
//! size, broken by surrogates (paired, lone leading, lone trailing), by code units next to the
//! surrogate range (U+D7FF, U+E000) and by units whose *other* byte is 0xD8 to 0xDF (surrogates
//! in the wrong endianness), sometimes of odd length; decoded whole in both error modes, and as
//! TextDecoder calls on random chunks with roomy and tiny output buffers (fatal mode).

use text_encoding_wasm::Encoding;

mod common;
use common::calls::{oracle_calls, our_calls};
use common::inputs::utf16_bytes;
use common::Rng;

/// A code unit next to or inside the surrogate range, or a plain one.
fn unit(rng: &mut Rng, big_endian: bool) -> u16 {
    match rng.below(8) {
        0 => 0xD7FF,
        1 => 0xE000,
        // The low byte is a surrogate's high byte: a surrogate in the other byte order.
        2 => u16::from(rng.range(0xD8u8, 0xDF)) | u16::from(rng.byte()) << 8 & 0x7F00,
        3 => u16::from(rng.byte()),
        _ => {
            let u = rng.range(0x0100u16, 0xD7FF);
            if big_endian {
                u
            } else {
                u.swap_bytes() & 0xD7FF
            }
        }
    }
}

/// A long input: runs of 0 to 40 non-surrogate units, each followed by a surrogate event.
fn random_input(rng: &mut Rng, big_endian: bool) -> Vec<u8> {
    let mut units: Vec<u16> = Vec::new();
    for _ in 0..rng.below(10) {
        for _ in 0..rng.below(41) {
            units.push(unit(rng, big_endian));
        }
        match rng.below(5) {
            0 => {
                units.push(rng.range(0xD800, 0xDBFF));
                units.push(rng.range(0xDC00, 0xDFFF));
            }
            1 => units.push(rng.range(0xD800, 0xDBFF)),
            2 => units.push(rng.range(0xDC00, 0xDFFF)),
            _ => {}
        }
    }
    let mut bytes = utf16_bytes(&units, big_endian);
    if rng.below(4) == 0 {
        bytes.push(rng.byte());
    }
    bytes
}

fn oracle_whole(e: Encoding, bytes: &[u8], fatal: bool) -> Option<Vec<u16>> {
    let theirs = encoding_rs::Encoding::for_label(e.name().as_bytes()).expect("every name");
    let mut decoder = theirs.new_decoder_without_bom_handling();
    let mut out = vec![0u16; decoder.max_utf16_buffer_length(bytes.len()).unwrap()];
    if fatal {
        let (result, _, written) =
            decoder.decode_to_utf16_without_replacement(bytes, &mut out, true);
        (result == encoding_rs::DecoderResult::InputEmpty).then(|| out[..written].to_vec())
    } else {
        let (_, _, written, _) = decoder.decode_to_utf16(bytes, &mut out, true);
        Some(out[..written].to_vec())
    }
}

#[test]
fn bulk_copy_matches_the_oracle() {
    let mut rng = Rng::new(0x00B1_0C55);
    for e in [Encoding::Utf16Le, Encoding::Utf16Be] {
        let big_endian = e == Encoding::Utf16Be;
        for _ in 0..20_000 {
            let bytes = random_input(&mut rng, big_endian);
            for fatal in [false, true] {
                assert_eq!(
                    e.decode_utf16(&bytes, fatal, true).ok(),
                    oracle_whole(e, &bytes, fatal),
                    "{} fatal={fatal}: {bytes:02X?}",
                    e.name()
                );
            }
            let mut bounds = vec![0];
            while *bounds.last().unwrap() < bytes.len() {
                let next = *bounds.last().unwrap() + 1 + rng.below(40);
                bounds.push(next.min(bytes.len()));
            }
            if bounds.len() == 1 {
                bounds.push(0);
            }
            let theirs = oracle_calls(e, true, &bytes, &bounds);
            for tiny in [false, true] {
                assert_eq!(
                    our_calls(e, true, &bytes, &bounds, tiny),
                    theirs,
                    "{} tiny={tiny} bounds {bounds:?}: {bytes:02X?}",
                    e.name()
                );
            }
        }
    }
}
