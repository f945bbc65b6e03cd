//! The run graph: containment, relationships and auto-relationships in one
//! graph, ordered like Puppet (`ordering = manifest`); cycles reported whole.
//!
//! Built the way Puppet builds its relationship graph, so that the order of a
//! run, the cycles found and the words used to report them are Puppet's:
//!
//! 1. every resource of the catalog is a vertex, its priority its position in
//!    the catalog;
//! 2. the relationship metaparameters (`require`, `subscribe`, `before`,
//!    `notify`) become edges, those of `subscribe`/`notify` carrying refresh;
//! 3. the auto-relationships the resource types ask for (a file requires its
//!    parent directory...) become edges unless an edge already joins the pair;
//! 4. every container (class, defined type, stage, node) is replaced by two
//!    anchors, *admissible* and *completed*, that take the container's
//!    priority: its contents come after the first and before the second, and
//!    relationships to or from the container attach to them.
//!
//! The walk ([`Walk`]) hands out, among the vertices whose dependencies are
//! done, the one with the lowest priority: the one declared first.

use super::{Catalog, RELATIONSHIP_PARAMS, Resource, split_reference};
use indexmap::{IndexMap, IndexSet};
use std::cmp::Reverse;
use std::collections::{BinaryHeap, HashMap};
use std::fmt::Write as _;

/// The resource types Puppet implements natively (not containers), whether
/// kuppet has a provider for them or not.
const NATIVE_TYPES: &[&str] = &[
    "Anchor",
    "Augeas",
    "Computer",
    "Cron",
    "Exec",
    "File",
    "Filebucket",
    "Group",
    "Host",
    "Interface",
    "K5login",
    "Macauthorization",
    "Mailalias",
    "Maillist",
    "Mcx",
    "Mount",
    "Notify",
    "Package",
    "Resources",
    "Router",
    "Schedule",
    "Scheduled_task",
    "Selboolean",
    "Selmodule",
    "Service",
    "Ssh_authorized_key",
    "Sshkey",
    "Tidy",
    "User",
    "Vlan",
    "Yumrepo",
    "Zfs",
    "Zone",
    "Zpool",
];

/// Whether a catalog resource is a container (class, defined type, stage or
/// node) rather than a resource a provider manages.
pub fn is_container(resource: &Resource) -> bool {
    match resource.type_name.as_str() {
        "Class" | "Stage" | "Node" => return true,
        _ => {}
    }
    match resource.kind.as_deref() {
        Some("defined_type") => true,
        Some("compilable_type") => false,
        _ => !NATIVE_TYPES.contains(&resource.type_name.as_str()),
    }
}

/// Capitalizes each `::` segment: `foo::bar` → `Foo::Bar`.
pub fn capitalize_segments(name: &str) -> String {
    let mut out = String::with_capacity(name.len());
    // At the start of a segment: the name's start or just after a `::`.
    let mut start = true;
    let mut rest = name;
    while let Some(c) = rest.chars().next() {
        if let Some(after) = rest.strip_prefix("::") {
            out.push_str("::");
            rest = after;
            start = true;
            continue;
        }
        if start {
            out.extend(c.to_uppercase());
            start = false;
        } else {
            out.push(c);
        }
        rest = &rest[c.len_utf8()..];
    }
    out
}

/// The canonical form of a reference, as Puppet prints it once the catalog
/// is converted for a run: the type capitalized, a class's title too
/// (`Class[main]` → `Class[Main]`).
pub(crate) fn canonical_reference(reference: &str) -> String {
    match split_reference(reference) {
        Some((ty, title)) => canonical_pair(ty, title),
        None => reference.to_string(),
    }
}

pub(crate) fn canonical_pair(ty: &str, title: &str) -> String {
    let ty = capitalize_segments(ty);
    if ty == "Class" {
        format!("Class[{}]", capitalize_segments(title))
    } else {
        format!("{ty}[{title}]")
    }
}

/// A file path as Puppet compares them (Ruby's `File.expand_path` on an
/// absolute path): repeated slashes collapsed, `.` and `..` resolved, no
/// trailing slash. Relative paths only lose repeated and trailing slashes.
pub fn normalize_path(path: &str) -> String {
    if !path.starts_with('/') {
        let parts: Vec<&str> = path.split('/').filter(|p| !p.is_empty()).collect();
        return parts.join("/");
    }
    let mut parts: Vec<&str> = Vec::new();
    for part in path.split('/') {
        match part {
            "" | "." => {}
            ".." => {
                parts.pop();
            }
            p => parts.push(p),
        }
    }
    format!("/{}", parts.join("/"))
}

/// A resource a type asks to be ordered before one of its own (Puppet's
/// `autorequire`): found by type and by title or name, ignored when absent.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AutoRequire {
    /// Capitalized type name (`File`, `User`).
    pub type_name: String,
    /// Titles or names (a file's path) to look for: the first one the
    /// catalog holds is required (a file's nearest managed parent).
    pub candidates: Vec<String>,
}

impl AutoRequire {
    /// Requires the resource of this type and name, if managed.
    pub fn new(type_name: &str, name: impl Into<String>) -> AutoRequire {
        AutoRequire {
            type_name: type_name.to_string(),
            candidates: vec![name.into()],
        }
    }

