//! Runtime values of the Puppet language, with Puppet's rules for equality,
//! comparison, truthiness and conversion to strings and to catalog data.

use super::types::PType;
use indexmap::IndexMap;
use std::fmt::Write as _;
use std::hash::{Hash, Hasher};
use std::rc::Rc;

/// A Puppet value. Cheap to clone: compound values are reference counted.
#[derive(Clone, Debug)]
pub enum Value {
    Undef,
    Default,
    Bool(bool),
    Integer(i64),
    Float(f64),
    String(Rc<str>),
    Regex(Rc<RegexValue>),
    Array(Rc<Vec<Value>>),
    Hash(Rc<IndexMap<Value, Value>>),
    /// A type, including resource references (`File['x']`) and `Class['c']`.
    Type(Rc<PType>),
    Sensitive(Rc<Value>),
    /// A duration, in nanoseconds.
    Timespan(i64),
    /// A point in time, in nanoseconds since the epoch (UTC).
    Timestamp(i64),
    SemVer(Rc<super::semver::Version>),
    SemVerRange(Rc<super::semver::VersionRange>),
    Binary(Rc<Vec<u8>>),
}

/// A compiled regular expression and the source Puppet shows for it.
#[derive(Debug)]
pub struct RegexValue {
    pub source: String,
    pub regex: fancy_regex::Regex,
}

impl RegexValue {
    /// Compiles a regex written in Puppet (Ruby) syntax.
    pub fn new(source: &str) -> Result<RegexValue, String> {
        let translated = translate_ruby_regex(source);
        fancy_regex::Regex::new(&translated)
            .map(|regex| RegexValue {
                source: source.to_string(),
                regex,
            })
            .map_err(|e| format!("invalid regular expression /{source}/: {e}"))
    }

    pub fn is_match(&self, text: &str) -> bool {
        self.regex.is_match(text).unwrap_or(false)
    }

    /// Captures of the first match: index 0 is the whole match; unmatched groups are None.
    pub fn captures(&self, text: &str) -> Option<Vec<Option<String>>> {
        let caps = self.regex.captures(text).ok()??;
        Some(
            (0..caps.len())
                .map(|i| caps.get(i).map(|m| m.as_str().to_string()))
                .collect(),
        )
    }
}

