//! The worker's side (`kuppet compile-worker`): sandbox itself, say hello,
//! then answer compile requests one at a time until its input closes.
//!
//! Each compile runs on a thread of its own (the compiler then runs it on
//! one with the stack its depth limits were sized for, under the request's
//! budget). Sources are parsed here, cached by path and
//! content, so a Manifest is parsed once per worker however many nodes
//! compile it. A panic ends the worker (its message on stderr is the
//! controller's crash report): a compile that panicked may have left shared
//! state half-done, and a fresh worker costs a few milliseconds.

use crate::protocol::{
    Fault, FrameError, FromWorker, Outcome, Request, Stats, ToWorker, read_frame, write_frame,
};
use kuppet_eval::{CompileRequest, DataConfig, ManifestInput};
use sha2::{Digest, Sha256};
use std::collections::HashMap;
use std::io::{Read, Write};
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Instant;

/// How a worker runs.
#[derive(Debug, Clone)]
pub struct ServeOptions {
    /// Sandbox the process before reading input (off only in tests that
    /// run the loop inside the test process).
    pub sandbox: bool,
    /// Directories the sandbox leaves readable besides the system's.
    pub read_paths: Vec<PathBuf>,
    /// Obey `Request::fault` (tests of the crash path only).
    pub test_faults: bool,
    /// The stack of the thread that drives a compile.
    pub stack_bytes: usize,
}

impl Default for ServeOptions {
    fn default() -> Self {
        ServeOptions {
            sandbox: true,
            read_paths: Vec::new(),
            test_faults: false,
            stack_bytes: 8 << 20,
        }
    }
}

