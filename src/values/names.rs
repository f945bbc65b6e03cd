//! Puppet's qualified names (`apache::vhost`, `::ntp`): the `::` separator
//! found without building a substring searcher (the compiler asks these
//! questions for every resource, variable and type name it meets).

/// `&str` methods for the `::` of qualified names.
pub trait QualifiedName {
    /// Whether the name has a `::` anywhere (`a::b`, `::a`).
    fn has_separator(&self) -> bool;
    /// The name without its leading `::`s (the top-scope marker).
    fn trim_top(&self) -> &str;
}

impl QualifiedName for str {
    fn has_separator(&self) -> bool {
        let b = self.as_bytes();
        let mut i = 0;
        while let Some(p) = b[i..].iter().position(|&c| c == b':') {
            let at = i + p;
            if b.get(at + 1) == Some(&b':') {
                return true;
            }
            i = at + 1;
        }
        false
    }

    fn trim_top(&self) -> &str {
        let mut s = self;
        while let Some(rest) = s.strip_prefix("::") {
            s = rest;
        }
        s
    }
}

#[cfg(test)]
mod tests {
    use super::QualifiedName;

    #[test]
    fn the_separator_is_found_where_str_contains_finds_it() {
        for s in [
            "", ":", "::", "a", "a:b", "a::b", "::a", "a::", "a:b:c", "a:::b", ":a:", "é::x",
            "x:é:",
        ] {
            assert_eq!(s.has_separator(), s.contains("::"), "{s:?}");
            assert_eq!(s.trim_top(), s.trim_start_matches("::"), "{s:?}");
        }
        assert_eq!("::::a::b".trim_top(), "a::b");
        assert_eq!(":a".trim_top(), ":a");
    }
}
