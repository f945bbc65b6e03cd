use super::*;
use crate::k8s::agent::fetch::{FetchError, Fetcher};
use crate::k8s::controller::files::{self, Bundle};
use crate::k8s::crd::ContentRef;
use kuppet_resources::file::serve::{ServeError, Served};
use std::path::PathBuf;

/// A modulepath with one module `m` holding `files/{name}` for each
/// (name, text), and the bundle of a catalog sourcing `puppet:///modules/m`
/// recursively, with every file over `inline` bytes referenced.
fn environment(files_: &[(&str, String)]) -> (tempfile::TempDir, Bundle) {
    let dir = tempfile::tempdir().expect("tempdir");
    for (name, text) in files_ {
        let p = dir.path().join("m/files").join(name);
        std::fs::create_dir_all(p.parent().expect("parent")).expect("mkdir");
        std::fs::write(p, text).expect("write");
    }
    let catalog = kuppet_catalog::Catalog::from_json(
        r#"{"name":"n","resources":[{"type":"File","title":"/d","parameters":{"source":"puppet:///modules/m","recurse":true}}]}"#,
    )
    .expect("catalog");
    let b = files::bundle(
        &catalog,
        &[dir.path().to_path_buf()],
        files::Limits::referencing(1 << 30),
    )
    .expect("bundles")
    .expect("files");
    (dir, b)
}

fn big(c: char) -> String {
    c.to_string().repeat(files::INLINE_FILE as usize + 100)
}

fn agent(node: &str) -> Result<Identity, String> {
    Ok(Identity::Agent { node: node.into() })
}

#[test]
fn a_node_reads_only_the_content_its_own_catalog_references() {
    let (_a_env, a) = environment(&[("a.bin", big('a'))]);
    let (_b_env, b) = environment(&[("b.bin", big('b'))]);
    let store = Store::new(files::Limits::referencing(1 << 30));
    store.set_node("node-a", Some(&a));
    store.set_node("node-b", Some(&b));
    let (sha_a, sha_b) = (&a.content[0].sha256, &b.content[0].sha256);
    assert!(
        matches!(decide(agent("node-a"), sha_a, &store), Decision::Serve(l) if l == a.on_disk[0])
    );
    // Node A cannot read node B's content, nor B A's.
    assert!(
        matches!(decide(agent("node-a"), sha_b, &store), Decision::Forbidden(m) if m.contains("node-a"))
    );
    assert!(matches!(
        decide(agent("node-b"), sha_a, &store),
        Decision::Forbidden(_)
    ));
    // A node no catalog was compiled for reads nothing.
    assert!(matches!(
        decide(agent("node-c"), sha_a, &store),
        Decision::Forbidden(_)
    ));
    // A digest nobody references, or no digest at all: 404.
    let unknown = "0".repeat(64);
    assert_eq!(
        decide(agent("node-a"), &unknown, &store),
        Decision::NotFound
    );
    assert_eq!(
        decide(agent("node-a"), "../../etc/passwd", &store),
        Decision::NotFound
    );
    // A bad token: 401, whatever the digest; not an agent: 403.
    assert_eq!(
        decide(Ok(Identity::Invalid), sha_a, &store),
        Decision::Unauthenticated
    );
    assert!(matches!(
        decide(
            Ok(Identity::NotAnAgent("system:serviceaccount:x:y".into())),
            sha_a,
            &store
        ),
        Decision::Forbidden(_)
    ));
    // The token could not be reviewed: 503 (the agent retries).
    assert!(matches!(
        decide(Err("down".into()), sha_a, &store),
        Decision::Unavailable(_)
    ));
    // A deleted node's agent reads nothing more.
    store.retain_nodes(&["node-b".to_string()].into_iter().collect());
    assert_eq!(decide(agent("node-a"), sha_a, &store), Decision::NotFound);
    assert!(matches!(
        decide(agent("node-b"), sha_b, &store),
        Decision::Serve(_)
    ));
}

