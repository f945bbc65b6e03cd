//! EPP templates (`epp()` and `inline_epp()`): a template is translated into a
//! Puppet function whose body appends text and `<%= %>` values to an output
//! buffer, then parsed by the normal front end and evaluated like a lambda.
//!
//! Tags: `<% code %>`, `<%= expr %>`, `<%# comment %>`, `<%| params |%>`,
//! `<%-` (trims blanks before the tag on its line), `-%>` (trims the blanks
//! and the line break after the tag), and the escapes `<%%` and `%%>`.

use super::compiler::Compiler;
use super::error::{EResult, EvalError, Flow};
use super::scope::{Frame, ScopeKind, TOP};
use kuppet_syntax::Manifest;
use kuppet_syntax::ast::{ExprKind, FunctionDef};
use kuppet_values::value::Value;
use rustc_hash::FxHashMap;
use std::rc::Rc;

/// The names of the internal output functions the translation calls.
pub(crate) const EPP_TEXT: &str = "kuppet_epp_text";

/// Translates an EPP template into the source of a Puppet function.
pub(crate) fn translate(template: &str) -> Result<String, String> {
    let mut params = String::new();
    let mut body = String::new();
    let mut text = String::new();
    let mut rest = template;
    let mut skip_newline = false;
    let flush = |text: &mut String, body: &mut String| {
        if !text.is_empty() {
            body.push_str(EPP_TEXT);
            body.push('(');
            body.push_str(&quote(text));
            body.push_str(")\n");
            text.clear();
        }
    };
    let mut first = true;
    loop {
        if skip_newline {
            // `-%>` trims the blanks after it and one line break.
            rest = rest.trim_start_matches([' ', '\t']);
            if let Some(r) = rest.strip_prefix("\r\n") {
                rest = r;
            } else if let Some(r) = rest.strip_prefix('\n') {
                rest = r;
            }
            skip_newline = false;
        }
        let Some(open) = find_open(rest) else {
            text.push_str(&unescape_text(rest));
            break;
        };
        text.push_str(&unescape_text(&rest[..open]));
        let after = &rest[open + 2..];
        // Parameters: `<%|` or `<%- |`, closed by `|%>` or `| -%>`.
        let dash = after.starts_with('-');
        let after_dash = if dash { &after[1..] } else { after };
        let ws = after_dash.len() - after_dash.trim_start().len();
        if first && after_dash[ws..].starts_with('|') {
            if dash {
                let trimmed = text.trim_end_matches([' ', '\t']).len();
                text.truncate(trimmed);
            }
            let body_start = (after.len() - after_dash.len()) + ws + 1;
            let Some((close, len, trim)) = find_params_close(&after[body_start..]) else {
                return Err("Unbalanced epp parameters: no closing |%>".into());
            };
            params.push_str(&after[body_start..body_start + close]);
            skip_newline = trim;
            rest = &after[body_start + close + len..];
            first = false;
            continue;
        }
        let (kind, inner_start) = match after.as_bytes().first() {
            Some(b'=') => ('=', 1),
            Some(b'#') => ('#', 1),
            Some(b'|') => ('|', 1),
            Some(b'-') => {
                // `<%-` trims blanks before the tag on its line.
                let trimmed = text.trim_end_matches([' ', '\t']).len();
                text.truncate(trimmed);
                match after.as_bytes().get(1) {
                    Some(b'=') => ('=', 2),
                    _ => ('c', 1),
                }
            }
            _ => ('c', 0),
        };
        if kind == '|' && !first {
            return Err("EPP parameters must come first in the template".into());
        }
        if kind == '#' {
            // A comment is not a break in the text: `<%-` after it trims
            // the blanks before it too. `<%#-` trims the blanks before
            // the comment; `%%>` does not close it.
            let inner = &after[1..];
            let Some(close) = find_comment_close(inner) else {
                return Err("Unbalanced epp comment: no closing %>".into());
            };
            if inner.starts_with('-') {
                let trimmed = text.trim_end_matches([' ', '\t']).len();
                text.truncate(trimmed);
            }
            skip_newline = inner[..close].ends_with('-');
            rest = &inner[close + 2..];
            first = false;
            continue;
        }
        let closing = if kind == '|' { "|%>" } else { "%>" };
        let Some(close) = after[inner_start..].find(closing) else {
            return Err("Unbalanced epp tag: no closing %>".into());
        };
        let mut code = &after[inner_start..inner_start + close];
        let end = inner_start + close + closing.len();
        if kind != '|' && code.ends_with('-') {
            code = &code[..code.len() - 1];
            skip_newline = true;
        }
        if kind == '|' {
            params.push_str(code);
        } else {
            flush(&mut text, &mut body);
            match kind {
                '=' => {
                    body.push_str(EPP_TEXT);
                    body.push('(');
                    body.push_str(code);
                    body.push_str(")\n");
                }
                _ => {
                    body.push_str(code);
                    body.push('\n');
                }
            }
        }
        rest = &after[end..];
        first = false;
    }
    flush(&mut text, &mut body);
    Ok(format!(
        "function kuppet_epp_template({params}) {{\n{body}\n}}\n"
    ))
}

