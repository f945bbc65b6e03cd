//! String functions: case (`upcase`, `downcase`, `capitalize`,
//! `camelcase`), trimming (`strip`, `lstrip`, `rstrip`, `chomp`, `chop`),
//! `split`, `join`, `match`, `regsubst`, `sprintf` and `versioncmp`.

use super::signature::{P, check, sig};
use kuppet_values::convert::{iterate, ruby_to_s};
use kuppet_values::ruby::ruby_capitalize;
use kuppet_values::types::PType;
use kuppet_values::value::{RegexValue, Value};
use std::cmp::Ordering;
use std::rc::Rc;

fn str_arg(v: &Value) -> &str {
    v.as_str().unwrap_or_default()
}

/// The three dispatches the simple string functions share: Numeric (kept),
/// String, and an iterable of strings and numbers.
fn string_or_iterable(
    name: &'static str,
    args: &[Value],
    f: fn(&str) -> String,
) -> Result<Value, String> {
    let sigs = || {
        vec![
            sig(&[P::Req("Numeric", "arg")]),
            sig(&[P::Req("String", "arg")]),
            sig(&[P::Req("Iterable[Variant[String, Numeric]]", "arg")]),
        ]
    };
    match check(name, sigs, args)? {
        0 => Ok(args[0].clone()),
        1 => Ok(Value::string(f(str_arg(&args[0])))),
        _ => Ok(Value::array(
            iterate(&args[0])
                .unwrap_or_default()
                .into_iter()
                .map(|x| match &x {
                    Value::String(s) => Value::string(f(s)),
                    _ => x,
                })
                .collect(),
        )),
    }
}

pub(crate) fn capitalize(args: &[Value]) -> Result<Value, String> {
    string_or_iterable("capitalize", args, ruby_capitalize)
}

pub(crate) fn camelcase(args: &[Value]) -> Result<Value, String> {
    string_or_iterable("camelcase", args, |s| {
        ruby_split_str(s, "_")
            .iter()
            .map(|p| ruby_capitalize(p))
            .collect()
    })
}

pub(crate) fn chomp(args: &[Value]) -> Result<Value, String> {
    string_or_iterable("chomp", args, |s| {
        s.strip_suffix("\r\n")
            .or_else(|| s.strip_suffix('\n'))
            .or_else(|| s.strip_suffix('\r'))
            .unwrap_or(s)
            .to_string()
    })
}

pub(crate) fn chop(args: &[Value]) -> Result<Value, String> {
    string_or_iterable("chop", args, |s| {
        if let Some(t) = s.strip_suffix("\r\n") {
            return t.to_string();
        }
        let mut chars = s.chars();
        chars.next_back();
        chars.as_str().to_string()
    })
}

/// Ruby's whitespace for `strip`.
fn ruby_space(c: char) -> bool {
    matches!(c, ' ' | '\t' | '\n' | '\u{b}' | '\u{c}' | '\r')
}

pub(crate) fn strip(args: &[Value]) -> Result<Value, String> {
    string_or_iterable("strip", args, |s| {
        s.trim_start_matches(ruby_space)
            .trim_end_matches(|c| ruby_space(c) || c == '\0')
            .to_string()
    })
}

pub(crate) fn lstrip(args: &[Value]) -> Result<Value, String> {
    string_or_iterable("lstrip", args, |s| {
        s.trim_start_matches(ruby_space).to_string()
    })
}

pub(crate) fn rstrip(args: &[Value]) -> Result<Value, String> {
    string_or_iterable("rstrip", args, |s| {
        s.trim_end_matches(|c| ruby_space(c) || c == '\0')
            .to_string()
    })
}

fn case_sigs() -> Vec<kuppet_values::types::Signature> {
    vec![
        sig(&[P::Req("Numeric", "arg")]),
        sig(&[P::Req("String", "arg")]),
        sig(&[P::Req("Array[StringData]", "arg")]),
        sig(&[P::Req("Hash[StringData, StringData]", "arg")]),
    ]
}

