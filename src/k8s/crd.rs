//! The custom resources of group `kuppet.dev`: Manifest, NodeFacts,
//! NodeCatalog and ManifestGrant, as Rust types from which the CRDs are generated (`kuppet crds`).
//!
//! Every spec field's doc comment says its default and what empty means: the
//! comments become the CRD's `description`s, which `kubectl explain` shows.

// Each `printcolumn(...)` repeats `type_ = ...`: not a duplicated attribute.
#![allow(clippy::duplicated_attributes)]

use super::status::Condition;
use k8s_openapi::apiextensions_apiserver::pkg::apis::apiextensions::v1::CustomResourceDefinition;
use kube::CustomResource;
use kube::core::CustomResourceExt;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// The API group of every kuppet resource.
pub const GROUP: &str = "kuppet.dev";

/// Puppet code and the nodes it applies to.
///
/// A Manifest configures only the nodes a ManifestGrant gives its namespace.
/// Its classes and defined types are visible to the compiles of its own
/// namespace's Manifests (and of every namespace when a grant shares its
/// namespace's definitions); the top-level statements and node blocks apply
/// only to the nodes `nodeSelector` selects. Manifests are evaluated in
/// order of namespace/name.
#[derive(CustomResource, Serialize, Deserialize, Clone, Debug, PartialEq, JsonSchema)]
#[kube(
    group = "kuppet.dev",
    version = "v1alpha1",
    kind = "Manifest",
    namespaced,
    status = "ManifestStatus",
    derive = "PartialEq",
    shortname = "pp",
    category = "kuppet",
    doc = "Puppet code (spec.source) and the Nodes its top-level statements apply to.",
    printcolumn(
        name = "Ready",
        type_ = "string",
        json_path = ".status.conditions[?(@.type==\"Ready\")].status"
    ),
    printcolumn(
        name = "Reason",
        type_ = "string",
        json_path = ".status.conditions[?(@.type==\"Ready\")].reason"
    ),
    printcolumn(
        name = "Nodes",
        type_ = "integer",
        description = "Nodes selected that run an agent",
        json_path = ".status.selectedNodes"
    ),
    printcolumn(
        name = "Compiled",
        type_ = "integer",
        description = "Nodes whose catalog holds this generation",
        json_path = ".status.compiledNodes"
    ),
    printcolumn(
        name = "Applied",
        type_ = "integer",
        description = "Nodes whose agent applied this generation without failures",
        json_path = ".status.appliedNodes"
    ),
    printcolumn(
        name = "Rollout",
        type_ = "string",
        priority = 1,
        description = "The rollout's phase (with spec.rollout)",
        json_path = ".status.rollout.phase"
    ),
    printcolumn(
        name = "Stage",
        type_ = "string",
        priority = 1,
        json_path = ".status.rollout.currentStage"
    ),
    printcolumn(
        name = "Age",
        type_ = "date",
        json_path = ".metadata.creationTimestamp"
    )
)]
#[serde(rename_all = "camelCase")]
#[schemars(extend("x-kubernetes-validations" = [{
    "rule": "!has(self.code) || !has(self.source) || size(self.source) == 0",
    "message": "set either spec.source (inline code) or spec.code (an environment from an OCI artifact or a Flux source), not both"
}]))]
pub struct ManifestSpec {
    /// Puppet source code, as in a `.pp` file. Errors name it as
    /// `<namespace>/<name>.pp`. Default: empty (declares nothing); must be
    /// empty when `code` is set.
    #[serde(default)]
    pub source: String,
    /// A Puppet environment (a control repo: `manifests/`, `modules/`,
    /// `hiera.yaml`, `data/`) from an OCI artifact or a Flux source,
    /// instead of `source`.
    /// Its main manifests are this Manifest's top-level code, its
    /// modulepath and environment-layer Hiera the compile's. One
    /// environment per node: two Manifests selecting a node with
    /// different environments fail that node's compile
    /// (`EnvironmentConflict`). Default: absent (inline `source`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub code: Option<ManifestCode>,
    /// Which Nodes the top-level statements and node blocks of `source` apply
    /// to, by their labels, among the Nodes a ManifestGrant gives the
    /// namespace. Default (absent or `{}`): every Node so granted.
    #[serde(default)]
    pub node_selector: LabelSelector,
    /// Run the resources this Manifest declares in noop mode: agents report
    /// what would change (condition `Drifted` on the NodeCatalog) and change
    /// nothing. Default: false.
    #[serde(default)]
    pub noop: bool,
    /// How a new generation of `source` reaches the selected Nodes: in
    /// stages, a few Nodes at a time, stopping on failures. Nodes not yet
    /// reached keep the last rolled-out generation. Default: absent (every
    /// Node gets a new generation at once). Ignored with `spec.code`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rollout: Option<RolloutSpec>,
}

