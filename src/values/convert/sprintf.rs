//! Ruby's `Kernel#format` (what Puppet's `sprintf` and its string
//! conversions run): directives `%s %p %d %i %u %x %X %o %b %B %f %e %E %g
//! %G %a %A %c %%`, flags `- + space 0 #`, width, precision, `*`, `n$` and
//! `%<name>s`/`%{name}` with a hash; plus Ruby's `Integer()` and `Float()`
//! string parsing and its float rounding.

use super::super::value::{Value, format_float};
use indexmap::IndexMap;

/// One parsed directive.
#[derive(Debug, Clone, Default)]
pub(crate) struct Spec {
    pub minus: bool,
    pub plus: bool,
    pub space: bool,
    pub zero: bool,
    pub sharp: bool,
    pub width: Option<usize>,
    pub precision: Option<usize>,
    pub conv: char,
}

/// The Ruby exception class `format` raises.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FormatErrorKind {
    Argument,
    Type,
    Key,
    Range,
    FloatDomain,
    /// The result would be larger than the compile lets a value be (Ruby
    /// would try and fail with NoMemoryError); see [`crate::budget`].
    NoMemory,
}

/// Why `format` refused: Ruby's exception class and message.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FormatError {
    pub kind: FormatErrorKind,
    pub message: String,
}

impl FormatError {
    pub fn new(kind: FormatErrorKind, message: impl Into<String>) -> FormatError {
        FormatError {
            kind,
            message: message.into(),
        }
    }

    fn argument(message: impl Into<String>) -> FormatError {
        FormatError::new(FormatErrorKind::Argument, message)
    }
}

/// The integer an integer directive (`%d %x %o %b`) prints.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum FormatInt {
    Exact(i128),
    /// A Float beyond i128, printed as Ruby prints its exact integer.
    Huge(f64),
}

impl FormatInt {
    /// The integer part of a Float, as Ruby's `format` takes it.
    pub fn of_float(f: f64) -> Result<FormatInt, FormatError> {
        if f.is_nan() {
            return Err(FormatError::new(FormatErrorKind::FloatDomain, "NaN"));
        }
        if f.is_infinite() {
            let text = if f > 0.0 { "Infinity" } else { "-Infinity" };
            return Err(FormatError::new(FormatErrorKind::FloatDomain, text));
        }
        let t = f.trunc();
        if t.abs() >= 1.0e38 {
            return Ok(FormatInt::Huge(t));
        }
        Ok(FormatInt::Exact(t as i128))
    }
}

/// An argument of Ruby's `format`: what each directive needs of it. Puppet
/// values (Puppet's `sprintf` and string conversions) and the Ruby values of
/// ERB templates both format through the one engine, [`format_args`].
pub trait FormatArg: Clone {
    /// `%s`: Ruby's `to_s`.
    fn to_s(&self) -> String;
    /// `%p`: Ruby's `inspect`.
    fn inspect(&self) -> String;
    /// `%d %i %u %x %X %o %b %B`: Ruby's `Integer()` of the argument.
    fn to_format_int(&self) -> Result<FormatInt, FormatError>;
    /// `%f %e %E %g %G %a %A`: Ruby's `Float()` of the argument.
    fn to_float(&self) -> Result<f64, FormatError>;
    /// Whether the argument is an Integer (`%.0f` prints it exactly).
    fn is_integer(&self) -> bool;
    /// `%c`: a code point, or a one-character string.
    fn to_char(&self) -> Result<char, FormatError>;
    /// The width or precision taken by `*`.
    fn to_width(&self) -> Result<i64, FormatError>;
    /// When the argument is a hash: the value of key `name` (`%<name>s`,
    /// `%{name}`), `Some(None)` when it has no such key.
    fn named(&self, name: &str) -> Option<Option<Self>>;
}

/// Where a directive takes its argument from.
enum ArgRef {
    Next,
    Position(usize),
    Name(String),
}

/// Ruby's `format(fmt, *args)` over Puppet values (already in the form Ruby
/// would see them: see [`super::sprintf`] for Puppet's argument conversion).
/// A single hash argument serves `%<name>s` and `%{name}`.
pub(crate) fn ruby_format(fmt: &str, args: &[Value]) -> Result<String, String> {
    let hash = match args {
        [h @ Value::Hash(_)] => Some(h),
        _ => None,
    };
    format_args(fmt, args, hash).map_err(|e| e.message)
}

