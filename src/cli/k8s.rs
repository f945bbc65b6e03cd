//! `kuppet controller`, `kuppet agent` and `kuppet crds`: the Kubernetes roles.
//!
//! Each builds a tokio runtime and JSON (or text) logging, then hands off to
//! `k8s::controller::run` or `k8s::agent::run`.

use crate::k8s;
use std::net::SocketAddr;
use std::path::PathBuf;
use std::time::Duration;

/// Log output shared by the long-running roles.
#[derive(Debug, clap::Args)]
pub struct LogArgs {
    /// Log level or tracing filter (`info`, `debug`, `kuppet=debug,kube=warn`).
    #[arg(long, env = "KUPPET_LOG", default_value = "info")]
    pub log_level: String,
    /// `json` (one object per line) or `text`.
    #[arg(long, default_value = "json", value_parser = ["json", "text"])]
    pub log_format: String,
}

/// Arguments of `kuppet controller`.
#[derive(Debug, clap::Args)]
pub struct ControllerArgs {
    /// Kubeconfig to use instead of the in-cluster service account or KUBECONFIG.
    #[arg(long)]
    pub kubeconfig: Option<PathBuf>,
    /// Compile workers: separate processes, so compiles run at once
    /// (default: the number of CPUs).
    #[arg(long)]
    pub compile_workers: Option<usize>,
    /// The compiler's time budget per compile; a worker that has not
    /// answered by 1.5x this (at least +2s) is killed.
    #[arg(long, default_value = "30s", value_parser = parse_duration)]
    pub compile_timeout: Duration,
    /// The compiler's evaluation-step budget per compile (default: the compiler's).
    #[arg(long)]
    pub compile_max_steps: Option<u64>,
    /// The address space of each compile worker (RLIMIT_AS), e.g. 1Gi or
    /// 768Mi; the compiler's memory budget is half of it.
    #[arg(long, default_value = "2Gi", value_parser = parse_bytes)]
    pub compile_memory: u64,
    /// The compile worker executable (default: this binary); it is run as
    /// `BIN compile-worker [--read-path DIR]...`.
    #[arg(long)]
    pub compile_worker_bin: Option<PathBuf>,
    /// Let Manifests crash compile workers on purpose (first line
    /// `# kuppet-test-fault: abort`): tests of the crash path only.
    #[arg(long, hide = true)]
    pub compile_test_faults: bool,
    /// Where Manifests' environments from OCI artifacts (`spec.code`) are
    /// unpacked, once per digest; created at start, and readable by the
    /// compile workers (default: $TMPDIR/kuppet-artifacts).
    #[arg(long)]
    pub artifact_cache: Option<PathBuf>,
    /// Where to serve /metrics, /healthz and /readyz (`none` to disable).
    #[arg(long, default_value = "0.0.0.0:8080")]
    pub metrics_addr: String,
    /// Serve large `puppet:///modules/` files to agents by checksum over
    /// HTTPS on this address (e.g. 0.0.0.0:8443); needs
    /// --content-tls-cert and --content-tls-key. Without it every file
    /// travels inline in the NodeCatalog (768 KiB in all).
    #[arg(long)]
    pub content_addr: Option<SocketAddr>,
    /// The content endpoint's certificate chain (PEM).
    #[arg(long)]
    pub content_tls_cert: Option<PathBuf>,
    /// The content endpoint's private key (PEM).
    #[arg(long)]
    pub content_tls_key: Option<PathBuf>,
    /// The largest file served by checksum, e.g. 256Mi.
    #[arg(long, default_value = "256Mi", value_parser = parse_bytes)]
    pub content_max_file_bytes: u64,
    /// The agents' ServiceAccount, NAMESPACE:NAME: only its tokens may
    /// fetch content (default: any ServiceAccount token bound to a pod on
    /// the node).
    #[arg(long)]
    pub content_agent_service_account: Option<String>,
    /// The audience the agents' tokens must be for (a projected token of
    /// this audience is useless against the API server); default: the
    /// API server's own.
    #[arg(long)]
    pub content_token_audience: Option<String>,
    /// Writes to the API server per second, sustained (NodeCatalogs,
    /// Manifest statuses, NodeFacts owners), like client-go's QPS; 0: no
    /// limit. A Manifest edit for 5,000 nodes takes 5,000 writes.
    #[arg(long, default_value_t = 200.0)]
    pub api_write_qps: f64,
    /// Writes that may go at once above --api-write-qps after a quiet
    /// spell, like client-go's Burst.
    #[arg(long, default_value_t = 400)]
    pub api_write_burst: u32,
    /// Writes in flight at once; those waiting go changed catalogs first.
    #[arg(long, default_value_t = 16)]
    pub api_write_concurrency: usize,
    /// Run without leader election (only ever run one replica then).
    #[arg(long)]
    pub no_leader_election: bool,
    /// The Lease the replicas elect a leader with.
    #[arg(long, default_value = "kuppet-controller")]
    pub lease_name: String,
    /// The Lease's namespace (default: the pod's, else `default`).
    #[arg(long, env = "POD_NAMESPACE")]
    pub lease_namespace: Option<String>,
    /// This replica's identity in the Lease and in Events (default: the pod name or hostname).
    #[arg(long, env = "POD_NAME")]
    pub identity: Option<String>,
    #[command(flatten)]
    pub log: LogArgs,
}

