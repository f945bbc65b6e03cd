//! End-to-end tests of the interpreter: templates rendered against a scope
//! of fixed variables, compared with what Ruby 3.1's ERB prints.

use super::{ErrorKind, Host, Template};
use indexmap::IndexMap;
use kuppet_values::value::Value;

/// A scope with fixed variables; functions echo their name and arguments.
struct Vars(Vec<(String, Value)>);

impl Host for Vars {
    fn variable(&mut self, name: &str) -> Option<Value> {
        self.0
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.clone())
            .filter(|v| !v.is_undef())
    }
    fn lookupvar(&mut self, name: &str) -> Option<Value> {
        self.variable(name.trim_start_matches("::"))
    }
    fn variables(&mut self) -> Vec<(String, Value)> {
        self.0.clone()
    }
    fn call_function(&mut self, name: &str, args: Vec<Value>) -> Result<Value, String> {
        match name {
            "fail" => Err(args.first().map(Value::to_display).unwrap_or_default()),
            _ => Ok(Value::string(format!(
                "{name}({})",
                args.iter()
                    .map(Value::to_display)
                    .collect::<Vec<_>>()
                    .join(",")
            ))),
        }
    }
    fn scope_name(&self) -> String {
        "Scope(Class[main])".into()
    }
    fn setvar(&mut self, name: &str, value: Value) -> Result<(), String> {
        self.0.push((name.to_string(), value));
        Ok(())
    }
}

fn vars() -> Vars {
    let mut h = IndexMap::new();
    h.insert(Value::string("b"), Value::Integer(2));
    h.insert(Value::string("a"), Value::Integer(1));
    Vars(vec![
        ("s".into(), Value::string("Hello World")),
        ("n".into(), Value::Integer(3)),
        ("f".into(), Value::Float(1.5)),
        (
            "list".into(),
            Value::array(vec![Value::string("x"), Value::string("y"), Value::Undef]),
        ),
        ("h".into(), Value::hash(h)),
        ("t".into(), Value::Bool(true)),
        ("u".into(), Value::Undef),
    ])
}

fn render(src: &str) -> String {
    match Template::parse("t.erb", src).and_then(|t| t.render(&mut vars())) {
        Ok(s) => s,
        Err(e) => format!("ERROR: {e}"),
    }
}

fn error_kind(src: &str) -> Option<ErrorKind> {
    // A small budget: a runaway template ends in a fraction of a second.
    let _budget = kuppet_values::budget::install(kuppet_values::budget::Limits {
        max_steps: 100_000,
        ..Default::default()
    });
    Template::parse("t.erb", src)
        .and_then(|t| t.render(&mut vars()))
        .err()
        .map(|e| e.kind)
}

#[test]
fn text_and_tags() {
    assert_eq!(render("a <%= @s %> b"), "a Hello World b");
    assert_eq!(
        render("<% if @t -%>\nyes\n<% else -%>\nno\n<% end -%>\n"),
        "yes\n"
    );
    assert_eq!(render("  <%- x = 1 -%>\n<%= x %>"), "1");
    assert_eq!(render("<%# comment %>x<%% y %%>"), "x<% y %%>");
    // A comment ending a tag comments out the rest of the script line.
    assert_eq!(
        render("a<% # c %>bar\nbaz<%= 1 %>\n<% x = 1 # y -%>\nq\n"),
        "a1\nq\n"
    );
    assert_eq!(render("<% if [1, 2].include?2 %>y<% end %>"), "y");
}

#[test]
fn values_print_like_ruby() {
    assert_eq!(
        render("<%= @list %>|<%= @h %>|<%= @u.inspect %>|<%= @f %>|<%= :a %>"),
        "[\"x\", \"y\", nil]|{\"b\"=>2, \"a\"=>1}|nil|1.5|a"
    );
    assert_eq!(
        render("<%= 7 / 2 %> <%= -7 / 2 %> <%= 7 % -3 %> <%= 2**10 %> <%= 1.0 / 3 %>"),
        "3 -4 -2 1024 0.3333333333333333"
    );
}

