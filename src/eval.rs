//! The compiler: AST + facts + node name → catalog, with Puppet 7's semantics.
