//! Heredocs: the `@(tag:syntax/escapes)` header, finding the end tag, margin
//! removal, and lexing the text (interpolated or not) with its positions
//! mapped back to the source.

use super::strings::{Escapes, StringMode, followed_by};
use super::*;

impl<'a> Lexer<'a> {
    pub(super) fn heredoc(&mut self) -> Result<(), LexError> {
        let start = self.pos;
        let close = match memchr(b')', &self.bytes[start..]) {
            Some(i) => start + i,
            None => {
                return Err(self.error(
                    "HEREDOC_UNCLOSED_PARENTHESIS",
                    format!(
                        "Unclosed parenthesis after '@(' followed by '{}'",
                        followed_by(&self.src[start..])
                    ),
                    start,
                ));
            }
        };
        let after_paren = close + 1;
        let spec = &self.src[start + 2..close];
        let parsed = parse_heredoc_spec(spec).ok_or_else(|| {
            self.error(
                "HEREDOC_INVALID_SYNTAX",
                "Invalid syntax in heredoc expected @(endtag[:syntax][/escapes])",
                after_paren,
            )
        })?;
        let (tag, syntax, escape_spec) = parsed;
        let mut tag = tag.trim_matches(is_ruby_space);
        let mut interpolating = false;
        if tag.len() >= 2 && tag.starts_with('"') && tag.ends_with('"') {
            interpolating = true;
            tag = tag[1..tag.len() - 1].trim_matches(is_ruby_space);
        }
        if tag.is_empty() {
            return Err(self.error(
                "HEREDOC_EMPTY_ENDTAG",
                "Heredoc with an empty endtag",
                after_paren,
            ));
        }
        let mut escapes = Escapes::NONE;
        if let Some(spec) = escape_spec {
            let spec = if spec.is_empty() { "trnsuL$" } else { spec };
            let mut seen = Vec::new();
            for ch in spec.chars() {
                if seen.contains(&ch) {
                    let list: Vec<String> = spec.chars().map(|c| c.to_string()).collect();
                    return Err(self.error(
                        "HEREDOC_MULTIPLE_AT_ESCAPES",
                        format!(
                            "An escape char for @() may only appear once. Got '{}'",
                            list.join(", ")
                        ),
                        after_paren,
                    ));
                }
                seen.push(ch);
            }
            escapes.backslash = true;
            for ch in spec.chars() {
                match ch {
                    't' => escapes.t = true,
                    'r' => escapes.r = true,
                    'n' => escapes.n = true,
                    's' => escapes.s = true,
                    'u' => escapes.u = true,
                    '$' => escapes.dollar = true,
                    'L' => escapes.newline = true,
                    other => {
                        return Err(self.error(
                            "HEREDOC_INVALID_ESCAPE",
                            format!("Invalid heredoc escape char. Only t, r, n, s,  u, L, $ allowed. Got '{other}'"),
                            after_paren,
                        ));
                    }
                }
            }
        }
        self.push(Tok::Heredoc(Cow::Borrowed(syntax)), start, after_paren);

        // The text starts on the line after this one (or after an earlier heredoc's text).
        let text_start = match self.newline_jump {
            Some(j) => j,
            None => match memchr(b'\n', &self.bytes[after_paren..]) {
                Some(i) => after_paren + i + 1,
                None => {
                    return Err(self.error(
                        "HEREDOC_WITHOUT_TEXT",
                        "Heredoc without any following lines of text",
                        after_paren,
                    ));
                }
            },
        };
        let mut lines: Vec<(usize, usize)> = Vec::new(); // (start, end incl. newline)
        let mut p = text_start;
        let mut found: Option<(&str, bool, bool, usize)> = None; // (leading, margin, trim, next pos)
        while p < self.bytes.len() {
            let line_end = match memchr(b'\n', &self.bytes[p..]) {
                Some(i) => p + i + 1,
                None => self.bytes.len(),
            };
            let line = &self.src[p..line_end];
            if line.contains(tag)
                && let Some(m) = match_end_tag(line, tag)
            {
                found = Some((m.0, m.1, m.2, line_end));
                break;
            }
            lines.push((p, line_end));
            p = line_end;
        }
        let Some((leading, has_margin, trim, next)) = found else {
            return Err(self.error(
                "HEREDOC_WITHOUT_END_TAGGED_LINE",
                "Heredoc without end-tagged line",
                text_start,
            ));
        };
        // Build the text, removing the margin, with an offset map back into the source.
        let mut text = String::new();
        let mut map = Vec::with_capacity(lines.len());
        for (ls, le) in &lines {
            let line = &self.src[*ls..*le];
            let cut = if has_margin && !leading.is_empty() && line.starts_with(leading) {
                leading.len()
            } else {
                0
            };
            map.push((text.len(), self.global(ls + cut)));
            text.push_str(&line[cut..]);
        }
        if trim {
            if text.ends_with("\r\n") {
                text.truncate(text.len() - 2);
            } else if text.ends_with('\n') {
                text.truncate(text.len() - 1);
            }
        }
        self.newline_jump = Some(next);
        self.matched = Some((next.saturating_sub(1), next));

        self.nest(start)?;
        let mut sub = Lexer::new(&text);
        sub.depth = self.depth;
        self.depth -= 1;
        sub.offset_map = Some(OffsetMap {
            lines: map,
            start: self.global(text_start),
            end: self.global(next),
        });
        let mode = StringMode {
            escapes,
            dq: false,
            interpolate: interpolating,
        };
        sub.interpolate(0, mode)?;
        self.warnings.append(&mut sub.warnings);
        self.tokens.extend(sub.tokens.into_iter().map(|t| Token {
            tok: t.tok.into_owned(),
            span: t.span,
        }));
        self.after = After::Operand;
        self.pos = after_paren;
        Ok(())
    }
}