/// Arguments of `kuppet agent`.
#[derive(Debug, clap::Args)]
pub struct AgentArgs {
    /// The Node this agent manages: its NodeCatalog and NodeFacts carry this name.
    #[arg(long, env = "NODE_NAME")]
    pub node_name: String,
    /// The host's root: every managed path lives under it (`/host` in the DaemonSet).
    #[arg(long, default_value = "/")]
    pub root: PathBuf,
    /// Apply at least this often even when the catalog does not change (Puppet's runinterval).
    #[arg(long, default_value = "30m", value_parser = parse_duration)]
    pub run_interval: Duration,
    /// Each periodic run waits a random extra time up to this, so agents do
    /// not all run at once (default: a tenth of --run-interval; `0s` disables).
    #[arg(long, value_parser = parse_duration)]
    pub splay_limit: Option<Duration>,
    /// Change nothing on any run, whatever the catalog says; report what would change.
    #[arg(long)]
    pub noop: bool,
    /// Where the last catalog and run are kept (default: ROOT/var/lib/kuppet).
    #[arg(long)]
    pub state_dir: Option<PathBuf>,
    /// Kubeconfig to use instead of the in-cluster service account or KUBECONFIG.
    #[arg(long)]
    pub kubeconfig: Option<PathBuf>,
    /// Where to serve /metrics and /healthz (default: not served).
    #[arg(long)]
    pub metrics_addr: Option<SocketAddr>,
    /// The controller's content endpoint, e.g.
    /// https://kuppet-content.kuppet-system.svc:8443: large files of the
    /// catalog's puppet:/// sources are fetched from it by checksum.
    #[arg(long)]
    pub content_url: Option<String>,
    /// The CA (PEM) that signed the content endpoint's certificate
    /// (default: the system's roots).
    #[arg(long)]
    pub content_ca: Option<PathBuf>,
    /// The bearer token file sent to the content endpoint (re-read at each
    /// fetch).
    #[arg(long, default_value = k8s::agent::fetch::TOKEN_PATH)]
    pub content_token: PathBuf,
    /// Run once (with the cached or current catalog), report, and exit.
    #[arg(long)]
    pub once: bool,
    #[command(flatten)]
    pub log: LogArgs,
}

/// Arguments of `kuppet compile-worker` (started by the controller).
#[derive(Debug, clap::Args)]
pub struct CompileWorkerArgs {
    /// A directory the sandbox leaves readable (module and data
    /// directories); repeat for several.
    #[arg(long)]
    pub read_path: Vec<PathBuf>,
    /// Run without the sandbox (no Landlock, no network namespace).
    #[arg(long)]
    pub no_sandbox: bool,
    /// Obey the test-only crash requests of compile requests.
    #[arg(long, hide = true)]
    pub test_faults: bool,
}

/// Arguments of `kuppet crds`.
#[derive(Debug, clap::Args)]
pub struct CrdsArgs {}

