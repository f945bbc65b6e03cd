//! Timestamps: Ruby's `Time#strftime` and `Date._strptime` as Puppet's
//! `Timestamp` uses them (UTC, or a fixed offset), and Puppet's default
//! formats (`%FT%T.%N %Z` ...).

use super::NSECS_PER_SEC;

/// Formats tried when parsing a timestamp without an explicit format.
const DEFAULT_FORMATS_WO_TZ: [&str; 5] = ["%FT%T.%N", "%FT%T", "%F %T.%N", "%F %T", "%F"];
const DEFAULT_FORMATS: [&str; 10] = [
    "%FT%T.%N %Z",
    "%FT%T %Z",
    "%F %T.%N %Z",
    "%F %T %Z",
    "%F %Z",
    "%FT%T.%N",
    "%FT%T",
    "%F %T.%N",
    "%F %T",
    "%F",
];

const MONTHS: [&str; 12] = [
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
];
const DAYS: [&str; 7] = [
    "Sunday",
    "Monday",
    "Tuesday",
    "Wednesday",
    "Thursday",
    "Friday",
    "Saturday",
];

/// Days since 1970-01-01 of a civil date (proleptic Gregorian).
pub(crate) fn days_from_civil(y: i64, m: i64, d: i64) -> i64 {
    let y = if m <= 2 { y - 1 } else { y };
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let mp = (m + 9) % 12;
    let doy = (153 * mp + 2) / 5 + d - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146097 + doe - 719468
}

/// The civil date of a day count since 1970-01-01.
pub fn civil_from_days(z: i64) -> (i64, i64, i64) {
    let z = z + 719468;
    let era = z.div_euclid(146097);
    let doe = z - era * 146097;
    let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
    let y = yoe + era * 400;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    (if m <= 2 { y + 1 } else { y }, m, d)
}

fn is_leap(y: i64) -> bool {
    (y % 4 == 0 && y % 100 != 0) || y % 400 == 0
}

/// A broken-down time.
struct Tm {
    year: i64,
    month: i64,
    day: i64,
    hour: i64,
    min: i64,
    sec: i64,
    nsec: i64,
    /// Day of the week, 0 = Sunday.
    wday: i64,
    /// Day of the year, 1-based.
    yday: i64,
    /// Seconds east of UTC.
    offset: i64,
    /// Zone name (`UTC`, or empty for a fixed offset).
    zone: String,
    /// Seconds since the epoch.
    epoch: i64,
}

fn broken_down(nsecs: i128, offset: i64, zone: &str) -> Tm {
    let secs = nsecs.div_euclid(NSECS_PER_SEC as i128) as i64;
    let nsec = nsecs.rem_euclid(NSECS_PER_SEC as i128) as i64;
    let local = secs + offset;
    let days = local.div_euclid(86400);
    let tod = local.rem_euclid(86400);
    let (year, month, day) = civil_from_days(days);
    Tm {
        year,
        month,
        day,
        hour: tod / 3600,
        min: tod % 3600 / 60,
        sec: tod % 60,
        nsec,
        wday: (days + 4).rem_euclid(7),
        yday: days - days_from_civil(year, 1, 1) + 1,
        offset,
        zone: zone.to_string(),
        epoch: secs,
    }
}

/// A timestamp as Puppet prints it: `2021-06-15T12:30:00.000000000 UTC`.
pub fn to_string(nsecs: i128) -> String {
    strftime(nsecs, "%FT%T.%N %Z", None).unwrap_or_default()
}

/// Ruby's `strftime` of a timestamp, in UTC or in the given timezone.
pub fn strftime(nsecs: i128, format: &str, timezone: Option<&str>) -> Result<String, String> {
    let tm = match timezone {
        None | Some("") => broken_down(nsecs, 0, "UTC"),
        Some(tz) => {
            let offset = zone_offset(tz).ok_or_else(|| format!("Illegal timezone '{tz}'"))?;
            broken_down(nsecs, offset, "")
        }
    };
    Ok(format_tm(&tm, format))
}

