//! The kernel facts, from uname: `kernel`, `kernelrelease`,
//! `kernelversion`, `kernelmajversion` (the running kernel, which a
//! container shares with its host).

use crate::Facts;
use crate::host::Uname;
use serde_json::json;

/// Gathers the kernel facts.
pub(crate) fn gather(uname: &Uname, facts: &mut Facts) {
    facts.insert("kernel".into(), json!(uname.sysname));
    facts.insert("kernelrelease".into(), json!(uname.release));
    facts.insert(
        "kernelversion".into(),
        json!(kernel_version(&uname.release)),
    );
    facts.insert(
        "kernelmajversion".into(),
        json!(kernel_major_version(&uname.release)),
    );
}

/// The first three numbers of the release (`6.1.0-18-amd64` → `6.1.0`).
fn kernel_version(release: &str) -> String {
    let numbers: Vec<&str> = release
        .split(|c: char| !c.is_ascii_digit())
        .filter(|s| !s.is_empty())
        .take(3)
        .collect();
    numbers.join(".")
}

/// The first two dot-separated parts of the release (`6.1.0-18-amd64` → `6.1`).
fn kernel_major_version(release: &str) -> String {
    let parts: Vec<&str> = release.split('.').collect();
    if parts.len() <= 1 {
        release.to_string()
    } else {
        format!("{}.{}", parts[0], parts[1])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn versions_are_cut_from_the_release() {
        assert_eq!(kernel_version("6.18.44-fc-v782"), "6.18.44");
        assert_eq!(kernel_version("6.1.0-18-amd64"), "6.1.0");
        assert_eq!(kernel_version("5.15"), "5.15");
        assert_eq!(kernel_major_version("6.18.44-fc-v782"), "6.18");
        assert_eq!(kernel_major_version("6"), "6");
    }
}
