//! Resource types that modules define in Ruby (`lib/puppet/type/NAME.rb`),
//! read without running Ruby: `Puppet::Type.newtype(:name)`, `newparam(:x)`,
//! `newproperty(:y)`, `ensurable`, namevars (`:namevar => true`,
//! `isnamevar`, a parameter called `name`), literal `title_patterns`, and
//! parameters a type gets from a mixin it `extend`s or `include`s.
//!
//! The reader is a small Ruby lexer (comments, strings, heredocs, regexps
//! and `%` literals are understood so that their text is never mistaken for
//! code) and a scan of its tokens for those calls.

use kuppet_values::value::RegexValue;
use std::rc::Rc;

/// A resource type defined by a module.
#[derive(Debug, Clone)]
pub struct ModuleType {
    /// Lowercase name: `nova_config`.
    pub name: String,
    /// As written in references: `Nova_config`.
    pub cap: String,
    /// Parameters and properties, in declaration order (with `ensure` when ensurable).
    pub attributes: Vec<String>,
    /// The key attributes (namevars), in declaration order.
    pub namevars: Vec<String>,
    /// `title_patterns` when written as literals: a regexp and the attribute
    /// each capture sets. `None`: the default (the title is the namevar).
    pub title_patterns: Option<Vec<(Rc<RegexValue>, Vec<String>)>>,
    /// The file it was read from.
    pub file: String,
}

impl ModuleType {
    /// The namevar Puppet's catalog leaves out when it equals the title:
    /// the only key attribute, or `name`.
    pub fn namevar(&self) -> &str {
        match self.namevars.as_slice() {
            [one] => one,
            _ => "name",
        }
    }

    pub fn accepts(&self, attr: &str) -> bool {
        self.attributes.iter().any(|a| a == attr)
    }

    /// The key attributes a title sets (Puppet's `parse_title`).
    pub(crate) fn parse_title(&self, title: &str) -> Vec<(String, String)> {
        match &self.title_patterns {
            Some(patterns) => {
                for (re, attrs) in patterns {
                    if let Some(caps) = re.captures(title) {
                        return attrs
                            .iter()
                            .zip(caps.into_iter().skip(1))
                            .filter_map(|(a, c)| c.map(|c| (a.clone(), c)))
                            .collect();
                    }
                }
                Vec::new()
            }
            None => vec![(self.namevar().to_string(), title.to_string())],
        }
    }
}

/// What a type file (or a mixin file) defines.
#[derive(Debug, Default, Clone)]
pub struct Definitions {
    pub type_name: Option<String>,
    /// (name, is a namevar)
    pub params: Vec<(String, bool)>,
    pub properties: Vec<String>,
    pub ensurable: bool,
    /// Modules the type `extend`s or `include`s at its top level
    /// (`PuppetX::KeystoneConfig::IniSetting`).
    pub mixins: Vec<String>,
    pub title_patterns: Option<Vec<(Rc<RegexValue>, Vec<String>)>>,
    /// `title_patterns` is defined but not as literals kuppet can read.
    pub opaque_title_patterns: bool,
}

impl Definitions {
    /// Adds what a mixin defines.
    pub(crate) fn absorb(&mut self, other: Definitions) {
        for p in other.params {
            if !self.params.iter().any(|(n, _)| *n == p.0) {
                self.params.push(p);
            }
        }
        for p in other.properties {
            if !self.properties.contains(&p) {
                self.properties.push(p);
            }
        }
        self.ensurable |= other.ensurable;
    }

