//! The example Manifests in `manifests/examples/` are valid Manifest objects
//! as the API server will read them: the right kind, a namespace, a selector
//! that evaluates, and Puppet source. (Their Puppet was checked with Puppet
//! 7's own parser and compiler when written; the e2e suite applies them.)

use kuppet::k8s::crd::Manifest;
use std::collections::BTreeMap;

fn examples() -> Vec<(String, Manifest)> {
    let dir = format!("{}/manifests/examples", env!("CARGO_MANIFEST_DIR"));
    let mut out = Vec::new();
    for entry in std::fs::read_dir(&dir).unwrap_or_else(|e| panic!("{dir}: {e}")) {
        let path = entry.expect("dir entry").path();
        if path.extension().and_then(|e| e.to_str()) != Some("yaml") {
            continue;
        }
        let text = std::fs::read_to_string(&path).expect("reads");
        let m: Manifest = serde_yaml::from_str(&text)
            .unwrap_or_else(|e| panic!("{}: not a Manifest: {e}", path.display()));
        out.push((
            path.file_name()
                .unwrap_or_default()
                .to_string_lossy()
                .to_string(),
            m,
        ));
    }
    out.sort_by(|a, b| a.0.cmp(&b.0));
    out
}

#[test]
fn the_four_examples_are_there() {
    let names: Vec<String> = examples().into_iter().map(|(f, _)| f).collect();
    assert_eq!(
        names,
        vec!["motd.yaml", "ntp.yaml", "sshd.yaml", "users.yaml"]
    );
}

#[test]
fn each_example_is_a_well_formed_manifest() {
    for (file, m) in examples() {
        assert_eq!(m.metadata.namespace.as_deref(), Some("default"), "{file}");
        assert_eq!(
            format!("{}.yaml", m.metadata.name.as_deref().unwrap_or_default()),
            file
        );
        assert!(m.spec.node_selector.validate().is_ok(), "{file}: selector");
        assert!(m.spec.source.lines().count() > 3, "{file}: has Puppet code");
        assert!(
            !m.spec.source.contains('\t'),
            "{file}: tabs in YAML block scalars"
        );
    }
}

#[test]
fn selectors_pick_the_nodes_they_say() {
    let linux: BTreeMap<String, String> =
        [("kubernetes.io/os".to_string(), "linux".to_string())].into();
    let admin: BTreeMap<String, String> = [
        ("kubernetes.io/os".to_string(), "linux".to_string()),
        ("kuppet.dev/admins".to_string(), "true".to_string()),
    ]
    .into();
    let by_name: BTreeMap<String, Manifest> = examples().into_iter().collect();
    assert!(
        by_name["motd.yaml"]
            .spec
            .node_selector
            .matches(&BTreeMap::new()),
        "motd: every node"
    );
    assert!(by_name["sshd.yaml"].spec.node_selector.matches(&linux));
    assert!(
        !by_name["sshd.yaml"]
            .spec
            .node_selector
            .matches(&BTreeMap::new())
    );
    assert!(!by_name["users.yaml"].spec.node_selector.matches(&linux));
    assert!(by_name["users.yaml"].spec.node_selector.matches(&admin));
}
