//! Ruby's view of Puppet values, for the puppetlabs-stdlib functions that
//! are written in Ruby: how Puppet hands arguments to a 3.x function, and
//! the Ruby operations those functions apply to them (`==`, `to_s`,
//! `inspect`, class names, `String#to_i`, `String#succ`, `String#upto`).

use crate::convert::{ruby_inspect, ruby_to_s};
use crate::types::{PType, regexp_inspect, ruby_class};
use crate::value::{RegexValue, Value, format_float};
use std::cell::RefCell;
use std::collections::HashMap;
use std::rc::Rc;

thread_local! {
    static RUBY_REGEXES: RefCell<HashMap<&'static str, Option<Rc<RegexValue>>>> =
        RefCell::new(HashMap::new());
    static REGEXES: RefCell<HashMap<&'static str, regex::Regex>> = RefCell::new(HashMap::new());
}

/// Whether a fixed Ruby-syntax pattern (`^` and `$` match at lines)
/// matches `s`; the pattern is compiled once per thread.
pub fn ruby_match(pattern: &'static str, s: &str) -> bool {
    let re = RUBY_REGEXES.with(|c| {
        c.borrow_mut()
            .entry(pattern)
            .or_insert_with(|| RegexValue::new(pattern).ok().map(Rc::new))
            .clone()
    });
    re.is_some_and(|r| r.is_match(s))
}

/// A fixed pattern of the `regex` crate, compiled once per thread.
pub fn static_regex(pattern: &'static str) -> regex::Regex {
    REGEXES.with(|c| {
        c.borrow_mut()
            .entry(pattern)
            .or_insert_with(|| regex::Regex::new(pattern).expect("valid built-in regex"))
            .clone()
    })
}

/// The arguments a 3.x function receives (Puppet's
/// `Runtime3FunctionArgumentConverter`): a top-level `undef` becomes `''`
/// (nested ones stay `nil`), a regexp becomes its `/source/` text.
pub fn args3x(args: &[Value]) -> Vec<Value> {
    args.iter()
        .map(|a| match a {
            Value::Undef => Value::string(""),
            other => inner3x(other),
        })
        .collect()
}

fn inner3x(v: &Value) -> Value {
    match v {
        Value::Regex(r) => Value::string(regexp_inspect(&r.source)),
        Value::Array(items) if items.iter().any(needs3x) => {
            Value::array(items.iter().map(inner3x).collect())
        }
        Value::Hash(map) if map.iter().any(|(k, v)| needs3x(k) || needs3x(v)) => {
            Value::hash(map.iter().map(|(k, v)| (inner3x(k), inner3x(v))).collect())
        }
        other => other.clone(),
    }
}

fn needs3x(v: &Value) -> bool {
    match v {
        Value::Regex(_) => true,
        Value::Array(items) => items.iter().any(needs3x),
        Value::Hash(map) => map.iter().any(|(k, v)| needs3x(k) || needs3x(v)),
        _ => false,
    }
}

/// Ruby's `==`: numbers across Integer and Float, strings case-sensitively,
/// collections element by element (hash keys by `eql?`).
pub fn rb_eq(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::Integer(x), Value::Float(y)) | (Value::Float(y), Value::Integer(x)) => {
            (*x as f64) == *y
        }
        (Value::Float(x), Value::Float(y)) => x == y,
        (Value::Array(x), Value::Array(y)) => {
            x.len() == y.len() && x.iter().zip(y.iter()).all(|(p, q)| rb_eq(p, q))
        }
        (Value::Hash(x), Value::Hash(y)) => {
            x.len() == y.len() && x.iter().all(|(k, v)| y.get(k).is_some_and(|w| rb_eq(v, w)))
        }
        _ => a == b,
    }
}

/// The title of a resource reference (`File['/x']`), with its type name.
pub(crate) fn resource_ref(v: &Value) -> Option<(&str, &str)> {
    match v {
        Value::Type(t) => match &**t {
            PType::Resource {
                type_name: Some(tn),
                title: Some(title),
            } => Some((tn, title)),
            _ => None,
        },
        _ => None,
    }
}

