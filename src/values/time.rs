//! Puppet's time values: `Timespan` (a signed duration) and `Timestamp` (a
//! point in time, UTC), both counted in nanoseconds: how `new` makes them,
//! how they print (`strftime`), compare and take part in arithmetic.

pub mod timespan;
pub mod timestamp;

use super::value::Value;

pub(crate) const NSECS_PER_USEC: i64 = 1000;
pub(crate) const NSECS_PER_MSEC: i64 = NSECS_PER_USEC * 1000;
pub const NSECS_PER_SEC: i64 = NSECS_PER_MSEC * 1000;
pub(crate) const NSECS_PER_MIN: i64 = NSECS_PER_SEC * 60;
pub(crate) const NSECS_PER_HOUR: i64 = NSECS_PER_MIN * 60;
pub(crate) const NSECS_PER_DAY: i64 = NSECS_PER_HOUR * 24;

/// Nanoseconds as a value's count, or an error past what kuppet keeps.
pub fn nanos(n: i128) -> Result<i64, String> {
    i64::try_from(n).map_err(|_| "Timespan or Timestamp outside of the supported range".to_string())
}

/// Seconds (Integer or Float) as nanoseconds, truncated as Ruby's `to_i`.
pub fn seconds_to_nanos(v: &Value) -> Option<i128> {
    match v {
        Value::Integer(i) => Some(*i as i128 * NSECS_PER_SEC as i128),
        Value::Float(f) => Some((f * NSECS_PER_SEC as f64) as i128),
        _ => None,
    }
}

fn string_formats(v: &Value) -> Option<Vec<String>> {
    match v {
        Value::String(s) => Some(vec![s.to_string()]),
        Value::Array(items) => items
            .iter()
            .map(|i| i.as_str().map(str::to_string))
            .collect(),
        _ => None,
    }
}

fn hash_get<'v>(v: &'v Value, key: &str) -> Option<&'v Value> {
    match v {
        Value::Hash(h) => h.get(&Value::string(key)),
        _ => None,
    }
}

fn int_field(h: &Value, key: &str) -> Result<i128, String> {
    match hash_get(h, key) {
        None | Some(Value::Undef) => Ok(0),
        Some(Value::Integer(i)) => Ok(*i as i128),
        Some(other) => Err(format!(
            "'new_timespan' parameter 'hash_arg' entry '{key}' expects an Integer value, got {}",
            other.type_name()
        )),
    }
}

/// `Timespan.new(...)`: seconds, a string (and formats), fields, or a hash.
pub(crate) fn new_timespan(args: &[Value]) -> Result<Value, String> {
    let ns: i128 = match args {
        [v @ (Value::Integer(_) | Value::Float(_))] => seconds_to_nanos(v).unwrap_or(0),
        [Value::String(s)] => timespan::parse(s, None)?,
        [Value::String(s), f] => {
            let formats = string_formats(f).ok_or_else(|| {
                "'new_timespan' parameter 'format' expects a Formats value".to_string()
            })?;
            timespan::parse(s, Some(&formats))?
        }
        [h @ Value::Hash(_)] => {
            if let Some(Value::String(s)) = hash_get(h, "string") {
                let formats = hash_get(h, "format").and_then(string_formats);
                timespan::parse(s, formats.as_deref())?
            } else {
                let negative = matches!(hash_get(h, "negative"), Some(Value::Bool(true)));
                let ns = fields_to_nanos(&[
                    int_field(h, "days")?,
                    int_field(h, "hours")?,
                    int_field(h, "minutes")?,
                    int_field(h, "seconds")?,
                    int_field(h, "milliseconds")?,
                    int_field(h, "microseconds")?,
                    int_field(h, "nanoseconds")?,
                ]);
                if negative { -ns } else { ns }
            }
        }
        fields if (4..=7).contains(&fields.len()) => {
            let mut nums = [0i128; 7];
            for (i, f) in fields.iter().enumerate() {
                let Value::Integer(n) = f else {
                    return Err(no_dispatch("new_timespan", args));
                };
                nums[i] = *n as i128;
            }
            fields_to_nanos(&nums)
        }
        _ => return Err(no_dispatch("new_timespan", args)),
    };
    Ok(Value::Timespan(nanos(ns)?))
}

fn fields_to_nanos(f: &[i128; 7]) -> i128 {
    let [days, hours, minutes, seconds, ms, us, ns] = *f;
    (((((days * 24 + hours) * 60 + minutes) * 60 + seconds) * 1000 + ms) * 1000 + us) * 1000 + ns
}

fn no_dispatch(name: &str, args: &[Value]) -> String {
    format!(
        "The function '{name}' was called with arguments it does not accept. It expects one of the accepted signatures, got ({})",
        args.iter()
            .map(|a| a.type_name())
            .collect::<Vec<_>>()
            .join(", ")
    )
}

/// `Timestamp.new(...)`: now, seconds since the epoch, a string (formats,
/// timezone), or a hash of those.
pub(crate) fn new_timestamp(args: &[Value]) -> Result<Value, String> {
    let ns: i128 = match args {
        [] => std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.as_nanos() as i128)
            .unwrap_or(0),
        [v @ (Value::Integer(_) | Value::Float(_))] => seconds_to_nanos(v).unwrap_or(0),
        [Value::String(s), rest @ ..] if rest.len() <= 2 => {
            let formats = match rest.first() {
                None | Some(Value::Default) => None,
                Some(f) => {
                    Some(string_formats(f).ok_or_else(|| no_dispatch("new_timestamp", args))?)
                }
            };
            let tz = match rest.get(1) {
                None => None,
                Some(Value::String(t)) => Some(t.to_string()),
                Some(_) => return Err(no_dispatch("new_timestamp", args)),
            };
            timestamp::parse(s, formats.as_deref(), tz.as_deref())?
        }
        [h @ Value::Hash(_)] => {
            let Some(Value::String(s)) = hash_get(h, "string") else {
                return Err(no_dispatch("new_timestamp", args));
            };
            let formats = hash_get(h, "format").and_then(string_formats);
            let tz = hash_get(h, "timezone").and_then(|t| t.as_str().map(str::to_string));
            timestamp::parse(s, formats.as_deref(), tz.as_deref())?
        }
        _ => return Err(no_dispatch("new_timestamp", args)),
    };
    Ok(Value::Timestamp(nanos(ns)?))
}

/// The `strftime` function: a Timespan or Timestamp in a format.
pub fn strftime(args: &[Value]) -> Result<Value, String> {
    match args {
        [Value::Timespan(ns), Value::String(f)] => {
            let format = timespan::parse_format(f)?;
            Ok(Value::string(format.format(*ns as i128)))
        }
        [Value::Timestamp(ns), Value::String(f)] => {
            timestamp::strftime(*ns as i128, f, None).map(Value::string)
        }
        [Value::Timestamp(ns), Value::String(f), Value::String(tz)] => {
            timestamp::strftime(*ns as i128, f, Some(tz)).map(Value::string)
        }
        [Value::String(f)] | [Value::String(f), Value::String(_)] => {
            let tz = args.get(1).and_then(|t| t.as_str());
            let now = std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map(|d| d.as_nanos() as i128)
                .unwrap_or(0);
            timestamp::strftime(now, f, tz).map(Value::string)
        }
        _ => Err(no_dispatch("strftime", args)),
    }
}
