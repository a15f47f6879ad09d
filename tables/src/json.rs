//! The subset of JSON the generator reads: `encodings.json` (arrays, objects, strings) and
//! langdetect's profiles (objects of strings with `\u` escapes and non-negative integers).

/// A parsed JSON value.
pub enum Json {
    /// `[...]`
    Array(Vec<Json>),
    /// `{...}`, fields in file order.
    Object(Vec<(String, Json)>),
    /// A string, escapes resolved.
    String(String),
    /// A non-negative integer.
    Number(u64),
}

impl Json {
    /// Parses a whole document.
    pub fn parse(text: &str) -> Result<Json, String> {
        let mut rest = text.trim_start();
        let value = Json::value(&mut rest)?;
        if !rest.trim().is_empty() {
            return Err("trailing data".into());
        }
        Ok(value)
    }

    fn value(s: &mut &str) -> Result<Json, String> {
        *s = s.trim_start();
        let (open, close) = match s.as_bytes().first() {
            Some(b'[') => (b'[', b']'),
            Some(b'{') => (b'{', b'}'),
            Some(b'"') => return Json::string_literal(s).map(Json::String),
            Some(b'0'..=b'9') => {
                let end = s.find(|c: char| !c.is_ascii_digit()).unwrap_or(s.len());
                let n = s[..end].parse().map_err(|_| "number out of range")?;
                *s = &s[end..];
                return Ok(Json::Number(n));
            }
            _ => return Err(format!("unexpected input near {:?}", &s[..s.len().min(20)])),
        };
        *s = &s[1..];
        let (mut items, mut fields) = (Vec::new(), Vec::new());
        loop {
            *s = s.trim_start();
            if s.as_bytes().first() == Some(&close) {
                *s = &s[1..];
                break;
            }
            if open == b'{' {
                let Json::String(key) = Json::value(s)? else {
                    return Err("object key is not a string".into());
                };
                *s = s.trim_start().strip_prefix(':').ok_or("missing ':'")?;
                fields.push((key, Json::value(s)?));
            } else {
                items.push(Json::value(s)?);
            }
            *s = s.trim_start();
            if let Some(after) = s.strip_prefix(',') {
                *s = after;
            } else if s.as_bytes().first() != Some(&close) {
                return Err("missing ','".into());
            }
        }
        Ok(if open == b'{' {
            Json::Object(fields)
        } else {
            Json::Array(items)
        })
    }

    /// A string literal at the start of `s` (which starts with `"`), escapes resolved.
    fn string_literal(s: &mut &str) -> Result<String, String> {
        let mut units: Vec<u16> = Vec::new();
        let mut chars = s[1..].char_indices();
        loop {
            let (at, c) = chars.next().ok_or("unterminated string")?;
            match c {
                '"' => {
                    *s = &s[1 + at + 1..];
                    break;
                }
                '\\' => {
                    let (_, e) = chars.next().ok_or("unterminated escape")?;
                    let unit = match e {
                        'u' => {
                            let hex: String = (0..4)
                                .filter_map(|_| chars.next().map(|(_, h)| h))
                                .collect();
                            u16::from_str_radix(&hex, 16)
                                .map_err(|_| format!("bad escape \\u{hex}"))?
                        }
                        'n' => 10,
                        't' => 9,
                        'r' => 13,
                        'b' => 8,
                        'f' => 12,
                        '"' | '\\' | '/' => e as u16,
                        other => return Err(format!("bad escape \\{other}")),
                    };
                    units.push(unit);
                }
                _ => units.extend(c.encode_utf16(&mut [0; 2]).iter()),
            }
        }
        String::from_utf16(&units).map_err(|_| "lone surrogate in a string".to_string())
    }

    /// The items of an array.
    pub fn array(&self) -> Option<&[Json]> {
        match self {
            Json::Array(items) => Some(items),
            _ => None,
        }
    }

    /// The fields of an object.
    pub fn object(&self) -> Option<&[(String, Json)]> {
        match self {
            Json::Object(fields) => Some(fields),
            _ => None,
        }
    }

    /// A string's value.
    pub fn string(&self) -> Option<&str> {
        match self {
            Json::String(s) => Some(s),
            _ => None,
        }
    }

    /// A number's value.
    pub fn number(&self) -> Option<u64> {
        match self {
            Json::Number(n) => Some(*n),
            _ => None,
        }
    }

    /// An object's field.
    pub fn get(&self, key: &str) -> Option<&Json> {
        self.object()?
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v)
    }
}