/// Ruby's `to_s` of a value a Ruby function received.
pub fn rb_to_s(v: &Value) -> String {
    if let Some((t, title)) = resource_ref(v) {
        return format!("{t}[{title}]");
    }
    match v {
        Value::Float(f) => format_float(*f),
        other => ruby_to_s(other),
    }
}

/// Ruby's `inspect` of a value a Ruby function received.
pub fn rb_inspect(v: &Value) -> String {
    if let Some((t, title)) = resource_ref(v) {
        return format!("{t}[{title}]{{}}");
    }
    ruby_inspect(v)
}

/// Ruby's class name of a value a Ruby function received.
pub fn rb_class(v: &Value) -> String {
    if resource_ref(v).is_some() {
        return "Puppet::Resource".into();
    }
    ruby_class(v)
}

/// Ruby's `String#capitalize`: the first character in title case, the rest
/// in lower case, each character mapped alone (Ruby has no final-sigma rule:
/// `"ΣΑΣ".capitalize` is `"Σασ"`).
pub fn ruby_capitalize(s: &str) -> String {
    let mut chars = s.chars();
    match chars.next() {
        None => String::new(),
        Some(first) => {
            let mut out = String::with_capacity(s.len());
            push_titlecase(first, &mut out);
            out.extend(chars.flat_map(char::to_lowercase));
            out
        }
    }
}

/// Unicode's title case of a character: its upper case, except for the
/// characters whose title case differs (digraphs `ǆ` → `ǅ`, ligatures
/// `ß` → `Ss`, `ﬁ` → `Fi`, Greek with ypogegrammeni `ᾳ` → `ᾼ` ...).
fn push_titlecase(c: char, out: &mut String) {
    let special: Option<&str> = match c {
        'Ǆ' | 'ǅ' | 'ǆ' => Some("ǅ"),
        'Ǉ' | 'ǈ' | 'ǉ' => Some("ǈ"),
        'Ǌ' | 'ǋ' | 'ǌ' => Some("ǋ"),
        'Ǳ' | 'ǲ' | 'ǳ' => Some("ǲ"),
        'ß' => Some("Ss"),
        'ﬀ' => Some("Ff"),
        'ﬁ' => Some("Fi"),
        'ﬂ' => Some("Fl"),
        'ﬃ' => Some("Ffi"),
        'ﬄ' => Some("Ffl"),
        'ﬅ' | 'ﬆ' => Some("St"),
        'և' => Some("Եւ"),
        'ﬓ' => Some("Մն"),
        'ﬔ' => Some("Մե"),
        'ﬕ' => Some("Մի"),
        'ﬖ' => Some("Վն"),
        'ﬗ' => Some("Մխ"),
        'ᾳ' | 'ᾼ' => Some("ᾼ"),
        'ῃ' | 'ῌ' => Some("ῌ"),
        'ῳ' | 'ῼ' => Some("ῼ"),
        _ => None,
    };
    if let Some(t) = special {
        out.push_str(t);
        return;
    }
    // ᾀ-ᾇ, ᾐ-ᾗ, ᾠ-ᾧ: title case is the form 8 code points on (ᾈ-ᾏ ...),
    // which is its own title case.
    let code = c as u32;
    if matches!(code, 0x1F80..=0x1FAF) {
        let title = if code & 0x8 == 0 { code + 8 } else { code };
        out.push(char::from_u32(title).unwrap_or(c));
        return;
    }
    out.extend(c.to_uppercase());
}