    /// Requires the first of these the catalog manages.
    pub fn first_of(type_name: &str, names: Vec<String>) -> AutoRequire {
        AutoRequire {
            type_name: type_name.to_string(),
            candidates: names,
        }
    }
}

/// Why the graph could not be built.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum GraphError {
    /// A relationship names a resource the catalog does not hold.
    #[error("Could not retrieve dependency '{reference}' of {of}")]
    MissingDependency { reference: String, of: String },
}

/// What one vertex of the run graph stands for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum VertexKind {
    /// A resource a provider manages: its index in `catalog.resources`.
    Resource(usize),
    /// The anchor before a container's contents (index of the container).
    Admissible(usize),
    /// The anchor after a container's contents (index of the container).
    Completed(usize),
}

/// One vertex of the run graph.
#[derive(Debug, Clone)]
pub struct Vertex {
    pub kind: VertexKind,
    /// How Puppet names it in messages: `File[/x]`, and for anchors the
    /// container's reference (`Class[Main]`).
    pub name: String,
    /// Puppet's sort key for cycles (`Type[title]`, anchors `Whit[...]`).
    sort_key: String,
    /// Catalog position, then the rank among what that position generated
    /// (a container's completed anchor, the children of a recursive file).
    priority: (usize, u32),
}

/// An edge's label: whether events travelling along it trigger a refresh
/// (`notify`, `subscribe`, `~>`, containment) or it only orders.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Label {
    pub refresh: bool,
}

const ORDER: Label = Label { refresh: false };
const REFRESH: Label = Label { refresh: true };

/// A graph under construction with Puppet's `SimpleGraph` semantics: edge
/// lists kept in insertion order, several edges allowed between two vertices.
#[derive(Debug, Clone, Default)]
struct Builder {
    names: Vec<String>,
    vertices: IndexSet<usize>,
    out_from: Vec<IndexMap<usize, Vec<Label>>>,
    in_to: Vec<IndexMap<usize, Vec<Label>>>,
}

impl Builder {
    fn add_vertex(&mut self, name: String) -> usize {
        let id = self.names.len();
        self.names.push(name);
        self.out_from.push(IndexMap::new());
        self.in_to.push(IndexMap::new());
        self.vertices.insert(id);
        id
    }

    fn add_edge(&mut self, from: usize, to: usize, label: Label) {
        self.out_from[from].entry(to).or_default().push(label);
        self.in_to[to].entry(from).or_default().push(label);
    }

    fn edge(&self, from: usize, to: usize) -> bool {
        self.out_from[from].contains_key(&to)
    }

    /// Removes a vertex and every edge touching it.
    fn remove_vertex(&mut self, v: usize) {
        let outs: Vec<usize> = self.out_from[v].keys().copied().collect();
        for t in outs {
            self.in_to[t].shift_remove(&v);
        }
        let ins: Vec<usize> = self.in_to[v].keys().copied().collect();
        for s in ins {
            self.out_from[s].shift_remove(&v);
        }
        self.out_from[v].clear();
        self.in_to[v].clear();
        self.vertices.shift_remove(&v);
    }

    /// Every edge as (from, to, label), vertices in insertion order.
    fn edges(&self) -> Vec<(usize, usize, Label)> {
        let mut out = Vec::new();
        for &v in &self.vertices {
            for (&t, labels) in &self.out_from[v] {
                for &l in labels {
                    out.push((v, t, l));
                }
            }
        }
        out
    }

    fn to_dot(&self, name: &str) -> String {
        let mut s = format!("digraph {name} {{\n    label = \"{name}\"\n");
        for &v in &self.vertices {
            let n = dot_escape(&self.names[v]);
            let _ = writeln!(
                s,
                "    \"{n}\" [\n        fontsize = 8,\n        label = \"{n}\"\n    ]"
            );
        }
        for (from, to, label) in self.edges() {
            let _ = write!(
                s,
                "    \"{}\" -> \"{}\" [\n        fontsize = 8",
                dot_escape(&self.names[from]),
                dot_escape(&self.names[to])
            );
            if label.refresh {
                s.push_str(",\n        label = \"{:callback=>:refresh, :event=>:ALL_EVENTS}\"");
            }
            s.push_str("\n    ]\n");
        }
        s.push_str("}\n");
        s
    }
}

/// How Puppet names a container's anchor (`Whit[Admissible_class[Main]]`).
fn whit_ref(prefix: &str, container: &str) -> String {
    let (ty, title) = split_reference(container).unwrap_or((container, ""));
    let mut segments = ty.split("::");
    let first = format!("{prefix}_{}", segments.next().unwrap_or("").to_lowercase());
    let mut out = capitalize_segments(&first);
    for seg in segments {
        out.push_str("::");
        out.push_str(seg);
    }
    format!("Whit[{out}[{title}]]")
}

fn dot_escape(s: &str) -> String {
    s.replace('\\', "\\\\").replace('"', "\\\"")
}