/// Ruby regex syntax → fancy-regex syntax: `^`/`$` are line anchors in Ruby
/// (but `^` never matches at the very end after a final newline), Ruby's
/// `(?m)` is dot-all, `\h` is a hex digit, `\A`/`\z`/`\Z` keep their
/// meaning, and case-insensitive parts fold `ß` and `ss` into each other as
/// Onigmo's multi-character case folding does.
pub(crate) fn translate_ruby_regex(src: &str) -> String {
    let mut out = String::with_capacity(src.len() + 8);
    out.push_str("(?m)");
    let chars: Vec<char> = src.chars().collect();
    let mut i = 0;
    let mut in_class = false;
    // Whether the current group is case-insensitive, and the enclosing ones'.
    let mut fold = false;
    let mut folds: Vec<bool> = Vec::new();
    // A character a quantifier follows applies to it alone: no folding there.
    let quantified = |j: usize| matches!(chars.get(j), Some('*' | '+' | '?' | '{'));
    while i < chars.len() {
        let c = chars[i];
        if !in_class && fold {
            if c == 'ß' && !quantified(i + 1) {
                out.push_str("(?:ß|ss)");
                i += 1;
                continue;
            }
            let s = |j: usize| matches!(chars.get(j), Some('s' | 'S'));
            if s(i) && s(i + 1) && !quantified(i + 2) {
                out.push_str("(?:ss|ß|ẞ)");
                i += 2;
                continue;
            }
        }
        if c == '\\' && i + 1 < chars.len() {
            let n = chars[i + 1];
            // Ruby's \w, \d, \s and \h are ASCII (\b and the POSIX
            // brackets are Unicode).
            let ascii = match n {
                'w' => Some(("a-zA-Z0-9_", false)),
                'W' => Some(("a-zA-Z0-9_", true)),
                'd' => Some(("0-9", false)),
                'D' => Some(("0-9", true)),
                's' => Some((" \\t\\r\\n\\x0C\\x0B", false)),
                'S' => Some((" \\t\\r\\n\\x0C\\x0B", true)),
                'h' => Some(("0-9a-fA-F", false)),
                'H' => Some(("0-9a-fA-F", true)),
                _ => None,
            };
            if let Some((set, negated)) = ascii {
                match (in_class, negated) {
                    (true, false) => out.push_str(set),
                    (false, false) => {
                        out.push('[');
                        out.push_str(set);
                        out.push(']');
                    }
                    // A negated set nests (the regex crate takes classes in classes).
                    (_, true) => {
                        out.push_str("[^");
                        out.push_str(set);
                        out.push(']');
                    }
                }
                i += 2;
                continue;
            }
            match n {
                'Z' => out.push_str("(?=\\n?\\z)"),
                '0' => {
                    // `\0`, `\0nn`: an octal character code.
                    let mut code = 0u32;
                    let mut j = i + 2;
                    while j < chars.len() && j < i + 4 && ('0'..='7').contains(&chars[j]) {
                        code = code * 8 + chars[j] as u32 - '0' as u32;
                        j += 1;
                    }
                    out.push_str(&format!("\\x{{{code:x}}}"));
                    i = j;
                    continue;
                }
                _ => {
                    out.push(c);
                    out.push(n);
                }
            }
            i += 2;
            continue;
        }
        if in_class {
            if c == ']' {
                in_class = false;
            }
            if c == '['
                && chars.get(i + 1) == Some(&':')
                && let Some((set, len)) = posix_bracket(&chars[i..])
            {
                out.push_str(&set);
                i += len;
                continue;
            }
            out.push(c);
            i += 1;
            continue;
        }
        match c {
            // Ruby's `^` is a line start that is not the end of the string.
            '^' => out.push_str("(?:^(?!\\z)|\\A)"),
            ')' => {
                fold = folds.pop().unwrap_or(false);
                out.push(c);
            }
            '[' => {
                in_class = true;
                out.push(c);
                // A leading ']' or '^]' is literal in Ruby.
                if chars.get(i + 1) == Some(&'^') {
                    out.push('^');
                    i += 1;
                }
                if chars.get(i + 1) == Some(&']') {
                    out.push_str("\\]");
                    i += 1;
                }
            }
            '(' if chars.get(i + 1) == Some(&'?') => {
                // Inline flags: Ruby's m is dot-all (s).
                let mut j = i + 2;
                let mut flags = String::new();
                while j < chars.len() && (chars[j].is_ascii_alphabetic() || chars[j] == '-') {
                    flags.push(if chars[j] == 'm' { 's' } else { chars[j] });
                    j += 1;
                }
                if !flags.is_empty() && j < chars.len() && (chars[j] == ':' || chars[j] == ')') {
                    // `i` before a `-` turns folding on, after it off.
                    let on = match (flags.find('i'), flags.find('-')) {
                        (Some(at), Some(minus)) => Some(at < minus),
                        (Some(_), None) => Some(true),
                        _ => None,
                    };
                    if chars[j] == ':' {
                        // A group with its own flags.
                        folds.push(fold);
                    }
                    if let Some(on) = on {
                        fold = on;
                    }
                    out.push_str("(?");
                    out.push_str(&flags);
                    if chars[j] == ')' {
                        // `(?i)`: flags to the end of the enclosing group.
                        out.push(')');
                        i = j + 1;
                    } else {
                        i = j;
                    }
                } else {
                    folds.push(fold);
                    out.push('(');
                    i += 1;
                }
                continue;
            }
            '(' => {
                folds.push(fold);
                out.push(c);
            }
            _ => out.push(c),
        }
        i += 1;
    }
    out
}

