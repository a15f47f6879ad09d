//! Single-byte indexes: for each index file, the 128 code points of bytes 0x80..=0xFF, 0 where the
//! index has no code point (U+0000 never appears at these pointers).

use crate::index::{hex_u16_body, Index};
use std::path::Path;

/// Index file names of the single-byte encodings (ISO-8859-8-I shares ISO-8859-8's).
pub const INDEXES: [&str; 27] = [
    "ibm866",
    "iso-8859-2",
    "iso-8859-3",
    "iso-8859-4",
    "iso-8859-5",
    "iso-8859-6",
    "iso-8859-7",
    "iso-8859-8",
    "iso-8859-10",
    "iso-8859-13",
    "iso-8859-14",
    "iso-8859-15",
    "iso-8859-16",
    "koi8-r",
    "koi8-u",
    "macintosh",
    "windows-874",
    "windows-1250",
    "windows-1251",
    "windows-1252",
    "windows-1253",
    "windows-1254",
    "windows-1255",
    "windows-1256",
    "windows-1257",
    "windows-1258",
    "x-mac-cyrillic",
];

/// The Rust constant name for an index file name, e.g. `INDEX_ISO_8859_2`.
pub fn const_name(index: &str) -> String {
    format!("INDEX_{}", index.to_ascii_uppercase().replace('-', "_"))
}

/// Renders `single_byte.rs`.
pub fn generate(source: &Path) -> Result<crate::Output, String> {
    let mut text =
        crate::header("Single-byte indexes: code points of bytes 0x80..=0xFF, 0 for none.");
    for name in INDEXES {
        let index = Index::read(source, name)?;
        let mut dense = index.dense();
        if dense.len() > 128 || dense.iter().any(|&cp| cp > 0xFFFF) {
            return Err(format!("index-{name}.txt is not a single-byte index"));
        }
        dense.resize(128, 0);
        text.push_str(&format!("/// index-{name}.txt\n"));
        text.push_str(&format!(
            "pub static {}: [u16; 128] = [\n",
            const_name(name)
        ));
        text.push_str(&hex_u16_body(&dense, 8));
        text.push_str("];\n\n");
    }
    text.pop();
    Ok(crate::Output {
        name: "single_byte.rs",
        text,
    })
}
