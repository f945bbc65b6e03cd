//! Conversions between values: the `new` function (`Integer('0x10')`,
//! `String(255, '%x')`, `Array($hash)` ...), `sprintf`, and Puppet's string
//! formatting of values (`%p` quoting and the per-type formats).

mod new;
mod sprintf;
mod string_format;

pub use new::{iterate, new_value};
pub use sprintf::{FormatArg, FormatError, FormatErrorKind, FormatInt, format_args};
pub use string_format::format_value;

use super::value::Value;

/// Puppet's `sprintf(format, args...)`: Ruby's `format` with Puppet's
/// argument conversion (a top-level `undef` is an empty string, regexes are
/// their `/source/` text). A single hash argument serves `%<name>s` and
/// `%{name}` references.
pub fn sprintf(format: &str, args: &[Value]) -> Result<String, String> {
    let converted: Vec<Value> = args.iter().map(|a| to_ruby_arg(a, true)).collect();
    sprintf::ruby_format(format, &converted)
}

/// The value a Puppet 3.x-style function (like `sprintf`) sees.
fn to_ruby_arg(v: &Value, top: bool) -> Value {
    match v {
        Value::Undef if top => Value::string(""),
        Value::Regex(r) => Value::string(format!("/{}/", r.source)),
        Value::Array(items) => Value::array(items.iter().map(|i| to_ruby_arg(i, false)).collect()),
        Value::Hash(map) => Value::hash(
            map.iter()
                .map(|(k, v)| (to_ruby_arg(k, false), to_ruby_arg(v, false)))
                .collect(),
        ),
        other => other.clone(),
    }
}

/// Ruby's `to_s` of a value as Puppet's Ruby functions see it (`join`,
/// `max`): nested arrays and hashes in Ruby's `inspect` form.
pub fn ruby_to_s(v: &Value) -> String {
    sprintf::to_s(v)
}

/// Ruby's `Float(str)`: decimal, exponent, hex; underscores between digits.
pub fn ruby_float_of(s: &str) -> Result<f64, String> {
    sprintf::ruby_float(s)
}

/// Ruby's `Integer(str)` (with an optional radix): prefixes `0x`, `0b`,
/// `0o`, a leading `0` for octal, underscores between digits.
pub fn ruby_integer_of(s: &str, radix: Option<u32>) -> Result<i64, String> {
    sprintf::ruby_integer(s, radix)
}

/// Ruby's `inspect` of a value (`"a"`, `nil`, `{"a"=>1}`).
pub fn ruby_inspect(v: &Value) -> String {
    sprintf::inspect(v)
}

/// Puppet's `puppet_quote`: single quotes unless the string has control
/// characters (then [`puppet_double_quote`]); `'` and a trailing `\` escaped.
pub(crate) fn puppet_quote(s: &str) -> String {
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
pub(crate) fn puppet_double_quote(s: &str) -> String {
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