    /// The type these definitions make (`None` without `newtype`).
    pub(crate) fn into_type(self, file: &str, has_providers: bool) -> Option<ModuleType> {
        let name = self.type_name?;
        let mut attributes: Vec<String> = Vec::new();
        let add = |a: &str, attributes: &mut Vec<String>| {
            if !attributes.iter().any(|x| x == a) {
                attributes.push(a.to_string());
            }
        };
        if self.ensurable {
            add("ensure", &mut attributes);
        }
        for p in &self.properties {
            add(p, &mut attributes);
        }
        for (p, _) in &self.params {
            add(p, &mut attributes);
        }
        if has_providers {
            add("provider", &mut attributes);
        }
        let namevars: Vec<String> = self
            .params
            .iter()
            .filter(|(n, nv)| *nv || n == "name")
            .map(|(n, _)| n.clone())
            .collect();
        let mut cap = name.clone();
        if let Some(first) = cap.get_mut(0..1) {
            first.make_ascii_uppercase();
        }
        let title_patterns = if self.opaque_title_patterns {
            // Unreadable patterns: keep the title as the first namevar.
            None
        } else {
            self.title_patterns
        };
        Some(ModuleType {
            name,
            cap,
            attributes,
            namevars,
            title_patterns,
            file: file.to_string(),
        })
    }
}

#[derive(Debug, Clone, PartialEq)]
enum Tok {
    Ident(String),
    /// `Foo::Bar`
    Const(String),
    /// `:sym`, `:'quoted'`, and labels `sym:`
    Symbol(String),
    Label(String),
    Str(String),
    /// Regexp source; `None` when it interpolates (`#{...}`).
    Regex(Option<String>),
    /// An interpolating regexp: its text (with `#{...}`) and flags.
    RegexInterp(String, String),
    Punct(char),
    /// `=>`
    Arrow,
    Newline,
}

/// Reads the definitions of a type or mixin file.
pub(crate) fn read_definitions(source: &str) -> Definitions {
    let toks = lex(source);
    let mut d = Definitions::default();
    let mut loop_vars: Vec<(String, Vec<String>)> = Vec::new();
    let mut i = 0;
    let ident = |t: Option<&Tok>, s: &str| matches!(t, Some(Tok::Ident(x)) if x == s);
    while i < toks.len() {
        let prev = if i > 0 { toks.get(i - 1) } else { None };
        let after_dot = matches!(prev, Some(Tok::Punct('.'))) && !ident(toks.get(i), "newtype");
        match &toks[i] {
            Tok::Ident(w) if w == "newtype" => {
                if let Some(Tok::Symbol(n)) = next_arg(&toks, i + 1) {
                    d.type_name.get_or_insert_with(|| n.to_ascii_lowercase());
                }
            }
            Tok::Ident(w) if w == "newparam" || w == "newproperty" => {
                let names: Vec<String> = match next_arg(&toks, i + 1) {
                    Some(Tok::Symbol(n)) | Some(Tok::Str(n)) => vec![n.clone()],
                    Some(Tok::Ident(v)) => loop_vars
                        .iter()
                        .rev()
                        .find(|(var, _)| var == v)
                        .map(|(_, items)| items.clone())
                        .unwrap_or_default(),
                    _ => Vec::new(),
                };
                let namevar = options_say_namevar(&toks, i + 1);
                for n in names {
                    if w == "newparam" {
                        d.params.push((n, namevar));
                    } else if !d.properties.contains(&n) {
                        d.properties.push(n);
                    }
                }
            }
            Tok::Ident(w) if w == "ensurable" && !after_dot => d.ensurable = true,
            Tok::Ident(w) if w == "isnamevar" && !after_dot && !ident(prev, "def") => {
                if let Some(last) = d.params.last_mut() {
                    last.1 = true;
                }
            }
            Tok::Ident(w)
                if (w == "extend" || w == "include")
                    && matches!(prev, Some(Tok::Newline) | None) =>
            {
                if let Some(Tok::Const(c)) = toks.get(i + 1) {
                    d.mixins.push(c.clone());
                }
            }
            Tok::Punct('[') => {
                // [:a, :b].each do |v|
                let mut items = Vec::new();
                let mut j = i + 1;
                while let Some(Tok::Symbol(s)) = toks.get(j) {
                    items.push(s.clone());
                    j += 1;
                    if toks.get(j) == Some(&Tok::Punct(',')) {
                        j += 1;
                    }
                }
                if !items.is_empty()
                    && toks.get(j) == Some(&Tok::Punct(']'))
                    && toks.get(j + 1) == Some(&Tok::Punct('.'))
                    && ident(toks.get(j + 2), "each")
                    && matches!(toks.get(j + 3), Some(Tok::Ident(k)) if k == "do")
                    && toks.get(j + 4) == Some(&Tok::Punct('|'))
                    && let Some(Tok::Ident(var)) = toks.get(j + 5)
                {
                    loop_vars.push((var.clone(), items));
                }
            }
            Tok::Ident(w) if w == "def" => {
                let is_tp = matches!(toks.get(i + 1), Some(Tok::Ident(s)) if s == "self")
                    && toks.get(i + 2) == Some(&Tok::Punct('.'))
                    && ident(toks.get(i + 3), "title_patterns");
                if is_tp {
                    match title_patterns(&toks, i + 4) {
                        Some(p) => d.title_patterns = Some(p),
                        None => d.opaque_title_patterns = true,
                    }
                }
            }
            _ => {}
        }
        i += 1;
    }
    d
}

