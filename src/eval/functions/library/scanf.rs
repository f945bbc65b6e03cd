//! `scanf(data, format)`: Ruby's `String#scanf` (the `scanf` library Puppet's
//! function requires), which reads values out of a string by a C-like
//! format. Each directive becomes the regular expression Ruby's library
//! builds for it (`%d` `([-+]?\d+)`, `%3s` `(\S{1,3})`, `%[a-z]` ...), matched
//! at the start of what is left of the input; input whitespace is skipped
//! before each directive except `%c` and `%[...]`; the values read so far
//! are the result when a directive does not match. `*` reads without
//! keeping. The lambda form (`scanf(...) |$r| { }`) is the compiler's.

use super::signature::{P, check, sig};
use fancy_regex::Regex;
use kuppet_values::value::Value;

const H: &str = "[A-Fa-f0-9]";

/// How a matched text becomes a value.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Handler {
    Decimal,
    Hex,
    Octal,
    Integer,
    Float,
    Plain,
    /// A literal or `%%`: matched, nothing kept.
    Nothing,
}

/// One piece of the format.
#[derive(Debug)]
struct Spec {
    text: String,
    pattern: String,
    handler: Handler,
}

impl Spec {
    fn new(text: &str) -> Spec {
        let (pattern, handler) = directive(text);
        // Ruby's \s and \S are ASCII.
        let pattern = pattern
            .replace("\\S", "[^ \\t\\n\\x0B\\f\\r]")
            .replace("\\s", "[ \\t\\n\\x0B\\f\\r]");
        Spec {
            text: text.to_string(),
            pattern: format!("\\A(?s:{pattern})"),
            handler,
        }
    }

    /// `*`: read, do not keep.
    fn skip(&self) -> bool {
        let t = self.text.trim_start();
        t.starts_with("%*")
    }

    /// Whether input whitespace counts (is not skipped): `%c` not preceded
    /// by whitespace, and `%[...]`.
    fn count_space(&self) -> bool {
        let t = &self.text;
        if t.contains('%') {
            let bytes = t.as_bytes();
            let pct = t.find('%').unwrap_or(0);
            let after: &str = &t[pct + 1..];
            let after = after.strip_prefix('*').unwrap_or(after);
            let digits = after.len() - after.trim_start_matches(|c: char| c.is_ascii_digit()).len();
            let conv = after[digits..].chars().next();
            let at_start_or_after_nonspace = pct == 0 || !bytes[pct - 1].is_ascii_whitespace();
            if conv == Some('c') && at_start_or_after_nonspace {
                return true;
            }
            // `%\d*[` (no `*`).
            let plain = &t[pct + 1..];
            let d = plain.len() - plain.trim_start_matches(|c: char| c.is_ascii_digit()).len();
            return plain[d..].starts_with('[');
        }
        false
    }
}

