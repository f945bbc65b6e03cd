//! Ruby's `format` / `sprintf` / `String#%`: `%[flags][width][.precision]type`
//! with the flags `-+ 0#`, the types `s p d i u f e E g G x X o b B c %`, and
//! named references `%<name>s` and `%{name}`.

use super::format::{inspect, to_s};
use super::value::{RClass, RHash, RValue};

pub type FmtResult = Result<String, (RClass, String)>;

/// Formats `args` (or the names of `named`) by `fmt`.
pub fn sprintf(fmt: &str, args: &[RValue], named: Option<&RHash>) -> FmtResult {
    let mut out = String::new();
    let chars: Vec<char> = fmt.chars().collect();
    let mut i = 0;
    let mut next_arg = 0;
    while i < chars.len() {
        let c = chars[i];
        if c != '%' {
            out.push(c);
            i += 1;
            continue;
        }
        i += 1;
        if i >= chars.len() {
            return Err((
                RClass::ArgumentError,
                "incomplete format specifier; use %% (double %) instead".into(),
            ));
        }
        if chars[i] == '%' {
            out.push('%');
            i += 1;
            continue;
        }
        let mut left = false;
        let mut plus = false;
        let mut space = false;
        let mut zero = false;
        let mut alt = false;
        let mut named_arg: Option<RValue> = None;
        let mut width: Option<usize> = None;
        let mut precision: Option<usize> = None;
        let mut written = false;
        loop {
            match chars.get(i) {
                Some('-') => left = true,
                Some('+') => plus = true,
                Some(' ') => space = true,
                Some('0') => zero = true,
                Some('#') => alt = true,
                Some(open @ ('<' | '{')) => {
                    let close = if *open == '<' { '>' } else { '}' };
                    let start = i + 1;
                    let Some(len) = chars[start..].iter().position(|c| *c == close) else {
                        return Err((
                            RClass::ArgumentError,
                            "malformed name - unmatched parenthesis".into(),
                        ));
                    };
                    let name: String = chars[start..start + len].iter().collect();
                    let Some(h) = named else {
                        return Err((RClass::ArgumentError, "one hash required".into()));
                    };
                    let Some(v) = h.get(&RValue::sym(&name)) else {
                        return Err((RClass::KeyError, format!("key<{name}> not found")));
                    };
                    i = start + len;
                    if *open == '{' {
                        out.push_str(&to_s(&v));
                        written = true;
                        i += 1;
                        break;
                    }
                    named_arg = Some(v);
                }
                _ => break,
            }
            i += 1;
        }
        if written {
            continue;
        }
        let mut w = String::new();
        while let Some(d) = chars.get(i).filter(|c| c.is_ascii_digit()) {
            w.push(*d);
            i += 1;
        }
        if chars.get(i) == Some(&'*') {
            i += 1;
            let a = args.get(next_arg).cloned().unwrap_or(RValue::Nil);
            next_arg += 1;
            match a {
                RValue::Int(n) => {
                    if n < 0 {
                        left = true;
                    }
                    width = Some(n.unsigned_abs() as usize);
                }
                _ => return Err((RClass::TypeError, "width must be an Integer".into())),
            }
        } else if !w.is_empty() {
            width = w.parse().ok();
        }
        if chars.get(i) == Some(&'.') {
            i += 1;
            let mut p = String::new();
            while let Some(d) = chars.get(i).filter(|c| c.is_ascii_digit()) {
                p.push(*d);
                i += 1;
            }
            precision = Some(p.parse().unwrap_or(0));
        }
        if chars.get(i) == Some(&'<') {
            // `%-10<name>s`
            let start = i + 1;
            let Some(len) = chars[start..].iter().position(|c| *c == '>') else {
                return Err((
                    RClass::ArgumentError,
                    "malformed name - unmatched parenthesis".into(),
                ));
            };
            let name: String = chars[start..start + len].iter().collect();
            let Some(h) = named else {
                return Err((RClass::ArgumentError, "one hash required".into()));
            };
            named_arg = Some(
                h.get(&RValue::sym(&name))
                    .ok_or((RClass::KeyError, format!("key<{name}> not found")))?,
            );
            i = start + len + 1;
        }
        let Some(&ty) = chars.get(i) else {
            return Err((
                RClass::ArgumentError,
                "incomplete format specifier; use %% (double %) instead".into(),
            ));
        };
        i += 1;
        let arg = match named_arg {
            Some(v) => v,
            None => {
                let Some(v) = args.get(next_arg).cloned() else {
                    return Err((RClass::ArgumentError, "too few arguments".into()));
                };
                next_arg += 1;
                v
            }
        };
        let spec = Spec {
            left,
            plus,
            space,
            zero,
            alt,
            width,
            precision,
        };
        let body = match ty {
            's' => {
                let mut s = to_s(&arg);
                if let Some(p) = precision {
                    s = s.chars().take(p).collect();
                }
                spec.pad(s, false)
            }
            'p' => {
                let mut s = inspect(&arg);
                if let Some(p) = precision {
                    s = s.chars().take(p).collect();
                }
                spec.pad(s, false)
            }
            'd' | 'i' | 'u' => {
                let n = to_integer(&arg)?;
                let digits = n.unsigned_abs().to_string();
                let digits = match precision {
                    Some(p) if digits.len() < p => {
                        format!("{}{digits}", "0".repeat(p - digits.len()))
                    }
                    _ => digits,
                };
                spec.signed(n < 0, digits)
            }
            'x' | 'X' | 'o' | 'b' | 'B' => {
                let n = to_integer(&arg)?;
                let mut digits = match ty {
                    'x' => format!("{:x}", n.unsigned_abs()),
                    'X' => format!("{:X}", n.unsigned_abs()),
                    'o' => format!("{:o}", n.unsigned_abs()),
                    _ => format!("{:b}", n.unsigned_abs()),
                };
                if let Some(p) = precision
                    && digits.len() < p
                {
                    digits = format!("{}{digits}", "0".repeat(p - digits.len()));
                }
                if alt && n != 0 {
                    let prefix = match ty {
                        'x' => "0x",
                        'X' => "0X",
                        'o' => "0",
                        'b' => "0b",
                        _ => "0B",
                    };
                    digits = format!("{prefix}{digits}");
                }
                spec.signed(n < 0, digits)
            }
            'f' => {
                let f = to_float(&arg)?;
                if !f.is_finite() {
                    spec.signed(
                        f < 0.0,
                        if f.is_nan() {
                            "NaN".into()
                        } else {
                            "Inf".into()
                        },
                    )
                } else {
                    let digits = format!("{:.*}", precision.unwrap_or(6), f.abs());
                    spec.signed(
                        f.is_sign_negative() && f != 0.0 || (f == 0.0 && f.is_sign_negative()),
                        digits,
                    )
                }
            }
            'e' | 'E' => {
                let f = to_float(&arg)?;
                let s = exp_format(f.abs(), precision.unwrap_or(6), ty == 'E');
                spec.signed(f < 0.0, s)
            }
            'g' | 'G' => {
                let f = to_float(&arg)?;
                let p = precision.unwrap_or(6).max(1);
                let exp = if f == 0.0 {
                    0
                } else {
                    f.abs().log10().floor() as i32
                };
                let s = if exp < -4 || exp >= p as i32 {
                    let s = exp_format(f.abs(), p - 1, ty == 'G');
                    if alt { s } else { trim_exp_zeros(&s) }
                } else {
                    let decimals = (p as i32 - 1 - exp).max(0) as usize;
                    let s = format!("{:.*}", decimals, f.abs());
                    if alt || !s.contains('.') {
                        s
                    } else {
                        s.trim_end_matches('0').trim_end_matches('.').to_string()
                    }
                };
                spec.signed(f < 0.0, s)
            }
            'c' => {
                let s = match &arg {
                    RValue::Int(n) => u32::try_from(*n)
                        .ok()
                        .and_then(char::from_u32)
                        .map(String::from)
                        .ok_or((RClass::RangeError, format!("{n} out of char range")))?,
                    RValue::Str(s) => {
                        s.s.borrow()
                            .chars()
                            .next()
                            .map(String::from)
                            .unwrap_or_default()
                    }
                    _ => return Err((RClass::TypeError, "%c requires a character".into())),
                };
                spec.pad(s, false)
            }
            other => {
                return Err((
                    RClass::ArgumentError,
                    format!("malformed format string - %{other}"),
                ));
            }
        };
        out.push_str(&body);
    }
    Ok(out)
}

