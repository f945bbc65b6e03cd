//! `puppet:///modules/...` sources of catalogs compiled from an environment
//! (`spec.code`): the controller has the environment unpacked, the agent
//! does not, so the files a catalog's `source` parameters name travel with
//! the catalog. [`bundle`] collects them from the environment's modulepath
//! (the first directory holding a module serves it, as Puppet's file
//! server; a directory source brings its whole tree, for `recurse`) into a
//! reproducible tar+gzip laid out as a modulepath directory (`M/files/P`);
//! the NodeCatalog carries it base64-encoded in `spec.files` and its digest
//! is part of the catalog's digest, so a changed file re-runs the agent.
//! The agent unpacks it (with the artifact unpacker's rules) and serves the
//! same URLs from it. With a content endpoint ([`Limits::referencing`]),
//! only small files are packed; the others are listed by SHA-256 in
//! `spec.content` (part of the digest too) and the agent fetches them from
//! the controller (`k8s::content`). Sources of other mounts, or under
//! inline Manifests without an environment, are left to the agent's own
//! file server.

use crate::k8s::crd::ContentRef;
use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::path::{Path, PathBuf};
use std::sync::Mutex;

/// The most bytes of files one catalog may carry inline (before
/// compression): the NodeCatalog must stay under the API server's object
/// size.
pub const MAX_BYTES: u64 = 768 * 1024;

/// With a content endpoint: the largest file that still travels inline.
pub const INLINE_FILE: u64 = 16 * 1024;
/// With a content endpoint: the most bytes inline in one catalog; the
/// files past it are fetched by checksum.
pub const INLINE_TOTAL: u64 = 128 * 1024;
/// With a content endpoint: the most files one catalog lists by checksum
/// (each entry takes some 150 bytes of the NodeCatalog).
pub const MAX_REFERENCES: usize = 2000;
/// With a content endpoint: the default largest file fetched by checksum.
pub const REFERENCED_FILE: u64 = 256 * 1024 * 1024;

/// What travels inline and what by checksum.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    /// The largest file inlined.
    pub inline_file: u64,
    /// The most bytes inlined in all.
    pub inline_total: u64,
    /// The largest file fetched by checksum; None when the controller
    /// serves no content (everything inline, up to [`MAX_BYTES`]).
    pub referenced_file: Option<u64>,
}

impl Limits {
    /// No content endpoint: every file inline.
    pub const INLINE_ONLY: Limits = Limits {
        inline_file: MAX_BYTES,
        inline_total: MAX_BYTES,
        referenced_file: None,
    };

    /// A content endpoint serving files up to `max_file` bytes.
    pub fn referencing(max_file: u64) -> Limits {
        Limits {
            inline_file: INLINE_FILE,
            inline_total: INLINE_TOTAL,
            referenced_file: Some(max_file),
        }
    }
}

/// The files of one catalog, packed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Bundle {
    /// base64 of the tar+gzip (the inline files, and every directory,
    /// parents of referenced files included).
    pub encoded: String,
    /// The files' digest (see [`codec::files_digest`](crate::k8s::codec::files_digest)).
    pub digest: String,
    /// The files fetched by checksum, sorted by path.
    pub content: Vec<ContentRef>,
    /// Where each of `content` is on disk, with what identified it when
    /// it was hashed (the content endpoint serves it from there).
    pub on_disk: Vec<Located>,
}

/// A file of the environment's unpacked tree, as it was when hashed.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Located {
    pub path: PathBuf,
    pub stamp: Stamp,
}

/// What tells a file changed since it was hashed, without reading it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Stamp {
    pub len: u64,
    pub ino: u64,
    pub mtime: i64,
    pub mtime_nsec: i64,
}

impl Stamp {
    pub fn of(meta: &std::fs::Metadata) -> Stamp {
        use std::os::unix::fs::MetadataExt;
        Stamp {
            len: meta.len(),
            ino: meta.ino(),
            mtime: meta.mtime(),
            mtime_nsec: meta.mtime_nsec(),
        }
    }
}

