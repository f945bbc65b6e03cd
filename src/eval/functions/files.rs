//! Puppet's core functions that read the code's files and the machine that
//! compiles: `file`, `binary_file`, `find_file`, `find_template`,
//! `module_directory` (module references resolve through the modulepath:
//! `mod/x` is `x` in the module's `files/` or `templates/`; an absolute path
//! is itself), `generate` (runs a command where the compile runs, when the
//! compile allows it), and `scanf` with a lambda.

use super::Call;
use crate::compiler::Compiler;
use crate::error::EResult;
use kuppet_values::value::Value;
use std::path::PathBuf;

/// The string arguments of a `repeated_param 'String'` / `'Array[String]'`
/// dispatch (Puppet's `find_file` and friends take either).
fn names<'v>(c: &Compiler<'_>, call: &'v Call<'_, '_>, fname: &str) -> EResult<Vec<&'v str>> {
    let list: Vec<&Value> = match call.args.as_slice() {
        [Value::Array(items)] => items.iter().collect(),
        args => args.iter().collect(),
    };
    list.into_iter()
        .map(|v| {
            v.as_str().ok_or_else(|| {
                c.call_error(
                    format!(
                        "'{fname}' expects a value of type String or Array, got {}",
                        kuppet_values::types::infer_set(v)
                    ),
                    call.expr,
                    call.manifest,
                )
            })
        })
        .collect()
}

/// The first reference that names an existing file, in `subdir` of its module.
fn first_existing(c: &Compiler<'_>, refs: &[&str], subdir: &str) -> Option<PathBuf> {
    refs.iter()
        .filter_map(|r| c.modules.find(r, subdir))
        .find(|p| p.exists())
}

/// `file(ref, ...)`: the content of the first file that exists.
pub(crate) fn file<'a>(c: &mut Compiler<'a>, call: Call<'a, '_>) -> EResult<Value> {
    if call.args.is_empty() {
        return Err(c.call_error(
            "file(): Wrong number of arguments given (0 for minimum 1)",
            call.expr,
            call.manifest,
        ));
    }
    // A 3.x function: its arguments are strings as Ruby sees them.
    let refs: Vec<String> = call.args.iter().map(Value::to_display).collect();
    let refs: Vec<&str> = refs.iter().map(String::as_str).collect();
    match first_existing(c, &refs, "files") {
        Some(path) => match std::fs::read(&path) {
            Ok(bytes) => Ok(Value::string(String::from_utf8_lossy(&bytes).as_ref())),
            Err(e) => Err(c.call_error(
                format!("file(): could not read {}: {e}", path.display()),
                call.expr,
                call.manifest,
            )),
        },
        None => Err(c.call_error(
            format!("Could not find any files from {}", refs.join(", ")),
            call.expr,
            call.manifest,
        )),
    }
}

/// `binary_file(ref)`: the file's bytes as a Binary.
pub(crate) fn binary_file<'a>(c: &mut Compiler<'a>, call: Call<'a, '_>) -> EResult<Value> {
    let [Value::String(reference)] = call.args.as_slice() else {
        return Err(c.call_error(
            match call.args.len() {
                1 => format!(
                    "'binary_file' parameter 'path' expects a String value, got {}",
                    kuppet_values::types::infer_set(&call.args[0])
                ),
                n => format!("'binary_file' expects 1 argument, got {n}"),
            },
            call.expr,
            call.manifest,
        ));
    };
    let path = c.modules.find(reference, "files").filter(|p| p.exists());
    match path.map(|p| std::fs::read(&p)) {
        Some(Ok(bytes)) => Ok(Value::Binary(std::rc::Rc::new(bytes))),
        _ => Err(c.call_error(
            format!("binary_file(): The given file '{reference}' does not exist"),
            call.expr,
            call.manifest,
        )),
    }
}