fn map_case(v: &Value, f: fn(&str) -> String) -> Value {
    match v {
        Value::String(s) => Value::string(f(s)),
        Value::Array(items) => Value::array(items.iter().map(|x| map_case(x, f)).collect()),
        Value::Hash(h) => Value::hash(
            h.iter()
                .map(|(k, x)| (map_case(k, f), map_case(x, f)))
                .collect(),
        ),
        other => other.clone(),
    }
}

pub(crate) fn upcase(args: &[Value]) -> Result<Value, String> {
    check("upcase", case_sigs, args)?;
    Ok(map_case(&args[0], str::to_uppercase))
}

pub(crate) fn downcase(args: &[Value]) -> Result<Value, String> {
    check("downcase", case_sigs, args)?;
    Ok(map_case(&args[0], str::to_lowercase))
}

/// Ruby's `Array#join`: nested arrays joined with the same separator,
/// other values by their `to_s`.
fn ruby_join(items: &[Value], sep: &str, out: &mut String, first: &mut bool) {
    for v in items {
        if let Value::Array(inner) = v {
            ruby_join(inner, sep, out, first);
            continue;
        }
        if !*first {
            out.push_str(sep);
        }
        *first = false;
        out.push_str(&ruby_to_s(v));
    }
}

pub(crate) fn join(args: &[Value]) -> Result<Value, String> {
    check(
        "join",
        || {
            vec![sig(&[
                P::Req("Array", "arg"),
                P::Opt("String", "delimiter"),
            ])]
        },
        args,
    )?;
    let Value::Array(items) = &args[0] else {
        return Ok(Value::Undef);
    };
    let sep = args.get(1).map(str_arg).unwrap_or("");
    let mut out = String::new();
    ruby_join(items, sep, &mut out, &mut true);
    Ok(Value::string(out))
}

/// Ruby's `String#split(String)` (no limit): trailing empty fields dropped.
fn ruby_split_str<'a>(s: &'a str, sep: &str) -> Vec<&'a str> {
    let mut parts: Vec<&str> = s.split(sep).collect();
    while parts.last() == Some(&"") {
        parts.pop();
    }
    parts
}

fn char_len_at(s: &str, pos: usize) -> usize {
    s[pos..].chars().next().map_or(1, char::len_utf8)
}

/// Ruby's `String#split(Regexp)` without a limit: captures are included,
/// an empty match splits between characters, trailing empty fields go.
pub(crate) fn ruby_split(s: &str, re: &RegexValue) -> Vec<Value> {
    let mut result: Vec<String> = Vec::new();
    if s.is_empty() {
        return Vec::new();
    }
    let (mut beg, mut start) = (0usize, 0usize);
    let mut last_null = false;
    while start <= s.len() {
        let Ok(Some(caps)) = re.regex.captures_from_pos(s, start) else {
            break;
        };
        let Some(m) = caps.get(0) else { break };
        if start == m.start() && m.start() == m.end() {
            if last_null {
                let len = char_len_at(s, beg);
                result.push(s[beg..(beg + len).min(s.len())].to_string());
                beg = start;
            } else {
                start += if start == s.len() {
                    1
                } else {
                    char_len_at(s, start)
                };
                last_null = true;
                continue;
            }
        } else {
            result.push(s[beg..m.start()].to_string());
            beg = m.end();
            start = m.end();
        }
        last_null = false;
        for i in 1..caps.len() {
            if let Some(g) = caps.get(i) {
                result.push(g.as_str().to_string());
            }
        }
    }
    if s.len() > beg {
        result.push(s[beg..].to_string());
    }
    while result.last().is_some_and(String::is_empty) {
        result.pop();
    }
    result.into_iter().map(Value::string).collect()
}

fn compile(source: &str) -> Result<Rc<RegexValue>, String> {
    RegexValue::new(source).map(Rc::new)
}

