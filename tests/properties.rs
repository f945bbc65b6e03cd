//! Property tests of the evaluator where user integers meet arithmetic,
//! indexes and ranges: for arbitrary `i64` operands (weighted towards the
//! edges: 0, ±1, `i64::MIN`, `i64::MAX`), kuppet's result must be the one a
//! model of Puppet 7.23 written here gives, or the located error Puppet
//! gives, or (where Puppet runs out of memory or loops forever) kuppet's
//! located budget error. Never a panic, never an unlocated error.
//!
//! The models are Puppet's own rules, checked against `puppet-catalog`:
//! - arithmetic (`+ - * / %`) is Ruby's on Bignums, `/` and `%` rounding
//!   towards negative infinity; a result outside Integer is `A '+' expression
//!   resulted in a value outside of Puppet Integer max range, got '+0x…'`
//!   with the exact value in hex; `<<` and `>>` likewise (a negative count
//!   shifts the other way), so `5 << 100` reports all of its 26 digits;
//! - access follows `access_operator.rb`: `$a[i]` counts negative indexes
//!   from the end, `$a[i, n]` turns a negative start into a position and a
//!   negative count into "up to that many from the end", then Ruby's
//!   `Array#[start, length]`; a length past a C `long` is Ruby's `bignum too
//!   big to convert into 'long'`;
//! - `Integer[a, b]` iterates `a..=b` lazily: a small range gives every
//!   element, a wide one ends in the step budget, never a hang, an overflow or
//!   a range built in memory; `step(n)` over it skips in O(1);
//! - `sprintf('%Nd')` pads to N; N past a C `int` is Ruby's `width too big`,
//!   N past the per-value cap is kuppet's located cap.
//!
//! Each property runs `KUPPET_PROPTEST_CASES` cases (default 256).

use kuppet_eval::{CompileRequest, Limits, ManifestInput, compile};
use kuppet_syntax::diagnostics::Diagnostic;
use proptest::prelude::*;
use serde_json::{Value as Json, json};
use std::sync::Arc;
use std::time::Duration;

/// The budget of every case: wide ranges end quickly in a debug build.
const MAX_STEPS: u64 = 20_000;
/// The per-value cap of every case.
const MAX_BYTES: usize = 1 << 20;

fn config() -> ProptestConfig {
    let cases = std::env::var("KUPPET_PROPTEST_CASES")
        .ok()
        .and_then(|c| c.parse().ok())
        .unwrap_or(256);
    ProptestConfig {
        cases,
        failure_persistence: None,
        ..ProptestConfig::default()
    }
}

/// The value of `$r` after `source`, or the compile's diagnostic.
fn eval(source: &str) -> Result<Json, Diagnostic> {
    let text = format!("{source}\nnotify {{ 'r': message => [$r] }}\n");
    let manifest = kuppet_syntax::parse("prop.pp", &text)?;
    let request = CompileRequest {
        manifests: vec![ManifestInput {
            manifest: Arc::new(manifest),
            apply_top_level: true,
        }],
        facts: serde_json::Map::new(),
        node: "node1".into(),
        modulepath: Vec::new(),
        allow_generate: false,
        limits: Limits {
            max_steps: MAX_STEPS,
            max_time: Duration::from_secs(60),
            max_bytes: MAX_BYTES,
            max_memory: 512 << 20,
        },
    };
    let catalog = compile(&request)?;
    let notify = catalog
        .resources
        .iter()
        .find(|r| r.type_name == "Notify" && r.title == "r")
        .expect("the notify is in the catalog");
    match notify.parameters.get("message") {
        Some(Json::Array(v)) if v.len() == 1 => Ok(v[0].clone()),
        other => panic!("message is {other:?}"),
    }
}

/// An Integer as Puppet source: `i64::MIN` has no literal.
fn lit(n: i64) -> String {
    match n {
        i64::MIN => "(-9223372036854775807 - 1)".into(),
        n if n < 0 => format!("({n})"),
        n => n.to_string(),
    }
}

/// Integers weighted towards the edges.
fn int() -> impl Strategy<Value = i64> {
    prop_oneof![
        3 => any::<i64>(),
        2 => -5i64..=5,
        1 => Just(i64::MIN),
        1 => Just(i64::MAX),
        1 => Just(i64::MIN + 1),
        1 => Just(i64::MAX - 1),
        1 => (0u32..63).prop_map(|s| 1i64 << s),
        1 => (0u32..63).prop_map(|s| -(1i64 << s)),
    ]
}

