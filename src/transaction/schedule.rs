//! Schedules: whether a resource with the `schedule` metaparameter may be
//! evaluated now, as Puppet's `Schedule#match?` decides from the schedule's
//! `range`, `period` (with `periodmatch` and `repeat`) and `weekday`, the
//! local time, and when the resource was last checked.
//!
//! Puppet's default schedules (`puppet`, `hourly`, `daily`, `weekly`,
//! `monthly`, `never`) exist unless the catalog declares its own.

use kuppet_catalog::{Catalog, Resource};
use kuppet_resources::{param_list, param_string};

/// How often a period lets a resource run.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Period {
    Hourly,
    Daily,
    Weekly,
    Monthly,
    Never,
}

impl Period {
    fn parse(s: &str) -> Option<Period> {
        Some(match s {
            "hourly" => Period::Hourly,
            "daily" => Period::Daily,
            "weekly" => Period::Weekly,
            "monthly" => Period::Monthly,
            "never" => Period::Never,
            _ => return None,
        })
    }

    fn seconds(self) -> i64 {
        match self {
            Period::Hourly => 3600,
            Period::Daily => 86_400,
            Period::Weekly => 604_800,
            Period::Monthly => 2_592_000,
            Period::Never => i64::MAX,
        }
    }
}

/// One `schedule` resource.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Schedule {
    /// Time-of-day windows, in seconds since midnight (start, end).
    ranges: Vec<(u32, u32)>,
    period: Option<Period>,
    /// `periodmatch => number`: compare calendar numbers, not distances.
    by_number: bool,
    repeat: i64,
    /// Days of the week (0 = Sunday).
    weekdays: Vec<u32>,
}

/// The local time as a schedule reads it.
#[derive(Debug, Clone, Copy)]
pub(crate) struct LocalTime {
    /// Seconds since the epoch.
    pub epoch: i64,
    pub seconds_of_day: u32,
    pub weekday: u32,
    pub hour: i32,
    pub day: i32,
    pub month: i32,
    /// Week of the year, weeks starting on Sunday (`%U`).
    pub week: i32,
}

impl LocalTime {
    /// The local time at `epoch` seconds.
    pub fn at(epoch: i64) -> LocalTime {
        // SAFETY: localtime_r writes into the zeroed struct we own.
        let mut tm: libc::tm = unsafe { std::mem::zeroed() };
        let t: libc::time_t = epoch as libc::time_t;
        // SAFETY: both pointers are valid for the call.
        unsafe {
            libc::localtime_r(&t, &mut tm);
        }
        LocalTime {
            epoch,
            seconds_of_day: (tm.tm_hour * 3600 + tm.tm_min * 60 + tm.tm_sec).max(0) as u32,
            weekday: tm.tm_wday.max(0) as u32,
            hour: tm.tm_hour,
            day: tm.tm_mday,
            month: tm.tm_mon,
            week: (tm.tm_yday + 7 - tm.tm_wday) / 7,
        }
    }

    pub fn now() -> LocalTime {
        let epoch = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.as_secs() as i64)
            .unwrap_or(0);
        LocalTime::at(epoch)
    }
}

const DAYS: [&str; 7] = [
    "sunday",
    "monday",
    "tuesday",
    "wednesday",
    "thursday",
    "friday",
    "saturday",
];

impl Schedule {
    /// Reads a `schedule` resource; the error is Puppet's message.
    pub(crate) fn from_resource(resource: &Resource) -> Result<Schedule, String> {
        let reference = resource.reference();
        let mut ranges = Vec::new();
        for value in param_list(resource, "range") {
            let parts: Vec<&str> = value.split('-').map(str::trim).collect();
            if parts.len() != 2 {
                return Err(format!(
                    "Parameter range failed on {reference}: Invalid range value '{value}'"
                ));
            }
            let mut ends = [0u32; 2];
            for (k, part) in parts.iter().enumerate() {
                let mut hms = [0u32; 3];
                for (j, n) in part.split(':').enumerate().take(3) {
                    hms[j] = n.trim().parse().map_err(|_| {
                        format!(
                            "Parameter range failed on {reference}: Invalid range value '{value}'"
                        )
                    })?;
                }
                if hms[0] > 23 {
                    return Err(format!(
                        "Parameter range failed on {reference}: Invalid hour '{}'",
                        hms[0]
                    ));
                }
                if hms[1] > 59 {
                    return Err(format!(
                        "Parameter range failed on {reference}: Invalid minute '{}'",
                        hms[1]
                    ));
                }
                ends[k] = hms[0] * 3600 + hms[1] * 60 + hms[2];
            }
            ranges.push((ends[0], ends[1]));
        }
        let period = match param_string(resource, "period") {
            None => None,
            Some(p) => Some(Period::parse(&p).ok_or_else(|| {
                format!(
                    "Parameter period failed on {reference}: Invalid value \"{p}\". Valid values are hourly, daily, weekly, monthly, never."
                )
            })?),
        };
        let by_number = param_string(resource, "periodmatch").as_deref() == Some("number");
        let repeat = match param_string(resource, "repeat") {
            None => 1,
            Some(r) => match r.parse::<i64>() {
                Ok(n) if n >= 1 => n,
                _ => {
                    return Err(format!(
                        "Parameter repeat failed on {reference}: Repeat must be a number"
                    ));
                }
            },
        };
        let mut weekdays = Vec::new();
        for day in param_list(resource, "weekday") {
            let d = day.to_lowercase();
            let n = match d.parse::<u32>() {
                Ok(n) if n < 7 => Some(n),
                _ => DAYS
                    .iter()
                    .position(|name| *name == d || (d.len() == 3 && name.starts_with(&d)))
                    .map(|p| p as u32),
            };
            match n {
                Some(n) => weekdays.push(n),
                None => {
                    return Err(format!(
                        "Parameter weekday failed on {reference}: {day} is not a valid day of the week"
                    ));
                }
            }
        }
        Ok(Schedule {
            ranges,
            period,
            by_number,
            repeat,
            weekdays,
        })
    }

