//! An INI file as puppetlabs-inifile's `Puppet::Util::IniFile` reads and
//! writes it: a global section for the lines before the first header, then
//! each `[section]` with the line numbers it spans; settings are updated in
//! their lines, added after a commented-out version of themselves or at the
//! end of their section, and a section emptied by a removal goes with its
//! header. A faithful port — quirks included (a removal skips the line after
//! a removed one; the separator is put into the regular expressions as it is
//! written) — so kuppet leaves files byte for byte as Puppet would.

use indexmap::IndexMap;
use kuppet_values::value::RegexValue;

/// One section: its lines (`start..=end`, the header included for named
/// sections), the settings found there and the ones added since.
#[derive(Debug, Clone)]
struct Section {
    name: String,
    start_line: Option<isize>,
    /// `None`: a section not in the file yet (or an empty global section).
    end_line: Option<isize>,
    existing: IndexMap<String, String>,
    additional: IndexMap<String, Option<String>>,
    indentation: Option<usize>,
}

impl Section {
    fn new_empty(name: &str) -> Section {
        Section {
            name: name.to_string(),
            start_line: None,
            end_line: None,
            existing: IndexMap::new(),
            additional: IndexMap::new(),
            indentation: None,
        }
    }

    fn global(&self) -> bool {
        self.name.is_empty()
    }

    fn new_section(&self) -> bool {
        self.end_line.is_none()
    }

    fn empty(&self) -> bool {
        if self.global() {
            self.new_section()
        } else {
            self.start_line == self.end_line
        }
    }

    /// The line numbers the section spans (Ruby's `start..end`).
    fn range(&self) -> std::ops::RangeInclusive<isize> {
        match (self.start_line, self.end_line) {
            (Some(s), Some(e)) => s..=e,
            #[allow(clippy::reversed_empty_ranges)]
            _ => 1..=0,
        }
    }

    fn shift(&mut self, by: isize) {
        if let Some(s) = &mut self.start_line {
            *s += by;
        }
        if let Some(e) = &mut self.end_line {
            *e += by;
        }
    }
}

/// Why an INI file could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum IniError {
    /// A separator or section affix makes an invalid regular expression.
    #[error("{0}")]
    Regex(String),
}

/// An INI file's lines and sections.
#[derive(Debug)]
pub struct IniFile {
    lines: Vec<String>,
    section_names: Vec<String>,
    sections: IndexMap<String, Section>,
    key_val_separator: String,
    section_prefix: String,
    section_suffix: String,
    indent_char: String,
    indent_width: Option<usize>,
    section_regex: RegexValue,
    setting_regex: RegexValue,
    commented_setting_regex: RegexValue,
}

/// The text a regular expression sees of a line: without its newline (Ruby's
/// `$` matches before it; `^` never after it).
fn body(line: &str) -> &str {
    line.strip_suffix('\n').unwrap_or(line)
}