fn format_tm(tm: &Tm, format: &str) -> String {
    let chars: Vec<char> = format.chars().collect();
    let mut out = String::new();
    let mut i = 0;
    while i < chars.len() {
        if chars[i] != '%' {
            out.push(chars[i]);
            i += 1;
            continue;
        }
        let start = i;
        i += 1;
        let mut pad: Option<char> = None;
        let mut upper = false;
        let mut swap = false;
        let mut colons = 0;
        while i < chars.len() {
            match chars[i] {
                '-' => pad = Some('\0'),
                '_' => pad = Some(' '),
                '0' => pad = Some('0'),
                '^' => upper = true,
                '#' => swap = true,
                ':' => colons += 1,
                _ => break,
            }
            i += 1;
        }
        let mut width: Option<usize> = None;
        while i < chars.len() && chars[i].is_ascii_digit() {
            width = Some(width.unwrap_or(0) * 10 + chars[i] as usize - '0' as usize);
            i += 1;
        }
        let Some(&conv) = chars.get(i) else {
            out.extend(&chars[start..]);
            break;
        };
        i += 1;
        let num = |n: i64, w: usize, default_pad: char| -> String {
            let w = width.unwrap_or(w);
            let p = pad.unwrap_or(default_pad);
            let neg = n < 0;
            let digits = n.unsigned_abs().to_string();
            let body_w = if neg { w.saturating_sub(1) } else { w };
            let sign = if neg { "-" } else { "" };
            match p {
                '\0' => format!("{sign}{digits}"),
                ' ' => format!("{:>w$}", format!("{sign}{digits}")),
                _ => format!("{sign}{digits:0>body_w$}"),
            }
        };
        let text = |s: String| -> String {
            let s = if upper || (swap && s.chars().any(|c| c.is_lowercase())) {
                s.to_uppercase()
            } else if swap {
                s.to_lowercase()
            } else {
                s
            };
            match width {
                Some(w) if pad == Some('0') => format!("{s:0>w$}"),
                Some(w) => format!("{s:>w$}"),
                None => s,
            }
        };
        let hour12 = if tm.hour % 12 == 0 { 12 } else { tm.hour % 12 };
        let piece = match conv {
            'Y' => {
                if tm.year >= 0 {
                    num(tm.year, 4, '0')
                } else {
                    num(tm.year, 5, '0')
                }
            }
            'C' => num(tm.year.div_euclid(100), 2, '0'),
            'y' => num(tm.year.rem_euclid(100), 2, '0'),
            'm' => num(tm.month, 2, '0'),
            'B' => text(MONTHS[(tm.month - 1) as usize].to_string()),
            'b' | 'h' => text(MONTHS[(tm.month - 1) as usize][..3].to_string()),
            'd' => num(tm.day, 2, '0'),
            'e' => num(tm.day, 2, ' '),
            'j' => num(tm.yday, 3, '0'),
            'H' => num(tm.hour, 2, '0'),
            'k' => num(tm.hour, 2, ' '),
            'I' => num(hour12, 2, '0'),
            'l' => num(hour12, 2, ' '),
            'P' => text(if tm.hour < 12 { "am" } else { "pm" }.to_string()),
            'p' => {
                let s = if tm.hour < 12 { "AM" } else { "PM" };
                text(if swap {
                    s.to_lowercase()
                } else {
                    s.to_string()
                })
            }
            'M' => num(tm.min, 2, '0'),
            'S' => num(tm.sec, 2, '0'),
            'L' | 'N' => {
                let digits = width.unwrap_or(if conv == 'L' { 3 } else { 9 });
                let mut s = format!("{:09}", tm.nsec);
                if digits <= 9 {
                    s.truncate(digits);
                } else {
                    s.push_str(&"0".repeat(digits - 9));
                }
                s
            }
            'z' => {
                let sign = if tm.offset < 0 { '-' } else { '+' };
                let off = tm.offset.abs();
                let (h, m, s) = (off / 3600, off % 3600 / 60, off % 60);
                match colons {
                    0 => format!("{sign}{h:02}{m:02}"),
                    1 => format!("{sign}{h:02}:{m:02}"),
                    _ => format!("{sign}{h:02}:{m:02}:{s:02}"),
                }
            }
            'Z' => text(tm.zone.clone()),
            'A' => text(DAYS[tm.wday as usize].to_string()),
            'a' => text(DAYS[tm.wday as usize][..3].to_string()),
            'u' => num(if tm.wday == 0 { 7 } else { tm.wday }, 1, '0'),
            'w' => num(tm.wday, 1, '0'),
            'U' => num((tm.yday - 1 + 7 - tm.wday) / 7, 2, '0'),
            'W' => num((tm.yday - 1 + 7 - (tm.wday + 6) % 7) / 7, 2, '0'),
            'G' | 'g' | 'V' => {
                let (iso_year, week) = iso_week(tm);
                match conv {
                    'G' => num(iso_year, 4, '0'),
                    'g' => num(iso_year.rem_euclid(100), 2, '0'),
                    _ => num(week, 2, '0'),
                }
            }
            's' => num(tm.epoch, 1, '0'),
            'n' => "\n".to_string(),
            't' => "\t".to_string(),
            '%' => "%".to_string(),
            'c' => text(format_tm(tm, "%a %b %e %H:%M:%S %Y")),
            'D' | 'x' => text(format_tm(tm, "%m/%d/%y")),
            'F' => text(format_tm(tm, "%Y-%m-%d")),
            'T' | 'X' => text(format_tm(tm, "%H:%M:%S")),
            'R' => text(format_tm(tm, "%H:%M")),
            'r' => text(format_tm(tm, "%I:%M:%S %p")),
            'v' => text(format_tm(tm, "%e-%^b-%4Y")),
            '+' => text(format_tm(tm, "%a %b %e %H:%M:%S %Z %Y")),
            _ => chars[start..i].iter().collect(),
        };
        out.push_str(&piece);
    }
    out
}

