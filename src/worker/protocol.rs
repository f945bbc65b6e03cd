//! The compile-worker protocol: what the controller and a worker say to each
//! other over the worker's stdin and stdout.
//!
//! Every message is one frame: a 4-byte big-endian length, then that many
//! bytes of JSON. A frame over [`MAX_FRAME`] bytes is refused before it is
//! read (a broken or hostile worker cannot make the controller allocate
//! without bound). A conversation:
//!
//! ```text
//! worker → Hello { version, sandbox }          once, before anything else
//! ctrl   → Compile(Request)
//! worker → Secret { namespace, name, key }     zero or more times, each answered:
//! ctrl   → SecretValue { value | error }
//! worker → Done(Outcome)                       the catalog, or the compile's error
//! ...                                          the next Compile, on the same worker
//! ```
//!
//! A worker that dies, sends something else, or misses its deadline is
//! killed; the pool reports a crash (see `pool`).

use kuppet_catalog::Catalog;
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use std::io::{Read, Write};
use std::path::PathBuf;

/// The largest frame either side accepts: 64 MiB.
pub const MAX_FRAME: usize = 64 << 20;

/// Why a frame could not be read or written.
#[derive(Debug, thiserror::Error)]
pub enum FrameError {
    #[error("the pipe failed: {0}")]
    Io(#[from] std::io::Error),
    #[error("the other side closed the pipe in the middle of a frame")]
    Truncated,
    #[error("a frame of {0} bytes is over the {MAX_FRAME}-byte limit")]
    TooLarge(usize),
    #[error("a frame is not a valid message: {0}")]
    Json(#[from] serde_json::Error),
}

/// Writes one frame.
pub fn write_frame<W: Write, T: Serialize>(out: &mut W, message: &T) -> Result<(), FrameError> {
    let body = serde_json::to_vec(message)?;
    if body.len() > MAX_FRAME {
        return Err(FrameError::TooLarge(body.len()));
    }
    let len = u32::try_from(body.len()).map_err(|_| FrameError::TooLarge(body.len()))?;
    out.write_all(&len.to_be_bytes())?;
    out.write_all(&body)?;
    out.flush()?;
    Ok(())
}

/// Reads one frame; `None` when the other side closed the pipe between frames.
pub fn read_frame<R: Read, T: DeserializeOwned>(input: &mut R) -> Result<Option<T>, FrameError> {
    let mut header = [0u8; 4];
    let mut got = 0;
    while got < header.len() {
        match input.read(&mut header[got..]) {
            Ok(0) if got == 0 => return Ok(None),
            Ok(0) => return Err(FrameError::Truncated),
            Ok(n) => got += n,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
            Err(e) => return Err(e.into()),
        }
    }
    let len = u32::from_be_bytes(header) as usize;
    if len > MAX_FRAME {
        return Err(FrameError::TooLarge(len));
    }
    let mut body = vec![0u8; len];
    input.read_exact(&mut body).map_err(|e| match e.kind() {
        std::io::ErrorKind::UnexpectedEof => FrameError::Truncated,
        _ => FrameError::Io(e),
    })?;
    Ok(Some(serde_json::from_slice(&body)?))
}

/// Writes `ToWorker::Compile(request)` without copying the request.
pub fn write_compile<W: Write>(out: &mut W, request: &Request) -> Result<(), FrameError> {
    #[derive(Serialize)]
    #[serde(tag = "type")]
    enum Borrowed<'a> {
        Compile(&'a Request),
    }
    write_frame(out, &Borrowed::Compile(request))
}

/// A message from the controller to a worker.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type")]
pub enum ToWorker {
    /// Compile one node's catalog.
    Compile(Box<Request>),
    /// The answer to a [`FromWorker::Secret`]: the value, or why not
    /// (`CODE: message`, the code one of `kuppet_eval::functions::kuppet`'s,
    /// e.g. `SECRET_DENIED: ...`, which becomes the compile error's code).
    SecretValue {
        #[serde(default)]
        value: Option<String>,
        #[serde(default)]
        error: Option<String>,
    },
}

/// A message from a worker to the controller.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type")]
pub enum FromWorker {
    /// The first frame: the worker's version and what its sandbox holds
    /// (one line per measure taken or missing, for the controller's log).
    Hello {
        version: String,
        sandbox: Vec<String>,
    },
    /// The compile asks for a Kubernetes Secret's key (`kuppet::secret`),
    /// on behalf of code from Manifests of `namespace`.
    Secret {
        namespace: String,
        name: String,
        key: String,
    },
    /// The compile finished.
    Done(Box<Outcome>),
}

/// One node's compile: the Manifests' sources (the worker parses them; it
/// caches parses by content), the facts, where modules and data live, and
/// the compile's budgets.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Request {
    pub node: String,
    /// In evaluation order.
    pub manifests: Vec<Source>,
    pub facts: serde_json::Map<String, serde_json::Value>,
    #[serde(default)]
    pub modulepath: Vec<PathBuf>,
    #[serde(default)]
    pub hiera_config: Option<PathBuf>,
    /// The environment layer's `hiera.yaml` (an environment's root, e.g.
    /// unpacked from an artifact); between the global and module layers.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub environment_hiera_config: Option<PathBuf>,
    /// The environment's name (`$environment`, the catalog's); default
    /// `production`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub environment: Option<String>,
    #[serde(default)]
    pub limits: Limits,
    /// Whether `generate()` may run commands (Puppet's default: yes; the
    /// controller: no).
    #[serde(default)]
    pub allow_generate: bool,
    /// The namespace whose Manifests this compile runs (secrets are looked
    /// up there). Empty outside Kubernetes.
    #[serde(default)]
    pub namespace: String,
    /// Test only: crash on purpose. A worker obeys it only when started
    /// with `--test-faults` (which the controller passes only when it was
    /// started with its own hidden test flag); no Manifest can set it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fault: Option<Fault>,
}

/// One Manifest's source.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Source {
    /// The file name errors and the catalog's `file` fields show.
    pub path: String,
    pub source: String,
    /// Whether its top-level statements and node blocks run (its classes and
    /// defined types are registered either way).
    pub apply_top_level: bool,
}