struct Spec {
    left: bool,
    plus: bool,
    space: bool,
    zero: bool,
    alt: bool,
    width: Option<usize>,
    precision: Option<usize>,
}

impl Spec {
    fn pad(&self, s: String, numeric: bool) -> String {
        let len = s.chars().count();
        let Some(w) = self.width.filter(|w| *w > len) else {
            return s;
        };
        let fill = w - len;
        if self.left {
            format!("{s}{}", " ".repeat(fill))
        } else if self.zero && numeric {
            // Zeros go after the sign.
            let (sign, rest) = match s.chars().next() {
                Some(c @ ('-' | '+' | ' ')) => (c.to_string(), s[1..].to_string()),
                _ => (String::new(), s),
            };
            format!("{sign}{}{rest}", "0".repeat(fill))
        } else {
            format!("{}{s}", " ".repeat(fill))
        }
    }

    fn signed(&self, negative: bool, digits: String) -> String {
        let sign = if negative {
            "-"
        } else if self.plus {
            "+"
        } else if self.space {
            " "
        } else {
            ""
        };
        let _ = self.alt;
        let numeric = self.precision.is_none() || self.zero;
        self.pad(format!("{sign}{digits}"), numeric)
    }
}

fn exp_format(f: f64, precision: usize, upper: bool) -> String {
    let s = format!("{:.*e}", precision, f);
    let (m, e) = s.split_once('e').unwrap_or((&s, "0"));
    let e: i32 = e.parse().unwrap_or(0);
    let out = format!("{m}e{}{:02}", if e < 0 { '-' } else { '+' }, e.abs());
    if upper { out.to_uppercase() } else { out }
}