/// The first argument of a call: `(x` or ` x`.
fn next_arg(toks: &[Tok], i: usize) -> Option<&Tok> {
    match toks.get(i) {
        Some(Tok::Punct('(')) => toks.get(i + 1),
        other => other,
    }
}

/// Whether the options of a `newparam(...)` call say it is a namevar.
fn options_say_namevar(toks: &[Tok], start: usize) -> bool {
    let mut j = start;
    let mut depth = 0;
    while let Some(t) = toks.get(j) {
        match t {
            Tok::Punct('(') => depth += 1,
            Tok::Punct(')') => {
                depth -= 1;
                if depth <= 0 {
                    break;
                }
            }
            Tok::Newline if depth == 0 => break,
            Tok::Ident(w) if w == "do" => break,
            Tok::Punct('{') => break,
            Tok::Symbol(s) | Tok::Label(s) if s == "namevar" || s == "isnamevar" => {
                let v = match toks.get(j + 1) {
                    Some(Tok::Arrow) => toks.get(j + 2),
                    other => other,
                };
                if matches!(v, Some(Tok::Ident(x)) if x == "true") {
                    return true;
                }
            }
            _ => {}
        }
        j += 1;
    }
    false
}

/// Title patterns: the body of `def self.title_patterns` when it is one
/// array literal whose regexps are each followed by the symbols they set,
/// after local variables holding regexps (`name = Regexp.new(/.+/)`,
/// interpolated as `#{name}`), or keystone's `CompositeNamevar` helpers
/// (`not_two_colon_regex`, `basic_split_title_patterns(:a, :b)`). `None`
/// when anything else is involved.
fn title_patterns(toks: &[Tok], start: usize) -> Option<Vec<(Rc<RegexValue>, Vec<String>)>> {
    let mut vars: Vec<(String, String)> = Vec::new();
    let mut i = start;
    loop {
        while toks.get(i) == Some(&Tok::Newline) {
            i += 1;
        }
        match (toks.get(i), toks.get(i + 1), toks.get(i + 2)) {
            // `var = <regexp>`
            (Some(Tok::Ident(var)), Some(Tok::Punct('=')), next)
                if next != Some(&Tok::Punct('=')) =>
            {
                let (src, end) = regexp_expr(toks, i + 2, &vars)?;
                vars.push((var.clone(), src));
                i = end;
            }
            (Some(Tok::Punct('[')), _, _) => return title_pattern_array(toks, i, &vars),
            (Some(Tok::Const(c)), Some(Tok::Punct('.')), Some(Tok::Ident(m)))
                if c.ends_with("CompositeNamevar") && m == "basic_split_title_patterns" =>
            {
                return basic_split_title_patterns(toks, i + 3);
            }
            _ => return None,
        }
    }
}