fn iso_week(tm: &Tm) -> (i64, i64) {
    let wday = (tm.wday + 6) % 7; // Monday = 0
    let week = (tm.yday - 1 - wday + 10) / 7;
    if week < 1 {
        let py = tm.year - 1;
        let days_py = if is_leap(py) { 366 } else { 365 };
        let yday = tm.yday + days_py;
        return (py, (yday - 1 - wday + 10) / 7);
    }
    let days_y = if is_leap(tm.year) { 366 } else { 365 };
    if week == 53 && (tm.yday - 1 - wday + 3) >= days_y {
        return (tm.year + 1, 1);
    }
    (tm.year, week)
}

/// Seconds east of UTC of a zone: `UTC`, `Z`, `GMT`, `+01:00`, `-0500`,
/// `EST` ... (`None` when unknown).
pub(crate) fn zone_offset(zone: &str) -> Option<i64> {
    let z = zone.trim().to_ascii_lowercase();
    let z = z
        .strip_prefix("gmt")
        .or_else(|| z.strip_prefix("utc"))
        .filter(|rest| rest.starts_with(['+', '-']))
        .unwrap_or(&z);
    if let Some(rest) = z.strip_prefix(['+', '-']) {
        let sign = if z.starts_with('-') { -1 } else { 1 };
        let parts: Vec<&str> = rest.split([':', ',', '.']).collect();
        let (h, m, s) = match parts.as_slice() {
            [hm] if hm.len() > 2 && hm.bytes().all(|b| b.is_ascii_digit()) => {
                let (h, m) = hm.split_at(hm.len() - 2);
                (h.parse::<i64>().ok()?, m.parse::<i64>().ok()?, 0)
            }
            [h] => (h.parse::<i64>().ok()?, 0, 0),
            [h, m] => (h.parse().ok()?, m.parse().ok()?, 0),
            [h, m, s] => (h.parse().ok()?, m.parse().ok()?, s.parse().ok()?),
            _ => return None,
        };
        return Some(sign * (h * 3600 + m * 60 + s));
    }
    let hours = match z {
        "utc" | "gmt" | "z" | "ut" => 0,
        "est" => -5,
        "edt" => -4,
        "cst" => -6,
        "cdt" => -5,
        "mst" => -7,
        "mdt" => -6,
        "pst" => -8,
        "pdt" => -7,
        "akst" => -9,
        "akdt" => -8,
        "hst" => -10,
        "ast" => -4,
        "adt" => -3,
        "nst" => return Some(-(3 * 3600 + 1800)),
        "bst" => 1,
        "cet" => 1,
        "cest" => 2,
        "eet" => 2,
        "eest" => 3,
        "wet" => 0,
        "west" => 1,
        "jst" => 9,
        "ist" => return Some(5 * 3600 + 1800),
        _ => return None,
    };
    Some(hours * 3600)
}

/// What `Date._strptime` read from a string.
#[derive(Default)]
struct Parsed {
    year: Option<i64>,
    month: Option<i64>,
    day: Option<i64>,
    yday: Option<i64>,
    hour: Option<i64>,
    min: Option<i64>,
    sec: Option<i64>,
    nsec: Option<i64>,
    pm: Option<bool>,
    zone: Option<String>,
    epoch: Option<i64>,
}

struct Scanner<'s> {
    s: &'s [char],
    pos: usize,
}

