//! The time zone abbreviation in force at a given time, from a TZif file
//! (`/etc/localtime`) and its POSIX TZ footer: what `strftime('%Z')` prints
//! when that file is the local zone. Used for a root other than `/`, whose
//! zone is not this process's.

/// A POSIX TZ rule date: `Mm.w.d`, `Jn` or `n`, with its time of day.
#[derive(Debug, Clone, Copy, PartialEq)]
enum RuleDate {
    Month { m: u32, w: u32, d: u32 },
    Julian1(u32),
    Julian0(u32),
}

#[derive(Debug, Clone, PartialEq)]
struct PosixTz {
    std: String,
    std_off: i64,
    dst: Option<(String, i64, RuleDate, i64, RuleDate, i64)>,
}

fn parse_abbr(s: &str) -> Option<(String, &str)> {
    if let Some(rest) = s.strip_prefix('<') {
        let end = rest.find('>')?;
        return Some((rest[..end].to_string(), &rest[end + 1..]));
    }
    let end = s
        .find(|c: char| !c.is_ascii_alphabetic())
        .unwrap_or(s.len());
    (end >= 3).then(|| (s[..end].to_string(), &s[end..]))
}

/// `[+-]hh[:mm[:ss]]` in seconds.
fn parse_offset(s: &str) -> Option<(i64, &str)> {
    let (sign, s) = match s.as_bytes().first() {
        Some(b'-') => (-1, &s[1..]),
        Some(b'+') => (1, &s[1..]),
        _ => (1, s),
    };
    let end = s
        .find(|c: char| !c.is_ascii_digit() && c != ':')
        .unwrap_or(s.len());
    if end == 0 {
        return None;
    }
    let mut secs = 0i64;
    for (i, part) in s[..end].split(':').enumerate() {
        let n: i64 = part.parse().ok()?;
        secs += n * [3600, 60, 1].get(i)?;
    }
    Some((sign * secs, &s[end..]))
}

fn parse_rule(s: &str) -> Option<(RuleDate, i64, &str)> {
    let (date, rest) = if let Some(r) = s.strip_prefix('M') {
        let end = r
            .find(|c: char| !c.is_ascii_digit() && c != '.')
            .unwrap_or(r.len());
        let nums: Vec<u32> = r[..end].split('.').filter_map(|n| n.parse().ok()).collect();
        if nums.len() != 3 {
            return None;
        }
        (
            RuleDate::Month {
                m: nums[0],
                w: nums[1],
                d: nums[2],
            },
            &r[end..],
        )
    } else if let Some(r) = s.strip_prefix('J') {
        let end = r.find(|c: char| !c.is_ascii_digit()).unwrap_or(r.len());
        (RuleDate::Julian1(r[..end].parse().ok()?), &r[end..])
    } else {
        let end = s.find(|c: char| !c.is_ascii_digit()).unwrap_or(s.len());
        (RuleDate::Julian0(s[..end].parse().ok()?), &s[end..])
    };
    match rest.strip_prefix('/') {
        Some(r) => {
            let (t, rest) = parse_offset(r)?;
            Some((date, t, rest))
        }
        None => Some((date, 7200, rest)),
    }
}

fn parse_posix(s: &str) -> Option<PosixTz> {
    let (std, rest) = parse_abbr(s)?;
    let (off, rest) = parse_offset(rest)?;
    // POSIX offsets are west of Greenwich: UTC+1 is written -1.
    let std_off = -off;
    if rest.is_empty() {
        return Some(PosixTz {
            std,
            std_off,
            dst: None,
        });
    }
    let (dst, rest) = parse_abbr(rest)?;
    let (dst_off, rest) = match parse_offset(rest) {
        Some((o, r)) if !rest.starts_with(',') => (-o, r),
        _ => (std_off + 3600, rest),
    };
    let rest = rest.strip_prefix(',')?;
    let (start, start_t, rest) = parse_rule(rest)?;
    let rest = rest.strip_prefix(',')?;
    let (end, end_t, _) = parse_rule(rest)?;
    Some(PosixTz {
        std,
        std_off,
        dst: Some((dst, dst_off, start, start_t, end, end_t)),
    })
}

fn is_leap(y: i64) -> bool {
    (y % 4 == 0 && y % 100 != 0) || y % 400 == 0
}

/// Days from 1970-01-01 to the first day of `month` (1-12) of `year`.
fn days_to(year: i64, month: u32) -> i64 {
    let mut days = 0;
    if year >= 1970 {
        for y in 1970..year {
            days += if is_leap(y) { 366 } else { 365 };
        }
    } else {
        for y in year..1970 {
            days -= if is_leap(y) { 366 } else { 365 };
        }
    }
    let mdays = [
        31,
        if is_leap(year) { 29 } else { 28 },
        31,
        30,
        31,
        30,
        31,
        31,
        30,
        31,
        30,
        31,
    ];
    days + mdays[..(month as usize - 1).min(11)].iter().sum::<i64>()
}

/// The UTC time of a rule date in `year`, given the offset in force before it.
fn rule_time(year: i64, date: RuleDate, time: i64, offset_before: i64) -> i64 {
    let day = match date {
        RuleDate::Julian1(n) => {
            // Day 1-365, never counting February 29.
            let n = i64::from(n);
            let leap_shift = if is_leap(year) && n >= 60 { 1 } else { 0 };
            days_to(year, 1) + n - 1 + leap_shift
        }
        RuleDate::Julian0(n) => days_to(year, 1) + i64::from(n),
        RuleDate::Month { m, w, d } => {
            let first = days_to(year, m);
            // 1970-01-01 was a Thursday (4).
            let wday_first = (first + 4).rem_euclid(7);
            let mut day =
                first + (i64::from(d) - wday_first).rem_euclid(7) + 7 * (i64::from(w) - 1);
            let next_month = if m == 12 {
                days_to(year + 1, 1)
            } else {
                days_to(year, m + 1)
            };
            while day >= next_month {
                day -= 7;
            }
            day
        }
    };
    day * 86_400 + time - offset_before
}

