//! Arithmetic as Puppet's evaluator does it (`calculate`): collection
//! operators (`+`, `-`, `<<` on arrays and hashes, `+` on binaries), numeric
//! coercion of strings, Integer/Float operators with Ruby's semantics,
//! Timespan and Timestamp arithmetic, and Puppet's messages and locations.

use super::compiler::Compiler;
use super::error::{EResult, EvalError, Flow};
use indexmap::IndexMap;
use kuppet_syntax::Manifest;
use kuppet_syntax::ast::*;
use kuppet_values::labels::a_an_label;
use kuppet_values::time::NSECS_PER_SEC;
use kuppet_values::value::Value;
use std::rc::Rc;

/// Puppet's Integer range.
const MAX: i128 = i64::MAX as i128;
const MIN: i128 = i64::MIN as i128;

/// Ruby's `==` (as `Array#delete` uses it): numbers by value, strings
/// case-sensitively, collections element-wise.
pub(crate) fn ruby_eq(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::Integer(x), Value::Float(y)) | (Value::Float(y), Value::Integer(x)) => {
            *x as f64 == *y
        }
        (Value::Float(x), Value::Float(y)) => x == y,
        (Value::Array(x), Value::Array(y)) => {
            x.len() == y.len() && x.iter().zip(y.iter()).all(|(p, q)| ruby_eq(p, q))
        }
        (Value::Hash(x), Value::Hash(y)) => {
            x.len() == y.len()
                && x.iter()
                    .all(|(k, v)| y.get(k).is_some_and(|w| ruby_eq(v, w)))
        }
        _ => a == b,
    }
}

fn at(msg: impl Into<String>, m: &Manifest, e: &Expr) -> Flow {
    EvalError::new(msg).at(m, e.loc()).into()
}

/// Ruby's `Integer#<<`: negative counts shift right.
fn shift_left(a: i128, b: i64) -> Option<i128> {
    if b >= 0 {
        if a == 0 {
            return Some(0);
        }
        if b >= 64 {
            return None;
        }
        a.checked_mul(1i128 << b)
    } else {
        Some(a >> b.saturating_neg().min(127))
    }
}

/// The hex digits of `|a| << count` as Ruby prints the Bignum (`a` an
/// Integer, not 0): the digits of `|a|` shifted by `count % 4`, then
/// `count / 4` zeros. A count whose digits would pass the per-value cap is
/// that cap's error (Ruby runs out of memory).
fn shifted_hex(a: i128, count: u64) -> Result<String, kuppet_values::budget::Exceeded> {
    let zeros = count / 4;
    let head = format!("{:x}", a.unsigned_abs() << (count % 4));
    let len = (head.len() as u64).saturating_add(zeros);
    kuppet_values::budget::check_size(
        "The shifted Integer's digits",
        usize::try_from(len).unwrap_or(usize::MAX),
    )?;
    Ok(head + &"0".repeat(zeros as usize))
}

impl<'a> Compiler<'a> {
    /// Puppet's `coerce_numeric`: numbers (and time values) as they are,
    /// numeric strings converted (with a warning), anything else an error
    /// located at `at`.
    pub(crate) fn coerce_numeric(
        &mut self,
        v: &Value,
        at_e: &Expr,
        m: &'a Manifest,
    ) -> EResult<Value> {
        match v {
            Value::Integer(_) | Value::Float(_) | Value::Timespan(_) | Value::Timestamp(_) => {
                Ok(v.clone())
            }
            Value::String(s) => match parse_number(s) {
                Some(n) => {
                    let (line, col) = m.lines.line_col(&m.source, at_e.loc().start as usize);
                    self.warnings.push(format!(
                        "The string '{s}' was automatically coerced to the numerical value {} (file: {}, line: {line}, column: {col})",
                        n.to_display(),
                        m.path
                    ));
                    Ok(n)
                }
                None => Err(at(
                    format!("The value '{s}' cannot be converted to Numeric."),
                    m,
                    at_e,
                )),
            },
            other => Err(at(
                format!(
                    "The value '{}' cannot be converted to Numeric.",
                    kuppet_values::convert::ruby_to_s(other)
                ),
                m,
                at_e,
            )),
        }
    }

