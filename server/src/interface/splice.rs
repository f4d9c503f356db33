//! Values replaced inside the committed OpenAPI document's text, the rest of it kept byte
//! for byte: the document is written by hand in one layout (two-space indentation, as
//! `serde_json::to_string_pretty` writes), so a generated list replaces exactly the value
//! it stands for, and `git diff` shows only what the code changed.

use std::ops::Range;

/// The byte range of the value at `path` (object keys from the root), or why there is none.
pub fn find(text: &str, path: &[&str]) -> Result<Range<usize>, String> {
    let bytes = text.as_bytes();
    let mut at = blank(bytes, 0);
    for (depth, key) in path.iter().enumerate() {
        let missing = || {
            format!(
                "no `{}` in the document",
                path.get(..=depth).unwrap_or(path).join("/")
            )
        };
        if bytes.get(at) != Some(&b'{') {
            return Err(missing());
        }
        at = blank(bytes, at + 1);
        loop {
            if bytes.get(at) != Some(&b'"') {
                return Err(missing());
            }
            let end = string_end(bytes, at).ok_or_else(missing)?;
            let name: String = serde_json::from_str(&text[at..end]).map_err(|e| e.to_string())?;
            at = blank(bytes, end);
            if bytes.get(at) != Some(&b':') {
                return Err(missing());
            }
            at = blank(bytes, at + 1);
            if name == *key {
                break;
            }
            at = blank(bytes, value_end(bytes, at).ok_or_else(missing)?);
            match bytes.get(at) {
                Some(b',') => at = blank(bytes, at + 1),
                _ => return Err(missing()),
            }
        }
    }
    let end = value_end(bytes, at).ok_or_else(|| format!("`{}` is cut", path.join("/")))?;
    Ok(at..end)
}

/// `value` written as the document writes a value that starts at `start` of `text`: pretty,
/// each line after the first indented as the line it starts on.
pub fn written(text: &str, start: usize, value: &serde_json::Value) -> String {
    let line = text[..start].rfind('\n').map_or(0, |n| n + 1);
    let indent: String = text[line..start]
        .chars()
        .take_while(|c| *c == ' ')
        .collect();
    let pretty = serde_json::to_string_pretty(value).unwrap_or_default();
    pretty.replace('\n', &format!("\n{indent}"))
}

/// The first byte at or after `at` that is not JSON whitespace.
fn blank(bytes: &[u8], mut at: usize) -> usize {
    while bytes.get(at).is_some_and(|b| b" \t\r\n".contains(b)) {
        at += 1;
    }
    at
}

/// The byte after the string that starts (with its quote) at `at`.
fn string_end(bytes: &[u8], mut at: usize) -> Option<usize> {
    at += 1;
    loop {
        match bytes.get(at)? {
            b'\\' => at += 2,
            b'"' => return Some(at + 1),
            _ => at += 1,
        }
    }
}

/// The byte after the value that starts at `at`.
fn value_end(bytes: &[u8], mut at: usize) -> Option<usize> {
    match bytes.get(at)? {
        b'"' => string_end(bytes, at),
        b'{' | b'[' => {
            let mut depth = 0usize;
            loop {
                match bytes.get(at)? {
                    b'"' => {
                        at = string_end(bytes, at)?;
                        continue;
                    }
                    b'{' | b'[' => depth += 1,
                    b'}' | b']' => {
                        depth -= 1;
                        if depth == 0 {
                            return Some(at + 1);
                        }
                    }
                    _ => {}
                }
                at += 1;
            }
        }
        _ => {
            while bytes.get(at).is_some_and(|b| !b",}] \t\r\n".contains(b)) {
                at += 1;
            }
            Some(at)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const TEXT: &str = "{\n  \"a\": {\n    \"b\\\"\": [1, {\"x\": \"}\"}],\n    \"enum\": [\n      \"x\"\n    ],\n    \"n\": 12\n  }\n}\n";

    #[test]
    fn finds_a_value_past_strings_brackets_and_escapes() {
        let range = find(TEXT, &["a", "enum"]).unwrap();
        assert_eq!(&TEXT[range], "[\n      \"x\"\n    ]");
        let range = find(TEXT, &["a", "n"]).unwrap();
        assert_eq!(&TEXT[range], "12");
        assert_eq!(
            find(TEXT, &["a", "c"]).unwrap_err(),
            "no `a/c` in the document"
        );
    }

    #[test]
    fn writes_a_value_in_the_document_s_layout() {
        let range = find(TEXT, &["a", "enum"]).unwrap();
        let value = serde_json::json!(["x", "y"]);
        assert_eq!(
            written(TEXT, range.start, &value),
            "[\n      \"x\",\n      \"y\"\n    ]"
        );
    }
}
