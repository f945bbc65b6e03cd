//! What the planner remembers of rollouts: each rollout's gate (the Nodes
//! it admitted to its target) and each Manifest's stable version (what
//! the Nodes not reached compile: a generation of an inline source, or a
//! revision of `spec.code`), and which version of a Manifest a node's
//! compile takes.

use super::{ManifestKey, Planner, key_of, rollout, source_path};
use crate::k8s::controller::code::Loaded;
use crate::k8s::crd::{Manifest, NodeCatalog};
use kuppet_syntax as syntax;
use std::collections::HashSet;
use std::sync::Arc;

/// The Nodes a rollout lets hold a generation.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Gate {
    /// The rollout's target generation ([`rollout::Target`]).
    pub generation: i64,
    /// The target's [`rollout::source_digest`].
    pub digest: String,
    pub admitted: HashSet<String>,
    /// The rollout status of the decision that made this gate: the next
    /// decision starts from it (the Manifest in the watch cache may not
    /// show it yet).
    pub status: Option<crate::k8s::crd::RolloutStatus>,
}

/// A Manifest's last generation rolled out to every Node.
#[derive(Clone)]
pub struct Stable {
    pub generation: i64,
    pub source: String,
    pub parsed: Arc<syntax::Manifest>,
}

/// A Manifest's last revision of `spec.code` rolled out to every Node.
#[derive(Debug, Clone)]
pub struct StableCode {
    /// The Manifest's generation when it was recorded.
    pub generation: i64,
    pub loaded: Loaded,
}

/// Which version of a Manifest a node's compile takes.
pub(super) enum Version {
    /// The current generation (no rollout, or the rollout reached the node).
    Current,
    /// The stable generation: the rollout has not reached the node.
    Stable(i64, Arc<syntax::Manifest>),
    /// With `spec.code`: the stable revision.
    StableCode(Box<StableCode>),
    /// Nothing: not reached, and no generation was ever rolled out.
    Nothing,
    /// Not reached, and the stable version is known to exist but this
    /// controller does not have it (restarted, and its source was too large
    /// for the status or its artifact is gone): the node keeps the catalog
    /// it holds until the rollout reaches it.
    Hold,
}

impl Planner {
    /// Records a rollout's admitted Nodes; gives the Nodes whose
    /// admission changed (to compile again).
    pub fn set_gate(&self, key: ManifestKey, gate: Gate) -> Vec<String> {
        let Ok(mut gates) = self.gates.lock() else {
            return Vec::new();
        };
        let old = gates.get(&key).cloned().unwrap_or_default();
        let mut changed: Vec<String> =
            if (old.generation, &old.digest) != (gate.generation, &gate.digest) {
                old.admitted.union(&gate.admitted).cloned().collect()
            } else {
                old.admitted
                    .symmetric_difference(&gate.admitted)
                    .cloned()
                    .collect()
            };
        changed.sort();
        gates.insert(key, gate);
        changed
    }

    /// The rollout gate of the Manifest `key`, if its status pass ran.
    pub fn gate(&self, key: &ManifestKey) -> Option<Gate> {
        self.gates.lock().ok()?.get(key).cloned()
    }

    /// The stable generation of a Manifest: the one recorded, else the one
    /// its status kept (a restarted controller).
    pub fn stable(&self, m: &Manifest) -> Option<Stable> {
        let key = key_of(m);
        if let Some(s) = self.stable.lock().ok()?.get(&key) {
            return Some(s.clone());
        }
        let kept = m.status.as_ref()?.rollout.as_ref()?;
        let (generation, source) = (kept.stable_generation?, kept.stable_source.clone()?);
        self.record_stable(m, generation, &source)
    }

    /// Records `source` at `generation` as the Manifest's stable generation
    /// (when it parses); gives it back.
    pub fn record_stable(&self, m: &Manifest, generation: i64, source: &str) -> Option<Stable> {
        let key = key_of(m);
        if let Some(s) = self.stable.lock().ok()?.get(&key)
            && s.generation == generation
            && s.source == source
        {
            return Some(s.clone());
        }
        let parsed = if m.metadata.generation == Some(generation) && m.spec.source == source {
            self.parsed(m).usable.filter(|(g, _)| *g == generation)?.1
        } else {
            Arc::new((self.parse)(&source_path(&key.0, &key.1), source).ok()?)
        };
        let stable = Stable {
            generation,
            source: source.to_string(),
            parsed,
        };
        self.stable.lock().ok()?.insert(key, stable.clone());
        Some(stable)
    }

