//! Diagnostics: every user-facing problem as an issue with a stable code, a
//! message and a source location, rendered Puppet's way:
//! `Error: <what> (file: F, line: L, column: C)` plus a snippet with a caret.