/// The graph a run walks: the catalog's resources and the containers'
/// anchors, with every ordering edge.
#[derive(Debug, Clone)]
pub struct RunGraph {
    vertices: Vec<Vertex>,
    /// Direct dependencies of each vertex (distinct, insertion order).
    dependencies: Vec<Vec<usize>>,
    /// Direct dependents of each vertex (distinct, insertion order).
    dependents: Vec<Vec<usize>>,
    /// Out-edges that carry refresh, one entry per edge.
    refresh_targets: Vec<Vec<usize>>,
    /// For each catalog resource, its vertex (None for containers).
    vertex_of: Vec<Option<usize>>,
    /// For each catalog resource, the container holding it.
    parents: Vec<Option<usize>>,
    /// Names of the catalog resources, canonical (`Class[Main]`).
    refs: Vec<String>,
    dot_relationships: String,
    dot_expanded: String,
    dot_resources: String,
}

impl RunGraph {
    /// Builds the run graph of a catalog; `autorequire` gives each resource's
    /// auto-relationships (a provider concern, so passed in).
    pub fn build(
        catalog: &Catalog,
        autorequire: &dyn Fn(&Resource) -> Vec<AutoRequire>,
    ) -> Result<RunGraph, GraphError> {
        let resources = &catalog.resources;
        let n = resources.len();
        let refs: Vec<String> = resources
            .iter()
            .map(|r| canonical_pair(&r.type_name, &r.title))
            .collect();
        let containers: Vec<bool> = resources.iter().map(is_container).collect();

        // Lookup by reference, and by type + name (namevar or alias).
        let mut by_ref: HashMap<String, usize> = HashMap::with_capacity(n);
        let mut by_name: HashMap<(String, String), usize> = HashMap::with_capacity(n);
        for (i, r) in resources.iter().enumerate() {
            by_ref.entry(refs[i].clone()).or_insert(i);
            let ty = refs[i][..refs[i].find('[').unwrap_or(0)].to_string();
            let name_key = |s: &str| -> String {
                if ty == "File" {
                    normalize_path(s)
                } else {
                    s.to_string()
                }
            };
            by_name.entry((ty.clone(), name_key(&r.title))).or_insert(i);
            let namevar = match ty.as_str() {
                "File" => r.param_str("path"),
                "Exec" => None,
                _ => r.param_str("name"),
            };
            if let Some(name) = namevar {
                by_name.entry((ty.clone(), name_key(name))).or_insert(i);
            }
            for alias in r.relationship_targets("alias") {
                by_name.entry((ty.clone(), name_key(&alias))).or_insert(i);
            }
        }
        let resolve = |reference: &str| -> Option<usize> {
            let canonical = canonical_reference(reference);
            if let Some(&i) = by_ref.get(&canonical) {
                return Some(i);
            }
            let (ty, title) = split_reference(&canonical)?;
            let title = if ty == "File" {
                normalize_path(title)
            } else {
                title.to_string()
            };
            by_name.get(&(ty.to_string(), title)).copied()
        };

        let mut g = Builder::default();
        for r in &refs {
            g.add_vertex(r.clone());
        }

        // Manual relationships, in Puppet's metaparameter order.
        for (i, r) in resources.iter().enumerate() {
            for param in ["require", "subscribe", "before", "notify"] {
                debug_assert!(RELATIONSHIP_PARAMS.contains(&param));
                let label = if param == "subscribe" || param == "notify" {
                    REFRESH
                } else {
                    ORDER
                };
                for target in r.relationship_targets(param) {
                    let j = resolve(&target).ok_or_else(|| GraphError::MissingDependency {
                        reference: canonical_reference(&target),
                        of: refs[i].clone(),
                    })?;
                    if param == "require" || param == "subscribe" {
                        g.add_edge(j, i, label);
                    } else {
                        g.add_edge(i, j, label);
                    }
                }
            }
        }

        // Auto-relationships: never against a manual edge either way.
        for (i, r) in resources.iter().enumerate() {
            if containers[i] {
                continue;
            }
            for req in autorequire(r) {
                let found = req.candidates.iter().find_map(|name| {
                    let name = if req.type_name == "File" {
                        normalize_path(name)
                    } else {
                        name.clone()
                    };
                    by_name.get(&(req.type_name.clone(), name)).copied()
                });
                let Some(j) = found else {
                    continue;
                };
                if j == i || g.edge(j, i) || g.edge(i, j) {
                    continue;
                }
                g.add_edge(j, i, ORDER);
            }
        }
        let dot_relationships = g.to_dot("Relationships");

        // Containment from the catalog's edges (first edge in wins, as Puppet).
        let mut parents: Vec<Option<usize>> = vec![None; n];
        let mut contents: Vec<Vec<usize>> = vec![Vec::new(); n];
        let mut containment = Builder::default();
        for r in &refs {
            containment.add_vertex(r.clone());
        }
        for e in &catalog.edges {
            let (Some(s), Some(t)) = (resolve(&e.source), resolve(&e.target)) else {
                continue;
            };
            containment.add_edge(s, t, ORDER);
            if parents[t].is_none() {
                parents[t] = Some(s);
            }
            contents[s].push(t);
        }
        let dot_resources = containment.to_dot("Resources");

        // Replace containers with their two anchors.
        let mut admissible: Vec<usize> = (0..n).collect();
        let mut completed: Vec<usize> = (0..n).collect();
        let mut anchor_of: HashMap<usize, VertexKind> = HashMap::new();
        for i in 0..n {
            if containers[i] {
                let a = g.add_vertex(whit_ref("admissible", &refs[i]));
                let c = g.add_vertex(whit_ref("completed", &refs[i]));
                admissible[i] = a;
                completed[i] = c;
                anchor_of.insert(a, VertexKind::Admissible(i));
                anchor_of.insert(c, VertexKind::Completed(i));
            }
        }
        for x in 0..n {
            if !containers[x] {
                continue;
            }
            if contents[x].is_empty() {
                g.add_edge(admissible[x], completed[x], ORDER);
            }
            for &v in &contents[x] {
                g.add_edge(admissible[x], admissible[v], REFRESH);
                g.add_edge(completed[v], completed[x], REFRESH);
            }
            let ins: Vec<(usize, Vec<Label>)> =
                g.in_to[x].iter().map(|(&s, l)| (s, l.clone())).collect();
            for (s, labels) in ins {
                for l in labels {
                    g.add_edge(completed[s], admissible[x], l);
                }
            }
            let outs: Vec<(usize, Vec<Label>)> =
                g.out_from[x].iter().map(|(&t, l)| (t, l.clone())).collect();
            for (t, labels) in outs {
                for l in labels {
                    g.add_edge(completed[x], admissible[t], l);
                }
            }
            g.remove_vertex(x);
        }
        let dot_expanded = g.to_dot("Expanded_relationships");

        // Freeze into dense vectors.
        let ids: Vec<usize> = g.vertices.iter().copied().collect();
        let mut dense: HashMap<usize, usize> = HashMap::with_capacity(ids.len());
        for (d, &id) in ids.iter().enumerate() {
            dense.insert(id, d);
        }
        let mut vertex_of = vec![None; n];
        let vertices: Vec<Vertex> = ids
            .iter()
            .enumerate()
            .map(|(d, &id)| {
                let kind = if id < n {
                    vertex_of[id] = Some(d);
                    VertexKind::Resource(id)
                } else {
                    anchor_of[&id]
                };
                let (priority, name) = match kind {
                    VertexKind::Resource(i) => ((i, 0), refs[i].clone()),
                    VertexKind::Admissible(i) | VertexKind::Completed(i) => (
                        (i, u32::from(matches!(kind, VertexKind::Completed(_)))),
                        refs[i].clone(),
                    ),
                };
                Vertex {
                    kind,
                    name,
                    sort_key: g.names[id].clone(),
                    priority,
                }
            })
            .collect();
        let dependencies = ids
            .iter()
            .map(|&id| g.in_to[id].keys().map(|s| dense[s]).collect())
            .collect();
        let dependents = ids
            .iter()
            .map(|&id| g.out_from[id].keys().map(|t| dense[t]).collect())
            .collect();
        let refresh_targets = ids
            .iter()
            .map(|&id| {
                g.out_from[id]
                    .iter()
                    .flat_map(|(t, labels)| labels.iter().filter(|l| l.refresh).map(|_| dense[t]))
                    .collect()
            })
            .collect();

        Ok(RunGraph {
            vertices,
            dependencies,
            dependents,
            refresh_targets,
            vertex_of,
            parents,
            refs,
            dot_relationships,
            dot_expanded,
            dot_resources,
        })
    }

