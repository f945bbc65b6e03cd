//! Ruby regexps on the regex engine kuppet already uses for Puppet (which
//! shares Ruby's syntax): compiling with Ruby's flags, searching from a
//! character offset, walking all matches (`gsub`, `scan`), and expanding
//! replacement strings (`\1`, `\0`, `\&`, `\k<name>`).

use super::value::{MatchData, RRegexp};
use kuppet_values::value::RegexValue;

/// Compiles a Ruby regexp with its flags (`i`, `m`, `x`).
pub fn compile(source: &str, flags: &str) -> Result<RRegexp, String> {
    let inline: String = flags
        .chars()
        .filter(|f| matches!(f, 'i' | 'm' | 'x'))
        .collect();
    let full = if inline.is_empty() {
        source.to_string()
    } else {
        format!("(?{inline}){source}")
    };
    let regex = RegexValue::new(&full).map_err(|e| e.to_string())?;
    Ok(RRegexp {
        source: source.to_string(),
        flags: inline,
        regex,
    })
}

/// One match: byte range and groups (group 0 the whole match).
pub struct Found {
    pub start: usize,
    pub end: usize,
    pub groups: Vec<Option<String>>,
}

/// The first match at or after byte `from`.
pub(crate) fn find_at(re: &RRegexp, s: &str, from: usize) -> Option<Found> {
    if from > s.len() {
        return None;
    }
    let caps = re.regex.regex.captures_from_pos(s, from).ok()??;
    let whole = caps.get(0)?;
    Some(Found {
        start: whole.start(),
        end: whole.end(),
        groups: (0..caps.len())
            .map(|i| caps.get(i).map(|m| m.as_str().to_string()))
            .collect(),
    })
}

/// The named groups of a regexp: (name, group index).
pub fn names(re: &RRegexp) -> Vec<(String, usize)> {
    re.regex
        .regex
        .capture_names()
        .enumerate()
        .filter_map(|(i, n)| n.map(|n| (n.to_string(), i)))
        .collect()
}

/// The first match at or after character `from`, as match data.
pub fn search(re: &RRegexp, s: &str, from: usize) -> Option<MatchData> {
    let byte_from = s.char_indices().nth(from).map_or(s.len(), |(b, _)| b);
    if from > s.chars().count() {
        return None;
    }
    let f = find_at(re, s, byte_from)?;
    Some(MatchData {
        begin: s[..f.start].chars().count(),
        pre: s[..f.start].to_string(),
        post: s[f.end..].to_string(),
        groups: f.groups,
        names: names(re),
    })
}

/// Every non-overlapping match, left to right (an empty match advances by
/// one character, as Ruby does).
pub(crate) fn find_all(re: &RRegexp, s: &str) -> Vec<Found> {
    let mut out = Vec::new();
    let mut pos = 0;
    while pos <= s.len() {
        let Some(f) = find_at(re, s, pos) else {
            break;
        };
        pos = if f.end == f.start {
            match s[f.end..].chars().next() {
                Some(c) => f.end + c.len_utf8(),
                None => s.len() + 1,
            }
        } else {
            f.end
        };
        out.push(f);
    }
    out
}

/// Expands a replacement string for one match: `\0`-`\9`, `\&`, `` \` ``,
/// `\'`, `\k<name>`, `\\`.
pub fn expand(repl: &str, s: &str, f: &Found, names: &[(String, usize)]) -> String {
    let mut out = String::with_capacity(repl.len());
    let mut chars = repl.chars().peekable();
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        match chars.peek().copied() {
            Some(d @ '0'..='9') => {
                chars.next();
                let i = d as usize - '0' as usize;
                if let Some(Some(g)) = f.groups.get(i) {
                    out.push_str(g);
                }
            }
            Some('&') => {
                chars.next();
                if let Some(Some(g)) = f.groups.first() {
                    out.push_str(g);
                }
            }
            Some('`') => {
                chars.next();
                out.push_str(&s[..f.start]);
            }
            Some('\'') => {
                chars.next();
                out.push_str(&s[f.end..]);
            }
            Some('\\') => {
                chars.next();
                out.push('\\');
            }
            Some('k') => {
                chars.next();
                if chars.peek() == Some(&'<') {
                    chars.next();
                    let name: String = chars.by_ref().take_while(|c| *c != '>').collect();
                    if let Some((_, i)) = names.iter().find(|(n, _)| *n == name)
                        && let Some(Some(g)) = f.groups.get(*i)
                    {
                        out.push_str(g);
                    }
                } else {
                    out.push_str("\\k");
                }
            }
            _ => out.push('\\'),
        }
    }
    out
}

/// A regexp matching a string literally (`Regexp.escape`).
pub fn escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '.' | '*' | '?' | '+' | '^' | '$' | '|' | '(' | ')' | '[' | ']' | '{' | '}' | '\\'
            | '/' | '-' => {
                out.push('\\');
                out.push(c);
            }
            '\n' => out.push_str("\\n"),
            '\t' => out.push_str("\\t"),
            '\r' => out.push_str("\\r"),
            ' ' => out.push_str("\\ "),
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn replacement_expansion() {
        let re = compile("(?<k>\\w+)=(\\d+)", "").unwrap_or_else(|e| panic!("{e}"));
        let s = "a=1 b=2";
        let all = find_all(&re, s);
        assert_eq!(all.len(), 2);
        let n = names(&re);
        assert_eq!(expand("\\2:\\k<k>\\\\", s, &all[1], &n), "2:b\\");
    }

    #[test]
    fn empty_matches_advance() {
        let re = compile("x*", "").unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(find_all(&re, "ab").len(), 3);
    }
}