/// An error kuppet must give: its code and message, located on line `line`
/// (and at `column` when given).
fn assert_error(
    got: Result<Json, Diagnostic>,
    code: &str,
    message: &str,
    line: usize,
    column: Option<usize>,
) -> Result<(), TestCaseError> {
    let d = match got {
        Ok(v) => return Err(TestCaseError::fail(format!("got {v}, expected {message}"))),
        Err(d) => d,
    };
    prop_assert_eq!(d.code, code, "{}", d.headline());
    prop_assert_eq!(&d.message, message);
    let loc = d.location.as_ref().expect("the error is located");
    prop_assert_eq!(loc.line, line, "{}", d.headline());
    if let Some(column) = column {
        prop_assert_eq!(loc.column, column, "{}", d.headline());
    }
    Ok(())
}

/// A number in hex digits, doubled `count` times (the model of a shift
/// past `i128`, digit by digit).
fn hex_doubled(n: u128, count: u64) -> String {
    let mut digits: Vec<u8> = format!("{n:x}")
        .bytes()
        .map(|b| (b as char).to_digit(16).unwrap_or(0) as u8)
        .collect();
    for _ in 0..count {
        let mut carry = 0;
        for d in digits.iter_mut().rev() {
            let v = *d * 2 + carry;
            *d = v % 16;
            carry = v / 16;
        }
        if carry > 0 {
            digits.insert(0, carry);
        }
    }
    digits
        .iter()
        .map(|d| char::from_digit(*d as u32, 16).unwrap_or('?'))
        .collect()
}

/// The model's outcome of an Integer operation: a value, Puppet's
/// out-of-range message, `Division by 0`, or the per-value cap.
#[derive(Debug)]
enum Outcome {
    Value(i64),
    Range {
        max: bool,
        hex: String,
    },
    /// Out of range with this many hex digits (long shifts: only the
    /// length is modelled).
    RangeLen {
        max: bool,
        digits: u64,
    },
    DivZero,
    TooLarge,
}

fn in_range(v: i128) -> Outcome {
    if v > i64::MAX as i128 || v < i64::MIN as i128 {
        Outcome::Range {
            max: v > 0,
            hex: format!("{:x}", v.unsigned_abs()),
        }
    } else {
        Outcome::Value(v as i64)
    }
}

/// Ruby's `a << count` on Bignums (a negative count shifts right, rounding
/// towards negative infinity).
fn model_shift(a: i64, count: i128) -> Outcome {
    if a == 0 {
        return Outcome::Value(0);
    }
    if count <= 0 {
        let right = count.unsigned_abs().min(127) as u32;
        return Outcome::Value(((a as i128) >> right) as i64);
    }
    let count = count as u64;
    let bits = 128 - (a.unsigned_abs() as u128).leading_zeros() as u64;
    let digits = (bits + count).div_ceil(4);
    if digits > MAX_BYTES as u64 {
        return Outcome::TooLarge;
    }
    if bits + count < 127 {
        return in_range((a as i128) << count);
    }
    // Past i128: every such value is out of range.
    if count <= 4096 {
        let hex = hex_doubled(a.unsigned_abs() as u128, count);
        Outcome::Range { max: a > 0, hex }
    } else {
        Outcome::RangeLen { max: a > 0, digits }
    }
}

fn model_arith(a: i64, op: &str, b: i64) -> Outcome {
    let (x, y) = (a as i128, b as i128);
    match op {
        "+" => in_range(x + y),
        "-" => in_range(x - y),
        "*" => in_range(x * y),
        "/" | "%" if b == 0 => Outcome::DivZero,
        "/" => {
            // Floor division from the Euclidean one (whose remainder is
            // never negative: one less for a negative divisor).
            let (q, r) = (x.div_euclid(y), x.rem_euclid(y));
            in_range(if y < 0 && r != 0 { q - 1 } else { q })
        }
        "%" => {
            let r = x.rem_euclid(y);
            in_range(if y < 0 && r != 0 { r + y } else { r })
        }
        "<<" => model_shift(a, y),
        ">>" => model_shift(a, -y),
        _ => unreachable!("an operator of the strategy"),
    }
}

