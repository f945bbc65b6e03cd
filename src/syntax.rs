//! The Puppet language front end: source → tokens → AST with spans → validation.
//! No I/O beyond what the caller hands in, no Kubernetes.
