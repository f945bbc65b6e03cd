//! Packing a directory into the reproducible tar+gzip of a Flux artifact's
//! content layer: directories and regular files in path order (each
//! directory's entries by name, depth first, as Flux's `tar.Tar` walks),
//! with their permission bits, owner 0:0, no user or group names, and time 0;
//! symlinks and special files are left out (Flux leaves them out too), and so
//! is version control (`.git`). The same tree always gives the same bytes.

use super::ArtifactError;
use std::io::Write;
use std::path::Path;

/// The tar+gzip of the tree under `dir`.
pub fn pack(dir: &Path) -> Result<Vec<u8>, ArtifactError> {
    let meta = std::fs::metadata(dir).map_err(|e| ArtifactError::io(dir.display(), e))?;
    if !meta.is_dir() {
        return Err(ArtifactError::io(
            dir.display(),
            std::io::Error::other("not a directory: give the directory to pack"),
        ));
    }
    let gz = flate2::GzBuilder::new()
        .mtime(0)
        .operating_system(255)
        .write(Vec::new(), flate2::Compression::default());
    let mut tar = tar::Builder::new(gz);
    tar.mode(tar::HeaderMode::Deterministic);
    walk(dir, "", &mut tar)?;
    let gz = tar
        .into_inner()
        .map_err(|e| ArtifactError::io(dir.display(), e))?;
    gz.finish().map_err(|e| ArtifactError::io(dir.display(), e))
}

fn walk<W: Write>(root: &Path, rel: &str, tar: &mut tar::Builder<W>) -> Result<(), ArtifactError> {
    let here = if rel.is_empty() {
        root.to_path_buf()
    } else {
        root.join(rel)
    };
    let mut names: Vec<String> = std::fs::read_dir(&here)
        .map_err(|e| ArtifactError::io(here.display(), e))?
        .filter_map(|e| e.ok())
        .filter_map(|e| e.file_name().into_string().ok())
        .filter(|n| n != ".git")
        .collect();
    names.sort();
    for name in names {
        let child_rel = if rel.is_empty() {
            name.clone()
        } else {
            format!("{rel}/{name}")
        };
        let path = root.join(&child_rel);
        let meta =
            std::fs::symlink_metadata(&path).map_err(|e| ArtifactError::io(path.display(), e))?;
        let mode = std::os::unix::fs::PermissionsExt::mode(&meta.permissions()) & 0o777;
        let mut header = tar::Header::new_gnu();
        header.set_mtime(0);
        header.set_uid(0);
        header.set_gid(0);
        header.set_mode(mode);
        if meta.is_dir() {
            header.set_entry_type(tar::EntryType::Directory);
            header.set_size(0);
            tar.append_data(&mut header, format!("{child_rel}/"), std::io::empty())
                .map_err(|e| ArtifactError::io(path.display(), e))?;
            walk(root, &child_rel, tar)?;
        } else if meta.is_file() {
            let data = std::fs::read(&path).map_err(|e| ArtifactError::io(path.display(), e))?;
            header.set_entry_type(tar::EntryType::Regular);
            header.set_size(data.len() as u64);
            tar.append_data(&mut header, &child_rel, data.as_slice())
                .map_err(|e| ArtifactError::io(path.display(), e))?;
        }
    }
    Ok(())
}
