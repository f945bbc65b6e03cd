//! Timespan formats (Puppet's `Timespan::Format`): `%D-%H:%M:%S.%-N` and
//! friends, to print a timespan and to parse one from a string.

use super::{NSECS_PER_DAY, NSECS_PER_HOUR, NSECS_PER_MIN, NSECS_PER_MSEC, NSECS_PER_SEC};

/// Puppet's default timespan formats, tried in order when parsing; the
/// first one is how a timespan prints.
pub(crate) const DEFAULT_FORMATS: [&str; 8] = [
    "%D-%H:%M:%S.%-N",
    "%H:%M:%S.%-N",
    "%M:%S.%-N",
    "%S.%-N",
    "%D-%H:%M:%S",
    "%H:%M:%S",
    "%D-%H:%M",
    "%S",
];

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Unit {
    Day,
    Hour,
    Minute,
    Second,
    Milli,
    Nano,
}

#[derive(Debug, Clone)]
enum Segment {
    Literal(String),
    Value {
        unit: Unit,
        /// `None` for `%-X` (no padding), `' '` for `%_X`, `'0'` otherwise.
        pad: Option<char>,
        width: Option<usize>,
        use_total: bool,
    },
}

/// A parsed timespan format.
#[derive(Debug, Clone)]
pub(crate) struct Format {
    source: String,
    segments: Vec<Segment>,
}

fn default_width(unit: Unit) -> usize {
    match unit {
        Unit::Day => 1,
        Unit::Hour | Unit::Minute | Unit::Second => 2,
        Unit::Milli => 3,
        Unit::Nano => 9,
    }
}

fn bad_specifier(format: &str, start: usize, position: usize) -> String {
    let chars: Vec<char> = format.chars().collect();
    let expr: String = chars[start..position.min(chars.len())].iter().collect();
    format!("Bad format specifier '{expr}' in '{format}', at position {position}")
}

/// Parses a format string, with Puppet's messages for bad specifiers.
pub(crate) fn parse_format(format: &str) -> Result<Format, String> {
    #[derive(PartialEq)]
    enum State {
        Literal,
        Pad,
        Width,
    }
    let mut segments: Vec<Segment> = Vec::new();
    let mut highest: Option<Unit> = None;
    let mut state = State::Literal;
    let mut pad = Some('0');
    let mut width: Option<usize> = None;
    let mut start = 0;
    let mut position = 0;
    let rank = |u: Unit| match u {
        Unit::Nano => 0,
        Unit::Milli => 1,
        Unit::Second => 2,
        Unit::Minute => 3,
        Unit::Hour => 4,
        Unit::Day => 5,
    };
    let push_literal = |segments: &mut Vec<Segment>, c: char| match segments.last_mut() {
        Some(Segment::Literal(s)) => s.push(c),
        _ => segments.push(Segment::Literal(c.to_string())),
    };
    for (i, c) in format.chars().enumerate() {
        position = i;
        if state == State::Literal {
            if c == '%' {
                state = State::Pad;
                start = i;
                pad = Some('0');
                width = None;
            } else {
                push_literal(&mut segments, c);
            }
            continue;
        }
        let unit = match c {
            '%' => {
                push_literal(&mut segments, c);
                state = State::Literal;
                continue;
            }
            '-' | '_' => {
                if state != State::Pad {
                    return Err(bad_specifier(format, start, i));
                }
                pad = if c == '-' { None } else { Some(' ') };
                state = State::Width;
                continue;
            }
            'D' => Unit::Day,
            'H' => Unit::Hour,
            'M' => Unit::Minute,
            'S' => Unit::Second,
            'L' => Unit::Milli,
            'N' => Unit::Nano,
            d if d.is_ascii_digit() => {
                if state == State::Pad && d == '0' {
                    pad = Some('0');
                } else {
                    let n = d as usize - '0' as usize;
                    width = Some(width.map_or(n, |w| w * 10 + n));
                }
                state = State::Width;
                continue;
            }
            _ => return Err(bad_specifier(format, start, i)),
        };
        if highest.is_none_or(|h| rank(unit) > rank(h)) {
            highest = Some(unit);
        }
        segments.push(Segment::Value {
            unit,
            pad,
            width,
            use_total: false,
        });
        state = State::Literal;
    }
    if state != State::Literal {
        return Err(bad_specifier(format, start, position));
    }
    if let Some(h) = highest
        && let Some(Segment::Value { use_total, .. }) = segments
            .iter_mut()
            .find(|s| matches!(s, Segment::Value { unit, .. } if *unit == h))
    {
        *use_total = true;
    }
    Ok(Format {
        source: format.to_string(),
        segments,
    })
}

