//! Puppet literals in Puppet's notation (`[1, 'a']`, `{a => 1}`,
//! `Struct[{a => Optional[Integer]}]`, `/re/`, `undef`, `default`): the
//! built-in function signatures are written this way, and so are test
//! cases taken from Puppet's output.

use super::super::value::{RegexValue, Value};
use super::{PType, parameterize, resource_access};
use std::rc::Rc;

/// Parses a literal; capitalized names are built-in types or resource types.
pub fn literal(src: &str) -> Option<Value> {
    literal_with(src, &|name| {
        Some(PType::from_name(name).unwrap_or_else(|| PType::resource_type(name)))
    })
}

/// Parses a literal, naming types with `resolve`.
pub fn literal_with(src: &str, resolve: &dyn Fn(&str) -> Option<PType>) -> Option<Value> {
    let mut p = Parser {
        chars: src.chars().collect(),
        pos: 0,
        resolve,
    };
    let v = p.value()?;
    p.at_end().then_some(v)
}

struct Parser<'r> {
    chars: Vec<char>,
    pos: usize,
    resolve: &'r dyn Fn(&str) -> Option<PType>,
}

impl Parser<'_> {
    fn skip_ws(&mut self) {
        while self.chars.get(self.pos).is_some_and(|c| c.is_whitespace()) {
            self.pos += 1;
        }
    }

    fn at_end(&mut self) -> bool {
        self.skip_ws();
        self.pos >= self.chars.len()
    }

    fn eat(&mut self, c: char) -> bool {
        self.skip_ws();
        if self.chars.get(self.pos) == Some(&c) {
            self.pos += 1;
            true
        } else {
            false
        }
    }

    fn value(&mut self) -> Option<Value> {
        self.skip_ws();
        let c = *self.chars.get(self.pos)?;
        if c == '\'' || c == '"' {
            self.pos += 1;
            let mut s = String::new();
            while let Some(&x) = self.chars.get(self.pos) {
                if x == c {
                    break;
                }
                if x == '\\' {
                    let n = *self.chars.get(self.pos + 1)?;
                    self.pos += 2;
                    match (c, n) {
                        ('"', 'n') => s.push('\n'),
                        ('"', 't') => s.push('\t'),
                        ('"', 'r') => s.push('\r'),
                        (_, n) if n == c || n == '\\' => s.push(n),
                        (_, n) => {
                            s.push('\\');
                            s.push(n);
                        }
                    }
                    continue;
                }
                s.push(x);
                self.pos += 1;
            }
            self.pos += 1;
            return Some(Value::string(s));
        }
        if c == '[' {
            self.pos += 1;
            let mut items = Vec::new();
            if !self.eat(']') {
                loop {
                    items.push(self.value()?);
                    if self.eat(']') {
                        break;
                    }
                    if !self.eat(',') {
                        return None;
                    }
                }
            }
            return Some(Value::array(items));
        }
        if c == '{' {
            self.pos += 1;
            let mut map = indexmap::IndexMap::new();
            if !self.eat('}') {
                loop {
                    let k = self.value()?;
                    if !(self.eat('=') && self.eat('>')) {
                        return None;
                    }
                    let v = self.value()?;
                    map.insert(k, v);
                    if self.eat('}') {
                        break;
                    }
                    if !self.eat(',') {
                        return None;
                    }
                }
            }
            return Some(Value::hash(map));
        }
        if c == '-' || c.is_ascii_digit() {
            let start = self.pos;
            self.pos += 1;
            while self
                .chars
                .get(self.pos)
                .is_some_and(|x| x.is_ascii_alphanumeric() || *x == '.' || *x == '-' || *x == '+')
            {
                let x = self.chars[self.pos];
                if (x == '-' || x == '+') && !matches!(self.chars[self.pos - 1], 'e' | 'E') {
                    break;
                }
                self.pos += 1;
            }
            let text: String = self.chars[start..self.pos].iter().collect();
            if let Ok(i) = text.parse::<i64>() {
                return Some(Value::Integer(i));
            }
            return text.parse::<f64>().ok().map(Value::Float);
        }
        if c == '/' {
            self.pos += 1;
            let start = self.pos;
            while self.chars.get(self.pos).is_some_and(|x| *x != '/') {
                if self.chars[self.pos] == '\\' {
                    self.pos += 1;
                }
                self.pos += 1;
            }
            let s: String = self.chars[start..self.pos].iter().collect();
            self.pos += 1;
            return RegexValue::new(&s).ok().map(|r| Value::Regex(Rc::new(r)));
        }
        let start = self.pos;
        while self
            .chars
            .get(self.pos)
            .is_some_and(|x| x.is_alphanumeric() || *x == '_' || *x == ':')
        {
            self.pos += 1;
        }
        let word: String = self.chars[start..self.pos].iter().collect();
        if word.is_empty() {
            return None;
        }
        match word.as_str() {
            "default" => return Some(Value::Default),
            "undef" => return Some(Value::Undef),
            "true" => return Some(Value::Bool(true)),
            "false" => return Some(Value::Bool(false)),
            _ => {}
        }
        if !word.starts_with(|c: char| c.is_ascii_uppercase()) {
            return Some(Value::string(word));
        }
        if word == "Sensitive" && self.eat('(') {
            let inner = self.value()?;
            return self.eat(')').then(|| Value::Sensitive(Rc::new(inner)));
        }
        let base = (self.resolve)(&word)?;
        if !self.eat('[') {
            return Some(Value::from_type(base));
        }
        let mut args = Vec::new();
        if !self.eat(']') {
            loop {
                args.push(self.value()?);
                if self.eat(']') {
                    break;
                }
                if !self.eat(',') {
                    return None;
                }
            }
        }
        match base {
            PType::Resource { .. } | PType::Class { .. } => resource_access(&base, &args).ok(),
            _ => parameterize(&base, &args).ok().map(Value::from_type),
        }
    }
}
