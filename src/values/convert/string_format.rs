//! Puppet's string conversion of values (`String($x)`, `String($x, '%x')`,
//! `String($x, {Integer => '%x', Array => {...}})`): its `StringConverter`,
//! with per-type formats, container formats, delimiters and separators.

use super::super::types::{PType, infer_set, is_assignable};
use super::super::value::Value;
use super::sprintf::{Spec, format_directive};
use super::{puppet_double_quote, puppet_quote};

/// A parsed Puppet format (`%<flags><width>.<prec><conversion>`).
#[derive(Debug, Clone)]
struct Format {
    orig: String,
    conv: char,
    alt: bool,
    left: bool,
    zero: bool,
    plus: Option<char>,
    delimiters: Option<char>,
    width: Option<usize>,
    prec: Option<usize>,
    separator: Option<String>,
    separator2: Option<String>,
    container_formats: Option<FormatMap>,
}

type FormatMap = Vec<(PType, Format)>;

impl Format {
    fn parse(fmt: &str) -> Result<Format, String> {
        let bad = || {
            format!(
                "The format '{fmt}' is not a valid format on the form '%<flags><width>.<prec><format>'"
            )
        };
        let rest = fmt.strip_prefix('%').ok_or_else(bad)?;
        let flag_len = rest
            .find(|c: char| !(c.is_whitespace() || "[+#0{<(|-".contains(c)))
            .unwrap_or(rest.len());
        let flags = &rest[..flag_len];
        let mut rest = &rest[flag_len..];
        let width_len = rest
            .find(|c: char| !c.is_ascii_digit())
            .unwrap_or(rest.len());
        let width = if width_len > 0 {
            if rest.starts_with('0') {
                return Err(bad());
            }
            // Ruby's `format` reads a width as a C int.
            match rest[..width_len].parse::<usize>() {
                Ok(n) if n <= i32::MAX as usize => Some(n),
                _ => return Err("width too big".into()),
            }
        } else {
            None
        };
        rest = &rest[width_len..];
        let mut prec = None;
        if let Some(r) = rest.strip_prefix('.') {
            let n = r.find(|c: char| !c.is_ascii_digit()).unwrap_or(r.len());
            if n == 0 {
                return Err(bad());
            }
            prec = match r[..n].parse::<usize>() {
                Ok(p) if p <= i32::MAX as usize => Some(p),
                _ => return Err("precision too big".into()),
            };
            rest = &r[n..];
        }
        let mut chars = rest.chars();
        let conv = match (chars.next(), chars.next()) {
            (Some(c), None) if c.is_ascii_alphabetic() => c,
            _ => return Err(bad()),
        };
        let flag_chars: Vec<char> = flags.chars().collect();
        let mut seen = Vec::new();
        for c in &flag_chars {
            if seen.contains(c) {
                return Err(format!("The same flag can only be used once, got '{fmt}'"));
            }
            seen.push(*c);
        }
        let mut delimiters = None;
        for d in ['[', '{', '(', '<', '|'] {
            if flag_chars.contains(&d) {
                if delimiters.is_some() {
                    return Err(format!(
                        "Only one of the delimiters [ {{ ( < | can be given in the format flags, got '{fmt}'"
                    ));
                }
                delimiters = Some(d);
            }
        }
        let plus = if flag_chars.iter().any(|c| c.is_whitespace()) {
            Some(' ')
        } else if flag_chars.contains(&'+') {
            Some('+')
        } else {
            None
        };
        Ok(Format {
            orig: fmt.to_string(),
            conv,
            alt: flag_chars.contains(&'#'),
            left: flag_chars.contains(&'-'),
            zero: flag_chars.contains(&'0'),
            plus,
            delimiters,
            width,
            prec,
            separator: None,
            separator2: None,
            container_formats: None,
        })
    }

    /// The directive as Ruby's `format` sees it, with conversion `conv`.
    fn spec(&self, conv: char) -> Spec {
        Spec {
            minus: self.left,
            plus: self.plus == Some('+'),
            space: self.plus == Some(' '),
            zero: self.zero,
            sharp: self.alt,
            width: self.width,
            precision: self.prec,
            conv,
        }
    }

