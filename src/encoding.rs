//! The `Encoding` type: every encoding of the standard, its name, label lookup, its output
//! encoding, and construction of its decoder and encoder.

use crate::decode::Decoder;
use crate::encode::Encoder;
use crate::label;

/// An encoding of the Encoding Standard. Variants follow `encodings.json` order.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[allow(missing_docs)]
pub enum Encoding {
    Utf8,
    Ibm866,
    Iso8859_2,
    Iso8859_3,
    Iso8859_4,
    Iso8859_5,
    Iso8859_6,
    Iso8859_7,
    Iso8859_8,
    Iso8859_8I,
    Iso8859_10,
    Iso8859_13,
    Iso8859_14,
    Iso8859_15,
    Iso8859_16,
    Koi8R,
    Koi8U,
    Macintosh,
    Windows874,
    Windows1250,
    Windows1251,
    Windows1252,
    Windows1253,
    Windows1254,
    Windows1255,
    Windows1256,
    Windows1257,
    Windows1258,
    XMacCyrillic,
    Gbk,
    Gb18030,
    Big5,
    EucJp,
    Iso2022Jp,
    ShiftJis,
    EucKr,
    Replacement,
    Utf16Be,
    Utf16Le,
    XUserDefined,
}

/// The families of decoders and encoders; one module each under `decode/` and `encode/`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Family {
    Utf8,
    SingleByte(&'static [u16; 128]),
    Gb18030 { gbk: bool },
    Big5,
    EucJp,
    Iso2022Jp,
    ShiftJis,
    EucKr,
    Replacement,
    Utf16 { big_endian: bool },
    XUserDefined,
}

impl Encoding {
    /// Every encoding, in `encodings.json` order (the ordinal is the position here).
    pub const ALL: [Encoding; 40] = [
        Encoding::Utf8,
        Encoding::Ibm866,
        Encoding::Iso8859_2,
        Encoding::Iso8859_3,
        Encoding::Iso8859_4,
        Encoding::Iso8859_5,
        Encoding::Iso8859_6,
        Encoding::Iso8859_7,
        Encoding::Iso8859_8,
        Encoding::Iso8859_8I,
        Encoding::Iso8859_10,
        Encoding::Iso8859_13,
        Encoding::Iso8859_14,
        Encoding::Iso8859_15,
        Encoding::Iso8859_16,
        Encoding::Koi8R,
        Encoding::Koi8U,
        Encoding::Macintosh,
        Encoding::Windows874,
        Encoding::Windows1250,
        Encoding::Windows1251,
        Encoding::Windows1252,
        Encoding::Windows1253,
        Encoding::Windows1254,
        Encoding::Windows1255,
        Encoding::Windows1256,
        Encoding::Windows1257,
        Encoding::Windows1258,
        Encoding::XMacCyrillic,
        Encoding::Gbk,
        Encoding::Gb18030,
        Encoding::Big5,
        Encoding::EucJp,
        Encoding::Iso2022Jp,
        Encoding::ShiftJis,
        Encoding::EucKr,
        Encoding::Replacement,
        Encoding::Utf16Be,
        Encoding::Utf16Le,
        Encoding::XUserDefined,
    ];

    /// "Get an encoding": trims ASCII whitespace, matches ASCII case-insensitively, and returns
    /// the encoding the label names, or `None`.
    pub fn for_label(label: &[u8]) -> Option<Encoding> {
        label::lookup(label).map(|ordinal| Encoding::ALL[ordinal])
    }

    /// The encoding at `ordinal` in [`Encoding::ALL`].
    pub fn from_ordinal(ordinal: usize) -> Option<Encoding> {
        Encoding::ALL.get(ordinal).copied()
    }

    /// This encoding's position in [`Encoding::ALL`].
    pub fn ordinal(self) -> usize {
        self as usize
    }

