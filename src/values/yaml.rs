//! Ruby's YAML of a value, as Psych 4 (libyaml's block emitter) writes it:
//! scalar styles, quoting, folding at 80 columns, `---` document start.
//! stdlib's `to_yaml` and ERB's `to_yaml` both print through it.

use crate::convert::ruby_to_s;
use crate::value::{RegexValue, Value, format_float};

/// How libyaml writes a scalar.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Style {
    Plain,
    Single,
    Double,
    Literal,
}

fn re(pattern: &str) -> RegexValue {
    RegexValue::new(pattern).unwrap_or_else(|_| RegexValue::new("a^").expect("valid regex"))
}

thread_local! {
    static STRINGY: RegexValue = re(r"^[^\d.:-]?[[:alpha:]_\s!@#$%\^&*(){}<>|/\\~;=]+");
    static TIME: RegexValue = re(r"^-?\d{4}-\d{1,2}-\d{1,2}(?:[Tt]|\s+)\d{1,2}:\d\d:\d\d(?:\.\d*)?(?:\s*(?:Z|[-+]\d{1,2}:?(?:\d\d)?))?$");
    static DATE: RegexValue = re(r"^\d{4}-(?:1[012]|0\d|\d)-(?:[12]\d|3[01]|0\d|\d)$");
    static SEXAGESIMAL: RegexValue = re(r"^[-+]?[0-9][0-9_]*(:[0-5]?[0-9]){1,2}(\.[0-9_]*)?$");
    static FLOAT: RegexValue = re(r"^(?:[-+]?([0-9][0-9_,]*)?\.[0-9]*([eE][-+][0-9]+)?|[-+]?\.(inf|Inf|INF)|\.(nan|NaN|NAN))$");
    static INTEGER: RegexValue = re(r"^(?:[-+]?0b[0-1_,]+|[-+]?0[0-7_,]+|[-+]?(?:0|[1-9](?:[0-9]|,[0-9]|_[0-9])*)|[-+]?0x[0-9a-fA-F_,]+)$");
    static NONWORD_START: RegexValue = re(r#"^[^\p{L}\p{M}\p{N}\p{Pc}][^"]*$"#);
}

/// Whether Psych's scalar scanner reads the string as something other than
/// a string (a boolean, null, number, date, symbol ...).
fn reads_as_non_string(s: &str) -> bool {
    if s.is_empty() {
        return true;
    }
    let m = |r: &'static std::thread::LocalKey<RegexValue>| r.with(|r| r.is_match(s));
    if m(&STRINGY) || s.contains('\n') {
        if s.chars().count() > 5 {
            return false;
        }
        let lower = s.to_ascii_lowercase();
        if !lower.starts_with(['y', 't', 'o', 'n', 'f', '~']) {
            return false;
        }
        return s == "~"
            || matches!(
                lower.as_str(),
                "null" | "yes" | "true" | "on" | "no" | "false" | "off"
            );
    }
    if m(&TIME) || m(&DATE) {
        return true;
    }
    let lower = s.to_ascii_lowercase();
    if matches!(lower.as_str(), ".inf" | "+.inf" | "-.inf" | ".nan") {
        return true;
    }
    if s.len() > 1 && s.starts_with(':') {
        return true;
    }
    if m(&SEXAGESIMAL) {
        return true;
    }
    if m(&FLOAT) {
        return !(s == "." || s == "+." || s == "-.");
    }
    m(&INTEGER)
}

/// libyaml's printable characters (unicode output allowed).
fn printable(c: char) -> bool {
    let u = c as u32;
    u == 0x0A
        || (0x20..=0x7E).contains(&u)
        || u == 0x85
        || (0xA0..=0xD7FF).contains(&u)
        || ((0xE000..=0xFFFD).contains(&u) && u != 0xFEFF)
        || (0x10000..=0x10FFFF).contains(&u)
}

fn is_break(c: char) -> bool {
    matches!(c, '\r' | '\n' | '\u{85}' | '\u{2028}' | '\u{2029}')
}

/// What libyaml's `analyze_scalar` allows for a string (block context).
struct Analysis {
    block_plain: bool,
    single: bool,
    block: bool,
}

fn analyze(s: &str) -> Analysis {
    let chars: Vec<char> = s.chars().collect();
    let mut a = Analysis {
        block_plain: true,
        single: true,
        block: true,
    };
    if chars.is_empty() {
        a.block_plain = false;
        a.block = false;
        return a;
    }
    let (mut flow_ind, mut block_ind) = (false, false);
    if s.starts_with("---") || s.starts_with("...") {
        flow_ind = true;
        block_ind = true;
    }
    let blank = |c: Option<&char>| c.is_none_or(|c| *c == ' ' || *c == '\t' || is_break(*c));
    let (mut leading_space, mut leading_break, mut trailing_space, mut trailing_break) =
        (false, false, false, false);
    let (mut break_space, mut space_break, mut special, mut line_breaks) =
        (false, false, false, false);
    let (mut prev_space, mut prev_break) = (false, false);
    let mut preceded_by_ws = true;
    for (i, &c) in chars.iter().enumerate() {
        let followed_by_ws = blank(chars.get(i + 1));
        if i == 0 {
            match c {
                '#' | ',' | '[' | ']' | '{' | '}' | '&' | '*' | '!' | '|' | '>' | '\'' | '"'
                | '%' | '@' | '`' => {
                    flow_ind = true;
                    block_ind = true;
                }
                '?' | ':' => {
                    flow_ind = true;
                    block_ind |= followed_by_ws;
                }
                '-' if followed_by_ws => {
                    flow_ind = true;
                    block_ind = true;
                }
                _ => {}
            }
        } else {
            match c {
                ',' | '?' | '[' | ']' | '{' | '}' => flow_ind = true,
                ':' => {
                    flow_ind = true;
                    block_ind |= followed_by_ws;
                }
                '#' if preceded_by_ws => {
                    flow_ind = true;
                    block_ind = true;
                }
                _ => {}
            }
        }
        if !printable(c) || c == '\u{FEFF}' {
            special = true;
        }
        if is_break(c) {
            line_breaks = true;
        }
        if c == ' ' {
            if i == 0 {
                leading_space = true;
            }
            if i == chars.len() - 1 {
                trailing_space = true;
            }
            if prev_break {
                break_space = true;
            }
            prev_space = true;
            prev_break = false;
        } else if is_break(c) {
            if i == 0 {
                leading_break = true;
            }
            if i == chars.len() - 1 {
                trailing_break = true;
            }
            if prev_space {
                space_break = true;
            }
            prev_break = true;
            prev_space = false;
        } else {
            prev_space = false;
            prev_break = false;
        }
        preceded_by_ws = c == ' ' || c == '\t' || is_break(c);
    }
    if leading_space || leading_break || trailing_space || trailing_break {
        a.block_plain = false;
    }
    if trailing_space {
        a.block = false;
    }
    if break_space {
        a.block_plain = false;
        a.single = false;
    }
    if space_break || special {
        a.block_plain = false;
        a.single = false;
        a.block = false;
    }
    if line_breaks || block_ind {
        a.block_plain = false;
    }
    let _ = flow_ind;
    a
}

/// The style Psych asks for and libyaml settles on.
fn scalar_style(s: &str, key: bool) -> Style {
    let literal = {
        let b = s.as_bytes();
        b.iter().enumerate().any(|(i, &c)| {
            c == b'\n' && !(i + 1 == b.len() || (i + 2 == b.len() && b[i + 1] == b'\n'))
        })
    };
    let requested = if literal {
        Style::Literal
    } else if matches!(s, "y" | "Y" | "n" | "N")
        || (!s.is_empty() && s.lines().any(|l| NONWORD_START.with(|r| r.is_match(l))))
    {
        Style::Double
    } else if reads_as_non_string(s) || {
        let b = s.as_bytes();
        b.first() == Some(&b'0')
            && b[1..]
                .iter()
                .position(|c| !(b'0'..=b'7').contains(c))
                .is_some_and(|p| matches!(b[1 + p], b'8' | b'9'))
    } {
        Style::Single
    } else {
        Style::Plain
    };
    let a = analyze(s);
    let mut style = requested;
    if style == Style::Plain && (!a.block_plain || (key && s.is_empty())) {
        style = Style::Single;
    }
    if style == Style::Single && !a.single {
        style = Style::Double;
    }
    if style == Style::Literal && (!a.block || key) {
        style = Style::Double;
    }
    style
}

/// libyaml's emitter state for one document: the text and its column.
struct Emitter {
    out: String,
    column: usize,
}

const BEST_WIDTH: usize = 80;

impl Emitter {
    fn put(&mut self, s: &str) {
        for c in s.chars() {
            self.put_char(c);
        }
    }

    fn put_char(&mut self, c: char) {
        self.out.push(c);
        if c == '\n' {
            self.column = 0;
        } else {
            self.column += 1;
        }
    }

    fn write_indent(&mut self, indent: usize) {
        if self.column > indent || self.column == indent && !self.out.ends_with([' ', '\n']) {
            self.put_char('\n');
        }
        if self.out.is_empty() || self.out.ends_with('\n') {
            self.column = 0;
        }
        while self.column < indent {
            self.put_char(' ');
        }
    }

    /// Writes a scalar whose line continuations indent to `indent`.
    fn scalar(&mut self, s: &str, key: bool, indent: usize) {
        let style = scalar_style(s, key);
        let chars: Vec<char> = s.chars().collect();
        let allow_breaks = !key;
        match style {
            Style::Plain => {
                let mut spaces = false;
                for (i, &c) in chars.iter().enumerate() {
                    if c == ' ' {
                        if allow_breaks
                            && !spaces
                            && self.column > BEST_WIDTH
                            && chars.get(i + 1) != Some(&' ')
                        {
                            self.write_indent(indent);
                        } else {
                            self.put_char(c);
                        }
                        spaces = true;
                    } else {
                        self.put_char(c);
                        spaces = false;
                    }
                }
            }
            Style::Single => {
                self.put_char('\'');
                let (mut spaces, mut breaks) = (false, false);
                for (i, &c) in chars.iter().enumerate() {
                    if c == ' ' {
                        if allow_breaks
                            && !spaces
                            && self.column > BEST_WIDTH
                            && i != 0
                            && i != chars.len() - 1
                            && chars.get(i + 1) != Some(&' ')
                        {
                            self.write_indent(indent);
                        } else {
                            self.put_char(c);
                        }
                        spaces = true;
                    } else if is_break(c) {
                        if !breaks && c == '\n' {
                            self.put_char('\n');
                        }
                        self.put_char('\n');
                        breaks = true;
                    } else {
                        if breaks {
                            self.write_indent(indent);
                        }
                        if c == '\'' {
                            self.put("''");
                        } else {
                            self.put_char(c);
                        }
                        spaces = false;
                        breaks = false;
                    }
                }
                if breaks {
                    self.write_indent(indent);
                }
                self.put_char('\'');
            }
            Style::Double => {
                self.put_char('"');
                let mut spaces = false;
                for (i, &c) in chars.iter().enumerate() {
                    if !printable(c) || c == '\u{FEFF}' || is_break(c) || c == '"' || c == '\\' {
                        let esc = match c {
                            '\0' => "\\0".to_string(),
                            '\u{7}' => "\\a".into(),
                            '\u{8}' => "\\b".into(),
                            '\t' => "\\t".into(),
                            '\n' => "\\n".into(),
                            '\u{b}' => "\\v".into(),
                            '\u{c}' => "\\f".into(),
                            '\r' => "\\r".into(),
                            '\u{1b}' => "\\e".into(),
                            '"' => "\\\"".into(),
                            '\\' => "\\\\".into(),
                            '\u{85}' => "\\N".into(),
                            '\u{a0}' => "\\_".into(),
                            '\u{2028}' => "\\L".into(),
                            '\u{2029}' => "\\P".into(),
                            c if (c as u32) <= 0xFF => format!("\\x{:02X}", c as u32),
                            c if (c as u32) <= 0xFFFF => format!("\\u{:04X}", c as u32),
                            c => format!("\\U{:08X}", c as u32),
                        };
                        self.put(&esc);
                        spaces = false;
                    } else if c == ' ' {
                        if allow_breaks
                            && !spaces
                            && self.column > BEST_WIDTH
                            && i != 0
                            && i != chars.len() - 1
                        {
                            self.write_indent(indent);
                            if chars.get(i + 1) == Some(&' ') {
                                self.put_char('\\');
                            }
                        } else {
                            self.put_char(c);
                        }
                        spaces = true;
                    } else {
                        self.put_char(c);
                        spaces = false;
                    }
                }
                self.put_char('"');
            }
            Style::Literal => {
                let trailing = s.len() - s.trim_end_matches('\n').len();
                self.put_char('|');
                if s.starts_with(' ') {
                    self.put("2");
                }
                match trailing {
                    0 => self.put_char('-'),
                    1 => {}
                    _ => self.put_char('+'),
                }
                let body = s.strip_suffix('\n').unwrap_or(s);
                for line in body.split('\n') {
                    self.put_char('\n');
                    if !line.is_empty() {
                        for _ in 0..indent {
                            self.put_char(' ');
                        }
                        self.put(line);
                    }
                }
            }
        }
    }
}

/// A scalar's text for YAML, or `None` for a collection.
fn yaml_scalar_text(v: &Value) -> Option<String> {
    Some(match v {
        Value::Undef => String::new(),
        Value::Bool(b) => b.to_string(),
        Value::Integer(i) => i.to_string(),
        Value::Float(f) if f.is_nan() => ".nan".into(),
        Value::Float(f) if f.is_infinite() => if *f > 0.0 { ".inf" } else { "-.inf" }.into(),
        Value::Float(f) => format_float(*f),
        Value::Default => ":default".into(),
        Value::Array(_) | Value::Hash(_) => return None,
        Value::Type(t) => t.to_string(),
        other => ruby_to_s(other),
    })
}

impl Emitter {
    /// A value after `key:` or `-` (the indicator is written): inline
    /// scalars and empty collections, nested collections on the next lines.
    fn node(&mut self, v: &Value, indent: usize, in_sequence_item: bool) {
        match v {
            Value::String(s) => {
                self.put_char(' ');
                self.scalar(s, false, indent + 2);
            }
            Value::Array(items) if items.is_empty() => self.put(" []"),
            Value::Hash(h) if h.is_empty() => self.put(" {}"),
            Value::Array(items) => {
                if in_sequence_item {
                    self.put_char(' ');
                    self.sequence(items, indent + 2, true);
                } else {
                    self.sequence(items, indent, false);
                }
            }
            Value::Hash(h) => {
                if in_sequence_item {
                    self.put_char(' ');
                    self.mapping(h, indent + 2, true);
                } else {
                    self.mapping(h, indent + 2, false);
                }
            }
            Value::Undef => {}
            other => {
                let text = yaml_scalar_text(other).unwrap_or_default();
                self.put_char(' ');
                self.put(&text);
            }
        }
    }

    fn sequence(&mut self, items: &[Value], indent: usize, inline_first: bool) {
        for (i, item) in items.iter().enumerate() {
            if !(inline_first && i == 0) {
                self.put_char('\n');
                for _ in 0..indent {
                    self.put_char(' ');
                }
            }
            self.put_char('-');
            self.node(item, indent, true);
        }
    }

    fn mapping(&mut self, h: &indexmap::IndexMap<Value, Value>, indent: usize, inline_first: bool) {
        for (i, (k, v)) in h.iter().enumerate() {
            if !(inline_first && i == 0) {
                self.put_char('\n');
                for _ in 0..indent {
                    self.put_char(' ');
                }
            }
            match k {
                Value::String(s) => self.scalar(s, true, indent + 2),
                Value::Undef => self.put("! ''"),
                other => {
                    let text = yaml_scalar_text(other).unwrap_or_else(|| ruby_to_s(other));
                    self.put(&text);
                }
            }
            self.put_char(':');
            self.node(v, indent, false);
        }
    }
}

/// Psych's `to_yaml` of a value (block style, `---` document start).
pub fn yaml_document(v: &Value) -> String {
    let mut e = Emitter {
        out: String::new(),
        column: 0,
    };
    e.put("---");
    match v {
        Value::Array(items) if !items.is_empty() => e.sequence(items, 0, false),
        Value::Hash(h) if !h.is_empty() => e.mapping(h, 0, false),
        Value::Undef => {}
        Value::String(s) => {
            e.put_char(' ');
            e.scalar(s, false, 2);
            if scalar_style(s, false) == Style::Literal && s.ends_with("\n\n") {
                e.put("\n...");
            }
        }
        other => e.node(other, 0, false),
    }
    e.put_char('\n');
    e.out
}

#[cfg(test)]
mod tests {
    use super::*;
    use indexmap::IndexMap;

    fn s(x: &str) -> Value {
        Value::string(x)
    }

    // Expected texts: Ruby 3.1's `to_yaml` (Psych 4.0.4) of the same data.
    #[test]
    fn yaml_scalars_are_quoted_like_psych() {
        let cases = [
            ("", "--- ''\n"),
            ("/etc/x", "--- \"/etc/x\"\n"),
            ("y", "--- \"y\"\n"),
            ("no", "--- 'no'\n"),
            ("1.5", "--- '1.5'\n"),
            ("12:30", "--- '12:30'\n"),
            ("2024-01-01", "--- '2024-01-01'\n"),
            (":sym", "--- \":sym\"\n"),
            ("a: b", "--- 'a: b'\n"),
            ("a #b", "--- 'a #b'\n"),
            ("a#b", "--- a#b\n"),
            ("x]", "--- x]\n"),
            ("key:", "--- 'key:'\n"),
            (" lead", "--- \" lead\"\n"),
            ("trail ", "--- 'trail '\n"),
            ("tab\there", "--- \"tab\\there\"\n"),
            ("é", "--- é\n"),
            ("multi\nline", "--- |-\n  multi\n  line\n"),
            ("multi\nline\n", "--- |\n  multi\n  line\n"),
            ("multi\nline\n\n", "--- |+\n  multi\n  line\n\n...\n"),
            ("trailing\n", "--- 'trailing\n\n  '\n"),
            ("a\"b", "--- a\"b\n"),
            ("\"q", "--- \"\\\"q\"\n"),
            ("~", "--- \"~\"\n"),
            ("Null", "--- 'Null'\n"),
            ("TRUE", "--- 'TRUE'\n"),
            ("1e5", "--- 1e5\n"),
            ("0o7", "--- 0o7\n"),
            ("08", "--- '08'\n"),
            ("0777", "--- '0777'\n"),
            ("x,y", "--- x,y\n"),
            ("x: ", "--- 'x: '\n"),
            ("1,000", "--- '1,000'\n"),
            ("\u{1}", "--- \"\\x01\"\n"),
            ("+1", "--- \"+1\"\n"),
        ];
        for (input, want) in cases {
            assert_eq!(yaml_document(&s(input)), want, "{input:?}");
        }
    }

    #[test]
    fn yaml_folds_long_scalars_at_80_columns() {
        let words = ["word"; 30].join(" ");
        assert_eq!(
            yaml_document(&s(&words)),
            format!(
                "--- {}\n  {}\n",
                ["word"; 16].join(" "),
                ["word"; 14].join(" ")
            )
        );
        let mut h = IndexMap::new();
        h.insert(s("k"), s(&"word ".repeat(20)));
        assert_eq!(
            yaml_document(&Value::hash(h)),
            format!(
                "---\nk: '{}\n  {}'\n",
                ["word"; 16].join(" "),
                "word ".repeat(4)
            )
        );
    }

    #[test]
    fn yaml_collections_nest_like_psych() {
        let mut inner = IndexMap::new();
        inner.insert(s("a"), Value::Integer(1));
        inner.insert(s("b"), Value::Integer(2));
        let v = Value::array(vec![
            Value::array(vec![Value::Integer(1), Value::Integer(2)]),
            Value::array(vec![
                Value::Integer(3),
                Value::array(vec![Value::Integer(4)]),
            ]),
            Value::hash(inner),
            Value::Undef,
        ]);
        assert_eq!(
            yaml_document(&v),
            "---\n- - 1\n  - 2\n- - 3\n  - - 4\n- a: 1\n  b: 2\n-\n"
        );
        let mut h = IndexMap::new();
        h.insert(s("a"), Value::array(vec![]));
        h.insert(s("b"), Value::hash(IndexMap::new()));
        h.insert(s("c"), Value::Undef);
        h.insert(Value::Integer(1), Value::Float(1.0));
        assert_eq!(
            yaml_document(&Value::hash(h)),
            "---\na: []\nb: {}\nc:\n1: 1.0\n"
        );
        assert_eq!(yaml_document(&Value::Undef), "---\n");
        assert_eq!(yaml_document(&Value::Default), "--- :default\n");
    }
}