/// A POSIX bracket (`[:alpha:]`, `[:^digit:]`) at the start of `chars`, as
/// Onigmo reads it for Unicode strings: the regex crate's class items for
/// it and the characters it spans; None for a name Onigmo does not know
/// (passed through as written).
fn posix_bracket(chars: &[char]) -> Option<(String, usize)> {
    let end = chars.iter().skip(2).position(|&c| c == ']')? + 2;
    if chars.get(end - 1) != Some(&':') {
        return None;
    }
    let inner: String = chars[2..end - 1].iter().collect();
    let (negated, name) = match inner.strip_prefix('^') {
        Some(n) => (true, n),
        None => (false, inner.as_str()),
    };
    let set = match name {
        "alpha" => "\\p{L}\\p{M}",
        "alnum" => "\\p{L}\\p{M}\\p{Nd}",
        "digit" => "\\p{Nd}",
        "lower" => "\\p{Ll}",
        "upper" => "\\p{Lu}",
        "space" => "\\p{White_Space}",
        "blank" => "\\p{Zs}\\t",
        "word" => "\\p{L}\\p{M}\\p{Nd}\\p{Pc}",
        "punct" => "\\p{P}$+<=>^`|~",
        "cntrl" => "\\p{Cc}",
        "xdigit" => "0-9a-fA-F",
        _ => return None,
    };
    let text = if negated {
        format!("[^{set}]")
    } else {
        set.to_string()
    };
    Some((text, end + 1))
}

impl Value {
    pub fn string(s: impl Into<Rc<str>>) -> Value {
        Value::String(s.into())
    }

    pub fn array(items: Vec<Value>) -> Value {
        Value::Array(Rc::new(items))
    }

    pub fn hash(map: IndexMap<Value, Value>) -> Value {
        Value::Hash(Rc::new(map))
    }

    pub fn from_type(t: PType) -> Value {
        Value::Type(Rc::new(t))
    }

    pub fn is_undef(&self) -> bool {
        matches!(self, Value::Undef)
    }

    pub fn as_str(&self) -> Option<&str> {
        match self {
            Value::String(s) => Some(s),
            _ => None,
        }
    }

    /// Puppet's truthiness: only `undef` and `false` are false.
    pub fn is_truthy(&self) -> bool {
        !matches!(self, Value::Undef | Value::Bool(false))
    }

    /// The value as Puppet interpolates it into a string.
    pub fn to_display(&self) -> String {
        let mut out = String::new();
        self.write_display(&mut out, false);
        out
    }

    /// Appends [`Value::to_display`] to `out` (no string of its own).
    pub fn push_display(&self, out: &mut String) {
        self.write_display(out, false);
    }

    fn write_display(&self, out: &mut String, nested: bool) {
        match self {
            Value::Undef => {}
            Value::Default => out.push_str("default"),
            Value::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
            Value::Integer(i) => {
                let _ = write!(out, "{i}");
            }
            Value::Float(f) => out.push_str(&format_float(*f)),
            Value::String(s) => out.push_str(s),
            Value::Regex(r) => {
                out.push('/');
                out.push_str(&r.source.replace('/', "\\/"));
                out.push('/');
            }
            Value::Array(items) => {
                out.push('[');
                for (i, v) in items.iter().enumerate() {
                    if i > 0 {
                        out.push_str(", ");
                    }
                    v.write_display(out, true);
                }
                out.push(']');
            }
            Value::Hash(map) => {
                out.push('{');
                for (i, (k, v)) in map.iter().enumerate() {
                    if i > 0 {
                        out.push_str(", ");
                    }
                    k.write_display(out, true);
                    out.push_str(" => ");
                    v.write_display(out, true);
                }
                out.push('}');
            }
            // A user type alias shows what it stands for (`Port = Integer[1, 65535]`).
            Value::Type(t) if matches!(**t, PType::Alias(_)) => {
                out.push_str(&t.to_alias_expanded_string())
            }
            Value::Type(t) => out.push_str(&t.to_string()),
            Value::Sensitive(_) => out.push_str("Sensitive [value redacted]"),
            Value::Timespan(ns) => out.push_str(&super::time::timespan::to_string(*ns as i128)),
            Value::Timestamp(ns) => out.push_str(&super::time::timestamp::to_string(*ns as i128)),
            Value::SemVer(v) => out.push_str(&v.to_string()),
            Value::SemVerRange(r) => out.push_str(&r.to_string()),
            Value::Binary(b) => out.push_str(&super::binary::to_base64(b)),
        }
        let _ = nested;
    }