    fn delimiter_pair(
        &self,
        default: (&'static str, &'static str),
    ) -> (&'static str, &'static str) {
        match (self.delimiters, self.plus) {
            (Some('['), _) => ("[", "]"),
            (Some('{'), _) => ("{", "}"),
            (Some('('), _) => ("(", ")"),
            (Some('<'), _) => ("<", ">"),
            (Some('|'), _) => ("|", "|"),
            (None, Some(' ')) => ("", ""),
            _ => default,
        }
    }

    fn merge(&self, higher: &Format) -> Result<Format, String> {
        let mut result = Format::parse(&higher.orig)?;
        result.separator = higher.separator.clone().or_else(|| self.separator.clone());
        result.separator2 = higher
            .separator2
            .clone()
            .or_else(|| self.separator2.clone());
        result.container_formats = merge_string_formats(
            self.container_formats.as_ref(),
            higher.container_formats.as_ref(),
        )?;
        Ok(result)
    }
}

fn illegal(type_name: &str, conv: char, expected: &str) -> String {
    format!(
        "Illegal format '{conv}' specified for value of {type_name} type - expected one of the characters '{expected}'"
    )
}

fn default_container_formats() -> FormatMap {
    vec![(PType::Any, fmt_static("%p"))]
}

fn fmt_static(s: &str) -> Format {
    // The built-in formats always parse.
    Format::parse(s).unwrap_or(Format {
        orig: s.to_string(),
        conv: 's',
        alt: false,
        left: false,
        zero: false,
        plus: None,
        delimiters: None,
        width: None,
        prec: None,
        separator: None,
        separator2: None,
        container_formats: None,
    })
}

fn default_formats() -> FormatMap {
    let mut array = fmt_static("%a");
    array.separator = Some(", ".into());
    array.separator2 = Some(", ".into());
    array.container_formats = Some(default_container_formats());
    let mut hash = fmt_static("%h");
    hash.separator = Some(", ".into());
    hash.separator2 = Some(" => ".into());
    hash.container_formats = Some(default_container_formats());
    vec![
        (PType::float(), fmt_static("%f")),
        (PType::Numeric, fmt_static("%d")),
        (PType::array(), array),
        (PType::hash(), hash),
        (PType::Binary, fmt_static("%B")),
        (PType::Any, fmt_static("%s")),
    ]
}

fn merge_string_formats(
    lower: Option<&FormatMap>,
    higher: Option<&FormatMap>,
) -> Result<Option<FormatMap>, String> {
    let (lower, higher) = match (lower, higher) {
        (Some(l), Some(h)) => (l, h),
        (l, h) => return Ok(l.or(h).cloned()),
    };
    let lower: FormatMap = lower
        .iter()
        .filter(|(lk, _)| {
            !higher
                .iter()
                .any(|(hk, _)| hk != lk && is_assignable(hk, lk))
        })
        .cloned()
        .collect();
    let mut keys: Vec<PType> = Vec::new();
    for (k, _) in lower.iter().chain(higher.iter()) {
        if !keys.contains(k) {
            keys.push(k.clone());
        }
    }
    let mut merged = Vec::with_capacity(keys.len());
    for k in keys {
        let l = lower.iter().find(|(lk, _)| *lk == k).map(|(_, f)| f);
        let h = higher.iter().find(|(hk, _)| *hk == k).map(|(_, f)| f);
        let f = match (l, h) {
            (Some(l), Some(h)) => l.merge(h)?,
            (Some(x), None) | (None, Some(x)) => x.clone(),
            (None, None) => continue,
        };
        merged.push((k, f));
    }
    sort_formats(&mut merged);
    Ok(Some(merged))
}

fn type_rank(t: &PType) -> u8 {
    match t {
        PType::Struct(_) => 1,
        PType::Hash { .. } => 2,
        PType::Tuple { .. } => 3,
        PType::Array { .. } => 4,
        PType::Pattern(_) => 10,
        PType::Enum { .. } => 11,
        PType::String { .. } => 12,
        _ => 0,
    }
}

/// Most specific types first, as Puppet's `sort_formats` orders them.
fn sort_formats(map: &mut FormatMap) {
    map.sort_by(|(a, _), (b, _)| {
        use std::cmp::Ordering;
        if a == b {
            return Ordering::Equal;
        }
        let ab = is_assignable(b, a);
        let ba = is_assignable(a, b);
        if ab && !ba {
            Ordering::Less
        } else if !ab && ba {
            Ordering::Greater
        } else {
            let (ra, rb) = (type_rank(a), type_rank(b));
            if ra == 0 || rb == 0 {
                a.to_string().cmp(&b.to_string())
            } else {
                ra.cmp(&rb)
            }
        }
    });
}