/// A staged rollout of a Manifest's new generations (see docs/kubernetes.md,
/// "Rollouts"). Promote a pause with the annotation
/// `kuppet.dev/promote=<generation>/<stage>` (or `<generation>` for every
/// pause of that generation); abort with `kuppet.dev/abort=true` (or
/// `=<generation>`): every Node goes back to the last rolled-out generation.
#[derive(Serialize, Deserialize, Clone, Debug, Default, PartialEq, Eq, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct RolloutSpec {
    /// How many Nodes may be between receiving the new catalog and a
    /// successful run of it at once (a failed Node keeps counting): a count
    /// (`3`) or a percent of the selected Nodes (`"25%"`, rounded down, at
    /// least 1). Default: 1.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(schema_with = "int_or_string")]
    pub max_unavailable: Option<IntOrPercent>,
    /// The stages, in order; each adds Nodes to those already reached, and
    /// may pause after. After the last stage every selected Node is
    /// reached. Default: none (one stage: every Node).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub stages: Vec<RolloutStage>,
    /// Reach no further Node (those already reached finish). Default: false.
    #[serde(default)]
    pub paused: bool,
    /// When a rollout halts. Default: halt at the first failed Node, and
    /// leave failed Nodes on the new generation.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub failure_policy: Option<FailurePolicy>,
    /// Seconds without a Node converging (while not paused or halted) after
    /// which the Manifest is `Stalled` with reason `ProgressDeadlineExceeded`
    /// (the rollout goes on). Default: 600.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub progress_deadline_seconds: Option<i64>,
}

/// One stage of a rollout: which Nodes it adds, and the pause after it.
#[derive(Serialize, Deserialize, Clone, Debug, Default, PartialEq, Eq, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct RolloutStage {
    /// The stage's name, in status, Events and promotions. Default:
    /// `stage-<n>` (1-based).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    /// The Nodes this stage adds, by their labels (among the selected
    /// Nodes). Set either `selector` or `count`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub selector: Option<LabelSelector>,
    /// How many Nodes the rollout has reached in total at the end of this
    /// stage: a count (`5`) or a percent of the selected Nodes (`"50%"`,
    /// rounded up), taken in the rollout's node order. Set either
    /// `selector` or `count`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(schema_with = "int_or_string")]
    pub count: Option<IntOrPercent>,
    /// The pause once every Node of the stage converged: a duration
    /// (`30s`, `5m`, `1h`) or `untilPromoted`. Default: none.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pause: Option<String>,
}

/// When a rollout stops by itself.
#[derive(Serialize, Deserialize, Clone, Debug, Default, PartialEq, Eq, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct FailurePolicy {
    /// Halt once this many Nodes failed (their run of the new catalog
    /// failed, or its compile). Default: 1.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub halt_after: Option<i64>,
    /// Put failed Nodes back on the last rolled-out generation. Default: false.
    #[serde(default)]
    pub rollback_failed: bool,
}

/// A count or a percent (`"25%"`), as Kubernetes' IntOrString.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq, Eq)]
#[serde(untagged)]
pub enum IntOrPercent {
    Int(i64),
    String(String),
}