/// The end of a parameter list: `|`, blanks, optional `-`, `%>`:
/// (offset of `|`, length of the closing, whether it trims the newline).
fn find_params_close(s: &str) -> Option<(usize, usize, bool)> {
    let mut from = 0;
    while let Some(i) = s[from..].find('|') {
        let at = from + i;
        let tail = &s[at + 1..];
        let blanks = tail.len() - tail.trim_start_matches([' ', '\t']).len();
        let t = &tail[blanks..];
        if t.starts_with("-%>") {
            return Some((at, 1 + blanks + 3, true));
        }
        if t.starts_with("%>") {
            return Some((at, 1 + blanks + 2, false));
        }
        from = at + 1;
    }
    None
}

/// Where a comment's text (after `<%#`) ends: the first `%>` not
/// preceded by `%` (so `<%#%>` is empty and `%%>` stays inside).
fn find_comment_close(s: &str) -> Option<usize> {
    let b = s.as_bytes();
    (0..b.len().saturating_sub(1))
        .find(|&i| b[i] == b'%' && b[i + 1] == b'>' && (i == 0 || b[i - 1] != b'%'))
}

/// The first `<%` that is not the escape `<%%`.
fn find_open(s: &str) -> Option<usize> {
    let mut from = 0;
    while let Some(i) = s[from..].find("<%") {
        let at = from + i;
        if s[at + 2..].starts_with('%') {
            from = at + 3;
            continue;
        }
        return Some(at);
    }
    None
}

fn unescape_text(s: &str) -> String {
    s.replace("<%%", "<%").replace("%%>", "%>")
}

/// A single-quoted Puppet string holding `s`.
fn quote(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('\'');
    for c in s.chars() {
        if c == '\'' || c == '\\' {
            out.push('\\');
        }
        out.push(c);
    }
    out.push('\'');
    out
}

impl<'a> Compiler<'a> {
    /// Parses a template (cached by its text) into its function definition.
    fn epp_function(
        &mut self,
        label: &str,
        template: &str,
    ) -> Result<(&'a FunctionDef, &'a Manifest), String> {
        let manifest = match self.epp_cache.get(template) {
            Some(m) => *m,
            None => {
                let source = translate(template).map_err(|e| format!("Invalid EPP: {e}"))?;
                let parsed = kuppet_syntax::parse(label, &source)
                    .map_err(|d| format!("Invalid EPP: {}", d.headline()))?;
                let m: &'a Manifest = self.arena.alloc(parsed);
                self.epp_cache.insert(template.to_string(), m);
                m
            }
        };
        match manifest.program.body.first().map(|e| &e.kind) {
            Some(ExprKind::Function(f)) => Ok((f, manifest)),
            _ => Err("Invalid EPP template".into()),
        }
    }

