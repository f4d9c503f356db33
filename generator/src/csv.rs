//! RFC 4180 fields on one line, as the committed tables write them: a field is plain, or in
//! double quotes (with `""` for a quote) when it holds a comma or a quote. Read and written
//! here only.

/// The fields of one line; `None` for a badly quoted one.
pub fn fields(line: &str) -> Option<Vec<String>> {
    let mut out = Vec::new();
    let mut rest = line;
    loop {
        let (field, after) = match rest.strip_prefix('"') {
            Some(quoted) => {
                // The closing quote is the first one not doubled.
                let mut text = String::new();
                let mut chars = quoted.char_indices();
                let end = loop {
                    let (at, c) = chars.next()?;
                    if c != '"' {
                        text.push(c);
                    } else if quoted.get(at + 1..at + 2) == Some("\"") {
                        text.push('"');
                        chars.next();
                    } else {
                        break at + 1;
                    }
                };
                let after = quoted.get(end..)?;
                if !(after.is_empty() || after.starts_with(',')) {
                    return None;
                }
                (text, after)
            }
            None => {
                let end = rest.find(',').unwrap_or(rest.len());
                let (field, after) = rest.split_at(end);
                if field.contains('"') {
                    return None;
                }
                (field.to_owned(), after)
            }
        };
        out.push(field);
        match after.strip_prefix(',') {
            Some(next) => rest = next,
            None => return Some(out),
        }
    }
}

/// `text` as a field: quoted when it holds a comma, a quote or a space at an end.
pub fn field(text: &str) -> String {
    if text.contains([',', '"']) || text.trim() != text {
        format!("\"{}\"", text.replace('"', "\"\""))
    } else {
        text.to_owned()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fields_read_and_write_back() {
        let line = r#"a,"b, c","say ""hi""",,d"#;
        let read = fields(line).unwrap();
        assert_eq!(read, ["a", "b, c", "say \"hi\"", "", "d"]);
        let written: Vec<String> = read.iter().map(|f| field(f)).collect();
        assert_eq!(written.join(","), line);
        assert_eq!(fields("x,").unwrap(), ["x", ""]);
        assert_eq!(fields(r#""open"#), None);
        assert_eq!(fields(r#""a"b"#), None);
        assert_eq!(fields(r#"a"b"#), None);
    }
}
