//! `Integer`'s and `Float`'s methods: arithmetic with Ruby's rules (integer
//! division and modulo floor, mixed operands give floats, overflow beyond 64
//! bits is refused rather than wrapped), comparison, rounding (half away from
//! zero, with Ruby's correction for decimal digits), iteration (`times`,
//! `upto`), and the strict parsers behind `Integer()` and `Float()`.

use super::super::format;
use super::super::interp::{Blk, Interp, R};
use super::super::value::{RClass, RValue};

#[derive(Clone, Copy)]
enum Num {
    I(i64),
    F(f64),
}

fn num(v: &RValue) -> Option<Num> {
    match v {
        RValue::Int(i) => Some(Num::I(*i)),
        RValue::Float(f) => Some(Num::F(*f)),
        _ => None,
    }
}

fn as_f(n: Num) -> f64 {
    match n {
        Num::I(i) => i as f64,
        Num::F(f) => f,
    }
}

/// Ruby's `Float#round(ndigits)` (round half away from zero, then corrected
/// so that a decimal that prints as a tie rounds up).
fn round_float(x: f64, digits: i64) -> f64 {
    if digits == 0 {
        return x.round();
    }
    if digits > 0 {
        if digits >= 17 {
            return x;
        }
        let s = 10f64.powi(digits as i32);
        let xs = x * s;
        let mut f = xs.round();
        if x > 0.0 && (f + 0.5) / s <= x {
            f += 1.0;
        } else if x < 0.0 && (f - 0.5) / s >= x {
            f -= 1.0;
        }
        let r = f / s;
        if r.is_finite() { r } else { x }
    } else {
        let s = 10f64.powi((-digits) as i32);
        (x / s).round() * s
    }
}

/// Integer rounding to negative digits: half away from zero.
fn round_int(i: i64, digits: i64) -> i64 {
    if digits >= 0 {
        return i;
    }
    if digits < -18 {
        return 0;
    }
    let s = 10i64.pow((-digits) as u32);
    let r = i % s;
    let base = i - r;
    if r.abs() * 2 >= s {
        if i >= 0 {
            base.saturating_add(s)
        } else {
            base.saturating_sub(s)
        }
    } else {
        base
    }
}

fn float_div_mod(a: f64, b: f64) -> (f64, f64) {
    let m = a % b;
    let m = if m != 0.0 && (m < 0.0) != (b < 0.0) {
        m + b
    } else {
        m
    };
    ((a - m) / b, m)
}

/// `Integer("...")`: optional blanks and sign, `0x`/`0b`/`0o`/`0` prefixes,
/// single underscores between digits; anything else is invalid.
pub(crate) fn parse_integer_strict(s: &str) -> Option<i64> {
    let t = s.trim_matches(|c: char| c.is_ascii_whitespace());
    let (neg, t) = match t.as_bytes().first() {
        Some(b'-') => (true, &t[1..]),
        Some(b'+') => (false, &t[1..]),
        _ => (false, t),
    };
    let lower = t.to_ascii_lowercase();
    let (radix, digits) = if let Some(r) = lower.strip_prefix("0x") {
        (16, r.to_string())
    } else if let Some(r) = lower.strip_prefix("0b") {
        (2, r.to_string())
    } else if let Some(r) = lower.strip_prefix("0o") {
        (8, r.to_string())
    } else if let Some(r) = lower.strip_prefix("0d") {
        (10, r.to_string())
    } else if lower.len() > 1 && lower.starts_with('0') {
        (8, lower[1..].trim_start_matches('_').to_string())
    } else {
        (10, lower.clone())
    };
    if digits.is_empty()
        || digits.starts_with('_')
        || digits.ends_with('_')
        || digits.contains("__")
    {
        return None;
    }
    let clean: String = digits.chars().filter(|c| *c != '_').collect();
    let n = i64::from_str_radix(&clean, radix).ok()?;
    Some(if neg { -n } else { n })
}

