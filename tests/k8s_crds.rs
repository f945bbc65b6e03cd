//! The CRDs generated from the Rust types: equal to the committed copies
//! (`crds/`, the Helm chart's `crds/`, `manifests/install.yaml`), and shaped
//! the way kubectl, kstatus and server-side apply need.
//!
//! When a type changes, regenerate all three with `manifests/render.sh`.

use kuppet::k8s::crd;
use serde_json::Value;

fn repo(path: &str) -> String {
    let full = format!("{}/{path}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&full).unwrap_or_else(|e| panic!("{full}: {e}"))
}

fn generated() -> String {
    crd::crds_yaml().expect("the CRDs render as YAML")
}

fn crd_json(plural: &str) -> Value {
    let crd = crd::crds()
        .into_iter()
        .find(|c| c.spec.names.plural == plural)
        .unwrap_or_else(|| panic!("no CRD {plural}"));
    serde_json::to_value(crd).expect("CRD serialises")
}

fn schema(plural: &str) -> Value {
    crd_json(plural)["spec"]["versions"][0]["schema"]["openAPIV3Schema"].clone()
}

#[test]
fn crds_dir_holds_exactly_what_kuppet_crds_prints() {
    assert!(
        repo("crds/kuppet.dev.yaml") == generated(),
        "crds/kuppet.dev.yaml is stale: run manifests/render.sh"
    );
}

#[test]
fn the_chart_ships_the_same_crds() {
    assert!(
        repo("charts/kuppet/crds/kuppet.dev.yaml") == generated(),
        "charts/kuppet/crds/kuppet.dev.yaml is stale: run manifests/render.sh"
    );
}

#[test]
fn install_yaml_carries_the_same_crds() {
    let install = repo("manifests/install.yaml");
    for doc in generated().split("\n---\n").skip(1) {
        let body = doc.trim_end();
        assert!(
            install.contains(body),
            "manifests/install.yaml lacks the current CRD starting {:?}: run manifests/render.sh",
            body.lines().take(4).collect::<Vec<_>>()
        );
    }
}

#[test]
fn scopes_group_and_names() {
    let names: Vec<(String, String, String)> = crd::crds()
        .iter()
        .map(|c| {
            (
                c.metadata.name.clone().unwrap_or_default(),
                c.spec.scope.clone(),
                c.spec.group.clone(),
            )
        })
        .collect();
    assert_eq!(
        names,
        vec![
            (
                "manifests.kuppet.dev".into(),
                "Namespaced".into(),
                "kuppet.dev".into()
            ),
            (
                "nodefacts.kuppet.dev".into(),
                "Cluster".into(),
                "kuppet.dev".into()
            ),
            (
                "nodecatalogs.kuppet.dev".into(),
                "Cluster".into(),
                "kuppet.dev".into()
            ),
            (
                "manifestgrants.kuppet.dev".into(),
                "Cluster".into(),
                "kuppet.dev".into()
            ),
        ]
    );
    for c in crd::crds() {
        assert_eq!(
            c.spec.names.categories.as_deref(),
            Some(&["kuppet".to_string()][..])
        );
    }
}

#[test]
fn status_is_a_subresource_where_others_write_it() {
    for plural in ["manifests", "nodecatalogs"] {
        let v = crd_json(plural);
        assert!(
            v["spec"]["versions"][0]["subresources"]["status"].is_object(),
            "{plural}"
        );
    }
}

#[test]
fn printer_columns_answer_is_it_applied() {
    let columns = |plural: &str| -> Vec<String> {
        crd_json(plural)["spec"]["versions"][0]["additionalPrinterColumns"]
            .as_array()
            .expect("columns")
            .iter()
            .map(|c| {
                format!(
                    "{}={}",
                    c["name"].as_str().unwrap_or_default(),
                    c["jsonPath"].as_str().unwrap_or_default()
                )
            })
            .collect()
    };
    let m = columns("manifests");
    assert!(m.contains(&r#"Ready=.status.conditions[?(@.type=="Ready")].status"#.to_string()));
    assert!(m.contains(&"Applied=.status.appliedNodes".to_string()));
    assert!(m.contains(&"Rollout=.status.rollout.phase".to_string()));
    let c = columns("nodecatalogs");
    assert!(c.contains(&r#"Ready=.status.conditions[?(@.type=="Ready")].status"#.to_string()));
    assert!(c.contains(&"Failed=.status.resources.failed".to_string()));
    assert!(c.contains(&"Last Run=.status.lastRun.time".to_string()));
}

#[test]
fn conditions_follow_kstatus_and_merge_by_type() {
    for plural in ["manifests", "nodecatalogs"] {
        let status = &schema(plural)["properties"]["status"]["properties"];
        let conditions = &status["conditions"];
        assert_eq!(conditions["x-kubernetes-list-type"], "map", "{plural}");
        assert_eq!(
            conditions["x-kubernetes-list-map-keys"],
            serde_json::json!(["type"])
        );
        let item = &conditions["items"];
        let required = item["required"].as_array().expect("required");
        for field in ["type", "status", "reason", "lastTransitionTime"] {
            assert!(required.contains(&Value::from(field)), "{plural}: {field}");
        }
        assert_eq!(item["properties"]["observedGeneration"]["type"], "integer");
        assert_eq!(status["observedGeneration"]["type"], "integer", "{plural}");
    }
}

#[test]
fn free_form_objects_keep_their_fields() {
    let cat = &schema("nodecatalogs")["properties"]["spec"]["properties"]["catalog"];
    assert_eq!(cat["x-kubernetes-preserve-unknown-fields"], true);
    let facts = &schema("nodefacts")["properties"]["spec"]["properties"]["facts"];
    assert_eq!(facts["x-kubernetes-preserve-unknown-fields"], true);
}

/// Every spec field's description says its default or that it is required.
#[test]
fn every_spec_field_documents_its_default() {
    for plural in ["manifests", "nodefacts", "nodecatalogs"] {
        let spec = &schema(plural)["properties"]["spec"];
        let props = spec["properties"].as_object().expect("spec properties");
        for (name, p) in props {
            let d = p["description"].as_str().unwrap_or_default();
            assert!(
                d.contains("Default") || d.contains("Required"),
                "{plural}.spec.{name} does not say its default: {d:?}"
            );
        }
    }
}

/// The structural-schema rules the API server enforces: every property typed
/// (or explicitly free-form), no `anyOf`/`oneOf` at the top of a property.
#[test]
fn schemas_are_structural() {
    fn walk(path: &str, v: &Value) {
        if let Some(props) = v.get("properties").and_then(Value::as_object) {
            for (k, p) in props {
                let here = format!("{path}.{k}");
                assert!(
                    p.get("type").is_some()
                        || p.get("x-kubernetes-preserve-unknown-fields").is_some()
                        // A count or a percent: the API server types it itself.
                        || p.get("x-kubernetes-int-or-string") == Some(&Value::Bool(true)),
                    "{here} has no type"
                );
                assert!(
                    p.get("anyOf").is_none() && p.get("oneOf").is_none(),
                    "{here} is not structural"
                );
                walk(&here, p);
            }
        }
        if let Some(items) = v.get("items") {
            walk(&format!("{path}[]"), items);
        }
    }
    for plural in ["manifests", "nodefacts", "nodecatalogs"] {
        walk(plural, &schema(plural));
    }
}
