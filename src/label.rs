//! Label lookup ("get an encoding"): strip leading and trailing ASCII whitespace (TAB, LF, FF,
//! CR, SPACE), then match the label table ASCII case-insensitively.

mod generated {
    include!("../tables/generated/labels.rs");
}
pub(crate) use generated::NAMES;
use generated::{LABEL_ENCODING, LABEL_END, LABEL_TEXT};

/// The longest label in the table ("iso_8859-1:1987", "csiso2022kr" ... are all shorter).
const MAX_LABEL_LEN: usize = 32;

fn is_ascii_whitespace(b: u8) -> bool {
    matches!(b, b'\t' | b'\n' | b'\x0C' | b'\r' | b' ')
}

/// Label `k` of the sorted label table (empty past the end).
fn label_at(k: usize) -> &'static [u8] {
    let start = match k.checked_sub(1) {
        Some(j) => LABEL_END.get(j).map_or(usize::MAX, |&e| usize::from(e)),
        None => 0,
    };
    let end = LABEL_END.get(k).map_or(0, |&e| usize::from(e));
    LABEL_TEXT.get(start..end).unwrap_or(&[])
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
    let (mut lo, mut hi) = (0, LABEL_END.len());
    while lo < hi {
        let mid = lo + (hi - lo) / 2;
        match label_at(mid).cmp(key) {
            core::cmp::Ordering::Less => lo = mid + 1,
            core::cmp::Ordering::Greater => hi = mid,
            core::cmp::Ordering::Equal => return LABEL_ENCODING.get(mid).map(|&e| usize::from(e)),
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn table_is_sorted_lowercase_and_fits() {
        for k in 1..LABEL_END.len() {
            assert!(label_at(k - 1) < label_at(k));
        }
        for k in 0..LABEL_END.len() {
            let label = label_at(k);
            assert!(!label.is_empty() && label.len() <= MAX_LABEL_LEN);
            assert!(!label.iter().any(|b| b.is_ascii_uppercase()));
        }
        assert_eq!(LABEL_END.len(), 228);
        assert_eq!(LABEL_ENCODING.len(), 228);
        assert_eq!(label_at(228), b"");
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
