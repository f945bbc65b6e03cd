//! The run graph: containment, relationships and auto-relationships in one
//! petgraph graph, ordered like Puppet (`ordering = manifest`); cycles reported whole.
