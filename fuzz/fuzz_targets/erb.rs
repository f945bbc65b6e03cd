//! Fuzz target: any text as an ERB template, parsed and rendered against a
//! small host (a few variables of each kind, functions that fail), must give
//! a string or an [`ErbError`] — never a panic, a stack overflow, an abort or
//! a hang. The render runs under a small budget (steps, time, value size).
//! Seed it with the templates of the tests:
//! `mkdir -p fuzz/corpus/erb && cp $(find tests -name '*.erb') fuzz/corpus/erb/`,
//! then `cargo +nightly fuzz run erb -- -dict=fuzz/erb.dict -timeout=10`.
#![no_main]

use kuppet_erb::{Host, Template};
use kuppet_values::Value;
use kuppet_values::budget::{self, Limits};
use libfuzzer_sys::fuzz_target;
use std::time::Duration;

struct FuzzHost;

fn var(name: &str) -> Option<Value> {
    Some(match name {
        "n" => Value::Integer(9_223_372_036_854_775_807),
        "neg" => Value::Integer(i64::MIN),
        "f" => Value::Float(1e308),
        "s" => Value::string("héllo %s"),
        "a" => Value::array(vec![Value::Integer(1), Value::string("x"), Value::Undef]),
        "h" => {
            let mut m = indexmap::IndexMap::new();
            m.insert(Value::string("k"), Value::Integer(-1));
            m.insert(Value::string("l"), Value::array(vec![Value::Bool(true)]));
            Value::hash(m)
        }
        "t" => Value::Bool(true),
        _ => return None,
    })
}

impl Host for FuzzHost {
    fn variable(&mut self, name: &str) -> Option<Value> {
        var(name)
    }
    fn lookupvar(&mut self, name: &str) -> Option<Value> {
        var(name.trim_start_matches("::"))
    }
    fn variables(&mut self) -> Vec<(String, Value)> {
        ["n", "s", "a", "h"]
            .iter()
            .filter_map(|n| var(n).map(|v| (n.to_string(), v)))
            .collect()
    }
    fn call_function(&mut self, name: &str, _args: Vec<Value>) -> Result<Value, String> {
        Err(format!("Unknown function: '{name}'"))
    }
    fn scope_name(&self) -> String {
        "Scope(Class[main])".into()
    }
    fn setvar(&mut self, _name: &str, _value: Value) -> Result<(), String> {
        Ok(())
    }
}

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let _budget = budget::install(Limits {
        max_steps: 200_000,
        max_time: Duration::from_secs(2),
        max_bytes: 1 << 20,
        max_memory: 256 << 20,
    });
    let Ok(template) = Template::parse("fuzz.erb", text) else {
        return;
    };
    match template.render(&mut FuzzHost) {
        Ok(s) => assert!(s.len() <= 64 << 20),
        Err(e) => {
            let _ = e.to_string();
        }
    }
});
