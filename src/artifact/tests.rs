//! Packing, verifying and unpacking artifacts, hostile archives included.

use super::*;
use std::io::Write;
use std::os::unix::fs::PermissionsExt;
use std::path::Path;

fn tree(root: &Path) {
    std::fs::create_dir_all(root.join("manifests")).expect("mkdir");
    std::fs::create_dir_all(root.join("modules/m/files")).expect("mkdir");
    std::fs::create_dir_all(root.join(".git/objects")).expect("mkdir");
    std::fs::write(root.join("manifests/site.pp"), "include m\n").expect("write");
    std::fs::write(root.join("modules/m/files/run.sh"), "#!/bin/sh\n").expect("write");
    std::fs::set_permissions(
        root.join("modules/m/files/run.sh"),
        std::fs::Permissions::from_mode(0o755),
    )
    .expect("chmod");
    std::fs::write(root.join(".git/HEAD"), "ref\n").expect("write");
    std::os::unix::fs::symlink("/etc/passwd", root.join("link")).expect("symlink");
}

#[test]
fn the_same_tree_packs_to_the_same_bytes_and_round_trips() {
    let a = tempfile::tempdir().expect("tempdir");
    let b = tempfile::tempdir().expect("tempdir");
    tree(a.path());
    std::thread::sleep(std::time::Duration::from_millis(20));
    tree(b.path());
    let pa = pack(a.path()).expect("packs");
    let pb = pack(b.path()).expect("packs");
    assert_eq!(sha256_digest(&pa), sha256_digest(&pb));

    let out = tempfile::tempdir().expect("tempdir");
    let got = unpack(&pa, out.path(), Caps::default()).expect("unpacks");
    assert_eq!(got.files, 2);
    assert_eq!(got.dirs, 4);
    assert_eq!(
        std::fs::read_to_string(out.path().join("manifests/site.pp")).expect("read"),
        "include m\n"
    );
    let mode = std::fs::metadata(out.path().join("modules/m/files/run.sh"))
        .expect("stat")
        .permissions()
        .mode();
    assert_eq!(mode & 0o777, 0o755);
    // Version control and links are not packed.
    assert!(!out.path().join(".git").exists());
    assert!(!out.path().join("link").exists());
}

/// A tar+gzip with one raw entry (name written as is, bypassing the tar
/// crate's own checks).
fn raw_archive(name: &[u8], kind: tar::EntryType, data: &[u8], link: &[u8]) -> Vec<u8> {
    let mut header = tar::Header::new_old();
    header.as_old_mut().name[..name.len()].copy_from_slice(name);
    header.as_old_mut().linkname[..link.len()].copy_from_slice(link);
    header.set_entry_type(kind);
    header.set_size(data.len() as u64);
    header.set_mode(0o644);
    header.set_cksum();
    let mut tar_bytes = Vec::new();
    tar_bytes.extend_from_slice(header.as_bytes());
    tar_bytes.extend_from_slice(data);
    tar_bytes.resize(tar_bytes.len().div_ceil(512) * 512, 0);
    tar_bytes.extend_from_slice(&[0u8; 1024]);
    let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
    gz.write_all(&tar_bytes).expect("gzip");
    gz.finish().expect("gzip")
}

#[test]
fn hostile_archives_are_refused_and_nothing_leaves_the_tree() {
    let outside = tempfile::tempdir().expect("tempdir");
    let dest = outside.path().join("dest");
    let cases: Vec<(Vec<u8>, &str)> = vec![
        (
            raw_archive(b"../escape", tar::EntryType::Regular, b"x", b""),
            "leaves the tree",
        ),
        (
            raw_archive(b"a/../../escape", tar::EntryType::Regular, b"x", b""),
            "leaves the tree",
        ),
        (
            raw_archive(b"/etc/escape", tar::EntryType::Regular, b"x", b""),
            "leaves the tree",
        ),
        (
            raw_archive(b"link", tar::EntryType::Symlink, b"", b"/etc/passwd"),
            "symbolic link",
        ),
        (
            raw_archive(b"hard", tar::EntryType::Link, b"", b"/etc/passwd"),
            "hard link",
        ),
        (
            raw_archive(b"dev", tar::EntryType::Char, b"", b""),
            "device",
        ),
    ];
    for (archive, want) in cases {
        let err = unpack(&archive, &dest, Caps::default()).expect_err(want);
        assert!(matches!(err, ArtifactError::Refused(_)), "{err}");
        assert!(err.to_string().contains(want), "{err}");
    }
    assert!(!outside.path().join("escape").exists());
    assert!(std::fs::read_dir(&dest).map(|d| d.count()).unwrap_or(0) == 0);
    let garbage = unpack(b"not gzip at all", &dest, Caps::default()).expect_err("corrupt");
    assert!(matches!(garbage, ArtifactError::Corrupt(_)), "{garbage}");
}

