//! Ruby's `to_s` and `inspect` of values, byte for byte as Ruby 3.1 prints
//! them: floats (`1.0e+20`), strings with escapes, symbols, arrays, hashes
//! (`{"a"=>1}`), ranges, regexps, and cycles (`[...]`).

use super::value::{RClass, RValue};
use std::fmt::Write as _;
use std::rc::Rc;

/// `value.to_s`.
pub fn to_s(v: &RValue) -> String {
    match v {
        RValue::Nil => String::new(),
        RValue::Bool(b) => b.to_string(),
        RValue::Int(i) => i.to_string(),
        RValue::Float(f) => float_to_s(*f),
        RValue::Str(s) => s.s.borrow().clone(),
        RValue::Sym(s) => s.to_string(),
        RValue::Array(_) | RValue::Hash(_) => inspect(v),
        RValue::Range(r) => format!(
            "{}{}{}",
            to_s(&r.start),
            if r.exclusive { "..." } else { ".." },
            to_s(&r.end)
        ),
        RValue::Regexp(r) => {
            let on: String = ['m', 'i', 'x']
                .iter()
                .filter(|f| r.flags.contains(**f))
                .collect();
            let off: String = ['m', 'i', 'x']
                .iter()
                .filter(|f| !r.flags.contains(**f))
                .collect();
            let off = if off.is_empty() {
                String::new()
            } else {
                format!("-{off}")
            };
            format!("(?{on}{off}:{})", r.source)
        }
        RValue::Match(m) => m.groups.first().cloned().flatten().unwrap_or_default(),
        RValue::Class(c) => c.name().to_string(),
        RValue::Exception(e) => e.message.clone(),
        RValue::Scope => "Scope()".to_string(),
        RValue::Wrapper => "template".to_string(),
        RValue::Puppet(p) => p.to_display(),
        RValue::Opaque(o) => format!("#<{}: {}>", o.class.name(), o.message),
        // Ruby prints the object's address; messages show `inspect`.
        RValue::Enumerator(_) => inspect(v),
    }
}

/// How deeply arrays and hashes nest before `inspect` gives up.
const MAX_INSPECT_DEPTH: usize = 200;

/// `value.inspect` (for messages: values nested beyond the limit show `...`).
pub fn inspect(v: &RValue) -> String {
    let mut out = String::new();
    let mut seen = Vec::new();
    write_inspect(v, &mut out, &mut seen);
    out
}

/// `value.inspect`, or None when the value nests beyond the limit.
pub(crate) fn try_inspect(v: &RValue) -> Option<String> {
    let mut out = String::new();
    let mut seen = Vec::new();
    if write_inspect(v, &mut out, &mut seen) {
        Some(out)
    } else {
        None
    }
}