#[test]
fn iteration_and_blocks() {
    assert_eq!(
        render("<% @h.sort.each do |k, v| -%>\n<%= k %>=<%= v %>\n<% end -%>\n"),
        "a=1\nb=2\n"
    );
    assert_eq!(
        render("<%= @list.compact.map { |x| x.upcase }.join(',') %>"),
        "X,Y"
    );
    assert_eq!(
        render("<% @list.compact.each_with_index do |x, i| %><%= i %><%= x %><% end %>"),
        "0x1y"
    );
    assert_eq!(
        render("<%= [3, 1, 2].sort_by { |x| -x }.inspect %>"),
        "[3, 2, 1]"
    );
    assert_eq!(render("<%= (1..4).select(&:even?).inspect %>"), "[2, 4]");
    assert_eq!(render("<%= @h.select { |k, v| v > 1 } %>"), "{\"b\"=>2}");
    assert_eq!(
        render("<%= [1, [2, [3, nil]]].flatten.compact.inject(:+) %>"),
        "6"
    );
}

/// Iteration methods without a block give Enumerators, as in Ruby 3.1.
#[test]
fn enumerators() {
    assert_eq!(
        render("<%= @list.compact.map.with_index(1) { |x, i| \"#{i}:#{x}\" }.join(',') %>"),
        "1:x,2:y"
    );
    assert_eq!(
        render("<%= @list.each_with_index.map { |x, i| \"#{x.inspect}#{i}\" }.join(' ') %>"),
        "\"x\"0 \"y\"1 nil2"
    );
    assert_eq!(
        render("<%= @h.each_with_index.map { |(k, v), i| \"#{k}#{v}#{i}\" }.inspect %>"),
        "[\"b20\", \"a11\"]"
    );
    assert_eq!(
        render("<%= [1, 2, 3, 4, 5].each_slice(2).map { |a, b| [a, b] }.inspect %>"),
        "[[1, 2], [3, 4], [5, nil]]"
    );
    assert_eq!(
        render("<%= @list.select.with_index { |x, i| i.even? }.inspect %>"),
        "[\"x\", nil]"
    );
    assert_eq!(
        render("<%= @list.each.with_index(1) { |x, i| }.equal?(@list) %>"),
        "true"
    );
    // deric-zookeeper's zoo.cfg.erb.
    assert_eq!(
        render(
            "<% s = {} %><% @list.map.each_with_index { |e, i| s[i + 1] = e } %><%= s.inspect %>"
        ),
        "{1=>\"x\", 2=>\"y\", 3=>nil}"
    );
    assert_eq!(
        render("<%= [1, 2].map!.with_index { |x, i| x * i }.inspect %>"),
        "[0, 2]"
    );
    assert_eq!(
        render("<%= [1, 2].each_with_index.with_index(5).map { |(x, i), j| x + i + j }.inspect %>"),
        "[6, 9]"
    );
}

