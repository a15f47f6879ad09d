//! Parsing of the standard's index files (`pointer<TAB>code point<TAB>comment` lines).

use std::path::Path;

/// An index: (pointer, code point) pairs in file order.
pub struct Index {
    /// The pairs, in the order the file lists them.
    pub entries: Vec<(u32, u32)>,
}

impl Index {
    /// Reads `index-NAME.txt` from `source`.
    pub fn read(source: &Path, name: &str) -> Result<Index, String> {
        let path = source.join(format!("index-{name}.txt"));
        let text = std::fs::read_to_string(&path)
            .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
        let mut entries = Vec::new();
        for (n, line) in text.lines().enumerate() {
            let line = line.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let mut fields = line.split('\t');
            let bad = || format!("{}:{}: malformed line", path.display(), n + 1);
            let pointer: u32 = fields
                .next()
                .ok_or_else(bad)?
                .trim()
                .parse()
                .map_err(|_| bad())?;
            let cp = fields.next().ok_or_else(bad)?.trim();
            let cp = u32::from_str_radix(cp.strip_prefix("0x").ok_or_else(bad)?, 16)
                .map_err(|_| bad())?;
            entries.push((pointer, cp));
        }
        Ok(Index { entries })
    }

    /// The largest pointer plus one.
    pub fn len(&self) -> usize {
        self.entries
            .iter()
            .map(|&(p, _)| p as usize + 1)
            .max()
            .unwrap_or(0)
    }

    /// Whether the index has no entries.
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// The index as a dense vector by pointer, `0` where the pointer has no code point.
    pub fn dense(&self) -> Vec<u32> {
        let mut out = vec![0; self.len()];
        for &(p, cp) in &self.entries {
            out[p as usize] = cp;
        }
        out
    }
}

/// Renders `values` as the body of a Rust array literal, `per_line` values a line.
pub fn array_body<T: std::fmt::Display>(values: &[T], per_line: usize) -> String {
    let mut out = String::new();
    for chunk in values.chunks(per_line) {
        out.push_str("   ");
        for v in chunk {
            out.push_str(&format!(" {v},"));
        }
        out.push('\n');
    }
    out
}

/// Renders `values` as hexadecimal u16 array literal lines, `per_line` values a line.
pub fn hex_u16_body(values: &[u32], per_line: usize) -> String {
    let hex: Vec<String> = values.iter().map(|v| format!("0x{v:04X}")).collect();
    array_body(&hex, per_line)
}
