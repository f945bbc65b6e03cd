//! Ruby's `format` / `sprintf` / `String#%` in templates: the one engine of
//! `kuppet_values::convert` (flags, width, precision, `*`, `n$`, `%<name>s`,
//! `%{name}`, Ruby's float rounding) over Ruby values, with Ruby's
//! exception classes.

use super::format::{inspect, to_s};
use super::methods::{parse_float_strict, parse_integer_strict};
use super::value::{RClass, RValue};
use kuppet_values::convert::{FormatArg, FormatError, FormatErrorKind, FormatInt, format_args};

pub(crate) type FmtResult = Result<String, (RClass, String)>;

/// Formats `args` by `fmt`; `hash` serves named references (`%<name>s`).
pub fn sprintf(fmt: &str, args: &[RValue], hash: Option<&RValue>) -> FmtResult {
    format_args(fmt, args, hash).map_err(|e| {
        let class = match e.kind {
            FormatErrorKind::Argument => RClass::ArgumentError,
            FormatErrorKind::Type => RClass::TypeError,
            FormatErrorKind::Key => RClass::KeyError,
            FormatErrorKind::Range => RClass::RangeError,
            FormatErrorKind::FloatDomain => RClass::FloatDomainError,
            FormatErrorKind::NoMemory => RClass::NoMemoryError,
        };
        (class, e.message)
    })
}

fn type_error(message: String) -> FormatError {
    FormatError::new(FormatErrorKind::Type, message)
}

impl FormatArg for RValue {
    fn to_s(&self) -> String {
        to_s(self)
    }

    fn inspect(&self) -> String {
        inspect(self)
    }

    fn to_format_int(&self) -> Result<FormatInt, FormatError> {
        match self {
            RValue::Int(i) => Ok(FormatInt::Exact(*i as i128)),
            RValue::Float(f) => FormatInt::of_float(*f),
            RValue::Str(s) => {
                let text = s.s.borrow().clone();
                parse_integer_strict(&text)
                    .map(|n| FormatInt::Exact(n as i128))
                    .ok_or_else(|| {
                        FormatError::new(
                            FormatErrorKind::Argument,
                            format!("invalid value for Integer(): {}", inspect(self)),
                        )
                    })
            }
            RValue::Nil => Err(type_error("can't convert nil into Integer".into())),
            other => Err(type_error(format!(
                "can't convert {} into Integer",
                other.class().name()
            ))),
        }
    }

    fn to_float(&self) -> Result<f64, FormatError> {
        match self {
            RValue::Int(i) => Ok(*i as f64),
            RValue::Float(f) => Ok(*f),
            RValue::Str(s) => {
                let text = s.s.borrow().clone();
                parse_float_strict(&text).ok_or_else(|| {
                    FormatError::new(
                        FormatErrorKind::Argument,
                        format!("invalid value for Float(): {}", inspect(self)),
                    )
                })
            }
            RValue::Nil => Err(type_error("can't convert nil into Float".into())),
            other => Err(type_error(format!(
                "can't convert {} into Float",
                other.class().name()
            ))),
        }
    }

    fn is_integer(&self) -> bool {
        matches!(self, RValue::Int(_))
    }

    fn to_char(&self) -> Result<char, FormatError> {
        let code = match self {
            RValue::Int(n) => *n,
            RValue::Float(f) if f.is_finite() => f.trunc() as i64,
            RValue::Str(s) => {
                let s = s.s.borrow();
                let mut chars = s.chars();
                return match (chars.next(), chars.next()) {
                    (Some(c), None) => Ok(c),
                    _ => Err(FormatError::new(
                        FormatErrorKind::Argument,
                        "%c requires a character",
                    )),
                };
            }
            _ => return Err(type_error("%c requires a character".into())),
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
            RValue::Int(n) => Ok(*n),
            RValue::Float(f) if f.is_finite() => Ok(f.trunc() as i64),
            RValue::Nil => Err(type_error(
                "no implicit conversion from nil to integer".into(),
            )),
            other => Err(type_error(format!(
                "no implicit conversion of {} into Integer",
                other.class().name()
            ))),
        }
    }

    fn named(&self, name: &str) -> Option<Option<RValue>> {
        match self {
            RValue::Hash(h) => Some(h.get(&RValue::sym(name))),
            _ => None,
        }
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

    // Expected texts: Ruby 3.1's `format` of the same arguments.
    #[test]
    fn ruby_details_and_errors() {
        assert_eq!(f("%d", &[RValue::Float(-2.5)]), "-2");
        assert_eq!(f("%*d", &[RValue::Float(2.9), RValue::Int(1)]), " 1");
        assert_eq!(
            f("%*d", &[RValue::str("3"), RValue::Int(1)]),
            "no implicit conversion of String into Integer"
        );
        assert_eq!(f("%x", &[RValue::Int(-255)]), "..f01");
        assert_eq!(
            f(
                "%#x %#o %#b",
                &[RValue::Int(0), RValue::Int(8), RValue::Int(5)]
            ),
            "0 010 0b101"
        );
        assert_eq!(f("%c", &[RValue::str("ab")]), "%c requires a character");
        assert_eq!(f("%d", &[RValue::Nil]), "can't convert nil into Integer");
        assert_eq!(
            f("%-+05d|% d", &[RValue::Int(3), RValue::Int(4)]),
            "+3   | 4"
        );
        let err = sprintf("%d", &[RValue::Nil], None).expect_err("nil is no Integer");
        assert_eq!(err.0, RClass::TypeError);
    }
}