/// Why a catalog's files cannot travel with it.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum FilesError {
    #[error(
        "the puppet:/// sources of {resource} and the others add up to {bytes} bytes, more than the {max} a NodeCatalog can carry: serve large files another way (a package, an archive resource with a URL, or content => file(...) of smaller files), or give the controller a content endpoint (--content-addr)"
    )]
    TooLarge {
        resource: String,
        bytes: u64,
        max: u64,
    },
    #[error(
        "the puppet:/// source {path} of {resource} has {bytes} bytes, more than the {max} the controller serves per file (--content-max-file-bytes)"
    )]
    FileTooLarge {
        resource: String,
        path: String,
        bytes: u64,
        max: u64,
    },
    #[error(
        "the puppet:/// sources of {resource} and the others name more than {max} large files, more than a NodeCatalog can list: pack them into an archive"
    )]
    TooManyFiles { resource: String, max: usize },
    #[error("could not read {path} for {resource}: {reason}")]
    Read {
        resource: String,
        path: String,
        reason: String,
    },
}

/// The `puppet:///modules/M/P` URLs of a `source` parameter value.
fn module_urls(value: &serde_json::Value) -> Vec<&str> {
    fn one(v: &serde_json::Value) -> Option<&str> {
        v.as_str().filter(|s| s.starts_with("puppet:///modules/"))
    }
    match value {
        serde_json::Value::Array(items) => items.iter().filter_map(one).collect(),
        v => one(v).into_iter().collect(),
    }
}

/// The module and the path in its `files/` of a `puppet:///modules/` URL,
/// None for a URL the file server refuses (`..`, empty module).
fn split(url: &str) -> Option<(&str, Vec<&str>)> {
    let rest = url.strip_prefix("puppet:///modules/")?;
    let (module, path) = rest.split_once('/').unwrap_or((rest, ""));
    let segments: Vec<&str> = path.split('/').filter(|s| !s.is_empty()).collect();
    let bad = |s: &str| s.is_empty() || s == "." || s == "..";
    (!bad(module) && !segments.iter().any(|s| bad(s))).then_some((module, segments))
}

/// The files the catalog's `puppet:///modules/` sources name, from
/// `modulepath`; None when there are none. Files up to the limits travel
/// inline, the others by checksum.
pub fn bundle(
    catalog: &kuppet_catalog::Catalog,
    modulepath: &[PathBuf],
    limits: Limits,
) -> Result<Option<Bundle>, FilesError> {
    if modulepath.is_empty() {
        return Ok(None);
    }
    // archive path -> (file on disk, the first resource naming it), sorted.
    let mut entries: BTreeMap<String, (PathBuf, String)> = BTreeMap::new();
    for r in &catalog.resources {
        let Some(source) = r.parameters.get("source") else {
            continue;
        };
        let reference = r.reference();
        for url in module_urls(source) {
            let Some((module, segments)) = split(url) else {
                continue;
            };
            let Some(dir) = modulepath.iter().find(|d| d.join(module).is_dir()) else {
                continue;
            };
            let files = dir.join(module).join("files");
            let on_disk = segments.iter().fold(files.clone(), |p, s| p.join(s));
            let in_archive = std::iter::once(module)
                .chain(std::iter::once("files"))
                .chain(segments.iter().copied())
                .collect::<Vec<_>>()
                .join("/");
            add(&on_disk, &in_archive, &reference, &mut entries)?;
        }
    }
    if entries.is_empty() {
        return Ok(None);
    }
    // Inline or by checksum, in path order (reproducible).
    let mut packed: Vec<(String, PathBuf)> = Vec::new();
    let mut content = Vec::new();
    let mut on_disk = Vec::new();
    let mut inline = 0u64;
    for (name, (path, resource)) in &entries {
        let read = |e: std::io::Error| FilesError::Read {
            resource: resource.clone(),
            path: path.display().to_string(),
            reason: e.to_string(),
        };
        let meta = std::fs::metadata(path).map_err(read)?;
        if meta.is_dir() {
            packed.push((name.clone(), path.clone()));
            continue;
        }
        let len = meta.len();
        let fits = len <= limits.inline_file && inline + len <= limits.inline_total;
        match limits.referenced_file {
            _ if fits => {
                inline += len;
                packed.push((name.clone(), path.clone()));
            }
            None => {
                return Err(FilesError::TooLarge {
                    resource: resource.clone(),
                    bytes: inline + len,
                    max: limits.inline_total,
                });
            }
            Some(max) if len > max => {
                return Err(FilesError::FileTooLarge {
                    resource: resource.clone(),
                    path: name.clone(),
                    bytes: len,
                    max,
                });
            }
            Some(_) if content.len() >= MAX_REFERENCES => {
                return Err(FilesError::TooManyFiles {
                    resource: resource.clone(),
                    max: MAX_REFERENCES,
                });
            }
            Some(_) => {
                let stamp = Stamp::of(&meta);
                let sha256 = hash(path, stamp).map_err(read)?;
                let mode = std::os::unix::fs::PermissionsExt::mode(&meta.permissions()) & 0o777;
                content.push(ContentRef {
                    path: name.clone(),
                    sha256,
                    size: len,
                    mode,
                });
                on_disk.push(Located {
                    path: path.clone(),
                    stamp,
                });
            }
        }
    }
    let archive = pack(&packed).map_err(|e| FilesError::Read {
        resource: "the catalog".into(),
        path: "(packing)".into(),
        reason: e.to_string(),
    })?;
    use base64::Engine;
    let tar_digest = kuppet_artifact::sha256_digest(&archive);
    Ok(Some(Bundle {
        digest: crate::k8s::codec::files_digest(Some(&tar_digest), &content).unwrap_or(tar_digest),
        encoded: base64::engine::general_purpose::STANDARD.encode(&archive),
        content,
        on_disk,
    }))
}

