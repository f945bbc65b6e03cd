//! puppetlabs-stdlib's `file_line`: one line of a file, present (appended,
//! put after a line matching `after`, or replacing the lines matching
//! `match`) or absent (the equal lines, or with `match_for_absence` the
//! matching ones).
//!
//! A port of the module's `ruby` provider: `exists?` decides `ensure`
//! exactly as it does (including its "lies, but gets the job done"
//! branches), and the file is rewritten line by line as Ruby's `puts` writes
//! it — but atomically, keeping the file's mode and owner. Lines are bytes:
//! `encoding` says how to read them for regular expressions (UTF-8, the
//! default, refuses invalid bytes as Ruby does; ISO-8859-1 and the other
//! single-byte names read each byte as one character).

use crate::textfile;
use crate::{Context, Examined, Property, ResourceError, Sync, located, param_string};
use kuppet_catalog::Resource;
use kuppet_catalog::graph::AutoRequire;
use kuppet_values::value::RegexValue;
use serde_json::json;

/// How the file's bytes are read for matching.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Encoding {
    Utf8,
    /// One byte, one character (ISO-8859-1, ASCII-8BIT/BINARY, US-ASCII...).
    Bytes,
}

/// A `file_line` resource.
#[derive(Debug)]
pub struct FileLine {
    path: String,
    present: bool,
    line: Option<String>,
    matcher: Option<String>,
    after: Option<String>,
    multiple: bool,
    replace: bool,
    replace_all: bool,
    match_for_absence: bool,
    append_on_no_match: bool,
    encoding: Encoding,
    /// The file's lines as last read (each with its newline).
    lines: Vec<Vec<u8>>,
}

/// A parameter that takes `true` or `false` (`newvalues(true, false)`).
fn true_false(resource: &Resource, name: &str) -> Result<Option<bool>, ResourceError> {
    match param_string(resource, name).as_deref() {
        None => Ok(None),
        Some("true") => Ok(Some(true)),
        Some("false") => Ok(Some(false)),
        Some(other) => Err(ResourceError::invalid(located(
            resource,
            &format!(
                "Parameter {name} failed on {}: Invalid value \"{other}\". Valid values are true, false.",
                resource.reference()
            ),
        ))),
    }
}

impl FileLine {
    pub fn new(resource: &Resource) -> Result<FileLine, ResourceError> {
        let reference = resource.reference();
        let present = match param_string(resource, "ensure").as_deref() {
            None | Some("present") => true,
            Some("absent") => false,
            Some(other) => {
                return Err(ResourceError::invalid(located(
                    resource,
                    &format!(
                        "Parameter ensure failed on {reference}: Invalid value \"{other}\". Valid values are present, absent."
                    ),
                )));
            }
        };
        let multiple = true_false(resource, "multiple")?;
        let match_for_absence = true_false(resource, "match_for_absence")?.unwrap_or(false);
        let replace = true_false(resource, "replace")?.unwrap_or(true);
        let replace_all =
            true_false(resource, "replace_all_matches_not_matching_line")?.unwrap_or(false);
        let append_on_no_match = true_false(resource, "append_on_no_match")?.unwrap_or(true);
        let path = param_string(resource, "path");
        if let Some(p) = &path
            && !p.starts_with('/')
        {
            return Err(ResourceError::invalid(located(
                resource,
                &format!(
                    "Parameter path failed on {reference}: File paths must be fully qualified, not '{p}'"
                ),
            )));
        }
        let encoding = match param_string(resource, "encoding") {
            None => Encoding::Utf8,
            Some(e) => match e.to_ascii_uppercase().as_str() {
                "UTF-8" | "UTF8" | "CP65001" => Encoding::Utf8,
                "ISO-8859-1" | "ISO8859-1" | "LATIN1" | "ASCII-8BIT" | "BINARY" | "US-ASCII"
                | "ASCII" | "ISO-8859-15" | "WINDOWS-1252" | "CP1252" => Encoding::Bytes,
                _ => {
                    return Err(ResourceError::invalid(located(
                        resource,
                        &format!(
                            "Parameter encoding failed on {reference}: kuppet reads files as UTF-8 or as single-byte encodings (ISO-8859-1...), not {e}"
                        ),
                    )));
                }
            },
        };
        let validation = |msg: &str| {
            ResourceError::invalid(located(
                resource,
                &format!("Validation of {reference} failed: {msg}"),
            ))
        };
        if replace_all && multiple == Some(false) {
            return Err(validation(
                "multiple must be true when replace_all_matches_not_matching_line is true",
            ));
        }
        if replace_all && !replace {
            return Err(validation(
                "replace must be true when replace_all_matches_not_matching_line is true",
            ));
        }
        let line = param_string(resource, "line");
        let matcher = param_string(resource, "match");
        if line.is_none() && !(!present && match_for_absence && matcher.is_some()) {
            return Err(validation("line is a required attribute"));
        }
        let Some(path) = path else {
            return Err(validation("path is a required attribute"));
        };
        Ok(FileLine {
            path,
            present,
            line,
            matcher,
            after: param_string(resource, "after"),
            multiple: multiple == Some(true),
            replace,
            replace_all,
            match_for_absence,
            append_on_no_match,
            encoding,
            lines: Vec::new(),
        })
    }