    /// Makes the events of generated resources go where their generator's
    /// would (a tidy's files signal its container directly, not through
    /// the anchor `add_generated` made).
    pub fn bypass_anchor_events(&mut self, anchor: usize, children: &[usize]) {
        let targets = self.refresh_targets[anchor].clone();
        for &c in children {
            self.refresh_targets[c].retain(|&t| t != anchor);
            for &t in &targets {
                if !self.refresh_targets[c].contains(&t) {
                    self.refresh_targets[c].push(t);
                }
            }
        }
    }

    /// Makes `to` wait for `from` (an autorequire found for a generated
    /// resource before the walk reached either).
    pub fn add_generated_dependency(&mut self, from: usize, to: usize) {
        if !self.dependencies[to].contains(&from) {
            self.dependents[from].push(to);
            self.dependencies[to].push(from);
        }
    }

    /// Whether `to` can be reached from `from` along dependent edges (`to`
    /// waits, directly or not, for `from`).
    pub fn reaches(&self, from: usize, to: usize) -> bool {
        let mut seen = vec![false; self.vertices.len()];
        let mut stack = vec![from];
        while let Some(v) = stack.pop() {
            if v == to {
                return true;
            }
            if std::mem::replace(&mut seen[v], true) {
                continue;
            }
            stack.extend(self.dependents[v].iter().copied());
        }
        false
    }

    /// Frees generated resources from waiting on their generator (a tidy is
    /// `depthfirst?` in Puppet: its files are ordered before it, so what the
    /// tidy itself waits for does not hold them back).
    /// The generator then waits for them instead (add `Walk::wait_for`).
    pub fn detach_from_generator(&mut self, parent: usize, children: &[usize]) {
        self.dependents[parent].retain(|d| !children.contains(d));
        for &c in children {
            self.dependencies[c].retain(|&d| d != parent);
            self.dependents[c].push(parent);
            self.dependencies[parent].push(c);
        }
    }