fn int_or_string(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
    schemars::json_schema!({
        "x-kubernetes-int-or-string": true,
        "nullable": true
    })
}

/// Where a Manifest's environment comes from: exactly one of `oci` (an
/// artifact kuppet pulls itself) and `sourceRef` (a Flux source whose
/// artifact source-controller already fetched).
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq, Eq, JsonSchema)]
#[serde(rename_all = "camelCase")]
#[schemars(extend("x-kubernetes-validations" = [{
    "rule": "has(self.oci) != has(self.sourceRef)",
    "message": "set exactly one of spec.code.oci and spec.code.sourceRef"
}]))]
pub struct ManifestCode {
    /// The OCI artifact holding the environment (`kuppet push` or `flux
    /// push artifact`). Default: absent (then `sourceRef` is required).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub oci: Option<OciSource>,
    /// A Flux source (GitRepository, OCIRepository, Bucket or
    /// ExternalArtifact), in the shape of a Flux Kustomization's
    /// `sourceRef`: the controller reads its `status.artifact` (url,
    /// digest, revision), downloads the tarball when the revision changes
    /// and verifies its digest, as kustomize-controller does. Default:
    /// absent (then `oci` is required).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub source_ref: Option<FluxSourceRef>,
    /// The environment's root inside the artifact (where `manifests/`,
    /// `environment.conf` and `hiera.yaml` are), relative, without `..`.
    /// Default: `.` (the artifact's root).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub path: Option<String>,
}

/// A reference to a Flux source object, as Flux's own `sourceRef`.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq, Eq, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct FluxSourceRef {
    /// The source's API version. Default: `source.toolkit.fluxcd.io/v1`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub api_version: Option<String>,
    /// The source's kind. Required.
    pub kind: FluxSourceKind,
    /// The source's name. Required.
    pub name: String,
    /// The source's namespace. Default: the Manifest's own (another
    /// namespace is allowed, as Flux allows cross-namespace references).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub namespace: Option<String>,
}

/// The kinds of Flux source a Manifest can take its code from.
#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq, JsonSchema)]
pub enum FluxSourceKind {
    GitRepository,
    #[serde(rename = "OCIRepository")]
    OciRepository,
    Bucket,
    ExternalArtifact,
}

impl FluxSourceKind {
    /// The resource (plural) name of the kind in source.toolkit.fluxcd.io.
    pub fn plural(self) -> &'static str {
        match self {
            FluxSourceKind::GitRepository => "gitrepositories",
            FluxSourceKind::OciRepository => "ocirepositories",
            FluxSourceKind::Bucket => "buckets",
            FluxSourceKind::ExternalArtifact => "externalartifacts",
        }
    }

    /// The kind as Flux spells it.
    pub fn as_str(self) -> &'static str {
        match self {
            FluxSourceKind::GitRepository => "GitRepository",
            FluxSourceKind::OciRepository => "OCIRepository",
            FluxSourceKind::Bucket => "Bucket",
            FluxSourceKind::ExternalArtifact => "ExternalArtifact",
        }
    }
}

/// An OCI artifact, polled by tag or pinned by digest.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq, Eq, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct OciSource {
    /// `oci://registry/repository:tag` (polled every `interval`; the
    /// controller pulls only when the tag's digest changes) or
    /// `oci://registry/repository@sha256:...` (pinned). Required.
    pub url: String,
    /// A Secret of type `kubernetes.io/dockerconfigjson` in the Manifest's
    /// namespace with the registry's pull credentials. Default: absent
    /// (anonymous pulls).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub secret_ref: Option<LocalObjectReference>,
    /// How often the tag is polled, as Flux writes intervals (`30s`, `1m`,
    /// `1h30m`; at least 5s). Default: `1m`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub interval: Option<String>,
    /// Talk plain HTTP to the registry (a registry on loopback in a test),
    /// as Flux's OCIRepository `insecure`. Default: false (HTTPS).
    #[serde(default)]
    pub insecure: bool,
}

