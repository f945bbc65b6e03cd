//! Where `puppet:///` sources come from: a [`FileServer`] turns a URL into
//! a tree and a path inside it, which the file provider then reads exactly
//! as it reads a local source (through a [`RootFs`], so nothing a module's
//! links point at leaves that tree).
//!
//! `kuppet apply` serves from its modulepath ([`ModulePath`]), as `puppet
//! apply` does: `puppet:///modules/M/PATH` is `M/files/PATH` in the first
//! modulepath directory that has module M. An agent can later serve the
//! same URLs from content it fetched from the controller by checksum into a
//! local tree: the provider only sees a `RootFs` and a path.

use crate::RootFs;
use std::path::PathBuf;

/// What a `puppet:` URL names, found by a [`FileServer`].
#[derive(Debug, Clone)]
pub enum Served {
    /// The tree and the path inside it (which may not exist).
    Found { tree: RootFs, path: String },
    /// No mount, module or files directory of that name: Puppet's "Could
    /// not retrieve information from environment ... source(s)".
    Missing,
}

/// Why a URL cannot be served at all (the resource fails with it).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ServeError {
    /// `..` or an empty segment in the path: Puppet's own refusal.
    #[error(
        "Could not retrieve file metadata for {url}: Cannot find file: Invalid relative path '{relative}'"
    )]
    InvalidPath { url: String, relative: String },
    /// A server named in the URL (`puppet://server/...`): kuppet serves
    /// only what it has locally.
    #[error(
        "kuppet serves puppet:// sources from the modulepath only (puppet:///modules/MODULE/PATH, no server name), not {url}"
    )]
    Server { url: String },
    /// The content the URL names could not be fetched (an agent fetching
    /// large files by checksum).
    #[error("Could not retrieve {url}: {reason}")]
    Unavailable { url: String, reason: String },
    /// The modulepath's module directory could not be opened.
    #[error("Could not open {path} to serve {url}: {reason}")]
    Open {
        url: String,
        path: PathBuf,
        reason: String,
    },
}

/// Serves `puppet:` URLs to the file provider.
pub trait FileServer: std::fmt::Debug + Send + Sync {
    /// The tree and path a `puppet:` URL names.
    fn locate(&self, url: &str) -> Result<Served, ServeError>;
}

/// The modules' `files/` directories of a modulepath (what `puppet apply
/// --modulepath` serves under the `modules` mount).
#[derive(Debug, Clone, Default)]
pub struct ModulePath {
    pub dirs: Vec<PathBuf>,
}

impl ModulePath {
    pub fn new(dirs: Vec<PathBuf>) -> ModulePath {
        ModulePath { dirs }
    }
}

/// The mount and the path after it of a `puppet:///MOUNT/PATH` URL.
fn split(url: &str) -> Result<Option<(&str, &str)>, ServeError> {
    let Some(rest) = url.strip_prefix("puppet://") else {
        return Ok(None);
    };
    let Some(rest) = rest.strip_prefix('/') else {
        return Err(ServeError::Server { url: url.into() });
    };
    Ok(Some(match rest.split_once('/') {
        Some((mount, path)) => (mount, path),
        None => (rest, ""),
    }))
}

impl FileServer for ModulePath {
    fn locate(&self, url: &str) -> Result<Served, ServeError> {
        let Some((mount, relative)) = split(url)? else {
            return Ok(Served::Missing);
        };
        if mount != "modules" {
            // Puppet apply has no other mount without a fileserver.conf
            // (plugins and pluginfacts serve agents' plugin sync).
            return Ok(Served::Missing);
        }
        let (module, path) = relative.split_once('/').unwrap_or((relative, ""));
        let segments: Vec<&str> = path.split('/').filter(|s| !s.is_empty()).collect();
        if module.is_empty()
            || module == "."
            || module == ".."
            || segments.iter().any(|s| *s == ".." || *s == ".")
        {
            return Err(ServeError::InvalidPath {
                url: url.into(),
                relative: relative.into(),
            });
        }
        let Some(dir) = self.dirs.iter().find(|d| d.join(module).is_dir()) else {
            return Ok(Served::Missing);
        };
        let files = dir.join(module).join("files");
        if !files.is_dir() {
            return Ok(Served::Missing);
        }
        let tree = RootFs::new(&files).map_err(|e| ServeError::Open {
            url: url.into(),
            path: files.clone(),
            reason: e.to_string(),
        })?;
        Ok(Served::Found {
            tree,
            path: format!("/{}", segments.join("/")),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn found(server: &ModulePath, url: &str) -> Option<(RootFs, String)> {
        match server.locate(url).expect("serves") {
            Served::Found { tree, path } => Some((tree, path)),
            Served::Missing => None,
        }
    }

    #[test]
    fn the_first_module_of_a_name_serves_its_files() {
        let a = tempfile::tempdir().expect("tempdir");
        let b = tempfile::tempdir().expect("tempdir");
        std::fs::create_dir_all(a.path().join("m/files/d")).expect("mkdir");
        std::fs::write(a.path().join("m/files/d/f"), "first").expect("write");
        std::fs::create_dir_all(b.path().join("m/files/d")).expect("mkdir");
        std::fs::write(b.path().join("m/files/d/f"), "second").expect("write");
        std::fs::create_dir_all(b.path().join("n/files")).expect("mkdir");
        std::fs::write(b.path().join("n/files/g"), "n").expect("write");
        let server = ModulePath::new(vec![a.path().into(), b.path().into()]);
        let (tree, path) = found(&server, "puppet:///modules/m/d/f").expect("found");
        assert_eq!(path, "/d/f");
        let mut text = String::new();
        std::io::Read::read_to_string(&mut tree.open(&path).expect("open"), &mut text)
            .expect("read");
        assert_eq!(text, "first");
        let (tree, path) = found(&server, "puppet:///modules/n/g").expect("found");
        assert!(tree.stat(&path).is_ok());
        // The module itself names its files directory.
        let (tree, path) = found(&server, "puppet:///modules/m").expect("found");
        assert!(tree.stat(&path).expect("stat").is_dir());
        assert!(found(&server, "puppet:///modules/nomod/f").is_none());
        assert!(found(&server, "puppet:///files/x").is_none());
    }

    #[test]
    fn links_in_a_module_stay_in_its_files() {
        let a = tempfile::tempdir().expect("tempdir");
        std::fs::create_dir_all(a.path().join("m/files")).expect("mkdir");
        std::fs::write(a.path().join("secret"), "outside").expect("write");
        std::os::unix::fs::symlink("../../secret", a.path().join("m/files/l")).expect("link");
        let server = ModulePath::new(vec![a.path().into()]);
        let (tree, path) = found(&server, "puppet:///modules/m/l").expect("found");
        assert!(tree.open(&path).is_err(), "the link leaves the tree");
    }

    #[test]
    fn bad_urls_are_refused_with_puppets_words() {
        let server = ModulePath::new(vec![]);
        assert_eq!(
            server
                .locate("puppet:///modules/m/../m/f")
                .unwrap_err()
                .to_string(),
            "Could not retrieve file metadata for puppet:///modules/m/../m/f: Cannot find file: Invalid relative path 'm/../m/f'"
        );
        assert!(matches!(
            server.locate("puppet://server/modules/m/f"),
            Err(ServeError::Server { .. })
        ));
    }
}