    /// Adds resources a resource generated while the run walks (Puppet's
    /// `eval_generate`: a recursive file's children), as Puppet splices
    /// them in: each child comes right after `parent` in priority and depends
    /// on its nearest generated ancestor (or `parent`); a new completed
    /// anchor depends on `parent` and every child, carries their events, and
    /// takes over `parent`'s edges to the rest of the graph.
    ///
    /// `children` are (catalog index, reference, index in `children` of the
    /// child it depends on); catalog indexes continue the catalog's. Returns
    /// the new vertices: the children in order, then the anchor.
    pub fn add_generated(
        &mut self,
        parent: usize,
        anchor_name: &str,
        children: &[(usize, String, Option<usize>)],
    ) -> Vec<usize> {
        let VertexKind::Resource(parent_resource) = self.vertices[parent].kind else {
            return Vec::new();
        };
        let base = self.vertices[parent].priority.0;
        let container = self.parents[parent_resource];
        let mut added = Vec::with_capacity(children.len() + 1);
        for (rank, (index, reference, _)) in children.iter().enumerate() {
            let v = self.push_vertex(Vertex {
                kind: VertexKind::Resource(*index),
                name: reference.clone(),
                sort_key: reference.clone(),
                priority: (base, rank as u32 + 1),
            });
            while self.vertex_of.len() <= *index {
                self.vertex_of.push(None);
                self.parents.push(None);
                self.refs.push(String::new());
            }
            self.vertex_of[*index] = Some(v);
            self.parents[*index] = container;
            self.refs[*index] = reference.clone();
            added.push(v);
        }
        let anchor = self.push_vertex(Vertex {
            kind: VertexKind::Completed(parent_resource),
            name: anchor_name.to_string(),
            sort_key: format!("Whit[Completed_{anchor_name}]"),
            priority: (base, children.len() as u32 + 1),
        });
        // The parent's edges now leave from the anchor.
        let outs = std::mem::take(&mut self.dependents[parent]);
        for &t in &outs {
            for d in self.dependencies[t].iter_mut() {
                if *d == parent {
                    *d = anchor;
                }
            }
        }
        self.dependents[anchor] = outs;
        self.refresh_targets[anchor] = std::mem::take(&mut self.refresh_targets[parent]);
        for (k, (_, _, ancestor)) in children.iter().enumerate() {
            let from = ancestor.map_or(parent, |a| added[a]);
            self.dependents[from].push(added[k]);
            self.dependencies[added[k]].push(from);
            self.dependents[added[k]].push(anchor);
            self.refresh_targets[added[k]].push(anchor);
            self.dependencies[anchor].push(added[k]);
        }
        self.dependents[parent].push(anchor);
        self.refresh_targets[parent].push(anchor);
        self.dependencies[anchor].push(parent);
        added.push(anchor);
        added
    }

    fn push_vertex(&mut self, vertex: Vertex) -> usize {
        self.vertices.push(vertex);
        self.dependencies.push(Vec::new());
        self.dependents.push(Vec::new());
        self.refresh_targets.push(Vec::new());
        self.vertices.len() - 1
    }

    /// Number of vertices (resources and anchors).
    pub fn len(&self) -> usize {
        self.vertices.len()
    }

    pub fn is_empty(&self) -> bool {
        self.vertices.is_empty()
    }

    pub fn vertex(&self, v: usize) -> &Vertex {
        &self.vertices[v]
    }

    /// The vertex of a catalog resource (None for containers).
    pub fn vertex_of(&self, resource: usize) -> Option<usize> {
        self.vertex_of[resource]
    }

    /// Direct dependencies of a vertex.
    pub fn dependencies(&self, v: usize) -> &[usize] {
        &self.dependencies[v]
    }

    /// Direct dependents of a vertex.
    pub fn dependents(&self, v: usize) -> &[usize] {
        &self.dependents[v]
    }

    /// Where events of a vertex go to be refreshed, one entry per edge.
    pub fn refresh_targets(&self, v: usize) -> &[usize] {
        &self.refresh_targets[v]
    }

    /// The canonical reference of a catalog resource (`Class[Main]`).
    pub fn reference(&self, resource: usize) -> &str {
        &self.refs[resource]
    }

    /// The container holding a catalog resource.
    pub fn parent(&self, resource: usize) -> Option<usize> {
        self.parents[resource]
    }

    /// Puppet's containment path of a resource: `["Stage[main]", "Main",
    /// "File[/x]"]` (classes by their title, other containers by reference).
    pub fn containment_path(&self, catalog: &Catalog, resource: usize) -> Vec<String> {
        let mut path = vec![self.refs[resource].clone()];
        let mut seen = vec![resource];
        let mut cur = self.parents[resource];
        while let Some(p) = cur {
            if seen.contains(&p) {
                break;
            }
            seen.push(p);
            let r = &catalog.resources[p];
            if r.type_name == "Class" {
                path.push(capitalize_segments(&r.title));
            } else {
                path.push(self.refs[p].clone());
            }
            cur = self.parents[p];
        }
        path.reverse();
        path
    }