/// A reference to an object in the same namespace.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq, Eq, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct LocalObjectReference {
    /// The object's name. Required.
    pub name: String,
}

/// A label query over Nodes, like Kubernetes' `LabelSelector`: every
/// requirement must hold. An empty selector selects every Node.
#[derive(Serialize, Deserialize, Clone, Debug, Default, PartialEq, Eq, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct LabelSelector {
    /// Labels a Node must carry with exactly these values. Default: none.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub match_labels: BTreeMap<String, String>,
    /// Set-based requirements (`In`, `NotIn`, `Exists`, `DoesNotExist`).
    /// Default: none.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub match_expressions: Vec<LabelSelectorRequirement>,
}

/// One set-based requirement of a label selector.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq, Eq, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct LabelSelectorRequirement {
    /// The label key the requirement applies to.
    pub key: String,
    /// `In`, `NotIn`, `Exists` or `DoesNotExist`.
    pub operator: String,
    /// The values for `In` and `NotIn` (non-empty); must be empty for
    /// `Exists` and `DoesNotExist`. Default: empty.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub values: Vec<String>,
}

/// What the controller made of a Manifest, in kstatus form.
#[derive(Serialize, Deserialize, Clone, Debug, Default, PartialEq, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct ManifestStatus {
    /// The `metadata.generation` this status describes.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub observed_generation: Option<i64>,
    /// `Ready`, `Reconciling` and `Stalled`, each with a machine-readable reason.
    #[serde(default)]
    #[schemars(extend("x-kubernetes-list-type" = "map", "x-kubernetes-list-map-keys" = ["type"]))]
    pub conditions: Vec<Condition>,
    /// How many Nodes the selector selects among those running an agent
    /// (that have NodeFacts).
    #[serde(default)]
    pub selected_nodes: i64,
    /// How many of them have a catalog compiled from this generation.
    #[serde(default)]
    pub compiled_nodes: i64,
    /// How many of them applied that catalog without failures.
    #[serde(default)]
    pub applied_nodes: i64,
    /// The Nodes whose catalog holds this generation (the first 100 by name).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub nodes: Vec<String>,
    /// Parse and compile errors, with their location in the source.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub errors: Vec<ManifestError>,
    /// With `spec.code`: the revision of the artifact last fetched or tried
    /// (its `org.opencontainers.image.revision`, else its digest).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub last_attempted_revision: Option<String>,
    /// With `spec.code`: the revision nodes' catalogs are compiled from
    /// (the last one that loaded; a failed revision leaves it unchanged).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub last_applied_revision: Option<String>,
    /// With `spec.code`: the manifest digest (`sha256:...`) of the artifact
    /// of `lastAppliedRevision`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub artifact_digest: Option<String>,
    /// With `spec.rollout`: how far the current generation has reached.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rollout: Option<RolloutStatus>,
}