/// Writes `v.inspect`; false when it nests too deeply.
fn write_inspect(v: &RValue, out: &mut String, seen: &mut Vec<usize>) -> bool {
    if seen.len() > MAX_INSPECT_DEPTH {
        out.push_str("...");
        return false;
    }
    let mut complete = true;
    match v {
        RValue::Nil => out.push_str("nil"),
        RValue::Str(s) => out.push_str(&str_inspect(&s.s.borrow())),
        RValue::Sym(s) => out.push_str(&sym_inspect(s)),
        RValue::Array(a) => {
            let id = Rc::as_ptr(a) as *const () as usize;
            if seen.contains(&id) {
                out.push_str("[...]");
                return true;
            }
            seen.push(id);
            out.push('[');
            let items = a.v.borrow().clone();
            for (i, item) in items.iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                complete &= write_inspect(item, out, seen);
            }
            out.push(']');
            seen.pop();
        }
        RValue::Hash(h) => {
            let id = Rc::as_ptr(h) as *const () as usize;
            if seen.contains(&id) {
                out.push_str("{...}");
                return true;
            }
            seen.push(id);
            out.push('{');
            for (i, (k, val)) in h.entries().iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                complete &= write_inspect(k, out, seen);
                out.push_str("=>");
                complete &= write_inspect(val, out, seen);
            }
            out.push('}');
            seen.pop();
        }
        RValue::Range(r) => {
            complete &= write_inspect(&r.start, out, seen);
            out.push_str(if r.exclusive { "..." } else { ".." });
            complete &= write_inspect(&r.end, out, seen);
        }
        RValue::Regexp(r) => {
            out.push('/');
            let mut escaped = false;
            for c in r.source.chars() {
                if c == '/' && !escaped {
                    out.push('\\');
                }
                escaped = c == '\\' && !escaped;
                out.push(c);
            }
            out.push('/');
            for f in ['m', 'i', 'x'] {
                if r.flags.contains(f) {
                    out.push(f);
                }
            }
        }
        RValue::Match(m) => {
            out.push_str("#<MatchData ");
            for (i, g) in m.groups.iter().enumerate() {
                if i > 0 {
                    let name = m
                        .names
                        .iter()
                        .find(|(_, idx)| *idx == i)
                        .map_or_else(|| i.to_string(), |(n, _)| n.clone());
                    let _ = write!(out, " {name}:");
                }
                match g {
                    Some(s) => out.push_str(&str_inspect(s)),
                    None => out.push_str("nil"),
                }
            }
            out.push('>');
        }
        RValue::Exception(e) => {
            let _ = write!(out, "#<{}: {}>", e.class.name(), e.message);
        }
        RValue::Enumerator(e) => {
            // Nested enumerators count towards the depth limit.
            seen.push(Rc::as_ptr(e) as *const () as usize);
            if v.class() == RClass::ArithmeticSequence {
                // `(1.step(9, 2))`, `((1..9).step(2))`
                out.push('(');
                let range = matches!(e.recv, RValue::Range(_));
                if range {
                    out.push('(');
                }
                complete &= write_inspect(&e.recv, out, seen);
                if range {
                    out.push(')');
                }
                let _ = write!(out, ".{}", e.meth);
            } else {
                out.push_str("#<Enumerator: ");
                complete &= write_inspect(&e.recv, out, seen);
                let _ = write!(out, ":{}", e.meth);
            }
            if !e.args.is_empty() {
                out.push('(');
                for (i, a) in e.args.iter().enumerate() {
                    if i > 0 {
                        out.push_str(", ");
                    }
                    complete &= write_inspect(a, out, seen);
                }
                out.push(')');
            }
            out.push(if v.class() == RClass::ArithmeticSequence {
                ')'
            } else {
                '>'
            });
            seen.pop();
        }
        RValue::Class(RClass::Json) => out.push_str("JSON"),
        RValue::Wrapper => out.push_str("#<Puppet::Parser::TemplateWrapper>"),
        _ => out.push_str(&to_s(v)),
    }
    complete
}

/// Ruby's `Float#to_s`: the shortest digits that round-trip, in fixed
/// notation for magnitudes in [1e-4, 1e16), else `d.ddde+XX`.
pub(crate) fn float_to_s(f: f64) -> String {
    if f.is_nan() {
        return "NaN".into();
    }
    if f.is_infinite() {
        return if f > 0.0 { "Infinity" } else { "-Infinity" }.into();
    }
    if f == 0.0 {
        return if f.is_sign_negative() { "-0.0" } else { "0.0" }.into();
    }
    // `{:e}` gives the shortest round-trip digits: "1.2345e-7".
    let sci = format!("{:e}", f.abs());
    let (mantissa, exp) = sci.split_once('e').unwrap_or((&sci, "0"));
    let exp: i32 = exp.parse().unwrap_or(0);
    let digits: String = mantissa.chars().filter(char::is_ascii_digit).collect();
    let decpt = exp + 1;
    let mut out = String::new();
    if f < 0.0 {
        out.push('-');
    }
    if decpt > 0 && decpt < 16 {
        let d = decpt as usize;
        if digits.len() <= d {
            out.push_str(&digits);
            out.push_str(&"0".repeat(d - digits.len()));
            out.push_str(".0");
        } else {
            out.push_str(&digits[..d]);
            out.push('.');
            out.push_str(&digits[d..]);
        }
    } else if decpt <= 0 && decpt > -4 {
        out.push_str("0.");
        out.push_str(&"0".repeat((-decpt) as usize));
        out.push_str(&digits);
    } else {
        out.push_str(&digits[..1]);
        out.push('.');
        if digits.len() > 1 {
            out.push_str(&digits[1..]);
        } else {
            out.push('0');
        }
        let e = decpt - 1;
        let _ = write!(out, "e{}{:02}", if e < 0 { '-' } else { '+' }, e.abs());
    }
    out
}