    /// A line as text for a regular expression, without its final newline:
    /// Ruby's `^` never matches after a newline that ends the string, a
    /// multi-line `^` here would.
    fn text(&self, line: &[u8]) -> Result<String, ResourceError> {
        let line = line.strip_suffix(b"\n").unwrap_or(line);
        match self.encoding {
            Encoding::Utf8 => String::from_utf8(line.to_vec())
                .map_err(|_| ResourceError::failed("invalid byte sequence in UTF-8")),
            Encoding::Bytes => Ok(line.iter().map(|&b| b as char).collect()),
        }
    }

    fn regex(source: &str) -> Result<RegexValue, ResourceError> {
        RegexValue::new(source).map_err(ResourceError::failed)
    }

    /// Whether a line, without its newline, is the managed line.
    fn is_line(&self, line: &[u8]) -> bool {
        let chomped = line
            .strip_suffix(b"\r\n")
            .or_else(|| line.strip_suffix(b"\n"))
            .or_else(|| line.strip_suffix(b"\r"))
            .unwrap_or(line);
        self.line.as_deref().map(str::as_bytes) == Some(chomped)
    }

    /// The provider's `count_matches`.
    fn count_matches(&self, regex: &RegexValue) -> Result<usize, ResourceError> {
        let mut n = 0;
        for line in &self.lines {
            if self.replace_all && self.is_line(line) {
                continue;
            }
            if regex.is_match(&self.text(line)?) {
                n += 1;
            }
        }
        Ok(n)
    }

    /// The provider's `exists?`.
    fn exists(&self) -> Result<bool, ResourceError> {
        let lines_count = self.lines.iter().filter(|l| self.is_line(l)).count();
        let Some(m) = &self.matcher else {
            return Ok(lines_count > 0);
        };
        let match_count = self.count_matches(&Self::regex(m)?)?;
        Ok(if self.present {
            if match_count == 0 {
                // "lies, but gets the job done"
                lines_count > 0 || !self.append_on_no_match
            } else if self.replace_all {
                false
            } else if lines_count == 0 {
                !self.replace
            } else {
                true
            }
        } else if match_count == 0 {
            lines_count > 0
        } else if lines_count == 0 {
            self.match_for_absence
        } else {
            true
        })
    }

    fn new_line(&self) -> &[u8] {
        self.line.as_deref().unwrap_or("").as_bytes()
    }

    /// `puts` of raw bytes.
    fn puts(out: &mut Vec<u8>, line: &[u8]) {
        out.extend_from_slice(line);
        if !line.ends_with(b"\n") {
            out.push(b'\n');
        }
    }

    fn too_many(&self) -> ResourceError {
        ResourceError::failed(format!(
            "More than one line in file '{}' matches pattern '{}'",
            self.path,
            self.matcher.as_deref().unwrap_or("")
        ))
    }