impl Scanner<'_> {
    fn digits(&mut self, max: usize, signed: bool) -> Option<(i64, usize)> {
        let start = self.pos;
        let mut neg = false;
        if signed && matches!(self.s.get(self.pos), Some('+' | '-')) {
            neg = self.s[self.pos] == '-';
            self.pos += 1;
        }
        let digits_start = self.pos;
        while self.pos < self.s.len()
            && self.pos - digits_start < max
            && self.s[self.pos].is_ascii_digit()
        {
            self.pos += 1;
        }
        if self.pos == digits_start {
            self.pos = start;
            return None;
        }
        let text: String = self.s[digits_start..self.pos].iter().collect();
        let n: i64 = text.parse().ok()?;
        Some((if neg { -n } else { n }, self.pos - digits_start))
    }

    fn word(&mut self, names: &[&str], abbrev: bool) -> Option<usize> {
        let rest: String = self.s[self.pos..]
            .iter()
            .collect::<String>()
            .to_ascii_lowercase();
        for (i, n) in names.iter().enumerate() {
            let full = n.to_ascii_lowercase();
            if rest.starts_with(&full) {
                self.pos += full.chars().count();
                return Some(i);
            }
        }
        if abbrev {
            for (i, n) in names.iter().enumerate() {
                let short = n[..3].to_ascii_lowercase();
                if rest.starts_with(&short) {
                    self.pos += 3;
                    return Some(i);
                }
            }
        }
        None
    }

    fn zone(&mut self) -> Option<String> {
        let start = self.pos;
        let rest: String = self.s[self.pos..].iter().collect();
        let re = regex::Regex::new(
            r"(?i)\A(?:(?:gmt|utc?)?[-+]\d+(?:[,.:]\d+(?::\d+)?)?|[[:alpha:].\s]+(?:standard|daylight)\s+time\b|[[:alpha:]]+(?:\sdst)?\b)",
        )
        .ok()?;
        let m = re.find(&rest)?;
        self.pos = start + m.as_str().chars().count();
        Some(m.as_str().to_string())
    }
}

/// Is the next format directive one that reads digits (Ruby limits `%Y`
/// and fractions then)?
fn next_is_number(fmt: &[char], i: usize) -> bool {
    match fmt.get(i) {
        Some('%') => {
            let mut j = i + 1;
            while fmt
                .get(j)
                .is_some_and(|c| "-_0^#:".contains(*c) || c.is_ascii_digit())
            {
                j += 1;
            }
            matches!(
                fmt.get(j),
                Some(
                    'C' | 'D'
                        | 'd'
                        | 'e'
                        | 'F'
                        | 'G'
                        | 'g'
                        | 'H'
                        | 'I'
                        | 'j'
                        | 'k'
                        | 'L'
                        | 'l'
                        | 'M'
                        | 'm'
                        | 'N'
                        | 'Q'
                        | 'R'
                        | 'r'
                        | 'S'
                        | 's'
                        | 'T'
                        | 'U'
                        | 'u'
                        | 'V'
                        | 'v'
                        | 'W'
                        | 'w'
                        | 'X'
                        | 'x'
                        | 'Y'
                        | 'y'
                )
            )
        }
        Some(c) => c.is_ascii_digit(),
        None => false,
    }
}

