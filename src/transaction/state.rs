//! What runs remember between them (Puppet's state file): when each
//! scheduled resource was last checked, so that `schedule => daily` lets it
//! run once a day. Kept as JSON in the state directory (`--statedir`, by
//! default `/var/lib/kuppet` inside the root, reached through the root's
//! [`RootFs`] like every managed path), read when a run first needs it and
//! written atomically at the end of the run; entries older than the longest
//! period a schedule compares with are dropped.

use kuppet_resources::RootFs;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

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
#[derive(Debug, Clone)]
pub(crate) struct Stored {
    /// The filesystem the directory is on (the root's, or `/` for an
    /// explicit `--statedir`); None when it could not be opened.
    fs: Option<RootFs>,
    /// The directory, a path on `fs`.
    dir: String,
    entries: BTreeMap<String, Entry>,
    dirty: bool,
}

impl Stored {
    /// Reads the state kept in `dir` on `fs` (empty when there is none or it
    /// is unreadable: a lost state only makes schedules run once more).
    pub fn load(fs: Option<RootFs>, dir: &str) -> Stored {
        let dir = dir.trim_end_matches('/').to_string();
        let entries = fs
            .as_ref()
            .and_then(|fs| fs.read_to_string(&format!("{dir}/{FILE}")).ok())
            .and_then(|t| serde_json::from_str(&t).ok())
            .unwrap_or_default();
        Stored {
            fs,
            dir,
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
        let Some(fs) = &self.fs else {
            return Err(std::io::Error::other(format!(
                "the filesystem of {} could not be opened",
                self.dir
            )));
        };
        fs.create_dir_all(&self.dir, 0o750)?;
        let text = serde_json::to_string_pretty(&self.entries).map_err(std::io::Error::other)?;
        fs.write_atomic(&format!("{}/{FILE}", self.dir), text.as_bytes(), 0o640)?;
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
        let fs = || Some(RootFs::new(dir.path()).expect("root"));
        let mut s = Stored::load(fs(), "/var/lib/kuppet");
        assert_eq!(s.checked("File[/x]"), 0);
        let now = KEEP_SECONDS + 1_000_000;
        s.record_checked("File[/x]", now);
        s.record_checked("File[/old]", 1);
        s.save(now).expect("save");
        let s = Stored::load(fs(), "/var/lib/kuppet");
        assert_eq!(s.checked("File[/x]"), now);
        assert_eq!(s.checked("File[/old]"), 0);
        assert!(dir.path().join("var/lib/kuppet/state.json").is_file());
    }

    #[test]
    fn the_state_stays_inside_the_root_whatever_its_links_say() {
        let root = tempfile::tempdir().expect("tempdir");
        let outside = tempfile::tempdir().expect("tempdir");
        std::fs::create_dir_all(root.path().join("var")).expect("mkdir");
        // The host's /var/lib is a link to a directory outside the root.
        std::os::unix::fs::symlink(outside.path(), root.path().join("var/lib")).expect("ln");
        let fs = Some(RootFs::new(root.path()).expect("root"));
        // Dangling inside the root: saving fails, as `mkdir -p` would.
        let mut s = Stored::load(fs.clone(), "/var/lib/kuppet");
        s.record_checked("File[/x]", 5);
        assert!(s.save(5).is_err());
        let mirrored = root
            .path()
            .join(outside.path().strip_prefix("/").expect("absolute"));
        std::fs::create_dir_all(&mirrored).expect("mkdir");
        let mut s = Stored::load(fs, "/var/lib/kuppet");
        s.record_checked("File[/x]", 5);
        s.save(5).expect("save");
        let inside = mirrored.join("kuppet/state.json");
        assert!(inside.is_file(), "written where the host would write it");
        assert_eq!(
            std::fs::read_dir(outside.path()).expect("lists").count(),
            0,
            "nothing written outside the root"
        );
    }
}