/// A compile's budgets, enforced by the compiler (a located
/// `BUDGET_EXCEEDED` error): `kuppet_eval::Limits` on the wire. `None`:
/// the compiler's default.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Limits {
    /// Evaluation steps.
    #[serde(default)]
    pub max_steps: Option<u64>,
    /// Wall time of the compile, in milliseconds.
    #[serde(default)]
    pub max_time_ms: Option<u64>,
    /// The largest single value (string, binary; collections by element count).
    #[serde(default)]
    pub max_bytes: Option<u64>,
    /// Heap the compile may hold.
    #[serde(default)]
    pub max_memory: Option<u64>,
}

impl Limits {
    /// The compiler's limits, defaults filled in.
    pub fn to_eval(self) -> kuppet_eval::Limits {
        let d = kuppet_eval::Limits::default();
        let size = |v: Option<u64>, default: usize| {
            v.map_or(default, |n| usize::try_from(n).unwrap_or(usize::MAX))
        };
        kuppet_eval::Limits {
            max_steps: self.max_steps.unwrap_or(d.max_steps),
            max_time: self
                .max_time_ms
                .map_or(d.max_time, std::time::Duration::from_millis),
            max_bytes: size(self.max_bytes, d.max_bytes),
            max_memory: size(self.max_memory, d.max_memory),
        }
    }
}

/// A crash on purpose, for tests of the crash path.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum Fault {
    /// `std::process::abort()`: SIGABRT.
    Abort,
    /// A panic (the worker turns it into an exit, not an answer).
    Panic,
    /// Unbounded recursion: the stack overflows (SIGSEGV).
    StackOverflow,
    /// Never answers: the deadline kills it.
    Hang,
    /// Allocates until the memory limit stops it.
    Allocate,
}

impl Fault {
    /// Reads the fault a test manifest asks for with a first line
    /// `# kuppet-test-fault: NAME`.
    pub fn requested_by(source: &str) -> Option<Fault> {
        let rest = source
            .lines()
            .next()?
            .strip_prefix("# kuppet-test-fault:")?;
        match rest.trim() {
            "abort" => Some(Fault::Abort),
            "panic" => Some(Fault::Panic),
            "stack-overflow" => Some(Fault::StackOverflow),
            "hang" => Some(Fault::Hang),
            "allocate" => Some(Fault::Allocate),
            _ => None,
        }
    }
}

/// How a compile ended (when the worker lived to say it).
// One Outcome exists per compile, moved once: boxing the catalog would buy nothing.
#[allow(clippy::large_enum_variant)]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "outcome")]
pub enum Outcome {
    Compiled {
        catalog: Catalog,
        /// (level, message), as the compile logged them.
        #[serde(default)]
        logs: Vec<(String, String)>,
        #[serde(default)]
        stats: Stats,
        /// What the compile read of its node, for reusing the catalog
        /// (`kuppet_eval::reuse`); absent when it may not be reused.
        #[serde(default)]
        reads: Option<kuppet_eval::reuse::ReadSet>,
    },
    /// The compile's error: Puppet's issue code and its message with the
    /// location (`(file: F, line: L, column: C)`).
    Failed {
        code: String,
        message: String,
        #[serde(default)]
        stats: Stats,
    },
}

/// What a compile cost the worker.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Stats {
    /// Parsing (sources not parsed before by this worker).
    pub parse_ms: u64,
    pub compile_ms: u64,
    /// The worker's CPU time so far (user + system).
    pub cpu_ms: u64,
    /// The worker's peak resident memory so far.
    pub max_rss_kib: u64,
}

