//! What runs remember between them (Puppet's state file): when each
//! scheduled resource was last checked, so that `schedule => daily` lets it
//! run once a day. Kept as JSON in the state directory (`--statedir`, by
//! default `<root>/var/lib/kuppet`), read when a run first needs it and
//! written atomically at the end of the run; entries older than the longest
//! period a schedule compares with are dropped.

use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::io::Write as _;
use std::path::{Path, PathBuf};

/// The file's name in the state directory.
const FILE: &str = "state.json";

/// Entries unused for longer than this are dropped (a monthly schedule
/// compares with 30 days).
const KEEP_SECONDS: i64 = 40 * 86_400;

/// The state of one resource.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
struct Entry {
    /// When it was last checked (epoch seconds).
    checked: i64,
}

/// The stored state, keyed by resource reference.
#[derive(Debug, Clone, Default)]
pub(crate) struct Stored {
    path: PathBuf,
    entries: BTreeMap<String, Entry>,
    dirty: bool,
}

impl Stored {
    /// Reads the state kept in `dir` (empty when there is none or it is
    /// unreadable: a lost state only makes schedules run once more).
    pub fn load(dir: &Path) -> Stored {
        let path = dir.join(FILE);
        let entries = std::fs::read_to_string(&path)
            .ok()
            .and_then(|t| serde_json::from_str(&t).ok())
            .unwrap_or_default();
        Stored {
            path,
            entries,
            dirty: false,
        }
    }

    /// When a resource was last checked (0: never).
    pub fn checked(&self, reference: &str) -> i64 {
        self.entries.get(reference).map_or(0, |e| e.checked)
    }

    /// Records that a resource was checked at `now`.
    pub(crate) fn record_checked(&mut self, reference: &str, now: i64) {
        self.entries
            .insert(reference.to_string(), Entry { checked: now });
        self.dirty = true;
    }

    /// Writes the state if it changed (temporary file, then rename).
    pub fn save(&mut self, now: i64) -> std::io::Result<()> {
        if !self.dirty {
            return Ok(());
        }
        self.entries.retain(|_, e| now - e.checked <= KEEP_SECONDS);
        let dir = self.path.parent().unwrap_or(Path::new("/"));
        std::fs::create_dir_all(dir)?;
        let tmp = dir.join(format!(".{FILE}.kuppet-{}", std::process::id()));
        let text = serde_json::to_string_pretty(&self.entries).map_err(std::io::Error::other)?;
        let mut f = std::fs::File::create(&tmp)?;
        f.write_all(text.as_bytes())?;
        f.sync_all()?;
        drop(f);
        std::fs::rename(&tmp, &self.path)?;
        self.dirty = false;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn state_survives_a_save_and_drops_old_entries() {
        let dir = tempfile::tempdir().expect("tempdir");
        let mut s = Stored::load(dir.path());
        assert_eq!(s.checked("File[/x]"), 0);
        let now = KEEP_SECONDS + 1_000_000;
        s.record_checked("File[/x]", now);
        s.record_checked("File[/old]", 1);
        s.save(now).expect("save");
        let s = Stored::load(dir.path());
        assert_eq!(s.checked("File[/x]"), now);
        assert_eq!(s.checked("File[/old]"), 0);
    }
}