/// Ruby's `format(fmt, *args)`; `hash` is the hash that named references
/// (`%<name>s`, `%{name}`) read, if the call has one.
pub fn format_args<A: FormatArg>(
    fmt: &str,
    args: &[A],
    hash: Option<&A>,
) -> Result<String, FormatError> {
    let chars: Vec<char> = fmt.chars().collect();
    let mut out = String::with_capacity(fmt.len() + 16);
    let mut next_arg = 0usize;
    let mut used_positional = false;
    let mut used_next = false;
    let mut i = 0;
    let incomplete =
        || FormatError::argument("incomplete format specifier; use %% (double %) instead");
    while i < chars.len() {
        let c = chars[i];
        if c != '%' {
            out.push(c);
            i += 1;
            continue;
        }
        i += 1;
        if i >= chars.len() {
            return Err(incomplete());
        }
        let mut spec = Spec::default();
        let mut arg_ref = ArgRef::Next;
        let mut seen_width = false;
        let start = i - 1;
        let mut brace_value: Option<String> = None;
        loop {
            let Some(&c) = chars.get(i) else {
                return Err(incomplete());
            };
            match c {
                '%' if i == start + 1 => {
                    out.push('%');
                    i += 1;
                    break;
                }
                '-' | '+' | ' ' | '0' | '#' => {
                    if seen_width {
                        return Err(FormatError::argument("flag after width"));
                    }
                    match c {
                        '-' => spec.minus = true,
                        '+' => spec.plus = true,
                        ' ' => spec.space = true,
                        '0' => spec.zero = true,
                        _ => spec.sharp = true,
                    }
                    i += 1;
                }
                '<' | '{' => {
                    let close = if c == '<' { '>' } else { '}' };
                    let end = chars[i + 1..]
                        .iter()
                        .position(|&x| x == close)
                        .map(|p| p + i + 1)
                        .ok_or_else(|| {
                            FormatError::argument("malformed name - unmatched parenthesis")
                        })?;
                    let name: String = chars[i + 1..end].iter().collect();
                    if used_next {
                        return Err(FormatError::argument(format!(
                            "named{c}{name}{close} after unnumbered({next_arg})"
                        )));
                    }
                    let value = hash
                        .and_then(|h| h.named(&name))
                        .ok_or_else(|| FormatError::argument("one hash required"))?
                        .ok_or_else(|| {
                            FormatError::new(
                                FormatErrorKind::Key,
                                format!("key{c}{name}{close} not found"),
                            )
                        })?;
                    i = end + 1;
                    if c == '{' {
                        brace_value = Some(value.to_s());
                        break;
                    }
                    arg_ref = ArgRef::Name(name);
                }
                '1'..='9' => {
                    let mut n = 0usize;
                    while let Some(d) = chars.get(i).and_then(|c| c.to_digit(10)) {
                        n = n.saturating_mul(10).saturating_add(d as usize);
                        i += 1;
                    }
                    // Ruby reads widths and positions as a C int.
                    if n > i32::MAX as usize {
                        return Err(FormatError::argument("width too big"));
                    }
                    if chars.get(i) == Some(&'$') {
                        arg_ref = ArgRef::Position(n);
                        i += 1;
                    } else {
                        spec.width = Some(n);
                        seen_width = true;
                    }
                }
                '*' => {
                    let w = take_arg(args, &mut next_arg, &mut used_next, used_positional)?;
                    let n = c_int(w.to_width()?)?;
                    if n < 0 {
                        spec.minus = true;
                    }
                    spec.width = Some(n.unsigned_abs() as usize);
                    seen_width = true;
                    i += 1;
                }
                '.' => {
                    i += 1;
                    if chars.get(i) == Some(&'*') {
                        let p = take_arg(args, &mut next_arg, &mut used_next, used_positional)?;
                        spec.precision = Some(c_int(p.to_width()?)?.max(0) as usize);
                        i += 1;
                    } else {
                        let mut n = 0usize;
                        while let Some(d) = chars.get(i).and_then(|c| c.to_digit(10)) {
                            n = n.saturating_mul(10).saturating_add(d as usize);
                            i += 1;
                        }
                        if n > i32::MAX as usize {
                            return Err(FormatError::argument("precision too big"));
                        }
                        spec.precision = Some(n);
                    }
                    seen_width = true;
                }
                'b' | 'B' | 'd' | 'i' | 'u' | 'o' | 'x' | 'X' | 'e' | 'E' | 'f' | 'g' | 'G'
                | 'a' | 'A' | 'c' | 'p' | 's' => {
                    spec.conv = c;
                    i += 1;
                    let value = match &arg_ref {
                        ArgRef::Next => {
                            take_arg(args, &mut next_arg, &mut used_next, used_positional)?
                        }
                        ArgRef::Position(n) => {
                            if used_next {
                                return Err(FormatError::argument(format!(
                                    "numbered({n}) after unnumbered({next_arg})"
                                )));
                            }
                            used_positional = true;
                            args.get(n - 1)
                                .cloned()
                                .ok_or_else(|| FormatError::argument("too few arguments"))?
                        }
                        ArgRef::Name(name) => hash
                            .and_then(|h| h.named(name))
                            .flatten()
                            .ok_or_else(|| FormatError::argument("one hash required"))?,
                    };
                    check_spec(&spec)?;
                    let piece = format_one(&spec, &value)?;
                    check_len(out.len() + piece.len())?;
                    out.push_str(&piece);
                    break;
                }
                '\n' | '\0' => {
                    // Ruby keeps a lone `%` before a newline or NUL.
                    out.push('%');
                    break;
                }
                other => {
                    return Err(FormatError::argument(format!(
                        "malformed format string - %{other}"
                    )));
                }
            }
        }
        if let Some(v) = brace_value {
            check_spec(&spec)?;
            let piece = pad(&v, &spec);
            check_len(out.len() + piece.len())?;
            out.push_str(&piece);
        }
    }
    Ok(out)
}

/// A width or precision taken by `*`, as Ruby's `NUM2INT` takes it.
fn c_int(n: i64) -> Result<i64, FormatError> {
    if n > i32::MAX as i64 {
        Err(FormatError::new(
            FormatErrorKind::Range,
            format!("integer {n} too big to convert to `int'"),
        ))
    } else if n < i32::MIN as i64 {
        Err(FormatError::new(
            FormatErrorKind::Range,
            format!("integer {n} too small to convert to `int'"),
        ))
    } else {
        Ok(n)
    }
}

/// Refuses a directive whose width (or a number's precision: its digits)
/// would build a string larger than a value may be.
pub(crate) fn check_spec(spec: &Spec) -> Result<(), FormatError> {
    let numeric = !matches!(spec.conv, 's' | 'p' | 'c' | '\0');
    let mut size = spec.width.unwrap_or(0);
    if numeric {
        size = size.max(spec.precision.unwrap_or(0));
    }
    check_len(size)
}

/// Refuses a formatted string of `len` bytes larger than a value may be.
fn check_len(len: usize) -> Result<(), FormatError> {
    crate::budget::check_size("The formatted string", len)
        .map_err(|x| FormatError::new(FormatErrorKind::NoMemory, x.to_string()))
}

fn take_arg<A: FormatArg>(
    args: &[A],
    next: &mut usize,
    used_next: &mut bool,
    used_positional: bool,
) -> Result<A, FormatError> {
    if used_positional {
        return Err(FormatError::argument(format!(
            "unnumbered({}) mixed with numbered",
            *next + 1
        )));
    }
    *used_next = true;
    let v = args
        .get(*next)
        .cloned()
        .ok_or_else(|| FormatError::argument("too few arguments"))?;
    *next += 1;
    Ok(v)
}

impl FormatArg for Value {
    fn to_s(&self) -> String {
        to_s(self)
    }

    fn inspect(&self) -> String {
        inspect(self)
    }

    fn to_format_int(&self) -> Result<FormatInt, FormatError> {
        match self {
            Value::Float(f) => FormatInt::of_float(*f),
            other => to_integer(other)
                .map(|n| FormatInt::Exact(n as i128))
                .map_err(FormatError::argument),
        }
    }

    fn to_float(&self) -> Result<f64, FormatError> {
        to_float(self).map_err(FormatError::argument)
    }

    fn is_integer(&self) -> bool {
        matches!(self, Value::Integer(_))
    }

    fn to_char(&self) -> Result<char, FormatError> {
        let code = match self {
            Value::Integer(i) => *i,
            Value::String(s) if s.chars().count() == 1 => {
                return Ok(s.chars().next().unwrap_or(' '));
            }
            Value::String(_) => return Err(FormatError::argument("%c requires a character")),
            other => to_integer(other).map_err(FormatError::argument)?,
        };
        u32::try_from(code)
            .ok()
            .and_then(char::from_u32)
            .ok_or_else(|| {
                FormatError::new(FormatErrorKind::Range, format!("{code} out of char range"))
            })
    }

    fn to_width(&self) -> Result<i64, FormatError> {
        match self {
            Value::Integer(i) => Ok(*i),
            Value::Float(f) => Ok(f.trunc() as i64),
            other => to_integer(other).map_err(FormatError::argument),
        }
    }