fn check_arith(a: i64, op: &str, b: i64) -> Result<(), TestCaseError> {
    let (la, lb) = (lit(a), lit(b));
    let source = format!("$r = {la} {op} {lb}");
    let op_column = 5 + la.len() + 2;
    let got = eval(&source);
    match model_arith(a, op, b) {
        Outcome::Value(v) => match got {
            Ok(j) => prop_assert_eq!(j, json!(v), "{}", source),
            Err(d) => return Err(TestCaseError::fail(format!("{source}: {}", d.headline()))),
        },
        Outcome::DivZero => {
            let right = op_column + op.len() + 1;
            assert_error(got, "EVALUATION_ERROR", "Division by 0", 1, Some(right))?;
        }
        Outcome::TooLarge => {
            let d = got.expect_err("a shift past the cap fails");
            prop_assert_eq!(d.code, "VALUE_TOO_LARGE", "{}: {}", source, d.headline());
            prop_assert!(d.location.is_some());
        }
        outcome @ (Outcome::Range { .. } | Outcome::RangeLen { .. }) => {
            let max = matches!(
                outcome,
                Outcome::Range { max: true, .. } | Outcome::RangeLen { max: true, .. }
            );
            let (side, sign) = if max { ("max", '+') } else { ("min", '-') };
            let prefix = format!(
                "A '{op}' expression resulted in a value outside of Puppet Integer {side} range, got '{sign}0x"
            );
            let d = got.expect_err("an out-of-range result fails");
            prop_assert_eq!(d.code, "EVALUATION_ERROR", "{}: {}", source, d.headline());
            let digits = d
                .message
                .strip_prefix(&prefix)
                .and_then(|r| r.strip_suffix('\''))
                .unwrap_or_else(|| panic!("{source}: {}", d.message));
            match outcome {
                Outcome::Range { hex, .. } => prop_assert_eq!(digits, hex.as_str(), "{}", source),
                Outcome::RangeLen { digits: n, .. } => {
                    prop_assert_eq!(digits.len() as u64, n, "{}", source);
                    prop_assert!(digits.bytes().all(|c| c.is_ascii_hexdigit()), "{}", source);
                }
                _ => unreachable!("matched above"),
            }
            let loc = d.location.as_ref().expect("located");
            prop_assert_eq!((loc.line, loc.column), (1, op_column), "{}", source);
        }
    }
    Ok(())
}

/// The model of Puppet's `$a[i, n]` on a sequence of `len` elements: the
/// range of positions taken, or `None` where Ruby cannot convert a
/// length to a C `long`.
fn model_slice(len: i128, k1: i64, k2: i64) -> Option<std::ops::Range<usize>> {
    let mut k1 = k1 as i128;
    let mut k2 = k2 as i128;
    k1 = if k1 < 0 { len + k1 } else { k1 };
    k2 = if k2 < 0 { len - k1 + k2 + 1 } else { k2 };
    if k1 < 0 {
        k2 += k1;
        k1 = 0;
    }
    let long = i64::MIN as i128..=i64::MAX as i128;
    if !long.contains(&k1) || !long.contains(&k2) {
        return None;
    }
    // Ruby's Array#[start, length]: nil past the end or for a negative
    // length (Puppet answers []), clipped to the end.
    if k2 < 0 || k1 > len {
        return Some(0..0);
    }
    let end = (k1 + k2).min(len);
    Some(k1 as usize..end as usize)
}

/// The model of Puppet's `$a[i]`: the position, if any.
fn model_index(len: i128, k: i64) -> Option<usize> {
    let k = k as i128;
    let k = if k < 0 { len + k } else { k };
    (0..len).contains(&k).then_some(k as usize)
}

const BIGNUM: &str =
    "Error while evaluating a '[]' expression, bignum too big to convert into `long'";

fn check_array_access(len: usize, keys: &[i64]) -> Result<(), TestCaseError> {
    let items: Vec<i64> = (0..len as i64).map(|i| i * 10).collect();
    let array = format!(
        "[{}]",
        items
            .iter()
            .map(|i| i.to_string())
            .collect::<Vec<_>>()
            .join(",")
    );
    let keys_src = keys.iter().map(|k| lit(*k)).collect::<Vec<_>>().join(", ");
    let source = format!("$r = {array}[{keys_src}]");
    let got = eval(&source);
    match keys {
        [k] => {
            let want = model_index(len as i128, *k).map_or(Json::Null, |i| json!(items[i]));
            match got {
                Ok(j) => prop_assert_eq!(j, want, "{}", source),
                Err(d) => return Err(TestCaseError::fail(format!("{source}: {}", d.headline()))),
            }
        }
        [k1, k2] => match model_slice(len as i128, *k1, *k2) {
            Some(r) => {
                let want = json!(items[r].to_vec());
                match got {
                    Ok(j) => prop_assert_eq!(j, want, "{}", source),
                    Err(d) => {
                        return Err(TestCaseError::fail(format!("{source}: {}", d.headline())));
                    }
                }
            }
            None => assert_error(got, "EVALUATION_ERROR", BIGNUM, 1, Some(6))?,
        },
        _ => unreachable!("one or two keys"),
    }
    Ok(())
}