/// The regular expression and handler Ruby's scanf gives a piece of the format.
fn directive(spec: &str) -> (String, Handler) {
    use Handler::*;
    let s = spec.trim_start();
    let Some(body) = s.strip_prefix('%') else {
        return (format!("({})", regex_escape(spec)), Nothing);
    };
    if body == "%" {
        return ("(\\s*%)".into(), Nothing);
    }
    let body = body.strip_prefix('*').unwrap_or(body);
    let digits: String = body.chars().take_while(|c| c.is_ascii_digit()).collect();
    let rest = &body[digits.len()..];
    let width: Option<usize> = digits.parse().ok();
    let space_before_c = spec.starts_with(|c: char| c.is_ascii_whitespace());
    if let Some(class) = rest.strip_prefix('[') {
        let inner = class.strip_suffix(']').unwrap_or(class);
        if inner.starts_with("[:") {
            let posix = format!("[{inner}]");
            return match width {
                None => (format!("({posix}+)"), Plain),
                Some(w) => (format!("({posix}{{1,{w}}})"), Plain),
            };
        }
        return match width {
            None => {
                let no = match inner.strip_prefix('^') {
                    Some(n) => n.to_string(),
                    None => format!("^{inner}"),
                };
                (format!("([{inner}]+)(?=[{no}]|\\z)"), Plain)
            }
            Some(w) => (format!("([{inner}]{{1,{w}}})"), Plain),
        };
    }
    let conv = rest.chars().next().unwrap_or(' ');
    match (conv, width) {
        ('i', None) => (
            format!("([-+]?(?:(?:0[0-7]+)|(?:0[Xx]{H}+)|(?:[1-9][0-9]*)))"),
            Integer,
        ),
        ('i', Some(n)) => {
            let mut s = String::from("(");
            if n > 1 {
                s += &format!("[1-9][0-9]{{1,{}}}|0[0-7]{{1,{}}}|", n - 1, n - 1);
            }
            if n > 2 {
                s += &format!(
                    "[-+]0[0-7]{{1,{}}}|[-+][1-9][0-9]{{1,{}}}|0[Xx]{H}{{1,{}}}|",
                    n - 2,
                    n - 2,
                    n - 2
                );
            }
            if n > 3 {
                s += &format!("[-+]0[Xx]{H}{{1,{}}}|", n - 3);
            }
            s += "[0-9])";
            (s, Integer)
        }
        ('d' | 'u', None) => ("([-+]?[0-9]+)".into(), Decimal),
        ('d' | 'u', Some(n)) => {
            let mut s = String::from("(");
            if n > 1 {
                s += &format!("[-+][0-9]{{1,{}}}|", n - 1);
            }
            s += &format!("[0-9]{{1,{n}}})");
            (s, Decimal)
        }
        ('X' | 'x', None) => (format!("([-+]?(?:0[Xx])?{H}+)"), Hex),
        ('X' | 'x', Some(n)) => {
            let mut s = String::from("(");
            if n > 3 {
                s += &format!("[-+]0[Xx]{H}{{1,{}}}|", n - 3);
            }
            if n > 2 {
                s += &format!("0[Xx]{H}{{1,{}}}|", n - 2);
            }
            if n > 1 {
                s += &format!("[-+]{H}{{1,{}}}|", n - 1);
            }
            s += &format!("{H}{{1,{n}}})");
            (s, Hex)
        }
        ('o', None) => ("([-+]?[0-7]+)".into(), Octal),
        ('o', Some(n)) => (
            format!("([-+][0-7]{{1,{}}}|[0-7]{{1,{n}}})", n.saturating_sub(1)),
            Octal,
        ),
        ('a' | 'e' | 'f' | 'g' | 'A' | 'E' | 'F' | 'G', None) => (FLOAT.to_string(), Float),
        ('a' | 'e' | 'f' | 'g' | 'A' | 'E' | 'F' | 'G', Some(n)) => (
            format!("(?={})(\\S{{1,{n}}})", &FLOAT[1..FLOAT.len() - 1]),
            Float,
        ),
        ('s', None) => ("(\\S+)".into(), Plain),
        ('s', Some(n)) => (format!("(\\S{{1,{n}}})"), Plain),
        ('c', None) if space_before_c => ("\\s*(.)".into(), Plain),
        ('c', None) => ("(.)".into(), Plain),
        ('c', Some(n)) => (format!("(.{{1,{n}}})"), Plain),
        _ => (format!("({})", regex_escape(spec)), Nothing),
    }
}

/// Ruby's float directive: hex floats, digits not followed by more, or a
/// decimal with an optional exponent.
const FLOAT: &str = "([-+]?(?:0[xX](?:\\.[A-Fa-f0-9]+|[A-Fa-f0-9]+(?:\\.[A-Fa-f0-9]*)?)[pP][-+]?[0-9]+|[0-9]+(?![0-9.])|[0-9]*\\.[0-9]*(?:[eE][-+]?[0-9]+)?))";