    fn named(&self, name: &str) -> Option<Option<Value>> {
        match self {
            Value::Hash(h) => Some(lookup_name(h, name)),
            _ => None,
        }
    }
}

fn lookup_name(hash: &IndexMap<Value, Value>, name: &str) -> Option<Value> {
    hash.iter()
        .find(|(k, _)| k.as_str() == Some(name))
        .map(|(_, v)| v.clone())
}

/// Formats one Puppet value with one directive (the string conversions of
/// `String(value, format)`).
pub(crate) fn format_directive(spec: &Spec, value: &Value) -> Result<String, String> {
    check_spec(spec).map_err(|e| e.message)?;
    format_one(spec, value).map_err(|e| e.message)
}

/// Formats one value with one directive, as Ruby's `format` does.
fn format_one<A: FormatArg>(spec: &Spec, value: &A) -> Result<String, FormatError> {
    match spec.conv {
        's' => {
            let mut s = value.to_s();
            if let Some(p) = spec.precision {
                s = s.chars().take(p).collect();
            }
            Ok(pad(&s, spec))
        }
        'p' => {
            let mut s = value.inspect();
            if let Some(p) = spec.precision {
                s = s.chars().take(p).collect();
            }
            Ok(pad(&s, spec))
        }
        'c' => Ok(pad(&value.to_char()?.to_string(), spec)),
        'd' | 'i' | 'u' | 'x' | 'X' | 'o' | 'b' | 'B' => match value.to_format_int()? {
            FormatInt::Exact(n) => Ok(format_integer(n, spec)),
            // Beyond i128: Ruby prints the exact integer.
            FormatInt::Huge(t) => Ok(format_big_float_int(t, spec)),
        },
        'f' | 'e' | 'E' | 'g' | 'G' | 'a' | 'A' => {
            let f = value.to_float()?;
            if spec.conv == 'f' && value.is_integer() && spec.precision == Some(0) {
                // Ruby formats an Integer for `%f` exactly, without a point.
                let plain = Spec {
                    sharp: false,
                    ..spec.clone()
                };
                return Ok(format_float_spec(f, &plain));
            }
            Ok(format_float_spec(f, spec))
        }
        other => Err(FormatError::argument(format!(
            "malformed format string - %{other}"
        ))),
    }
}

/// Pads to the width (left-aligned with `-`); strings never get zeros.
fn pad(s: &str, spec: &Spec) -> String {
    let len = s.chars().count();
    match spec.width {
        Some(w) if w > len => {
            let fill = " ".repeat(w - len);
            if spec.minus {
                format!("{s}{fill}")
            } else {
                format!("{fill}{s}")
            }
        }
        _ => s.to_string(),
    }
}

/// Pads a number: `prefix` (sign, `0x`) stays before zero padding.
fn pad_number(prefix: &str, digits: &str, spec: &Spec, allow_zero: bool) -> String {
    let len = prefix.chars().count() + digits.chars().count();
    match spec.width {
        Some(w) if w > len => {
            if spec.minus {
                format!("{prefix}{digits}{}", " ".repeat(w - len))
            } else if spec.zero && allow_zero {
                format!("{prefix}{}{digits}", "0".repeat(w - len))
            } else {
                format!("{}{prefix}{digits}", " ".repeat(w - len))
            }
        }
        _ => format!("{prefix}{digits}"),
    }
}

fn format_integer(n: i128, spec: &Spec) -> String {
    let (radix, upper) = match spec.conv {
        'x' => (16, false),
        'X' => (16, true),
        'o' => (8, false),
        'b' => (2, false),
        'B' => (2, true),
        _ => (10, false),
    };
    let signed = spec.plus || spec.space || radix == 10;
    let negative = n < 0;
    // Ruby shows negative numbers without a sign flag in two's complement (`..f01`).
    let twos = negative && !signed;
    let top = digit_char(radix - 1);
    let mut digits = if twos {
        twos_complement_digits(n, radix)
    } else {
        to_radix(n.unsigned_abs(), radix)
    };
    if n == 0 && spec.precision == Some(0) {
        digits.clear();
    }
    if let Some(p) = spec.precision {
        let target = if twos { p.saturating_sub(2) } else { p };
        let len = digits.chars().count();
        if target > len {
            let fill = if twos { top } else { '0' };
            digits = format!("{}{digits}", fill.to_string().repeat(target - len));
        }
    }
    let mut prefix = String::new();
    if !twos {
        if negative {
            prefix.push('-');
        } else if spec.plus {
            prefix.push('+');
        } else if spec.space {
            prefix.push(' ');
        }
    }
    if spec.sharp {
        match spec.conv {
            'x' if n != 0 => prefix.push_str("0x"),
            'X' if n != 0 => prefix.push_str("0X"),
            'b' if n != 0 => prefix.push_str("0b"),
            'B' if n != 0 => prefix.push_str("0B"),
            'o' if !twos && !digits.starts_with('0') => prefix.push('0'),
            _ => {}
        }
    }
    if upper {
        digits = digits.to_uppercase();
    }
    if twos {
        prefix.push_str("..");
        if spec.zero
            && !spec.minus
            && spec.precision.is_none()
            && let Some(w) = spec.width
        {
            let len = prefix.len() + digits.len();
            if w > len {
                let fill = if upper { top.to_ascii_uppercase() } else { top };
                digits = format!("{}{digits}", fill.to_string().repeat(w - len));
            }
        }
        return pad_number(&prefix, &digits, spec, false);
    }
    pad_number(&prefix, &digits, spec, spec.precision.is_none())
}

fn digit_char(d: u32) -> char {
    char::from_digit(d, 36).unwrap_or('0')
}

fn to_radix(mut n: u128, radix: u32) -> String {
    if n == 0 {
        return "0".into();
    }
    let mut out = Vec::new();
    while n > 0 {
        out.push(digit_char((n % radix as u128) as u32));
        n /= radix as u128;
    }
    out.iter().rev().collect()
}

/// Ruby's two's complement digits of a negative number (`-255` → `f01`):
/// the minimal digits, led by one digit of the sign.
fn twos_complement_digits(n: i128, radix: u32) -> String {
    // 120 bits is a multiple of 1, 3 and 4 bits per digit.
    let bits = 120u32;
    let v = n as u128 & ((1u128 << bits) - 1);
    let all = to_radix(v, radix);
    let top = digit_char(radix - 1);
    let trimmed = all.trim_start_matches(top);
    format!("{top}{trimmed}")
}

fn format_big_float_int(t: f64, spec: &Spec) -> String {
    let digits = format!("{:.0}", t.abs());
    let prefix = if t < 0.0 {
        "-"
    } else if spec.plus {
        "+"
    } else if spec.space {
        " "
    } else {
        ""
    };
    pad_number(prefix, &digits, spec, true)
}

