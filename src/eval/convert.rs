//! Conversions between values: the `new` function (`Integer('0x10')`,
//! `String(255, '%x')`, `Array($hash)` ...), `sprintf`, and Puppet's string
//! formatting of values (`%p` quoting and the per-type formats).

/// Puppet's `puppet_quote`: single quotes unless the string has control
/// characters (then [`puppet_double_quote`]); `'` and a trailing `\` escaped.
pub fn puppet_quote(s: &str) -> String {
    if s.chars().any(|c| (c as u32) < 0x20) {
        return puppet_double_quote(s);
    }
    let mut out = String::with_capacity(s.len() + 2);
    out.push('\'');
    let mut escaped = false;
    for c in s.chars() {
        if escaped {
            out.push('\\');
            out.push(c);
            escaped = false;
        } else if c == '\'' {
            out.push_str("\\'");
        } else if c == '\\' {
            escaped = true;
        } else {
            out.push(c);
        }
    }
    if escaped {
        out.push('\\');
    }
    out.push('\'');
    out
}

/// Puppet's double-quoted form: `\t \n \r \" \$ \\` escaped, other control
/// characters as `\u{XX}`.
pub fn puppet_double_quote(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for c in s.chars() {
        match c {
            '\t' => out.push_str("\\t"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '"' => out.push_str("\\\""),
            '$' => out.push_str("\\$"),
            '\\' => out.push_str("\\\\"),
            c if (c as u32) < 0x20 => out.push_str(&format!("\\u{{{:X}}}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}