#[test]
fn the_previous_catalog_content_stays_readable_until_the_next_change() {
    let (_e1, one) = environment(&[("f", big('1'))]);
    let (_e2, two) = environment(&[("f", big('2'))]);
    let (_e3, three) = environment(&[("f", big('3'))]);
    let store = Store::default();
    store.set_node("n", Some(&one));
    store.set_node("n", Some(&two));
    // The agent may still be fetching for the catalog before.
    assert!(matches!(
        decide(agent("n"), &one.content[0].sha256, &store),
        Decision::Serve(_)
    ));
    assert!(matches!(
        decide(agent("n"), &two.content[0].sha256, &store),
        Decision::Serve(_)
    ));
    // Recompiling the same catalog keeps both.
    store.set_node("n", Some(&two));
    assert!(matches!(
        decide(agent("n"), &one.content[0].sha256, &store),
        Decision::Serve(_)
    ));
    store.set_node("n", Some(&three));
    assert_eq!(
        decide(agent("n"), &one.content[0].sha256, &store),
        Decision::NotFound
    );
    assert!(matches!(
        decide(agent("n"), &two.content[0].sha256, &store),
        Decision::Serve(_)
    ));
}

#[test]
fn only_the_agents_node_bound_tokens_are_agents() {
    let node = vec!["worker-1".to_string()];
    let sa = "system:serviceaccount:kuppet-system:kuppet-agent";
    assert_eq!(
        identity_of(sa, Some(&node), Some(sa)),
        Identity::Agent {
            node: "worker-1".into()
        }
    );
    // Another ServiceAccount on the same node is not its agent.
    assert!(matches!(
        identity_of("system:serviceaccount:default:app", Some(&node), Some(sa)),
        Identity::NotAnAgent(_)
    ));
    // A token not bound to a pod (no node name) is no agent.
    assert!(matches!(
        identity_of(sa, None, Some(sa)),
        Identity::NotAnAgent(_)
    ));
    assert!(matches!(
        identity_of(sa, Some(&vec![String::new()]), Some(sa)),
        Identity::NotAnAgent(_)
    ));
    // Without a configured agent, any ServiceAccount bound to a node; never a user.
    assert!(matches!(
        identity_of(sa, Some(&node), None),
        Identity::Agent { .. }
    ));
    assert!(matches!(
        identity_of("alice", Some(&node), None),
        Identity::NotAnAgent(_)
    ));
}

#[test]
fn request_heads_give_the_path_and_the_bearer_token() {
    let head = b"GET /v1/content/sha256/ab?x=1 HTTP/1.1\r\nHost: h\r\nauthorization: Bearer  tok.en \r\n\r\n";
    assert_eq!(
        parse_head(head),
        Some((
            "GET".into(),
            "/v1/content/sha256/ab".into(),
            Some("tok.en".into())
        ))
    );
    let basic = b"GET / HTTP/1.1\r\nAuthorization: Basic eA==\r\n\r\n";
    assert_eq!(parse_head(basic).and_then(|h| h.2), None);
}

/// Tokens `tok-NODE` are the agent of NODE; any other is invalid.
struct Tokens;

impl Authenticate for Tokens {
    fn identify<'a>(&'a self, token: &'a str) -> BoxFuture<'a, Result<Identity, String>> {
        Box::pin(async move {
            Ok(match token.strip_prefix("tok-") {
                Some(node) => Identity::Agent { node: node.into() },
                None => Identity::Invalid,
            })
        })
    }
}

fn fixture(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/content-tls")
        .join(name)
}

fn fetcher(base: &str, token: &str, dir: &Path) -> Fetcher {
    let token_file = dir.join(format!("token-{token}"));
    std::fs::write(&token_file, format!("{token}\n")).expect("token");
    let ca_pem = std::fs::read(fixture("ca.crt")).expect("ca");
    Fetcher::new(
        base,
        Some(ca_pem.as_slice()),
        token_file,
        dir.join(format!("cache-{token}")),
    )
    .expect("fetcher")
    .with_retries(2, Duration::from_millis(10))
}