    /// Puppet's `==`: strings case-insensitively, numbers across Integer and
    /// Float, arrays and hashes element-wise with the same rules.
    pub fn puppet_eq(&self, other: &Value) -> bool {
        match (self, other) {
            (Value::String(a), Value::String(b)) => {
                a.len() == b.len() && (a == b || a.to_lowercase() == b.to_lowercase())
                    || a.to_lowercase() == b.to_lowercase()
            }
            (Value::Integer(a), Value::Integer(b)) => a == b,
            (Value::Integer(a), Value::Float(b)) | (Value::Float(b), Value::Integer(a)) => {
                (*a as f64) == *b
            }
            (Value::Float(a), Value::Float(b)) => a == b,
            (Value::Array(a), Value::Array(b)) => {
                a.len() == b.len() && a.iter().zip(b.iter()).all(|(x, y)| x.puppet_eq(y))
            }
            (Value::Hash(a), Value::Hash(b)) => {
                a.len() == b.len()
                    && a.iter()
                        .all(|(k, v)| b.get(k).is_some_and(|v2| v.puppet_eq(v2)))
            }
            (Value::Regex(a), Value::Regex(b)) => a.source == b.source,
            (Value::Type(a), Value::Type(b)) => a == b,
            (Value::Sensitive(a), Value::Sensitive(b)) => a.puppet_eq(b),
            (Value::Timespan(a), Value::Timespan(b))
            | (Value::Timestamp(a), Value::Timestamp(b)) => a == b,
            (Value::SemVer(a), Value::SemVer(b)) => a == b,
            (Value::SemVerRange(a), Value::SemVerRange(b)) => a == b,
            (Value::Binary(a), Value::Binary(b)) => a == b,
            (Value::Undef, Value::Undef) | (Value::Default, Value::Default) => true,
            (Value::Bool(a), Value::Bool(b)) => a == b,
            _ => false,
        }
    }

    /// The name of the value's type for messages ("String", "Integer" ...).
    pub fn type_name(&self) -> &'static str {
        match self {
            Value::Undef => "Undef",
            Value::Default => "Default",
            Value::Bool(_) => "Boolean",
            Value::Integer(_) => "Integer",
            Value::Float(_) => "Float",
            Value::String(_) => "String",
            Value::Regex(_) => "Regexp",
            Value::Array(_) => "Array",
            Value::Hash(_) => "Hash",
            Value::Type(_) => "Type",
            Value::Sensitive(_) => "Sensitive",
            Value::Timespan(_) => "Timespan",
            Value::Timestamp(_) => "Timestamp",
            Value::SemVer(_) => "SemVer",
            Value::SemVerRange(_) => "SemVerRange",
            Value::Binary(_) => "Binary",
        }
    }

    /// Catalog data for a resource parameter (Puppet's `to_data_hash`).
    /// `None` for `undef` (the parameter is left out).
    /// A hash key in catalog JSON: Ruby's `to_s` of the key.
    pub fn catalog_key(&self) -> String {
        match self {
            Value::String(s) => String::from(&**s),
            // Ruby's `to_s` of an Array or Hash is its `inspect`.
            Value::Array(_) | Value::Hash(_) => super::convert::ruby_inspect(self),
            other => other.to_display(),
        }
    }

    pub fn to_catalog_json(&self) -> Option<serde_json::Value> {
        use serde_json::Value as J;
        Some(match self {
            Value::Undef => return None,
            Value::Default => J::String("default".into()),
            Value::Bool(b) => J::Bool(*b),
            Value::Integer(i) => J::from(*i),
            Value::Float(f) => serde_json::Number::from_f64(*f)
                .map(J::Number)
                .unwrap_or(J::Null),
            Value::String(s) => J::String(String::from(&**s)),
            // Puppet's `regexp_to_s_with_delimiters`: every slash escaped.
            Value::Regex(r) => J::String(format!("/{}/", r.source.replace('/', "\\/"))),
            Value::Array(items) => J::Array(
                items
                    .iter()
                    .map(|v| v.to_catalog_json().unwrap_or(J::Null))
                    .collect(),
            ),
            Value::Hash(map) => {
                let mut obj = serde_json::Map::new();
                for (k, v) in map.iter() {
                    let key = k.catalog_key();
                    obj.insert(key, v.to_catalog_json().unwrap_or(J::Null));
                }
                J::Object(obj)
            }
            // A user type alias shows what it stands for, as in strings.
            Value::Type(t) if matches!(**t, PType::Alias(_)) => {
                J::String(t.to_alias_expanded_string())
            }
            Value::Type(t) => J::String(t.to_string()),
            Value::Sensitive(v) => return v.to_catalog_json(),
            Value::Timespan(_)
            | Value::Timestamp(_)
            | Value::SemVer(_)
            | Value::SemVerRange(_)
            | Value::Binary(_) => J::String(self.to_display()),
        })
    }

    /// Converts JSON data (facts) into a value.
    pub fn from_json(v: &serde_json::Value) -> Value {
        use serde_json::Value as J;
        match v {
            J::Null => Value::Undef,
            J::Bool(b) => Value::Bool(*b),
            J::Number(n) => match n.as_i64() {
                Some(i) => Value::Integer(i),
                None => Value::Float(n.as_f64().unwrap_or(0.0)),
            },
            J::String(s) => Value::string(s.as_str()),
            J::Array(items) => Value::array(items.iter().map(Value::from_json).collect()),
            J::Object(map) => Value::hash(
                map.iter()
                    .map(|(k, v)| (Value::string(k.as_str()), Value::from_json(v)))
                    .collect(),
            ),
        }
    }
}

