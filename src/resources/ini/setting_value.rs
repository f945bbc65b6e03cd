//! A setting's value as a list of subsettings, as puppetlabs-inifile's
//! `Puppet::Util::SettingValue` splits, edits and joins it for
//! `ini_subsetting`: optional quotes around the whole value, items separated
//! by `subsetting_separator`, each item `NAME` + `subsetting_key_val_separator`
//! + `VALUE`.

/// Where a new subsetting goes (`insert_type`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Insert {
    Start,
    End,
    Before(String),
    After(String),
    Index(String),
}

/// The subsettings of one setting value.
#[derive(Debug, Clone)]
pub struct SettingValue {
    items: Vec<String>,
    separator: String,
    quote_char: String,
    key_val_separator: String,
}

/// Ruby's `String#to_i`: leading digits (and sign), else 0.
fn to_i(s: &str) -> i64 {
    let s = s.trim_start();
    let (sign, rest) = match s.strip_prefix('-') {
        Some(r) => (-1, r),
        None => (1, s.strip_prefix('+').unwrap_or(s)),
    };
    let digits: String = rest.chars().take_while(char::is_ascii_digit).collect();
    sign * digits.parse::<i64>().unwrap_or(0)
}

impl SettingValue {
    pub fn new(
        value: Option<&str>,
        separator: &str,
        default_quote: &str,
        key_val_separator: &str,
    ) -> SettingValue {
        let mut sv = SettingValue {
            items: Vec::new(),
            separator: separator.to_string(),
            quote_char: default_quote.to_string(),
            key_val_separator: key_val_separator.to_string(),
        };
        let Some(value) = value else {
            return sv;
        };
        let quote = if value.len() >= 2 && value.starts_with('"') && value.ends_with('"') {
            "\""
        } else if value.len() >= 2 && value.starts_with('\'') && value.ends_with('\'') {
            "'"
        } else {
            ""
        };
        let unquoted = if quote.is_empty() {
            value
        } else {
            sv.quote_char = quote.to_string();
            &value[1..value.len() - 1]
        };
        // The module's `[^\<separator>]|\.` items: runs of characters that
        // are not in the separator (a dot always belongs to an item).
        let is_item = |c: char| c == '.' || !separator.contains(c);
        let mut current = String::new();
        for c in unquoted.chars() {
            if is_item(c) {
                current.push(c);
            } else if !current.is_empty() {
                sv.items.push(std::mem::take(&mut current));
            }
        }
        if !current.is_empty() {
            sv.items.push(current);
        }
        for item in &mut sv.items {
            *item = item.trim().to_string();
        }
        sv
    }

    /// The whole value: items joined, quoted.
    pub fn value(&self) -> String {
        format!(
            "{q}{}{q}",
            self.items.join(&self.separator),
            q = self.quote_char
        )
    }

    fn matches(&self, item: &str, subsetting: &str, exact: bool) -> bool {
        if exact {
            item == subsetting
        } else {
            item.starts_with(&format!("{subsetting}{}", self.key_val_separator))
        }
    }

    fn find(&self, subsetting: &str, exact: bool) -> Option<usize> {
        self.items
            .iter()
            .position(|i| self.matches(i, subsetting, exact))
    }

    /// `get_subsetting_value`: None when absent; with `exact`, found items
    /// have no value of their own (`Some("")` stands for Ruby's `true`).
    pub fn get(&self, subsetting: &str, exact: bool) -> Option<String> {
        let index = self.find(subsetting, exact)?;
        if exact {
            return Some(String::new());
        }
        let skip = subsetting.chars().count() + self.key_val_separator.chars().count();
        Some(self.items[index].chars().skip(skip).collect())
    }

    fn item(&self, subsetting: &str, value: Option<&str>) -> String {
        format!(
            "{subsetting}{}{}",
            self.key_val_separator,
            value.unwrap_or("")
        )
    }

    /// `add_subsetting`: updates every matching item, or inserts a new one.
    pub fn add(&mut self, subsetting: &str, value: Option<&str>, exact: bool, insert: &Insert) {
        let new_item = self.item(subsetting, value);
        if self.find(subsetting, exact).is_some() {
            let updated: Vec<String> = self
                .items
                .iter()
                .map(|i| {
                    if self.matches(i, subsetting, exact) {
                        new_item.clone()
                    } else {
                        i.clone()
                    }
                })
                .collect();
            self.items = updated;
            return;
        }
        match insert {
            Insert::Start => self.items.insert(0, new_item),
            Insert::End => self.items.push(new_item),
            Insert::Before(other) => match self.find(other, exact) {
                Some(i) => self.items.insert(i, new_item),
                None => self.items.push(new_item),
            },
            Insert::After(other) => match self.find(other, exact) {
                Some(i) => self.items.insert(i + 1, new_item),
                None => self.items.push(new_item),
            },
            Insert::Index(n) => {
                let n = to_i(n);
                let len = self.items.len() as i64;
                // Ruby's Array#insert: a negative index counts from the end
                // (-1 appends).
                let at = if n > len {
                    len
                } else if n < 0 {
                    (len + n + 1).max(0)
                } else {
                    n
                };
                self.items.insert(at as usize, new_item);
            }
        }
    }

    /// `remove_subsetting`: drops every matching item.
    pub fn remove(&mut self, subsetting: &str, exact: bool) {
        let keep: Vec<String> = self
            .items
            .iter()
            .filter(|i| !self.matches(i, subsetting, exact))
            .cloned()
            .collect();
        self.items = keep;
    }

    /// Whether no item is left.
    pub fn is_empty(&self) -> bool {
        self.items.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn items_are_split_unquoted_and_found_by_prefix() {
        let sv = SettingValue::new(Some("\"-Xmx192m -XX:+Heap\""), " ", "", "");
        assert_eq!(sv.get("-Xmx", false).as_deref(), Some("192m"));
        assert_eq!(sv.get("-Xms", false), None);
        assert_eq!(sv.value(), "\"-Xmx192m -XX:+Heap\"");
    }

    #[test]
    fn adding_updates_or_inserts_where_asked() {
        let mut sv = SettingValue::new(Some("a=1,b=2"), ",", "", "=");
        sv.add("b", Some("3"), false, &Insert::End);
        sv.add("c", Some("4"), false, &Insert::Before("a".into()));
        sv.add("d", Some("5"), false, &Insert::After("a".into()));
        sv.add("e", Some("6"), false, &Insert::Index("1".into()));
        assert_eq!(sv.value(), "c=4,e=6,a=1,d=5,b=3");
        sv.remove("a", false);
        assert_eq!(sv.value(), "c=4,e=6,d=5,b=3");
    }

    #[test]
    fn a_missing_value_gets_the_default_quote() {
        let mut sv = SettingValue::new(None, " ", "'", "");
        sv.add("x", None, false, &Insert::End);
        assert_eq!(sv.value(), "'x'");
        sv.remove("x", false);
        assert!(sv.is_empty());
    }
}
