//! A scripted API server for scenario tests: a test names the requests it
//! expects, in order, checks each one and answers it as the API server would.
//! No cluster needed; the real API server is exercised by `e2e/`.

use http::{Request, Response};
use kube::client::Body;
use std::time::Duration;
use tower_test::mock;

type Handle = mock::Handle<Request<Body>, Response<Body>>;

/// The fake API server's side of a mocked client.
pub struct ApiServer(Handle);

/// One request received.
pub struct Call {
    pub method: http::Method,
    /// The path, e.g. `/apis/kuppet.dev/v1alpha1/nodecatalogs/node-a`.
    pub path: String,
    /// The query string (`fieldManager=...&force=true`).
    pub query: String,
    pub body: serde_json::Value,
    send: mock::SendResponse<Response<Body>>,
}

impl Call {
    /// Answers 200 with `body` as JSON.
    pub fn ok(self, body: &impl serde::Serialize) {
        let bytes = serde_json::to_vec(body).unwrap_or_default();
        let response = Response::builder().status(200).body(Body::from(bytes));
        match response {
            Ok(r) => self.send.send_response(r),
            Err(e) => panic!("bad test response: {e}"),
        }
    }

    /// Answers with a Kubernetes `Status` error.
    pub fn fail(self, code: u16, reason: &str) {
        let status = serde_json::json!({
            "kind": "Status", "apiVersion": "v1", "metadata": {},
            "status": "Failure", "message": reason, "reason": reason, "code": code,
        });
        let bytes = serde_json::to_vec(&status).unwrap_or_default();
        match Response::builder().status(code).body(Body::from(bytes)) {
            Ok(r) => self.send.send_response(r),
            Err(e) => panic!("bad test response: {e}"),
        }
    }

    /// The request as `METHOD path`, for assertions.
    pub fn line(&self) -> String {
        format!("{} {}", self.method, self.path)
    }

    /// Whether the query carries `key=value`.
    pub fn has_query(&self, key: &str, value: &str) -> bool {
        self.query
            .split('&')
            .any(|kv| kv == format!("{key}={value}"))
    }
}

impl ApiServer {
    /// A client wired to a fresh scripted server.
    pub fn client() -> (kube::Client, ApiServer) {
        let (service, handle) = mock::pair::<Request<Body>, Response<Body>>();
        (kube::Client::new(service, "default"), ApiServer(handle))
    }

    /// The next request; fails the test if none comes within 5 s.
    pub async fn next(&mut self) -> Call {
        let req = tokio::time::timeout(Duration::from_secs(5), self.0.next_request())
            .await
            .ok()
            .flatten();
        let Some((request, send)) = req else {
            panic!("expected another API request, none came");
        };
        let (parts, body) = request.into_parts();
        let bytes = body.collect_bytes().await.unwrap_or_default();
        Call {
            method: parts.method,
            path: parts.uri.path().to_string(),
            query: parts.uri.query().unwrap_or_default().to_string(),
            body: serde_json::from_slice(&bytes).unwrap_or(serde_json::Value::Null),
            send,
        }
    }

    /// Fails the test if a request arrives within `wait`.
    pub async fn expect_silence(&mut self, wait: Duration) {
        if let Ok(Some((request, _))) = tokio::time::timeout(wait, self.0.next_request()).await {
            panic!(
                "expected no API request, got {} {}",
                request.method(),
                request.uri()
            );
        }
    }
}
