//! CSV text as RFC 4180 writes it: one rule for quoting a field, shared by every CSV answer.

/// Appends one CSV field, quoted (with inner quotes doubled) when it holds a comma, a quote
/// or a line break.
pub fn push_field(out: &mut String, field: &str) {
    if field.contains([',', '"', '\r', '\n']) {
        out.push('"');
        out.push_str(&field.replace('"', "\"\""));
        out.push('"');
    } else {
        out.push_str(field);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fields_are_quoted_only_when_needed() {
        let mut out = String::new();
        push_field(&mut out, "Lhoknga, Aceh");
        out.push(',');
        push_field(&mut out, "Sabang");
        out.push(',');
        push_field(&mut out, "say \"hi\"");
        assert_eq!(out, "\"Lhoknga, Aceh\",Sabang,\"say \"\"hi\"\"\"");
    }
}