/// The SHA-256 (hex) of the file at `path`, remembered by its stamp: every
/// node's compile names the same large files, which are read once.
fn hash(path: &Path, stamp: Stamp) -> std::io::Result<String> {
    static HASHES: Mutex<Option<HashMap<(PathBuf, Stamp), String>>> = Mutex::new(None);
    let key = (path.to_path_buf(), stamp);
    if let Some(h) = HASHES
        .lock()
        .ok()
        .and_then(|m| m.as_ref().and_then(|m| m.get(&key).cloned()))
    {
        return Ok(h);
    }
    let hex = crate::k8s::content::sha256_file(path)?;
    if let Ok(mut m) = HASHES.lock() {
        let m = m.get_or_insert_with(HashMap::new);
        if m.len() > 10_000 {
            m.clear();
        }
        m.insert(key, hex.clone());
    }
    Ok(hex)
}

/// Adds the file or tree at `on_disk` (nothing when it does not exist: the
/// agent then reports Puppet's missing-source error).
fn add(
    on_disk: &Path,
    in_archive: &str,
    resource: &str,
    entries: &mut BTreeMap<String, (PathBuf, String)>,
) -> Result<(), FilesError> {
    let Ok(meta) = std::fs::symlink_metadata(on_disk) else {
        return Ok(());
    };
    if meta.is_file() {
        entries
            .entry(in_archive.to_string())
            .or_insert_with(|| (on_disk.to_path_buf(), resource.to_string()));
    } else if meta.is_dir() {
        entries
            .entry(in_archive.to_string())
            .or_insert_with(|| (on_disk.to_path_buf(), resource.to_string()));
        let read = std::fs::read_dir(on_disk).map_err(|e| FilesError::Read {
            resource: resource.to_string(),
            path: on_disk.display().to_string(),
            reason: e.to_string(),
        })?;
        for entry in read.flatten() {
            let Ok(name) = entry.file_name().into_string() else {
                continue;
            };
            add(
                &on_disk.join(&name),
                &format!("{in_archive}/{name}"),
                resource,
                entries,
            )?;
        }
    }
    Ok(())
}