    /// Renders a template; `inline` templates see the calling scope's variables,
    /// file templates only top scope and their parameters.
    pub(crate) fn render_epp(
        &mut self,
        label: &str,
        template: &str,
        args: Option<&Value>,
        inline: bool,
        f: &Frame,
    ) -> EResult<Value> {
        let (def, manifest) = self
            .epp_function(label, template)
            .map_err(|msg| Flow::from(EvalError::new(msg)))?;
        let given = match args {
            Some(Value::Hash(h)) => Some(h.clone()),
            Some(Value::Undef) | None => None,
            Some(other) => {
                return Err(EvalError::new(format!(
                    "EPP template arguments must be a Hash, got {}",
                    other.type_name()
                ))
                .into());
            }
        };
        let mut frame = if inline {
            let mut fr = f.clone();
            fr.locals.push(FxHashMap::default());
            fr
        } else {
            let scope = self.new_scope(ScopeKind::Function, Some(TOP), "");
            let mut fr = Frame::new(scope);
            fr.locals.push(FxHashMap::default());
            fr
        };
        // Bind parameters by name.
        for p in &def.params {
            let v = match given
                .as_ref()
                .and_then(|h| h.get(&Value::string(p.name.as_str())))
            {
                Some(v) => v.clone(),
                None => match &p.default {
                    Some(d) => self.eval(d, &mut frame, manifest)?,
                    None => {
                        return Err(EvalError::new(format!(
                            "Too few arguments: expected a value for parameter ${}",
                            p.name
                        ))
                        .into());
                    }
                },
            };
            if let Some(t) = &p.type_expr
                && let Value::Type(t) = self.eval(t, &mut frame, manifest)?
                && !kuppet_values::types::is_instance(&t, &v)
            {
                return Err(EvalError::new(format!(
                    "epp(): parameter '{}' {}",
                    p.name,
                    kuppet_values::types::describe_mismatch(&t, &v)
                ))
                .into());
            }
            if let Some(l) = frame.locals.last_mut() {
                l.insert(Rc::from(p.name.as_str()), v);
            }
        }
        if !def.params.is_empty()
            && let Some(h) = &given
        {
            for k in h.keys() {
                let name = k.to_display();
                if !def.params.iter().any(|p| p.name == name) {
                    return Err(EvalError::new(format!(
                        "epp(): the template has no parameter named '{name}'"
                    ))
                    .into());
                }
            }
        } else if let Some(h) = &given
            && let Some(l) = frame.locals.last_mut()
        {
            // Templates without declared parameters see the given ones as variables.
            for (k, v) in h.iter() {
                l.insert(Rc::from(k.to_display().as_str()), v.clone());
            }
        }
        self.epp_out.push(String::new());
        let r = self.eval_body(&def.body, &mut frame, manifest);
        let out = self.epp_out.pop().unwrap_or_default();
        match r {
            Ok(_) | Err(Flow::Return(_)) => Ok(Value::string(out)),
            Err(e) => Err(e),
        }
    }

    /// `epp('mod/file.epp', {...})`: the template from a module's templates/.
    pub(crate) fn epp_file(&mut self, path: &str) -> Result<(String, String), String> {
        let found = self.modules.find(path, "templates");
        match found.and_then(|c| std::fs::read_to_string(&c).ok().map(|text| (c, text))) {
            Some((c, text)) => Ok((c.display().to_string(), text)),
            None => Err(format!("Could not find template '{path}'")),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn templates_become_functions() {
        let src = translate("<%| $p |%>a <%= $p %>\n<% if true { -%>\n  x\n<% } -%>\n")
            .unwrap_or_default();
        assert!(src.starts_with("function kuppet_epp_template( $p ) {"));
        assert!(src.contains("kuppet_epp_text( $p )"));
        assert!(kuppet_syntax::parse("t", &src).is_ok(), "{src}");
    }

    #[test]
    fn escapes_and_trims() {
        let src = translate("  <%- $z = 5 -%>\nz <%% %%>").unwrap_or_default();
        assert!(!src.contains("'  '"));
        assert!(src.contains("'z <% %>'"));
    }
}