    /// The provider's `create`: the new content, or None when nothing is written.
    fn created(&self) -> Result<Option<Vec<u8>>, ResourceError> {
        let match_regex = self.matcher.as_deref().map(Self::regex).transpose()?;
        let after_regex = self.after.as_deref().map(Self::regex).transpose()?;
        if !self.replace
            && let Some(r) = &match_regex
            && self.count_matches(r)? > 0
        {
            return Ok(None);
        }
        let mut out = Vec::new();
        if let Some(match_regex) = &match_regex {
            let mut match_count = self.count_matches(match_regex)?;
            if match_count > 1 && !self.multiple {
                return Err(self.too_many());
            }
            for line in &self.lines {
                let text = self.text(line)?;
                if match_regex.is_match(&text) {
                    Self::puts(&mut out, self.new_line());
                } else {
                    Self::puts(&mut out, line);
                }
                if match_count == 0
                    && let Some(after) = &after_regex
                    && after.is_match(&text)
                {
                    Self::puts(&mut out, self.new_line());
                    match_count += 1;
                }
            }
            if match_count == 0 {
                Self::puts(&mut out, self.new_line());
            }
        } else if let Some(after_regex) = &after_regex {
            let after_count = self.count_matches(after_regex)?;
            if after_count > 1 && !self.multiple {
                return Err(ResourceError::failed(format!(
                    "{after_count} lines match pattern '{}' in file '{}'. One or no line must match the pattern.",
                    self.after.as_deref().unwrap_or(""),
                    self.path
                )));
            }
            for line in &self.lines {
                Self::puts(&mut out, line);
                if after_regex.is_match(&self.text(line)?) {
                    Self::puts(&mut out, self.new_line());
                }
            }
            if after_count == 0 {
                Self::puts(&mut out, self.new_line());
            }
        } else {
            for line in &self.lines {
                Self::puts(&mut out, line);
            }
            Self::puts(&mut out, self.new_line());
        }
        Ok(Some(out))
    }

    /// The provider's `destroy`: the content without the line(s).
    fn destroyed(&self) -> Result<Vec<u8>, ResourceError> {
        let mut out = Vec::new();
        if self.match_for_absence
            && let Some(m) = &self.matcher
        {
            let regex = Self::regex(m)?;
            if self.count_matches(&regex)? > 1 && !self.multiple {
                return Err(self.too_many());
            }
            for line in &self.lines {
                if !regex.is_match(&self.text(line)?) {
                    out.extend_from_slice(line);
                }
            }
        } else {
            for line in &self.lines {
                if !self.is_line(line) {
                    out.extend_from_slice(line);
                }
            }
        }
        Ok(out)
    }
}

impl crate::Provider for FileLine {
    fn examine(&mut self, cx: &mut Context) -> Result<Examined, ResourceError> {
        let root = cx.host.fs();
        self.lines = match root.read(&self.path) {
            Ok(data) => data
                .split_inclusive(|&b| b == b'\n')
                .map(<[u8]>::to_vec)
                .collect(),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound && cx.noop => Vec::new(),
            Err(e) => {
                return Err(ResourceError::failed(textfile::sysopen_error(
                    &e, &self.path,
                )));
            }
        };
        let exists = self.exists()?;
        let (current, desired) = (
            if exists { "present" } else { "absent" },
            if self.present { "present" } else { "absent" },
        );
        let sync = if current == desired {
            Sync::InSync
        } else {
            Sync::OutOfSync
        };
        let event = if self.present {
            "file_line_created"
        } else {
            "file_line_removed"
        };
        Ok(Examined {
            present: exists,
            properties: vec![
                Property::new("ensure", json!(current), json!(desired), sync).with_event(event),
            ],
        })
    }

    fn sync(&mut self, property: &Property, cx: &mut Context) -> Result<String, ResourceError> {
        let content = if self.present {
            self.created()?
        } else {
            Some(self.destroyed()?)
        };
        if let Some(content) = content {
            textfile::write(cx.host.fs(), &self.path, &content, 0o644)
                .map_err(|e| ResourceError::failed(textfile::sysopen_error(&e, &self.path)))?;
        }
        Ok(property.ensure_message())
    }

    fn provider_name(&self) -> Option<&'static str> {
        Some("ruby")
    }
}

