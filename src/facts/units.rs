//! Facter's unit conversions and number formats: bytes as `23.54 GiB`,
//! hertz as `2.00 GHz`, mebibytes as floats, capacities as `37.98%`
//! (`Facter::Util::Facts::UnitConverter`, `FilesystemHelper`).

/// Bytes as Facter prints them: `512 bytes`, `23.54 GiB`.
pub(crate) fn bytes_to_human(bytes: u64) -> String {
    if bytes < 1024 {
        return format!("{bytes} bytes");
    }
    let prefixes = ["KiB", "MiB", "GiB", "TiB", "PiB", "EiB"];
    let b = bytes as f64;
    let mut exp = (b.log2() / 10.0).floor() as i32;
    let mut n = (100.0 * (b / 1024f64.powi(exp))).round() / 100.0;
    if (n - 1024.0).abs() < f64::EPSILON {
        exp += 1;
        n = 1.0;
    }
    match prefixes.get((exp - 1) as usize) {
        Some(p) => format!("{n:.2} {p}"),
        None => format!("{bytes} bytes"),
    }
}

/// Hertz as Facter prints them: `2.00 GHz`; nothing for 0.
pub(crate) fn hertz_to_human(hz: u64) -> Option<String> {
    if hz == 0 {
        return None;
    }
    let power = (hz as f64).log10().floor() as i32;
    let display = power - power % 3;
    let coefficient = if power == 0 {
        hz as f64
    } else {
        hz as f64 / 10f64.powi(display)
    };
    let prefix = match display {
        0 => "",
        3 => "k",
        6 => "M",
        9 => "G",
        12 => "T",
        _ => return None,
    };
    Some(format!(
        "{:.2} {prefix}Hz",
        (coefficient * 100.0).round() / 100.0
    ))
}

/// Bytes in mebibytes, a float (`memorysize_mb`).
pub(crate) fn bytes_to_mb(bytes: u64) -> f64 {
    bytes as f64 / (1024.0 * 1024.0)
}

/// A used share as Facter prints memory capacities: `2.77%`.
pub(crate) fn percent(used: u64, total: u64) -> String {
    format!("{:.2}%", used as f64 / total as f64 * 100.0)
}

/// A file system's used share as Facter prints it: `100%` when full (or
/// empty), `0%` when nothing is used, else `37.98%`.
pub(crate) fn fs_capacity(used: u64, total: u64) -> String {
    if used == total {
        "100%".into()
    } else if used > 0 {
        percent(used, total)
    } else {
        "0%".into()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bytes_print_like_facter() {
        // Values Facter 4.3 printed on this machine.
        assert_eq!(bytes_to_human(25_276_063_744), "23.54 GiB");
        assert_eq!(bytes_to_human(701_366_272), "668.88 MiB");
        assert_eq!(bytes_to_human(274_877_906_944), "256.00 GiB");
        assert_eq!(bytes_to_human(4096), "4.00 KiB");
        assert_eq!(bytes_to_human(0), "0 bytes");
        assert_eq!(bytes_to_human(1023), "1023 bytes");
        // Just under 1 MiB rounds to 1024 KiB, which Facter shows as 1.00 MiB.
        assert_eq!(bytes_to_human(1_048_575), "1.00 MiB");
    }

    #[test]
    fn hertz_and_shares_print_like_facter() {
        assert_eq!(hertz_to_human(1_996_000_000).as_deref(), Some("2.00 GHz"));
        assert_eq!(hertz_to_human(800_000_000).as_deref(), Some("800.00 MHz"));
        assert_eq!(hertz_to_human(0), None);
        assert_eq!(bytes_to_mb(25_276_063_744), 24105.1328125);
        assert_eq!(percent(701_366_272, 25_276_063_744), "2.77%");
        assert_eq!(fs_capacity(0, 0), "100%");
        assert_eq!(fs_capacity(0, 10), "0%");
        assert_eq!(fs_capacity(37_139_210_240, 97_793_294_336), "37.98%");
    }
}