/// The array literal of title patterns at `start`.
fn title_pattern_array(
    toks: &[Tok],
    start: usize,
    vars: &[(String, String)],
) -> Option<Vec<(Rc<RegexValue>, Vec<String>)>> {
    let mut out: Vec<(Rc<RegexValue>, Vec<String>)> = Vec::new();
    let mut depth = 0usize;
    for t in &toks[start..] {
        match t {
            Tok::Newline => {}
            Tok::Punct('[') => depth += 1,
            Tok::Punct(']') => {
                depth = depth.checked_sub(1)?;
                if depth == 0 {
                    break;
                }
            }
            _ if depth == 0 => return None,
            Tok::Punct(',') => {}
            Tok::Ident(w) if w == "identity" => {}
            Tok::Regex(Some(src)) => {
                let re = RegexValue::new(src).ok()?;
                out.push((Rc::new(re), Vec::new()));
            }
            Tok::RegexInterp(text, flags) => {
                let src = regex_source(&interpolate(text, vars)?, flags);
                out.push((Rc::new(RegexValue::new(&src).ok()?), Vec::new()));
            }
            Tok::Symbol(s) => out.last_mut()?.1.push(s.clone()),
            _ => return None,
        }
    }
    (!out.is_empty()).then_some(out)
}

/// keystone's `CompositeNamevar.basic_split_title_patterns(prefix, suffix)`:
/// `prefix::suffix` sets both, a title without `::` only the prefix.
fn basic_split_title_patterns(
    toks: &[Tok],
    start: usize,
) -> Option<Vec<(Rc<RegexValue>, Vec<String>)>> {
    let mut args: Vec<&Tok> = Vec::new();
    let mut i = start;
    if toks.get(i) != Some(&Tok::Punct('(')) {
        return None;
    }
    i += 1;
    while let Some(t) = toks.get(i) {
        match t {
            Tok::Punct(')') => break,
            Tok::Punct(',') | Tok::Newline => {}
            other => args.push(other),
        }
        i += 1;
    }
    let sym = |t: &Tok| match t {
        Tok::Symbol(s) => Some(s.clone()),
        _ => None,
    };
    let (prefix, suffix) = (sym(args.first()?)?, sym(args.get(1)?)?);
    if args.len() != 2 {
        return None;
    }
    let part = NOT_TWO_COLONS;
    let both = RegexValue::new(&format!("^((?:{part}))::((?:{part}))$")).ok()?;
    let one = RegexValue::new(&format!("^((?:{part}))$")).ok()?;
    Some(vec![
        (Rc::new(both), vec![prefix.clone(), suffix]),
        (Rc::new(one), vec![prefix]),
    ])
}

/// keystone's `CompositeNamevar.not_two_colon_regex`.
const NOT_TWO_COLONS: &str = "(?:[^:]|:[^:])+";

/// A regexp expression in a title_patterns body: a literal, a variable,
/// `Regexp.new(<regexp>)`, keystone's `not_two_colon_regex`. Its source and
/// the index after it.
fn regexp_expr(toks: &[Tok], i: usize, vars: &[(String, String)]) -> Option<(String, usize)> {
    match (toks.get(i), toks.get(i + 1), toks.get(i + 2)) {
        (Some(Tok::Regex(Some(src))), _, _) => Some((src.clone(), i + 1)),
        (Some(Tok::RegexInterp(text, flags)), _, _) => {
            Some((regex_source(&interpolate(text, vars)?, flags), i + 1))
        }
        (Some(Tok::Const(c)), Some(Tok::Punct('.')), Some(Tok::Ident(m)))
            if c == "Regexp" && m == "new" =>
        {
            let open = if toks.get(i + 3) == Some(&Tok::Punct('(')) {
                i + 4
            } else {
                return None;
            };
            let (src, end) = regexp_expr(toks, open, vars)?;
            (toks.get(end) == Some(&Tok::Punct(')'))).then_some((src, end + 1))
        }
        (Some(Tok::Const(c)), Some(Tok::Punct('.')), Some(Tok::Ident(m)))
            if c.ends_with("CompositeNamevar") && m == "not_two_colon_regex" =>
        {
            Some((NOT_TWO_COLONS.to_string(), i + 3))
        }
        (Some(Tok::Ident(v)), _, _) => {
            let src = vars.iter().rev().find(|(n, _)| n == v)?.1.clone();
            Some((src, i + 1))
        }
        _ => None,
    }
}

