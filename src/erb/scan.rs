//! The ERB tag scanner: splits a template into text, code and output
//! segments exactly as Ruby's `ERB.new(text, trim_mode: '-')` does (its
//! `ExplicitScanner` and `Compiler`), and numbers the lines of the Ruby script
//! ERB would generate, so that errors name the line Ruby would.
//!
//! Tags: `<% code %>`, `<%= expr %>`, `<%# comment %>`; `<%-` drops the blanks
//! before it when they start the line (or follow the previous tag); `-%>` drops
//! the newline after it; `<%%` is a literal `<%` in text and `%%>` a literal
//! `%>` inside a tag.

/// What a segment of the template is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum SegmentKind {
    /// Literal text, appended to the output.
    Text,
    /// `<% code %>`: Ruby statements.
    Code,
    /// `<%= expr %>`: the value's `to_s` appended to the output.
    Output,
}

/// One piece of the template.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Segment {
    pub kind: SegmentKind,
    pub text: String,
    /// The line of the generated Ruby script this segment starts on (the
    /// template's line, less the lines of comments before it).
    pub line: u32,
}

/// The opening tags, longest first as ERB tries them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Open {
    /// `<%-`, with the blanks before it (already dropped).
    Dash,
    Escape,
    Output,
    Comment,
    Code,
}

/// Splits a template into segments.
pub fn scan(src: &str) -> Vec<Segment> {
    let mut out = Vec::new();
    let mut content = String::new();
    let mut line: u32 = 1;
    let mut pos = 0;
    // Where the scanner's last match ended: `^` matches there too (Ruby's
    // StringScanner treats the scan position as the start of the string).
    let mut anchor = 0;
    let bytes = src.as_bytes();
    while pos < src.len() {
        // Outside a tag: find the next opening.
        let Some((at, len, open)) = find_open(src, pos, anchor) else {
            content.push_str(&src[pos..]);
            break;
        };
        content.push_str(&src[pos..at]);
        pos = at + len;
        anchor = pos;
        let kind = match open {
            Open::Escape => {
                content.push_str("<%");
                continue;
            }
            Open::Dash | Open::Code => SegmentKind::Code,
            Open::Output => SegmentKind::Output,
            Open::Comment => SegmentKind::Text, // marker: a comment
        };
        let comment = open == Open::Comment;
        push_text(&mut out, &mut content, &mut line);
        // Inside the tag: up to `-%>` or `%>`; `%%>` is a literal `%>`.
        let mut code = String::new();
        let mut closed = false;
        let mut trim = false;
        while pos < src.len() {
            let rest = &src[pos..];
            let next = [rest.find("-%>"), rest.find("%%>"), rest.find("%>")]
                .into_iter()
                .flatten()
                .min();
            let Some(i) = next else {
                code.push_str(rest);
                pos = src.len();
                break;
            };
            code.push_str(&rest[..i]);
            let tail = &rest[i..];
            if tail.starts_with("-%>") {
                pos += i + 3;
                trim = true;
                closed = true;
                break;
            } else if tail.starts_with("%%>") {
                code.push_str("%>");
                pos += i + 3;
            } else {
                pos += i + 2;
                closed = true;
                break;
            }
        }
        anchor = pos;
        if !closed {
            // ERB prints an unclosed tag's content as text.
            content.push_str(&code);
            break;
        }
        if !comment {
            let newlines = count_newlines(&code);
            out.push(Segment {
                kind,
                text: code,
                line,
            });
            line += newlines;
        }
        if trim {
            if src[pos..].starts_with("\r\n") {
                pos += 2;
                line += 1;
            } else if bytes.get(pos) == Some(&b'\n') {
                pos += 1;
                line += 1;
            } else if pos == src.len() {
                line += 1;
            }
            anchor = pos;
        }
    }
    push_text(&mut out, &mut content, &mut line);
    out
}

pub(crate) fn count_newlines(s: &str) -> u32 {
    u32::try_from(memchr::memchr_iter(b'\n', s.as_bytes()).count()).unwrap_or(u32::MAX)
}

fn push_text(out: &mut Vec<Segment>, content: &mut String, line: &mut u32) {
    if content.is_empty() {
        return;
    }
    let newlines = count_newlines(content);
    out.push(Segment {
        kind: SegmentKind::Text,
        text: std::mem::take(content),
        line: *line,
    });
    *line += newlines;
}

/// The next opening tag at or after `from`: (start, length, kind). A `<%-`
/// whose line (or the text since `anchor`) holds only blanks before it takes
/// those blanks with it.
fn find_open(src: &str, from: usize, anchor: usize) -> Option<(usize, usize, Open)> {
    let bytes = src.as_bytes();
    let mut i = from;
    while i < src.len() {
        // `^[ \t]*<%-` at a line start (or the scan position).
        if i == anchor || i == 0 || bytes[i - 1] == b'\n' {
            let mut j = i;
            while j < src.len() && (bytes[j] == b' ' || bytes[j] == b'\t') {
                j += 1;
            }
            if src[j..].starts_with("<%-") {
                return Some((i, j - i + 3, Open::Dash));
            }
        }
        let off = memchr::memchr(b'<', &bytes[i..])?;
        let at = i + off;
        // A line start between i and at must be tried first.
        if let Some(nl) = memchr::memchr(b'\n', &bytes[i..at]) {
            i = i + nl + 1;
            continue;
        }
        let rest = &src[at..];
        if rest.starts_with("<%-") {
            return Some((at, 3, Open::Dash));
        }
        if rest.starts_with("<%%") {
            return Some((at, 3, Open::Escape));
        }
        if rest.starts_with("<%=") {
            return Some((at, 3, Open::Output));
        }
        if rest.starts_with("<%#") {
            return Some((at, 3, Open::Comment));
        }
        if rest.starts_with("<%") {
            return Some((at, 2, Open::Code));
        }
        i = at + 1;
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    fn render(src: &str) -> Vec<(SegmentKind, String, u32)> {
        scan(src)
            .into_iter()
            .map(|s| (s.kind, s.text, s.line))
            .collect()
    }

    #[test]
    fn trims_like_ruby() {
        use SegmentKind::*;
        let segs = render(
            "a <% x=1 %>  <%- y=2 %>b\n  <%- z=3 -%>\nc <%- %>d\n<%%= e %%> <%= \"%%>\" %>\n  <%# c -%>\nz\n",
        );
        assert_eq!(
            segs,
            vec![
                (Text, "a ".into(), 1),
                (Code, " x=1 ".into(), 1),
                (Code, " y=2 ".into(), 1),
                (Text, "b\n".into(), 1),
                (Code, " z=3 ".into(), 2),
                (Text, "c ".into(), 3),
                (Code, " ".into(), 3),
                (Text, "d\n<%= e %%> ".into(), 3),
                (Output, " \"%>\" ".into(), 4),
                (Text, "\n  ".into(), 4),
                (Text, "z\n".into(), 6),
            ]
        );
    }

    #[test]
    fn unclosed_tag_is_text() {
        assert_eq!(
            render("a <% b"),
            vec![
                (SegmentKind::Text, "a ".into(), 1),
                (SegmentKind::Text, " b".into(), 1)
            ]
        );
    }
}