/// Ruby's `to_s` of a value as Puppet hands it to Ruby.
pub(crate) fn to_s(v: &Value) -> String {
    match v {
        Value::Undef => String::new(),
        Value::Default => "default".into(),
        Value::String(s) => String::from(&**s),
        Value::Array(_) | Value::Hash(_) => inspect(v),
        Value::Regex(r) => format!("(?-mix:{})", r.source),
        Value::Sensitive(_) => "Sensitive [value redacted]".into(),
        other => other.to_display(),
    }
}

/// Ruby's `inspect` of a value as Puppet hands it to Ruby.
pub(crate) fn inspect(v: &Value) -> String {
    match v {
        Value::Undef => "nil".into(),
        Value::Default => ":default".into(),
        Value::Bool(b) => b.to_string(),
        Value::Integer(i) => i.to_string(),
        Value::Float(f) => format_float(*f),
        Value::String(s) => ruby_string_inspect(s),
        Value::Regex(r) => super::super::types::regexp_inspect(&r.source),
        Value::Array(items) => format!(
            "[{}]",
            items.iter().map(inspect).collect::<Vec<_>>().join(", ")
        ),
        Value::Hash(map) => format!(
            "{{{}}}",
            map.iter()
                .map(|(k, v)| format!("{}=>{}", inspect(k), inspect(v)))
                .collect::<Vec<_>>()
                .join(", ")
        ),
        Value::Type(t) => t.to_string(),
        Value::Sensitive(_) => "#<Sensitive [value redacted]>".into(),
        Value::Timespan(ns) => format!("#<Puppet::Pops::Time::Timespan @nsecs={ns}>"),
        Value::Timestamp(ns) => format!("#<Puppet::Pops::Time::Timestamp @nsecs={ns}>"),
        Value::SemVer(_) | Value::SemVerRange(_) | Value::Binary(_) => v.to_display(),
    }
}