/// Ruby's `String#strip` set: whitespace and NUL.
pub(super) fn is_ruby_space(c: char) -> bool {
    matches!(c, ' ' | '\t' | '\n' | '\u{0b}' | '\u{0c}' | '\r' | '\0')
}

/// Parses the inside of `@(...)`: (tag, syntax, escapes).
pub(super) fn parse_heredoc_spec(spec: &str) -> Option<(&str, &str, Option<&str>)> {
    // Puppet: ([^:/\r\n\)]+)(?::[[:blank:]]*([a-z][a-zA-Z0-9_+]+)[[:blank:]]*)?(?:/((?:\w|[$])*)[[:blank:]]*)?
    let tag_end = spec.find([':', '/', '\r', '\n']).unwrap_or(spec.len());
    let tag = &spec[..tag_end];
    if tag.is_empty() {
        return None;
    }
    let mut rest = &spec[tag_end..];
    let mut syntax = "";
    if let Some(r) = rest.strip_prefix(':') {
        let r = r.trim_start_matches(is_blank_char);
        let n = r
            .char_indices()
            .take_while(|(i, c)| {
                if *i == 0 {
                    c.is_ascii_lowercase()
                } else {
                    c.is_ascii_alphanumeric() || *c == '_' || *c == '+'
                }
            })
            .count();
        if n < 2 {
            return None;
        }
        syntax = &r[..n];
        rest = r[n..].trim_start_matches(is_blank_char);
    }
    let mut escapes = None;
    if let Some(r) = rest.strip_prefix('/') {
        let n = r
            .chars()
            .take_while(|c| c.is_ascii_alphanumeric() || *c == '_' || *c == '$')
            .count();
        escapes = Some(&r[..n]);
        rest = r[n..].trim_start_matches(is_blank_char);
    }
    if !rest.is_empty() {
        return None;
    }
    Some((tag, syntax, escapes))
}

/// Whether a line holds the heredoc's end tag: (the blanks before it, `|`, `-`).
///
/// Puppet's end-tag pattern is not anchored at the line start: the tag must end
/// the line (but for blanks), preceded by optional `-`, `|` and blanks.
pub(super) fn match_end_tag<'l>(line: &'l str, tag: &str) -> Option<(&'l str, bool, bool)> {
    let body = line.strip_suffix('\n').unwrap_or(line);
    let body = body.strip_suffix('\r').unwrap_or(body);
    let trimmed = body.trim_end_matches(is_blank_char);
    let before_tag = trimmed.strip_suffix(tag)?;
    let back_over_blanks = |mut k: usize| {
        while k > 0 {
            match before_tag[..k].chars().next_back() {
                Some(c) if is_blank_char(c) => k -= c.len_utf8(),
                _ => break,
            }
        }
        k
    };
    let k = before_tag.len();
    let k3 = back_over_blanks(k);
    let trim = before_tag[..k3].ends_with('-');
    let (k2, lead_end_no_margin) = if trim {
        let k2 = back_over_blanks(k3 - 1);
        (k2, k3 - 1)
    } else {
        (k3, k)
    };
    if before_tag[..k2].ends_with('|') {
        let k1 = back_over_blanks(k2 - 1);
        return Some((&before_tag[k1..k2 - 1], true, trim));
    }
    let leading_start = if trim { k2 } else { k3 };
    Some((&before_tag[leading_start..lead_end_no_margin], false, trim))
}