/// Ruby's `String#to_i`: leading whitespace, a sign, then digits (single
/// underscores between them); 0 when there are none.
pub fn str_to_i(s: &str) -> i64 {
    let t = s.trim_start_matches(|c: char| c.is_ascii_whitespace());
    let (neg, body) = match t.as_bytes().first() {
        Some(b'-') => (true, &t[1..]),
        Some(b'+') => (false, &t[1..]),
        _ => (false, t),
    };
    let mut n: i64 = 0;
    let mut prev_digit = false;
    for c in body.chars() {
        if let Some(d) = c.to_digit(10) {
            n = n.saturating_mul(10).saturating_add(d as i64);
            prev_digit = true;
        } else if c == '_' && prev_digit {
            prev_digit = false;
        } else {
            break;
        }
    }
    if neg { -n } else { n }
}

/// Ruby's `to_i` of a value (`Float#to_i` truncates, `nil.to_i` is 0);
/// `None` when Ruby has no `to_i` for it.
pub fn rb_to_i(v: &Value) -> Option<i64> {
    match v {
        Value::Integer(i) => Some(*i),
        Value::Float(f) => Some(f.trunc() as i64),
        Value::String(s) => Some(str_to_i(s)),
        Value::Undef => Some(0),
        _ => None,
    }
}

/// What incrementing one character gives: the next character, or a wrap
/// with the character to carry (`'9'` → `'0'` carry `'1'`).
enum Succ {
    Found(char),
    Wrapped(char, char),
    NotAlnum,
}

fn succ_alnum(c: char) -> Succ {
    match c {
        '0'..='8' | 'a'..='y' | 'A'..='Y' => Succ::Found((c as u8 + 1) as char),
        '9' => Succ::Wrapped('0', '1'),
        'z' => Succ::Wrapped('a', 'a'),
        'Z' => Succ::Wrapped('A', 'A'),
        _ => Succ::NotAlnum,
    }
}

/// Ruby's `String#succ`: increments the rightmost alphanumeric, carrying
/// leftwards (`"az"` → `"ba"`, `"zz"` → `"aaa"`, `"a9"` → `"b0"`), or the
/// last character when there is no alphanumeric.
pub(crate) fn str_succ(s: &str) -> String {
    let mut chars: Vec<char> = s.chars().collect();
    if chars.is_empty() {
        return String::new();
    }
    let mut carry: Option<(usize, char)> = None;
    let mut last_alnum: Option<char> = None;
    let mut prev_not_alnum = false;
    let mut i = chars.len();
    while i > 0 {
        i -= 1;
        let c = chars[i];
        if prev_not_alnum && let Some(la) = last_alnum {
            let kind_differs = if la.is_ascii_alphabetic() {
                c.is_ascii_digit()
            } else {
                la.is_ascii_digit() && c.is_ascii_alphabetic()
            };
            if kind_differs {
                break;
            }
        }
        match succ_alnum(c) {
            Succ::NotAlnum => {
                prev_not_alnum = true;
                continue;
            }
            Succ::Found(n) => {
                chars[i] = n;
                return chars.into_iter().collect();
            }
            Succ::Wrapped(n, cy) => {
                chars[i] = n;
                last_alnum = Some(n);
                prev_not_alnum = false;
                carry = Some((i, cy));
            }
        }
    }
    match carry {
        Some((pos, cy)) => {
            chars.insert(pos, cy);
        }
        None => {
            // No alphanumeric: the last character's successor.
            let last = chars.len() - 1;
            match char::from_u32(chars[last] as u32 + 1) {
                Some(n) => chars[last] = n,
                None => chars.push('\u{1}'),
            }
        }
    }
    chars.into_iter().collect()
}

