//! `kuppet parse FILE...`: syntax and validation check of Puppet manifests,
//! like `puppet parser validate`. Prints every error with its location and a
//! caret; exits 1 when any file is rejected.

use std::path::PathBuf;

/// Arguments of `kuppet parse`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// Manifests to check.
    #[arg(required = true)]
    pub files: Vec<PathBuf>,
    /// Print nothing for files that parse.
    #[arg(long, short)]
    pub quiet: bool,
}

pub fn run(args: Args) -> u8 {
    let mut failed = false;
    for file in &args.files {
        let shown = file.display().to_string();
        let source = match super::read_source(file) {
            Ok(s) => s,
            Err(message) => {
                eprintln!("Error: {message}");
                failed = true;
                continue;
            }
        };
        match kuppet_parse(&shown, &source) {
            Ok(warnings) => {
                for w in warnings {
                    eprint!("{}", w.render());
                }
                if !args.quiet {
                    println!("OK {shown}");
                }
            }
            Err(d) => {
                eprint!("{}", d.render());
                failed = true;
            }
        }
    }
    u8::from(failed)
}

fn kuppet_parse(
    path: &str,
    source: &str,
) -> Result<Vec<crate::diagnostics::Diagnostic>, crate::diagnostics::Diagnostic> {
    crate::syntax::parse(path, source).map(|m| m.warnings)
}