#[test]
fn enumerator_objects() {
    assert_eq!(
        render(
            "<%= @list.map.inspect %> <%= @h.each_slice(1).inspect %> <%= 2.times.inspect %> <%= 1.step(9, 4).inspect %> <%= (1..3).step(2).inspect %>"
        ),
        "#<Enumerator: [\"x\", \"y\", nil]:map> #<Enumerator: {\"b\"=>2, \"a\"=>1}:each_slice(1)> #<Enumerator: 2:times> (1.step(9, 4)) ((1..3).step(2))"
    );
    assert_eq!(
        render(
            "<%= @list.map.class %> <%= @list.map.is_a?(Enumerable) %> <%= 1.step(3, 1).class %> <%= 1.step(3, 1).is_a?(Enumerator) %>"
        ),
        "Enumerator true Enumerator::ArithmeticSequence true"
    );
    assert_eq!(
        render(
            "<%= @list.each.size %> <%= @list.find.size.inspect %> <%= @list.map.to_a.inspect %> <%= @list.each_slice(2).entries.inspect %> <%= 3.times.size %> <%= 1.upto(5).size %> <%= \"a\\nb\".each_line.size.inspect %>"
        ),
        "3 nil [\"x\", \"y\", nil] [[\"x\", \"y\"], [nil]] 3 5 nil"
    );
    assert_eq!(
        render(
            "<%= @list.map.with_object([]) { |x, m| m << x.to_s }.inspect %> <%= @list.each_with_index.each_with_object({}) { |(x, i), h| h[i] = x }.inspect %>"
        ),
        "[\"x\", \"y\", \"\"] {0=>\"x\", 1=>\"y\", 2=>nil}"
    );
    assert_eq!(
        render(
            "<%= @list.map.each { |x| x.to_s * 2 }.inspect %> <%= [3, 1, 2].each_with_index.sort_by { |x, i| x }.map(&:last).inspect %> <%= @list.each.include?(nil) %> <%= @list.map.first.inspect %> <%= (1..4).each_slice(2).to_h.inspect %>"
        ),
        "[\"xx\", \"yy\", \"\"] [1, 2, 0] true \"x\" {1=>2, 3=>4}"
    );
    assert_eq!(
        render(
            "<%= 3.downto(1).map { |i| i * 2 }.inspect %> <%= \"ab\".each_char.with_index.to_a.inspect %> <%= 0.step(6, 3).to_a.inspect %> <%= [*@h.each_with_index].inspect %>"
        ),
        "[6, 4, 2] [[\"a\", 0], [\"b\", 1]] [0, 3, 6] [[[\"b\", 2], 0], [[\"a\", 1], 1]]"
    );
    assert_eq!(
        render("<%= [1].map.foo %>"),
        "ERROR: undefined method `foo' for #<Enumerator: [1]:map> (template t.erb, line 1)"
    );
    assert_eq!(
        error_kind("<%= [1].each_slice(0) %>"),
        Some(ErrorKind::Raised(super::RClass::ArgumentError))
    );
    assert_eq!(
        error_kind("<%= [1].chunk_while.to_a %>"),
        Some(ErrorKind::Raised(super::RClass::ArgumentError))
    );
    // Ruby prints an address; `next` and external iteration are not modelled.
    assert_eq!(error_kind("<%= [1].map %>"), Some(ErrorKind::Unsupported));
    assert_eq!(
        error_kind("<%= [1].map.next %>"),
        Some(ErrorKind::Unsupported)
    );
}

#[test]
fn strings_and_regexps() {
    assert_eq!(
        render("<%= @s.split(' ').reverse.join('-') %>"),
        "World-Hello"
    );
    assert_eq!(
        render("<%= @s.gsub(/o/, '0') %> <%= @s.sub('World') { |m| m.downcase } %>"),
        "Hell0 W0rld Hello world"
    );
    assert_eq!(
        render("<% if @s =~ /^(\\w+) (\\w+)$/ %><%= $2 %><% end %>"),
        "World"
    );
    assert_eq!(
        render("<%= \"n=#{@n + 1}\" %> <%= 'a\\n' %> <%= \"%05.1f\" % @f %>"),
        "n=4 a\\n 001.5"
    );
    assert_eq!(
        render("<%= @s.start_with?('Hell') ? 'y' : 'n' %><%= @s[0, 5] %><%= @s[-5..] %>"),
        "yHelloWorld"
    );
}