    /// `-x`.
    pub(crate) fn unary_minus(&mut self, v: &Value, e: &Expr, m: &'a Manifest) -> EResult<Value> {
        match self.coerce_numeric(v, e, m)? {
            Value::Integer(i) => i.checked_neg().map(Value::Integer).ok_or_else(|| {
                at(
                    "A '-' expression resulted in a value outside of Puppet Integer max range, got '+0x8000000000000000'",
                    m,
                    e,
                )
            }),
            Value::Float(x) => Ok(Value::Float(-x)),
            Value::Timespan(n) => Ok(Value::Timespan(n.saturating_neg())),
            other => Err(at(
                format!("Operator '-' is not applicable to {}.", a_an_label(&other)),
                m,
                e,
            )),
        }
    }

    /// A binary arithmetic operator (`+ - * / % << >>`) on evaluated operands.
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn calculate(
        &mut self,
        op: BinaryOp,
        l: Value,
        r: Value,
        e: &Expr,
        left: &Expr,
        right: &Expr,
        m: &'a Manifest,
    ) -> EResult<Value> {
        let opname = op.as_str();
        let runtime = |detail: &str| -> Flow {
            at(
                format!("Error while evaluating a '{opname}' expression, {detail}"),
                m,
                e,
            )
        };
        // Collections that double in a loop stop at the per-value cap.
        let grown = |x: Result<(), kuppet_values::budget::Exceeded>| -> EResult<()> {
            x.map_err(|x| super::error::EvalError::budget(x).at(m, e.span).into())
        };
        match (&l, op, &r) {
            (Value::Binary(a), BinaryOp::Add, Value::Binary(b)) => grown(
                kuppet_values::budget::check_size("The Binary", a.len().saturating_add(b.len())),
            )?,
            (Value::Array(a), BinaryOp::Add, Value::Array(b)) => grown(
                kuppet_values::budget::check_elements("The array", a.len().saturating_add(b.len())),
            )?,
            (Value::Array(a), BinaryOp::Shl, _) => grown(kuppet_values::budget::check_elements(
                "The array",
                a.len().saturating_add(1),
            ))?,
            (Value::Array(a), BinaryOp::Add, Value::Hash(b))
            | (Value::Hash(b), BinaryOp::Add, Value::Array(a)) => {
                grown(kuppet_values::budget::check_elements(
                    "The collection",
                    a.len().saturating_add(b.len()),
                ))?
            }
            (Value::Hash(a), BinaryOp::Add, Value::Hash(b)) => {
                grown(kuppet_values::budget::check_elements(
                    "The hash",
                    a.len().saturating_add(b.len()).saturating_mul(2),
                ))?
            }
            _ => {}
        }
        match (&l, op) {
            (Value::Binary(a), BinaryOp::Add) => {
                let Value::Binary(b) = &r else {
                    return Err(runtime("Can only append Binary to a Binary"));
                };
                let mut bytes = (**a).clone();
                bytes.extend_from_slice(b);
                return Ok(Value::Binary(Rc::new(bytes)));
            }
            (Value::Array(a), BinaryOp::Add) => {
                let mut v = (**a).clone();
                match &r {
                    Value::Array(b) => v.extend(b.iter().cloned()),
                    Value::Hash(h) => v.extend(
                        h.iter()
                            .map(|(k, x)| Value::array(vec![k.clone(), x.clone()])),
                    ),
                    other => v.push(other.clone()),
                }
                return Ok(Value::array(v));
            }
            (Value::Hash(a), BinaryOp::Add) => {
                let mut map = (**a).clone();
                match &r {
                    Value::Hash(b) => {
                        for (k, v) in b.iter() {
                            map.insert(k.clone(), v.clone());
                        }
                    }
                    Value::Array(items) => {
                        let all_arrays =
                            !items.is_empty() && items.iter().all(|i| matches!(i, Value::Array(_)));
                        if all_arrays {
                            for pair in items.iter() {
                                let Value::Array(p) = pair else { continue };
                                match p.as_slice() {
                                    [k, v] => {
                                        map.insert(k.clone(), v.clone());
                                    }
                                    [k] => {
                                        map.insert(k.clone(), Value::Undef);
                                    }
                                    _ => {
                                        return Err(runtime(&format!(
                                            "invalid number of elements ({} for 1..2)",
                                            p.len()
                                        )));
                                    }
                                }
                            }
                        } else {
                            if items.len() % 2 != 0 {
                                return Err(runtime("odd number of arguments for Hash"));
                            }
                            for pair in items.chunks(2) {
                                map.insert(pair[0].clone(), pair[1].clone());
                            }
                        }
                    }
                    _ => return Err(runtime("Can only append Array or Hash to a Hash")),
                }
                return Ok(Value::hash(map));
            }
            (Value::Array(a), BinaryOp::Sub) => {
                let remove: Vec<Value> = match &r {
                    Value::Array(b) => b.to_vec(),
                    Value::Hash(h) => h
                        .iter()
                        .map(|(k, x)| Value::array(vec![k.clone(), x.clone()]))
                        .collect(),
                    other => vec![other.clone()],
                };
                return Ok(Value::array(
                    a.iter()
                        .filter(|x| !remove.iter().any(|y| ruby_eq(x, y)))
                        .cloned()
                        .collect(),
                ));
            }
            (Value::Hash(a), BinaryOp::Sub) => {
                let remove: Vec<Value> = match &r {
                    Value::Array(b) => b.to_vec(),
                    Value::Hash(h) => h.keys().cloned().collect(),
                    other => vec![other.clone()],
                };
                let mut map: IndexMap<Value, Value> = (**a).clone();
                for k in &remove {
                    map.shift_remove(k);
                }
                return Ok(Value::hash(map));
            }
            (Value::Array(a), BinaryOp::Shl) => {
                let mut v = (**a).clone();
                v.push(r.clone());
                return Ok(Value::array(v));
            }
            (Value::Hash(_), BinaryOp::Shl) => {
                return Err(at(
                    format!("Operator '<<' is not applicable to {}.", a_an_label(&l)),
                    m,
                    left,
                ));
            }
            _ => {}
        }
        let mut l = self.coerce_numeric(&l, left, m)?;
        let mut r = self.coerce_numeric(&r, right, m)?;
        let not_applicable = |v: &Value| -> Flow {
            at(
                format!(
                    "Operator '{opname}' is not applicable to {}.",
                    a_an_label(v)
                ),
                m,
                left,
            )
        };
        let not_applicable_when = |a: &Value, b: &Value| -> Flow {
            at(
                format!(
                    "Operator '{opname}' is not applicable to {} when right side is {}.",
                    a_an_label(a),
                    a_an_label(b)
                ),
                m,
                left,
            )
        };
        if op == BinaryOp::Mod && (matches!(l, Value::Float(_)) || matches!(r, Value::Float(_))) {
            return Err(if matches!(l, Value::Float(_)) {
                not_applicable(&l)
            } else {
                not_applicable_when(&l, &r)
            });
        }
        let is_time = |v: &Value| matches!(v, Value::Timespan(_) | Value::Timestamp(_));
        if is_time(&r) && !is_time(&l) {
            let timespan = matches!(r, Value::Timespan(_));
            if op == BinaryOp::Add || (op == BinaryOp::Mul && timespan) {
                std::mem::swap(&mut l, &mut r);
            } else if op == BinaryOp::Sub && timespan {
                l = Value::Timespan(seconds_to_nanos(&l).ok_or_else(|| not_applicable(&l))?);
            } else {
                return Err(not_applicable_when(&l, &r));
            }
        }
        let div_zero = || at("Division by 0", m, right);
        let overflow = |v: i128| -> Flow {
            let (side, sign) = if v > 0 { ("max", '+') } else { ("min", '-') };
            at(
                format!(
                    "A '{opname}' expression resulted in a value outside of Puppet Integer {side} range, got '{sign}{:#x}'",
                    v.unsigned_abs()
                ),
                m,
                e,
            )
        };
        let result = match (&l, &r) {
            (Value::Integer(a), Value::Integer(b)) => {
                let (a, b) = (*a as i128, *b as i128);
                let v = match op {
                    BinaryOp::Add => a + b,
                    BinaryOp::Sub => a - b,
                    BinaryOp::Mul => a * b,
                    BinaryOp::Div => {
                        if b == 0 {
                            return Err(div_zero());
                        }
                        floor_div(a, b)
                    }
                    BinaryOp::Mod => {
                        if b == 0 {
                            return Err(div_zero());
                        }
                        floor_mod(a, b)
                    }
                    BinaryOp::Shl | BinaryOp::Shr => {
                        let count = if op == BinaryOp::Shl {
                            b as i64
                        } else {
                            (b as i64).saturating_neg()
                        };
                        match shift_left(a, count) {
                            Some(v) => v,
                            // Past an i128: Puppet prints Ruby's Bignum.
                            None => {
                                let digits = shifted_hex(a, count.unsigned_abs())
                                    .map_err(|x| Flow::from(EvalError::budget(x).at(m, e.loc())))?;
                                let (side, sign) = if a > 0 { ("max", '+') } else { ("min", '-') };
                                return Err(at(
                                    format!(
                                        "A '{opname}' expression resulted in a value outside of Puppet Integer {side} range, got '{sign}0x{digits}'"
                                    ),
                                    m,
                                    e,
                                ));
                            }
                        }
                    }
                    _ => return Err(not_applicable(&l)),
                };
                if !(MIN..=MAX).contains(&v) {
                    return Err(overflow(v));
                }
                Value::Integer(v as i64)
            }
            (Value::Integer(_) | Value::Float(_), Value::Integer(_) | Value::Float(_)) => {
                let (x, y) = (as_f64(&l), as_f64(&r));
                let v = match op {
                    BinaryOp::Add => x + y,
                    BinaryOp::Sub => x - y,
                    BinaryOp::Mul => x * y,
                    BinaryOp::Div => {
                        if let (Value::Integer(_), Value::Integer(0)) = (&l, &r) {
                            return Err(div_zero());
                        }
                        x / y
                    }
                    _ => return Err(not_applicable(&l)),
                };
                if v.is_infinite() {
                    return Err(at(
                        format!("The result of the {opname} expression is Infinity"),
                        m,
                        left,
                    ));
                }
                Value::Float(v)
            }
            (Value::Timespan(a), _) => {
                let a = *a as i128;
                match (op, &r) {
                    (BinaryOp::Add, Value::Timespan(b)) => timespan(a + *b as i128)?,
                    (BinaryOp::Add, Value::Timestamp(b)) => timestamp(a + *b as i128)?,
                    (BinaryOp::Sub, Value::Timespan(b)) => timespan(a - *b as i128)?,
                    (BinaryOp::Add | BinaryOp::Sub, n @ (Value::Integer(_) | Value::Float(_))) => {
                        let d = seconds_to_nanos(n).unwrap_or(0) as i128;
                        timespan(if op == BinaryOp::Add { a + d } else { a - d })?
                    }
                    (BinaryOp::Mul, Value::Integer(n)) => timespan(a * *n as i128)?,
                    (BinaryOp::Mul, Value::Float(f)) => timespan((a as f64 * f) as i128)?,
                    (BinaryOp::Div, Value::Timespan(b)) => {
                        if *b == 0 {
                            return Err(div_zero());
                        }
                        Value::Float(a as f64 / *b as f64)
                    }
                    (BinaryOp::Div, Value::Integer(n)) => {
                        if *n == 0 {
                            return Err(div_zero());
                        }
                        timespan(floor_div(a, *n as i128))?
                    }
                    (BinaryOp::Div, Value::Float(f)) => timespan((a as f64 / f).floor() as i128)?,
                    (BinaryOp::Mod, Value::Integer(n)) => {
                        if *n == 0 {
                            return Err(div_zero());
                        }
                        let secs = floor_div(a, NSECS_PER_SEC as i128);
                        Value::Integer(floor_mod(secs, *n as i128) as i64)
                    }
                    (BinaryOp::Shl | BinaryOp::Shr, _) => return Err(not_applicable(&l)),
                    _ => {
                        return Err(runtime(&format!(
                            "{} cannot be {} a Timespan",
                            ruby_capital_a_an(&r),
                            if op == BinaryOp::Sub {
                                "subtracted from"
                            } else {
                                "added to"
                            }
                        )));
                    }
                }
            }
            (Value::Timestamp(a), _) => {
                let a = *a as i128;
                match (op, &r) {
                    (BinaryOp::Add, Value::Timespan(b)) => timestamp(a + *b as i128)?,
                    (BinaryOp::Sub, Value::Timespan(b)) => timestamp(a - *b as i128)?,
                    (BinaryOp::Sub, Value::Timestamp(b)) => timespan(a - *b as i128)?,
                    (BinaryOp::Add | BinaryOp::Sub, n @ (Value::Integer(_) | Value::Float(_))) => {
                        let d = seconds_to_nanos(n).unwrap_or(0) as i128;
                        timestamp(if op == BinaryOp::Add { a + d } else { a - d })?
                    }
                    (BinaryOp::Add | BinaryOp::Sub, _) => {
                        return Err(runtime(&format!(
                            "{} cannot be {} a Timestamp",
                            ruby_capital_a_an(&r),
                            if op == BinaryOp::Sub {
                                "subtracted from"
                            } else {
                                "added to"
                            }
                        )));
                    }
                    _ => return Err(not_applicable(&l)),
                }
            }
            _ => return Err(not_applicable(&l)),
        };
        Ok(result)
    }
}