/// `Float("...")`: a decimal or integer literal, optionally with blanks.
pub(crate) fn parse_float_strict(s: &str) -> Option<f64> {
    let t = s.trim_matches(|c: char| c.is_ascii_whitespace());
    if t.is_empty()
        || t.contains("__")
        || t.starts_with('_')
        || t.ends_with('_')
        || t.ends_with('.')
        || t.starts_with('.')
    {
        return None;
    }
    if let Some(i) = parse_integer_strict(t) {
        return Some(i as f64);
    }
    let clean: String = t.chars().filter(|c| *c != '_').collect();
    if !clean
        .chars()
        .all(|c| c.is_ascii_digit() || matches!(c, '.' | 'e' | 'E' | '+' | '-'))
    {
        return None;
    }
    clean.parse().ok()
}

impl Interp<'_> {
    fn overflow<T>(&self) -> R<T> {
        self.unsupported("integers beyond 64 bits (Ruby's Bignum) are not supported")
    }

    fn coerce_error<T>(&self, recv: &RValue, other: &RValue) -> R<T> {
        let what = match other {
            RValue::Nil => "nil".to_string(),
            RValue::Bool(b) => b.to_string(),
            o => o.class().name().to_string(),
        };
        self.raise(
            RClass::TypeError,
            format!("{what} can't be coerced into {}", recv.class().name()),
        )
    }

    fn arith(&self, recv: &RValue, op: &str, other: &RValue) -> R<RValue> {
        let (Some(a), Some(b)) = (num(recv), num(other)) else {
            return self.coerce_error(recv, other);
        };
        Ok(match (a, b) {
            (Num::I(x), Num::I(y)) => match op {
                "+" => RValue::Int(x.checked_add(y).map_or_else(|| self.overflow(), Ok)?),
                "-" => RValue::Int(x.checked_sub(y).map_or_else(|| self.overflow(), Ok)?),
                "*" => RValue::Int(x.checked_mul(y).map_or_else(|| self.overflow(), Ok)?),
                "/" | "div" => {
                    if y == 0 {
                        return self.raise(RClass::ZeroDivisionError, "divided by 0");
                    }
                    if x == i64::MIN && y == -1 {
                        return self.overflow();
                    }
                    RValue::Int(floor_div(x, y))
                }
                "%" | "modulo" => {
                    if y == 0 {
                        return self.raise(RClass::ZeroDivisionError, "divided by 0");
                    }
                    // Ruby's modulo takes the divisor's sign; in i128, where
                    // `-9223372036854775807 % 5` cannot overflow.
                    let r = (x as i128).rem_euclid(y as i128);
                    RValue::Int(if y < 0 && r != 0 { r + y as i128 } else { r } as i64)
                }
                "remainder" => {
                    if y == 0 {
                        return self.raise(RClass::ZeroDivisionError, "divided by 0");
                    }
                    RValue::Int(x.wrapping_rem(y))
                }
                "**" => {
                    if y < 0 {
                        return self.unsupported(
                            "negative integer powers (Ruby's Rational) are not supported",
                        );
                    }
                    let Ok(e) = u32::try_from(y) else {
                        return self.overflow();
                    };
                    RValue::Int(x.checked_pow(e).map_or_else(|| self.overflow(), Ok)?)
                }
                _ => return self.unsupported(format!("Integer#{op}")),
            },
            _ => {
                let (x, y) = (as_f(a), as_f(b));
                match op {
                    "+" => RValue::Float(x + y),
                    "-" => RValue::Float(x - y),
                    "*" => RValue::Float(x * y),
                    "/" => RValue::Float(x / y),
                    "div" => {
                        if y == 0.0 {
                            return self.raise(RClass::ZeroDivisionError, "divided by 0");
                        }
                        RValue::Int((x / y).floor() as i64)
                    }
                    "%" | "modulo" => RValue::Float(float_div_mod(x, y).1),
                    "remainder" => RValue::Float(x % y),
                    "**" => RValue::Float(x.powf(y)),
                    _ => return self.unsupported(format!("Float#{op}")),
                }
            }
        })
    }

    pub(super) fn numeric_method(
        &mut self,
        recv: &RValue,
        name: &str,
        args: &[RValue],
        blk: Option<&Blk>,
    ) -> R<Option<RValue>> {
        let Some(n) = num(recv) else {
            return Ok(None);
        };
        let v = match name {
            "+" | "-" | "*" | "/" | "%" | "**" | "div" | "modulo" | "remainder" | "pow" => {
                self.argc(args, 1, 1)?;
                let op = if name == "pow" { "**" } else { name };
                self.arith(recv, op, &args[0])?
            }
            "fdiv" => {
                self.argc(args, 1, 1)?;
                match num(&args[0]) {
                    Some(b) => RValue::Float(as_f(n) / as_f(b)),
                    None => return self.coerce_error(recv, &args[0]),
                }
            }
            "divmod" => {
                self.argc(args, 1, 1)?;
                let q = self.arith(recv, "div", &args[0])?;
                let m = self.arith(recv, "%", &args[0])?;

                RValue::array(vec![q, m])
            }
            "-@" => match n {
                Num::I(i) => RValue::Int(i.checked_neg().map_or_else(|| self.overflow(), Ok)?),
                Num::F(f) => RValue::Float(-f),
            },
            "+@" => recv.clone(),
            "~" | "&" | "|" | "^" | "<<" | ">>" => {
                let Num::I(a) = n else {
                    return self.no_method(recv, name);
                };
                if name == "~" {
                    RValue::Int(!a)
                } else {
                    self.argc(args, 1, 1)?;
                    let b = self.int_arg(&args[0])?;
                    RValue::Int(match name {
                        "&" => a & b,
                        "|" => a | b,
                        "^" => a ^ b,
                        "<<" => {
                            if !(0..63).contains(&b)
                                || (a != 0 && a.leading_zeros() <= b as u32 + 1)
                            {
                                return self.overflow();
                            }
                            a << b
                        }
                        _ => {
                            if b >= 64 {
                                if a < 0 { -1 } else { 0 }
                            } else if b < 0 {
                                return self.overflow();
                            } else {
                                a >> b
                            }
                        }
                    })
                }
            }
            "==" | "===" | "equal?" => {
                self.argc(args, 1, 1)?;
                RValue::Bool(super::super::value::req(recv, &args[0]))
            }
            "<=>" => {
                self.argc(args, 1, 1)?;
                match super::super::value::rcmp(recv, &args[0]) {
                    Some(o) => RValue::Int(o as i64),
                    None => RValue::Nil,
                }
            }
            "<" | ">" | "<=" | ">=" => {
                self.argc(args, 1, 1)?;
                if num(&args[0]).is_none() {
                    return self.raise(
                        RClass::ArgumentError,
                        format!(
                            "comparison of {} with {} failed",
                            recv.class().name(),
                            cmp_name(&args[0])
                        ),
                    );
                }
                let o = super::super::value::rcmp(recv, &args[0]);
                RValue::Bool(match (o, name) {
                    (None, _) => false,
                    (Some(o), "<") => o.is_lt(),
                    (Some(o), ">") => o.is_gt(),
                    (Some(o), "<=") => o.is_le(),
                    (Some(o), _) => o.is_ge(),
                })
            }
            "between?" => {
                self.argc(args, 2, 2)?;
                let lo = self.compare(recv, &args[0])?;
                let hi = self.compare(recv, &args[1])?;
                RValue::Bool(lo.is_ge() && hi.is_le())
            }
            "clamp" => {
                self.argc(args, 2, 2)?;
                if self.compare(recv, &args[0])?.is_lt() {
                    args[0].clone()
                } else if self.compare(recv, &args[1])?.is_gt() {
                    args[1].clone()
                } else {
                    recv.clone()
                }
            }
            "to_s" | "inspect" => match (n, args.first()) {
                (Num::I(i), Some(base)) => {
                    let b = self.int_arg(base)?;
                    if !(2..=36).contains(&b) {
                        return self.raise(RClass::ArgumentError, format!("invalid radix {b}"));
                    }
                    RValue::str(to_radix(i, b as u32))
                }
                _ => RValue::str(format::to_s(recv)),
            },
            "to_i" | "to_int" | "truncate" => match n {
                Num::I(_) => recv.clone(),
                Num::F(f) => self.float_to_int(f.trunc())?,
            },
            "to_f" => RValue::Float(as_f(n)),
            "round" | "floor" | "ceil" => {
                self.argc(args, 0, 2)?;
                let digits = match args.first() {
                    Some(RValue::Hash(_)) | None => 0,
                    Some(d) => self.int_arg(d)?,
                };
                match n {
                    Num::I(i) => match name {
                        "round" => RValue::Int(round_int(i, digits)),
                        _ if digits >= 0 => recv.clone(),
                        _ => {
                            let s = 10i64.checked_pow((-digits) as u32).unwrap_or(i64::MAX);
                            let f = floor_div(i, s) * s;
                            RValue::Int(if name == "floor" || f == i { f } else { f + s })
                        }
                    },
                    Num::F(f) => {
                        let r = match name {
                            "round" => round_float(f, digits),
                            "floor" => {
                                let s = 10f64.powi(digits as i32);
                                (f * s).floor() / s
                            }
                            _ => {
                                let s = 10f64.powi(digits as i32);
                                (f * s).ceil() / s
                            }
                        };
                        if digits > 0 {
                            RValue::Float(r)
                        } else {
                            self.float_to_int(r)?
                        }
                    }
                }
            }
            "abs" | "magnitude" => match n {
                Num::I(i) => RValue::Int(i.checked_abs().map_or_else(|| self.overflow(), Ok)?),
                Num::F(f) => RValue::Float(f.abs()),
            },
            "succ" | "next" | "pred" => match n {
                Num::I(i) => {
                    let d = if name == "pred" { -1 } else { 1 };
                    RValue::Int(i.checked_add(d).map_or_else(|| self.overflow(), Ok)?)
                }
                Num::F(_) => return self.no_method(recv, name),
            },
            "times" => {
                let Num::I(count) = n else {
                    return self.no_method(recv, name);
                };
                let b = self.need_block(blk, name)?;
                for i in 0..count.max(0) {
                    self.yield1(&b, RValue::Int(i))?;
                }
                recv.clone()
            }
            "upto" | "downto" => {
                self.argc(args, 1, 1)?;
                let Num::I(from) = n else {
                    return self.no_method(recv, name);
                };
                let to = self.int_arg(&args[0])?;
                let b = self.need_block(blk, name)?;
                if name == "upto" {
                    let mut i = from;
                    while i <= to {
                        self.yield1(&b, RValue::Int(i))?;
                        let Some(next) = i.checked_add(1) else { break };
                        i = next;
                    }
                } else {
                    let mut i = from;
                    while i >= to {
                        self.yield1(&b, RValue::Int(i))?;
                        let Some(next) = i.checked_sub(1) else { break };
                        i = next;
                    }
                }
                recv.clone()
            }
            "step" => {
                self.argc(args, 1, 2)?;
                let step = args.get(1).cloned().unwrap_or(RValue::Int(1));
                let (Num::I(from), Some(Num::I(to)), Some(Num::I(st))) =
                    (n, num(&args[0]), num(&step))
                else {
                    return self.unsupported("Numeric#step with floats is not supported");
                };
                if st == 0 {
                    return self.raise(RClass::ArgumentError, "step can't be 0");
                }
                // One value at a time: each block call is a step of the
                // budget, so `1.step(10000000000000, 1)` ends in it.
                let b = self.need_block(blk, name)?;
                let mut i = from;
                while (st > 0 && i <= to) || (st < 0 && i >= to) {
                    self.yield1(&b, RValue::Int(i))?;
                    i = match i.checked_add(st) {
                        Some(x) => x,
                        None => break,
                    };
                }
                recv.clone()
            }
            "zero?" => RValue::Bool(as_f(n) == 0.0),
            "positive?" => RValue::Bool(as_f(n) > 0.0),
            "negative?" => RValue::Bool(as_f(n) < 0.0),
            "even?" | "odd?" => match n {
                Num::I(i) => RValue::Bool((i % 2 == 0) == (name == "even?")),
                Num::F(_) => return self.no_method(recv, name),
            },
            "integer?" => RValue::Bool(matches!(n, Num::I(_))),
            "finite?" => RValue::Bool(as_f(n).is_finite()),
            "nan?" => match n {
                Num::F(f) => RValue::Bool(f.is_nan()),
                Num::I(_) => return self.no_method(recv, name),
            },
            "infinite?" => match n {
                Num::F(f) if f.is_infinite() => RValue::Int(if f > 0.0 { 1 } else { -1 }),
                _ => RValue::Nil,
            },
            "chr" => match n {
                Num::I(i) if (0..256).contains(&i) => {
                    if i >= 128 {
                        return self.unsupported("Integer#chr of non-ASCII bytes is not supported");
                    }
                    RValue::str(char::from(i as u8).to_string())
                }
                _ => {
                    return self.raise(
                        RClass::RangeError,
                        format!("{} out of char range", format::to_s(recv)),
                    );
                }
            },
            "ord" => recv.clone(),
            "gcd" | "lcm" => {
                self.argc(args, 1, 1)?;
                let (Num::I(a), b) = (n, self.int_arg(&args[0])?) else {
                    return self.no_method(recv, name);
                };
                let g = gcd(a.unsigned_abs(), b.unsigned_abs()) as i64;
                if name == "gcd" {
                    RValue::Int(g)
                } else if g == 0 {
                    RValue::Int(0)
                } else {
                    RValue::Int(
                        (a / g)
                            .checked_mul(b)
                            .map_or_else(|| self.overflow(), Ok)?
                            .abs(),
                    )
                }
            }
            "digits" => match n {
                Num::I(i) if i >= 0 => {
                    let mut out = Vec::new();
                    let mut x = i;
                    loop {
                        out.push(RValue::Int(x % 10));
                        x /= 10;
                        if x == 0 {
                            break;
                        }
                    }
                    RValue::array(out)
                }
                _ => return self.raise(RClass::ArgumentError, "out of domain"),
            },
            "hash" | "frozen?" | "dup" | "clone" => return Ok(None),
            _ => return Ok(None),
        };
        Ok(Some(v))
    }

    fn float_to_int(&self, f: f64) -> R<RValue> {
        if f.is_nan() {
            return self.raise(RClass::FloatDomainError, "NaN");
        }
        if f.is_infinite() {
            return self.raise(
                RClass::FloatDomainError,
                if f > 0.0 { "Infinity" } else { "-Infinity" },
            );
        }
        if f.abs() >= 9.2e18 {
            return self.overflow();
        }
        Ok(RValue::Int(f as i64))
    }
}

