//! Resources generated while the run walks (Puppet's `eval_generate`): when
//! the walk reaches a recursive `file`, before evaluating it, its children
//! are made, given providers, and spliced into the graph right after it.

use super::Run;
use crate::catalog::graph::{VertexKind, Walk, normalize_path};
use crate::resources::file::recurse;
use crate::resources::{self, Level};
use std::collections::HashSet;

impl Run<'_> {
    /// Generates the children of the resource at vertex `v`, if it makes
    /// any, and adds them to the graph and the walk.
    pub(super) fn eval_generate(&mut self, v: usize, walk: &mut Walk) {
        let VertexKind::Resource(i) = self.graph.vertex(v).kind else {
            return;
        };
        let parent = self.resource(i);
        if parent.type_name != "File"
            || matches!(
                recurse::Recurse::of(parent),
                None | Some(recurse::Recurse::No)
            )
        {
            return;
        }
        let managed: HashSet<String> = self
            .catalog
            .resources
            .iter()
            .chain(&self.generated)
            .filter(|r| r.type_name == "File")
            .map(|r| normalize_path(r.param_str("path").unwrap_or(&r.title)))
            .collect();
        let children = match recurse::generate(parent, &self.host, &|p| managed.contains(p)) {
            Ok(c) => c,
            Err(e) => {
                let message =
                    format!("Failed to generate additional resources using 'eval_generate': {e}");
                self.log(Level::Err, self.paths[i].clone(), Some(i), message);
                return;
            }
        };
        if children.is_empty() {
            return;
        }
        let anchor_name = parent.title.clone();
        let container_path = self.containment[i][..self.containment[i].len() - 1].to_vec();
        let first = self.catalog.resources.len() + self.generated.len();
        let mut spliced = Vec::with_capacity(children.len());
        for (k, child) in children.into_iter().enumerate() {
            let index = first + k;
            let reference = child.resource.reference();
            let provider = match resources::provider_for(&child.resource) {
                Ok(p) => Some(p),
                Err(e) => {
                    self.log(Level::Err, "Puppet".into(), None, e.to_string());
                    None
                }
            };
            let mut containment = container_path.clone();
            containment.push(reference.clone());
            self.paths.push(format!("/{}", containment.join("/")));
            self.containment.push(containment);
            self.providers.push(provider);
            self.generated.push(child.resource);
            spliced.push((index, reference, child.ancestor));
        }
        let added = self.graph.add_generated(v, &anchor_name, &spliced);
        self.state
            .resize(self.graph.len(), super::VertexState::default());
        walk.grow(&self.graph, &added);
    }
}