fn validate_input(formats: &Value) -> Result<FormatMap, String> {
    let Value::Hash(map) = formats else {
        return Err(format!(
            "expected a hash with type to format mappings, got instance of '{}'",
            super::super::types::infer_generic(formats)
        ));
    };
    let mut out = Vec::with_capacity(map.len());
    for (k, v) in map.iter() {
        let Value::Type(t) = k else {
            return Err(format!(
                "top level keys in the format hash must be data types, got instance of '{}'",
                k.type_name()
            ));
        };
        let f = match v {
            Value::Hash(_) => validate_container_input(v)?,
            Value::String(s) => Format::parse(s)?,
            other => Format::parse(&other.to_display())?,
        };
        out.push(((**t).clone(), f));
    }
    Ok(out)
}

fn validate_container_input(v: &Value) -> Result<Format, String> {
    let Value::Hash(map) = v else {
        return Err("expected a container format hash".into());
    };
    let get = |key: &str| {
        map.iter()
            .find(|(k, _)| k.as_str() == Some(key))
            .map(|(_, v)| v.clone())
    };
    for k in map.keys() {
        if !matches!(
            k.as_str(),
            Some("separator" | "separator2" | "format" | "string_formats")
        ) {
            return Err(format!(
                "only 'separator', 'separator2', 'format', 'string_formats' are allowed in a container format, got {}",
                v.to_display()
            ));
        }
    }
    let fmt = get("format").map(|f| f.to_display()).unwrap_or_default();
    let mut f = Format::parse(&fmt)?;
    f.separator = get("separator").map(|s| s.to_display());
    f.separator2 = get("separator2").map(|s| s.to_display());
    f.container_formats = match get("string_formats") {
        Some(sf) => Some(validate_input(&sf)?),
        None => None,
    };
    Ok(f)
}

/// `String(value)` / `String(value, formats)`: Puppet's conversion of a
/// value to a string. `formats` is `None` (or `default`), a format string,
/// or a hash of type → format (or container format hash).
pub fn format_value(value: &Value, formats: Option<&Value>) -> Result<String, String> {
    let value_type = infer_set(value);
    let options = match formats {
        None | Some(Value::Default) => default_formats(),
        Some(Value::String(fmt)) => {
            let f = Format::parse(fmt)?;
            let key = if is_assignable(&PType::array(), &value_type) {
                PType::array()
            } else if is_assignable(&PType::hash(), &value_type) {
                PType::hash()
            } else {
                value_type.clone()
            };
            let user = vec![(key, f)];
            merge_string_formats(Some(&default_formats()), Some(&user))?.unwrap_or_default()
        }
        Some(other @ Value::Hash(_)) => {
            let user = validate_input(other)?;
            merge_string_formats(Some(&default_formats()), Some(&user))?.unwrap_or_default()
        }
        Some(other) => {
            return Err(format!(
                "string conversion expects a Default value or a Hash of type to format mappings, got a '{}'",
                other.type_name()
            ));
        }
    };
    convert(&value_type, value, &options, Indent::default())
}

fn get_format(t: &PType, map: &FormatMap) -> Format {
    map.iter()
        .find(|(k, _)| is_assignable(k, t))
        .map(|(_, f)| f.clone())
        .unwrap_or_else(|| fmt_static("%s"))
}

fn is_container(t: &PType) -> bool {
    matches!(
        t,
        PType::Array { .. } | PType::Hash { .. } | PType::Struct(_) | PType::Tuple { .. }
    )
}

/// Ruby's `format` with the given width/precision/left flags applied to a
/// literal string (`apply_string_flags`).
fn apply_string_flags(f: &Format, s: &str) -> Result<String, String> {
    if f.left || f.width.is_some() || f.prec.is_some() {
        let spec = Spec {
            minus: f.left,
            width: f.width,
            precision: f.prec,
            conv: 's',
            ..Spec::default()
        };
        format_directive(&spec, &Value::string(s))
    } else {
        Ok(s.to_string())
    }
}

/// Puppet's `StringConverter::Indentation`: the nesting level of a value in
/// an alternate-form (`%#a`, `%#h`) container, whether it is the first
/// element, whether indenting is active.
#[derive(Clone, Copy, Default)]
struct Indent {
    level: usize,
    subsequent: bool,
    indenting: bool,
}

