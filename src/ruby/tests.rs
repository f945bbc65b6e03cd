//! The VM's conversations, with a host that records its callbacks.

use super::*;

struct Recorder {
    calls: Vec<String>,
}

impl Host for Recorder {
    fn callback(&mut self, cb: Callback) -> Result<Wire, Raise> {
        match cb {
            Callback::Call { name, args } if name == "double" => {
                self.calls.push(format!("call {name}"));
                match args.as_slice() {
                    [Wire::Int(i)] => Ok(Wire::Int(i * 2)),
                    _ => Err(Raise {
                        kept: None,
                        message: "double wants an Integer".into(),
                    }),
                }
            }
            Callback::Call { name, .. } if name == "fails" => Err(Raise {
                kept: Some(7),
                message: "kept error".into(),
            }),
            Callback::LookupVar { name } => Ok(Wire::Str(format!("value of {name}"))),
            other => Err(Raise {
                kept: None,
                message: format!("unexpected {other:?}"),
            }),
        }
    }
}

fn eval(src: &str) -> Result<Wire, RubyError> {
    let mut host = Recorder { calls: vec![] };
    run(
        Request::Eval { source: src.into() },
        Budget::default(),
        &mut host,
    )
    .expect("the VM runs")
}

#[test]
fn values_cross_both_ways() {
    let v = eval("[1, 2.5, 'x', nil, true, false, {'a' => [1]}, :default, /a+b/]").expect("ok");
    assert_eq!(
        v,
        Wire::Array(vec![
            Wire::Int(1),
            Wire::Float(2.5),
            Wire::Str("x".into()),
            Wire::Undef,
            Wire::Bool(true),
            Wire::Bool(false),
            Wire::Hash(vec![(
                Wire::Str("a".into()),
                Wire::Array(vec![Wire::Int(1)])
            )]),
            Wire::Default,
            Wire::Regexp("a+b".into()),
        ])
    );
}

#[test]
fn ruby_errors_carry_their_class() {
    let e = eval("raise Puppet::ParseError, 'boom'").expect_err("raises");
    assert_eq!(e.message, "boom");
    assert_eq!(
        e.kind,
        ErrorKind::Raised {
            class: "Puppet::ParseError".into()
        }
    );
}

#[test]
fn callbacks_reach_the_host_and_errors_come_back() {
    let mut host = Recorder { calls: vec![] };
    let r = run(
        Request::Eval {
            source: "Kuppet.__callback('call', 'double', [21], nil) + 1".into(),
        },
        Budget::default(),
        &mut host,
    )
    .expect("vm");
    assert_eq!(r.expect("ok"), Wire::Int(43));
    assert_eq!(host.calls, vec!["call double"]);
    let e = eval("Kuppet.__callback('call', 'fails', [], nil)").expect_err("raises");
    assert_eq!(e.kind, ErrorKind::Kept(7));
}

#[test]
fn a_forever_loop_is_stopped_by_the_deadline() {
    let mut host = Recorder { calls: vec![] };
    let t = std::time::Instant::now();
    let r = run(
        Request::Eval {
            source: "loop { }".into(),
        },
        Budget {
            seconds: Some(0.3),
            memory: None,
        },
        &mut host,
    )
    .expect("vm");
    let e = r.expect_err("stopped");
    assert_eq!(e.kind, ErrorKind::Budget, "{e:?}");
    assert!(t.elapsed().as_secs_f64() < 5.0);
    // The VM still serves afterwards.
    assert_eq!(eval("1 + 1").expect("ok"), Wire::Int(2));
}

#[test]
fn unbounded_allocation_is_stopped_by_the_memory_budget() {
    let mut host = Recorder { calls: vec![] };
    let r = run(
        Request::Eval {
            source: "a = []; loop { a << ('x' * 1_000_000) }".into(),
        },
        Budget {
            seconds: Some(60.0),
            memory: Some(200 << 20),
        },
        &mut host,
    )
    .expect("vm");
    let e = r.expect_err("stopped");
    assert_eq!(e.kind, ErrorKind::Budget, "{e:?}");
    assert!(e.message.contains("memory"), "{}", e.message);
}

#[test]
fn puppet_utilities_modules_use_are_there() {
    let v = eval(
        "[Puppet::Util::Json.dump({'a' => [1]}), Puppet::Pops::PuppetStack.top_of_stack, \
         Puppet::Pops::Serialization::ToDataConverter.convert({1 => :default}, rich_data: true)]",
    )
    .expect("ok");
    assert_eq!(
        v,
        Wire::Array(vec![
            Wire::Str("{\"a\":[1]}".into()),
            Wire::Array(vec![]),
            Wire::Hash(vec![
                (Wire::Str("__ptype".into()), Wire::Str("Hash".into())),
                (
                    Wire::Str("__pvalue".into()),
                    Wire::Array(vec![
                        Wire::Int(1),
                        Wire::Hash(vec![(
                            Wire::Str("__ptype".into()),
                            Wire::Str("Default".into())
                        )]),
                    ])
                ),
            ]),
        ])
    );
}