/// A reproducible tar+gzip of the entries (parents before children, as
/// the sorted map gives them; each parent directory present).
fn pack(entries: &[(String, PathBuf)]) -> std::io::Result<Vec<u8>> {
    let gz = flate2::GzBuilder::new()
        .mtime(0)
        .operating_system(255)
        .write(Vec::new(), flate2::Compression::default());
    let mut tar = tar::Builder::new(gz);
    tar.mode(tar::HeaderMode::Deterministic);
    let mut dirs: BTreeSet<String> = BTreeSet::new();
    let dir_header = |mode: u32| {
        let mut h = tar::Header::new_gnu();
        h.set_entry_type(tar::EntryType::Directory);
        h.set_mode(mode);
        h.set_size(0);
        h.set_mtime(0);
        h.set_uid(0);
        h.set_gid(0);
        h
    };
    for (name, path) in entries {
        // Parents first.
        let parts: Vec<&str> = name.split('/').collect();
        for i in 1..parts.len() {
            let parent = parts[..i].join("/");
            if dirs.insert(parent.clone()) {
                tar.append_data(
                    &mut dir_header(0o755),
                    format!("{parent}/"),
                    std::io::empty(),
                )?;
            }
        }
        let meta = std::fs::metadata(path)?;
        let mode = std::os::unix::fs::PermissionsExt::mode(&meta.permissions()) & 0o777;
        if meta.is_dir() {
            if dirs.insert(name.clone()) {
                tar.append_data(&mut dir_header(mode), format!("{name}/"), std::io::empty())?;
            }
        } else {
            let data = std::fs::read(path)?;
            let mut h = tar::Header::new_gnu();
            h.set_entry_type(tar::EntryType::Regular);
            h.set_mode(mode);
            h.set_size(data.len() as u64);
            h.set_mtime(0);
            h.set_uid(0);
            h.set_gid(0);
            tar.append_data(&mut h, name, data.as_slice())?;
        }
    }
    tar.into_inner()?.finish()
}

