//! Resources generated while the run walks (Puppet's `eval_generate`): when
//! the walk reaches a recursive `file`, before evaluating it, its children
//! are made, given providers, and spliced into the graph right after it; a
//! `tidy` likewise makes the `file` resources that remove what it selects,
//! and a `resources` resource with `purge` the resources that remove the
//! unmanaged instances of its type, and a purging `firewallchain` the
//! `firewall` resources that remove its unmanaged rules (all when the run
//! begins, Puppet's `generate`).

use super::Run;
use kuppet_catalog::graph::{VertexKind, Walk, normalize_path};
use kuppet_resources::file::recurse;
use kuppet_resources::{self as resources, Level, firewall, purge, tidy};
use std::collections::{HashMap, HashSet};

impl Run<'_> {
    /// Tidies make their files before the walk starts (Puppet's `generate`,
    /// run for every resource when the transaction begins).
    pub(super) fn generate_tidies(&mut self, walk: &mut Walk) {
        let tidies: Vec<usize> = (0..self.graph.len())
            .filter(|&v| match self.graph.vertex(v).kind {
                VertexKind::Resource(i) => {
                    matches!(
                        self.resource(i).type_name.as_str(),
                        "Tidy" | "Resources" | "Firewallchain"
                    )
                }
                _ => false,
            })
            .collect();
        for v in tidies {
            self.generate_at(v, walk, true);
        }
    }

    /// Generates the children of the recursive file at vertex `v`, if it
    /// makes any, and adds them to the graph and the walk.
    pub(super) fn eval_generate(&mut self, v: usize, walk: &mut Walk) {
        self.concat_content(v);
        self.generate_at(v, walk, false);
    }

    /// A concat_file gives its file the content of its fragments (Puppet's
    /// `eval_generate`); when that fails the file is left without content.
    fn concat_content(&mut self, v: usize) {
        let VertexKind::Resource(i) = self.graph.vertex(v).kind else {
            return;
        };
        let Some(&file) = self.concat_files.get(&i) else {
            return;
        };
        let result = resources::concat::content(self.resource(i), self.catalog, &self.host)
            .and_then(|content| {
                resources::file::File::with_content(self.resource(file), content)
                    .map_err(|e| e.to_string())
            });
        match result {
            Ok(provider) => self.providers[file] = Some(Box::new(provider)),
            Err(e) => {
                let message =
                    format!("Failed to generate additional resources using 'eval_generate': {e}");
                self.log(Level::Err, self.paths[i].clone(), Some(i), message);
            }
        }
    }

    fn generate_at(&mut self, v: usize, walk: &mut Walk, tidies: bool) {
        let VertexKind::Resource(i) = self.graph.vertex(v).kind else {
            return;
        };
        let parent = self.resource(i);
        let tidy = parent.type_name == "Tidy";
        let chain_purge = parent.type_name == "Firewallchain";
        let purging = parent.type_name == "Resources" || chain_purge;
        if (tidy || purging) != tidies
            || (!tidy
                && !purging
                && (parent.type_name != "File"
                    || matches!(
                        recurse::Recurse::of(parent),
                        None | Some(recurse::Recurse::No)
                    )))
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
        let generated = if chain_purge {
            let catalog = self.catalog;
            let managed = |name: &str| {
                catalog.resources.iter().any(|r| {
                    r.type_name == "Firewall"
                        && (r.title == name || r.param_str("name") == Some(name))
                })
            };
            firewall::generate(parent, &self.host, &managed).map(|made| {
                made.into_iter()
                    .map(|resource| recurse::Child {
                        resource,
                        ancestor: None,
                    })
                    .collect::<Vec<_>>()
            })
        } else if purging {
            let catalog = self.catalog;
            let managed = |ty: &str, name: &str| {
                catalog.resources.iter().any(|r| {
                    r.type_name == ty && (r.title == name || r.param_str("name") == Some(name))
                })
            };
            purge::generate(parent, &self.host, &managed).map(|made| {
                made.into_iter()
                    .map(|resource| recurse::Child {
                        resource,
                        ancestor: None,
                    })
                    .collect::<Vec<_>>()
            })
        } else if tidy {
            let now = std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(0, |d| d.as_secs() as i64);
            tidy::generate(parent, &self.host, &|p| managed.contains(p), now).map(|files| {
                files
                    .into_iter()
                    .map(|resource| recurse::Child {
                        resource,
                        ancestor: None,
                    })
                    .collect::<Vec<_>>()
            })
        } else {
            recurse::generate(parent, &self.host, &|p| managed.contains(p))
        };
        let children = match generated {
            Ok(c) => c,
            Err(e) => {
                let how = if tidies { "generate" } else { "eval_generate" };
                let message = format!("Failed to generate additional resources using '{how}': {e}");
                self.log(Level::Err, self.paths[i].clone(), Some(i), message);
                return;
            }
        };
        if children.is_empty() {
            return;
        }
        let anchor_name = parent.title.clone();
        if tidy {
            let message = format!("Tidying {} files", children.len());
            self.log(Level::Notice, self.paths[i].clone(), Some(i), message);
        }
        let container_path = self.containment[i][..self.containment[i].len() - 1].to_vec();
        let first = self.catalog.resources.len() + self.generated.len();
        let mut spliced = Vec::with_capacity(children.len());
        for (k, child) in children.into_iter().enumerate() {
            let index = first + k;
            let reference = child.resource.reference();
            let provider = match kuppet_resources::provider_for(&child.resource) {
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
        if purging && let Some((&anchor, made)) = added.split_last() {
            // Puppet's `generate`: the resources signal their container
            // themselves, not through an anchor of the generator.
            self.graph.bypass_anchor_events(anchor, made);
        }
        if tidy && let Some((&anchor, files)) = added.split_last() {
            self.graph.bypass_anchor_events(anchor, files);
            self.graph.detach_from_generator(v, files);
            // A tidied file autorequires the catalog's file of its nearest
            // managed ancestor directory.
            let catalog_files: HashMap<String, usize> = self
                .catalog
                .resources
                .iter()
                .enumerate()
                .filter(|(_, c)| c.type_name == "File")
                .map(|(k, c)| (normalize_path(c.param_str("path").unwrap_or(&c.title)), k))
                .collect();
            for &f in files {
                let VertexKind::Resource(r) = self.graph.vertex(f).kind else {
                    continue;
                };
                let path = self.resource(r).title.clone();
                let mut dir = std::path::Path::new(&path).parent();
                while let Some(d) = dir {
                    let found = catalog_files.get(d.to_string_lossy().as_ref()).copied();
                    if let Some(vd) = found.and_then(|i| self.graph.vertex_of(i)) {
                        // Not when the directory waits for the tidy: Puppet
                        // leaves out an autorequire that would make a cycle.
                        if !self.graph.reaches(f, vd) {
                            self.graph.add_generated_dependency(vd, f);
                        }
                        break;
                    }
                    dir = d.parent();
                }
            }
        }
        self.state
            .resize(self.graph.len(), super::VertexState::default());
        walk.grow(&self.graph, &added);
        if tidy {
            walk.wait_for(v, added.len() - 1);
        }
    }
}