/// How far a Manifest's rollout has gone.
#[derive(Serialize, Deserialize, Clone, Debug, Default, PartialEq, Eq, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct RolloutStatus {
    /// The generation being rolled out: the first with the current
    /// `spec.source` (a change of `spec.rollout` alone goes on with the
    /// same rollout). Promotions and aborts of an inline source name it.
    pub target_generation: i64,
    /// 16 hex digits of the SHA-256 of that source (with `spec.code`: of
    /// the artifact's digest and `spec.code`). Promotions and aborts of a
    /// Manifest with `spec.code` name it: its generation stays the same
    /// from one revision to the next.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub target_digest: Option<String>,
    /// With `spec.code`: the artifact revision being rolled out.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub target_revision: Option<String>,
    /// `Progressing`, `Paused`, `Halted`, `Aborted` or `Complete`.
    pub phase: String,
    /// The stage being rolled out or paused after (its name).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub current_stage: Option<String>,
    /// Nodes whose catalog holds the target generation.
    pub updated: i64,
    /// Of those, Nodes whose agent applied it without failures.
    pub converged: i64,
    /// Nodes whose run or compile of the target generation failed.
    pub failed: i64,
    /// Nodes not yet reached (they keep the stable generation).
    pub pending: i64,
    /// The failed Nodes (the first 20), each with why.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub failed_nodes: Vec<FailedNode>,
    /// When the current stage's Nodes all converged (a timed pause counts
    /// from then; RFC 3339).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stage_completed_at: Option<String>,
    /// When a Node last converged or the rollout last started (the progress
    /// deadline counts from then; RFC 3339).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub last_progress_at: Option<String>,
    /// The last generation rolled out to every Node: Nodes not reached keep
    /// it. Absent before the first rollout completes (those Nodes get
    /// nothing of this Manifest).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stable_generation: Option<i64>,
    /// The `spec.source` of `stableGeneration`, kept so that a restarted
    /// controller compiles the Nodes not yet reached the same way (only
    /// when it is at most 256 KiB: the object must stay under etcd's limit).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stable_source: Option<String>,
    /// With `spec.code`: the last revision rolled out to every Node, which
    /// the Nodes not reached keep.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stable_revision: Option<String>,
    /// With `spec.code`: the digest of `stableRevision`'s artifact (a
    /// restarted controller pulls it again by this digest).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stable_digest: Option<String>,
    /// With `spec.code`: the digest of `stableRevision`'s content layer (a
    /// restarted controller finds it in its artifact cache by this digest).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stable_layer_digest: Option<String>,
}

/// A Node on which the rollout's target failed.
#[derive(Serialize, Deserialize, Clone, Debug, Default, PartialEq, Eq, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct FailedNode {
    /// The Node.
    pub node: String,
    /// Why: the failed resources of its run, or its compile error.
    pub message: String,
}

/// One parse or compile error of a Manifest.
#[derive(Serialize, Deserialize, Clone, Debug, Default, PartialEq, Eq, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct ManifestError {
    /// The Node whose compile failed; absent for parse errors (every node).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub node: Option<String>,
    /// The error as Puppet words it, with `(file: F, line: L, column: C)`.
    pub message: String,
    /// The file named in the error (`<namespace>/<name>.pp`), when it names one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub file: Option<String>,
    /// The line (1-based), when the error has one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub line: Option<i64>,
    /// The column (1-based), when the error has one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub column: Option<i64>,
}

/// The facts an agent gathered from its host. Cluster-scoped, named after the
/// Node; written by the agent, owned by the Node.
#[derive(CustomResource, Serialize, Deserialize, Clone, Debug, PartialEq, JsonSchema)]
#[kube(
    group = "kuppet.dev",
    version = "v1alpha1",
    kind = "NodeFacts",
    plural = "nodefacts",
    singular = "nodefacts",
    derive = "PartialEq",
    category = "kuppet",
    doc = "Facts gathered from a Node's host by its kuppet agent (name = Node name).",
    printcolumn(name = "OS", type_ = "string", json_path = ".spec.facts.os.name"),
    printcolumn(
        name = "Release",
        type_ = "string",
        json_path = ".spec.facts.os.release.full"
    ),
    printcolumn(name = "Agent", type_ = "string", json_path = ".spec.agentVersion"),
    printcolumn(
        name = "Age",
        type_ = "date",
        json_path = ".metadata.creationTimestamp"
    )
)]
#[serde(rename_all = "camelCase")]
pub struct NodeFactsSpec {
    /// The facts, as Facter names them (`os`, `kernel`, `networking`, ...).
    /// The controller adds `kubernetes` (the Node's labels, nodeInfo and
    /// addresses) when it compiles; a `kubernetes` fact here is replaced.
    /// Default: none.
    #[serde(default)]
    #[schemars(schema_with = "preserve_unknown_object")]
    pub facts: serde_json::Map<String, serde_json::Value>,
    /// The kuppet version of the agent that gathered them. Default: empty.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub agent_version: String,
    /// The node's public seal key: an X25519 public key, base64 (32 bytes).
    /// The agent generates the key pair on its first start and keeps the
    /// secret half in its state dir; the controller seals every `Sensitive`
    /// value of the node's catalog to this key. Default: empty (no key: a
    /// catalog with Sensitive values is not published to the node, reason
    /// `NodeKeyMissing`).
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub seal_key: String,
}

