//! Reads samples from stdin, each a 4-byte little-endian length and that many bytes, and prints one
//! line per sample: chardetng's guess (no top-level domain, UTF-8 and ISO-2022-JP allowed) as the
//! Encoding Standard names it (lowercase).

use chardetng::{EncodingDetector, Iso2022JpDetection, Utf8Detection};
use std::io::{self, Read, Write};

fn main() -> io::Result<()> {
    let mut input = Vec::new();
    io::stdin().lock().read_to_end(&mut input)?;
    let stdout = io::stdout();
    let mut out = io::BufWriter::new(stdout.lock());
    let mut rest = &input[..];
    while rest.len() >= 4 {
        let length = u32::from_le_bytes([rest[0], rest[1], rest[2], rest[3]]) as usize;
        if rest.len() - 4 < length {
            return Err(io::Error::new(
                io::ErrorKind::UnexpectedEof,
                "truncated sample",
            ));
        }
        let sample = &rest[4..4 + length];
        rest = &rest[4 + length..];
        let mut detector = EncodingDetector::new(Iso2022JpDetection::Allow);
        detector.feed(sample, true);
        let encoding = detector.guess(None, Utf8Detection::Allow);
        writeln!(out, "{}", encoding.name().to_ascii_lowercase())?;
    }
    out.flush()
}
