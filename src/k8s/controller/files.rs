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
//! same URLs from it. Sources of other mounts, or under inline Manifests
//! without an environment, are left to the agent's own file server.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

/// The most bytes of files one catalog may carry (before compression): the
/// NodeCatalog must stay under the API server's object size.
pub const MAX_BYTES: u64 = 768 * 1024;

/// The files of one catalog, packed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Bundle {
    /// base64 of the tar+gzip.
    pub encoded: String,
    /// `sha256:...` of the tar+gzip.
    pub digest: String,
}

/// Why a catalog's files cannot travel with it.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum FilesError {
    #[error(
        "the puppet:/// sources of {resource} and the others add up to {bytes} bytes, more than the {max} a NodeCatalog can carry: serve large files another way (a package, an archive resource with a URL, or content => file(...) of smaller files)"
    )]
    TooLarge {
        resource: String,
        bytes: u64,
        max: u64,
    },
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
/// `modulepath`; None when there are none.
pub fn bundle(
    catalog: &kuppet_catalog::Catalog,
    modulepath: &[PathBuf],
) -> Result<Option<Bundle>, FilesError> {
    if modulepath.is_empty() {
        return Ok(None);
    }
    // (archive path, file on disk), sorted and unique.
    let mut entries: BTreeSet<(String, PathBuf)> = BTreeSet::new();
    let mut bytes = 0u64;
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
            add(&on_disk, &in_archive, &reference, &mut entries, &mut bytes)?;
        }
    }
    if entries.is_empty() {
        return Ok(None);
    }
    let archive = pack(&entries).map_err(|e| FilesError::Read {
        resource: "the catalog".into(),
        path: "(packing)".into(),
        reason: e.to_string(),
    })?;
    use base64::Engine;
    Ok(Some(Bundle {
        digest: kuppet_artifact::sha256_digest(&archive),
        encoded: base64::engine::general_purpose::STANDARD.encode(&archive),
    }))
}

/// Adds the file or tree at `on_disk` (nothing when it does not exist: the
/// agent then reports Puppet's missing-source error).
fn add(
    on_disk: &Path,
    in_archive: &str,
    resource: &str,
    entries: &mut BTreeSet<(String, PathBuf)>,
    bytes: &mut u64,
) -> Result<(), FilesError> {
    let Ok(meta) = std::fs::symlink_metadata(on_disk) else {
        return Ok(());
    };
    if meta.is_file() {
        if entries.insert((in_archive.to_string(), on_disk.to_path_buf())) {
            *bytes += meta.len();
            if *bytes > MAX_BYTES {
                return Err(FilesError::TooLarge {
                    resource: resource.to_string(),
                    bytes: *bytes,
                    max: MAX_BYTES,
                });
            }
        }
    } else if meta.is_dir() {
        entries.insert((in_archive.to_string(), on_disk.to_path_buf()));
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
                bytes,
            )?;
        }
    }
    Ok(())
}

/// A reproducible tar+gzip of the entries (parents before children, as
/// the sorted set gives them; each parent directory present).
fn pack(entries: &BTreeSet<(String, PathBuf)>) -> std::io::Result<Vec<u8>> {
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

/// The digest a NodeCatalog carries: the catalog's, and with files the
/// digest over both (a changed file changes it).
pub fn combined_digest(catalog_digest: &str, files: Option<&Bundle>) -> String {
    match files {
        None => catalog_digest.to_string(),
        Some(b) => {
            kuppet_artifact::sha256_digest(format!("{catalog_digest}\n{}", b.digest).as_bytes())
        }
    }
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
        let b = bundle(&c, &dirs).expect("bundles").expect("some files");
        assert_eq!(
            listing(&b),
            vec![
                "motd/files/motd=from site",
                "ssh/files/conf.d/a=a",
                "ssh/files/conf.d/sub/b=b"
            ]
        );
        // Reproducible: the same files, the same digest.
        assert_eq!(bundle(&c, &dirs).expect("again"), Some(b.clone()));
        // A changed file changes the NodeCatalog's digest.
        write(site.path(), "motd/files/motd", "changed");
        let b2 = bundle(&c, &dirs).expect("bundles").expect("some files");
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
        assert_eq!(bundle(&c, &[]), Ok(None));
        let modules = tempfile::tempdir().expect("tempdir");
        let plain = catalog(r#"{"type":"File","title":"/a","parameters":{"content":"x"}}"#);
        assert_eq!(bundle(&plain, &[modules.path().to_path_buf()]), Ok(None));
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
        let err = bundle(&c, &[modules.path().to_path_buf()]).expect_err("too large");
        assert!(err.to_string().contains("File[/blob]"), "{err}");
    }
}