/// Parses `90s`, `30m`, `1h30m`, `2h`, `500ms` or a bare number of seconds.
pub fn parse_duration(text: &str) -> Result<Duration, String> {
    let text = text.trim();
    if let Ok(secs) = text.parse::<u64>() {
        return Ok(Duration::from_secs(secs));
    }
    let mut total = Duration::ZERO;
    let mut rest = text;
    if rest.is_empty() {
        return Err("empty duration: write e.g. 30m, 90s or 1h".into());
    }
    while !rest.is_empty() {
        let digits = rest
            .find(|c: char| !c.is_ascii_digit())
            .unwrap_or(rest.len());
        if digits == 0 {
            return Err(format!(
                "{text:?} is not a duration: write e.g. 30m, 90s or 1h"
            ));
        }
        let n: u64 = rest[..digits]
            .parse()
            .map_err(|_| format!("{text:?}: number too large"))?;
        rest = &rest[digits..];
        let unit_len = rest
            .find(|c: char| c.is_ascii_digit())
            .unwrap_or(rest.len());
        let unit = &rest[..unit_len];
        rest = &rest[unit_len..];
        total += match unit {
            "ms" => Duration::from_millis(n),
            "s" => Duration::from_secs(n),
            "m" => Duration::from_secs(n.saturating_mul(60)),
            "h" => Duration::from_secs(n.saturating_mul(3600)),
            "d" => Duration::from_secs(n.saturating_mul(86400)),
            _ => {
                return Err(format!(
                    "{text:?}: unknown unit {unit:?} (use ms, s, m, h or d)"
                ));
            }
        };
    }
    Ok(total)
}

/// Parses `1Gi`, `768Mi`, `512M`, `2G` or a bare number of bytes.
pub fn parse_bytes(text: &str) -> Result<u64, String> {
    let text = text.trim();
    let digits = text
        .find(|c: char| !c.is_ascii_digit())
        .unwrap_or(text.len());
    let n: u64 = text[..digits]
        .parse()
        .map_err(|_| format!("{text:?} is not a size: write e.g. 1Gi, 768Mi or 1073741824"))?;
    let unit: u64 = match &text[digits..] {
        "" => 1,
        "Ki" => 1 << 10,
        "Mi" => 1 << 20,
        "Gi" => 1 << 30,
        "K" | "k" => 1000,
        "M" => 1_000_000,
        "G" => 1_000_000_000,
        other => {
            return Err(format!(
                "{text:?}: unknown unit {other:?} (use Ki, Mi, Gi, K, M or G)"
            ));
        }
    };
    let bytes = n
        .checked_mul(unit)
        .ok_or_else(|| format!("{text:?}: too large"))?;
    if bytes < 64 << 20 {
        return Err(format!(
            "{text:?}: a compile worker needs at least 64Mi to start"
        ));
    }
    Ok(bytes)
}

fn init_logging(log: &LogArgs) {
    let filter = tracing_subscriber::EnvFilter::try_new(&log.log_level)
        .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("info"));
    let builder = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(std::io::stderr);
    let _ = if log.log_format == "json" {
        builder
            .json()
            .flatten_event(true)
            .with_current_span(false)
            .try_init()
    } else {
        builder.try_init()
    };
}

fn runtime() -> Option<tokio::runtime::Runtime> {
    // Compiles and runs happen on blocking threads: give them the stack the
    // evaluator's depth limit was sized for (like a main thread's 8 MiB, twice).
    match tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .thread_stack_size(16 * 1024 * 1024)
        .build()
    {
        Ok(rt) => Some(rt),
        Err(err) => {
            eprintln!("Error: could not start the async runtime: {err}");
            None
        }
    }
}

fn hostname() -> String {
    std::env::var("HOSTNAME")
        .ok()
        .or_else(|| {
            std::fs::read_to_string("/etc/hostname")
                .ok()
                .map(|s| s.trim().to_string())
        })
        .filter(|s| !s.is_empty())
        .unwrap_or_else(|| "kuppet-controller".to_string())
}