/// A Node's compiled catalog (spec, written by the controller) and what its
/// agent made of it (status, written by the agent). Cluster-scoped, named
/// after the Node, owned by the Node.
#[derive(CustomResource, Serialize, Deserialize, Clone, Debug, PartialEq, JsonSchema)]
#[kube(
    group = "kuppet.dev",
    version = "v1alpha1",
    kind = "NodeCatalog",
    status = "NodeCatalogStatus",
    derive = "PartialEq",
    shortname = "ncat",
    category = "kuppet",
    doc = "A Node's compiled Puppet catalog and the result of its last agent run (name = Node name).",
    printcolumn(
        name = "Ready",
        type_ = "string",
        json_path = ".status.conditions[?(@.type==\"Ready\")].status"
    ),
    printcolumn(
        name = "Outcome",
        type_ = "string",
        json_path = ".status.lastRun.outcome"
    ),
    printcolumn(
        name = "Resources",
        type_ = "integer",
        json_path = ".status.resources.total"
    ),
    printcolumn(
        name = "Changed",
        type_ = "integer",
        json_path = ".status.resources.changed"
    ),
    printcolumn(
        name = "Failed",
        type_ = "integer",
        json_path = ".status.resources.failed"
    ),
    printcolumn(
        name = "Drifted",
        type_ = "string",
        priority = 1,
        json_path = ".status.conditions[?(@.type==\"Drifted\")].status"
    ),
    printcolumn(
        name = "Digest",
        type_ = "string",
        priority = 1,
        json_path = ".spec.digest"
    ),
    printcolumn(name = "Last Run", type_ = "date", json_path = ".status.lastRun.time"),
    printcolumn(
        name = "Age",
        type_ = "date",
        json_path = ".metadata.creationTimestamp"
    )
)]
#[serde(rename_all = "camelCase")]
pub struct NodeCatalogSpec {
    /// `sha256:<hex>` of the catalog's canonical JSON and `noop`: the agent
    /// applies when it changes and reports the digest it applied. Required.
    pub digest: String,
    /// Apply the whole catalog in noop mode (every Manifest selecting the node
    /// is noop). Default: false.
    #[serde(default)]
    pub noop: bool,
    /// The Manifests compiled into this catalog, with the generation of each.
    /// Default: none.
    #[serde(default)]
    pub sources: Vec<CatalogSource>,
    /// The catalog in Puppet's catalog JSON (format 2), when it is small enough
    /// to store as is. Default: absent when `compressedCatalog` holds it;
    /// exactly one of the two is set.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(schema_with = "preserve_unknown_object_opt")]
    pub catalog: Option<serde_json::Value>,
    /// The catalog JSON gzip-compressed and base64-encoded, used instead of
    /// `catalog` when the catalog is large (an object must stay under 1 MiB)
    /// or holds numbers the API server would rewrite (floats). Default:
    /// absent when `catalog` holds it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub compressed_catalog: Option<String>,
    /// The files the catalog's `puppet:///modules/` sources name, when it
    /// was compiled from an environment (`spec.code`): a tar+gzip laid out
    /// as a modulepath directory, base64-encoded; the agent serves those
    /// URLs from it. Part of `digest`. Default: absent (no such sources).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub files: Option<String>,
    /// The files of those sources too large to travel in `files`: the agent
    /// fetches each by its checksum from the controller's content endpoint
    /// (which serves a node only the content its own catalog lists here) and
    /// checks it before use. Part of `digest`. Default: none.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub content: Vec<ContentRef>,
}