struct Panicker;

impl Host for Panicker {
    fn callback(&mut self, _cb: Callback) -> Result<Wire, Raise> {
        panic!("the host fails");
    }
}

#[test]
fn a_host_that_panics_in_a_callback_leaves_the_vm_usable() {
    let r = std::panic::catch_unwind(|| {
        run(
            Request::Eval {
                source: "Kuppet.__callback('call', 'x', [], nil)".into(),
            },
            Budget::default(),
            &mut Panicker,
        )
    });
    assert!(r.is_err(), "the panic went through");
    assert_eq!(eval("40 + 2").expect("ok"), Wire::Int(42));
}

#[test]
fn a_function_cannot_end_the_process() {
    for src in ["exit!(3)", "Process.exit!(3)", "abort('bye')", "exit(3)"] {
        let e = eval(src).expect_err(src);
        assert!(
            matches!(&e.kind, ErrorKind::Raised { class } if class == "SecurityError" || class == "SystemExit"),
            "{src}: {e:?}"
        );
    }
    assert_eq!(eval("1").expect("still here"), Wire::Int(1));
}

/// A template's scope: two variables, a function, its name.
struct TemplateScope;

impl Host for TemplateScope {
    fn callback(&mut self, cb: Callback) -> Result<Wire, Raise> {
        match cb {
            Callback::Variables { .. } => Ok(Wire::Hash(vec![
                (Wire::Str("name".into()), Wire::Str("web".into())),
                (
                    Wire::Str("ports".into()),
                    Wire::Array(vec![Wire::Int(80), Wire::Int(443)]),
                ),
            ])),
            Callback::LookupVar { name } if name == "::fqdn" => Ok(Wire::Str("n1.example".into())),
            Callback::LookupVar { .. } => Ok(Wire::Undef),
            Callback::Call { name, args } if name == "upcase" => match args.as_slice() {
                [Wire::Str(s)] => Ok(Wire::Str(s.to_uppercase())),
                _ => Err(Raise {
                    kept: None,
                    message: "upcase wants a String".into(),
                }),
            },
            Callback::ScopeName => Ok(Wire::Str("Scope(Class[Web])".into())),
            other => Err(Raise {
                kept: None,
                message: format!("unexpected {other:?}"),
            }),
        }
    }
}

fn render(file: Option<&str>, source: &str) -> Result<Wire, RubyError> {
    run(
        Request::Template {
            file: file.map(str::to_string),
            source: source.into(),
        },
        Budget::default(),
        &mut TemplateScope,
    )
    .expect("the VM runs")
}

#[test]
fn templates_render_with_rubys_erb_over_the_scope() {
    let src = "<%- @ports.each do |p| -%>\n<%= @name %>:<%= p %>\n<%- end -%>\n\
               <%= scope['::fqdn'] %> <%= scope.lookupvar('nope').inspect %> \
               <%= scope.function_upcase([@name]) %> <%= @name.frozen? %> <%= @unset.inspect %>\n";
    let out = render(Some("/m/templates/t.erb"), src).expect("renders");
    assert_eq!(
        out,
        Wire::Str("web:80\nweb:443\nn1.example nil WEB true nil\n".into())
    );
    // Twice: the compiled template is reused, with the variables of this render.
    assert_eq!(render(Some("/m/templates/t.erb"), src).expect("again"), out);
}

#[test]
fn template_errors_name_the_template_line_and_rubys_message() {
    let e = render(
        Some("/m/templates/t.erb"),
        "a\n<%= @name %>\n<%= @none.foo %>\n",
    )
    .expect_err("raises");
    assert_eq!(e.file.as_deref(), Some("/m/templates/t.erb"));
    assert_eq!(e.line, Some(3));
    assert_eq!(e.message, "undefined method `foo' for nil:NilClass");
    // Puppet's class names show in Ruby's messages.
    let e = render(None, "<%= scope.nope %>").expect_err("raises");
    assert!(
        e.message
            .starts_with("undefined method `nope' for Scope(Class[Web]):Puppet::Parser::Scope"),
        "{}",
        e.message
    );
    // A constant assigned in a template (not valid in a method) still works.
    let out = render(None, "<% S = Struct.new(:a) -%><%= S.name %>").expect("renders");
    assert_eq!(out, Wire::Str("Puppet::Parser::TemplateWrapper::S".into()));
    let e = render(Some("/m/templates/bad.erb"), "<% if %>").expect_err("syntax");
    assert_eq!(
        e.kind,
        ErrorKind::Raised {
            class: "SyntaxError".into()
        }
    );
}
