//! The modulepath, as Puppet's environment reads it: each module comes from
//! the first modulepath directory that holds a directory of its name (a
//! module of the same name in a later directory is never seen, not even for
//! files the first one lacks), and only names Puppet accepts as module names
//! count. Every lookup into modules goes through here: autoloaded manifests,
//! templates, `file()` and the `find_*` functions, module Ruby types and
//! functions, Hiera's module layer.

use std::path::{Path, PathBuf};

/// The modules of a modulepath, each with its directory.
#[derive(Debug, Clone, Default)]
pub struct Modules {
    /// (name, directory) in modulepath order, then name order.
    modules: Vec<(String, PathBuf)>,
}

impl Modules {
    /// Reads the modulepath's directories (once per compile).
    pub fn new(modulepath: &[PathBuf]) -> Modules {
        let mut modules: Vec<(String, PathBuf)> = Vec::new();
        for dir in modulepath {
            let Ok(entries) = std::fs::read_dir(dir) else {
                continue;
            };
            let mut found: Vec<(String, PathBuf)> = entries
                .filter_map(|e| e.ok())
                .filter_map(|e| {
                    let name = e.file_name().to_str()?.to_string();
                    let path = e.path();
                    (is_module_name(&name) && path.is_dir()).then_some((name, path))
                })
                .collect();
            found.sort();
            for (name, path) in found {
                if !modules.iter().any(|(n, _)| *n == name) {
                    modules.push((name, path));
                }
            }
        }
        Modules { modules }
    }

    /// The directory of module `name`, if the modulepath has it.
    pub fn dir(&self, name: &str) -> Option<&Path> {
        self.modules
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, p)| p.as_path())
    }

    /// Every module's directory, in search order.
    pub fn dirs(&self) -> impl Iterator<Item = &Path> {
        self.modules.iter().map(|(_, p)| p.as_path())
    }

    /// A file a module reference names, as Puppet's `find_in_module`: an
    /// absolute path as it is; `MODULE/REST` as `REST` in the module's
    /// `subdir` (`files`, `templates`); `None` when the module is not on the
    /// modulepath or the reference has no file part. Existence is not checked.
    pub fn find(&self, reference: &str, subdir: &str) -> Option<PathBuf> {
        if reference.starts_with('/') {
            return Some(PathBuf::from(reference));
        }
        if reference.is_empty() {
            return None;
        }
        let (module, rest) = reference.split_once('/')?;
        let dir = self.dir(module)?;
        Some(dir.join(subdir).join(rest))
    }
}

/// Puppet's module names: a lowercase letter, then lowercase letters,
/// digits and underscores.
pub fn is_module_name(name: &str) -> bool {
    name.starts_with(|c: char| c.is_ascii_lowercase())
        && name
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_')
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_first_directory_with_a_module_wins_for_all_its_files() {
        let tmp = tempfile::tempdir().expect("tempdir");
        let a = tmp.path().join("a");
        let b = tmp.path().join("b");
        for d in [
            a.join("foo/files"),
            b.join("foo/files"),
            b.join("bar/templates"),
            b.join("Bad-Name"),
        ] {
            std::fs::create_dir_all(d).expect("mkdir");
        }
        std::fs::write(b.join("foo/files/only_in_b"), "x").expect("write");
        let m = Modules::new(&[a.clone(), b.clone()]);
        assert_eq!(m.dir("foo"), Some(a.join("foo").as_path()));
        assert_eq!(m.dir("bar"), Some(b.join("bar").as_path()));
        assert_eq!(m.dir("Bad-Name"), None);
        // foo's file that only b has is not found: a's foo hides b's.
        let f = m.find("foo/only_in_b", "files").expect("a path");
        assert!(f.starts_with(&a) && !f.exists());
        assert_eq!(
            m.find("bar/t.erb", "templates"),
            Some(b.join("bar/templates/t.erb"))
        );
        assert_eq!(
            m.find("/etc/hosts", "files"),
            Some(PathBuf::from("/etc/hosts"))
        );
        assert_eq!(m.find("nomodule/x", "files"), None);
        assert_eq!(m.find("foo", "files"), None);
        assert_eq!(m.dirs().count(), 2);
    }
}