impl Format {
    /// A timespan (nanoseconds) in this format.
    pub fn format(&self, nsecs: i128) -> String {
        let total = nsecs.unsigned_abs() as i128;
        let mut out = String::new();
        if nsecs < 0 {
            out.push('-');
        }
        for s in &self.segments {
            let Segment::Value {
                unit,
                pad,
                width,
                use_total,
            } = s
            else {
                if let Segment::Literal(l) = s {
                    out.push_str(l);
                }
                continue;
            };
            let w = width.unwrap_or(default_width(*unit));
            let n: i128 = match unit {
                Unit::Day => total / NSECS_PER_DAY as i128,
                Unit::Hour => part(total, NSECS_PER_HOUR, 24, *use_total),
                Unit::Minute => part(total, NSECS_PER_MIN, 60, *use_total),
                Unit::Second => part(total, NSECS_PER_SEC, 60, *use_total),
                Unit::Milli => part(total, NSECS_PER_MSEC, 1000, *use_total),
                Unit::Nano => {
                    let mut ns = total;
                    if w < 9 {
                        ns /= 10i128.pow((9 - w) as u32);
                        if !use_total {
                            ns %= 10i128.pow(w as u32);
                        }
                    } else if !use_total {
                        ns %= NSECS_PER_SEC as i128;
                    }
                    ns
                }
            };
            let fragment = matches!(unit, Unit::Milli | Unit::Nano);
            if fragment {
                // Fractions lose their trailing zeros unless zero-padded.
                let mut digits = n.to_string();
                if !use_total && *pad != Some('0') {
                    while digits.len() > 1 && digits.ends_with('0') {
                        digits.pop();
                    }
                }
                match pad {
                    None => out.push_str(&digits),
                    Some(_) => out.push_str(&format!("{digits:<w$}")),
                }
            } else {
                match pad {
                    None => out.push_str(&n.to_string()),
                    Some(' ') => out.push_str(&format!("{n:>w$}")),
                    Some(_) => out.push_str(&format!("{n:0>w$}")),
                }
            }
        }
        out
    }

