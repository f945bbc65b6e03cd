//! Puppet's augeas command parser (`parse_commands` of augeas_core's
//! provider, a `StringScanner` walk): each line is a command and its
//! arguments, paths made absolute with `context`, strings unquoted.

/// The formal arguments of a command.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Formal {
    Path,
    Str,
    Comparator,
    Int,
    Glob,
}

fn formals(cmd: &str) -> Option<&'static [Formal]> {
    use Formal::*;
    Some(match cmd {
        "set" => &[Path, Str],
        "setm" => &[Path, Str, Str],
        "rm" | "remove" | "clear" | "touch" => &[Path],
        "clearm" => &[Path, Str],
        "mv" | "move" => &[Path, Path],
        "rename" => &[Path, Str],
        "insert" | "ins" => &[Str, Str, Path],
        "get" => &[Path, Comparator, Str],
        "values" | "match" => &[Path, Glob],
        "defvar" => &[Str, Path],
        "defnode" => &[Str, Path, Str],
        "size" => &[Comparator, Int],
        "include" | "not_include" => &[Str],
        "==" | "!=" => &[Glob],
        _ => return None,
    })
}

/// One parsed argument (`nil` in Ruby when the scanner found nothing).
pub type Args = Vec<Option<String>>;

/// Parses commands, one per line (or per array element), as Puppet does.
pub fn parse_commands(lines: &[String], context: &str) -> Result<Vec<Args>, String> {
    let mut context = context.to_string();
    if !context.is_empty() && !context.ends_with('/') {
        context.push('/');
    }
    let mut out = Vec::new();
    for raw in lines.iter().flat_map(|l| l.split('\n')) {
        let line = raw.trim();
        if line.is_empty() {
            continue;
        }
        out.push(parse_line(line, &context)?);
    }
    Ok(out)
}

/// A minimal `StringScanner` over chars.
struct Scanner<'a> {
    s: &'a [char],
    pos: usize,
}

impl Scanner<'_> {
    fn eos(&self) -> bool {
        self.pos >= self.s.len()
    }
    fn skip_ws(&mut self) {
        while !self.eos() && self.s[self.pos].is_whitespace() {
            self.pos += 1;
        }
    }
    fn getch(&mut self) -> Option<char> {
        let c = self.s.get(self.pos).copied();
        if c.is_some() {
            self.pos += 1;
        }
        c
    }
    fn peek(&self) -> Option<char> {
        self.s.get(self.pos).copied()
    }
    fn rest(&self) -> String {
        self.s[self.pos.min(self.s.len())..].iter().collect()
    }
    fn slice(&self, start: usize, len: usize) -> String {
        self.s[start..(start + len).min(self.s.len())]
            .iter()
            .collect()
    }
}

fn parse_line(line: &str, context: &str) -> Result<Args, String> {
    let chars: Vec<char> = line.chars().collect();
    let mut sc = Scanner { s: &chars, pos: 0 };
    // cmd = sc.scan(/\w+|==|!=/)
    let cmd: String = if line.starts_with("==") || line.starts_with("!=") {
        sc.pos = 2;
        line[..2].to_string()
    } else {
        let word: String = chars
            .iter()
            .take_while(|c| c.is_alphanumeric() || **c == '_')
            .collect();
        sc.pos = word.chars().count();
        word
    };
    let formals = formals(&cmd).ok_or_else(|| {
        format!(
            "Unknown command {}",
            if cmd.is_empty() { "" } else { cmd.as_str() }
        )
    })?;
    let mut args: Args = vec![Some(cmd.clone())];
    for (n, f) in formals.iter().enumerate() {
        let narg = n + 1;
        sc.skip_ws();
        match f {
            Formal::Path => {
                let start = sc.pos;
                let mut nbracket: i32 = 0;
                let (mut single, mut double) = (false, false);
                loop {
                    // skip /([^\]\[\s\\'"]|\\.)+/
                    loop {
                        match sc.peek() {
                            Some('\\') if sc.pos + 1 < chars.len() => sc.pos += 2,
                            Some(c)
                                if !matches!(c, ']' | '[' | '\\' | '\'' | '"')
                                    && !c.is_whitespace() =>
                            {
                                sc.pos += 1
                            }
                            _ => break,
                        }
                    }
                    let ch = sc.getch();
                    match ch {
                        Some('[') => nbracket += 1,
                        Some(']') => nbracket -= 1,
                        Some('\'') => single = !single,
                        Some('"') => double = !double,
                        _ => {}
                    }
                    if nbracket < 0 {
                        return Err("unmatched [".into());
                    }
                    if (nbracket == 0 && !single && !double && ch.is_some_and(char::is_whitespace))
                        || sc.eos()
                    {
                        break;
                    }
                }
                let mut len = sc.pos - start;
                if !sc.eos() {
                    len -= 1;
                }
                if start > chars.len() {
                    return Err(format!("missing path argument {narg} for {cmd}"));
                }
                let mut p = sc.slice(start, len);
                if p.starts_with('\'') || p.starts_with('"') {
                    let n = p.chars().count();
                    p = p.chars().skip(1).take(n.saturating_sub(2)).collect();
                }
                if p.ends_with('/') {
                    p.pop();
                }
                args.push(Some(if !p.starts_with('$') && !p.starts_with('/') {
                    format!("{context}{p}")
                } else {
                    p
                }));
            }
            Formal::Str => {
                let delim = sc.peek();
                let value = if delim == Some('\'') || delim == Some('"') {
                    let d = delim.expect("checked");
                    sc.getch();
                    let mut v = String::new();
                    while let Some(c) = sc.peek() {
                        if c == d {
                            break;
                        }
                        if c == '\\' {
                            match chars.get(sc.pos + 1) {
                                Some(&next) => {
                                    // only the delimiter is unescaped
                                    if next != d {
                                        v.push('\\');
                                    }
                                    v.push(next);
                                    sc.pos += 2;
                                    continue;
                                }
                                None => break,
                            }
                        }
                        v.push(c);
                        sc.pos += 1;
                    }
                    sc.getch();
                    Some(v)
                } else {
                    let v: String = chars[sc.pos.min(chars.len())..]
                        .iter()
                        .take_while(|c| !c.is_whitespace())
                        .collect();
                    sc.pos += v.chars().count();
                    (!v.is_empty()).then_some(v)
                };
                if value.is_none() {
                    return Err(format!("missing string argument {narg} for {cmd}"));
                }
                args.push(value);
            }
            Formal::Comparator => {
                let rest = sc.rest();
                let op = ["==", "!=", "=~", "<=", ">=", "<", ">"]
                    .into_iter()
                    .find(|op| rest.starts_with(op))
                    .ok_or_else(|| format!("invalid comparator for command {cmd}"))?;
                sc.pos += op.len();
                args.push(Some(op.to_string()));
            }
            Formal::Int => {
                let digits: String = sc.rest().chars().take_while(char::is_ascii_digit).collect();
                sc.pos += digits.len();
                // Ruby's nil.to_i is 0
                args.push(Some(digits.parse::<u64>().unwrap_or(0).to_string()));
            }
            Formal::Glob => {
                args.push(Some(sc.rest()));
                sc.pos = chars.len();
            }
        }
    }
    Ok(args)
}