pub fn controller(args: ControllerArgs) -> u8 {
    init_logging(&args.log);
    let metrics_addr = match args.metrics_addr.as_str() {
        "" | "none" => None,
        text => match text.parse::<SocketAddr>() {
            Ok(addr) => Some(addr),
            Err(err) => {
                eprintln!(
                    "Error: --metrics-addr {text:?}: {err} (write e.g. 0.0.0.0:8080, or none)"
                );
                return 1;
            }
        },
    };
    let identity = args.identity.clone().unwrap_or_else(hostname);
    let namespace = args
        .lease_namespace
        .clone()
        .unwrap_or_else(|| "default".to_string());
    let program = match args
        .compile_worker_bin
        .clone()
        .map_or_else(std::env::current_exe, Ok)
    {
        Ok(p) => p,
        Err(err) => {
            eprintln!(
                "Error: cannot find this executable to run compile workers ({err}): pass --compile-worker-bin"
            );
            return 1;
        }
    };
    if !(args.api_write_qps >= 0.0 && args.api_write_qps.is_finite()) {
        eprintln!(
            "Error: --api-write-qps {}: write a number of writes per second, 0 or more",
            args.api_write_qps
        );
        return 1;
    }
    if args.api_write_burst == 0 || args.api_write_concurrency == 0 {
        eprintln!("Error: --api-write-burst and --api-write-concurrency must be at least 1");
        return 1;
    }
    if args.compile_timeout.is_zero() {
        eprintln!("Error: --compile-timeout must be more than 0");
        return 1;
    }
    let content = match (
        args.content_addr,
        args.content_tls_cert.clone(),
        args.content_tls_key.clone(),
    ) {
        (None, _, _) => None,
        (Some(addr), Some(tls_cert), Some(tls_key)) => Some(k8s::controller::ContentOptions {
            addr,
            tls_cert,
            tls_key,
            max_file_bytes: args.content_max_file_bytes,
            agent_user: args.content_agent_service_account.as_deref().map(|sa| {
                let (ns, name) = sa.split_once(':').unwrap_or(("default", sa));
                format!("system:serviceaccount:{ns}:{name}")
            }),
            token_audience: args.content_token_audience.clone(),
        }),
        (Some(_), _, _) => {
            eprintln!("Error: --content-addr needs --content-tls-cert and --content-tls-key");
            return 1;
        }
    };
    // A bad certificate or key stops the controller now, not once it leads.
    if let Some(c) = &content
        && let Err(err) = k8s::content::tls_config(&c.tls_cert, &c.tls_key)
    {
        eprintln!("Error: --content-tls-cert/--content-tls-key: {err}");
        return 1;
    }
    let options = k8s::controller::ControllerOptions {
        compile: k8s::controller::compile::CompileSettings {
            workers: args.compile_workers.filter(|n| *n > 0).unwrap_or_else(|| {
                std::thread::available_parallelism()
                    .map(|n| n.get())
                    .unwrap_or(2)
            }),
            program,
            time: args.compile_timeout,
            steps: args.compile_max_steps,
            memory_bytes: args.compile_memory,
            read_paths: Vec::new(),
            test_faults: args.compile_test_faults,
        },
        metrics_addr,
        leader_election: (!args.no_leader_election)
            .then(|| k8s::leader::LeaseConfig::new(&namespace, &args.lease_name, &identity)),
        instance: identity,
        content,
        writes: k8s::controller::writer::WriteLimits {
            qps: args.api_write_qps,
            burst: args.api_write_burst,
            concurrency: args.api_write_concurrency,
        },
        artifact_cache: args
            .artifact_cache
            .clone()
            .unwrap_or_else(|| k8s::controller::code::default_cache(None)),
    };
    let Some(rt) = runtime() else { return 1 };
    rt.block_on(async {
        let client = match k8s::client(args.kubeconfig.as_deref()).await {
            Ok(c) => c,
            Err(err) => {
                tracing::error!(error = %err, "cannot reach Kubernetes");
                return 1;
            }
        };
        match k8s::controller::run(client, options).await {
            Ok(()) => 0,
            Err(err) => {
                tracing::error!(error = %err, "controller stopped");
                1
            }
        }
    })
}

