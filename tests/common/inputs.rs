//! Random inputs for the decoders, biased toward what breaks them: malformed and truncated
//! sequences, surrogates, lead bytes with every kind of trail, escape sequences, BOMs.

use super::{oracle, Rng};
use text_encoding_wasm::Encoding;

/// Scalar values at the edges of UTF-8 sequence lengths, surrogates, noncharacters and the BOM.
pub const BOUNDARY_SCALARS: [u32; 16] = [
    0x0, 0x7F, 0x80, 0x7FF, 0x800, 0xD7FF, 0xE000, 0xFEFF, 0xFFFD, 0xFFFE, 0xFFFF, 0x10000,
    0x1F600, 0xFFFFF, 0x100000, 0x10FFFF,
];

/// A scalar value of any UTF-8 length, often one of [`BOUNDARY_SCALARS`].
pub fn random_scalar(rng: &mut Rng) -> char {
    loop {
        let cp = match rng.below(5) {
            0 => rng.range(0x80, 0x7FF),
            1 => rng.range(0x800, 0xFFFF),
            2 => rng.range(0x10000, 0x10FFFF),
            3 => rng.pick(&BOUNDARY_SCALARS),
            _ => rng.range(0, 0x7F),
        };
        if let Some(c) = char::from_u32(cp) {
            return c;
        }
    }
}

/// Appends up to 19 ASCII bytes.
pub fn push_ascii_run(rng: &mut Rng, out: &mut Vec<u8>) {
    for _ in 0..rng.below(20) {
        out.push(rng.byte() & 0x7F);
    }
}

/// UTF-8-like input biased toward malformed sequences: invalid leads, stray continuations,
/// truncations, boundary violations, mixed with valid sequences and ASCII runs.
pub fn random_utf8_input(rng: &mut Rng) -> Vec<u8> {
    let mut out = Vec::new();
    if rng.below(8) == 0 {
        out.extend_from_slice(b"\xEF\xBB\xBF");
    }
    for _ in 0..rng.below(14) {
        let mut buf = [0u8; 4];
        match rng.below(11) {
            0 => out.push(rng.byte() & 0x7F),
            1 => out.extend_from_slice(random_scalar(rng).encode_utf8(&mut buf).as_bytes()),
            2 => {
                // A truncated multi-byte sequence.
                let c = loop {
                    let c = random_scalar(rng);
                    if c.len_utf8() > 1 {
                        break c;
                    }
                };
                let bytes = c.encode_utf8(&mut buf).as_bytes();
                out.extend_from_slice(&bytes[..1 + rng.below(bytes.len() - 1)]);
            }
            3 => out.push(rng.range(0x80, 0xBF)),
            4 => out.push(rng.pick(&[0xC0, 0xC1, 0xF5, 0xF6, 0xF7, 0xF8, 0xFB, 0xFC, 0xFE, 0xFF])),
            5 => out.push(rng.range(0xC2, 0xF4)),
            6 => {
                // A lead followed by a second byte just outside its boundaries.
                let (lead, lo, hi) = rng.pick(&[
                    (0xE0, 0x80, 0x9F),
                    (0xED, 0xA0, 0xBF),
                    (0xF0, 0x80, 0x8F),
                    (0xF4, 0x90, 0xBF),
                    (0xC2, 0xC0, 0xFF),
                    (0xE1, 0x00, 0x7F),
                ]);
                out.push(lead);
                out.push(rng.range(lo, hi));
                for _ in 0..rng.below(3) {
                    out.push(rng.range(0x80, 0xBF));
                }
            }
            7 => out.push(rng.byte()),
            8 => push_ascii_run(rng, &mut out),
            9 => {
                // A valid sequence with one byte replaced.
                let c = random_scalar(rng);
                let len = c.len_utf8();
                c.encode_utf8(&mut buf);
                buf[rng.below(len)] = rng.byte();
                out.extend_from_slice(&buf[..len]);
            }
            _ => out.extend_from_slice(b"\xEF\xBB\xBF"),
        }
    }
    out
}

/// Leading surrogates at and near the ends of their range.
pub const LEAD_SURROGATES: [u16; 6] = [0xD800, 0xD801, 0xD83D, 0xDBFE, 0xDBFF, 0xDAAA];
/// Trailing surrogates at and near the ends of their range.
pub const TRAIL_SURROGATES: [u16; 6] = [0xDC00, 0xDC01, 0xDE00, 0xDFFE, 0xDFFF, 0xDEEE];

/// One UTF-16 code unit, a surrogate more often than not.
pub fn random_surrogate_biased_unit(rng: &mut Rng) -> u16 {
    match rng.below(8) {
        0 => rng.byte() as u16 & 0x7F,
        1 => rng.range(0, 0xD7FF),
        2 => rng.range(0xE000, 0xFFFF),
        3 => rng.range(0xD800, 0xDBFF),
        4 => rng.range(0xDC00, 0xDFFF),
        5 => rng.pick(&LEAD_SURROGATES),
        6 => rng.pick(&TRAIL_SURROGATES),
        _ => rng.pick(&[0xFEFF, 0xFFFE, 0xFFFD, 0xFFFF, 0x0000, 0xD7FF, 0xE000]),
    }
}