fn posix_abbr(tz: &PosixTz, now: i64) -> String {
    let Some((dst, dst_off, start, start_t, end, end_t)) = &tz.dst else {
        return tz.std.clone();
    };
    let year = 1970 + now.div_euclid(86_400 * 365);
    // The year may be off by one near new year: check around it.
    for y in [year - 1, year, year + 1] {
        let s = rule_time(y, *start, *start_t, tz.std_off);
        let e = rule_time(y, *end, *end_t, *dst_off);
        let in_dst = if s < e {
            now >= s && now < e
        } else {
            now >= s || now < e
        };
        let year_start = days_to(y, 1) * 86_400;
        let year_end = days_to(y + 1, 1) * 86_400;
        if now >= year_start && now < year_end {
            return if in_dst { dst.clone() } else { tz.std.clone() };
        }
    }
    tz.std.clone()
}

fn be32(b: &[u8], at: usize) -> Option<i64> {
    Some(i64::from(i32::from_be_bytes(
        b.get(at..at + 4)?.try_into().ok()?,
    )))
}

fn be64(b: &[u8], at: usize) -> Option<i64> {
    Some(i64::from_be_bytes(b.get(at..at + 8)?.try_into().ok()?))
}

/// The abbreviation in force at `now` (seconds since the epoch).
pub(crate) fn abbreviation(data: &[u8], now: i64) -> Option<String> {
    if data.get(..4)? != b"TZif" {
        return None;
    }
    let version = *data.get(4)?;
    let counts = |at: usize| -> Option<[usize; 6]> {
        let mut c = [0usize; 6];
        for (i, v) in c.iter_mut().enumerate() {
            *v = usize::try_from(be32(data, at + 20 + 4 * i)?).ok()?;
        }
        Some(c)
    };
    let [isut, isstd, leap, timecnt, typecnt, charcnt] = counts(0)?;
    let v1_len = timecnt * 5 + typecnt * 6 + charcnt + leap * 8 + isstd + isut;
    let (base, time_size, [isut, isstd, leap, timecnt, typecnt, charcnt]) = if version >= b'2' {
        let at = 44 + v1_len;
        (at + 44, 8, counts(at)?)
    } else {
        (44, 4, [isut, isstd, leap, timecnt, typecnt, charcnt])
    };
    let times_at = base;
    let idx_at = times_at + timecnt * time_size;
    let types_at = idx_at + timecnt;
    let chars_at = types_at + typecnt * 6;
    let end = chars_at + charcnt + leap * (time_size + 4) + isstd + isut;
    let abbr_of = |t: usize| -> Option<String> {
        let desig = usize::from(*data.get(types_at + t * 6 + 5)?);
        let chars = data.get(chars_at..chars_at + charcnt)?;
        let s = chars.get(desig..)?;
        let len = s.iter().position(|b| *b == 0).unwrap_or(s.len());
        Some(String::from_utf8_lossy(&s[..len]).into_owned())
    };
    let time = |i: usize| {
        if time_size == 8 {
            be64(data, times_at + i * 8)
        } else {
            be32(data, times_at + i * 4)
        }
    };
    let mut last = None;
    for i in 0..timecnt {
        if time(i)? <= now {
            last = Some(i);
        } else {
            break;
        }
    }
    let footer = data
        .get(end..)
        .and_then(|f| std::str::from_utf8(f).ok())
        .map(|f| f.trim_matches('\n').to_string())
        .filter(|f| !f.is_empty());
    match last {
        Some(i) if i + 1 == timecnt && version >= b'2' && footer.is_some() => footer
            .as_deref()
            .and_then(parse_posix)
            .map(|tz| posix_abbr(&tz, now)),
        Some(i) => abbr_of(usize::from(*data.get(idx_at + i)?)),
        None if timecnt == 0 && footer.is_some() => footer
            .as_deref()
            .and_then(parse_posix)
            .map(|tz| posix_abbr(&tz, now)),
        None => abbr_of(0),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn posix_rules_pick_summer_and_winter() {
        let cet = parse_posix("CET-1CEST,M3.5.0,M10.5.0/3").expect("tz");
        assert_eq!(cet.std_off, 3600);
        // 2024-07-01 and 2024-01-15, noon UTC.
        assert_eq!(posix_abbr(&cet, 1_719_835_200), "CEST");
        assert_eq!(posix_abbr(&cet, 1_705_320_000), "CET");
        // Southern hemisphere: summer time spans new year.
        let nz = parse_posix("NZST-12NZDT,M9.5.0,M4.1.0/3").expect("tz");
        assert_eq!(posix_abbr(&nz, 1_705_320_000), "NZDT");
        assert_eq!(posix_abbr(&nz, 1_719_835_200), "NZST");
        let utc = parse_posix("UTC0").expect("tz");
        assert_eq!(posix_abbr(&utc, 0), "UTC");
        assert_eq!(parse_posix("<+03>-3").map(|t| t.std), Some("+03".into()));
        // 2024-03-31 01:00 UTC is when CET switches to CEST.
        assert_eq!(
            rule_time(2024, RuleDate::Month { m: 3, w: 5, d: 0 }, 7200, 3600),
            1_711_846_800
        );
    }
}
