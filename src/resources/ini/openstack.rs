//! openstacklib's `Puppet::Util::OpenStackConfig`: the INI model of the
//! `openstack_config` `ruby` provider that `nova_config`, `keystone_config`,
//! `neutron_config` and the other main OpenStack `*_config` types inherit.
//! Unlike inifile's, a setting may repeat (its value is then every line's
//! value, in order), a new setting goes after the last line of its section
//! (or after a commented-out `#setting=` line), written `name=value` with
//! the section's smallest indentation, and a new section goes at the end.

/// `^(\s*)([^#;\s]|[^#;\s].*?[^\s=])(\s*=[ \t]*)(.*)\s*$` on one line:
/// indentation, name, separator, value.
fn setting_line(line: &str) -> Option<(usize, &str, &str, &str)> {
    let body = line.strip_suffix('\n').unwrap_or(line);
    let indent = body.len() - body.trim_start().len();
    let rest = &body[indent..];
    let first = rest.chars().next()?;
    if first == '#' || first == ';' || first.is_whitespace() {
        return None;
    }
    // The name ends at the first `=` whose left part, trimmed, ends with
    // neither space nor `=` (the lazy `.*?` takes the shortest name).
    let mut from = 0;
    while let Some(eq) = rest[from..].find('=').map(|i| i + from) {
        let name = rest[..eq].trim_end_matches([' ', '\t']);
        if !name.is_empty() && !name.ends_with('=') && !name.ends_with(char::is_whitespace) {
            let after = &rest[eq + 1..];
            let value_start = after.len() - after.trim_start_matches([' ', '\t']).len();
            let sep = &rest[name.len()..eq + 1 + value_start];
            // Ruby's greedy `(.*)\s*$`: the value keeps trailing spaces.
            let value = &after[value_start..];
            return Some((indent, name, sep, value));
        }
        from = eq + 1;
    }
    None
}

/// `^(\s*)[#;]+(\s*)(.*?[^\s=])(\s*=[ \t]*)(.*)\s*$`: the name of a
/// commented-out setting.
fn commented_setting(line: &str) -> Option<&str> {
    let body = line.strip_suffix('\n').unwrap_or(line).trim_start();
    let rest = body.trim_start_matches(['#', ';']);
    if rest.len() == body.len() {
        return None;
    }
    let rest = rest.trim_start();
    let mut from = 0;
    while let Some(eq) = rest[from..].find('=').map(|i| i + from) {
        let name = rest[..eq].trim_end_matches([' ', '\t']);
        if !name.is_empty() && !name.ends_with('=') {
            return Some(name);
        }
        from = eq + 1;
    }
    None
}

/// One section: its lines as read (each with its newline, but maybe the
/// file's last) and its settings.
#[derive(Debug, Clone, Default)]
struct Section {
    name: String,
    lines: Vec<String>,
}

impl Section {
    fn indentation(&self) -> usize {
        self.lines
            .iter()
            .filter_map(|l| setting_line(l).map(|s| s.0))
            .min()
            .unwrap_or(0)
    }

    fn values(&self, setting: &str) -> Vec<String> {
        self.lines
            .iter()
            .filter_map(|l| setting_line(l))
            .filter(|s| s.1 == setting)
            .map(|s| s.3.to_string())
            .collect()
    }

    fn find_last(&self, setting: &str) -> Option<usize> {
        self.lines
            .iter()
            .rposition(|l| setting_line(l).is_some_and(|s| s.1 == setting))
    }

    fn add_lines(&mut self, setting: &str, values: &[String]) {
        let indent = " ".repeat(self.indentation());
        let offset = match self.find_last(setting) {
            Some(i) => i,
            None => match self
                .lines
                .iter()
                .position(|l| commented_setting(l) == Some(setting))
            {
                Some(c) => c + 1,
                None => self.lines.len(),
            },
        };
        let new_lines = values.iter().map(|v| format!("{indent}{setting}={v}\n"));
        self.lines.splice(offset..offset, new_lines);
    }

    /// Removes the first line of `setting` for each value (any value when
    /// `values` is None), as `remove_lines` does.
    fn remove_lines(&mut self, setting: &str, values: Option<&[String]>) {
        let any = [None];
        let wanted: Vec<Option<&String>> = match values {
            Some(v) => v.iter().map(Some).collect(),
            None => any.to_vec(),
        };
        for want in &wanted {
            if let Some(i) = self.lines.iter().position(|l| {
                setting_line(l).is_some_and(|s| {
                    s.1 == setting
                        && match (want, values) {
                            (None, _) => true,
                            (Some(_), Some(all)) => all.iter().any(|a| a == s.3),
                            _ => false,
                        }
                })
            }) {
                self.lines.remove(i);
            }
        }
    }
}

/// A whole file.
#[derive(Debug, Clone)]
pub struct OpenStackConfig {
    sections: Vec<Section>,
}

impl OpenStackConfig {
    /// Parses a file's text (Ruby's `readlines`: lines keep their newline).
    pub fn parse(text: &str) -> OpenStackConfig {
        let mut sections = vec![Section::default()];
        for line in text.split_inclusive('\n') {
            let body = line.trim_end_matches('\n');
            let t = body.trim();
            if t.starts_with('[') && t.ends_with(']') && t.len() >= 2 {
                sections.push(Section {
                    name: t[1..t.len() - 1].to_string(),
                    lines: Vec::new(),
                });
            } else {
                sections
                    .last_mut()
                    .expect("one")
                    .lines
                    .push(line.to_string());
            }
        }
        OpenStackConfig { sections }
    }