/// One file of a catalog's `puppet:///modules/` sources fetched by checksum.
#[derive(
    Serialize, Deserialize, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, JsonSchema,
)]
#[serde(rename_all = "camelCase")]
pub struct ContentRef {
    /// Where the file lies in the modulepath layout of `files`
    /// (`MODULE/files/PATH`).
    pub path: String,
    /// The SHA-256 of its content, lowercase hex.
    pub sha256: String,
    /// Its size in bytes.
    pub size: u64,
    /// Its permission bits (as in the environment).
    pub mode: u32,
}

/// One Manifest that went into a catalog.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq, Eq, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct CatalogSource {
    /// The Manifest's namespace.
    pub namespace: String,
    /// The Manifest's name.
    pub name: String,
    /// The Manifest's `metadata.generation` that was compiled.
    pub generation: i64,
    /// Whether its top-level statements applied to this node (it selects it).
    #[serde(default)]
    pub selected: bool,
    /// With `spec.code`: the artifact revision the catalog was compiled
    /// from. Default: absent (inline source).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub revision: Option<String>,
}

/// What the node's agent made of the catalog, in kstatus form.
#[derive(Serialize, Deserialize, Clone, Debug, Default, PartialEq, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct NodeCatalogStatus {
    /// The `metadata.generation` of the spec the last run applied.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub observed_generation: Option<i64>,
    /// `Ready`, `Reconciling`, `Stalled`, `Drifted` and `Degraded`.
    #[serde(default)]
    #[schemars(extend("x-kubernetes-list-type" = "map", "x-kubernetes-list-map-keys" = ["type"]))]
    pub conditions: Vec<Condition>,
    /// The last run.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub last_run: Option<LastRun>,
    /// The resource counts of the last run.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub resources: Option<ResourceCounts>,
    /// The resources that failed in the last run (the first 20), each with
    /// why and how many resources were skipped because of it.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub failed_resources: Vec<FailedResource>,
}

/// When and how the last run went.
#[derive(Serialize, Deserialize, Clone, Debug, Default, PartialEq, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct LastRun {
    /// When the run started (RFC 3339).
    pub time: String,
    /// How long it took, in seconds.
    pub duration_seconds: f64,
    /// The `spec.digest` of the catalog applied.
    pub digest: String,
    /// `Unchanged`, `Changed`, `Drifted` (noop found differences) or `Failed`.
    pub outcome: String,
    /// Whether the run was in noop mode.
    #[serde(default)]
    pub noop: bool,
    /// Whether the catalog came from the agent's on-disk cache because the
    /// API server could not be reached.
    #[serde(default)]
    pub from_cache: bool,
    /// The kuppet version of the agent.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub agent_version: String,
}

/// Resource counts of a run, as Puppet's report metrics name them.
#[derive(Serialize, Deserialize, Clone, Debug, Default, PartialEq, Eq, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct ResourceCounts {
    /// Resources in the catalog run.
    pub total: i64,
    /// Changed by the run.
    pub changed: i64,
    /// Failed to change.
    pub failed: i64,
    /// Skipped because a dependency failed.
    pub skipped: i64,
    /// Differed from the catalog (changed, or would have in noop).
    pub out_of_sync: i64,
}

/// A resource that failed, and the damage it did.
#[derive(Serialize, Deserialize, Clone, Debug, Default, PartialEq, Eq, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct FailedResource {
    /// The resource reference, `Type[title]`.
    pub resource: String,
    /// Why it failed.
    pub message: String,
    /// Where it was declared, `file:line`, when known.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub source: Option<String>,
    /// How many resources were skipped because this one failed.
    #[serde(default)]
    pub skipped_dependents: i64,
}

/// A free-form object that one writer always sets whole (facts, a
/// catalog): atomic for server-side apply, so that the API server tracks
/// one field, not every key inside it, on each write.
fn preserve_unknown_object(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
    schemars::json_schema!({
        "type": "object",
        "x-kubernetes-preserve-unknown-fields": true,
        "x-kubernetes-map-type": "atomic"
    })
}