/// UTF-16 code units biased toward surrogates (lone leads, lone trails, pairs, reversed pairs).
pub fn random_units(rng: &mut Rng) -> Vec<u16> {
    let mut units = Vec::new();
    if rng.below(8) == 0 {
        units.push(0xFEFF);
    }
    for _ in 0..rng.below(12) {
        match rng.below(4) {
            0 => {
                units.push(rng.range(0xD800, 0xDBFF));
                units.push(rng.range(0xDC00, 0xDFFF));
            }
            1 => {
                units.push(rng.range(0xDC00, 0xDFFF));
                units.push(rng.range(0xD800, 0xDBFF));
            }
            _ => units.push(random_surrogate_biased_unit(rng)),
        }
    }
    units
}

/// The UTF-16BE (`big_endian`) or UTF-16LE bytes of `units`.
pub fn utf16_bytes(units: &[u16], big_endian: bool) -> Vec<u8> {
    units
        .iter()
        .flat_map(|u| {
            if big_endian {
                u.to_be_bytes()
            } else {
                u.to_le_bytes()
            }
        })
        .collect()
}

/// UTF-16BE/LE bytes biased toward surrogates, sometimes of odd length.
pub fn random_utf16_input(rng: &mut Rng, big_endian: bool) -> Vec<u8> {
    let mut out = utf16_bytes(&random_units(rng), big_endian);
    match rng.below(4) {
        0 => out.push(rng.byte()),
        1 => {
            out.pop();
        }
        _ => {}
    }
    out
}

/// Runs of ASCII and bytes from 0x80 up, for the single-byte encodings and x-user-defined.
pub fn random_single_byte_input(rng: &mut Rng) -> Vec<u8> {
    let mut out = Vec::new();
    for _ in 0..rng.below(12) {
        if rng.below(3) == 0 {
            push_ascii_run(rng, &mut out);
        } else {
            out.push(rng.byte() | 0x80);
        }
    }
    out
}

/// Tokens for ISO-2022-JP inputs: escape sequences (valid, partial and invalid), bytes special in
/// some state, and text.
pub const ISO_2022_JP_TOKENS: [&[u8]; 18] = [
    b"\x1B(B",
    b"\x1B(J",
    b"\x1B(I",
    b"\x1B$B",
    b"\x1B$@",
    b"\x1B",
    b"\x1B(",
    b"\x1B$",
    b"\x1B(A",
    b"(",
    b"$",
    b"B",
    b"\x24\x22",
    b"\x5C~",
    b"\x0E",
    b"\x80",
    b"a",
    b"\x21",
];

/// A random input for one of the seven CJK encodings, biased toward lead bytes and the bytes that
/// follow them.
pub fn random_cjk_input(rng: &mut Rng, e: Encoding) -> Vec<u8> {
    const SPECIAL: [u8; 20] = [
        0x00, 0x0E, 0x0F, 0x1B, 0x20, 0x24, 0x28, 0x30, 0x35, 0x39, 0x40, 0x41, 0x42, 0x49, 0x4A,
        0x5C, 0x61, 0x7E, 0x7F, 0x40,
    ];
    let len = 1 + rng.below(16);
    let mut out = Vec::with_capacity(len + 4);
    let iso = e == Encoding::Iso2022Jp;
    while out.len() < len {
        match rng.below(100) {
            0..=24 => out.push(rng.pick(&SPECIAL)),
            25..=34 => out.push(rng.range(0, 0x7F)),
            35..=79 if iso => out.push(rng.range(0x21, 0x7E)),
            35..=79 => out.push(rng.range(0x81, 0xFE)),
            80..=89 if iso => {
                out.extend_from_slice(rng.pick(&ISO_2022_JP_TOKENS));
            }
            80..=89 if matches!(e, Encoding::Gb18030 | Encoding::Gbk) => {
                let (a, b, c, d) = (
                    rng.range(0x81, 0x84),
                    rng.range(0x30, 0x39),
                    rng.range(0x81, 0xFE),
                    rng.range(0x30, 0x39),
                );
                let bytes = if rng.below(4) == 0 {
                    [rng.range(0x90, 0xE4), b, c, d]
                } else {
                    [a, b, c, d]
                };
                out.extend_from_slice(&bytes[..1 + rng.below(4)]);
            }
            80..=89 => {
                // A valid character of the encoding.
                let cp = 0x3000 + rng.below(0x7000) as u32;
                if let Some(c) = char::from_u32(cp) {
                    let mut buf = [0; 4];
                    let (bytes, _, _) = oracle(e).encode(c.encode_utf8(&mut buf));
                    out.extend_from_slice(&bytes);
                }
            }
            _ => out.push(rng.range(0, 0xFF)),
        }
    }
    out
}