    /// Puppet's default schedules by name.
    fn default_named(name: &str) -> Option<Schedule> {
        let (period, repeat) = match name {
            "puppet" => (Period::Hourly, 2),
            "hourly" => (Period::Hourly, 1),
            "daily" => (Period::Daily, 1),
            "weekly" => (Period::Weekly, 1),
            "monthly" => (Period::Monthly, 1),
            "never" => (Period::Never, 1),
            _ => return None,
        };
        Some(Schedule {
            ranges: Vec::new(),
            period: Some(period),
            by_number: false,
            repeat,
            weekdays: Vec::new(),
        })
    }

    /// Finds the schedule a resource names: declared in the catalog, or one
    /// of Puppet's defaults.
    pub fn named(catalog: &Catalog, name: &str) -> Option<Result<Schedule, String>> {
        let declared = catalog.resources.iter().find(|r| {
            r.type_name == "Schedule"
                && (r.title == name || r.param_str("name").is_some_and(|n| n == name))
        });
        match declared {
            Some(r) => Some(Schedule::from_resource(r)),
            None => Schedule::default_named(name).map(Ok),
        }
    }

    /// Whether a resource last checked at `previous` (epoch seconds; 0 when
    /// never) may run at `now`.
    pub fn matches(&self, previous: i64, now: &LocalTime) -> bool {
        if !self.ranges.is_empty()
            && !self.ranges.iter().any(|&(start, end)| {
                let n = now.seconds_of_day;
                if start < end {
                    (start..=end).contains(&n)
                } else {
                    n >= start || n <= end
                }
            })
        {
            return false;
        }
        if let Some(period) = self.period {
            if period == Period::Never {
                return false;
            }
            let ok = if self.by_number {
                let before = LocalTime::at(previous);
                match period {
                    Period::Hourly => before.hour != now.hour,
                    Period::Daily => before.day != now.day,
                    Period::Weekly => before.week != now.week,
                    Period::Monthly => before.month != now.month,
                    Period::Never => false,
                }
            } else {
                now.epoch - previous >= period.seconds() / self.repeat
            };
            if !ok {
                return false;
            }
        }
        self.weekdays.is_empty() || self.weekdays.contains(&now.weekday)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(seconds_of_day: u32, weekday: u32, epoch: i64) -> LocalTime {
        LocalTime {
            epoch,
            seconds_of_day,
            weekday,
            hour: (seconds_of_day / 3600) as i32,
            day: 1,
            month: 0,
            week: 0,
        }
    }

    #[test]
    fn defaults_follow_puppet() {
        let daily = Schedule::default_named("daily").expect("daily");
        assert!(daily.matches(0, &at(0, 0, 1_000_000)));
        assert!(!daily.matches(1_000_000 - 10, &at(0, 0, 1_000_000)));
        assert!(
            !Schedule::default_named("never")
                .expect("never")
                .matches(0, &at(0, 0, 5))
        );
        let puppet = Schedule::default_named("puppet").expect("puppet");
        assert!(puppet.matches(1_000_000 - 1800, &at(0, 0, 1_000_000)));
    }

    #[test]
    fn ranges_may_span_midnight() {
        let s = Schedule {
            ranges: vec![(22 * 3600, 2 * 3600)],
            period: None,
            by_number: false,
            repeat: 1,
            weekdays: vec![],
        };
        assert!(s.matches(0, &at(23 * 3600, 0, 0)));
        assert!(s.matches(0, &at(3600, 0, 0)));
        assert!(!s.matches(0, &at(12 * 3600, 0, 0)));
    }
}