#[test]
fn scope_and_functions() {
    assert_eq!(
        render(
            "<%= scope['n'] %> <%= scope.lookupvar('::s') %> <%= scope.function_versioncmp(['1', '2']) %>"
        ),
        "3 Hello World versioncmp(1,2)"
    );
    assert_eq!(render("<%= scope.call_function('x', [1, nil]) %>"), "x(1,)");
    // A Hash is splatted into its pairs, as Puppet's `*args` does.
    assert_eq!(
        render("<%= scope.call_function('x', {'a' => 1, 'b' => 2}) %>"),
        "x([a, 1],[b, 2])"
    );
    assert!(render("<%= scope.function_fail(['boom']) %>").contains("boom"));
}

#[test]
fn control_flow() {
    assert_eq!(
        render("<% case @n when 1..2 then %>low<% when 3, 4 %>mid<% else %>hi<% end %>"),
        "mid"
    );
    assert_eq!(render("<% def f(x) return x * 2 end %><%= f(4) %>"), "8");
    assert_eq!(
        render("<%= begin; Integer('zz'); rescue ArgumentError => e; e.message; end %>"),
        "invalid value for Integer(): \"zz\""
    );
    assert_eq!(
        render("<%= [1, 2, 3].each { |x| break x * 10 if x == 2 } %>"),
        "20"
    );
    assert_eq!(
        render("<% x = nil %><%= x ||= 5 %><% y = [] %><% y << 1 unless y.include?(1) %><%= y %>"),
        "5[1]"
    );
}

#[test]
fn errors_are_located_and_typed() {
    assert_eq!(
        error_kind("<%= @u.join %>"),
        Some(ErrorKind::Raised(super::RClass::NoMethodError))
    );
    assert_eq!(error_kind("<% if %>"), Some(ErrorKind::Syntax));
    assert_eq!(
        error_kind("<%= IPAddr.new('x') %>"),
        Some(ErrorKind::Raised(super::RClass::IpAddrInvalid))
    );
    assert_eq!(error_kind("<%= $stdin %>"), Some(ErrorKind::Unsupported));
    // The compile's budget keeps its code through the template.
    assert_eq!(
        error_kind("<% loop do end %>"),
        Some(ErrorKind::Budget("BUDGET_EXCEEDED"))
    );
    assert_eq!(
        error_kind("<% def f(x) f(x) end %><%= f(1) %>"),
        Some(ErrorKind::Limit)
    );
    let e = Template::parse("t.erb", "a\nb\n<%= @u.x %>")
        .and_then(|t| t.render(&mut vars()))
        .err();
    assert_eq!(e.map(|e| e.line), Some(3));
}

/// A small deterministic generator for the robustness test.
struct Lcg(u64);

impl Lcg {
    fn next(&mut self) -> usize {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (self.0 >> 33) as usize
    }
}