/// Ruby's `String#inspect`: double quotes with escapes.
pub(crate) fn ruby_string_inspect(s: &str) -> String {
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
            '\u{1b}' => out.push_str("\\e"),
            '\u{7}' => out.push_str("\\a"),
            '\u{8}' => out.push_str("\\b"),
            '\u{b}' => out.push_str("\\v"),
            '\u{c}' => out.push_str("\\f"),
            '#' if matches!(chars.peek(), Some('{') | Some('$') | Some('@')) => out.push_str("\\#"),
            c if (c as u32) < 0x20 || c as u32 == 0x7f => {
                out.push_str(&format!("\\x{:02X}", c as u32))
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// Ruby's conversion of a `%d` argument to an integer.
pub(crate) fn to_integer(v: &Value) -> Result<i64, String> {
    match v {
        Value::Integer(i) => Ok(*i),
        Value::Float(f) => Ok(f.trunc() as i64),
        Value::String(s) => ruby_integer(s, None),
        Value::Undef => Err("can't convert nil into Integer".into()),
        Value::Bool(b) => Err(format!("can't convert {b} into Integer")),
        Value::Default => Err("can't convert Symbol into Integer".into()),
        Value::Array(_) => Err("can't convert Array into Integer".into()),
        Value::Hash(_) => Err("can't convert Hash into Integer".into()),
        Value::Regex(_) => Err("can't convert Regexp into Integer".into()),
        Value::Timespan(ns) | Value::Timestamp(ns) => Ok(ns.div_euclid(1_000_000_000)),
        Value::Type(_)
        | Value::Sensitive(_)
        | Value::SemVer(_)
        | Value::SemVerRange(_)
        | Value::Binary(_) => Err("can't convert Object into Integer".into()),
    }
}

/// Ruby's `Float()` of a `%f` argument.
pub(crate) fn to_float(v: &Value) -> Result<f64, String> {
    match v {
        Value::Integer(i) => Ok(*i as f64),
        Value::Float(f) => Ok(*f),
        Value::String(s) => ruby_float(s),
        Value::Undef => Err("can't convert nil into Float".into()),
        Value::Bool(b) => Err(format!("can't convert {b} into Float")),
        Value::Default => Err("can't convert Symbol into Float".into()),
        Value::Array(_) => Err("can't convert Array into Float".into()),
        Value::Hash(_) => Err("can't convert Hash into Float".into()),
        Value::Regex(_) => Err("can't convert Regexp into Float".into()),
        Value::Timespan(ns) | Value::Timestamp(ns) => Ok(*ns as f64 / 1e9),
        Value::Type(_)
        | Value::Sensitive(_)
        | Value::SemVer(_)
        | Value::SemVerRange(_)
        | Value::Binary(_) => Err("can't convert Object into Float".into()),
    }
}

/// Digits (0-9, a-z) with single underscores between them, as Ruby accepts.
fn parse_digits(s: &str, radix: u32) -> Option<u128> {
    if s.is_empty() || s.starts_with('_') || s.ends_with('_') || s.contains("__") {
        return None;
    }
    let mut n: u128 = 0;
    for c in s.chars() {
        if c == '_' {
            continue;
        }
        let d = c.to_digit(radix)?;
        n = n.checked_mul(radix as u128)?.checked_add(d as u128)?;
    }
    Some(n)
}

/// Ruby's `Integer(str)` / `Integer(str, radix)`: surrounding whitespace,
/// a sign, the prefixes `0x`, `0b`, `0o`, `0d` and a leading `0` for octal,
/// underscores between digits.
pub(crate) fn ruby_integer(s: &str, radix: Option<u32>) -> Result<i64, String> {
    let err = || format!("invalid value for Integer(): {}", ruby_string_inspect(s));
    let t = s.trim_matches(|c: char| c.is_ascii_whitespace());
    let (neg, body) = match t.as_bytes().first() {
        Some(b'-') => (true, &t[1..]),
        Some(b'+') => (false, &t[1..]),
        _ => (false, t),
    };
    let lower = body.to_ascii_lowercase();
    let (base, digits) = match radix {
        None => {
            if let Some(r) = lower.strip_prefix("0x") {
                (16, r)
            } else if let Some(r) = lower.strip_prefix("0b") {
                (2, r)
            } else if let Some(r) = lower.strip_prefix("0o") {
                (8, r)
            } else if let Some(r) = lower.strip_prefix("0d") {
                (10, r)
            } else if lower.len() > 1 && lower.starts_with('0') {
                (8, &lower[1..])
            } else {
                (10, lower.as_str())
            }
        }
        Some(r) => {
            let prefixed = match r {
                16 => lower.strip_prefix("0x"),
                2 => lower.strip_prefix("0b"),
                8 => lower
                    .strip_prefix("0o")
                    .or_else(|| (lower.len() > 1 && lower.starts_with('0')).then(|| &lower[1..])),
                10 => lower.strip_prefix("0d"),
                _ => None,
            };
            (r, prefixed.unwrap_or(lower.as_str()))
        }
    };
    let n = parse_digits(digits, base).ok_or_else(err)?;
    let v = i64::try_from(n).map_err(|_| err())?;
    Ok(if neg { -v } else { v })
}

/// Ruby's `Float(str)`: decimal with digits on both sides of a `.`, an
/// exponent, underscores between digits, or a hex integer (`0x1A`).
pub(crate) fn ruby_float(s: &str) -> Result<f64, String> {
    let err = || format!("invalid value for Float(): {}", ruby_string_inspect(s));
    let t = s.trim_matches(|c: char| c.is_ascii_whitespace());
    let (neg, body) = match t.as_bytes().first() {
        Some(b'-') => (true, &t[1..]),
        Some(b'+') => (false, &t[1..]),
        _ => (false, t),
    };
    let lower = body.to_ascii_lowercase();
    if let Some(hex) = lower.strip_prefix("0x") {
        let n = parse_digits(hex, 16).ok_or_else(err)?;
        let v = n as f64;
        return Ok(if neg { -v } else { v });
    }
    // mantissa [. fraction] [e [sign] exponent], each part digits with single underscores
    let (mant, exp) = match lower.find('e') {
        Some(p) => (&lower[..p], Some(&lower[p + 1..])),
        None => (lower.as_str(), None),
    };
    let (int_part, frac) = match mant.find('.') {
        Some(p) => (&mant[..p], Some(&mant[p + 1..])),
        None => (mant, None),
    };
    let digits_ok = |d: &str| {
        parse_digits(d, 10).is_some() || (d.len() > 40 && d.chars().all(|c| c.is_ascii_digit()))
    };
    if !digits_ok(int_part) || frac.is_some_and(|f| !digits_ok(f)) {
        return Err(err());
    }
    if let Some(e) = exp {
        let e = e.strip_prefix(['+', '-']).unwrap_or(e);
        if !digits_ok(e) {
            return Err(err());
        }
    }
    let clean: String = lower.chars().filter(|c| *c != '_').collect();
    let v: f64 = clean.parse().map_err(|_| err())?;
    Ok(if neg { -v } else { v })
}

/// The exact decimal digits of `|x|` (finite, non-zero): digits without
/// leading or trailing zeros and `exp` with `x = 0.DIGITS × 10^exp`.
fn exact_digits(x: f64) -> (Vec<u8>, i32) {
    let s = format!("{:.800e}", x.abs());
    let (mant, exp) = s.split_once('e').unwrap_or((&s, "0"));
    let exp: i32 = exp.parse().unwrap_or(0);
    let mut digits: Vec<u8> = mant
        .bytes()
        .filter(u8::is_ascii_digit)
        .map(|b| b - b'0')
        .collect();
    while digits.last() == Some(&0) && digits.len() > 1 {
        digits.pop();
    }
    (digits, exp + 1)
}

const TENS: [f64; 23] = [
    1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16,
    1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
];
const BIGTENS: [f64; 5] = [1e16, 1e32, 1e64, 1e128, 1e256];

/// What the fast floating-point pass of Ruby's `dtoa` decides about the
/// last digit.
enum Quick {
    /// The digits (no trailing zeros) and `exp` (`x ≈ 0.DIGITS × 10^exp`).
    Done(Vec<u8>, i32),
    /// Too close to halfway with an even last digit: Ruby keeps it.
    Truncate,
    /// Undecided: the exact computation rounds (half to even on true ties).
    Exact,
}

/// The fast pass of Ruby's `dtoa` in modes 2 (`ndigits` significant digits)
/// and 3 (`ndigits` after the point), replayed in the same double
/// arithmetic, so values near a halfway point round as Ruby rounds them.
fn quick_pass(x: f64, mode3: bool, ndigits: i32) -> Quick {
    let bits = x.to_bits();
    let biased = ((bits >> 52) & 0x7ff) as i32;
    if biased == 0 {
        return Quick::Exact;
    }
    let i = biased - 1023;
    let d2 = f64::from_bits((bits & ((1u64 << 52) - 1)) | (1023u64 << 52));
    // Ruby's dtoa estimate of log10, with its truncated constants.
    #[allow(clippy::approx_constant)]
    let ds = (d2 - 1.5) * 0.289529654602168 + 0.1760912590558 + f64::from(i) * 0.301029995663981;
    let mut k = ds as i32;
    if ds < 0.0 && ds != f64::from(k) {
        k -= 1;
    }
    let mut k_check = true;
    if (0..=22).contains(&k) {
        if x < TENS[k as usize] {
            k -= 1;
        }
        k_check = false;
    }
    let (mut ilim, ilim1) = if mode3 {
        let i = ndigits + k + 1;
        (i, i - 1)
    } else {
        let n = ndigits.max(1);
        (n, n)
    };
    if !(0..=14).contains(&ilim) {
        return Quick::Exact;
    }
    let mut d = x;
    let mut ieps = 2;
    if k > 0 {
        let mut ds = TENS[(k & 0xf) as usize];
        let mut j = k >> 4;
        if j & 0x10 != 0 {
            j &= 0xf;
            d /= BIGTENS[4];
            ieps += 1;
        }
        let mut idx = 0;
        while j != 0 {
            if j & 1 != 0 {
                ieps += 1;
                ds *= BIGTENS[idx];
            }
            j >>= 1;
            idx += 1;
        }
        d /= ds;
    } else if k < 0 {
        let j1 = -k;
        d *= TENS[(j1 & 0xf) as usize];
        let mut j = j1 >> 4;
        let mut idx = 0;
        while j != 0 {
            if j & 1 != 0 {
                ieps += 1;
                d *= BIGTENS[idx.min(4)];
            }
            j >>= 1;
            idx += 1;
        }
    }
    if k_check && d < 1.0 && ilim > 0 {
        if ilim1 <= 0 {
            return Quick::Exact;
        }
        ilim = ilim1;
        k -= 1;
        d *= 10.0;
        ieps += 1;
    }
    let mut eps = f64::from(ieps) * d + 7.0;
    eps = f64::from_bits(eps.to_bits() - (52u64 << 52));
    if ilim == 0 {
        d -= 5.0;
        return if d > eps {
            Quick::Done(vec![1], k + 2)
        } else if d < -eps {
            Quick::Done(Vec::new(), -ndigits)
        } else {
            Quick::Exact
        };
    }
    eps *= TENS[(ilim - 1) as usize];
    let mut digits: Vec<u8> = Vec::with_capacity(ilim as usize);
    let mut i = 1;
    loop {
        let l = d as i64;
        d -= l as f64;
        if d == 0.0 {
            ilim = i;
        }
        digits.push(l.clamp(0, 9) as u8);
        if i == ilim {
            let up = if d > 0.5 + eps {
                true
            } else if d < 0.5 - eps {
                false
            } else if l & 1 == 1 {
                true
            } else {
                return Quick::Truncate;
            };
            if up {
                while digits.last() == Some(&9) {
                    digits.pop();
                }
                match digits.last_mut() {
                    Some(last) => *last += 1,
                    None => {
                        return Quick::Done(vec![1], k + 2);
                    }
                }
            } else {
                while digits.last() == Some(&0) {
                    digits.pop();
                }
            }
            return Quick::Done(digits, k + 1);
        }
        d *= 10.0;
        i += 1;
    }
}

/// Rounds `|x|` (finite, non-zero) as Ruby's `dtoa` does: mode 3 keeps
/// `ndigits` digits after the point, mode 2 `ndigits` significant digits.
/// Gives dtoa's digit string (trailing zeros dropped, except where Ruby
/// keeps them) and `exp` (`x ≈ 0.DIGITS × 10^exp`).
fn round_ruby(x: f64, mode3: bool, ndigits: i32) -> (Vec<u8>, i32) {
    let x = x.abs();
    // Like Ruby, try the fast pass first; the exact digits only when needed.
    let truncate = match quick_pass(x, mode3, ndigits) {
        Quick::Done(d, e) => return (d, e),
        Quick::Truncate => true,
        Quick::Exact => false,
    };
    let (digits, exp) = exact_digits(x);
    let keep = if mode3 { ndigits + exp } else { ndigits.max(1) };
    if keep >= digits.len() as i32 {
        return (digits, exp);
    }
    if keep < 0 {
        return (Vec::new(), exp);
    }
    let keep = keep as usize;
    if keep == 0 {
        // No digit kept: Ruby rounds up only above the halfway point.
        let above_half = digits[0] > 5 || (digits[0] == 5 && digits.len() > 1);
        return if above_half {
            (vec![1], exp + 1)
        } else {
            (Vec::new(), exp)
        };
    }
    let mut kept: Vec<u8> = digits[..keep].to_vec();
    let rest = &digits[keep..];
    let odd = kept.last().is_some_and(|d| d % 2 == 1);
    let exact_up = if rest.len() == 1 && rest[0] == 5 {
        odd
    } else {
        rest[0] >= 5
    };
    if truncate {
        if exact_up {
            // Ruby's round-off without the increment: trailing 9s go,
            // trailing zeros stay.
            while kept.last() == Some(&9) {
                kept.pop();
            }
        } else {
            while kept.last() == Some(&0) {
                kept.pop();
            }
        }
        return (kept, exp);
    }
    if !exact_up {
        while kept.last() == Some(&0) {
            kept.pop();
        }
        return (kept, exp);
    }
    while kept.last() == Some(&9) {
        kept.pop();
    }
    match kept.last_mut() {
        Some(last) => {
            *last += 1;
            (kept, exp)
        }
        None => (vec![1], exp + 1),
    }
}

fn digit_string(digits: &[u8], from: i32, to: i32) -> String {
    // digits[i] has weight position i; positions outside are zeros.
    (from..to)
        .map(|i| {
            if i >= 0 && (i as usize) < digits.len() {
                (b'0' + digits[i as usize]) as char
            } else {
                '0'
            }
        })
        .collect()
}

/// `%f` body of `|x|` with `prec` decimals.
fn fixed_body(x: f64, prec: usize, sharp: bool) -> String {
    if x == 0.0 {
        return if prec > 0 {
            format!("0.{}", "0".repeat(prec))
        } else if sharp {
            "0.".into()
        } else {
            "0".into()
        };
    }
    let (digits, exp) = round_ruby(x, true, prec as i32);
    let int_part = if exp > 0 {
        digit_string(&digits, 0, exp)
    } else {
        "0".to_string()
    };
    let frac = digit_string(&digits, exp, exp + prec as i32);
    if prec > 0 {
        format!("{int_part}.{frac}")
    } else if sharp {
        format!("{int_part}.")
    } else {
        int_part
    }
}

/// `%e` body of `|x|`: mantissa with `prec` decimals and exponent.
fn exp_body(x: f64, prec: usize, sharp: bool, upper: bool) -> String {
    let (digits, exp) = if x == 0.0 {
        (vec![0u8], 1)
    } else {
        round_ruby(x, false, prec as i32 + 1)
    };
    let e = exp - 1;
    let first = digit_string(&digits, 0, 1);
    let rest = digit_string(&digits, 1, prec as i32 + 1);
    let mut s = first;
    if prec > 0 || sharp {
        s.push('.');
    }
    s.push_str(&rest);
    s.push(if upper { 'E' } else { 'e' });
    s.push(if e < 0 { '-' } else { '+' });
    s.push_str(&format!("{:02}", e.abs()));
    s
}

/// `%g` body of `|x|`: dtoa's significant digits, in fixed or exponent
/// form; without `#` only the digits dtoa gives are shown.
fn general_body(x: f64, prec: usize, sharp: bool, upper: bool) -> String {
    let p = if prec == 0 { 1 } else { prec };
    let (digits, expt) = if x == 0.0 {
        (vec![0u8], 1)
    } else {
        round_ruby(x, false, p as i32)
    };
    let ndig = digits.len().max(1);
    let e = expt - 1;
    if e < -4 || e >= p as i32 {
        let shown = if sharp { p } else { ndig };
        let mut s = digit_string(&digits, 0, 1);
        if shown > 1 || sharp {
            s.push('.');
        }
        s.push_str(&digit_string(&digits, 1, shown as i32));
        s.push(if upper { 'E' } else { 'e' });
        s.push(if e < 0 { '-' } else { '+' });
        s.push_str(&format!("{:02}", e.abs()));
        s
    } else {
        let decimals = if sharp {
            p as i32 - expt
        } else {
            ndig as i32 - expt
        }
        .max(0);
        let int_part = if expt > 0 {
            digit_string(&digits, 0, expt)
        } else {
            "0".to_string()
        };
        let frac = digit_string(&digits, expt, expt + decimals);
        if decimals > 0 {
            format!("{int_part}.{frac}")
        } else if sharp {
            format!("{int_part}.")
        } else {
            int_part
        }
    }
}

/// `%a`: hexadecimal float.
fn hex_body(x: f64, prec: Option<usize>, upper: bool, sharp: bool) -> String {
    let (lead, frac, e) = if x == 0.0 {
        (0u64, "0".repeat(prec.unwrap_or(0)), 0i64)
    } else {
        let bits = x.abs().to_bits();
        let mut exp = ((bits >> 52) & 0x7ff) as i64;
        let mut mant = bits & ((1u64 << 52) - 1);
        if exp == 0 {
            // Subnormal: normalize.
            let shift = mant.leading_zeros() as i64 - 11;
            mant = (mant << shift) & ((1u64 << 52) - 1);
            exp = 1 - shift;
        }
        let mut e = exp - 1023;
        match prec {
            Some(p) if p < 13 => {
                // Round the mantissa to p hex digits, half to even.
                let drop = ((13 - p) * 4) as u32;
                let full = (1u64 << 52) | mant;
                let rem = full & ((1u64 << drop) - 1);
                let mut kept = full >> drop;
                let half = 1u64 << (drop - 1);
                if rem > half || (rem == half && kept & 1 == 1) {
                    kept += 1;
                }
                let mut lead = kept >> (p * 4);
                let mut frac_bits = kept & ((1u64 << (p * 4)) - 1);
                if lead >= 2 {
                    lead = 1;
                    frac_bits = 0;
                    e += 1;
                }
                let frac = if p > 0 {
                    format!("{frac_bits:0width$x}", width = p)
                } else {
                    String::new()
                };
                (lead, frac, e)
            }
            Some(p) => (1, format!("{mant:013x}{}", "0".repeat(p - 13)), e),
            None => (
                1,
                format!("{mant:013x}").trim_end_matches('0').to_string(),
                e,
            ),
        }
    };
    let dot = if !frac.is_empty() || sharp { "." } else { "" };
    let s = format!(
        "0x{lead}{dot}{frac}p{}{}",
        if e < 0 { '-' } else { '+' },
        e.abs()
    );
    if upper { s.to_uppercase() } else { s }
}

fn format_float_spec(f: f64, spec: &Spec) -> String {
    let sign = if f.is_sign_negative() && !f.is_nan() {
        "-"
    } else if spec.plus {
        "+"
    } else if spec.space {
        " "
    } else {
        ""
    };
    if f.is_nan() || f.is_infinite() {
        let body = if f.is_nan() { "NaN" } else { "Inf" };
        return pad_number(sign, body, spec, false);
    }
    let x = f.abs();
    let upper = spec.conv.is_ascii_uppercase();
    let body = match spec.conv {
        'f' => fixed_body(x, spec.precision.unwrap_or(6), spec.sharp),
        'e' | 'E' => exp_body(x, spec.precision.unwrap_or(6), spec.sharp, upper),
        'g' | 'G' => general_body(x, spec.precision.unwrap_or(6), spec.sharp, upper),
        _ => hex_body(x, spec.precision, upper, spec.sharp),
    };
    if matches!(spec.conv, 'a' | 'A') {
        // The zero padding goes after the `0x`.
        if spec.zero
            && !spec.minus
            && let Some(w) = spec.width
        {
            let len = sign.len() + body.len();
            if w > len {
                return format!("{sign}{}{}{}", &body[..2], "0".repeat(w - len), &body[2..]);
            }
        }
        return pad_number(sign, &body, spec, false);
    }
    pad_number(sign, &body, spec, true)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn f(fmt: &str, args: &[Value]) -> String {
        match ruby_format(fmt, args) {
            Ok(s) => s,
            Err(e) => format!("Error: {e}"),
        }
    }
    fn i(n: i64) -> Value {
        Value::Integer(n)
    }
    fn fl(x: f64) -> Value {
        Value::Float(x)
    }
    fn s(x: &str) -> Value {
        Value::string(x)
    }

    // Expected strings: Ruby 3.1's format (Puppet 7's runtime) on the same input.
    #[test]
    fn integers() {
        assert_eq!(f("%x", &[i(255)]), "ff");
        assert_eq!(f("%b", &[i(5)]), "101");
        assert_eq!(f("%o", &[i(8)]), "10");
        assert_eq!(f("%+d", &[i(5)]), "+5");
        assert_eq!(f("% d", &[i(5)]), " 5");
        assert_eq!(f("%#x", &[i(255)]), "0xff");
        assert_eq!(f("%#o", &[i(8)]), "010");
        assert_eq!(f("%#b", &[i(5)]), "0b101");
        assert_eq!(f("%#X", &[i(255)]), "0XFF");
        assert_eq!(f("%#B", &[i(5)]), "0B101");
        assert_eq!(f("%x", &[i(-255)]), "..f01");
        assert_eq!(f("%b", &[i(-5)]), "..1011");
        assert_eq!(f("%o", &[i(-8)]), "..70");
        assert_eq!(f("%+x", &[i(-255)]), "-ff");
        assert_eq!(f("%08x", &[i(-1)]), "..ffffff");
        assert_eq!(f("%#x", &[i(0)]), "0");
        assert_eq!(f("%.3d", &[i(5)]), "005");
        assert_eq!(f("%-08d|", &[i(5)]), "5       |");
        assert_eq!(f("%+05d", &[i(5)]), "+0005");
        assert_eq!(f("%-3d|", &[i(-1)]), "-1 |");
        assert_eq!(f("%-10d|", &[i(42)]), "42        |");
        assert_eq!(f("%*d|", &[i(5), i(1)]), "    1|");
        assert_eq!(f("%-+5d|", &[i(1)]), "+1   |");
        assert_eq!(f("%d", &[fl(1.5)]), "1");
        assert_eq!(f("%d", &[fl(-2.5)]), "-2");
        assert_eq!(f("%d", &[fl(1e20)]), "100000000000000000000");
        assert_eq!(f("%x", &[fl(1.5)]), "1");
        assert_eq!(f("%d", &[s("12")]), "12");
        assert_eq!(f("%d", &[s(" 12 ")]), "12");
        assert_eq!(f("%d", &[s("0x1F")]), "31");
        assert_eq!(f("%d", &[s("1_000")]), "1000");
        assert_eq!(f("%d", &[s("0b101")]), "5");
        assert_eq!(f("%d", &[s("0o17")]), "15");
        assert_eq!(f("%d", &[s("017")]), "15");
        assert_eq!(f("%d", &[s("-0x1a")]), "-26");
        assert_eq!(f("%u", &[i(-5)]), "-5");
        assert_eq!(f("%c", &[i(65)]), "A");
        assert_eq!(f("%c", &[s("h")]), "h");
        assert_eq!(f("%c", &[i(0x263A)]), "☺");
        assert_eq!(f("%-5c|", &[i(65)]), "A    |");
    }

    #[test]
    fn floats() {
        assert_eq!(f("%05.1f", &[fl(3.14158)]), "003.1");
        assert_eq!(f("%08.3f", &[fl(-3.14158)]), "-003.142");
        assert_eq!(f("%e", &[fl(12345.678)]), "1.234568e+04");
        assert_eq!(f("%g", &[fl(0.0001)]), "0.0001");
        assert_eq!(f("%g", &[fl(123456789.0)]), "1.23457e+08");
        assert_eq!(f("%g", &[i(100000)]), "100000");
        assert_eq!(f("%g", &[fl(1234567.0)]), "1.23457e+06");
        assert_eq!(f("%g", &[fl(1e-5)]), "1e-05");
        assert_eq!(f("%g", &[fl(1e16)]), "1e+16");
        assert_eq!(f("%g", &[fl(0.0)]), "0");
        assert_eq!(f("%#g", &[fl(1.0)]), "1.00000");
        assert_eq!(f("%.3g", &[fl(0.0001234)]), "0.000123");
        assert_eq!(f("%#.3g", &[fl(1.0)]), "1.00");
        assert_eq!(f("%G", &[fl(0.00001234)]), "1.234E-05");
        assert_eq!(f("%.10g", &[fl(0.333333333333333)]), "0.3333333333");
        assert_eq!(f("%.3e", &[i(0)]), "0.000e+00");
        assert_eq!(f("%e", &[fl(0.0)]), "0.000000e+00");
        assert_eq!(f("%.0e", &[fl(12345.0)]), "1e+04");
        assert_eq!(f("%#.0e", &[fl(12345.0)]), "1.e+04");
        assert_eq!(f("%#.0f", &[fl(2.0)]), "2.");
        assert_eq!(f("%E", &[fl(1.5)]), "1.500000E+00");
        assert_eq!(f("%f", &[i(1)]), "1.000000");
        assert_eq!(f("%f", &[fl(1e20)]), "100000000000000000000.000000");
        assert_eq!(f("%10.4f|", &[fl(3.14158)]), "    3.1416|");
        assert_eq!(f("%+.2f", &[fl(2.5)]), "+2.50");
        assert_eq!(f("%-+8.2e|", &[fl(12.5)]), "+1.25e+01|");
        assert_eq!(f("%5.1f%%", &[fl(12.345)]), " 12.3%");
        assert_eq!(f("%.1f", &[fl(f64::INFINITY)]), "Inf");
        assert_eq!(f("%.0f", &[fl(2.5)]), "2");
        assert_eq!(f("%.0f", &[fl(3.5)]), "4");
        assert_eq!(f("%.0f", &[fl(0.5)]), "0");
        assert_eq!(f("%.20f", &[fl(2.675)]), "2.67499999999999982236");
        assert_eq!(f("%a", &[fl(1.0)]), "0x1p+0");
        assert_eq!(f("%a", &[fl(0.1)]), "0x1.999999999999ap-4");
        assert_eq!(f("%a", &[fl(-2.5)]), "-0x1.4p+1");
        assert_eq!(f("%.2a", &[fl(1.0 / 3.0)]), "0x1.55p-2");
        assert_eq!(f("%A", &[fl(10.0)]), "0X1.4P+3");
        assert_eq!(f("%f", &[s("1.5")]), "1.500000");
        assert_eq!(f("%f", &[s("1e3")]), "1000.000000");
        assert_eq!(f("%f", &[s("0x1A")]), "26.000000");
        assert_eq!(f("%f", &[s("1_000.5")]), "1000.500000");
        assert_eq!(f("%f", &[s(" 2.5 ")]), "2.500000");
    }

    #[test]
    fn rounds_like_ruby() {
        // Ruby rounds values within one ulp of a halfway point half to even.
        let cases = [
            (0.125, "0.12"),
            (0.375, "0.38"),
            (2.675, "2.68"),
            (1.005, "1.00"),
            (1.015, "1.02"),
            (1.025, "1.02"),
            (1.035, "1.04"),
            (1.045, "1.04"),
            (8.675, "8.68"),
            (2.665, "2.66"),
            (0.045, "0.04"),
            (1.115, "1.12"),
            (123.455, "123.46"),
            (5.015, "5.02"),
        ];
        for (x, want) in cases {
            assert_eq!(f("%.2f", &[fl(x)]), want, "{x}");
        }
        assert_eq!(f("%.1f", &[fl(390.45000000000005)]), "390.4");
        assert_eq!(f("%.0f", &[fl(7519.499999999999)]), "7520");
        assert_eq!(f("%.2e", &[fl(2.675)]), "2.68e+00");
        assert_eq!(f("%.0f", &[fl(0.5000000000000001)]), "1");
        assert_eq!(f("%.1f", &[fl(0.05)]), "0.1");
        assert_eq!(f("%.7g", &[fl(803803.05)]), "803803.0");
        assert_eq!(f("%.7g", &[fl(803803.04)]), "803803");
    }

    #[test]
    fn strings_and_errors() {
        assert_eq!(f("%-5s|", &[s("a")]), "a    |");
        assert_eq!(f("%5.2s|", &[s("abcdef")]), "   ab|");
        assert_eq!(f("%05s|", &[s("ab")]), "   ab|");
        assert_eq!(f("%5s|", &[s("é")]), "    é|");
        assert_eq!(f("%p", &[s("a")]), "\"a\"");
        assert_eq!(f("%s", &[Value::Bool(true)]), "true");
        assert_eq!(f("%.1s", &[Value::Bool(true)]), "t");
        assert_eq!(f("%%", &[]), "%");
        assert_eq!(f("%3$s %1$s %2$s", &[s("a"), s("b"), s("c")]), "c a b");
        let mut h = IndexMap::new();
        h.insert(s("a"), i(1));
        h.insert(s("b"), i(2));
        let h = Value::hash(h);
        assert_eq!(f("%<a>s-%<b>05d", std::slice::from_ref(&h)), "1-00002");
        assert_eq!(f("%{a}", std::slice::from_ref(&h)), "1");
        assert_eq!(
            f("%<c>s", std::slice::from_ref(&h)),
            "Error: key<c> not found"
        );
        assert_eq!(f("%s %s", &[s("a")]), "Error: too few arguments");
        assert_eq!(f("%z", &[i(1)]), "Error: malformed format string - %z");
        assert_eq!(f("%5-d", &[i(1)]), "Error: flag after width");
        assert_eq!(
            f("%d", &[s("abc")]),
            "Error: invalid value for Integer(): \"abc\""
        );
        assert_eq!(
            f("%d", &[s("08")]),
            "Error: invalid value for Integer(): \"08\""
        );
        assert_eq!(
            f("%d", &[s("")]),
            "Error: invalid value for Integer(): \"\""
        );
        assert_eq!(
            f("%d", &[s("12abc")]),
            "Error: invalid value for Integer(): \"12abc\""
        );
        assert_eq!(
            f("%d", &[Value::Bool(true)]),
            "Error: can't convert true into Integer"
        );
        assert_eq!(
            f("%d", &[Value::Default]),
            "Error: can't convert Symbol into Integer"
        );
        assert_eq!(
            f("%d", &[Value::array(vec![i(1)])]),
            "Error: can't convert Array into Integer"
        );
        assert_eq!(
            f("%f", &[Value::Bool(true)]),
            "Error: can't convert true into Float"
        );
        assert_eq!(
            f("%f", &[s("5.")]),
            "Error: invalid value for Float(): \"5.\""
        );
        assert_eq!(f("%c", &[s("hello")]), "Error: %c requires a character");
        assert_eq!(
            f("%s and %<a>s", &[i(1)]),
            "Error: named<a> after unnumbered(1)"
        );
    }
}