/// Ruby's `Float#to_s`: shortest round-trip digits, exponent form outside
/// 1e-4 ≤ |f| < 1e15.
pub fn format_float(f: f64) -> String {
    if f.is_nan() {
        return "NaN".into();
    }
    if f.is_infinite() {
        return if f > 0.0 {
            "Infinity".into()
        } else {
            "-Infinity".into()
        };
    }
    if f == 0.0 {
        return if f.is_sign_negative() {
            "-0.0".into()
        } else {
            "0.0".into()
        };
    }
    let sci = format!("{:e}", f.abs());
    let (mantissa, exp) = sci.split_once('e').unwrap_or((&sci, "0"));
    let exp: i32 = exp.parse().unwrap_or(0);
    let digits: String = mantissa.chars().filter(|c| c.is_ascii_digit()).collect();
    let decpt = exp + 1;
    let sign = if f < 0.0 { "-" } else { "" };
    if !(-3..=15).contains(&decpt) {
        let (first, rest) = digits.split_at(1);
        let rest = if rest.is_empty() { "0" } else { rest };
        let esign = if exp < 0 { '-' } else { '+' };
        return format!("{sign}{first}.{rest}e{esign}{:02}", exp.abs());
    }
    if decpt <= 0 {
        return format!("{sign}0.{}{digits}", "0".repeat((-decpt) as usize));
    }
    let decpt = decpt as usize;
    if digits.len() <= decpt {
        format!("{sign}{digits}{}.0", "0".repeat(decpt - digits.len()))
    } else {
        format!("{sign}{}.{}", &digits[..decpt], &digits[decpt..])
    }
}