/// Mutated templates (cut, duplicated and spliced Ruby) fail cleanly or
/// render: never a panic, never a hang. `KUPPET_ERB_FUZZ=N` runs N cases.
#[test]
fn mutated_templates_never_panic() {
    const SEEDS: [&str; 7] = [
        "<% @list.compact.each_with_index do |x, i| -%>\n<%= i %>: <%= x.upcase %>\n<% end -%>\n",
        "<%= @h.sort_by { |k, v| [v, k] }.map { |k, v| \"#{k}=#{v}\" }.join(', ') %>",
        "<% def f(a, b = 2) a.to_s * b end %><%= f(@s, 3) %><%= case @n when 1..5 then 'x' else :y end %>",
        "<%= begin; Integer(@s); rescue ArgumentError => e; e.message; end %><%= @s =~ /(o+)/ ? $1 : nil %>",
        "<%= '%05.1f|%-3s' % [@f, @list[0]] %><%= @s.gsub(/l+/) { |m| m.length.to_s } %><% x = {a: [1, {b: 2}]} %><%= x.dig(:a, 1, :b) %>",
        "<%= @list.map.with_index(1) { |x, i| [i, x] }.each_slice(2).to_a %><%= @h.each_with_index.map { |(k, v), i| k * i }.inspect %><%= 3.times.with_object([]) { |i, a| a << i }.size %>",
        "<%- if @t and not @u.nil? or !@list.empty? -%>\n<%= [1, [2, [3]]].flatten.inject(:+) %>\n<%- end -%>\n<%# c %><%% x %%>",
    ];
    const PIECES: [&str; 24] = [
        "<%", "%>", "-%>", "<%=", "do", "end", "{", "}", "|", "(", ")", "[", "]", "\"", "'", "#{",
        "/", "?", ":", ",", ".", "*", "\n", "@list",
    ];
    let runs: usize = std::env::var("KUPPET_ERB_FUZZ")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(3000);
    let mut rng = Lcg(0x5eed);
    for _ in 0..runs {
        let mut t: Vec<char> = SEEDS[rng.next() % SEEDS.len()].chars().collect();
        for _ in 0..(1 + rng.next() % 4) {
            let at = rng.next() % (t.len() + 1);
            match rng.next() % 3 {
                0 if !t.is_empty() => {
                    let end = (at + 1 + rng.next() % 6).min(t.len());
                    t.drain(at.min(end)..end);
                }
                1 => {
                    let piece = PIECES[rng.next() % PIECES.len()];
                    for (i, c) in piece.chars().enumerate() {
                        t.insert((at + i).min(t.len()), c);
                    }
                }
                _ => {
                    let other: Vec<char> = SEEDS[rng.next() % SEEDS.len()].chars().collect();
                    let from = rng.next() % other.len();
                    let len = (rng.next() % 12).min(other.len() - from);
                    for (i, c) in other[from..from + len].iter().enumerate() {
                        t.insert((at + i).min(t.len()), *c);
                    }
                }
            }
        }
        let src: String = t.into_iter().collect();
        let _ = Template::parse("t.erb", &src).and_then(|tpl| tpl.render(&mut vars()));
    }
}

/// Deep nesting is refused with an error, not a stack overflow.
#[test]
fn deep_nesting_is_an_error() {
    for src in [
        format!("<%= {}1{} %>", "(".repeat(5000), ")".repeat(5000)),
        format!("<%= {}1{} %>", "[".repeat(5000), "]".repeat(5000)),
        format!("<%= {}1 %>", "!".repeat(5000)),
        format!("<%= {}1 %>", "-".repeat(5000)),
        format!("<%= \"{}\" %>", "#{\"".repeat(3000)),
        format!(
            "{}x{}",
            "<% if true %>".repeat(3000),
            "<% end %>".repeat(3000)
        ),
        format!("<%= 1{} %>", " + 1".repeat(100_000)),
    ] {
        assert!(
            Template::parse("t.erb", &src)
                .and_then(|t| t.render(&mut vars()))
                .is_err()
                || src.contains("+ 1")
        );
    }
}

/// Found by fuzzing (`fuzz/fuzz_targets/erb.rs`): slices and modulo at the
/// edges of Integer overflowed (a panic with overflow checks, a wrong
/// slice without); Ruby's results.
#[test]
fn integer_edges_in_slices_and_modulo_are_rubys() {
    assert_eq!(
        render("<%= [1,2,3][1, 9223372036854775807].inspect %>"),
        "[2, 3]"
    );
    assert_eq!(
        render("<%= [1,2,3][1..9223372036854775807].inspect %>"),
        "[2, 3]"
    );
    assert_eq!(render("<%= 'abcdef'[2, 9223372036854775807] %>"), "cdef");
    assert_eq!(render("<%= -9223372036854775807 % 5 %>"), "3");
    assert_eq!(render("<%= 9223372036854775807 % -5 %>"), "-3");
    assert_eq!(
        render("<%= 9223372036854775807.divmod(-5).inspect %>"),
        "[-1844674407370955162, -3]"
    );
    assert_eq!(
        render(
            "<% a = []; 9223372036854775806.upto(9223372036854775807) { |i| a << i } %><%= a.size %>"
        ),
        "2"
    );
}