    /// The stable revision of a Manifest with `spec.code`, if this
    /// controller has it.
    pub fn stable_code(&self, key: &ManifestKey) -> Option<StableCode> {
        self.stable_code.lock().ok()?.get(key).cloned()
    }

    /// Records `loaded` as the stable revision of the Manifest `m`.
    pub fn record_stable_code(&self, m: &Manifest, loaded: &Loaded) {
        let generation = m.metadata.generation.unwrap_or(0);
        if let Ok(mut s) = self.stable_code.lock() {
            let same = s
                .get(&key_of(m))
                .is_some_and(|old| old.loaded.digest == loaded.digest);
            if !same {
                s.insert(
                    key_of(m),
                    StableCode {
                        generation,
                        loaded: loaded.clone(),
                    },
                );
            }
        }
    }

    /// The stable revisions' content layers (the artifact cache keeps them).
    pub(super) fn stable_layer_digests(&self) -> Vec<String> {
        self.stable_code
            .lock()
            .map(|s| s.values().map(|c| c.loaded.layer_digest.clone()).collect())
            .unwrap_or_default()
    }

    /// Forgets the rollouts of Manifests that are gone.
    pub fn retain_rollouts(&self, keep: &HashSet<ManifestKey>) {
        if let Ok(mut g) = self.gates.lock() {
            g.retain(|k, _| keep.contains(k));
        }
        if let Ok(mut s) = self.stable.lock() {
            s.retain(|k, _| keep.contains(k));
        }
        if let Ok(mut s) = self.stable_code.lock() {
            s.retain(|k, _| keep.contains(k));
        }
    }

    /// Whether the rollout of `target` reached `node`: its gate admitted
    /// it, or, before the first gate, the node's catalog holds the target.
    fn reached(
        &self,
        key: &ManifestKey,
        target: &rollout::Target,
        node: &str,
        current: Option<&NodeCatalog>,
    ) -> bool {
        match self.gate(key).filter(|g| target.gate_is_for(g)) {
            Some(g) => g.admitted.contains(node),
            None => current.is_some_and(|c| {
                c.spec
                    .sources
                    .iter()
                    .any(|s| s.namespace == key.0 && s.name == key.1 && target.holds_source(s))
            }),
        }
    }

    /// Which revision of the Manifest `m` (with `spec.code`, whose last
    /// revision that loaded is `loaded`) the compile of `node` takes.
    pub(super) fn code_version_for(
        &self,
        m: &Manifest,
        loaded: &Loaded,
        node: &str,
        current: Option<&NodeCatalog>,
    ) -> Version {
        if m.spec.rollout.is_none() {
            return Version::Current;
        }
        let key = key_of(m);
        let stable = self.stable_code(&key);
        if stable
            .as_ref()
            .is_some_and(|s| s.loaded.digest == loaded.digest)
        {
            return Version::Current;
        }
        let target = rollout::target(m, self.gate(&key).as_ref(), Some(loaded));
        if self.reached(&key, &target, node, current) {
            return Version::Current;
        }
        match stable {
            Some(s) => Version::StableCode(Box::new(s)),
            None if kept_stable(m).is_some_and(|k| k.stable_digest.is_some()) => Version::Hold,
            None => Version::Nothing,
        }
    }

    /// Which version of `m` the compile of `node` takes: a rollout's
    /// current generation only where it reached the node (its gate, or,
    /// before the first gate, where the node's catalog holds it already).
    pub(super) fn version_for(
        &self,
        m: &Manifest,
        node: &str,
        current: Option<&NodeCatalog>,
    ) -> Version {
        if m.spec.rollout.is_none() || m.spec.code.is_some() {
            return Version::Current;
        }
        let key = key_of(m);
        let stable = self.stable(m);
        if stable.as_ref().is_some_and(|s| s.source == m.spec.source) {
            return Version::Current;
        }
        let target = rollout::target(m, self.gate(&key).as_ref(), None);
        if self.reached(&key, &target, node, current) {
            return Version::Current;
        }
        match stable {
            Some(s) => Version::Stable(s.generation, s.parsed),
            None if kept_stable(m).is_some_and(|k| k.stable_generation.is_some()) => Version::Hold,
            None => Version::Nothing,
        }
    }
}

/// The rollout status a Manifest's status keeps.
fn kept_stable(m: &Manifest) -> Option<&crate::k8s::crd::RolloutStatus> {
    m.status.as_ref()?.rollout.as_ref()
}