/// Ruby's `Regexp.escape`.
fn escape(s: &str) -> String {
    let mut out = String::new();
    for c in s.chars() {
        match c {
            '.' | '*' | '?' | '+' | '^' | '$' | '|' | '(' | ')' | '[' | ']' | '{' | '}' | '\\'
            | '-' => {
                out.push('\\');
                out.push(c);
            }
            ' ' => out.push_str("\\ "),
            '\t' => out.push_str("\\t"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            c => out.push(c),
        }
    }
    out
}

/// Options of the file's layout.
#[derive(Debug, Clone)]
pub struct Layout {
    pub key_val_separator: String,
    pub section_prefix: String,
    pub section_suffix: String,
    pub indent_char: String,
    pub indent_width: Option<usize>,
}

impl Default for Layout {
    fn default() -> Layout {
        Layout {
            key_val_separator: " = ".into(),
            section_prefix: "[".into(),
            section_suffix: "]".into(),
            indent_char: " ".into(),
            indent_width: None,
        }
    }
}

impl IniFile {
    /// Parses `text` (empty for a missing file).
    pub fn parse(text: &str, layout: Layout) -> Result<IniFile, IniError> {
        let sep = &layout.key_val_separator;
        let kvs = if !sep.is_empty() && sep.chars().all(char::is_whitespace) {
            " ".to_string()
        } else {
            sep.trim().to_string()
        };
        let regex = |s: String| RegexValue::new(&s).map_err(IniError::Regex);
        let section_regex = regex(format!(
            r"^\s*{}(.*){}\s*$",
            escape(&layout.section_prefix),
            escape(&layout.section_suffix)
        ))?;
        let setting_regex = regex(format!(
            r"^(\s*)([^#;\s]|[^#;\s].*?[^\s{kvs}])(\s*{kvs}[ \t]*)(.*)\s*$"
        ))?;
        let commented_setting_regex = regex(format!(
            r"^(\s*)[#;]+(\s*)(.*?[^\s{kvs}])(\s*{kvs}[ \t]*)(.*)\s*$"
        ))?;
        let mut file = IniFile {
            lines: text.split_inclusive('\n').map(str::to_string).collect(),
            section_names: Vec::new(),
            sections: IndexMap::new(),
            key_val_separator: layout.key_val_separator,
            section_prefix: layout.section_prefix,
            section_suffix: layout.section_suffix,
            indent_char: layout.indent_char,
            indent_width: layout.indent_width,
            section_regex,
            setting_regex,
            commented_setting_regex,
        };
        file.parse_sections();
        Ok(file)
    }

    fn parse_sections(&mut self) {
        let mut next = 0usize;
        let global = self.read_section("", 0, &mut next);
        self.add_section(global);
        while next < self.lines.len() {
            let line_num = next;
            next += 1;
            if let Some(caps) = self.section_regex.captures(body(&self.lines[line_num])) {
                let name = caps.get(1).cloned().flatten().unwrap_or_default();
                let section = self.read_section(&name, line_num, &mut next);
                self.add_section(section);
            }
        }
    }

    /// Reads a section's lines from `next` until the next header.
    fn read_section(&self, name: &str, start_line: usize, next: &mut usize) -> Section {
        let mut settings = IndexMap::new();
        let mut end_line = start_line as isize;
        let mut min_indentation: Option<usize> = None;
        let mut empty = true;
        loop {
            if *next >= self.lines.len() || self.section_regex.is_match(body(&self.lines[*next])) {
                let end = if name.is_empty() && empty {
                    None
                } else {
                    Some(end_line)
                };
                return Section {
                    name: name.to_string(),
                    start_line: Some(start_line as isize),
                    end_line: end,
                    existing: settings,
                    additional: IndexMap::new(),
                    indentation: min_indentation,
                };
            }
            let line = body(&self.lines[*next]);
            if let Some(caps) = self.setting_regex.captures(line) {
                let get = |i: usize| caps.get(i).cloned().flatten().unwrap_or_default();
                settings.insert(get(2), get(4));
                let indentation = get(1).chars().count();
                min_indentation = Some(min_indentation.map_or(indentation, |m| m.min(indentation)));
            }
            end_line = *next as isize;
            empty = false;
            *next += 1;
        }
    }

    fn add_section(&mut self, section: Section) {
        self.section_names.push(section.name.clone());
        self.sections.insert(section.name.clone(), section);
    }

    /// The section names, in file order (the global one, `""`, first).
    pub fn section_names(&self) -> &[String] {
        &self.section_names
    }

    pub fn has_section(&self, name: &str) -> bool {
        self.sections.contains_key(name)
    }

    /// The value of a setting, if the section has it.
    pub fn get_value(&self, section: &str, setting: &str) -> Option<String> {
        let s = self.sections.get(section)?;
        match s.existing.get(setting) {
            Some(v) => Some(v.clone()),
            None => s
                .additional
                .get(setting)
                .map(|v| v.clone().unwrap_or_default()),
        }
    }

    /// The settings of a section and their values, in order.
    pub fn settings(&self, section: &str) -> Vec<(String, String)> {
        let Some(s) = self.sections.get(section) else {
            return Vec::new();
        };
        let mut out: Vec<(String, String)> = s
            .existing
            .iter()
            .map(|(k, v)| (k.clone(), v.clone()))
            .collect();
        for (k, v) in &s.additional {
            if !s.existing.contains_key(k) {
                out.push((k.clone(), v.clone().unwrap_or_default()));
            }
        }
        out
    }

    fn indent(&self, section: &Section) -> String {
        self.indent_char
            .repeat(self.indent_width.or(section.indentation).unwrap_or(0))
    }

    fn shift_sections_from(&mut self, index: usize, by: isize) {
        let names: Vec<String> = self.section_names.iter().skip(index).cloned().collect();
        for name in names {
            if let Some(s) = self.sections.get_mut(&name) {
                s.shift(by);
            }
        }
    }

    /// Makes sure a section exists (`set_value(section)`).
    pub fn ensure_section(&mut self, section: &str) {
        if !self.sections.contains_key(section) {
            self.add_section(Section::new_empty(section));
        }
    }

    /// Sets a setting: in its line when it exists, after a commented-out
    /// version of it, or at the end of its section.
    pub fn set_value(
        &mut self,
        section_name: &str,
        setting: &str,
        separator: &str,
        value: Option<&str>,
    ) {
        self.ensure_section(section_name);
        let section = self.sections[section_name].clone();
        if section.existing.contains_key(setting) {
            let value = value.unwrap_or("");
            for line_num in section.range() {
                let Some(line) = self.lines.get(line_num as usize) else {
                    continue;
                };
                if let Some(caps) = self.setting_regex.captures(body(line)) {
                    let get = |i: usize| caps.get(i).cloned().flatten().unwrap_or_default();
                    if get(2) == setting {
                        self.lines[line_num as usize] =
                            format!("{}{}{}{value}", get(1), get(2), get(3));
                    }
                }
            }
            if let Some(s) = self.sections.get_mut(section_name) {
                s.existing.insert(setting.to_string(), value.to_string());
            }
        } else if let Some(line_num) = self.find_commented_setting(&section, setting) {
            let line = format!(
                "{}{setting}{separator}{}",
                self.indent(&section),
                value.unwrap_or("")
            );
            self.lines.insert(line_num + 1, line);
            if let Some(s) = self.sections.get_mut(section_name) {
                s.existing
                    .insert(setting.to_string(), value.unwrap_or("").to_string());
                if let Some(e) = &mut s.end_line {
                    *e += 1;
                }
            }
            let index = self.index_of(section_name);
            self.shift_sections_from(index + 1, 1);
        } else if let Some(s) = self.sections.get_mut(section_name) {
            s.additional
                .insert(setting.to_string(), value.map(str::to_string));
        }
    }

    fn index_of(&self, section: &str) -> usize {
        self.section_names
            .iter()
            .position(|n| n == section)
            .unwrap_or(0)
    }

    fn find_commented_setting(&self, section: &Section, setting: &str) -> Option<usize> {
        if section.new_section() {
            return None;
        }
        for line_num in section.range() {
            let line = self.lines.get(line_num as usize)?;
            if let Some(caps) = self.commented_setting_regex.captures(body(line))
                && caps.get(3).cloned().flatten().as_deref() == Some(setting)
            {
                return Some(line_num as usize);
            }
        }
        None
    }

    /// Removes a setting's lines; a section left with nothing but its
    /// header loses the header too.
    pub fn remove_setting(&mut self, section_name: &str, setting: &str) {
        let Some(section) = self.sections.get(section_name).cloned() else {
            return;
        };
        if !section.existing.contains_key(setting) {
            return;
        }
        // As Ruby's `each` over the original range while deleting: the
        // line after a deleted one is not looked at.
        for line_num in section.range() {
            let Some(line) = self.lines.get(line_num as usize) else {
                continue;
            };
            if let Some(caps) = self.setting_regex.captures(body(line))
                && caps.get(2).cloned().flatten().as_deref() == Some(setting)
            {
                self.lines.remove(line_num as usize);
            }
        }
        let index = self.index_of(section_name);
        if let Some(s) = self.sections.get_mut(section_name)
            && s.existing.shift_remove(setting).is_some()
            && let Some(e) = &mut s.end_line
        {
            *e -= 1;
        }
        self.shift_sections_from(index + 1, -1);
        let section = self.sections[section_name].clone();
        if section.empty() {
            if let Some(start) = section.start_line
                && (start as usize) < self.lines.len()
            {
                self.lines.remove(start as usize);
            }
            self.shift_sections_from(index + 1, -1);
            self.section_names.remove(index);
            self.sections.shift_remove(section_name);
        }
    }

    /// The file's new text (`save`).
    pub fn render(&self) -> String {
        fn puts(out: &mut String, line: &str) {
            out.push_str(line);
            if !line.ends_with('\n') {
                out.push('\n');
            }
        }
        let global_empty = self
            .sections
            .get("")
            .is_none_or(|g| g.empty() && g.additional.is_empty());
        let mut out = String::new();
        for (index, name) in self.section_names.iter().enumerate() {
            let section = &self.sections[name];
            let mut whitespace: Vec<&str> = Vec::new();
            if section.new_section() && !section.global() {
                if index == 1 && !global_empty || index > 1 {
                    puts(&mut out, "");
                }
                puts(
                    &mut out,
                    &format!(
                        "{}{}{}",
                        self.section_prefix, section.name, self.section_suffix
                    ),
                );
            }
            if !section.new_section() {
                for line_num in section.range() {
                    let Some(line) = self.lines.get(line_num as usize) else {
                        continue;
                    };
                    if body(line).chars().all(char::is_whitespace) {
                        whitespace.push(line);
                    } else {
                        for w in whitespace.drain(..) {
                            puts(&mut out, w);
                        }
                        puts(&mut out, line);
                    }
                }
            }
            for (key, value) in &section.additional {
                puts(
                    &mut out,
                    &format!(
                        "{}{key}{}{}",
                        self.indent(section),
                        self.key_val_separator,
                        value.as_deref().unwrap_or("")
                    ),
                );
            }
            if !whitespace.is_empty() {
                for w in whitespace.drain(..) {
                    puts(&mut out, w);
                }
            } else if section.new_section()
                && !section.additional.is_empty()
                && index + 1 < self.section_names.len()
            {
                puts(&mut out, "");
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(text: &str) -> IniFile {
        IniFile::parse(text, Layout::default()).expect("parses")
    }

    #[test]
    fn settings_are_read_per_section() {
        let f = parse("a = 1\n[s]\nk=v\n  j = w  \n# c = x\n[t]\n");
        assert_eq!(f.section_names(), &["", "s", "t"]);
        assert_eq!(f.get_value("", "a").as_deref(), Some("1"));
        assert_eq!(f.get_value("s", "k").as_deref(), Some("v"));
        assert_eq!(f.get_value("s", "j").as_deref(), Some("w  "));
        assert_eq!(f.get_value("s", "c"), None);
        assert!(f.has_section("t"));
    }

    #[test]
    fn an_existing_setting_is_updated_in_place() {
        let mut f = parse("[s]\nk=v\nother = 1\n");
        f.set_value("s", "k", " = ", Some("new"));
        assert_eq!(f.render(), "[s]\nk=new\nother = 1\n");
    }

    #[test]
    fn a_new_setting_goes_after_its_commented_version_or_before_trailing_blanks() {
        let mut f = parse("[s]\n# k = old\nx = 1\n\n[t]\ny = 2\n");
        f.set_value("s", "k", " = ", Some("v"));
        f.set_value("s", "z", " = ", Some("last"));
        f.set_value("t", "w", " = ", Some("3"));
        assert_eq!(
            f.render(),
            "[s]\n# k = old\nk = v\nx = 1\nz = last\n\n[t]\ny = 2\nw = 3\n"
        );
    }

    #[test]
    fn new_sections_are_separated_by_blank_lines() {
        // Each resource parses the file its predecessor saved.
        let mut f = parse("");
        f.set_value("a", "k", " = ", Some("1"));
        let mut f = parse(&f.render());
        f.set_value("b", "k", " = ", Some("2"));
        assert_eq!(f.render(), "[a]\nk = 1\n\n[b]\nk = 2\n");
        let mut f = parse("top = 1\n");
        f.set_value("a", "k", " = ", Some("1"));
        assert_eq!(f.render(), "top = 1\n\n[a]\nk = 1\n");
    }

    #[test]
    fn removing_the_last_setting_removes_the_section() {
        let mut f = parse("[a]\nk = 1\n[b]\nj = 2\n");
        f.remove_setting("a", "k");
        assert_eq!(f.render(), "[b]\nj = 2\n");
        assert!(!f.has_section("a"));
        f.remove_setting("b", "missing");
        assert_eq!(f.render(), "[b]\nj = 2\n");
    }

    #[test]
    fn indentation_follows_the_section() {
        let mut f = parse("[a]\n    k = 1\n");
        f.set_value("a", "j", " = ", Some("2"));
        assert_eq!(f.render(), "[a]\n    k = 1\n    j = 2\n");
    }
}