/// Why the worker stopped other than by its input closing.
#[derive(Debug, thiserror::Error)]
pub enum ServeError {
    #[error("compile worker: {0}")]
    Frame(#[from] FrameError),
    #[error("compile worker: the controller sent {0} where a compile request was expected")]
    Unexpected(&'static str),
    #[error("compile worker: could not start the compile thread: {0}")]
    Thread(std::io::Error),
    #[error("compile worker: the compile panicked (see the message above)")]
    Panicked,
}

/// Parsed manifests by path and content digest.
#[derive(Default)]
struct ParseCache {
    entries: HashMap<(String, [u8; 32]), Arc<kuppet_syntax::Manifest>>,
}

/// Parses above this many cached entries clear the cache (Manifests come
/// and go; a worker must not grow without bound).
const PARSE_CACHE_ENTRIES: usize = 4096;

impl ParseCache {
    fn get(
        &mut self,
        path: &str,
        source: &str,
    ) -> Result<Arc<kuppet_syntax::Manifest>, kuppet_syntax::diagnostics::Diagnostic> {
        let key = (path.to_string(), Sha256::digest(source.as_bytes()).into());
        if let Some(m) = self.entries.get(&key) {
            return Ok(m.clone());
        }
        let parsed = Arc::new(kuppet_syntax::parse(path, source)?);
        if self.entries.len() >= PARSE_CACHE_ENTRIES {
            self.entries.clear();
        }
        self.entries.insert(key, parsed.clone());
        Ok(parsed)
    }
}

/// Runs the worker over `input` and `output` (stdin and stdout in
/// production) until `input` closes.
pub fn run<R: Read + Send, W: Write + Send>(
    options: &ServeOptions,
    mut input: R,
    mut output: W,
) -> Result<(), ServeError> {
    let sandbox = if options.sandbox {
        crate::sandbox::isolate(&options.read_paths)
    } else {
        vec!["sandbox: off".to_string()]
    };
    write_frame(
        &mut output,
        &FromWorker::Hello {
            version: env!("CARGO_PKG_VERSION").to_string(),
            sandbox,
        },
    )?;
    let mut cache = ParseCache::default();
    loop {
        let request = match read_frame::<_, ToWorker>(&mut input)? {
            None => return Ok(()),
            Some(ToWorker::Compile(request)) => request,
            Some(ToWorker::SecretValue { .. }) => {
                return Err(ServeError::Unexpected("a secret value"));
            }
        };
        let outcome = serve_one(options, &request, &mut cache, &mut input, &mut output)?;
        write_frame(&mut output, &FromWorker::Done(Box::new(outcome)))?;
    }
}

fn serve_one<R: Read, W: Write>(
    options: &ServeOptions,
    request: &Request,
    cache: &mut ParseCache,
    input: &mut R,
    output: &mut W,
) -> Result<Outcome, ServeError> {
    let started = Instant::now();
    let mut inputs = Vec::with_capacity(request.manifests.len());
    for m in &request.manifests {
        match cache.get(&m.path, &m.source) {
            Ok(manifest) => inputs.push(ManifestInput {
                manifest,
                apply_top_level: m.apply_top_level,
            }),
            Err(d) => {
                return Ok(Outcome::Failed {
                    code: d.code.to_string(),
                    message: d.to_string(),
                    stats: stats(started, Instant::now()),
                });
            }
        }
    }
    let parsed = Instant::now();
    let compile_request = CompileRequest {
        manifests: inputs,
        facts: request.facts.clone(),
        node: request.node.clone(),
        modulepath: request.modulepath.clone(),
        allow_generate: request.allow_generate,
        limits: request.limits.to_eval(),
    };
    let hiera_config = request.hiera_config.clone();
    let environment_hiera_config = request.environment_hiera_config.clone();
    let environment = request.environment.clone();
    let fault = request.fault.filter(|_| options.test_faults);
    // `kuppet::secret` on the compile thread asks this thread, which owns
    // the pipes: one Secret frame out, one SecretValue frame back.
    let (ask, asked) = std::sync::mpsc::channel::<Ask>();
    let mut pipe_error = None;
    let result = std::thread::scope(|scope| {
        let spawned = std::thread::Builder::new()
            .name("compile".into())
            .stack_size(options.stack_bytes)
            .spawn_scoped(scope, move || {
                if let Some(fault) = fault {
                    crash(fault);
                }
                let ask = std::sync::Mutex::new(ask);
                let source: Arc<kuppet_eval::SecretFn> =
                    Arc::new(move |namespace: &str, name: &str, key: &str| {
                        let (reply, answer) = std::sync::mpsc::sync_channel(1);
                        let question = Ask {
                            namespace: namespace.to_string(),
                            name: name.to_string(),
                            key: key.to_string(),
                            reply,
                        };
                        let sent = ask.lock().map(|a| a.send(question).is_ok());
                        match (sent, answer.recv()) {
                            (Ok(true), Ok(answer)) => answer,
                            _ => Err((String::new(), "the controller did not answer".to_string())),
                        }
                    });
                let data = DataConfig {
                    hiera_config,
                    environment_hiera_config,
                    secrets: kuppet_eval::SecretSource(Some(source)),
                    environment,
                };
                kuppet_eval::compile_with_data(&compile_request, &data)
            });
        // Until the compile thread ends (and drops its sender).
        for question in asked.iter() {
            let answer = if pipe_error.is_some() {
                Err((String::new(), "the controller's pipe failed".to_string()))
            } else {
                match relay(&question, input, output) {
                    Ok(answer) => answer,
                    Err(e) => {
                        pipe_error = Some(e);
                        Err((String::new(), "the controller's pipe failed".to_string()))
                    }
                }
            };
            let _ = question.reply.send(answer);
        }
        spawned.map(|handle| handle.join())
    });
    if let Some(e) = pipe_error {
        return Err(e);
    }
    let outcome = match result {
        Err(e) => return Err(ServeError::Thread(e)),
        Ok(Err(_panic)) => return Err(ServeError::Panicked),
        Ok(Ok(Ok(compiled))) => Outcome::Compiled {
            catalog: compiled.catalog,
            logs: compiled
                .logs
                .into_iter()
                .map(|(level, message)| (level.to_string(), message))
                .collect(),
            stats: stats(started, parsed),
            reads: compiled.reads,
        },
        Ok(Ok(Err(d))) => Outcome::Failed {
            code: d.code.to_string(),
            message: d.to_string(),
            stats: stats(started, parsed),
        },
    };
    Ok(outcome)
}

/// A `kuppet::secret` call waiting for the controller's answer.
struct Ask {
    namespace: String,
    name: String,
    key: String,
    reply: std::sync::mpsc::SyncSender<Result<String, (String, String)>>,
}

/// Asks the controller for a Secret's key and reads its answer: the value,
/// or (issue code, message) from an error `CODE: message`.
fn relay<R: Read, W: Write>(
    question: &Ask,
    input: &mut R,
    output: &mut W,
) -> Result<Result<String, (String, String)>, ServeError> {
    write_frame(
        output,
        &FromWorker::Secret {
            namespace: question.namespace.clone(),
            name: question.name.clone(),
            key: question.key.clone(),
        },
    )?;
    match read_frame::<_, ToWorker>(input)? {
        Some(ToWorker::SecretValue { value: Some(v), .. }) => Ok(Ok(v)),
        Some(ToWorker::SecretValue { error, .. }) => {
            let error = error.unwrap_or_else(|| "no value".into());
            Ok(Err(split_code(&error)))
        }
        Some(ToWorker::Compile(_)) => Err(ServeError::Unexpected("a compile request")),
        None => Err(ServeError::Unexpected("the end of its input")),
    }
}

/// `SECRET_DENIED: why` → ("SECRET_DENIED", "why"); other text has no code.
fn split_code(error: &str) -> (String, String) {
    match error.split_once(": ") {
        Some((code, rest))
            if !code.is_empty() && code.bytes().all(|b| b.is_ascii_uppercase() || b == b'_') =>
        {
            (code.to_string(), rest.to_string())
        }
        _ => (String::new(), error.to_string()),
    }
}

fn stats(started: Instant, parsed: Instant) -> Stats {
    let now = Instant::now();
    // SAFETY: getrusage fills the zeroed struct we pass.
    let usage = unsafe {
        let mut usage: libc::rusage = std::mem::zeroed();
        libc::getrusage(libc::RUSAGE_SELF, &mut usage);
        usage
    };
    let ms = |t: libc::timeval| (t.tv_sec.max(0) as u64) * 1000 + (t.tv_usec.max(0) as u64) / 1000;
    Stats {
        parse_ms: parsed.duration_since(started).as_millis() as u64,
        compile_ms: now.duration_since(parsed).as_millis() as u64,
        cpu_ms: ms(usage.ru_utime) + ms(usage.ru_stime),
        max_rss_kib: usage.ru_maxrss.max(0) as u64,
    }
}

/// Crashes the way `fault` says (tests of the crash path).
fn crash(fault: Fault) -> ! {
    match fault {
        Fault::Abort => std::process::abort(),
        Fault::Panic => panic!("test fault: a panic in the compile"),
        Fault::StackOverflow => {
            #[allow(unconditional_recursion)]
            fn recurse(depth: u64, pad: &mut [u8; 4096]) -> u64 {
                pad[(depth % 4096) as usize] = depth as u8;
                let mut next = [0u8; 4096];
                recurse(std::hint::black_box(depth + 1), &mut next) + pad[0] as u64
            }
            let mut pad = [0u8; 4096];
            let n = recurse(0, &mut pad);
            std::process::exit(n as i32)
        }
        Fault::Hang => loop {
            std::thread::sleep(std::time::Duration::from_secs(3600));
        },
        Fault::Allocate => {
            let mut held: Vec<Vec<u8>> = Vec::new();
            loop {
                held.push(vec![1u8; 64 << 20]);
                std::hint::black_box(&held);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::protocol::Source;

    fn request(source: &str) -> ToWorker {
        ToWorker::Compile(Box::new(Request {
            node: "web-1".into(),
            manifests: vec![Source {
                path: "team-a/site.pp".into(),
                source: source.into(),
                apply_top_level: true,
            }],
            ..Default::default()
        }))
    }

    fn converse(requests: &[ToWorker]) -> Vec<FromWorker> {
        let mut input = Vec::new();
        for r in requests {
            write_frame(&mut input, r).expect("write");
        }
        let mut output = Vec::new();
        let options = ServeOptions {
            sandbox: false,
            ..Default::default()
        };
        run(&options, input.as_slice(), &mut output).expect("the worker ends at EOF");
        let mut answers = Vec::new();
        let mut out = output.as_slice();
        while let Some(m) = read_frame(&mut out).expect("read") {
            answers.push(m);
        }
        answers
    }

    #[test]
    fn hello_then_one_answer_per_request_catalog_or_located_error() {
        let answers = converse(&[
            request("file { '/etc/motd': content => 'hi' }\n"),
            request("notice($nope.foo(\n"),
            request("$x = $facts['nope']['deeper']\n"),
        ]);
        assert_eq!(answers.len(), 4, "{answers:?}");
        assert!(
            matches!(&answers[0], FromWorker::Hello { sandbox, .. } if sandbox == &["sandbox: off"])
        );
        let FromWorker::Done(first) = &answers[1] else {
            panic!("{:?}", answers[1])
        };
        let Outcome::Compiled { catalog, .. } = first.as_ref() else {
            panic!("{first:?}")
        };
        assert!(catalog.resource("File[/etc/motd]").is_some());
        let FromWorker::Done(second) = &answers[2] else {
            panic!("{:?}", answers[2])
        };
        let Outcome::Failed { code, message, .. } = second.as_ref() else {
            panic!("{second:?}")
        };
        assert_eq!(code, "SYNTAX_ERROR");
        assert!(message.contains("team-a/site.pp"), "{message}");
        assert!(matches!(answers[3], FromWorker::Done(_)));
    }

    #[test]
    fn an_environments_hiera_layer_reaches_the_compile() {
        let dir = tempfile::tempdir().expect("tempdir");
        let env = dir.path();
        std::fs::create_dir_all(env.join("data")).expect("mkdir");
        std::fs::write(env.join("hiera.yaml"), "version: 5\n").expect("write");
        std::fs::write(env.join("data/common.yaml"), "motd: from the environment\n")
            .expect("write");
        let mut r = request("notify { lookup('motd'): }\n");
        if let ToWorker::Compile(req) = &mut r {
            req.environment_hiera_config = Some(env.join("hiera.yaml"));
        }
        let answers = converse(&[r]);
        let FromWorker::Done(done) = &answers[1] else {
            panic!("{:?}", answers[1])
        };
        let Outcome::Compiled { catalog, .. } = done.as_ref() else {
            panic!("{done:?}")
        };
        assert!(catalog.resource("Notify[from the environment]").is_some());
    }

    #[test]
    fn faults_are_ignored_unless_the_worker_was_started_for_tests() {
        let mut r = request("notice(1)\n");
        if let ToWorker::Compile(req) = &mut r {
            req.fault = Some(Fault::Abort);
        }
        let answers = converse(&[r]);
        assert!(
            matches!(&answers[1], FromWorker::Done(o) if matches!(o.as_ref(), Outcome::Compiled { .. }))
        );
    }

    #[test]
    fn a_secret_value_out_of_turn_stops_the_worker() {
        let mut input = Vec::new();
        write_frame(
            &mut input,
            &ToWorker::SecretValue {
                value: None,
                error: None,
            },
        )
        .expect("write");
        let options = ServeOptions {
            sandbox: false,
            ..Default::default()
        };
        let err = run(&options, input.as_slice(), Vec::new()).expect_err("protocol error");
        assert!(matches!(err, ServeError::Unexpected(_)));
    }

    #[test]
    fn kuppet_secret_asks_the_controller_and_gets_a_sensitive_value_or_a_located_refusal() {
        let source = "file { '/etc/pw': content => kuppet::secret('db', 'password') }\n";
        let answers = converse(&[
            request(source),
            ToWorker::SecretValue {
                value: Some("s3cret".into()),
                error: None,
            },
            request(source),
            ToWorker::SecretValue {
                value: None,
                error: Some("SECRET_DENIED: no grant lists Secret db".into()),
            },
        ]);
        assert_eq!(answers.len(), 5, "{answers:?}");
        assert_eq!(
            answers[1],
            FromWorker::Secret {
                namespace: "team-a".into(),
                name: "db".into(),
                key: "password".into(),
            }
        );
        let FromWorker::Done(done) = &answers[2] else {
            panic!("{:?}", answers[2])
        };
        let Outcome::Compiled { catalog, .. } = done.as_ref() else {
            panic!("{done:?}")
        };
        let file = catalog.resource("File[/etc/pw]").expect("declared");
        assert_eq!(file.param_str("content"), Some("s3cret"));
        assert_eq!(file.sensitive_parameters, vec!["content".to_string()]);
        let FromWorker::Done(refused) = &answers[4] else {
            panic!("{:?}", answers[4])
        };
        let Outcome::Failed { code, message, .. } = refused.as_ref() else {
            panic!("{refused:?}")
        };
        assert_eq!(code, "SECRET_DENIED");
        assert!(message.contains("no grant lists Secret db"), "{message}");
        assert!(
            message.contains("(file: team-a/site.pp, line: 1, column: 30)"),
            "{message}"
        );
    }

    #[test]
    fn only_upper_case_codes_are_split_from_a_refusal() {
        assert_eq!(
            split_code("SECRET_NOT_FOUND: no key"),
            ("SECRET_NOT_FOUND".into(), "no key".into())
        );
        assert_eq!(split_code("oops: x"), (String::new(), "oops: x".into()));
    }
}