/// A regexp's text with `#{var}` replaced by the variable's regexp (as a
/// group, as Ruby embeds a Regexp). `None` for any other interpolation.
fn interpolate(text: &str, vars: &[(String, String)]) -> Option<String> {
    let mut out = String::new();
    let mut rest = text;
    while let Some(p) = rest.find("#{") {
        out.push_str(&rest[..p]);
        let after = &rest[p + 2..];
        let end = after.find('}')?;
        let name = after[..end].trim();
        let src = &vars.iter().rev().find(|(n, _)| n == name)?.1;
        out.push_str("(?:");
        out.push_str(src);
        out.push(')');
        rest = &after[end + 1..];
    }
    out.push_str(rest);
    Some(out)
}

// ----- the lexer

fn lex(src: &str) -> Vec<Tok> {
    let chars: Vec<char> = src.chars().collect();
    let mut out: Vec<Tok> = Vec::new();
    let mut heredocs: Vec<(String, bool)> = Vec::new();
    let mut i = 0;
    let n = chars.len();
    let at = |i: usize| chars.get(i).copied().unwrap_or('\0');
    while i < n {
        let c = chars[i];
        if c == '\n' {
            out.push(Tok::Newline);
            i += 1;
            // Heredoc bodies start on the next line.
            while let Some((term, _squiggly)) = heredocs.first().cloned() {
                heredocs.remove(0);
                loop {
                    if i >= n {
                        break;
                    }
                    let end = chars[i..]
                        .iter()
                        .position(|&x| x == '\n')
                        .map_or(n, |p| i + p);
                    let line: String = chars[i..end].iter().collect();
                    i = (end + 1).min(n);
                    if line.trim() == term {
                        break;
                    }
                }
            }
            continue;
        }
        if c.is_whitespace() {
            i += 1;
            continue;
        }
        if c == '#' {
            while i < n && chars[i] != '\n' {
                i += 1;
            }
            continue;
        }
        if c == '='
            && at(i + 1) == 'b'
            && src_starts(&chars, i, "=begin")
            && (i == 0 || chars[i - 1] == '\n')
        {
            // =begin ... =end
            while i < n && !(src_starts(&chars, i, "=end") && (i == 0 || chars[i - 1] == '\n')) {
                i += 1;
            }
            while i < n && chars[i] != '\n' {
                i += 1;
            }
            continue;
        }
        if c == '<'
            && at(i + 1) == '<'
            && matches!(at(i + 2), '-' | '~' | '\'' | '"' | 'A'..='Z' | '_')
        {
            let mut j = i + 2;
            let squiggly = matches!(at(j), '-' | '~');
            if squiggly {
                j += 1;
            }
            let quote = matches!(at(j), '\'' | '"').then(|| at(j));
            if quote.is_some() {
                j += 1;
            }
            let s = j;
            while j < n && (chars[j].is_alphanumeric() || chars[j] == '_') {
                j += 1;
            }
            if j > s && (quote.is_some() || chars[s].is_ascii_uppercase()) {
                let term: String = chars[s..j].iter().collect();
                if quote.is_some() {
                    j += 1;
                }
                heredocs.push((term, squiggly));
                out.push(Tok::Str(String::new()));
                i = j;
                continue;
            }
        }
        if c == '"' || c == '\'' || c == '`' {
            let (text, end) = quoted(&chars, i + 1, c, c);
            out.push(Tok::Str(text));
            i = end;
            continue;
        }
        if c == ':' && at(i + 1) == ':' {
            out.push(Tok::Punct(':'));
            i += 2;
            continue;
        }
        if c == ':' && (at(i + 1) == '"' || at(i + 1) == '\'') {
            let q = at(i + 1);
            let (text, end) = quoted(&chars, i + 2, q, q);
            out.push(Tok::Symbol(text));
            i = end;
            continue;
        }
        if c == ':' && (at(i + 1).is_alphabetic() || at(i + 1) == '_') {
            let mut j = i + 1;
            while j < n && (chars[j].is_alphanumeric() || matches!(chars[j], '_' | '?' | '!')) {
                j += 1;
            }
            out.push(Tok::Symbol(chars[i + 1..j].iter().collect()));
            i = j;
            continue;
        }
        if c == '%'
            && matches!(
                at(i + 1),
                'r' | 'w' | 'W' | 'i' | 'I' | 'q' | 'Q' | '{' | '(' | '[' | '<' | '|' | '!'
            )
        {
            let (kind, open_at) = if matches!(at(i + 1), '{' | '(' | '[' | '<' | '|' | '!') {
                ('Q', i + 1)
            } else {
                (at(i + 1), i + 2)
            };
            let open = at(open_at);
            let close = match open {
                '{' => '}',
                '(' => ')',
                '[' => ']',
                '<' => '>',
                other => other,
            };
            if open.is_alphanumeric() || open.is_whitespace() || open == '\0' {
                out.push(Tok::Punct('%'));
                i += 1;
                continue;
            }
            let (text, mut end) = quoted(&chars, open_at + 1, open, close);
            if kind == 'r' {
                let flags_start = end;
                while end < n && chars[end].is_ascii_alphabetic() {
                    end += 1;
                }
                let flags: String = chars[flags_start..end].iter().collect();
                out.push(regex_tok(&text, &flags));
            } else if matches!(kind, 'w' | 'W' | 'i' | 'I') {
                out.push(Tok::Punct('['));
                for w in text.split_whitespace() {
                    out.push(Tok::Symbol(w.to_string()));
                }
                out.push(Tok::Punct(']'));
            } else {
                out.push(Tok::Str(text));
            }
            i = end;
            continue;
        }
        if c == '/' && regex_allowed(out.last()) {
            let (text, mut end) = quoted(&chars, i + 1, '/', '/');
            let flags_start = end;
            while end < n && chars[end].is_ascii_alphabetic() {
                end += 1;
            }
            let flags: String = chars[flags_start..end].iter().collect();
            out.push(regex_tok(&text, &flags));
            i = end;
            continue;
        }
        if c == '=' && at(i + 1) == '>' {
            out.push(Tok::Arrow);
            i += 2;
            continue;
        }
        if c.is_alphabetic() || c == '_' || c == '@' || c == '$' {
            let mut j = i + 1;
            while j < n && (chars[j].is_alphanumeric() || matches!(chars[j], '_')) {
                j += 1;
            }
            if j < n && matches!(chars[j], '?' | '!') && at(j + 1) != '=' {
                j += 1;
            }
            let word: String = chars[i..j].iter().collect();
            // A label `name:` (not `name::`).
            if at(j) == ':' && at(j + 1) != ':' && c.is_lowercase() {
                out.push(Tok::Label(word));
                i = j + 1;
                continue;
            }
            if c.is_uppercase() {
                // Constant paths: Foo::Bar::Baz
                let mut path = word;
                let mut k = j;
                while at(k) == ':' && at(k + 1) == ':' && at(k + 2).is_uppercase() {
                    let s = k + 2;
                    let mut e = s;
                    while e < n && (chars[e].is_alphanumeric() || chars[e] == '_') {
                        e += 1;
                    }
                    path.push_str("::");
                    path.extend(&chars[s..e]);
                    k = e;
                }
                out.push(Tok::Const(path));
                i = k;
                continue;
            }
            out.push(Tok::Ident(word));
            i = j;
            continue;
        }
        if c.is_ascii_digit() {
            let mut j = i + 1;
            while j < n && (chars[j].is_ascii_alphanumeric() || chars[j] == '_' || chars[j] == '.')
            {
                j += 1;
            }
            out.push(Tok::Ident(chars[i..j].iter().collect()));
            i = j;
            continue;
        }
        out.push(Tok::Punct(c));
        i += 1;
    }
    out
}