    fn section(&self, name: &str) -> Option<&Section> {
        // A repeated section name: the last one read wins (a Hash).
        self.sections.iter().rev().find(|s| s.name == name)
    }

    fn section_mut(&mut self, name: &str) -> &mut Section {
        match self.sections.iter().rposition(|s| s.name == name) {
            Some(i) => &mut self.sections[i],
            None => {
                self.sections.push(Section {
                    name: name.to_string(),
                    lines: Vec::new(),
                });
                self.sections.last_mut().expect("pushed")
            }
        }
    }

    /// The setting's values; None when it is not set.
    pub fn get_value(&self, section: &str, setting: &str) -> Option<Vec<String>> {
        let v = self.section(section)?.values(setting);
        (!v.is_empty()).then_some(v)
    }

    /// Sets a setting to `values` (the provider's `set_value` with an
    /// array: lines no longer wanted removed, missing ones added).
    pub fn set_value(&mut self, section: &str, setting: &str, values: &[String]) {
        let old = self.get_value(section, setting);
        let s = self.section_mut(section);
        match old {
            None => s.add_lines(setting, values),
            Some(old) => {
                let useless: Vec<String> = old
                    .iter()
                    .filter(|o| !values.contains(o))
                    .cloned()
                    .collect();
                s.remove_lines(setting, Some(&useless));
                let missing: Vec<String> = values
                    .iter()
                    .filter(|v| !old.contains(v))
                    .cloned()
                    .collect();
                s.add_lines(setting, &missing);
            }
        }
    }

    /// Removes a setting (its first line, as `remove_setting` without a
    /// value removes).
    pub fn remove_setting(&mut self, section: &str, setting: &str) {
        if let Some(i) = self.sections.iter().rposition(|s| s.name == section) {
            self.sections[i].remove_lines(setting, None);
        }
    }

    /// The text `save` writes: `[name]` before each named section, every
    /// line ended by a newline (Ruby's `puts`).
    pub fn render(&self) -> String {
        let mut out = String::new();
        for s in &self.sections {
            if !s.name.is_empty() {
                out.push_str(&format!("[{}]\n", s.name));
            }
            for l in &s.lines {
                out.push_str(l);
                if !l.ends_with('\n') {
                    out.push('\n');
                }
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn v(items: &[&str]) -> Vec<String> {
        items.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn settings_read_repeat_and_keep_their_separators() {
        let c = OpenStackConfig::parse("[DEFAULT]\n  a = 1\nb=2\nb=3\n#c = 4\n\n[x]\n");
        assert_eq!(c.get_value("DEFAULT", "a"), Some(v(&["1"])));
        assert_eq!(c.get_value("DEFAULT", "b"), Some(v(&["2", "3"])));
        assert_eq!(c.get_value("DEFAULT", "c"), None);
        assert_eq!(c.get_value("x", "a"), None);
    }

    #[test]
    fn new_settings_go_after_their_comment_or_at_the_end() {
        let mut c = OpenStackConfig::parse("[DEFAULT]\n#c = 4\nd=1\n\n[x]\ny=1\n");
        c.set_value("DEFAULT", "c", &v(&["5"]));
        c.set_value("x", "z", &v(&["a", "b"]));
        c.set_value("new", "k", &v(&["v"]));
        c.set_value("DEFAULT", "d", &v(&["2"]));
        assert_eq!(
            c.render(),
            "[DEFAULT]\n#c = 4\nc=5\n\nd=2\n[x]\ny=1\nz=a\nz=b\n[new]\nk=v\n"
        );
        c.remove_setting("x", "z");
        assert_eq!(c.get_value("x", "z"), Some(v(&["b"])));
    }

    #[test]
    fn a_nova_conf_changes_as_puppet_changed_it() {
        // The changes of Puppet 7.23's run of tests/apply/config-types
        // oc01 (nova_config), and the file it left.
        let mut c = OpenStackConfig::parse(
            "[DEFAULT]\n# debug = false\nstate_path=/var/lib/nova\nmulti=a\nmulti=z\n\n[api]\nauth_strategy = noauth\n[database]\nconnection=sqlite://\n",
        );
        c.set_value("DEFAULT", "debug", &v(&["True"]));
        c.set_value("DEFAULT", "state_path", &v(&["/srv/nova"]));
        c.set_value("DEFAULT", "multi", &v(&["a", "b"]));
        c.remove_setting("api", "auth_strategy");
        c.set_value(
            "database",
            "connection",
            &v(&["mysql://nova:secret@db/nova"]),
        );
        c.set_value("newsection", "key", &v(&["v"]));
        assert_eq!(
            c.render(),
            "[DEFAULT]\n# debug = false\ndebug=True\nmulti=b\nmulti=a\n\nstate_path=/srv/nova\n[api]\n[database]\nconnection=mysql://nova:secret@db/nova\n[newsection]\nkey=v\n"
        );
    }
}