/// A `file_line` requires the `file` of its path.
pub fn autorequire(resource: &Resource) -> Vec<AutoRequire> {
    match param_string(resource, "path") {
        Some(p) => vec![AutoRequire::new("File", p)],
        None => Vec::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn resource(params: &[(&str, &str)]) -> Resource {
        let mut parameters = kuppet_catalog::Parameters::default();
        for (k, v) in params {
            parameters.insert((*k).into(), json!(v));
        }
        Resource {
            type_name: "File_line".into(),
            title: "t".into(),
            tags: Vec::new(),
            file: None,
            line: None,
            exported: false,
            kind: None,
            parameters,
            sensitive_parameters: Vec::new(),
        }
    }

    fn with_lines(params: &[(&str, &str)], text: &str) -> FileLine {
        let mut p = FileLine::new(&resource(params)).expect("valid");
        p.lines = text
            .as_bytes()
            .split_inclusive(|&b| b == b'\n')
            .map(<[u8]>::to_vec)
            .collect();
        p
    }

    #[test]
    fn a_missing_line_is_appended_with_a_newline() {
        let p = with_lines(&[("path", "/f"), ("line", "x = 1")], "a\nb");
        assert!(!p.exists().expect("exists"));
        assert_eq!(
            p.created().expect("create"),
            Some(b"a\nb\nx = 1\n".to_vec())
        );
    }

    #[test]
    fn match_replaces_and_refuses_several_without_multiple() {
        let params = [("path", "/f"), ("line", "k=2"), ("match", "^k=")];
        let p = with_lines(&params, "k=1\nz\n");
        assert!(!p.exists().expect("exists"));
        assert_eq!(p.created().expect("create"), Some(b"k=2\nz\n".to_vec()));
        let p = with_lines(&params, "k=1\nk=3\n");
        let err = p.created().expect_err("two matches");
        assert_eq!(
            err.to_string(),
            "More than one line in file '/f' matches pattern '^k='"
        );
    }

    #[test]
    fn after_inserts_below_the_matching_line() {
        let params = [("path", "/f"), ("line", "new"), ("after", "^a$")];
        let p = with_lines(&params, "a\nb\n");
        assert_eq!(p.created().expect("create"), Some(b"a\nnew\nb\n".to_vec()));
    }

    #[test]
    fn absent_by_match_needs_match_for_absence() {
        let params = [
            ("path", "/f"),
            ("ensure", "absent"),
            ("match", "^k"),
            ("match_for_absence", "true"),
        ];
        let p = with_lines(&params, "k=1\nz\n");
        assert!(p.exists().expect("exists"));
        assert_eq!(p.destroyed().expect("destroy"), b"z\n".to_vec());
    }

    #[test]
    fn validation_uses_puppets_words() {
        let err = FileLine::new(&resource(&[("path", "/f")])).expect_err("no line");
        assert_eq!(
            err.to_string(),
            "Validation of File_line[t] failed: line is a required attribute"
        );
        let err =
            FileLine::new(&resource(&[("path", "rel"), ("line", "x")])).expect_err("relative");
        assert_eq!(
            err.to_string(),
            "Parameter path failed on File_line[t]: File paths must be fully qualified, not 'rel'"
        );
        let err = FileLine::new(&resource(&[
            ("path", "/f"),
            ("line", "x"),
            ("multiple", "maybe"),
        ]))
        .expect_err("bad bool");
        assert!(err.to_string().contains("Valid values are true, false."));
    }

    #[test]
    fn invalid_utf8_fails_only_when_a_regex_reads_it() {
        let mut p = with_lines(&[("path", "/f"), ("line", "x")], "");
        p.lines = vec![b"\xff\n".to_vec()];
        assert!(!p.exists().expect("no regex"));
        let mut p = with_lines(&[("path", "/f"), ("line", "x"), ("match", "y")], "");
        p.lines = vec![b"\xff\n".to_vec()];
        assert_eq!(
            p.exists().expect_err("regex").to_string(),
            "invalid byte sequence in UTF-8"
        );
        let mut p = with_lines(
            &[
                ("path", "/f"),
                ("line", "x"),
                ("match", "^."),
                ("encoding", "iso-8859-1"),
            ],
            "",
        );
        p.lines = vec![b"\xff\n".to_vec()];
        assert_eq!(p.created().expect("create"), Some(b"x\n".to_vec()));
    }
}