pub(crate) fn split(args: &[Value]) -> Result<Value, String> {
    let sigs = || {
        vec![
            sig(&[P::Req("String", "str"), P::Req("String", "pattern")]),
            sig(&[P::Req("String", "str"), P::Req("Regexp", "pattern")]),
            sig(&[P::Req("String", "str"), P::Req("Type[Regexp]", "pattern")]),
        ]
    };
    check("split", sigs, args)?;
    let re = match &args[1] {
        Value::String(p) => compile(p)?,
        Value::Regex(r) => r.clone(),
        Value::Type(t) => match &**t {
            PType::Regexp(Some(r)) => r.clone(),
            _ => compile("")?,
        },
        _ => compile("")?,
    };
    Ok(Value::array(ruby_split(str_arg(&args[0]), &re)))
}

/// Match captures as Puppet returns them: `[whole, group1, ...]`, `undef`
/// for groups that did not take part; `None` when there is no match.
fn do_match(s: &str, re: &RegexValue) -> Option<Value> {
    re.captures(s).map(|caps| {
        Value::array(
            caps.into_iter()
                .map(|c| c.map_or(Value::Undef, Value::string))
                .collect(),
        )
    })
}

fn match_pattern(s: &str, pattern: &Value) -> Result<Option<Value>, String> {
    match pattern {
        Value::String(p) => Ok(do_match(s, &*compile(p)?)),
        Value::Regex(r) => Ok(do_match(s, r)),
        Value::Array(items) => {
            for item in items.iter() {
                if let Some(m) = match_pattern(s, item)? {
                    return Ok(Some(m));
                }
            }
            Ok(None)
        }
        Value::Type(t) => match_type(s, t),
        other => Err(match_error(&kuppet_values::types::ruby_class(other))),
    }
}

fn match_type(s: &str, t: &PType) -> Result<Option<Value>, String> {
    match t {
        PType::Regexp(Some(r)) => Ok(do_match(s, r)),
        PType::Regexp(None) => Err("Given Regexp Type has no regular expression".into()),
        PType::Pattern(ps) => {
            for p in ps {
                if let Some(m) = do_match(s, p) {
                    return Ok(Some(m));
                }
            }
            Ok(None)
        }
        PType::Variant(ts) => {
            for t in ts {
                if let Some(m) = match_type(s, t)? {
                    return Ok(Some(m));
                }
            }
            Ok(None)
        }
        PType::Alias(a) => match_type(s, a.resolved_type()),
        other => Err(match_error(&kuppet_values::types::ruby_class(
            &Value::from_type(other.clone()),
        ))),
    }
}

fn match_error(class: &str) -> String {
    format!(
        "match() expects pattern of T, where T is String, Regexp, Regexp[r], Pattern[p], or Array[T]. Got {class}"
    )
}

pub(crate) fn match_(args: &[Value]) -> Result<Value, String> {
    let sigs = || {
        vec![
            sig(&[
                P::Req("String", "string"),
                P::Req("Variant[Any, Type]", "pattern"),
            ]),
            sig(&[
                P::Req("Array[String]", "string"),
                P::Req("Variant[Any, Type]", "pattern"),
            ]),
        ]
    };
    match check("match", sigs, args)? {
        0 => Ok(match_pattern(str_arg(&args[0]), &args[1])?.unwrap_or(Value::Undef)),
        _ => {
            let Value::Array(items) = &args[0] else {
                return Ok(Value::Undef);
            };
            let mut out = Vec::with_capacity(items.len());
            for item in items.iter() {
                out.push(match_pattern(str_arg(item), &args[1])?.unwrap_or(Value::Undef));
            }
            Ok(Value::array(out))
        }
    }
}