    /// The graphs as DOT, by Puppet's file names: `resources`,
    /// `relationships`, `expanded_relationships`.
    pub fn dot_files(&self) -> [(&'static str, &str); 3] {
        [
            ("resources", &self.dot_resources),
            ("relationships", &self.dot_relationships),
            ("expanded_relationships", &self.dot_expanded),
        ]
    }

    /// The dependency cycles, each sorted as Puppet sorts them, the list too.
    pub fn cycles(&self) -> Vec<Vec<usize>> {
        let mut pg = petgraph::graph::DiGraph::<(), ()>::with_capacity(
            self.vertices.len(),
            self.vertices.len(),
        );
        let nodes: Vec<_> = (0..self.vertices.len()).map(|_| pg.add_node(())).collect();
        for (v, deps) in self.dependents.iter().enumerate() {
            for &t in deps {
                pg.add_edge(nodes[v], nodes[t], ());
            }
        }
        let mut cycles: Vec<Vec<usize>> = petgraph::algo::tarjan_scc(&pg)
            .into_iter()
            .map(|scc| scc.into_iter().map(|n| n.index()).collect::<Vec<_>>())
            .filter(|scc| scc.len() > 1 || self.dependents[scc[0]].contains(&scc[0]))
            .map(|mut scc| {
                scc.sort_by(|a, b| self.vertices[*a].sort_key.cmp(&self.vertices[*b].sort_key));
                scc
            })
            .collect();
        cycles.sort_by(|a, b| {
            let ka = a.iter().map(|v| &self.vertices[*v].sort_key);
            let kb = b.iter().map(|v| &self.vertices[*v].sort_key);
            ka.cmp(kb)
        });
        cycles
    }

    /// Up to `max` paths around a cycle, found breadth first from its first
    /// vertex (Puppet's `paths_in_cycle`).
    pub(crate) fn paths_in_cycle(&self, cycle: &[usize], max: usize) -> Vec<Vec<usize>> {
        let mut found = Vec::new();
        let mut queue: std::collections::VecDeque<(usize, Vec<usize>)> =
            std::collections::VecDeque::new();
        queue.push_back((cycle[0], Vec::new()));
        // Bound the search: a cycle of n vertices needs paths of at most n+1.
        let mut steps = 0usize;
        while let Some((v, path)) = queue.pop_front() {
            steps += 1;
            if path.contains(&v) {
                let mut p = path;
                p.push(v);
                found.push(p);
                if found.len() >= max {
                    break;
                }
            } else {
                if steps > 100_000 {
                    break;
                }
                for &t in &self.dependents[v] {
                    if cycle.contains(&t) {
                        let mut p = path.clone();
                        p.push(v);
                        queue.push_back((t, p));
                    }
                }
            }
        }
        found.sort_by(|a, b| {
            let ka = a.iter().map(|v| &self.vertices[*v].sort_key);
            let kb = b.iter().map(|v| &self.vertices[*v].sort_key);
            ka.cmp(kb)
        });
        found
    }

    /// Puppet's message for the cycles found, word for word.
    pub fn cycle_message(&self, cycles: &[Vec<usize>], graph_file: Option<&str>) -> String {
        let mut message = if cycles.len() == 1 {
            "Found 1 dependency cycle:\n".to_string()
        } else {
            format!("Found {} dependency cycles:\n", cycles.len())
        };
        for cycle in cycles {
            let paths: Vec<String> = self
                .paths_in_cycle(cycle, 1)
                .iter()
                .map(|p| {
                    let names: Vec<&str> =
                        p.iter().map(|v| self.vertices[*v].name.as_str()).collect();
                    format!("({})", names.join(" => "))
                })
                .collect();
            // Puppet joins with a literal backslash-n (a single-quoted '\n').
            message.push_str(&paths.join("\\n"));
            message.push_str("\\n");
        }
        match graph_file {
            Some(file) => {
                let _ = write!(message, "Cycle graph written to {file}.");
            }
            None => message.push_str(
                "Try the '--graph' option and opening the resulting '.dot' file in OmniGraffle or GraphViz",
            ),
        }
        message
    }

    /// The cycles as DOT (Puppet's `cycles.dot`).
    pub fn cycles_dot(&self, cycles: &[Vec<usize>]) -> String {
        let mut s = String::from("digraph Resource_Cycles {\n  label = \"Resource Cycles\"\n");
        for cycle in cycles {
            for path in self.paths_in_cycle(cycle, 10) {
                let names: Vec<String> = path
                    .iter()
                    .map(|v| format!("\"{}\"", self.vertices[*v].name.replace('"', "\\\"")))
                    .collect();
                s.push_str(&names.join(" -> "));
                s.push('\n');
            }
        }
        s.push_str("}\n");
        s
    }

    /// Starts a walk in Puppet's order.
    pub fn walk(&self) -> Walk {
        let mut ready = BinaryHeap::new();
        let blockers: Vec<usize> = self.dependencies.iter().map(Vec::len).collect();
        for (v, &b) in blockers.iter().enumerate() {
            if b == 0 {
                ready.push(Reverse((self.vertices[v].priority, v)));
            }
        }
        Walk {
            blockers,
            ready,
            taken: Vec::new(),
        }
    }
}

/// A walk over the graph: [`Walk::next`] gives the ready vertex declared
/// first; [`Walk::finish`] marks it done and readies its dependents.
#[derive(Debug)]
pub struct Walk {
    blockers: Vec<usize>,
    ready: BinaryHeap<Reverse<((usize, u32), usize)>>,
    /// Vertices `next` has handed out.
    taken: Vec<bool>,
}

impl Walk {
    /// The next vertex to evaluate, or None when the walk is over.
    #[allow(clippy::should_implement_trait)]
    pub fn next(&mut self) -> Option<usize> {
        while let Some(Reverse((_, v))) = self.ready.pop() {
            if self.taken.len() <= v {
                self.taken.resize(v + 1, false);
            }
            // Entries made stale by `wait_for`.
            if self.taken[v] || self.blockers.get(v).is_some_and(|&b| b > 0) {
                continue;
            }
            self.taken[v] = true;
            return Some(v);
        }
        None
    }