impl Indent {
    fn subsequent(self) -> Indent {
        Indent {
            subsequent: true,
            ..self
        }
    }
    fn indenting(self, indenting: bool) -> Indent {
        Indent { indenting, ..self }
    }
    fn increase(self, indenting: bool) -> Indent {
        Indent {
            level: self.level + 1,
            subsequent: false,
            indenting,
        }
    }
    fn breaks(self) -> bool {
        self.indenting && self.level > 0 && self.subsequent
    }
    fn padding(self) -> String {
        " ".repeat(2 * self.level)
    }
}

fn convert(t: &PType, value: &Value, map: &FormatMap, ind: Indent) -> Result<String, String> {
    let f = get_format(t, map);
    match value {
        Value::Undef => {
            let s = match f.conv {
                'n' => {
                    if f.alt {
                        "null"
                    } else {
                        "nil"
                    }
                }
                'u' => {
                    if f.alt {
                        "undefined"
                    } else {
                        "undef"
                    }
                }
                'd' | 'x' | 'X' | 'o' | 'b' | 'B' | 'e' | 'E' | 'f' | 'g' | 'G' | 'a' | 'A' => {
                    "NaN"
                }
                'v' => "n/a",
                'V' => "N/A",
                's' => {
                    if f.alt {
                        "\"\""
                    } else {
                        ""
                    }
                }
                'p' => {
                    if f.alt {
                        "\"undef\""
                    } else {
                        "undef"
                    }
                }
                c => return Err(illegal("Undef", c, "nudxXobBeEfgGaAvVsp")),
            };
            apply_string_flags(&f, s)
        }
        Value::Default => {
            let s = match f.conv {
                'd' | 's' | 'p' => {
                    if f.alt {
                        "\"default\""
                    } else {
                        "default"
                    }
                }
                'D' => {
                    if f.alt {
                        "\"Default\""
                    } else {
                        "Default"
                    }
                }
                c => return Err(illegal("Default", c, "dDsp")),
            };
            apply_string_flags(&f, s)
        }
        Value::Bool(b) => match f.conv {
            't' | 'T' | 'y' | 'Y' => {
                let s = match f.conv {
                    't' => b.to_string(),
                    'T' => if *b { "True" } else { "False" }.to_string(),
                    'y' => if *b { "yes" } else { "no" }.to_string(),
                    _ => if *b { "Yes" } else { "No" }.to_string(),
                };
                let s = if f.alt {
                    s.chars().next().map(String::from).unwrap_or_default()
                } else {
                    s
                };
                apply_string_flags(&f, &s)
            }
            'd' | 'x' | 'X' | 'o' | 'b' | 'B' => {
                let n = Value::Integer(i64::from(*b));
                convert(
                    &infer_set(&n),
                    &n,
                    &vec![(PType::integer(), f.clone())],
                    ind,
                )
            }
            'e' | 'E' | 'f' | 'g' | 'G' | 'a' | 'A' => {
                let n = Value::Float(if *b { 1.0 } else { 0.0 });
                convert(&infer_set(&n), &n, &vec![(PType::float(), f.clone())], ind)
            }
            's' | 'p' => apply_string_flags(&f, &b.to_string()),
            c => Err(illegal("Boolean", c, "tTyYdxXobBeEfgGaAsp")),
        },
        Value::Integer(n) => match f.conv {
            'd' | 'x' | 'X' | 'o' | 'b' | 'B' | 'p' => format_directive(&f.spec(f.conv), value),
            'e' | 'E' | 'f' | 'g' | 'G' | 'a' | 'A' => {
                format_directive(&f.spec(f.conv), &Value::Float(*n as f64))
            }
            'c' => {
                let ch = u32::try_from(*n)
                    .ok()
                    .and_then(char::from_u32)
                    .ok_or_else(|| format!("{n} out of char range"))?;
                let s = if f.alt {
                    format!("\"{ch}\"")
                } else {
                    ch.to_string()
                };
                format_directive(&f.spec('s'), &Value::string(s))
            }
            's' => {
                let conv = if f.alt { 'p' } else { 's' };
                let spec = Spec {
                    sharp: false,
                    ..f.spec(conv)
                };
                format_directive(&spec, &Value::string(n.to_string()))
            }
            c => Err(illegal("Integer", c, "dxXobBeEfgGaAspc")),
        },
        Value::Float(x) => match f.conv {
            'd' | 'x' | 'X' | 'o' | 'b' | 'B' => {
                format_directive(&f.spec(f.conv), &Value::Integer(x.trunc() as i64))
            }
            'e' | 'E' | 'f' | 'g' | 'G' | 'a' | 'A' => format_directive(&f.spec(f.conv), value),
            'p' => format_directive(&f.spec('p'), value),
            's' => {
                let s = super::super::value::format_float(*x);
                let s = if f.alt { format!("\"{s}\"") } else { s };
                format_directive(&f.spec('s'), &Value::string(s))
            }
            c => Err(illegal("Float", c, "dxXobBeEfgGaAsp")),
        },
        Value::String(s) => {
            let transformed = match f.conv {
                's' => return format_directive(&f.spec('s'), value),
                'p' => {
                    let q = if f.alt {
                        puppet_double_quote(s)
                    } else {
                        puppet_quote(s)
                    };
                    return apply_string_flags(&f, &q);
                }
                'c' => crate::ruby::ruby_capitalize(s),
                'C' => s
                    .split("::")
                    .map(crate::ruby::ruby_capitalize)
                    .collect::<Vec<_>>()
                    .join("::"),
                'u' => s.to_uppercase(),
                'd' => s.to_lowercase(),
                't' => s.trim().to_string(),
                c => return Err(illegal("String", c, "cCudspt")),
            };
            if f.alt {
                apply_string_flags(&f, &puppet_quote(&transformed))
            } else {
                format_directive(&f.spec('s'), &Value::string(transformed))
            }
        }
        Value::Regex(r) => match f.conv {
            'p' => {
                let s = super::super::types::regexp_inspect(&r.source);
                format_directive(&f.spec('s'), &Value::string(s))
            }
            's' => {
                let s = if f.alt {
                    puppet_quote(&r.source)
                } else {
                    r.source.clone()
                };
                format_directive(&f.spec('s'), &Value::string(s))
            }
            c => Err(illegal("Regexp", c, "sp")),
        },
        Value::Type(ty) => match f.conv {
            's' => {
                let text = type_to_s(ty);
                let s = if f.alt { format!("\"{text}\"") } else { text };
                format_directive(&f.spec('s'), &Value::string(s))
            }
            'p' => format_directive(&f.spec('s'), &Value::string(type_to_s(ty))),
            c => Err(illegal("Type", c, "sp")),
        },
        Value::Sensitive(_) => format_directive(&f.spec(f.conv), value),
        Value::Binary(bytes) => {
            let text = match f.conv {
                's' if f.alt => String::from_utf8_lossy(bytes).into_owned(),
                's' => String::from_utf8(bytes.to_vec())
                    .map_err(|_| "invalid byte sequence in UTF-8".to_string())?,
                'p' => {
                    let inner = format_directive(
                        &f.spec('s'),
                        &Value::string(super::super::binary::to_base64(bytes)),
                    )?;
                    return Ok(format!("Binary(\"{inner}\")"));
                }
                'b' => super::super::binary::to_base64_relaxed(bytes),
                'B' => super::super::binary::to_base64(bytes),
                'u' => super::super::binary::to_base64_urlsafe(bytes),
                't' => "Binary".to_string(),
                'T' => "BINARY".to_string(),
                c => return Err(illegal("Binary", c, "bButTsp")),
            };
            let conv = if f.alt { 'p' } else { 's' };
            format_directive(&f.spec(conv), &Value::string(text))
        }
        Value::Timespan(_) | Value::Timestamp(_) | Value::SemVer(_) | Value::SemVerRange(_) => {
            // Puppet formats these through Ruby's `format` of the object.
            let text = match f.conv {
                'p' => super::sprintf::inspect(value),
                _ => value.to_display(),
            };
            format_directive(&f.spec('s'), &Value::string(text))
        }
        Value::Array(items) => convert_array(&f, items, map, ind),
        Value::Hash(h) => {
            let sep = f.separator.clone().unwrap_or_else(|| ", ".into());
            let assoc = f.separator2.clone().unwrap_or_else(|| " => ".into());
            let string_formats = f
                .container_formats
                .clone()
                .unwrap_or_else(default_container_formats);
            let (open, close) = f.delimiter_pair(("{", "}"));
            match f.conv {
                'a' => {
                    let pairs: Vec<Value> = h
                        .iter()
                        .map(|(k, v)| Value::array(vec![k.clone(), v.clone()]))
                        .collect();
                    let arr = Value::array(pairs);
                    convert(&infer_set(&arr), &arr, map, ind)
                }
                'h' | 's' | 'p' => {
                    let sep = if f.alt {
                        let mut t = if sep.ends_with('\n') {
                            sep.clone()
                        } else {
                            sep.trim_end().to_string()
                        };
                        t.push('\n');
                        t
                    } else {
                        sep
                    };
                    let ind = ind.indenting(f.alt || ind.indenting);
                    let mut buf = String::new();
                    if ind.breaks() {
                        buf.push('\n');
                        buf.push_str(&ind.padding());
                    }
                    let children = ind.increase(false);
                    buf.push_str(open);
                    if f.alt {
                        buf.push('\n');
                    }
                    let mut parts = Vec::with_capacity(h.len());
                    for (k, v) in h.iter() {
                        let kt = infer_set(k);
                        let vt = infer_set(v);
                        let ks = convert(
                            &kt,
                            k,
                            if is_container(&kt) {
                                map
                            } else {
                                &string_formats
                            },
                            children,
                        )?;
                        let vs = convert(
                            &vt,
                            v,
                            if is_container(&vt) {
                                map
                            } else {
                                &string_formats
                            },
                            children,
                        )?;
                        if f.alt {
                            parts.push(format!("{}{ks}{assoc}{vs}", children.padding()));
                        } else {
                            parts.push(format!("{ks}{assoc}{vs}"));
                        }
                    }
                    if f.alt {
                        buf.push_str(&parts.join(&sep));
                        buf.push('\n');
                        buf.push_str(&ind.padding());
                    } else {
                        buf.push_str(&parts.join(&sep));
                    }
                    buf.push_str(close);
                    Ok(buf)
                }
                c => Err(illegal("Hash", c, "hasp")),
            }
        }
    }
}