fn check_string_access(text: &str, keys: &[i64]) -> Result<(), TestCaseError> {
    let chars: Vec<char> = text.chars().collect();
    let len = chars.len() as i128;
    let keys_src = keys.iter().map(|k| lit(*k)).collect::<Vec<_>>().join(", ");
    let source = format!("$r = '{text}'[{keys_src}]");
    let got = eval(&source);
    let want = match keys {
        // Puppet's one-key access is [k, 1] after the same adjustment.
        [k] => Some(model_index(len, *k).map_or(String::new(), |i| chars[i].to_string())),
        [k1, k2] => model_slice(len, *k1, *k2).map(|r| chars[r].iter().collect()),
        _ => unreachable!("one or two keys"),
    };
    match want {
        Some(s) => match got {
            Ok(j) => prop_assert_eq!(j, json!(s), "{}", source),
            Err(d) => return Err(TestCaseError::fail(format!("{source}: {}", d.headline()))),
        },
        None => assert_error(got, "EVALUATION_ERROR", BIGNUM, 1, Some(6))?,
    }
    Ok(())
}

/// Widths of a range: a few elements, or far more than the step budget.
fn width() -> impl Strategy<Value = u64> {
    prop_oneof![2 => 0u64..40, 1 => 1_000_000u64..=u64::MAX]
}

/// `Integer[a, b]` and its first element and element count, `b` below
/// `i64::MAX` and `a` above `i64::MIN` (`Integer[a, MAX]` is
/// `Integer[a, default]`, which Puppet iterates without end and kuppet
/// refuses as not Iterable).
fn range() -> impl Strategy<Value = (i64, u64)> {
    (int(), width()).prop_map(|(a, w)| {
        let a = a.clamp(i64::MIN + 1, i64::MAX - 1);
        let room = (i64::MAX as i128 - 1 - a as i128) as u64;
        (a, w.min(room))
    })
}

/// A range's iteration ends in the step budget, located at the block.
fn assert_budget(got: Result<Json, Diagnostic>, source: &str) -> Result<(), TestCaseError> {
    let d = match got {
        Ok(v) => return Err(TestCaseError::fail(format!("{source}: got {v}"))),
        Err(d) => d,
    };
    prop_assert!(
        d.code == "BUDGET_EXCEEDED" || d.code == "VALUE_TOO_LARGE",
        "{}: {}",
        source,
        d.headline()
    );
    prop_assert!(
        d.location.as_ref().is_some_and(|l| l.line == 1),
        "{}",
        d.headline()
    );
    Ok(())
}