pub fn agent(args: AgentArgs) -> u8 {
    init_logging(&args.log);
    if args.node_name.trim().is_empty() {
        eprintln!(
            "Error: --node-name (or NODE_NAME) is empty: set it to the Node this agent runs on"
        );
        return 1;
    }
    if args.run_interval.is_zero() {
        eprintln!("Error: --run-interval must be more than 0");
        return 1;
    }
    let state_dir = args
        .state_dir
        .clone()
        .unwrap_or_else(|| args.root.join("var/lib/kuppet"));
    let content = match &args.content_url {
        None => None,
        Some(url) => {
            let ca = match args.content_ca.as_deref().map(std::fs::read).transpose() {
                Ok(ca) => ca,
                Err(err) => {
                    eprintln!("Error: --content-ca: {err}");
                    return 1;
                }
            };
            match k8s::agent::fetch::Fetcher::new(
                url,
                ca.as_deref(),
                args.content_token.clone(),
                state_dir.join("content"),
            ) {
                Ok(f) => Some(f),
                Err(err) => {
                    eprintln!("Error: {err}");
                    return 1;
                }
            }
        }
    };
    let options = k8s::agent::AgentOptions {
        state_dir,
        content,
        node: args.node_name.clone(),
        root: args.root.clone(),
        run_interval: args.run_interval,
        splay_limit: args.splay_limit.unwrap_or(args.run_interval / 10),
        noop: args.noop,
        metrics_addr: args.metrics_addr,
        once: args.once,
    };
    let Some(rt) = runtime() else { return 1 };
    rt.block_on(async {
        let client = match k8s::client(args.kubeconfig.as_deref()).await {
            Ok(c) => Some(c),
            Err(err) if options.once => {
                tracing::warn!(error = %err, "cannot reach Kubernetes; applying the cached catalog");
                None
            }
            Err(err) => {
                tracing::error!(error = %err, "cannot reach Kubernetes");
                return 1;
            }
        };
        match k8s::agent::run(client, options).await {
            Ok(code) => code,
            Err(err) => {
                tracing::error!(error = %err, "agent stopped");
                1
            }
        }
    })
}

pub fn compile_worker(args: CompileWorkerArgs) -> u8 {
    // An allocation the address-space limit refuses ends the worker with a
    // message the controller shows (status 3), not a bare abort.
    kuppet_eval::budget::exit_on_alloc_failure(3);
    let options = kuppet_worker::serve::ServeOptions {
        sandbox: !args.no_sandbox,
        read_paths: args.read_path,
        test_faults: args.test_faults,
        ..Default::default()
    };
    let stdin = std::io::stdin();
    let stdout = std::io::BufWriter::new(std::io::stdout());
    match kuppet_worker::serve::run(&options, stdin, stdout) {
        Ok(()) => 0,
        Err(err) => {
            eprintln!("{err}");
            2
        }
    }
}

pub fn crds(_args: CrdsArgs) -> u8 {
    match k8s::crd::crds_yaml() {
        Ok(yaml) => {
            print!("{yaml}");
            0
        }
        Err(err) => {
            eprintln!("Error: could not render the CRDs as YAML: {err}");
            1
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{parse_bytes, parse_duration};
    use std::time::Duration;

    #[test]
    fn durations_read_like_puppet_and_kubernetes_write_them() {
        assert_eq!(parse_duration("30m"), Ok(Duration::from_secs(1800)));
        assert_eq!(parse_duration("1h30m"), Ok(Duration::from_secs(5400)));
        assert_eq!(parse_duration("90"), Ok(Duration::from_secs(90)));
        assert_eq!(parse_duration("250ms"), Ok(Duration::from_millis(250)));
        assert_eq!(parse_duration("0s"), Ok(Duration::ZERO));
        assert!(parse_duration("").is_err());
        assert!(parse_duration("m").is_err());
        assert!(parse_duration("5 minutes").is_err());
        assert!(parse_duration("3y").is_err());
    }

    #[test]
    fn sizes_read_like_kubernetes_quantities() {
        assert_eq!(parse_bytes("1Gi"), Ok(1 << 30));
        assert_eq!(parse_bytes("768Mi"), Ok(768 << 20));
        assert_eq!(parse_bytes("2G"), Ok(2_000_000_000));
        assert_eq!(parse_bytes("134217728"), Ok(1 << 27));
        assert!(parse_bytes("1Mi").is_err(), "too small to start");
        assert!(parse_bytes("1Ti").is_err());
        assert!(parse_bytes("99999999999Gi").is_err());
        assert!(parse_bytes("").is_err());
    }
}