#[test]
fn caps_bound_the_size_and_the_entries() {
    let src = tempfile::tempdir().expect("tempdir");
    for i in 0..10 {
        std::fs::write(src.path().join(format!("f{i}")), vec![b'x'; 1000]).expect("write");
    }
    let archive = pack(src.path()).expect("packs");
    let dest = tempfile::tempdir().expect("tempdir");
    let small = Caps {
        max_bytes: 5000,
        max_entries: 100,
    };
    assert!(matches!(
        unpack(&archive, dest.path(), small),
        Err(ArtifactError::TooLarge(_))
    ));
    let few = Caps {
        max_bytes: 1 << 20,
        max_entries: 5,
    };
    assert!(matches!(
        unpack(&archive, dest.path(), few),
        Err(ArtifactError::TooLarge(_))
    ));
}

#[test]
fn the_cache_unpacks_once_per_verified_digest() {
    let src = tempfile::tempdir().expect("tempdir");
    tree(src.path());
    let archive = pack(src.path()).expect("packs");
    let digest = sha256_digest(&archive);
    let dir = tempfile::tempdir().expect("tempdir");
    let cache = Cache::new(dir.path().join("envs"));
    assert!(cache.get(&digest).is_none());
    let p = cache
        .insert(&digest, &archive, Caps::default())
        .expect("inserts");
    assert!(p.join("manifests/site.pp").is_file());
    assert_eq!(
        cache
            .insert(&digest, b"ignored: cached", Caps::default())
            .expect("cached"),
        p
    );
    let wrong = "sha256:0000000000000000000000000000000000000000000000000000000000000000";
    assert!(matches!(
        cache.insert(wrong, &archive, Caps::default()),
        Err(ArtifactError::DigestMismatch { .. })
    ));
    assert!(cache.get(wrong).is_none());
    cache.retain(&[]).expect("retain");
    assert!(cache.get(&digest).is_none());
}

#[test]
fn the_manifest_has_fluxs_media_types_and_annotations() {
    let meta = ArtifactMeta {
        source: Some("https://git.example/repo".into()),
        revision: Some("main@sha1:abc".into()),
        created: "1970-01-01T00:00:00Z".into(),
    };
    let m = image_manifest(("sha256:c", 2), ("sha256:l", 10), &meta);
    assert_eq!(m["mediaType"], MANIFEST_MEDIA_TYPE);
    assert_eq!(
        m["config"]["mediaType"],
        "application/vnd.cncf.flux.config.v1+json"
    );
    assert_eq!(
        m["layers"][0]["mediaType"],
        "application/vnd.cncf.flux.content.v1.tar+gzip"
    );
    assert_eq!(m["layers"][0]["size"], 10);
    assert_eq!(
        m["annotations"]["org.opencontainers.image.revision"],
        "main@sha1:abc"
    );
    assert_eq!(
        m["annotations"]["org.opencontainers.image.source"],
        "https://git.example/repo"
    );
}

#[test]
fn digests_are_checked_by_algorithm() {
    let d = sha256_digest(b"abc");
    assert_eq!(
        d,
        "sha256:ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
    );
    assert!(verify_digest(b"abc", &d).is_ok());
    assert!(verify_digest(b"abc", &d.to_uppercase().replace("SHA256", "sha256")).is_ok());
    assert!(matches!(
        verify_digest(b"abd", &d),
        Err(ArtifactError::DigestMismatch { .. })
    ));
    assert!(verify_digest(b"abc", "sha512:ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a2192992a274fc1a836ba3c23a3feebbd454d4423643ce80e2a9ac94fa54ca49f").is_ok());
    assert!(matches!(
        verify_digest(b"abc", "md5:900150983cd24fb0d6963f7d28e17f72"),
        Err(ArtifactError::UnsupportedDigest(_))
    ));
}