fn preserve_unknown_object_opt(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
    schemars::json_schema!({
        "type": "object",
        "nullable": true,
        "x-kubernetes-preserve-unknown-fields": true,
        "x-kubernetes-map-type": "atomic"
    })
}

/// What the Manifests of some namespaces may configure: an admin-owned,
/// cluster-scoped policy. A Manifest configures a Node only when a grant
/// naming its namespace selects that Node; every resource its code declares
/// there must fit one such grant's `resourceTypes` and `pathPrefixes`, or
/// the catalog is refused (`Stalled`, reason `GrantExceeded`, naming the
/// grant and rule) and no node receives that Manifest.
#[derive(CustomResource, Serialize, Deserialize, Clone, Debug, PartialEq, JsonSchema)]
#[kube(
    group = "kuppet.dev",
    version = "v1alpha1",
    kind = "ManifestGrant",
    derive = "PartialEq",
    shortname = "mgrant",
    category = "kuppet",
    doc = "Which Nodes the Manifests of some namespaces may configure, and with which resources.",
    printcolumn(name = "Namespaces", type_ = "string", json_path = ".spec.namespaces"),
    printcolumn(name = "Nodes", type_ = "string", json_path = ".spec.nodeSelector"),
    printcolumn(name = "Types", type_ = "string", json_path = ".spec.resourceTypes"),
    printcolumn(name = "Paths", type_ = "string", json_path = ".spec.pathPrefixes"),
    printcolumn(
        name = "Shared",
        type_ = "boolean",
        json_path = ".spec.shareDefinitions"
    ),
    printcolumn(
        name = "Age",
        type_ = "date",
        json_path = ".metadata.creationTimestamp"
    )
)]
#[serde(rename_all = "camelCase")]
pub struct ManifestGrantSpec {
    /// The namespaces whose Manifests this grant applies to, by exact name.
    /// Required; empty grants nothing.
    pub namespaces: Vec<String>,
    /// The Nodes those Manifests may configure, by their labels. Default
    /// (absent or `{}`): every Node.
    #[serde(default)]
    pub node_selector: LabelSelector,
    /// The resource types those Manifests may declare, lower case (`file`,
    /// `package`, `service`, ...). Classes and defined types are not
    /// restricted (the resources inside them are). Default (empty): every type.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub resource_types: Vec<String>,
    /// The Kubernetes Secrets of these namespaces that their Manifests may
    /// read with `kuppet::secret('name', 'key')`, by name or glob (`*` any
    /// run of characters, `?` one): the controller reads each from the
    /// Manifest's own namespace and seals the value to the node. Default
    /// (empty): none.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub secrets: Vec<String>,
    /// Absolute directories under which `file` and `tidy` resources may
    /// manage paths (the directory itself included; `..` is refused).
    /// Default (empty): any path.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub path_prefixes: Vec<String>,
    /// Whether the classes and defined types declared in these namespaces'
    /// Manifests are visible to the Manifests of every namespace (a shared
    /// library: their resources still answer to this grant). Default: false
    /// (visible to the namespace's own Manifests only).
    #[serde(default)]
    pub share_definitions: bool,
}

/// The CRDs, in the order they are printed.
pub fn crds() -> Vec<CustomResourceDefinition> {
    vec![
        Manifest::crd(),
        NodeFacts::crd(),
        NodeCatalog::crd(),
        ManifestGrant::crd(),
    ]
}

/// The CRDs as one multi-document YAML stream: what `kuppet crds` prints and
/// `crds/kuppet.dev.yaml` holds.
pub fn crds_yaml() -> Result<String, serde_yaml::Error> {
    let mut out = String::from(
        "# Generated by `kuppet crds`; do not edit. Regenerate with:\n\
         #   manifests/render.sh (also updates the chart and manifests/install.yaml)\n",
    );
    for crd in crds() {
        out.push_str("---\n");
        out.push_str(&serde_yaml::to_string(&crd)?);
    }
    Ok(out)
}