fn strptime_into(sc: &mut Scanner, format: &str, p: &mut Parsed) -> Option<()> {
    let fmt: Vec<char> = format.chars().collect();
    let mut i = 0;
    while i < fmt.len() {
        let c = fmt[i];
        if c.is_whitespace() {
            while sc.s.get(sc.pos).is_some_and(|x| x.is_whitespace()) {
                sc.pos += 1;
            }
            i += 1;
            continue;
        }
        if c != '%' {
            if sc.s.get(sc.pos) != Some(&c) {
                return None;
            }
            sc.pos += 1;
            i += 1;
            continue;
        }
        i += 1;
        while fmt.get(i).is_some_and(|c| "-_0^#".contains(*c)) {
            i += 1;
        }
        let mut width: Option<usize> = None;
        while fmt.get(i).is_some_and(|c| c.is_ascii_digit()) {
            width = Some(width.unwrap_or(0) * 10 + fmt[i] as usize - '0' as usize);
            i += 1;
        }
        let colons_start = i;
        while fmt.get(i) == Some(&':') {
            i += 1;
        }
        let _ = colons_start;
        let conv = *fmt.get(i)?;
        i += 1;
        let then_number = next_is_number(&fmt, i);
        let skip_space = |sc: &mut Scanner| {
            if sc.s.get(sc.pos) == Some(&' ') {
                sc.pos += 1;
            }
        };
        match conv {
            'Y' => {
                let max = if then_number {
                    width.unwrap_or(4)
                } else {
                    usize::MAX
                };
                p.year = Some(sc.digits(max, true)?.0);
            }
            'C' => {
                let (c, _) = sc.digits(if then_number { 2 } else { usize::MAX }, true)?;
                p.year = Some(c * 100 + p.year.map_or(0, |y| y.rem_euclid(100)));
            }
            'y' => {
                let (y, _) = sc.digits(2, false)?;
                p.year = Some(y + if y >= 69 { 1900 } else { 2000 });
            }
            'm' => p.month = Some(sc.digits(2, false)?.0),
            'd' | 'e' => {
                skip_space(sc);
                p.day = Some(sc.digits(2, false)?.0);
            }
            'j' => p.yday = Some(sc.digits(3, false)?.0),
            'H' | 'k' => {
                skip_space(sc);
                p.hour = Some(sc.digits(2, false)?.0);
            }
            'I' | 'l' => {
                skip_space(sc);
                p.hour = Some(sc.digits(2, false)?.0);
            }
            'M' => p.min = Some(sc.digits(2, false)?.0),
            'S' => p.sec = Some(sc.digits(2, false)?.0),
            'L' | 'N' => {
                let max = if then_number {
                    width.unwrap_or(if conv == 'L' { 3 } else { 9 })
                } else {
                    usize::MAX
                };
                let start = sc.pos;
                sc.digits(max, false)?;
                let digits: String = sc.s[start..sc.pos].iter().collect();
                let mut d = digits.clone();
                d.truncate(9);
                while d.len() < 9 {
                    d.push('0');
                }
                p.nsec = d.parse().ok();
            }
            'p' | 'P' => {
                let rest: String = sc.s[sc.pos..]
                    .iter()
                    .collect::<String>()
                    .to_ascii_lowercase();
                let (pm, len) = if rest.starts_with("a.m.") {
                    (false, 4)
                } else if rest.starts_with("p.m.") {
                    (true, 4)
                } else if rest.starts_with("am") {
                    (false, 2)
                } else if rest.starts_with("pm") {
                    (true, 2)
                } else {
                    return None;
                };
                sc.pos += len;
                p.pm = Some(pm);
            }
            'B' | 'b' | 'h' => p.month = Some(sc.word(&MONTHS, true)? as i64 + 1),
            'A' | 'a' => {
                sc.word(&DAYS, true)?;
            }
            'u' | 'w' => {
                sc.digits(1, false)?;
            }
            'U' | 'W' | 'V' | 'g' => {
                sc.digits(2, false)?;
            }
            'G' => {
                sc.digits(if then_number { 4 } else { usize::MAX }, true)?;
            }
            'z' | 'Z' => p.zone = Some(sc.zone()?),
            's' => p.epoch = Some(sc.digits(usize::MAX, true)?.0),
            'Q' => p.epoch = Some(sc.digits(usize::MAX, true)?.0 / 1000),
            'n' | 't' => {
                while sc.s.get(sc.pos).is_some_and(|x| x.is_whitespace()) {
                    sc.pos += 1;
                }
            }
            '%' => {
                if sc.s.get(sc.pos) != Some(&'%') {
                    return None;
                }
                sc.pos += 1;
            }
            'F' => strptime_into(sc, "%Y-%m-%d", p)?,
            'T' | 'X' => strptime_into(sc, "%H:%M:%S", p)?,
            'D' | 'x' => strptime_into(sc, "%m/%d/%y", p)?,
            'R' => strptime_into(sc, "%H:%M", p)?,
            'r' => strptime_into(sc, "%I:%M:%S %p", p)?,
            'c' => strptime_into(sc, "%a %b %e %H:%M:%S %Y", p)?,
            'v' => strptime_into(sc, "%e-%b-%Y", p)?,
            '+' => strptime_into(sc, "%a %b %e %H:%M:%S %Z %Y", p)?,
            _ => return None,
        }
    }
    Some(())
}

/// `Date._strptime`: what the whole string gives with one format.
fn strptime(text: &str, format: &str) -> Option<Parsed> {
    let chars: Vec<char> = text.chars().collect();
    let mut sc = Scanner { s: &chars, pos: 0 };
    let mut p = Parsed::default();
    strptime_into(&mut sc, format, &mut p)?;
    (sc.pos == chars.len()).then_some(p)
}