    /// Hands a vertex out again later (a deferred resource): it goes back
    /// among the ready ones.
    pub fn requeue(&mut self, graph: &RunGraph, v: usize) {
        if let Some(t) = self.taken.get_mut(v) {
            *t = false;
        }
        self.ready.push(Reverse((graph.vertices[v].priority, v)));
    }

    /// Makes `v`, not yet handed out, wait for `n` more vertices.
    pub fn wait_for(&mut self, v: usize, n: usize) {
        self.blockers[v] += n;
    }

    /// Takes in vertices added to `graph` since the walk started (none of
    /// their dependencies is done yet).
    pub fn grow(&mut self, graph: &RunGraph, added: &[usize]) {
        while self.blockers.len() < graph.vertices.len() {
            self.blockers.push(0);
        }
        for &v in added {
            self.blockers[v] = graph.dependencies[v].len();
            if self.blockers[v] == 0 {
                self.ready.push(Reverse((graph.vertices[v].priority, v)));
            }
        }
    }

    /// Marks a vertex of `graph` done.
    pub fn finish(&mut self, graph: &RunGraph, v: usize) {
        for &d in &graph.dependents[v] {
            if self.blockers[d] > 0 {
                self.blockers[d] -= 1;
                if self.blockers[d] == 0 {
                    self.ready.push(Reverse((graph.vertices[d].priority, d)));
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Edge;

    fn res(ty: &str, title: &str, params: &[(&str, serde_json::Value)]) -> Resource {
        Resource {
            type_name: ty.into(),
            title: title.into(),
            tags: vec![],
            file: None,
            line: None,
            exported: false,
            kind: None,
            parameters: params
                .iter()
                .map(|(k, v)| ((*k).into(), v.clone()))
                .collect(),
            sensitive_parameters: Vec::new(),
        }
    }

    fn catalog(resources: Vec<Resource>, edges: &[(&str, &str)]) -> Catalog {
        Catalog {
            tags: vec![],
            name: "n".into(),
            version: serde_json::Value::Null,
            code_id: None,
            catalog_uuid: String::new(),
            catalog_format: 2,
            environment: "production".into(),
            resources,
            edges: edges
                .iter()
                .map(|(s, t)| Edge {
                    source: s.to_string(),
                    target: t.to_string(),
                })
                .collect(),
            classes: vec![],
        }
    }

    fn main_catalog(leaves: Vec<Resource>) -> Catalog {
        let mut resources = vec![res("Stage", "main", &[]), res("Class", "main", &[])];
        let refs: Vec<String> = leaves.iter().map(|r| r.reference()).collect();
        resources.extend(leaves);
        let mut edges: Vec<(String, String)> = vec![("Stage[main]".into(), "Class[main]".into())];
        for r in refs {
            edges.push(("Class[main]".into(), r));
        }
        let edge_refs: Vec<(&str, &str)> = edges
            .iter()
            .map(|(a, b)| (a.as_str(), b.as_str()))
            .collect();
        catalog(resources, &edge_refs)
    }

    fn order(c: &Catalog) -> Vec<String> {
        let g = RunGraph::build(c, &|_| Vec::new()).expect("builds");
        let mut walk = g.walk();
        let mut out = Vec::new();
        while let Some(v) = walk.next() {
            if let VertexKind::Resource(_) = g.vertex(v).kind {
                out.push(g.vertex(v).name.clone());
            }
            walk.finish(&g, v);
        }
        out
    }

    #[test]
    fn unrelated_resources_go_in_manifest_order() {
        let c = main_catalog(vec![
            res("Exec", "third", &[]),
            res("Exec", "first", &[]),
            res("Exec", "second", &[]),
        ]);
        assert_eq!(order(&c), ["Exec[third]", "Exec[first]", "Exec[second]"]);
    }

    #[test]
    fn relationships_override_manifest_order() {
        let c = main_catalog(vec![
            res("Exec", "c", &[("require", "Exec[b]".into())]),
            res("Exec", "b", &[]),
            res("Exec", "a", &[("before", serde_json::json!(["Exec[b]"]))]),
        ]);
        assert_eq!(order(&c), ["Exec[a]", "Exec[b]", "Exec[c]"]);
    }

    #[test]
    fn a_relationship_to_a_class_orders_its_contents() {
        let mut resources = vec![
            res("Stage", "main", &[]),
            res("Class", "main", &[]),
            res("Class", "App", &[]),
            res("Exec", "in-app", &[]),
            res("Exec", "first", &[("require", "Class[App]".into())]),
        ];
        resources[2].kind = Some("unknown".into());
        let c = catalog(
            resources,
            &[
                ("Stage[main]", "Class[main]"),
                ("Stage[main]", "Class[App]"),
                ("Class[App]", "Exec[in-app]"),
                ("Class[main]", "Exec[first]"),
            ],
        );
        assert_eq!(order(&c), ["Exec[in-app]", "Exec[first]"]);
    }

    #[test]
    fn autorequires_order_but_yield_to_manual_edges() {
        let c = main_catalog(vec![res("File", "/a/b", &[]), res("File", "/a/", &[])]);
        let auto = |r: &Resource| {
            if r.title == "/a/b" {
                vec![AutoRequire::new("File", "/a")]
            } else {
                vec![]
            }
        };
        let g = RunGraph::build(&c, &auto).expect("builds");
        let mut walk = g.walk();
        let mut names = Vec::new();
        while let Some(v) = walk.next() {
            if let VertexKind::Resource(_) = g.vertex(v).kind {
                names.push(g.vertex(v).name.clone());
            }
            walk.finish(&g, v);
        }
        assert_eq!(names, ["File[/a/]", "File[/a/b]"]);
    }

    #[test]
    fn a_missing_dependency_is_named() {
        let c = main_catalog(vec![res("Exec", "x", &[("require", "File[/nope]".into())])]);
        let err = RunGraph::build(&c, &|_| Vec::new()).expect_err("fails");
        assert_eq!(
            err.to_string(),
            "Could not retrieve dependency 'File[/nope]' of Exec[x]"
        );
    }

    #[test]
    fn cycles_are_reported_in_puppets_words() {
        let c = main_catalog(vec![
            res("File", "/a", &[("require", "File[/b]".into())]),
            res("File", "/b", &[("require", "File[/a]".into())]),
            res("File", "/c", &[]),
        ]);
        let g = RunGraph::build(&c, &|_| Vec::new()).expect("builds");
        let cycles = g.cycles();
        assert_eq!(cycles.len(), 1);
        assert_eq!(
            g.cycle_message(&cycles, None),
            "Found 1 dependency cycle:\n(File[/a] => File[/b] => File[/a])\\nTry the '--graph' option and opening the resulting '.dot' file in OmniGraffle or GraphViz"
        );
    }

    #[test]
    fn containment_paths_name_classes_by_title() {
        let mut resources = vec![
            res("Stage", "main", &[]),
            res("Class", "main", &[]),
            res("Foo::Bar", "x", &[]),
            res("File", "/f", &[]),
        ];
        resources[2].kind = Some("defined_type".into());
        let c = catalog(
            resources,
            &[
                ("Stage[main]", "Class[main]"),
                ("Class[main]", "Foo::Bar[x]"),
                ("Foo::Bar[x]", "File[/f]"),
            ],
        );
        let g = RunGraph::build(&c, &|_| Vec::new()).expect("builds");
        assert_eq!(
            g.containment_path(&c, 3),
            ["Stage[main]", "Main", "Foo::Bar[x]", "File[/f]"]
        );
    }

    #[test]
    fn anchors_are_named_as_puppet_names_them() {
        assert_eq!(
            whit_ref("admissible", "Class[Main]"),
            "Whit[Admissible_class[Main]]"
        );
        assert_eq!(
            whit_ref("completed", "Stage[main]"),
            "Whit[Completed_stage[main]]"
        );
        assert_eq!(
            whit_ref("completed", "Foo::Bar[x]"),
            "Whit[Completed_foo::Bar[x]]"
        );
    }

    #[test]
    fn paths_normalize_slashes() {
        assert_eq!(normalize_path("//a//b/"), "/a/b");
        assert_eq!(normalize_path("/"), "/");
        assert_eq!(normalize_path("/a/b/../c/./d"), "/a/c/d");
        assert_eq!(normalize_path("/.."), "/");
        assert_eq!(capitalize_segments("foo::bar"), "Foo::Bar");
        assert_eq!(canonical_reference("class[main]"), "Class[Main]");
    }

    #[test]
    fn every_segment_is_capitalized_as_splitting_on_the_separator_would() {
        let by_split = |name: &str| {
            name.split("::")
                .map(|seg| {
                    let mut chars = seg.chars();
                    chars
                        .next()
                        .map(|c| c.to_uppercase().chain(chars).collect::<String>())
                        .unwrap_or_default()
                })
                .collect::<Vec<_>>()
                .join("::")
        };
        for name in [
            "",
            "a",
            "::a",
            "a::",
            "a:::b",
            "a::::b",
            "apache::vhost::x",
            "ß::é",
            "a:b",
            ":",
            "Ab::cD",
        ] {
            assert_eq!(capitalize_segments(name), by_split(name), "{name:?}");
        }
        assert_eq!(capitalize_segments("ß::émile"), "SS::Émile");
    }
}