fn check_range_map(a: i64, w: u64, step: Option<i64>, reverse: bool) -> Result<(), TestCaseError> {
    let b = (a as i128 + w as i128) as i64;
    let mut source = format!("$r = Integer[{}, {}]", lit(a), lit(b));
    if reverse {
        source.push_str(".reverse_each");
    }
    if let Some(s) = step {
        source.push_str(&format!(".step({s})"));
    }
    source.push_str(".map |$x| { $x }");
    let count = w as u128 + 1;
    let stepped = match step {
        Some(s) => count.div_ceil(s as u128),
        None => count,
    };
    // Between a few elements and far more than the budget: either may
    // happen (the budget counts steps, not elements).
    prop_assume!(stepped <= 100 || stepped > 100_000);
    let got = eval(&source);
    if stepped <= 100 && !(reverse && count > 100) {
        let n = step.unwrap_or(1) as u128;
        let mut want: Vec<i64> = (0..count)
            .step_by(n.min(usize::MAX as u128) as usize)
            .take(100)
            .map(|i| (a as i128 + i as i128) as i64)
            .collect();
        if reverse {
            // reverse_each, then step over the reversed elements.
            want = (0..count)
                .rev()
                .step_by(n.min(usize::MAX as u128) as usize)
                .take(100)
                .map(|i| (a as i128 + i as i128) as i64)
                .collect();
        }
        match got {
            Ok(j) => prop_assert_eq!(j, json!(want), "{}", source),
            Err(d) => return Err(TestCaseError::fail(format!("{source}: {}", d.headline()))),
        }
    } else {
        assert_budget(got, &source)?;
    }
    Ok(())
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn integer_arithmetic_is_rubys_or_puppets_range_error(
        a in int(),
        op in prop::sample::select(vec!["+", "-", "*", "/", "%"]),
        b in int(),
    ) {
        check_arith(a, op, b)?;
    }

    #[test]
    fn shifts_are_rubys_or_puppets_range_error(
        a in int(),
        op in prop::sample::select(vec!["<<", ">>"]),
        b in prop_oneof![3 => -140i64..140, 1 => int()],
    ) {
        check_arith(a, op, b)?;
    }

    #[test]
    fn array_index_and_slice_follow_puppet(
        len in 0usize..6,
        keys in prop::collection::vec(prop_oneof![2 => int(), 1 => -8i64..8], 1..=2),
    ) {
        check_array_access(len, &keys)?;
    }

    #[test]
    fn string_index_and_slice_follow_puppet(
        text in "[a-eé]{0,5}",
        keys in prop::collection::vec(prop_oneof![2 => int(), 1 => -8i64..8], 1..=2),
    ) {
        check_string_access(&text, &keys)?;
    }

    #[test]
    fn integer_ranges_iterate_lazily_within_the_budget(
        (a, w) in range(),
        step in prop::option::of(prop_oneof![1i64..5, 1_000_000i64..=i64::MAX, Just(i64::MAX)]),
        reverse in any::<bool>(),
    ) {
        check_range_map(a, w, step, reverse)?;
    }

    #[test]
    fn integers_iterate_as_their_range(
        n in prop_oneof![-5i64..40, Just(i64::MIN), Just(i64::MAX), 1_000_000i64..],
    ) {
        let source = format!("$r = {}.map |$x| {{ $x }}", lit(n));
        let got = eval(&source);
        if n < 0 {
            // Not Iterable: Puppet's listing of the signatures.
            let d = got.expect_err("a negative Integer is not iterable");
            prop_assert!(
                d.message.starts_with(
                    "Error while evaluating a Method call, The function 'map' was called with arguments it does not accept."
                ) && d.message.contains("rejected: parameter 'enumerable' expects an Iterable value, got Integer"),
                "{}",
                d.headline()
            );
        } else if n <= 40 {
            let want: Vec<i64> = (0..n.max(0)).collect();
            match got {
                Ok(j) => prop_assert_eq!(j, json!(want), "{}", source),
                Err(d) => return Err(TestCaseError::fail(format!("{source}: {}", d.headline()))),
            }
        } else {
            assert_budget(got, &source)?;
        }
    }

    #[test]
    fn sprintf_widths_pad_or_give_rubys_error(
        width in prop_oneof![
            3 => 0u64..30,
            1 => (MAX_BYTES as u64 + 1)..(i32::MAX as u64),
            1 => (i32::MAX as u64 + 1)..=u64::MAX,
        ],
        left in any::<bool>(),
        x in int(),
    ) {
        let flag = if left { "-" } else { "" };
        let source = format!("$r = sprintf('%{flag}{width}d', {})", lit(x));
        let got = eval(&source);
        let digits = x.to_string();
        if width > i32::MAX as u64 {
            assert_error(
                got,
                "EVALUATION_ERROR",
                "Error while evaluating a Function Call, width too big",
                1,
                Some(6),
            )?;
        } else if width as usize > MAX_BYTES {
            let d = got.expect_err("a width past the cap fails");
            prop_assert!(
                d.message.ends_with("more than the 1 MiB a value may have; if that is meant, raise the limit (kuppet compile --max-value-size)"),
                "{}",
                d.headline()
            );
            prop_assert!(d.location.as_ref().is_some_and(|l| (l.line, l.column) == (1, 6)));
        } else {
            let want = if left {
                format!("{digits:<w$}", w = width as usize)
            } else {
                format!("{digits:>w$}", w = width as usize)
            };
            match got {
                Ok(j) => prop_assert_eq!(j, json!(want), "{}", source),
                Err(d) => return Err(TestCaseError::fail(format!("{source}: {}", d.headline()))),
            }
        }
    }
}