fn to_nanos(p: &Parsed, offset: i64) -> Result<i128, String> {
    if let Some(e) = p.epoch {
        return Ok(e as i128 * NSECS_PER_SEC as i128);
    }
    let Some(year) = p.year else {
        return Err("no implicit conversion from nil to integer".into());
    };
    let mut hour = p.hour.unwrap_or(0);
    if let Some(pm) = p.pm {
        hour %= 12;
        if pm {
            hour += 12;
        }
    }
    let days = match (p.yday, p.month) {
        (Some(yd), None) => days_from_civil(year, 1, 1) + yd - 1,
        _ => days_from_civil(year, p.month.unwrap_or(1), p.day.unwrap_or(1)),
    };
    let secs = days * 86400 + hour * 3600 + p.min.unwrap_or(0) * 60 + p.sec.unwrap_or(0) - offset;
    Ok(secs as i128 * NSECS_PER_SEC as i128 + p.nsec.unwrap_or(0) as i128)
}

/// Parses a timestamp as Puppet's `Timestamp.parse` (formats: explicit, or
/// Puppet's defaults; an explicit timezone excludes zones in the string).
pub fn parse(
    text: &str,
    formats: Option<&[String]>,
    timezone: Option<&str>,
) -> Result<i128, String> {
    let has_tz = timezone.is_some_and(|t| !t.is_empty());
    let list: Vec<String> = match formats {
        Some(f) => f.to_vec(),
        None if has_tz => DEFAULT_FORMATS_WO_TZ
            .iter()
            .map(|s| s.to_string())
            .collect(),
        None => DEFAULT_FORMATS.iter().map(|s| s.to_string()).collect(),
    };
    let single = formats.is_some_and(|f| f.len() == 1);
    let mut found = None;
    for f in &list {
        if let Some(p) = strptime(text, f) {
            if has_tz && p.zone.is_some() {
                if single {
                    return Err("Using a Timezone designator in format specification is mutually exclusive to providing an explicit timezone argument".into());
                }
                continue;
            }
            found = Some(p);
            break;
        }
    }
    let Some(p) = found else {
        return Err(if single {
            format!("Unable to parse '{text}' using format '{}'", list[0])
        } else {
            format!(
                "Unable to parse '{text}' using any of the formats {}",
                list.join(", ")
            )
        });
    };
    let zone = match timezone.filter(|t| !t.is_empty()) {
        Some(tz) => Some(tz.to_string()),
        None => p.zone.clone(),
    };
    let offset = match zone {
        Some(z) if z.eq_ignore_ascii_case("current") => 0,
        Some(z) => zone_offset(&z).ok_or_else(|| format!("Illegal timezone '{z}'"))?,
        None => 0,
    };
    to_nanos(&p, offset)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(s: &str) -> i128 {
        parse(s, None, None).expect("parses")
    }

    #[test]
    fn civil_round_trip() {
        for d in [-1_000_000, -1, 0, 1, 18_000, 2_932_896] {
            let (y, m, dd) = civil_from_days(d);
            assert_eq!(days_from_civil(y, m, dd), d);
        }
    }

    #[test]
    fn parses_and_prints_like_puppet() {
        assert_eq!(
            to_string(at("2021-06-15T12:30:00Z")),
            "2021-06-15T12:30:00.000000000 UTC"
        );
        assert_eq!(
            to_string(at("2020-01-02T03:04:05.000 UTC")),
            "2020-01-02T03:04:05.000000000 UTC"
        );
        assert_eq!(to_string(0), "1970-01-01T00:00:00.000000000 UTC");
        assert_eq!(
            to_string(at("2021-06-15")),
            "2021-06-15T00:00:00.000000000 UTC"
        );
        assert_eq!(
            to_string(at("2021-06-15T12:30:00.123+01:00")),
            "2021-06-15T11:30:00.123000000 UTC"
        );
        let t = at("2020-01-02T03:04:05 UTC");
        assert_eq!(strftime(t, "%j %a %b", None).as_deref(), Ok("002 Thu Jan"));
        assert_eq!(
            strftime(t, "%Y/%m/%d %H:%M:%S", None).as_deref(),
            Ok("2020/01/02 03:04:05")
        );
        assert_eq!(
            strftime(t, "%-m/%e %l%P %3N", None).as_deref(),
            Ok("1/ 2  3am 000")
        );
    }
}