/// Ruby's Integer `/`: rounds toward negative infinity.
fn floor_div(a: i128, b: i128) -> i128 {
    let q = a / b;
    if a % b != 0 && ((a < 0) != (b < 0)) {
        q - 1
    } else {
        q
    }
}

/// Ruby's Integer `%`: the sign of the divisor.
fn floor_mod(a: i128, b: i128) -> i128 {
    let r = a % b;
    if r != 0 && ((r < 0) != (b < 0)) {
        r + b
    } else {
        r
    }
}

fn ruby_capital_a_an(v: &Value) -> String {
    let s = a_an_label(v);
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_uppercase().chain(c).collect(),
        None => s,
    }
}

fn timespan(ns: i128) -> Result<Value, Flow> {
    kuppet_values::time::nanos(ns)
        .map(Value::Timespan)
        .map_err(|m| EvalError::new(m).into())
}

fn timestamp(ns: i128) -> Result<Value, Flow> {
    kuppet_values::time::nanos(ns)
        .map(Value::Timestamp)
        .map_err(|m| EvalError::new(m).into())
}

fn seconds_to_nanos(v: &Value) -> Option<i64> {
    kuppet_values::time::seconds_to_nanos(v).and_then(|n| i64::try_from(n).ok())
}

fn as_f64(v: &Value) -> f64 {
    match v {
        Value::Integer(i) => *i as f64,
        Value::Float(f) => *f,
        _ => 0.0,
    }
}