fn convert_array(
    f: &Format,
    items: &[Value],
    map: &FormatMap,
    ind: Indent,
) -> Result<String, String> {
    let sep = f.separator.clone().unwrap_or_else(|| ", ".into());
    let string_formats = f
        .container_formats
        .clone()
        .unwrap_or_else(default_container_formats);
    let (open, close) = f.delimiter_pair(("[", "]"));
    let is_a_or_h = |v: &Value| matches!(v, Value::Array(_) | Value::Hash(_));
    match f.conv {
        'a' | 's' | 'p' => {
            let ind = ind.indenting(f.alt || ind.indenting);
            let mut buf = String::new();
            if ind.breaks() {
                buf.push('\n');
                buf.push_str(&ind.padding());
            }
            buf.push_str(open);
            // Each element formatted first (none of them as a first child).
            let children = ind.increase(f.alt).subsequent();
            let mut mapped = Vec::with_capacity(items.len());
            for v in items {
                let vt = infer_set(v);
                mapped.push(convert(
                    &vt,
                    v,
                    if is_container(&vt) {
                        map
                    } else {
                        &string_formats
                    },
                    children,
                )?);
            }
            // With a width, break when the widest run of scalars exceeds it.
            let sz_break = match (f.alt, f.width) {
                (true, Some(w)) => {
                    let mut runs = vec![0usize];
                    for (v, m) in items.iter().zip(&mapped) {
                        if is_a_or_h(v) {
                            runs.push(0);
                        } else if let Some(last) = runs.last_mut() {
                            *last += m.chars().count();
                        }
                    }
                    runs.into_iter().max().unwrap_or(0) > w
                }
                _ => false,
            };
            let children = ind.increase(f.alt);
            for (i, (v, str_val)) in items.iter().zip(&mapped).enumerate() {
                if i == 0 {
                    if sz_break && !is_a_or_h(v) {
                        buf.push(' ');
                    }
                } else {
                    buf.push_str(&sep);
                    if (sz_break && !is_a_or_h(v))
                        || (f.alt && is_a_or_h(&items[i - 1]) && !is_a_or_h(v))
                    {
                        if !buf.ends_with('\n') {
                            buf.truncate(buf.trim_end().len());
                        }
                        buf.push('\n');
                        buf.push_str(&children.padding());
                    }
                }
                if buf.ends_with(' ') && str_val.starts_with('\n') {
                    buf.truncate(buf.trim_end().len());
                }
                buf.push_str(str_val);
            }
            buf.push_str(close);
            Ok(buf)
        }
        c => Err(illegal("Array", c, "asp")),
    }
}