/// Ruby's replacement-string expansion for `sub`/`gsub`: `\0`-`\9`, `\&`,
/// `` \` ``, `\'`, `\\`, `\k<name>`.
fn expand_replacement(
    repl: &str,
    text: &str,
    caps: &fancy_regex::Captures<'_, str>,
    re: &RegexValue,
    out: &mut String,
) {
    let whole = caps.get(0);
    let chars: Vec<char> = repl.chars().collect();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        if c != '\\' || i + 1 >= chars.len() {
            out.push(c);
            i += 1;
            continue;
        }
        let n = chars[i + 1];
        i += 2;
        match n {
            '0'..='9' => {
                let idx = n as usize - '0' as usize;
                if let Some(m) = caps.get(idx) {
                    out.push_str(m.as_str());
                }
            }
            '&' => {
                if let Some(m) = whole {
                    out.push_str(m.as_str());
                }
            }
            '`' => {
                if let Some(m) = whole {
                    out.push_str(&text[..m.start()]);
                }
            }
            '\'' => {
                if let Some(m) = whole {
                    out.push_str(&text[m.end()..]);
                }
            }
            '\\' => out.push('\\'),
            'k' if chars.get(i) == Some(&'<') => {
                let end = chars[i..].iter().position(|&x| x == '>').map(|p| p + i);
                match end {
                    Some(end) => {
                        let name: String = chars[i + 1..end].iter().collect();
                        let group = re
                            .regex
                            .capture_names()
                            .position(|n| n == Some(name.as_str()));
                        if let Some(m) = group.and_then(|g| caps.get(g)) {
                            out.push_str(m.as_str());
                        }
                        i = end + 1;
                    }
                    None => {
                        out.push('\\');
                        out.push('k');
                    }
                }
            }
            other => {
                out.push('\\');
                out.push(other);
            }
        }
    }
}