/// Puppet's `parse_to_array` (`['a', "b"]` in onlyif comparisons): the
/// quoted strings of a bracketed list.
pub fn parse_to_array(s: &str) -> Result<Vec<String>, ()> {
    let s = s.trim();
    let inner = s
        .strip_prefix('[')
        .and_then(|r| r.strip_suffix(']'))
        .ok_or(())?;
    let mut out = Vec::new();
    let chars: Vec<char> = inner.chars().collect();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        if c == '\'' || c == '"' {
            let mut v = String::new();
            i += 1;
            while i < chars.len() && chars[i] != c {
                if chars[i] == '\\' && i + 1 < chars.len() {
                    i += 1;
                }
                v.push(chars[i]);
                i += 1;
            }
            out.push(v);
        } else if !(c == ',' || c.is_whitespace()) {
            return Err(());
        }
        i += 1;
    }
    Ok(out)
}

/// Ruby's `Array#inspect` of the arguments (in error messages).
pub fn inspect(args: &[Option<String>]) -> String {
    let items: Vec<String> = args
        .iter()
        .map(|a| match a {
            None => "nil".to_string(),
            Some(s) => {
                let mut q = String::from("\"");
                for c in s.chars() {
                    match c {
                        '"' => q.push_str("\\\""),
                        '\\' => q.push_str("\\\\"),
                        '\n' => q.push_str("\\n"),
                        '\t' => q.push_str("\\t"),
                        '#' => q.push('#'),
                        c => q.push(c),
                    }
                }
                q.push('"');
                q
            }
        })
        .collect();
    format!("[{}]", items.join(", "))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn one(line: &str, ctx: &str) -> Vec<String> {
        parse_commands(&[line.to_string()], ctx).expect("parses")[0]
            .iter()
            .map(|a| a.clone().unwrap_or_default())
            .collect()
    }

    #[test]
    fn paths_take_the_context_and_strings_lose_their_quotes() {
        assert_eq!(
            one("set 1/ipaddr 10.0.0.1", "/files/etc/hosts"),
            ["set", "/files/etc/hosts/1/ipaddr", "10.0.0.1"]
        );
        assert_eq!(
            one("set spec[user = 'a b']/host 'x y'", "/files/etc/sudoers/"),
            ["set", "/files/etc/sudoers/spec[user = 'a b']/host", "x y"]
        );
        assert_eq!(one("rm \"/files/etc/x y/\"", ""), ["rm", "/files/etc/x y"]);
        assert_eq!(
            one("set $v/a \"say \\\"hi\\\" \\ there\"", "/c"),
            ["set", "$v/a", "say \"hi\" \\ there"]
        );
        assert_eq!(
            one("ins alias after 1/canonical", "/files/etc/hosts"),
            ["ins", "alias", "after", "/files/etc/hosts/1/canonical"]
        );
        assert_eq!(
            one("match *[canonical = 'a'] size >= 2", "/f"),
            ["match", "/f/*[canonical = 'a']", "size >= 2"]
        );
        assert_eq!(one("get foo == bar baz", ""), ["get", "foo", "==", "bar"]);
    }

    #[test]
    fn errors_are_puppets() {
        let e = parse_commands(&["frob x".into()], "").expect_err("unknown");
        assert_eq!(e, "Unknown command frob");
        let e = parse_commands(&["set a[ b".into()], "").expect_err("bracket");
        assert_eq!(e, "missing string argument 2 for set");
        let e = parse_commands(&["set a]".into()], "").expect_err("bracket");
        assert_eq!(e, "unmatched [");
        let e = parse_commands(&["get a ~ b".into()], "").expect_err("comparator");
        assert_eq!(e, "invalid comparator for command get");
        assert_eq!(
            parse_to_array("['a', \"b c\"]"),
            Ok(vec!["a".to_string(), "b c".to_string()])
        );
        assert_eq!(inspect(&[Some("a\"b".into()), None]), "[\"a\\\"b\", nil]");
    }
}