/// Ruby's `to_s` of a type: a user type alias shows what it stands for.
fn type_to_s(ty: &PType) -> String {
    if matches!(ty, PType::Alias(_)) {
        ty.to_alias_expanded_string()
    } else {
        ty.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use indexmap::IndexMap;
    use std::rc::Rc;

    fn s(x: &str) -> Value {
        Value::string(x)
    }
    fn i(n: i64) -> Value {
        Value::Integer(n)
    }
    fn conv(v: &Value, fmt: Option<&str>) -> String {
        let f = fmt.map(s);
        match format_value(v, f.as_ref()) {
            Ok(s) => s,
            Err(e) => format!("Error: {e}"),
        }
    }
    fn hash(pairs: Vec<(Value, Value)>) -> Value {
        Value::hash(pairs.into_iter().collect::<IndexMap<_, _>>())
    }
    fn ty(t: PType) -> Value {
        Value::from_type(t)
    }

    // Expected strings: notice(String(value, format)) in Puppet 7.
    #[test]
    fn default_formats_like_puppet() {
        let re = Value::Regex(Rc::new(crate::value::RegexValue::new("x").expect("regex")));
        let arr = Value::array(vec![
            i(1),
            s("a"),
            Value::Undef,
            Value::Bool(true),
            Value::Float(1.5),
            Value::Default,
            re,
            ty(PType::integer()),
            hash(vec![(s("a"), Value::array(vec![i(1)]))]),
        ]);
        assert_eq!(
            conv(&arr, None),
            "[1, 'a', undef, true, 1.5, default, /x/, Integer, {'a' => [1]}]"
        );
        assert_eq!(
            conv(&hash(vec![(s("a"), i(1)), (s("b c"), s("d"))]), None),
            "{'a' => 1, 'b c' => 'd'}"
        );
        assert_eq!(conv(&Value::Float(1.0), None), "1.000000");
        assert_eq!(
            conv(&Value::Float(1e20), None),
            "100000000000000000000.000000"
        );
        assert_eq!(
            conv(&Value::array(vec![Value::Float(1e20)]), None),
            "[1.0e+20]"
        );
        assert_eq!(conv(&hash(vec![(i(1), i(2))]), None), "{1 => 2}");
        assert_eq!(
            conv(&Value::array(vec![Value::array(vec![])]), None),
            "[[]]"
        );
        assert_eq!(
            conv(&Value::Sensitive(Rc::new(i(1))), None),
            "Sensitive [value redacted]"
        );
        assert_eq!(
            conv(&Value::Sensitive(Rc::new(i(1))), Some("%p")),
            "#<Sensitive [value redacted]>"
        );
        assert_eq!(conv(&i(1), None), "1");
    }

    #[test]
    fn container_formats_like_puppet() {
        let a12 = Value::array(vec![i(1), i(2)]);
        assert_eq!(conv(&a12, Some("%s")), "[1, 2]");
        assert_eq!(conv(&a12, Some("%(a")), "(1, 2)");
        assert_eq!(conv(&a12, Some("% a")), "1, 2");
        assert_eq!(conv(&a12, Some("%[a")), "[1, 2]");
        assert_eq!(conv(&a12, Some("%<a")), "<1, 2>");
        assert_eq!(conv(&a12, Some("%|a")), "|1, 2|");
        let h = hash(vec![(s("a"), i(1))]);
        assert_eq!(conv(&h, Some("%a")), "[['a', 1]]");
        assert_eq!(conv(&h, Some("%(h")), "('a' => 1)");
        let nested = Value::array(vec![i(1), Value::array(vec![i(2), i(3)])]);
        let fmt = hash(vec![(
            ty(PType::array()),
            hash(vec![(s("format"), s("%(a")), (s("separator"), s(";"))]),
        )]);
        assert_eq!(format_value(&nested, Some(&fmt)), Ok("(1;(2;3))".into()));
        let fmt = hash(vec![(
            ty(PType::array()),
            hash(vec![(s("separator"), s("-"))]),
        )]);
        assert_eq!(
            format_value(&a12, Some(&fmt)),
            Err(
                "The format '' is not a valid format on the form '%<flags><width>.<prec><format>'"
                    .into()
            )
        );
        let fmt = hash(vec![(
            ty(PType::array()),
            hash(vec![
                (s("format"), s("%a")),
                (
                    s("string_formats"),
                    hash(vec![(ty(PType::string()), s("%s"))]),
                ),
            ]),
        )]);
        assert_eq!(
            format_value(&Value::array(vec![s("a"), s("b")]), Some(&fmt)),
            Ok("[a, b]".into())
        );
        let fmt = hash(vec![
            (ty(PType::integer()), s("%x")),
            (ty(PType::string()), s("%u")),
        ]);
        assert_eq!(format_value(&i(12), Some(&fmt)), Ok("c".into()));
        assert_eq!(
            format_value(&Value::array(vec![i(12), s("ab")]), Some(&fmt)),
            Ok("[12, 'ab']".into())
        );
    }

    #[test]
    fn scalar_formats_like_puppet() {
        assert_eq!(conv(&s("abc"), Some("%u")), "ABC");
        assert_eq!(conv(&s("abc def"), Some("%c")), "Abc def");
        assert_eq!(conv(&s("ab::cd"), Some("%C")), "Ab::Cd");
        assert_eq!(conv(&s("  x  "), Some("%t")), "x");
        assert_eq!(conv(&s("abc"), Some("%#p")), "\"abc\"");
        assert_eq!(conv(&s("it's"), Some("%p")), "'it\\'s'");
        assert_eq!(conv(&s("a\tb"), Some("%p")), "\"a\\tb\"");
        assert_eq!(conv(&s("X"), Some("%d")), "x");
        assert_eq!(
            conv(&s("abc"), Some("%5.2s|")),
            "Error: The format '%5.2s|' is not a valid format on the form '%<flags><width>.<prec><format>'"
        );
        assert_eq!(
            conv(&s("x"), Some("%q")),
            "Error: Illegal format 'q' specified for value of String type - expected one of the characters 'cCudspt'"
        );
        assert_eq!(conv(&Value::Bool(true), Some("%y")), "yes");
        assert_eq!(conv(&Value::Bool(true), Some("%#Y")), "Y");
        assert_eq!(conv(&Value::Bool(false), Some("%T")), "False");
        assert_eq!(conv(&Value::Bool(true), Some("%d")), "1");
        assert_eq!(conv(&Value::Bool(true), Some("%.2f")), "1.00");
        assert_eq!(conv(&Value::Undef, Some("%u")), "undef");
        assert_eq!(conv(&Value::Undef, Some("%#n")), "null");
        assert_eq!(conv(&Value::Undef, Some("%d")), "NaN");
        assert_eq!(conv(&Value::Undef, Some("%p")), "undef");
        assert_eq!(conv(&Value::Default, Some("%D")), "Default");
        assert_eq!(conv(&i(255), Some("%#x")), "0xff");
        assert_eq!(conv(&i(255), Some("%x")), "ff");
        assert_eq!(conv(&i(65), Some("%c")), "A");
        assert_eq!(conv(&i(65), Some("%#c")), "\"A\"");
        assert_eq!(conv(&i(12), Some("%s")), "12");
        assert_eq!(conv(&i(12), Some("%#s")), "\"12\"");
        assert_eq!(conv(&i(12), Some("%e")), "1.200000e+01");
        assert_eq!(
            conv(&i(12), Some("%y")),
            "Error: Illegal format 'y' specified for value of Integer type - expected one of the characters 'dxXobBeEfgGaAspc'"
        );
        assert_eq!(conv(&Value::Float(1.5), Some("%d")), "1");
        assert_eq!(conv(&Value::Float(1.5), Some("%s")), "1.5");
        assert_eq!(conv(&Value::Float(1.5), Some("%#s")), "\"1.5\"");
        assert_eq!(conv(&Value::Float(1.5), Some("%p")), "1.5");
        assert_eq!(conv(&Value::Float(1.5), Some("%.2f")), "1.50");
        let re = Value::Regex(Rc::new(
            crate::value::RegexValue::new("a/b").expect("regex"),
        ));
        assert_eq!(conv(&re, Some("%s")), "a/b");
        assert_eq!(conv(&re, Some("%p")), "/a\\/b/");
        let t = ty(PType::Integer { min: 1, max: 2 });
        assert_eq!(conv(&t, Some("%s")), "Integer[1, 2]");
        assert_eq!(conv(&t, Some("%#s")), "\"Integer[1, 2]\"");
    }
}