/// The digest a NodeCatalog carries (see [`crate::k8s::codec::with_files`]).
pub fn combined_digest(catalog_digest: &str, files: Option<&Bundle>) -> String {
    crate::k8s::codec::with_files(catalog_digest, files.map(|b| b.digest.as_str()))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn write(root: &Path, rel: &str, text: &str) {
        let p = root.join(rel);
        std::fs::create_dir_all(p.parent().expect("parent")).expect("mkdir");
        std::fs::write(p, text).expect("write");
    }

    fn catalog(resources: &str) -> kuppet_catalog::Catalog {
        kuppet_catalog::Catalog::from_json(&format!(r#"{{"name":"n","resources":[{resources}]}}"#))
            .expect("catalog")
    }

    fn listing(b: &Bundle) -> Vec<String> {
        use base64::Engine;
        let bytes = base64::engine::general_purpose::STANDARD
            .decode(&b.encoded)
            .expect("base64");
        let dest = tempfile::tempdir().expect("tempdir");
        kuppet_artifact::unpack(&bytes, dest.path(), Default::default()).expect("unpacks");
        let mut out = Vec::new();
        fn walk(root: &Path, rel: &str, out: &mut Vec<String>) {
            let mut names: Vec<_> = std::fs::read_dir(root.join(rel))
                .expect("dir")
                .flatten()
                .map(|e| e.file_name().into_string().expect("utf8"))
                .collect();
            names.sort();
            for n in names {
                let r = if rel.is_empty() {
                    n
                } else {
                    format!("{rel}/{n}")
                };
                let p = root.join(&r);
                if p.is_dir() {
                    walk(root, &r, out);
                } else {
                    out.push(format!(
                        "{r}={}",
                        std::fs::read_to_string(&p).expect("read")
                    ));
                }
            }
        }
        walk(dest.path(), "", &mut out);
        out
    }

    #[test]
    fn the_sources_files_travel_from_the_first_module_of_a_name() {
        let site = tempfile::tempdir().expect("tempdir");
        let modules = tempfile::tempdir().expect("tempdir");
        write(site.path(), "motd/files/motd", "from site");
        write(modules.path(), "motd/files/motd", "shadowed");
        write(modules.path(), "ssh/files/conf.d/a", "a");
        write(modules.path(), "ssh/files/conf.d/sub/b", "b");
        write(modules.path(), "ssh/files/unused", "not named");
        let c = catalog(
            r#"{"type":"File","title":"/etc/motd","parameters":{"source":"puppet:///modules/motd/motd"}},
               {"type":"File","title":"/etc/ssh/conf.d","parameters":{"source":["puppet:///modules/ssh/missing","puppet:///modules/ssh/conf.d"],"recurse":true}},
               {"type":"File","title":"/etc/x","parameters":{"source":"/srv/local"}},
               {"type":"File","title":"/etc/y","parameters":{"source":"puppet:///modules/ssh/../motd/files/motd"}}"#,
        );
        let dirs = vec![site.path().to_path_buf(), modules.path().to_path_buf()];
        let b = bundle(&c, &dirs, Limits::INLINE_ONLY)
            .expect("bundles")
            .expect("some files");
        assert_eq!(
            listing(&b),
            vec![
                "motd/files/motd=from site",
                "ssh/files/conf.d/a=a",
                "ssh/files/conf.d/sub/b=b"
            ]
        );
        // Reproducible: the same files, the same digest.
        assert_eq!(
            bundle(&c, &dirs, Limits::INLINE_ONLY).expect("again"),
            Some(b.clone())
        );
        // A changed file changes the NodeCatalog's digest.
        write(site.path(), "motd/files/motd", "changed");
        let b2 = bundle(&c, &dirs, Limits::INLINE_ONLY)
            .expect("bundles")
            .expect("some files");
        assert_ne!(
            combined_digest("sha256:c", Some(&b)),
            combined_digest("sha256:c", Some(&b2))
        );
        assert_eq!(combined_digest("sha256:c", None), "sha256:c");
    }

    #[test]
    fn no_environment_or_no_module_sources_carry_nothing() {
        let c = catalog(
            r#"{"type":"File","title":"/a","parameters":{"source":"puppet:///modules/m/f"}}"#,
        );
        assert_eq!(bundle(&c, &[], Limits::INLINE_ONLY), Ok(None));
        let modules = tempfile::tempdir().expect("tempdir");
        let plain = catalog(r#"{"type":"File","title":"/a","parameters":{"content":"x"}}"#);
        assert_eq!(
            bundle(&plain, &[modules.path().to_path_buf()], Limits::INLINE_ONLY),
            Ok(None)
        );
    }

    #[test]
    fn too_many_bytes_are_refused_with_the_resource_named() {
        let modules = tempfile::tempdir().expect("tempdir");
        write(
            modules.path(),
            "big/files/blob",
            &"x".repeat(MAX_BYTES as usize + 1),
        );
        let c = catalog(
            r#"{"type":"File","title":"/blob","parameters":{"source":"puppet:///modules/big/blob"}}"#,
        );
        let err = bundle(&c, &[modules.path().to_path_buf()], Limits::INLINE_ONLY)
            .expect_err("too large");
        assert!(err.to_string().contains("File[/blob]"), "{err}");
    }

    #[test]
    fn with_a_content_endpoint_large_files_travel_by_checksum() {
        let modules = tempfile::tempdir().expect("tempdir");
        write(modules.path(), "m/files/small", "s");
        let big = "b".repeat(INLINE_FILE as usize + 1);
        write(modules.path(), "m/files/tree/big", &big);
        write(modules.path(), "m/files/tree/tiny", "t");
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(
            modules.path().join("m/files/tree/big"),
            std::fs::Permissions::from_mode(0o640),
        )
        .expect("chmod");
        let c = catalog(
            r#"{"type":"File","title":"/small","parameters":{"source":"puppet:///modules/m/small"}},
               {"type":"File","title":"/tree","parameters":{"source":"puppet:///modules/m/tree","recurse":true}}"#,
        );
        let dirs = vec![modules.path().to_path_buf()];
        let b = bundle(&c, &dirs, Limits::referencing(1 << 20))
            .expect("bundles")
            .expect("some files");
        // Small files inline, the large one only by checksum.
        assert_eq!(listing(&b), vec!["m/files/small=s", "m/files/tree/tiny=t"]);
        use sha2::Digest;
        let sha = crate::k8s::content::hex(&sha2::Sha256::digest(big.as_bytes()));
        assert_eq!(
            b.content,
            vec![ContentRef {
                path: "m/files/tree/big".into(),
                sha256: sha,
                size: big.len() as u64,
                mode: 0o640,
            }]
        );
        assert_eq!(b.on_disk[0].path, modules.path().join("m/files/tree/big"));
        // The reference is part of the digest: changing the large file
        // changes it.
        let before = b.digest.clone();
        write(modules.path(), "m/files/tree/big", &"c".repeat(big.len()));
        let b2 = bundle(&c, &dirs, Limits::referencing(1 << 20))
            .expect("bundles")
            .expect("some files");
        assert_eq!(b2.encoded, b.encoded);
        assert_ne!(b2.digest, before);
        // Without an endpoint the same files are inline.
        let inline = bundle(&c, &dirs, Limits::INLINE_ONLY)
            .expect("bundles")
            .expect("some files");
        assert!(inline.content.is_empty());
        assert_eq!(listing(&inline).len(), 3);
        // Past the per-file cap: refused, naming the resource.
        let err = bundle(&c, &dirs, Limits::referencing(100)).expect_err("too large");
        assert!(
            matches!(&err, FilesError::FileTooLarge { resource, .. } if resource == "File[/tree]"),
            "{err}"
        );
    }

    #[test]
    fn inline_stops_at_the_total_and_the_rest_is_referenced() {
        let modules = tempfile::tempdir().expect("tempdir");
        let n = (INLINE_TOTAL / INLINE_FILE) as usize + 2;
        for i in 0..n {
            write(
                modules.path(),
                &format!("m/files/d/f{i:02}"),
                &"x".repeat(INLINE_FILE as usize),
            );
        }
        let c = catalog(
            r#"{"type":"File","title":"/d","parameters":{"source":"puppet:///modules/m/d","recurse":true}}"#,
        );
        let b = bundle(
            &c,
            &[modules.path().to_path_buf()],
            Limits::referencing(1 << 20),
        )
        .expect("bundles")
        .expect("some files");
        let inline = listing(&b).len();
        assert_eq!(inline as u64, INLINE_TOTAL / INLINE_FILE);
        assert_eq!(inline + b.content.len(), n);
        // In path order: the first files inline, the last ones referenced.
        assert_eq!(
            b.content.last().map(|c| c.path.clone()),
            Some(format!("m/files/d/f{:02}", n - 1))
        );
    }

    #[test]
    fn a_catalog_lists_a_bounded_number_of_files_by_checksum() {
        let modules = tempfile::tempdir().expect("tempdir");
        for i in 0..=MAX_REFERENCES {
            write(modules.path(), &format!("m/files/d/f{i:05}"), "x");
        }
        let c = catalog(
            r#"{"type":"File","title":"/d","parameters":{"source":"puppet:///modules/m/d","recurse":true}}"#,
        );
        // Nothing inline: every file is referenced.
        let limits = Limits {
            inline_file: 0,
            inline_total: 0,
            referenced_file: Some(1 << 20),
        };
        let err = bundle(&c, &[modules.path().to_path_buf()], limits).expect_err("too many");
        assert_eq!(
            err,
            FilesError::TooManyFiles {
                resource: "File[/d]".into(),
                max: MAX_REFERENCES
            }
        );
        std::fs::remove_file(modules.path().join("m/files/d/f00000")).expect("rm");
        let b = bundle(&c, &[modules.path().to_path_buf()], limits)
            .expect("bundles")
            .expect("files");
        assert_eq!(b.content.len(), MAX_REFERENCES);
    }
}