#[tokio::test]
async fn content_travels_over_https_to_its_own_node_only_and_is_verified() {
    let (env, bundle) = environment(&[("big.bin", big('z')), ("small", "s".into())]);
    let metrics = Arc::new(crate::k8s::metrics::ControllerMetrics::default());
    let store = Store::default().with_metrics(metrics.clone());
    store.set_node("node-a", Some(&bundle));
    let tls = tls_config(&fixture("server.crt"), &fixture("server.key")).expect("tls");
    let listener = TcpListener::bind("127.0.0.1:0").await.expect("binds");
    let port = listener.local_addr().expect("addr").port();
    let server = tokio::spawn(serve(listener, tls, Arc::new(Tokens), store.clone()));
    let base = format!("https://localhost:{port}");
    let work = tempfile::tempdir().expect("tempdir");
    let r = bundle.content[0].clone();
    assert_eq!(r.path, "m/files/big.bin");

    // Node A's agent gets it, checked, into its cache by digest.
    let a = fetcher(&base, "tok-node-a", work.path());
    let got = a.fetch(&r).await.expect("fetched");
    assert_eq!(got, a.cached(&r.sha256));
    assert_eq!(std::fs::read_to_string(&got).expect("read"), big('z'));
    // A cached file changed on disk since is not used: it is fetched again.
    std::fs::write(&got, "altered on disk").expect("alter");
    let again = a.fetch(&r).await.expect("fetched again");
    assert_eq!(std::fs::read_to_string(&again).expect("read"), big('z'));

    // Node B's agent is refused, with the status in the message.
    let b = fetcher(&base, "tok-node-b", work.path());
    let err = b.fetch(&r).await.expect_err("forbidden");
    assert!(err.to_string().contains("403"), "{err}");
    // A bad token: 401.
    let bad = fetcher(&base, "nobody", work.path());
    let err = bad.fetch(&r).await.expect_err("unauthenticated");
    assert!(err.to_string().contains("401"), "{err}");
    // A server the CA did not sign (the system roots do not know the test
    // CA): no connection.
    let untrusting = Fetcher::new(
        &base,
        None,
        work.path().join("token-tok-node-a"),
        work.path().join("x/cache"),
    )
    .expect("fetcher")
    .with_retries(1, Duration::from_millis(1));
    assert!(untrusting.fetch(&r).await.is_err());

    // A digest no catalog lists: 404, and nothing is cached.
    let other = ContentRef {
        sha256: "1".repeat(64),
        ..r.clone()
    };
    let err = a.fetch(&other).await.expect_err("unknown digest");
    assert!(err.to_string().contains("404"), "{err}");
    assert!(!a.cached(&other.sha256).exists());

    // Content changed on the controller since the compile: not served
    // (a new catalog follows).
    std::fs::write(env.path().join("m/files/big.bin"), big('y')).expect("rewrite");
    std::fs::create_dir_all(work.path().join("fresh")).expect("mkdir");
    let fresh = fetcher(&base, "tok-node-a", &work.path().join("fresh"));
    let err = fresh.fetch(&r).await.expect_err("changed");
    assert!(err.to_string().contains("changed"), "{err}");
    // Each attempt counted by its answer (two attempts per failed fetch).
    let counts = [
        metrics.content_served.get(),
        metrics.content_unauthenticated.get(),
        metrics.content_forbidden.get(),
        metrics.content_not_found.get(),
    ];
    assert_eq!(counts, [2, 2, 2, 4]);
    assert_eq!(metrics.content_bytes.get(), 2 * r.size);
    assert!(
        metrics
            .render()
            .contains("kuppet_content_requests_total{code=\"403\"} 2")
    );
    server.abort();
}

#[test]
fn content_that_could_not_be_fetched_fails_only_the_urls_that_need_it() {
    let (_env, bundle) = environment(&[
        ("ok/big", big('o')),
        ("broken/big", big('b')),
        ("small", "s".into()),
    ]);
    let cache = tempfile::tempdir().expect("tempdir");
    let fetched: Vec<(ContentRef, Result<PathBuf, FetchError>)> = bundle
        .content
        .iter()
        .map(|r| {
            if r.path.contains("broken") {
                let e = FetchError::Failed {
                    path: r.path.clone(),
                    sha256: r.sha256.clone(),
                    reason: "connection refused".into(),
                };
                (r.clone(), Err(e))
            } else {
                let p = cache.path().join(&r.sha256);
                std::fs::write(&p, big('o')).expect("write");
                (r.clone(), Ok(p))
            }
        })
        .collect();
    let server = crate::k8s::agent::files::server(&bundle.encoded, &fetched).expect("serves");
    let read = |url: &str| match server.locate(url).expect("located") {
        Served::Found { tree, path } => tree.read(&path).expect("read"),
        Served::Missing => panic!("{url} missing"),
    };
    assert_eq!(read("puppet:///modules/m/small"), b"s");
    assert_eq!(read("puppet:///modules/m/ok/big"), big('o').into_bytes());
    for url in [
        "puppet:///modules/m/broken/big",
        "puppet:///modules/m/broken",
        "puppet:///modules/m",
    ] {
        match server.locate(url) {
            Err(e @ ServeError::Unavailable { .. }) => {
                assert!(e.to_string().contains("connection refused"), "{e}")
            }
            other => panic!("{url}: {other:?}"),
        }
    }
}