/// Structural equality and hashing, for hash keys (Ruby `eql?`: `1` and `1.0`
/// differ, strings are case-sensitive).
impl PartialEq for Value {
    fn eq(&self, other: &Value) -> bool {
        match (self, other) {
            (Value::Undef, Value::Undef) | (Value::Default, Value::Default) => true,
            (Value::Bool(a), Value::Bool(b)) => a == b,
            (Value::Integer(a), Value::Integer(b)) => a == b,
            (Value::Float(a), Value::Float(b)) => a.to_bits() == b.to_bits(),
            (Value::String(a), Value::String(b)) => a == b,
            (Value::Regex(a), Value::Regex(b)) => a.source == b.source,
            (Value::Array(a), Value::Array(b)) => a == b,
            (Value::Hash(a), Value::Hash(b)) => {
                a.len() == b.len() && a.iter().all(|(k, v)| b.get(k) == Some(v))
            }
            (Value::Type(a), Value::Type(b)) => a == b,
            (Value::Sensitive(a), Value::Sensitive(b)) => Rc::ptr_eq(a, b),
            (Value::Timespan(a), Value::Timespan(b))
            | (Value::Timestamp(a), Value::Timestamp(b)) => a == b,
            (Value::SemVer(a), Value::SemVer(b)) => a == b,
            (Value::SemVerRange(a), Value::SemVerRange(b)) => a == b,
            (Value::Binary(a), Value::Binary(b)) => a == b,
            _ => false,
        }
    }
}

impl Eq for Value {}

impl Hash for Value {
    fn hash<H: Hasher>(&self, state: &mut H) {
        std::mem::discriminant(self).hash(state);
        match self {
            Value::Undef | Value::Default | Value::Sensitive(_) => {}
            Value::Bool(b) => b.hash(state),
            Value::Integer(i) => i.hash(state),
            Value::Float(f) => f.to_bits().hash(state),
            Value::String(s) => s.hash(state),
            Value::Regex(r) => r.source.hash(state),
            Value::Array(a) => {
                a.len().hash(state);
                for v in a.iter() {
                    v.hash(state);
                }
            }
            Value::Hash(h) => h.len().hash(state),
            Value::Type(t) => t.to_string().hash(state),
            Value::Timespan(n) | Value::Timestamp(n) => n.hash(state),
            Value::SemVer(v) => v.hash(state),
            Value::SemVerRange(r) => r.hash(state),
            Value::Binary(b) => b.hash(state),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn floats_print_like_ruby() {
        assert_eq!(format_float(1e14), "100000000000000.0");
        assert_eq!(format_float(1e15), "1.0e+15");
        assert_eq!(format_float(0.1 + 0.2), "0.30000000000000004");
        assert_eq!(format_float(1e-4), "0.0001");
        assert_eq!(format_float(1e-5), "1.0e-05");
        assert_eq!(format_float(1.5), "1.5");
        assert_eq!(format_float(-2.0), "-2.0");
        assert_eq!(format_float(1.23456789e15), "1.23456789e+15");
        assert_eq!(format_float(1e100), "1.0e+100");
    }

    #[test]
    fn interpolation_shows_nested_values_without_quotes() {
        let mut h = IndexMap::new();
        h.insert(Value::string("b"), Value::Integer(2));
        h.insert(
            Value::string("c"),
            Value::array(vec![Value::Undef, Value::Bool(true)]),
        );
        let v = Value::array(vec![Value::Integer(1), Value::string("a"), Value::hash(h)]);
        assert_eq!(v.to_display(), "[1, a, {b => 2, c => [, true]}]");
    }

    #[test]
    fn equality_is_case_insensitive_for_strings_only_in_puppet_eq() {
        assert!(Value::string("Abc").puppet_eq(&Value::string("aBC")));
        assert_ne!(Value::string("Abc"), Value::string("aBC"));
        assert!(Value::Integer(1).puppet_eq(&Value::Float(1.0)));
        assert_ne!(Value::Integer(1), Value::Float(1.0));
    }

    #[test]
    fn octal_escapes_name_characters() {
        let r = RegexValue::new("\\A/([^\\n/\\0]+/*)*\\z").expect("compiles");
        assert!(r.is_match("/a/b"));
        assert!(!r.is_match("/a\0b"));
        assert!(RegexValue::new("\\011").expect("compiles").is_match("\t"));
    }

    #[test]
    fn ruby_anchors_match_lines() {
        let r = RegexValue::new("^b$").expect("compiles");
        assert!(r.is_match("a\nb\nc"));
        let r = RegexValue::new("\\Ab").expect("compiles");
        assert!(!r.is_match("a\nb"));
    }
}