fn src_starts(chars: &[char], i: usize, s: &str) -> bool {
    s.chars()
        .enumerate()
        .all(|(k, c)| chars.get(i + k) == Some(&c))
}

/// Text up to the closing delimiter (nesting when open != close), and the
/// index after it. Escapes are kept (regexps need them).
fn quoted(chars: &[char], start: usize, open: char, close: char) -> (String, usize) {
    let mut depth = 0;
    let mut j = start;
    let mut text = String::new();
    while j < chars.len() {
        let c = chars[j];
        if c == '\\' {
            text.push(c);
            if let Some(&x) = chars.get(j + 1) {
                text.push(x);
            }
            j += 2;
            continue;
        }
        if c == close && depth == 0 {
            return (text, j + 1);
        }
        if open != close {
            if c == open {
                depth += 1;
            } else if c == close {
                depth -= 1;
            }
        }
        text.push(c);
        j += 1;
    }
    (text, j)
}

fn regex_allowed(prev: Option<&Tok>) -> bool {
    match prev {
        None | Some(Tok::Newline) | Some(Tok::Arrow) | Some(Tok::Label(_)) => true,
        Some(Tok::Punct(p)) => !matches!(p, ')' | ']' | '}'),
        Some(Tok::Ident(w)) => matches!(
            w.as_str(),
            "if" | "unless"
                | "when"
                | "and"
                | "or"
                | "not"
                | "return"
                | "newvalues"
                | "newvalue"
                | "match"
                | "then"
                | "elsif"
                | "while"
                | "until"
        ),
        _ => false,
    }
}