/// What a match is replaced with: an expanded string, or a hash lookup of
/// the matched text.
enum Replacement<'a> {
    Text(&'a str),
    Map(&'a indexmap::IndexMap<Value, Value>),
}

/// Ruby's `String#sub` (`global` false) and `gsub`.
fn substitute(text: &str, re: &RegexValue, repl: &Replacement<'_>, global: bool) -> String {
    let mut out = String::with_capacity(text.len());
    let mut offset = 0usize;
    let mut search = 0usize;
    while search <= text.len() {
        let Ok(Some(caps)) = re.regex.captures_from_pos(text, search) else {
            break;
        };
        let Some(m) = caps.get(0) else { break };
        out.push_str(&text[offset..m.start()]);
        match repl {
            Replacement::Text(r) => expand_replacement(r, text, &caps, re, &mut out),
            Replacement::Map(map) => {
                if let Some((_, v)) = map.iter().find(|(k, _)| k.as_str() == Some(m.as_str())) {
                    out.push_str(&ruby_to_s(v));
                }
            }
        }
        offset = m.end();
        if !global {
            break;
        }
        if m.start() == m.end() {
            if m.end() >= text.len() {
                break;
            }
            let len = char_len_at(text, m.end());
            out.push_str(&text[m.end()..m.end() + len]);
            offset = m.end() + len;
        }
        search = offset;
    }
    if offset <= text.len() {
        out.push_str(&text[offset..]);
    }
    out
}

pub(crate) fn regsubst(args: &[Value]) -> Result<Value, String> {
    let sigs = || {
        vec![
            sig(&[
                P::Req("Variant[Array[String],String]", "target"),
                P::Req("String", "pattern"),
                P::Req("Variant[String,Hash[String,String]]", "replacement"),
                P::Opt("Optional[Pattern[/^[GEIM]*$/]]", "flags"),
                P::Opt("Enum['N','E','S','U']", "encoding"),
            ]),
            sig(&[
                P::Req("Variant[Array[String],String]", "target"),
                P::Req("Variant[Regexp,Type[Regexp]]", "pattern"),
                P::Req("Variant[String,Hash[String,String]]", "replacement"),
                P::Opt("Pattern[/^G?$/]", "flags"),
            ]),
        ]
    };
    check("regsubst", sigs, args)?;
    let flags = args.get(3).and_then(Value::as_str).unwrap_or("");
    let global = flags.contains('G');
    let re = match &args[1] {
        Value::String(p) => {
            let mut inline = String::new();
            for (flag, ruby) in [('I', 'i'), ('M', 'm'), ('E', 'x')] {
                if flags.contains(flag) {
                    inline.push(ruby);
                }
            }
            if inline.is_empty() {
                compile(p)?
            } else {
                compile(&format!("(?{inline}){p}"))?
            }
        }
        Value::Regex(r) => r.clone(),
        Value::Type(t) => match &**t {
            PType::Regexp(Some(r)) => r.clone(),
            _ => compile("")?,
        },
        _ => compile("")?,
    };
    let repl = match &args[2] {
        Value::Hash(h) => Replacement::Map(h),
        other => Replacement::Text(str_arg(other)),
    };
    Ok(match &args[0] {
        Value::Array(items) => Value::array(
            items
                .iter()
                .map(|t| Value::string(substitute(str_arg(t), &re, &repl, global)))
                .collect(),
        ),
        other => Value::string(substitute(str_arg(other), &re, &repl, global)),
    })
}

pub(crate) fn sprintf(args: &[Value]) -> Result<Value, String> {
    match args.first() {
        None => Err("sprintf(): Wrong number of arguments given (0 for minimum 1)".into()),
        Some(Value::String(f)) => kuppet_values::convert::sprintf(f, &args[1..]).map(Value::string),
        Some(other) => Err(format!(
            "no implicit conversion of {} into String",
            kuppet_values::types::ruby_class(other)
        )),
    }
}

/// Puppet's `versioncmp` (`Puppet::Util::Package.versioncmp`).
pub(crate) fn version_compare(a: &str, b: &str, ignore_trailing_zeroes: bool) -> Ordering {
    let (a, b) = if ignore_trailing_zeroes {
        (normalize_version(a), normalize_version(b))
    } else {
        (a.to_string(), b.to_string())
    };
    let ax = version_tokens(&a);
    let bx = version_tokens(&b);
    for (x, y) in ax.iter().zip(bx.iter()) {
        if x == y {
            continue;
        }
        if *x == "-" {
            return Ordering::Less;
        }
        if *y == "-" {
            return Ordering::Greater;
        }
        if *x == "." {
            return Ordering::Less;
        }
        if *y == "." {
            return Ordering::Greater;
        }
        let digits = |s: &str| s.chars().all(|c| c.is_ascii_digit());
        if digits(x) && digits(y) {
            if x.starts_with('0') || y.starts_with('0') {
                return x.to_uppercase().cmp(&y.to_uppercase());
            }
            let (xn, yn) = (x.trim_start_matches('0'), y.trim_start_matches('0'));
            return xn.len().cmp(&yn.len()).then(xn.cmp(yn));
        }
        return x.to_uppercase().cmp(&y.to_uppercase());
    }
    // Equal up to the shorter: Ruby compares the whole strings.
    a.as_bytes().cmp(b.as_bytes())
}

/// `/[-.]|\d+|[^-.\d]+/` tokens.
fn version_tokens(s: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let mut i = 0;
    let bytes = s.as_bytes();
    while i < bytes.len() {
        let c = bytes[i];
        let start = i;
        if c == b'-' || c == b'.' {
            i += 1;
        } else if c.is_ascii_digit() {
            while i < bytes.len() && bytes[i].is_ascii_digit() {
                i += 1;
            }
        } else {
            while i < bytes.len()
                && !(bytes[i] == b'-' || bytes[i] == b'.' || bytes[i].is_ascii_digit())
            {
                i += 1;
            }
        }
        // Multi-byte characters stay whole: boundaries fall on ASCII bytes.
        out.push(&s[start..i]);
    }
    out
}

fn normalize_version(v: &str) -> String {
    let mut parts: Vec<String> = ruby_split_str(v, "-")
        .iter()
        .map(|s| s.to_string())
        .collect();
    if let Some(first) = parts.first_mut() {
        let trimmed = first.trim_end_matches(['.', '0']).len();
        first.truncate(trimmed);
    }
    parts.join("-")
}

pub(crate) fn versioncmp(args: &[Value]) -> Result<Value, String> {
    check(
        "versioncmp",
        || {
            vec![sig(&[
                P::Req("String", "a"),
                P::Req("String", "b"),
                P::Opt("Boolean", "ignore_trailing_zeroes"),
            ])]
        },
        args,
    )?;
    let ignore = matches!(args.get(2), Some(Value::Bool(true)));
    Ok(Value::Integer(
        match version_compare(str_arg(&args[0]), str_arg(&args[1]), ignore) {
            Ordering::Less => -1,
            Ordering::Equal => 0,
            Ordering::Greater => 1,
        },
    ))
}