/// `String#inspect` for a UTF-8 string.
pub(crate) fn str_inspect(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    let mut chars = s.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\t' => out.push_str("\\t"),
            '\r' => out.push_str("\\r"),
            '\x1b' => out.push_str("\\e"),
            '\x07' => out.push_str("\\a"),
            '\x08' => out.push_str("\\b"),
            '\x0c' => out.push_str("\\f"),
            '\x0b' => out.push_str("\\v"),
            '#' if matches!(chars.peek(), Some('{' | '$' | '@')) => out.push_str("\\#"),
            c if (c as u32) < 0x20 || c as u32 == 0x7f => {
                let _ = write!(out, "\\u{:04X}", c as u32);
            }
            c if is_unprintable(c) => {
                if (c as u32) > 0xffff {
                    let _ = write!(out, "\\u{{{:X}}}", c as u32);
                } else {
                    let _ = write!(out, "\\u{:04X}", c as u32);
                }
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// Characters Ruby escapes in `inspect` of UTF-8 strings (C1 controls and
/// a few format characters).
fn is_unprintable(c: char) -> bool {
    let n = c as u32;
    (0x80..0xa0).contains(&n) || n == 0xad || (0x2028..=0x2029).contains(&n) || n == 0xfeff
}

/// `Symbol#inspect`: `:name`, or `:"..."` when the name is not an identifier
/// or operator.
pub(crate) fn sym_inspect(s: &str) -> String {
    if sym_is_simple(s) {
        format!(":{s}")
    } else {
        format!(":{}", str_inspect(s))
    }
}

fn sym_is_simple(s: &str) -> bool {
    const OPERATORS: [&str; 27] = [
        "[]", "[]=", "<=>", "==", "===", "=~", "!", "!=", "!~", "<<", ">>", "<", "<=", ">", ">=",
        "+", "-", "*", "/", "%", "**", "+@", "-@", "&", "|", "^", "~",
    ];
    if OPERATORS.contains(&s) {
        return true;
    }
    let body = s.trim_start_matches('@');
    if s.len() - body.len() > 2 {
        return false;
    }
    let mut chars = body.chars();
    let Some(first) = chars.next() else {
        return false;
    };
    if !(first.is_alphabetic() || first == '_') {
        return false;
    }
    let rest: Vec<char> = chars.collect();
    let (core, last) = match rest.last() {
        Some(c @ ('?' | '!' | '=')) if s.len() == body.len() => (&rest[..rest.len() - 1], Some(*c)),
        _ => (&rest[..], None),
    };
    let _ = last;
    core.iter().all(|c| c.is_alphanumeric() || *c == '_')
}

#[cfg(test)]
mod tests {
    use super::super::value::RHash;
    use super::*;

    #[test]
    fn floats_like_ruby() {
        for (f, s) in [
            (1e15, "1.0e+15"),
            (1e16, "1.0e+16"),
            (123456789012345.0, "123456789012345.0"),
            (1234567890123456.0, "1.234567890123456e+15"),
            (0.0001, "0.0001"),
            (1.23e-5, "1.23e-05"),
            (100.0, "100.0"),
            (1e14, "100000000000000.0"),
            (-0.0, "-0.0"),
            (2.0 / 3.0, "0.6666666666666666"),
            (1e100, "1.0e+100"),
            (0.1 + 0.2, "0.30000000000000004"),
            (2.5, "2.5"),
        ] {
            assert_eq!(float_to_s(f), s, "{f}");
        }
    }

    #[test]
    fn inspect_like_ruby() {
        assert_eq!(
            str_inspect("a\"b\\c\n\t\r\x1b\x07\x08\x0c\x0b\0\x01\x7f é #{x} #@ #$ #x ☃"),
            r#""a\"b\\c\n\t\r\e\a\b\f\v\u0000\u0001\u007F é \#{x} \#@ \#$ #x ☃""#
        );
        for (s, want) in [
            ("a", ":a"),
            ("a b", ":\"a b\""),
            ("a?", ":a?"),
            ("a=", ":a="),
            ("[]", ":[]"),
            ("+", ":+"),
            ("9a", ":\"9a\""),
            ("A", ":A"),
            ("@a", ":@a"),
            ("a?b", ":\"a?b\""),
            ("", ":\"\""),
            ("é", ":é"),
        ] {
            assert_eq!(sym_inspect(s), want);
        }
        let h = RHash::default();
        h.insert(RValue::str("a"), RValue::Int(1));
        h.insert(RValue::sym("a"), RValue::Int(2));
        h.insert(RValue::Int(1), RValue::Nil);
        h.insert(
            RValue::Nil,
            RValue::array(vec![RValue::Float(1.0), RValue::Float(2e20)]),
        );
        assert_eq!(
            inspect(&RValue::hash(h)),
            r#"{"a"=>1, :a=>2, 1=>nil, nil=>[1.0, 2.0e+20]}"#
        );
    }
}
