//! Label lookup ("get an encoding"): strip leading and trailing ASCII whitespace (TAB, LF, FF,
//! CR, SPACE), then match the label table ASCII case-insensitively.

mod generated {
    include!("../tables/generated/labels.rs");
}
use generated::LABELS;
pub(crate) use generated::NAMES;

/// The longest label in the table ("iso_8859-1:1987", "csiso2022kr" ... are all shorter).
const MAX_LABEL_LEN: usize = 32;

fn is_ascii_whitespace(b: u8) -> bool {
    matches!(b, b'\t' | b'\n' | b'\x0C' | b'\r' | b' ')
}

/// The ordinal (position in `Encoding::ALL`) of the encoding `label` names, if any.
pub(crate) fn lookup(label: &[u8]) -> Option<usize> {
    let start = label.iter().position(|&b| !is_ascii_whitespace(b))?;
    let end = label.iter().rposition(|&b| !is_ascii_whitespace(b))? + 1;
    let trimmed = &label[start..end];
    if trimmed.len() > MAX_LABEL_LEN {
        return None;
    }
    let mut lower = [0u8; MAX_LABEL_LEN];
    for (dst, &src) in lower.iter_mut().zip(trimmed) {
        *dst = src.to_ascii_lowercase();
    }
    let key = &lower[..trimmed.len()];
    LABELS
        .binary_search_by(|(label, _)| (*label).cmp(key))
        .ok()
        .map(|i| usize::from(LABELS[i].1))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn table_is_sorted_lowercase_and_fits() {
        for pair in LABELS.windows(2) {
            assert!(pair[0].0 < pair[1].0);
        }
        for (label, _) in LABELS {
            assert!(label.len() <= MAX_LABEL_LEN);
            assert!(!label.iter().any(|b| b.is_ascii_uppercase()));
        }
        assert_eq!(LABELS.len(), 228);
    }

    #[test]
    fn trims_only_ascii_whitespace_and_ignores_ascii_case() {
        let utf8 = Some(0);
        assert_eq!(lookup(b"utf-8"), utf8);
        assert_eq!(lookup(b" \t\n\x0C\rUTF-8\r\n \t\x0C"), utf8);
        assert_eq!(lookup(b"UnIcOdE-1-1-uTf-8"), utf8);
        assert_eq!(lookup(b"\x0Butf-8"), None, "VT is not ASCII whitespace");
        assert_eq!(lookup(b"utf-8\0"), None);
        assert_eq!(lookup("utf-8\u{a0}".as_bytes()), None);
        assert_eq!(lookup(b"utf 8"), None);
        assert_eq!(lookup(b""), None);
        assert_eq!(lookup(b"   "), None);
        // U+212A KELVIN SIGN lowercases to "k" in Unicode but not in ASCII.
        assert_eq!(lookup("\u{212A}oi8-r".as_bytes()), None);
    }
}