fn trim_exp_zeros(s: &str) -> String {
    match s.split_once(['e', 'E']) {
        Some((m, e)) if m.contains('.') => {
            let m = m.trim_end_matches('0').trim_end_matches('.');
            let sep = if s.contains('E') { 'E' } else { 'e' };
            format!("{m}{sep}{e}")
        }
        _ => s.to_string(),
    }
}

fn to_integer(v: &RValue) -> Result<i64, (RClass, String)> {
    match v {
        RValue::Int(i) => Ok(*i),
        RValue::Float(f) if f.is_finite() => Ok(f.floor() as i64),
        RValue::Float(f) => Err((RClass::FloatDomainError, super::format::float_to_s(*f))),
        RValue::Str(s) => {
            let text = s.s.borrow().clone();
            super::methods::parse_integer_strict(&text).ok_or((
                RClass::ArgumentError,
                format!("invalid value for Integer(): {}", inspect(v)),
            ))
        }
        RValue::Nil => Err((RClass::TypeError, "can't convert nil into Integer".into())),
        other => Err((
            RClass::TypeError,
            format!("can't convert {} into Integer", other.class().name()),
        )),
    }
}

fn to_float(v: &RValue) -> Result<f64, (RClass, String)> {
    match v {
        RValue::Int(i) => Ok(*i as f64),
        RValue::Float(f) => Ok(*f),
        RValue::Str(s) => {
            let text = s.s.borrow().clone();
            super::methods::parse_float_strict(&text).ok_or((
                RClass::ArgumentError,
                format!("invalid value for Float(): {}", inspect(v)),
            ))
        }
        RValue::Nil => Err((RClass::TypeError, "can't convert nil into Float".into())),
        other => Err((
            RClass::TypeError,
            format!("can't convert {} into Float", other.class().name()),
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn f(fmt: &str, args: &[RValue]) -> String {
        sprintf(fmt, args, None).unwrap_or_else(|e| e.1)
    }

    #[test]
    fn formats_like_ruby() {
        assert_eq!(
            f(
                "%05.1f|%-5s|%3d|%x",
                &[
                    RValue::Int(1),
                    RValue::str("ab"),
                    RValue::Int(7),
                    RValue::Int(255)
                ]
            ),
            "001.0|ab   |  7|ff"
        );
        assert_eq!(
            f(
                "%+d %05d %.3d %s",
                &[
                    RValue::Int(5),
                    RValue::Int(-42),
                    RValue::Int(7),
                    RValue::Nil
                ]
            ),
            "+5 -0042 007 "
        );
        assert_eq!(
            f(
                "%e %g %g",
                &[
                    RValue::Float(12345.678),
                    RValue::Float(0.0001),
                    RValue::Float(1e7)
                ]
            ),
            "1.234568e+04 0.0001 1e+07"
        );
        assert_eq!(f("%p %%", &[RValue::str("a")]), "\"a\" %");
    }
}
