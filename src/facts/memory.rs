//! Memory facts from `/proc/meminfo`: `memory.system` and `memory.swap`
//! (swap only when there is some), and the legacy `memorysize`,
//! `memoryfree`, `memorysize_mb`, `memoryfree_mb`, `swapsize`...

use crate::Facts;
use crate::host::Host;
use crate::units::{bytes_to_human, bytes_to_mb, percent};
use serde_json::{Value, json};

/// What meminfo says, in bytes.
#[derive(Debug, Default, PartialEq, Eq)]
pub(crate) struct MemInfo {
    pub total: u64,
    /// MemAvailable, else MemFree + Buffers + Cached.
    pub free: u64,
    pub swap: Option<(u64, u64)>,
}

/// Parses meminfo as Facter does.
pub(crate) fn parse(text: &str) -> Option<MemInfo> {
    let kb = |key: &str| -> Option<u64> {
        text.lines().find_map(|l| {
            let rest = l.strip_prefix(key)?.strip_prefix(':')?;
            rest.split_whitespace().next()?.parse::<u64>().ok()
        })
    };
    let total = kb("MemTotal")? * 1024;
    let free = match kb("MemAvailable") {
        Some(a) => a * 1024,
        None => (kb("MemFree")? + kb("Buffers")? + kb("Cached")?) * 1024,
    };
    let swap = match kb("SwapTotal") {
        Some(t) if t > 0 => Some((t * 1024, kb("SwapFree").unwrap_or(0) * 1024)),
        _ => None,
    };
    Some(MemInfo { total, free, swap })
}

fn block(total: u64, free: u64) -> Value {
    let used = total.saturating_sub(free);
    json!({
        "available": bytes_to_human(free),
        "available_bytes": free,
        "capacity": percent(used, total),
        "total": bytes_to_human(total),
        "total_bytes": total,
        "used": bytes_to_human(used),
        "used_bytes": used,
    })
}

/// Gathers the memory facts.
pub(crate) fn gather(host: &Host, facts: &mut Facts) {
    let Some(m) = crate::host::read_text(&host.proc("meminfo")).and_then(|t| parse(&t)) else {
        return;
    };
    let mut memory = serde_json::Map::new();
    if let Some((total, free)) = m.swap {
        memory.insert("swap".into(), block(total, free));
        facts.insert("swapfree".into(), json!(bytes_to_human(free)));
        facts.insert("swapfree_mb".into(), json!(bytes_to_mb(free)));
        facts.insert("swapsize".into(), json!(bytes_to_human(total)));
        facts.insert("swapsize_mb".into(), json!(bytes_to_mb(total)));
    }
    memory.insert("system".into(), block(m.total, m.free));
    facts.insert("memory".into(), Value::Object(memory));
    facts.insert("memoryfree".into(), json!(bytes_to_human(m.free)));
    facts.insert("memoryfree_mb".into(), json!(bytes_to_mb(m.free)));
    facts.insert("memorysize".into(), json!(bytes_to_human(m.total)));
    facts.insert("memorysize_mb".into(), json!(bytes_to_mb(m.total)));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn meminfo_with_and_without_memavailable() {
        let m = parse("MemTotal:       24683656 kB\nMemFree: 1000 kB\nMemAvailable:   23998728 kB\nSwapTotal: 0 kB\n")
            .expect("parsed");
        assert_eq!(m.total, 25_276_063_744);
        assert_eq!(m.free, 24_574_697_472);
        assert_eq!(m.swap, None);
        let old = parse("MemTotal: 100 kB\nMemFree: 10 kB\nBuffers: 5 kB\nCached: 20 kB\nSwapTotal: 64 kB\nSwapFree: 16 kB\n")
            .expect("parsed");
        assert_eq!(old.free, 35 * 1024);
        assert_eq!(old.swap, Some((64 * 1024, 16 * 1024)));
        assert_eq!(parse("garbage"), None);
    }
}