fn regex_tok(text: &str, flags: &str) -> Tok {
    if text.contains("#{") {
        return Tok::RegexInterp(text.to_string(), flags.to_string());
    }
    Tok::Regex(Some(regex_source(text, flags)))
}

/// A Ruby regexp's text and flags as one source (`(?i)...`).
fn regex_source(text: &str, flags: &str) -> String {
    let mut src = String::new();
    if flags.contains('i') || flags.contains('m') || flags.contains('x') {
        src.push_str("(?");
        if flags.contains('i') {
            src.push('i');
        }
        if flags.contains('m') {
            src.push('m');
        }
        if flags.contains('x') {
            src.push('x');
        }
        src.push(')');
    }
    src.push_str(text);
    src
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_an_openstack_config_type() {
        let src = r#"
Puppet::Type.newtype(:nova_config) do
  # newparam(:commented_out)
  ensurable
  newparam(:name, :namevar => true) do
    desc 'Section/setting name to manage from nova.conf'
    newvalues(/\S+\/\S+/)
  end
  newproperty(:value, :array_matching => :all) do
    desc <<-EOT
      newparam(:in_a_heredoc) is documentation
    EOT
    munge do |value|
      value = value.to_s.strip
      value.capitalize! if value =~ /^(true|false)$/i
      value
    end
  end
  newparam(:secret, :boolean => true) do
    newvalues(:true, :false)
    defaultto false
  end
end
"#;
        let t = read_definitions(src).into_type("f.rb", false).unwrap();
        assert_eq!(t.name, "nova_config");
        assert_eq!(t.cap, "Nova_config");
        assert_eq!(t.attributes, ["ensure", "value", "name", "secret"]);
        assert_eq!(t.namevars, ["name"]);
        assert_eq!(
            t.parse_title("DEFAULT/x"),
            [("name".into(), "DEFAULT/x".into())]
        );
    }

    #[test]
    fn namevars_loops_and_title_patterns() {
        let src = r#"
Puppet::Type.newtype(:sshkey) do
  def self.title_patterns
    [
      [
        %r{^(.*?)@(.*)$},
        [
          [:name],
          [:type],
        ],
      ],
      [ %r{^([^@]+)$}, [ [:name] ] ],
    ]
  end
  ensurable
  newparam(:type) do
    isnamevar
    newvalues :'ssh-dss', :'ssh-rsa'
  end
  newparam(:name) do
    desc "The host name."
  end
  [:user, :project].each do |p|
    newparam(p) do
    end
  end
  newparam(:label, namevar: true)
  ensurable
end
"#;
        let t = read_definitions(src).into_type("f.rb", true).unwrap();
        assert_eq!(t.namevars, ["type", "name", "label"]);
        assert!(t.accepts("user") && t.accepts("project") && t.accepts("provider"));
        assert_eq!(
            t.parse_title("host@ssh-rsa"),
            [
                ("name".into(), "host".into()),
                ("type".into(), "ssh-rsa".into())
            ]
        );
        assert_eq!(t.parse_title("host"), [("name".into(), "host".into())]);
    }

    #[test]
    fn opaque_title_patterns_and_mixins() {
        let src = r#"
Puppet::Type.newtype(:keystone_user) do
  extend PuppetX::KeystoneConfig::IniSetting
  def self.title_patterns
    PuppetX::Other::Helpers.split_title(:name, :domain)
  end
end
"#;
        let d = read_definitions(src);
        assert_eq!(d.mixins, ["PuppetX::KeystoneConfig::IniSetting"]);
        assert!(d.opaque_title_patterns);
        let t = d.into_type("f.rb", false).unwrap();
        assert!(t.title_patterns.is_none());
    }

    #[test]
    fn keystone_composite_title_patterns() {
        let src = r#"
Puppet::Type.newtype(:keystone_user) do
  newparam(:name, :namevar => true)
  newparam(:domain) do
    isnamevar
  end
  def self.title_patterns
    PuppetX::Keystone::CompositeNamevar.basic_split_title_patterns(:name, :domain)
  end
end
"#;
        let t = read_definitions(src).into_type("f.rb", false).unwrap();
        assert_eq!(
            t.parse_title("heat_admin::heat"),
            [
                ("name".into(), "heat_admin".into()),
                ("domain".into(), "heat".into())
            ]
        );
        assert_eq!(t.parse_title("a:b"), [("name".into(), "a:b".into())]);

        let src = r#"
Puppet::Type.newtype(:keystone_endpoint) do
  newparam(:name, :namevar => true)
  newparam(:region) do
    isnamevar
  end
  newparam(:type) do
    isnamevar
  end
  def self.title_patterns
    name = PuppetX::Keystone::CompositeNamevar.not_two_colon_regex
    type = Regexp.new(/.+/)
    region = Regexp.new(/[^\/]+/)
    [
      [/^(#{region})\/(#{name})::(#{type})$/, [[:region], [:name], [:type]]],
      [/^(#{name})$/, [[:name]]]
    ]
  end
end
"#;
        let t = read_definitions(src).into_type("f.rb", false).unwrap();
        assert_eq!(
            t.parse_title("RegionOne/aodh::alarming"),
            [
                ("region".into(), "RegionOne".into()),
                ("name".into(), "aodh".into()),
                ("type".into(), "alarming".into())
            ]
        );
        assert_eq!(t.parse_title("aodh"), [("name".into(), "aodh".into())]);
    }
}