/// Parses a numeric string as Puppet's automatic coercion does.
pub(crate) fn parse_number(s: &str) -> Option<Value> {
    let t = s.trim();
    let (neg, body) = match t.strip_prefix('-') {
        Some(b) => (true, b),
        None => (false, t.strip_prefix('+').unwrap_or(t)),
    };
    let int = if let Some(h) = body.strip_prefix("0x").or_else(|| body.strip_prefix("0X")) {
        i64::from_str_radix(h, 16).ok()
    } else if body.len() > 1 && body.starts_with('0') && body.bytes().all(|b| b.is_ascii_digit()) {
        i64::from_str_radix(&body[1..], 8).ok()
    } else if !body.is_empty() && body.bytes().all(|b| b.is_ascii_digit()) {
        body.parse::<i64>().ok()
    } else {
        None
    };
    if let Some(i) = int {
        return Some(Value::Integer(if neg { -i } else { i }));
    }
    let valid_float = !body.is_empty()
        && body.bytes().next().is_some_and(|b| b.is_ascii_digit())
        && body
            .bytes()
            .all(|b| b.is_ascii_digit() || matches!(b, b'.' | b'e' | b'E' | b'-' | b'+'));
    if valid_float && let Ok(x) = body.parse::<f64>() {
        return Some(Value::Float(if neg { -x } else { x }));
    }
    None
}
