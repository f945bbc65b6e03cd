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
        // `%2$s`: an argument by position.
        if chars.get(i) == Some(&'$') && !w.is_empty() {
            let n: usize = w.parse().unwrap_or(0);
            let Some(v) = n.checked_sub(1).and_then(|n| args.get(n)) else {
                return Err((RClass::ArgumentError, format!("invalid index - {n}$")));
            };
            named_arg = Some(v.clone());
            w.clear();
            i += 1;
            loop {
                match chars.get(i) {
                    Some('-') => left = true,
                    Some('+') => plus = true,
                    Some(' ') => space = true,
                    Some('0') => zero = true,
                    Some('#') => alt = true,
                    _ => break,
                }
                i += 1;
            }
            while let Some(d) = chars.get(i).filter(|c| c.is_ascii_digit()) {
                w.push(*d);
                i += 1;
            }
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
                    let digits = fixed(f.abs(), precision.unwrap_or(6));
                    spec.signed(f.is_sign_negative(), digits)
                }
            }
            'e' | 'E' => {
                let f = to_float(&arg)?;
                let s = exp_format(f.abs(), precision.unwrap_or(6), ty == 'E');
                spec.signed(f.is_sign_negative(), s)
            }
            'g' | 'G' => {
                let f = to_float(&arg)?;
                let p = precision.unwrap_or(6).max(1);
                let (digits, decpt) = round_shortest(f.abs(), p);
                let exp = decpt - 1;
                let s = if f != 0.0 && (exp < -4 || exp >= p as i32) {
                    let s = exp_format(f.abs(), p - 1, ty == 'G');
                    if alt { s } else { trim_exp_zeros(&s) }
                } else {
                    let decimals = (p as i32 - 1 - exp).max(0) as usize;
                    let s = fixed(f.abs(), decimals);
                    let _ = digits;
                    if alt || !s.contains('.') {
                        s
                    } else {
                        s.trim_end_matches('0').trim_end_matches('.').to_string()
                    }
                };
                spec.signed(f.is_sign_negative(), s)
            }
            'c' => {
                let s = match &arg {
                    RValue::Int(n) => u32::try_from(*n)
                        .ok()
                        .and_then(char::from_u32)
                        .map(String::from)
                        .ok_or((RClass::RangeError, format!("{n} out of char range")))?,
                    RValue::Str(s) if s.s.borrow().chars().count() == 1 => s.s.borrow().clone(),
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

/// The shortest round-trip digits of `f` (> 0) rounded half-even to `keep`
/// significant digits: (digits, position of the decimal point). This is what
/// Ruby's sprintf prints (its dtoa rounds the shortest representation).
fn round_shortest(f: f64, keep: usize) -> (String, i32) {
    if f == 0.0 {
        return ("0".repeat(keep.max(1)), 1);
    }
    let sci = format!("{f:e}");
    let (mantissa, exp) = sci.split_once('e').unwrap_or((&sci, "0"));
    let mut decpt = exp.parse::<i32>().unwrap_or(0) + 1;
    let mut digits: Vec<u8> = mantissa.bytes().filter(u8::is_ascii_digit).collect();
    if digits.len() > keep {
        let rest = &digits[keep..];
        let up = match rest.first() {
            Some(b'5') if rest[1..].iter().all(|d| *d == b'0') => {
                keep > 0 && (digits[keep - 1] - b'0') % 2 == 1
            }
            Some(d) => *d >= b'5',
            None => false,
        };
        digits.truncate(keep);
        if up {
            let mut i = keep;
            loop {
                if i == 0 {
                    digits.insert(0, b'1');
                    digits.pop();
                    decpt += 1;
                    break;
                }
                i -= 1;
                if digits[i] == b'9' {
                    digits[i] = b'0';
                } else {
                    digits[i] += 1;
                    break;
                }
            }
        }
    }
    if keep != usize::MAX {
        while digits.len() < keep {
            digits.push(b'0');
        }
    }
    (String::from_utf8(digits).unwrap_or_default(), decpt)
}

/// `%.Nf` of a non-negative float as Ruby prints it.
fn fixed(f: f64, prec: usize) -> String {
    let (_, decpt) = round_shortest(f, usize::MAX);
    let keep = decpt + prec as i32;
    if f == 0.0 || keep < 0 {
        return format!("{:.*}", prec, 0.0);
    }
    if keep == 0 {
        // No digit before the rounding position: Ruby compares exactly.
        return format!("{:.*}", prec, f);
    }
    let (digits, decpt) = round_shortest(f, keep as usize);
    let mut out = String::new();
    if decpt <= 0 {
        out.push('0');
        if prec > 0 {
            out.push('.');
            let zeros = (-decpt) as usize;
            out.push_str(&"0".repeat(zeros.min(prec)));
            out.push_str(&digits[..prec.saturating_sub(zeros).min(digits.len())]);
        }
    } else {
        let d = decpt as usize;
        out.push_str(&digits[..d.min(digits.len())]);
        if d > digits.len() {
            out.push_str(&"0".repeat(d - digits.len()));
        }
        if prec > 0 {
            out.push('.');
            let frac = digits.get(d..).unwrap_or("");
            out.push_str(frac);
            out.push_str(&"0".repeat(prec.saturating_sub(frac.len())));
        }
    }
    out
}

fn exp_format(f: f64, precision: usize, upper: bool) -> String {
    let (digits, decpt) = round_shortest(f, precision + 1);
    let e = if f == 0.0 { 0 } else { decpt - 1 };
    let mut out = digits[..1].to_string();
    if precision > 0 {
        out.push('.');
        out.push_str(&digits[1..]);
    }
    let out = format!("{out}e{}{:02}", if e < 0 { '-' } else { '+' }, e.abs());
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
        // Ruby rounds the shortest representation half to even.
        assert_eq!(
            f(
                "%.1f %.2f %.1f %.1f %.2f %.0f %.1f",
                &[
                    RValue::Float(99.55),
                    RValue::Float(2.675),
                    RValue::Float(0.05),
                    RValue::Float(0.25),
                    RValue::Float(1.005),
                    RValue::Float(2.5),
                    RValue::Float(99.45)
                ]
            ),
            "99.6 2.68 0.1 0.2 1.00 2 99.4"
        );
        assert_eq!(
            f(
                "%.2e %.3g %g",
                &[
                    RValue::Float(99.55),
                    RValue::Float(0.0012345),
                    RValue::Float(100000.0)
                ]
            ),
            "9.96e+01 0.00123 100000"
        );
    }
}