/// Ruby's `String#upto(stop, exclusive)`, every `step`th value, at most
/// `limit` values.
pub fn str_upto(
    start: &str,
    stop: &str,
    exclusive: bool,
    step: usize,
    limit: usize,
) -> Vec<String> {
    let mut out = Vec::new();
    let step = step.max(1);
    let mut n = 0usize;
    let mut emit = |s: String, out: &mut Vec<String>| -> bool {
        if n.is_multiple_of(step) {
            out.push(s);
        }
        n += 1;
        out.len() < limit
    };
    let (sb, eb) = (start.as_bytes(), stop.as_bytes());
    if sb.len() == 1 && eb.len() == 1 && sb[0].is_ascii() && eb[0].is_ascii() {
        let (mut c, e) = (sb[0], eb[0]);
        if c > e || (exclusive && c == e) {
            return out;
        }
        loop {
            if !emit((c as char).to_string(), &mut out) {
                break;
            }
            if !exclusive && c == e {
                break;
            }
            c += 1;
            if exclusive && c == e {
                break;
            }
        }
        return out;
    }
    let all_digits = |b: &[u8]| !b.is_empty() && b.iter().all(u8::is_ascii_digit);
    if all_digits(sb) && all_digits(eb) {
        let width = sb.len();
        let (Ok(a), Ok(b)) = (start.parse::<u64>(), stop.parse::<u64>()) else {
            return out;
        };
        let mut i = a;
        while i < b || (!exclusive && i == b) {
            if !emit(format!("{i:0width$}"), &mut out) {
                break;
            }
            i += 1;
        }
        return out;
    }
    if start > stop || (exclusive && start == stop) {
        return out;
    }
    let after_end = str_succ(stop);
    let mut current = start.to_string();
    while current != after_end {
        let next = if exclusive || current != stop {
            Some(str_succ(&current))
        } else {
            None
        };
        if !emit(current, &mut out) {
            break;
        }
        let Some(next) = next else { break };
        current = next;
        if exclusive && current == stop {
            break;
        }
        if current.len() > stop.len() || current.is_empty() {
            break;
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    // Expected values: Ruby 3.1's String#succ and String#upto.
    #[test]
    fn succ_carries_like_ruby() {
        assert_eq!(str_succ("az"), "ba");
        assert_eq!(str_succ("zz"), "aaa");
        assert_eq!(str_succ("a9"), "b0");
        assert_eq!(str_succ("Zz"), "AAa");
        assert_eq!(str_succ("1.9"), "2.0");
        assert_eq!(str_succ("a.9"), "a.10");
        assert_eq!(str_succ("host09"), "host10");
        assert_eq!(str_succ("-"), ".");
        assert_eq!(str_succ(""), "");
    }

    #[test]
    fn upto_walks_like_ruby() {
        assert_eq!(str_upto("a", "e", false, 2, 100), vec!["a", "c", "e"]);
        assert_eq!(str_upto("a", "E", false, 1, 100), Vec::<String>::new());
        assert_eq!(str_upto("aa", "ad", true, 1, 100), vec!["aa", "ab", "ac"]);
        assert_eq!(str_upto("1.5", "3", false, 1, 100), vec!["1.5"]);
        assert_eq!(
            str_upto("08", "11", false, 1, 100),
            vec!["08", "09", "10", "11"]
        );
        assert_eq!(str_upto("y", "ab", false, 1, 100), Vec::<String>::new());
    }

    #[test]
    fn to_i_reads_a_prefix() {
        assert_eq!(str_to_i(" 12abc"), 12);
        assert_eq!(str_to_i("-1_000x"), -1000);
        assert_eq!(str_to_i("x"), 0);
        assert_eq!(str_to_i("1__2"), 1);
    }

    // Expected: Ruby 3.1's `String#capitalize`.
    #[test]
    fn capitalize_maps_each_character_like_ruby() {
        assert_eq!(ruby_capitalize("hELLO wORLD"), "Hello world");
        assert_eq!(ruby_capitalize("ΣΑΣ"), "Σασ");
        assert_eq!(ruby_capitalize("ǆa"), "ǅa");
        assert_eq!(ruby_capitalize("ßa"), "Ssa");
        assert_eq!(ruby_capitalize("ﬁx"), "Fix");
        assert_eq!(ruby_capitalize("ᾳa"), "ᾼa");
        assert_eq!(ruby_capitalize("ᾈa"), "ᾈa");
        assert_eq!(ruby_capitalize("ŉa"), "ʼNa");
        assert_eq!(ruby_capitalize("և"), "Եւ");
        assert_eq!(ruby_capitalize(""), "");
    }
}
