//! The transaction: walks the graph, has each resource's provider read, diff and
//! change it, propagates refreshes, honours noop, skips dependents of failures.
