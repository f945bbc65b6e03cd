//! Puppet's ordering of values: `<`, `>`, `<=`, `>=` and the total order
//! `sort`, `max` and `min` use.