fn cmp_name(v: &RValue) -> String {
    match v {
        RValue::Nil => "nil".into(),
        RValue::Bool(b) => b.to_string(),
        other => other.class().name().into(),
    }
}

fn floor_div(x: i64, y: i64) -> i64 {
    let q = x.wrapping_div(y);
    if (x % y != 0) && ((x < 0) != (y < 0)) {
        q - 1
    } else {
        q
    }
}

fn gcd(mut a: u64, mut b: u64) -> u64 {
    while b != 0 {
        let t = a % b;
        a = b;
        b = t;
    }
    a
}

fn to_radix(i: i64, base: u32) -> String {
    if i == 0 {
        return "0".into();
    }
    let mut n = i.unsigned_abs();
    let mut digits = Vec::new();
    while n > 0 {
        let d = (n % u64::from(base)) as u32;
        digits.push(std::char::from_digit(d, base).unwrap_or('?'));
        n /= u64::from(base);
    }
    if i < 0 {
        digits.push('-');
    }
    digits.into_iter().rev().collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rounding_like_ruby() {
        assert_eq!(round_float(2.675, 2), 2.68);
        assert_eq!(round_float(2.5, 0), 3.0);
        assert_eq!(round_float(-2.5, 0), -3.0);
        assert_eq!(round_float(1.005, 2), 1.01);
        assert_eq!(round_float(0.125, 2), 0.13);
        assert_eq!(round_int(1250, -2), 1300);
        assert_eq!(round_int(-1250, -2), -1300);
        assert_eq!(floor_div(-7, 2), -4);
        assert_eq!(-7 - floor_div(-7, 3) * 3, 2);
    }

    #[test]
    fn strict_parsing() {
        assert_eq!(parse_integer_strict(" 42 "), Some(42));
        assert_eq!(parse_integer_strict("0x1A"), Some(26));
        assert_eq!(parse_integer_strict("010"), Some(8));
        assert_eq!(parse_integer_strict("1_000"), Some(1000));
        assert_eq!(parse_integer_strict("12abc"), None);
        assert_eq!(parse_integer_strict("08"), None);
        assert_eq!(parse_float_strict("1.5"), Some(1.5));
        assert_eq!(parse_float_strict("1."), None);
    }
}