/// `find_file(ref, ...)`: the path of the first file that exists, or undef.
pub(crate) fn find_file<'a>(c: &mut Compiler<'a>, call: Call<'a, '_>) -> EResult<Value> {
    let refs = names(c, &call, "find_file")?;
    Ok(first_existing(c, &refs, "files")
        .map(|p| Value::string(p.display().to_string()))
        .unwrap_or(Value::Undef))
}

/// `find_template(ref, ...)`: the path of the first template that exists, or undef.
pub(crate) fn find_template<'a>(c: &mut Compiler<'a>, call: Call<'a, '_>) -> EResult<Value> {
    let refs = names(c, &call, "find_template")?;
    Ok(first_existing(c, &refs, "templates")
        .map(|p| Value::string(p.display().to_string()))
        .unwrap_or(Value::Undef))
}

/// `module_directory(name, ...)`: the directory of the first module found, or undef.
pub(crate) fn module_directory<'a>(c: &mut Compiler<'a>, call: Call<'a, '_>) -> EResult<Value> {
    let names = names(c, &call, "module_directory")?;
    Ok(names
        .iter()
        .find_map(|n| c.modules.dir(n))
        .map(|p| Value::string(p.display().to_string()))
        .unwrap_or(Value::Undef))
}

/// `generate(command, args...)`: runs a fully qualified command (no shell,
/// in the command's directory) and gives its output, as Puppet runs it on the
/// machine that compiles. Only where the compile allows commands.
pub(crate) fn generate<'a>(c: &mut Compiler<'a>, call: Call<'a, '_>) -> EResult<Value> {
    c.reads.volatile("generate() runs a command");
    let fail = |c: &Compiler<'a>, msg: String| c.call_error(msg, call.expr, call.manifest);
    let args: Vec<String> = call.args.iter().map(Value::to_display).collect();
    let Some(command) = args.first() else {
        return Err(fail(
            c,
            "generate(): Wrong number of arguments given (0 for minimum 1)".into(),
        ));
    };
    if !c.allow_generate {
        return Err(fail(
            c,
            format!(
                "generate(): running commands while compiling is not allowed here, so '{command}' was not run (the controller runs generate() only for Manifests whose grant allows commands)"
            ),
        ));
    }
    if !command.starts_with('/') {
        return Err(fail(c, "Generators must be fully qualified".into()));
    }
    if !command
        .chars()
        .all(|ch| ch.is_ascii_alphanumeric() || "-/_.+".contains(ch))
    {
        return Err(fail(
            c,
            "Generators can only contain alphanumerics, file separators, and dashes".into(),
        ));
    }
    if command.contains("..") {
        return Err(fail(c, "Can not use generators with '..' in them.".into()));
    }
    let dir = std::path::Path::new(command)
        .parent()
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from("/"));
    let output = std::process::Command::new(command)
        .args(&args[1..])
        .current_dir(dir)
        .stdin(std::process::Stdio::null())
        .output();
    match output {
        Ok(o) if o.status.success() => {
            Ok(Value::string(String::from_utf8_lossy(&o.stdout).as_ref()))
        }
        Ok(o) => Err(fail(
            c,
            format!(
                "Failed to execute generator {command}: Execution of '{}' returned {}: {}",
                args.join(" "),
                o.status.code().unwrap_or(1),
                String::from_utf8_lossy(&o.stdout).trim_end()
            ),
        )),
        Err(e) => Err(fail(
            c,
            format!("Failed to execute generator {command}: {e}"),
        )),
    }
}

/// `scanf(data, format) |$values| { ... }`: the lambda's value of the values read.
pub(crate) fn scanf_with<'a>(c: &mut Compiler<'a>, call: Call<'a, '_>) -> EResult<Value> {
    let values = super::library::scanf::scanf(&call.args)
        .map_err(|msg| c.call_error(msg, call.expr, call.manifest))?;
    match call.lambda {
        Some(l) => c.call_lambda(l, vec![values], call.frame, call.manifest),
        None => Ok(values),
    }
}