#[cfg(test)]
mod tests {
    use super::*;

    fn roundtrip<T: Serialize + DeserializeOwned>(message: &T) -> T {
        let mut buf = Vec::new();
        write_frame(&mut buf, message).expect("write");
        let len = u32::from_be_bytes([buf[0], buf[1], buf[2], buf[3]]) as usize;
        assert_eq!(len + 4, buf.len(), "the length prefix counts the body");
        read_frame(&mut buf.as_slice())
            .expect("read")
            .expect("a frame")
    }

    #[test]
    fn messages_survive_a_frame() {
        let request = ToWorker::Compile(Box::new(Request {
            node: "web-1".into(),
            manifests: vec![Source {
                path: "team-a/motd.pp".into(),
                source: "notice('hi ✓')\n".into(),
                apply_top_level: true,
            }],
            facts: serde_json::json!({"os": {"family": "Debian"}, "big": 1e300})
                .as_object()
                .cloned()
                .unwrap_or_default(),
            limits: Limits {
                max_steps: Some(10),
                max_time_ms: Some(1000),
                max_bytes: None,
                max_memory: Some(1 << 30),
            },
            namespace: "team-a".into(),
            ..Default::default()
        }));
        assert_eq!(roundtrip(&request), request);
        let ToWorker::Compile(inner) = &request else {
            unreachable!()
        };
        let mut borrowed = Vec::new();
        write_compile(&mut borrowed, inner).expect("write");
        let mut plain = Vec::new();
        write_frame(&mut plain, &request).expect("write");
        assert_eq!(borrowed, plain, "the borrowing writer sends the same bytes");
        let done = FromWorker::Done(Box::new(Outcome::Failed {
            code: "BUDGET_EXCEEDED".into(),
            message: "Evaluation Error: ... (file: a.pp, line: 1, column: 1)".into(),
            stats: Stats::default(),
        }));
        assert_eq!(roundtrip(&done), done);
    }

    #[test]
    fn several_frames_read_in_order_and_eof_between_frames_is_none() {
        let mut buf = Vec::new();
        for n in 0..3 {
            write_frame(
                &mut buf,
                &ToWorker::SecretValue {
                    value: Some(n.to_string()),
                    error: None,
                },
            )
            .expect("write");
        }
        let mut input = buf.as_slice();
        for n in 0..3 {
            let got: ToWorker = read_frame(&mut input).expect("read").expect("frame");
            assert_eq!(
                got,
                ToWorker::SecretValue {
                    value: Some(n.to_string()),
                    error: None
                }
            );
        }
        assert!(
            read_frame::<_, ToWorker>(&mut input)
                .expect("eof")
                .is_none()
        );
    }

    #[test]
    fn truncated_oversized_and_garbage_frames_are_errors() {
        let mut buf = Vec::new();
        write_frame(
            &mut buf,
            &FromWorker::Hello {
                version: "1".into(),
                sandbox: vec![],
            },
        )
        .expect("write");
        let cut = &buf[..buf.len() - 3];
        assert!(matches!(
            read_frame::<_, FromWorker>(&mut &cut[..]),
            Err(FrameError::Truncated)
        ));
        assert!(matches!(
            read_frame::<_, FromWorker>(&mut &buf[..2]),
            Err(FrameError::Truncated)
        ));
        let huge = u32::MAX.to_be_bytes();
        assert!(matches!(
            read_frame::<_, FromWorker>(&mut &huge[..]),
            Err(FrameError::TooLarge(_))
        ));
        let mut garbage = 5u32.to_be_bytes().to_vec();
        garbage.extend_from_slice(b"nope!");
        assert!(matches!(
            read_frame::<_, FromWorker>(&mut garbage.as_slice()),
            Err(FrameError::Json(_))
        ));
    }

    #[test]
    fn limits_left_out_are_the_compilers_defaults() {
        let d = kuppet_eval::Limits::default();
        assert_eq!(Limits::default().to_eval(), d);
        let set = Limits {
            max_steps: Some(5),
            max_time_ms: Some(1500),
            max_bytes: Some(1024),
            max_memory: Some(1 << 20),
        }
        .to_eval();
        assert_eq!(
            (set.max_steps, set.max_time, set.max_bytes, set.max_memory),
            (5, std::time::Duration::from_millis(1500), 1024, 1 << 20)
        );
    }

    #[test]
    fn only_a_first_line_marker_requests_a_fault() {
        assert_eq!(
            Fault::requested_by("# kuppet-test-fault: abort\nnotice(1)"),
            Some(Fault::Abort)
        );
        assert_eq!(
            Fault::requested_by("# kuppet-test-fault: hang"),
            Some(Fault::Hang)
        );
        assert_eq!(
            Fault::requested_by("notice(1)\n# kuppet-test-fault: abort"),
            None
        );
        assert_eq!(Fault::requested_by("# kuppet-test-fault: rm -rf"), None);
    }
}
