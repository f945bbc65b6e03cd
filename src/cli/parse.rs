//! `kuppet parse FILE...`: syntax and validation check of Puppet manifests,
//! like `puppet parser validate`. Prints every error with its location and a
//! caret (or one JSON object per file with `--json`); exits 1 when any file is
//! rejected.

use kuppet_syntax::diagnostics::Diagnostic;
use std::path::PathBuf;

/// Stack for the parsing thread: the parser's depth limit keeps it well below this.
const PARSE_STACK: usize = 64 * 1024 * 1024;

/// Arguments of `kuppet parse`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// Manifests to check.
    #[arg(required = true)]
    pub files: Vec<PathBuf>,
    /// Print nothing for files that parse.
    #[arg(long, short)]
    pub quiet: bool,
    /// Print one JSON object per file on stdout: `{"file", "ok"}` and, when
    /// rejected, `"code"`, `"message"`, `"line"`, `"column"`.
    #[arg(long)]
    pub json: bool,
}

pub fn run(args: Args) -> u8 {
    // Parse on a thread of known stack size, whatever thread runs the CLI.
    let worker = std::thread::Builder::new()
        .name("parse".into())
        .stack_size(PARSE_STACK)
        .spawn(move || check_all(&args));
    match worker.map(|handle| handle.join()) {
        Ok(Ok(code)) => code,
        Ok(Err(_)) => {
            eprintln!("Error: the parser failed unexpectedly; please report this with the file");
            1
        }
        Err(e) => {
            eprintln!("Error: could not start the parser thread: {e}");
            1
        }
    }
}

fn check_all(args: &Args) -> u8 {
    let mut failed = false;
    for file in &args.files {
        let shown = file.display().to_string();
        let result = super::read_source(file)
            .map_err(Diagnostic::message)
            .and_then(|source| kuppet_syntax::parse(&shown, &source).map(|m| m.warnings));
        failed |= result.is_err();
        if args.json {
            println!("{}", json_line(&shown, &result));
            continue;
        }
        match result {
            Ok(warnings) => {
                for w in warnings {
                    eprint!("{}", w.render());
                }
                if !args.quiet {
                    println!("OK {shown}");
                }
            }
            Err(d) => eprint!("{}", d.render()),
        }
    }
    u8::from(failed)
}

fn json_line(file: &str, result: &Result<Vec<Diagnostic>, Diagnostic>) -> serde_json::Value {
    match result {
        Ok(_) => serde_json::json!({ "file": file, "ok": true }),
        Err(d) => {
            let (line, column) = d
                .location
                .as_ref()
                .map(|l| (l.line, l.column))
                .unwrap_or((0, 0));
            serde_json::json!({
                "file": file,
                "ok": false,
                "code": d.code,
                "message": d.message,
                "line": line,
                "column": column,
            })
        }
    }
}