    /// Parses a timespan in this format (nanoseconds).
    pub fn parse(&self, text: &str) -> Result<i128, String> {
        let fail = || format!("Unable to parse '{text}' using format '{}'", self.source);
        let mut pattern = String::from(r"\A-?");
        for s in &self.segments {
            match s {
                Segment::Literal(l) => {
                    pattern.push('(');
                    pattern.push_str(&regex::escape(l));
                    pattern.push(')');
                }
                Segment::Value {
                    unit,
                    pad,
                    width,
                    use_total,
                } => {
                    let dw = default_width(*unit);
                    pattern.push_str(&match (width, pad) {
                        (None, None | Some('0')) if *use_total => "([0-9]+)".to_string(),
                        (None, None | Some('0')) => format!("([0-9]{{1,{dw}}})"),
                        (None, _) if *use_total => r"\s*([0-9]+)".to_string(),
                        (None, _) => format!(r"([0-9\s]{{1,{dw}}})"),
                        (Some(w), None) => format!("([0-9]{{1,{w}}})"),
                        (Some(w), Some('0')) => format!("([0-9]{{{w}}})"),
                        (Some(w), _) => format!(r"([0-9\s]{{{w}}})"),
                    });
                }
            }
        }
        pattern.push_str(r"\z");
        let re = regex::Regex::new(&pattern).map_err(|_| fail())?;
        let caps = re.captures(text).ok_or_else(fail)?;
        let mut nanos: i128 = 0;
        for (i, s) in self.segments.iter().enumerate() {
            let Segment::Value {
                unit, use_total, ..
            } = s
            else {
                continue;
            };
            let group = caps.get(i + 1).map_or("", |g| g.as_str()).trim_start();
            if group.is_empty() || !group.bytes().all(|b| b.is_ascii_digit()) {
                return Err(fail());
            }
            let n: i128 = group.parse().map_err(|_| fail())?;
            nanos += match unit {
                Unit::Milli | Unit::Nano => {
                    if *use_total {
                        return Err("Format specifiers %L and %N denotes fractions and must be used together with a specifier of higher magnitude".into());
                    }
                    let p = 9 - group.len() as i64;
                    if p <= 0 { n } else { n * 10i128.pow(p as u32) }
                }
                Unit::Day => n * NSECS_PER_DAY as i128,
                Unit::Hour => n * NSECS_PER_HOUR as i128,
                Unit::Minute => n * NSECS_PER_MIN as i128,
                Unit::Second => n * NSECS_PER_SEC as i128,
            };
        }
        Ok(if text.starts_with('-') { -nanos } else { nanos })
    }
}

fn part(total: i128, unit: i64, modulo: i128, use_total: bool) -> i128 {
    let n = total / unit as i128;
    if use_total { n } else { n % modulo }
}

/// A timespan as Puppet prints it (`0-01:30:00.0`).
pub fn to_string(nsecs: i128) -> String {
    match parse_format(DEFAULT_FORMATS[0]) {
        Ok(f) => f.format(nsecs),
        Err(e) => e,
    }
}

/// Parses a timespan with one of the given formats, or Puppet's defaults.
pub fn parse(text: &str, formats: Option<&[String]>) -> Result<i128, String> {
    let defaults: Vec<String> = DEFAULT_FORMATS.iter().map(|s| s.to_string()).collect();
    let (list, explicit_one) = match formats {
        Some([one]) => (vec![one.clone()], true),
        Some(many) => (many.to_vec(), false),
        None => (defaults, false),
    };
    if explicit_one {
        return parse_format(&list[0])?.parse(text);
    }
    for f in &list {
        if let Ok(ns) = parse_format(f)?.parse(text) {
            return Ok(ns);
        }
    }
    Err(format!(
        "Unable to parse '{text}' using any of the formats {}",
        list.join(", ")
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn prints_like_puppet() {
        assert_eq!(to_string(3661 * NSECS_PER_SEC as i128), "0-01:01:01.0");
        assert_eq!(to_string(1_500_000_000), "0-00:00:01.5");
        assert_eq!(to_string(-30 * NSECS_PER_SEC as i128), "-0-00:00:30.0");
        assert_eq!(to_string(3_661_250_000_000), "0-01:01:01.25");
        let f = parse_format("%H:%M").expect("format");
        assert_eq!(f.format(3600 * NSECS_PER_SEC as i128), "01:00");
        let f = parse_format("%H:%M").expect("format");
        assert_eq!(f.format(30 * 3600 * NSECS_PER_SEC as i128), "30:00");
    }

    #[test]
    fn parses_defaults() {
        assert_eq!(
            parse("1-02:03:04", None),
            Ok(((26 * 60 + 3) * 60 + 4) * NSECS_PER_SEC as i128)
        );
        assert_eq!(parse("2-00:00:00", None), Ok(2 * NSECS_PER_DAY as i128));
        assert_eq!(parse("10.5", None), Ok(10_500_000_000));
        assert!(parse("x", None).is_err());
    }
}