fn regex_escape(s: &str) -> String {
    let mut out = String::new();
    for c in s.chars() {
        if "\\.+*?()|[]{}^$#&-~ ".contains(c) {
            out.push('\\');
        }
        out.push(c);
    }
    out
}

/// The format split into directives and literal runs, as Ruby's
/// `FormatString` scans it (whitespace between pieces belongs to the next
/// directive; standalone whitespace is dropped).
fn pieces(format: &str) -> Vec<Spec> {
    const SPECIFIERS: &str = "diuXxofFeEgGscaA";
    let chars: Vec<char> = format.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        // `\s*%...`
        let mut j = i;
        while j < chars.len() && chars[j].is_ascii_whitespace() {
            j += 1;
        }
        if j < chars.len() && chars[j] == '%' {
            let start = i;
            let mut k = j + 1;
            if chars.get(k) == Some(&'%') {
                out.push(Spec::new(&chars[start..=k].iter().collect::<String>()));
                i = k + 1;
                continue;
            }
            if chars.get(k) == Some(&'*') {
                k += 1;
            }
            while chars.get(k).is_some_and(|c| c.is_ascii_digit()) {
                k += 1;
            }
            let end = match chars.get(k) {
                Some('[') => {
                    let rest: String = chars[k..].iter().collect();
                    if rest.starts_with("[[:") {
                        rest.find(":]]").map(|p| k + p + 3)
                    } else {
                        chars[k + 1..]
                            .iter()
                            .position(|c| *c == ']')
                            .map(|p| k + 1 + p + 1)
                    }
                }
                Some(c)
                    if SPECIFIERS.contains(c.to_ascii_lowercase()) || SPECIFIERS.contains(*c) =>
                {
                    Some(k + 1)
                }
                _ => None,
            };
            match end {
                Some(e) => {
                    out.push(Spec::new(&chars[start..e].iter().collect::<String>()));
                    i = e;
                }
                // A `%` that starts no directive: Ruby's scanner skips it.
                None => i = j + 1,
            }
            continue;
        }
        if j > i {
            i = j;
            continue;
        }
        // `[^%\s]+`
        let start = i;
        while i < chars.len() && chars[i] != '%' && !chars[i].is_ascii_whitespace() {
            i += 1;
        }
        out.push(Spec::new(&chars[start..i].iter().collect::<String>()));
    }
    out
}

fn convert(handler: Handler, s: &str) -> Option<Value> {
    let signed = |s: &str, radix: u32| -> Option<i64> {
        let (neg, digits) = match s.strip_prefix('-') {
            Some(d) => (true, d),
            None => (false, s.strip_prefix('+').unwrap_or(s)),
        };
        let digits = if radix == 16 {
            digits
                .strip_prefix("0x")
                .or_else(|| digits.strip_prefix("0X"))
                .unwrap_or(digits)
        } else {
            digits
        };
        let n = i64::from_str_radix(digits, radix).ok()?;
        Some(if neg { -n } else { n })
    };
    Some(match handler {
        Handler::Decimal => Value::Integer(signed(s, 10)?),
        Handler::Hex => Value::Integer(signed(s, 16)?),
        Handler::Octal => Value::Integer(signed(s, 8)?),
        Handler::Integer => {
            let body = s.trim_start_matches(['-', '+']);
            let n = if body.starts_with("0x") || body.starts_with("0X") {
                signed(s, 16)?
            } else if body.len() > 1 && body.starts_with('0') {
                signed(s, 8)?
            } else {
                signed(s, 10)?
            };
            Value::Integer(n)
        }
        Handler::Float => Value::Float(ruby_to_f(s)),
        Handler::Plain => Value::string(s),
        Handler::Nothing => return None,
    })
}