    /// The name, exactly as the standard writes it (e.g. `"Shift_JIS"`, `"UTF-8"`).
    pub fn name(self) -> &'static str {
        label::NAMES[self.ordinal()]
    }

    /// "Get an output encoding": replacement, UTF-16BE and UTF-16LE encode as UTF-8.
    pub fn output_encoding(self) -> Encoding {
        match self {
            Encoding::Replacement | Encoding::Utf16Be | Encoding::Utf16Le => Encoding::Utf8,
            other => other,
        }
    }

    /// Whether a TextDecoder strips a leading BOM for this encoding ("serialize I/O queue").
    pub fn strips_bom(self) -> bool {
        matches!(self, Encoding::Utf8 | Encoding::Utf16Be | Encoding::Utf16Le)
    }

    /// Whether a decoder in its initial state turns every ASCII byte into the same code point, so
    /// that an all-ASCII input decodes to itself: true for every encoding but UTF-16BE/LE,
    /// ISO-2022-JP (its escape sequences are ASCII) and replacement.
    pub fn ascii_is_identity(self) -> bool {
        !matches!(
            self,
            Encoding::Utf16Be | Encoding::Utf16Le | Encoding::Iso2022Jp | Encoding::Replacement
        )
    }

    /// Whether this is one of the legacy multi-byte (CJK) encodings.
    pub fn is_cjk(self) -> bool {
        matches!(
            self.family(),
            Family::Gb18030 { .. }
                | Family::Big5
                | Family::EucJp
                | Family::Iso2022Jp
                | Family::ShiftJis
                | Family::EucKr
        )
    }

    /// Whether this build can decode and encode this encoding: the lite base's encodings with
    /// the `base` feature, the CJK encodings with their language's feature (`japanese`,
    /// `simplified-chinese`, `traditional-chinese`, `korean`).
    #[allow(clippy::match_like_matches_macro)] // one arm per feature reads as the table it is
    pub fn is_supported(self) -> bool {
        match self.family() {
            Family::Gb18030 { .. } => cfg!(feature = "simplified-chinese"),
            Family::Big5 => cfg!(feature = "traditional-chinese"),
            Family::EucJp | Family::Iso2022Jp | Family::ShiftJis => cfg!(feature = "japanese"),
            Family::EucKr => cfg!(feature = "korean"),
            _ => cfg!(feature = "base"),
        }
    }

    /// A new decoder for this encoding, in its initial state.
    pub fn new_decoder(self, ignore_bom: bool) -> Decoder {
        Decoder::new(self, ignore_bom)
    }

    /// A new encoder for this encoding's output encoding, in its initial state.
    pub fn new_encoder(self) -> Encoder {
        Encoder::new(self.output_encoding())
    }

    pub(crate) fn family(self) -> Family {
        use crate::decode::single_byte::index_for as sb;
        match self {
            Encoding::Utf8 => Family::Utf8,
            Encoding::Gbk => Family::Gb18030 { gbk: true },
            Encoding::Gb18030 => Family::Gb18030 { gbk: false },
            Encoding::Big5 => Family::Big5,
            Encoding::EucJp => Family::EucJp,
            Encoding::Iso2022Jp => Family::Iso2022Jp,
            Encoding::ShiftJis => Family::ShiftJis,
            Encoding::EucKr => Family::EucKr,
            Encoding::Replacement => Family::Replacement,
            Encoding::Utf16Be => Family::Utf16 { big_endian: true },
            Encoding::Utf16Le => Family::Utf16 { big_endian: false },
            Encoding::XUserDefined => Family::XUserDefined,
            single_byte => {
                Family::SingleByte(sb(single_byte).expect("every other encoding is single-byte"))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn variants_follow_encodings_json_order() {
        // Each variant is named after its encoding (`Iso8859_8I` for "ISO-8859-8-I"), so with
        // case and punctuation dropped the two must agree at every ordinal of NAMES.
        let fold = |s: &str| -> String {
            s.chars()
                .filter(char::is_ascii_alphanumeric)
                .map(|c| c.to_ascii_lowercase())
                .collect()
        };
        assert_eq!(Encoding::ALL.len(), label::NAMES.len());
        for (i, encoding) in Encoding::ALL.iter().enumerate() {
            assert_eq!(encoding.ordinal(), i);
            assert_eq!(
                fold(&format!("{encoding:?}")),
                fold(encoding.name()),
                "ordinal {i}"
            );
        }
        assert_eq!(Encoding::ShiftJis.name(), "Shift_JIS");
        assert_eq!(Encoding::XUserDefined.name(), "x-user-defined");
    }

    #[test]
    fn output_encoding() {
        assert_eq!(Encoding::Replacement.output_encoding(), Encoding::Utf8);
        assert_eq!(Encoding::Utf16Le.output_encoding(), Encoding::Utf8);
        assert_eq!(Encoding::Utf16Be.output_encoding(), Encoding::Utf8);
        assert_eq!(Encoding::ShiftJis.output_encoding(), Encoding::ShiftJis);
    }

    #[test]
    fn ascii_is_identity_exactly_where_ascii_decodes_to_itself() {
        // Every ASCII byte, alone and in runs, from a fresh decoder in both error modes: where
        // the predicate holds the output is the input; where it does not, some ASCII input
        // decodes otherwise (so the shortcut it allows would be wrong there).
        let all: Vec<u8> = (0..0x80).collect();
        for encoding in Encoding::ALL {
            if !encoding.is_supported() {
                continue;
            }
            let identity = [true, false].iter().all(|&fatal| {
                encoding.decode_utf16(&all, fatal, false)
                    == Ok(all.iter().map(|&b| u16::from(b)).collect())
            }) && all
                .iter()
                .all(|&b| encoding.decode_utf16(&[b], true, false) == Ok(vec![u16::from(b)]));
            assert_eq!(
                encoding.ascii_is_identity(),
                identity,
                "{}",
                encoding.name()
            );
        }
    }
}
