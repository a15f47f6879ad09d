//! The label table: every label of `encodings.json`, sorted for binary search, with the ordinal of
//! its encoding in the file's order (the order of `Encoding::ALL` in the core crate).

use crate::index::array_body;
use crate::json::Json;
use std::path::Path;

/// Encoding names in file order, and (label, ordinal of its encoding) pairs sorted by label.
pub type Labels = (Vec<String>, Vec<(String, usize)>);

/// Reads `encodings.json`.
pub fn read(source: &Path) -> Result<Labels, String> {
    let path = source.join("encodings.json");
    let text = std::fs::read_to_string(&path)
        .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    let json = Json::parse(&text).map_err(|e| format!("{}: {e}", path.display()))?;
    let mut names = Vec::new();
    let mut labels = Vec::new();
    for group in json.array().ok_or("top level is not an array")? {
        for encoding in group
            .get("encodings")
            .and_then(Json::array)
            .ok_or("group without encodings")?
        {
            let name = encoding
                .get("name")
                .and_then(Json::string)
                .ok_or("encoding without name")?;
            for label in encoding
                .get("labels")
                .and_then(Json::array)
                .ok_or("encoding without labels")?
            {
                labels.push((
                    label.string().ok_or("label is not a string")?.to_string(),
                    names.len(),
                ));
            }
            names.push(name.to_string());
        }
    }
    labels.sort();
    Ok((names, labels))
}

/// Renders `labels.rs`: the names, and the labels as one string with end offsets (no pointer and
/// length per label, which would cost more bytes than the text).
pub fn generate(source: &Path) -> Result<crate::Output, String> {
    let (names, labels) = read(source)?;
    let mut text = crate::header(
        "Labels: every label of encodings.json, sorted, with its encoding's ordinal.",
    );
    text.push_str(
        "/// Encoding names in the order of encodings.json; the ordinals below index this list.\n",
    );
    text.push_str(&format!("pub static NAMES: [&str; {}] = [\n", names.len()));
    for name in &names {
        text.push_str(&format!("    {name:?},\n"));
    }
    text.push_str("];\n\n");
    let label_ends: Vec<usize> = labels
        .iter()
        .scan(0, |end, (label, _)| {
            *end += label.len();
            Some(*end)
        })
        .collect();
    if label_ends.last().is_some_and(|&e| e > 0xFFFF) {
        return Err("labels too long for u16 offsets".into());
    }
    let label_text: String = labels.iter().map(|(l, _)| l.as_str()).collect();
    let ordinals: Vec<usize> = labels.iter().map(|&(_, o)| o).collect();
    text.push_str(&format!(
        "/// Every label, sorted by bytes, concatenated.\n\
         pub static LABEL_TEXT: &[u8] = b{label_text:?};\n\n\
         /// End of each label in LABEL_TEXT (the start is the previous one's end).\n\
         pub static LABEL_END: [u16; {n}] = [\n{}];\n\n\
         /// The ordinal of each label's encoding.\n\
         pub static LABEL_ENCODING: [u8; {n}] = [\n{}];\n",
        array_body(&label_ends, 16),
        array_body(&ordinals, 20),
        n = labels.len(),
    ));
    Ok(crate::Output {
        name: "labels.rs",
        text,
    })
}