/// Ruby's `String#to_f` of what the float directive matched (hex floats
/// with a binary exponent too).
fn ruby_to_f(s: &str) -> f64 {
    let (sign, body) = match s.strip_prefix('-') {
        Some(b) => (-1.0, b),
        None => (1.0, s.strip_prefix('+').unwrap_or(s)),
    };
    if let Some(hex) = body.strip_prefix("0x").or_else(|| body.strip_prefix("0X"))
        && let Some((mantissa, exp)) = hex.split_once(['p', 'P'])
    {
        let (int, frac) = mantissa.split_once('.').unwrap_or((mantissa, ""));
        let mut f =
            i64::from_str_radix(if int.is_empty() { "0" } else { int }, 16).unwrap_or(0) as f64;
        if !frac.is_empty() {
            f += i64::from_str_radix(frac, 16).unwrap_or(0) as f64 / 16f64.powi(frac.len() as i32);
        }
        return sign * f * 2f64.powi(exp.parse().unwrap_or(0));
    }
    // The longest prefix that parses (Ruby's to_f stops at the first bad byte).
    let mut end = body.len();
    while end > 0 {
        if let Ok(f) = body[..end].parse::<f64>() {
            return sign * f;
        }
        end -= 1;
    }
    0.0
}

/// Reads values out of `data` by `format`, as Ruby's `String#scanf`.
pub(crate) fn scan(data: &str, format: &str) -> Result<Vec<Value>, String> {
    let mut out = Vec::new();
    let mut left = data;
    for spec in pieces(format) {
        let re = Regex::new(&spec.pattern)
            .map_err(|e| format!("scanf(): invalid format directive '{}': {e}", spec.text))?;
        let s = if spec.count_space() {
            left
        } else {
            left.trim_start_matches(|c: char| c.is_ascii_whitespace())
        };
        let Ok(Some(caps)) = re.captures(s) else {
            break;
        };
        let Some(all) = caps.get(0) else {
            break;
        };
        let text = caps.get(1).map(|m| m.as_str()).unwrap_or("");
        if !spec.skip()
            && let Some(v) = convert(spec.handler, text)
        {
            out.push(v);
        }
        left = &s[all.end()..];
        if left.is_empty() {
            break;
        }
    }
    Ok(out)
}

/// `scanf(data, format)` without a lambda.
pub(crate) fn scanf(args: &[Value]) -> Result<Value, String> {
    let sigs = || vec![sig(&[P::Req("String", "data"), P::Req("String", "format")])];
    check("scanf", sigs, args)?;
    let data = args[0].as_str().unwrap_or_default();
    let format = args[1].as_str().unwrap_or_default();
    scan(data, format).map(Value::array)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn s(data: &str, format: &str) -> String {
        match scan(data, format) {
            Ok(v) => Value::array(v).to_display(),
            Err(e) => e,
        }
    }

    // Expected: Ruby 3.1 with Debian's ruby-scanf (scanf 1.0.0), the library
    // Puppet's scanf requires.
    #[test]
    fn reads_like_rubys_scanf() {
        assert_eq!(
            s("42 apples and 3.5 kg", "%d apples and %f kg"),
            "[42, 3.5]"
        );
        assert_eq!(s("abc123", "%[a-z]%d"), "[abc, 123]");
        assert_eq!(s("x", "%d"), "[]");
        assert_eq!(s("0x1F 077 -12", "%x %o %i"), "[31, 63, -12]");
        assert_eq!(s("  hello world", "%s%s"), "[hello, world]");
        assert_eq!(s("abc", "%c%c"), "[a, b]");
        assert_eq!(s("12345", "%2d%3d"), "[12, 345]");
        assert_eq!(s("1,2", "%d,%d"), "[1, 2]");
        assert_eq!(s("a1", "%*[a-z]%d"), "[1]");
        assert_eq!(s("0x10", "%i"), "[16]");
        assert_eq!(s("3.14e2xyz", "%f%s"), "[314.0, xyz]");
        assert_eq!(s("-5", "%u"), "[-5]");
        assert_eq!(s("ab cd", "%3c"), "[ab ]");
        assert_eq!(s("12abc", "%d%[^c]"), "[12, ab]");
        assert_eq!(s("", "%d"), "[]");
        assert_eq!(s("5 x", "%d %d"), "[5]");
    }
}
