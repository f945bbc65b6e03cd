//! Unit tests of the regex syntax check.

use super::check;

#[test]
fn accepts_what_ruby_accepts() {
    for ok in [
        "^a+$",
        "[]a]",
        "a{,3}",
        "{",
        "a{",
        "x{2}{3}",
        "(?i)a",
        "(?<n>a)\\k<n>",
        "(a)\\k<1>",
        "(?<=a|bc)",
        "[a-]",
        "[-a]",
        "\\10",
        "\\1(a)",
        "^*",
        "(?#c)a",
        "[[:alpha:]]",
        "\\A[\\w.-]+\\z",
        "\\u00e9",
    ] {
        assert_eq!(check(ok), Ok(()), "{ok}");
    }
}

#[test]
fn rejects_what_ruby_rejects_with_its_message() {
    for (bad, msg) in [
        ("\\1", "invalid backref number/name"),
        ("a{3,2}", "upper is smaller than lower in repeat range"),
        ("*a", "target of repeat operator is not specified"),
        ("(?i)*", "target of repeat operator is not specified"),
        ("(?b)", "undefined group option"),
        ("\\k<x>", "undefined name <x> reference"),
        ("(?<=a+)", "invalid pattern in look-behind"),
        ("[[:foo:]]", "invalid POSIX bracket type"),
        ("[a-\\d]", "char-class value at end of range"),
        ("[\\d-a]", "unmatched range specifier in char-class"),
        ("[z-a]", "empty range in char class"),
        ("[]", "empty char-class"),
        ("[[a]", "premature end of char-class"),
        ("\\x", "invalid hex escape"),
        ("\\uD800", "invalid Unicode range"),
        ("a\\", "too short escape sequence"),
        ("(a", "end pattern with unmatched parenthesis"),
        ("a)", "unmatched close parenthesis"),
        ("(?#x", "end pattern in group"),
    ] {
        assert_eq!(check(bad), Err(msg.to_string()), "{bad}");
    }
}
