//! How the controller's writes reach the API server: a gate every write
//! passes (NodeCatalog specs, NodeFacts ownership, Manifest statuses), like
//! client-go's QPS/Burst limiter with a work queue in front of it.
//!
//! - **Bounded**: at most `concurrency` writes are in flight at once.
//! - **Rate-limited**: a token bucket lets `burst` writes go at once and
//!   then `qps` per second ([`TokenBucket`]).
//! - **Prioritized**: writes waiting for a slot go in [`Priority`] order
//!   (a catalog that changed before a refresh that only records new
//!   Manifest generations), first come first served within one.
//! - **Coalesced**: a second write of the same object while the first
//!   still waits supersedes it: the first is told [`Admission::Superseded`]
//!   and writes nothing, the second takes its place (and the higher of the
//!   two priorities).
//!
//! Writes whose content is already in the object are not asked for at all
//! (the planner compares digests); the gate only orders and paces the rest.

use crate::k8s::metrics::ControllerMetrics;
use std::collections::{BTreeMap, HashMap};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use tokio::sync::oneshot;

/// How fast and how many writes at once.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct WriteLimits {
    /// Writes per second, sustained (0 or less: unlimited).
    pub qps: f64,
    /// Writes that may go at once after a quiet spell.
    pub burst: u32,
    /// Writes in flight at once.
    pub concurrency: usize,
}

impl Default for WriteLimits {
    /// 200 writes/s with bursts of 400, 16 at once: 5,000 changed
    /// catalogs in about 25 s, and no more than an API server on two
    /// cores keeps up with beside its watches.
    fn default() -> WriteLimits {
        WriteLimits {
            qps: 200.0,
            burst: 400,
            concurrency: 16,
        }
    }
}

/// Which writes go first when writes wait.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Priority {
    /// The object's content changes (a new catalog, a status).
    Changed,
    /// Only bookkeeping: the same catalog under new Manifest generations,
    /// a NodeFacts' owner.
    Refresh,
}

/// A token bucket: `burst` tokens, refilled at `qps` per second; a taker
/// that finds none reserves the next and waits for it (golang.org/x/time's
/// `rate.Limiter`, which client-go's QPS/Burst are).
#[derive(Debug, Clone)]
pub struct TokenBucket {
    qps: f64,
    burst: f64,
    tokens: f64,
    last: Instant,
}

impl TokenBucket {
    /// A full bucket at `now`.
    pub fn new(qps: f64, burst: u32, now: Instant) -> TokenBucket {
        let burst = f64::from(burst.max(1));
        TokenBucket {
            qps,
            burst,
            tokens: burst,
            last: now,
        }
    }

    /// Takes one token at `now`: how long to wait before using it (zero
    /// when the bucket had one).
    pub fn reserve(&mut self, now: Instant) -> Duration {
        if self.qps <= 0.0 || !self.qps.is_finite() {
            return Duration::ZERO;
        }
        if now > self.last {
            let refill = now.duration_since(self.last).as_secs_f64() * self.qps;
            self.tokens = (self.tokens + refill).min(self.burst);
            self.last = now;
        }
        self.tokens -= 1.0;
        if self.tokens >= 0.0 {
            Duration::ZERO
        } else {
            Duration::from_secs_f64(-self.tokens / self.qps)
        }
    }
}

/// The answer of [`WriteGate::admit`].
pub enum Admission<'a> {
    /// Write now; the slot is given back when the permit is dropped.
    Go(WritePermit<'a>),
    /// A later write of the same object took this one's place: write nothing.
    Superseded,
}

/// One write's slot.
pub struct WritePermit<'a> {
    gate: &'a WriteGate,
}

impl Drop for WritePermit<'_> {
    fn drop(&mut self) {
        self.gate.release();
    }
}

struct Waiter {
    key: String,
    /// `true`: the slot is yours; `false`: superseded.
    tx: oneshot::Sender<bool>,
}

#[derive(Default)]
struct GateState {
    in_flight: usize,
    seq: u64,
    waiting: BTreeMap<(Priority, u64), Waiter>,
    /// Where each waiting object's write sits in `waiting`.
    queued: HashMap<String, (Priority, u64)>,
}

/// Counts of what the gate did, for metrics and tests.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct GateCounts {
    /// Writes let through.
    pub admitted: u64,
    /// Writes superseded by a later write of the same object.
    pub superseded: u64,
    /// Writes that had to wait for a token.
    pub throttled: u64,
    /// Writes waiting for a slot now.
    pub waiting: usize,
    /// Writes in flight now.
    pub in_flight: usize,
}

/// The gate every write of the controller passes.
pub struct WriteGate {
    limits: WriteLimits,
    state: Mutex<GateState>,
    bucket: Mutex<TokenBucket>,
    counts: Mutex<GateCounts>,
    metrics: Option<Arc<ControllerMetrics>>,
}

/// Waiting for a slot; a waiter dropped after it was handed the slot
/// gives it back.
struct Waiting<'a> {
    gate: &'a WriteGate,
    rx: Option<oneshot::Receiver<bool>>,
}

impl Drop for Waiting<'_> {
    fn drop(&mut self) {
        if let Some(mut rx) = self.rx.take() {
            rx.close();
            if let Ok(true) = rx.try_recv() {
                self.gate.release();
            }
        }
    }
}

impl WriteGate {
    pub fn new(limits: WriteLimits) -> WriteGate {
        WriteGate {
            limits,
            state: Mutex::default(),
            bucket: Mutex::new(TokenBucket::new(limits.qps, limits.burst, Instant::now())),
            counts: Mutex::default(),
            metrics: None,
        }
    }

    /// Counts throttled and superseded writes, and those waiting, in `metrics`.
    pub fn with_metrics(mut self, metrics: Arc<ControllerMetrics>) -> WriteGate {
        self.metrics = Some(metrics);
        self
    }

    fn waiting_now(&self, st: &GateState) {
        if let Some(m) = &self.metrics {
            m.api_writes_waiting.set(st.waiting.len() as i64);
        }
    }

    pub fn limits(&self) -> WriteLimits {
        self.limits
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, GateState> {
        self.state.lock().unwrap_or_else(|p| p.into_inner())
    }

    fn count(&self, f: impl FnOnce(&mut GateCounts)) {
        let mut c = self.counts.lock().unwrap_or_else(|p| p.into_inner());
        f(&mut c);
    }

    /// What the gate did so far, and what waits now.
    pub fn counts(&self) -> GateCounts {
        let mut c = *self.counts.lock().unwrap_or_else(|p| p.into_inner());
        let st = self.lock();
        c.waiting = st.waiting.len();
        c.in_flight = st.in_flight;
        c
    }

    /// Waits for the turn of a write of object `key` (a kind and a name),
    /// then for a token.
    pub async fn admit(&self, key: &str, priority: Priority) -> Admission<'_> {
        let rx = {
            let mut st = self.lock();
            let mut priority = priority;
            if let Some(old) = st.queued.remove(key) {
                if let Some(w) = st.waiting.remove(&old) {
                    let _ = w.tx.send(false);
                    self.count(|c| c.superseded += 1);
                    if let Some(m) = &self.metrics {
                        m.api_writes_superseded.inc();
                    }
                }
                priority = priority.min(old.0);
            }
            if st.in_flight < self.limits.concurrency.max(1) && st.waiting.is_empty() {
                st.in_flight += 1;
                None
            } else {
                st.seq += 1;
                let at = (priority, st.seq);
                let (tx, rx) = oneshot::channel();
                st.waiting.insert(
                    at,
                    Waiter {
                        key: key.to_string(),
                        tx,
                    },
                );
                st.queued.insert(key.to_string(), at);
                self.waiting_now(&st);
                Some(rx)
            }
        };
        if let Some(rx) = rx {
            let mut waiting = Waiting {
                gate: self,
                rx: Some(rx),
            };
            let granted = match waiting.rx.as_mut() {
                Some(rx) => rx.await.unwrap_or(false),
                None => false,
            };
            waiting.rx = None;
            if !granted {
                return Admission::Superseded;
            }
        }
        // The slot is ours from here: a permit gives it back even if this
        // future is dropped while it waits for its token.
        let permit = WritePermit { gate: self };
        let wait = self
            .bucket
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .reserve(Instant::now());
        if !wait.is_zero() {
            self.count(|c| c.throttled += 1);
            if let Some(m) = &self.metrics {
                m.api_writes_throttled.inc();
            }
            tokio::time::sleep(wait).await;
        }
        self.count(|c| c.admitted += 1);
        Admission::Go(permit)
    }

    /// Hands a finished write's slot to the first waiter still waiting.
    fn release(&self) {
        let mut st = self.lock();
        while let Some((at, w)) = st.waiting.pop_first() {
            if st.queued.get(&w.key) == Some(&at) {
                st.queued.remove(&w.key);
            }
            if w.tx.send(true).is_ok() {
                self.waiting_now(&st);
                return;
            }
        }
        self.waiting_now(&st);
        st.in_flight = st.in_flight.saturating_sub(1);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn limits(qps: f64, burst: u32, concurrency: usize) -> WriteLimits {
        WriteLimits {
            qps,
            burst,
            concurrency,
        }
    }

    #[test]
    fn the_bucket_lets_a_burst_through_then_paces_at_qps() {
        let t0 = Instant::now();
        let mut b = TokenBucket::new(10.0, 3, t0);
        for _ in 0..3 {
            assert_eq!(b.reserve(t0), Duration::ZERO, "the burst");
        }
        // The fourth waits a tenth of a second, the fifth two tenths.
        let w4 = b.reserve(t0);
        let w5 = b.reserve(t0);
        assert!((w4.as_secs_f64() - 0.1).abs() < 1e-6, "{w4:?}");
        assert!((w5.as_secs_f64() - 0.2).abs() < 1e-6, "{w5:?}");
        // A second later the debt is paid and 8 tokens came; only 3 are kept.
        let t1 = t0 + Duration::from_secs(2);
        for _ in 0..3 {
            assert_eq!(b.reserve(t1), Duration::ZERO);
        }
        assert!(
            b.reserve(t1) > Duration::ZERO,
            "the bucket holds at most the burst"
        );
    }

    #[test]
    fn an_unlimited_bucket_never_waits() {
        let t0 = Instant::now();
        let mut b = TokenBucket::new(0.0, 1, t0);
        for _ in 0..1000 {
            assert_eq!(b.reserve(t0), Duration::ZERO);
        }
    }

    /// Admits `key` in a task that records when it got through, holds its
    /// slot until `release` fires, and reports Go or Superseded.
    fn spawn_write(
        gate: &Arc<WriteGate>,
        key: &str,
        priority: Priority,
        order: &Arc<Mutex<Vec<String>>>,
        release: Arc<tokio::sync::Notify>,
    ) -> tokio::task::JoinHandle<bool> {
        let (gate, key, order) = (gate.clone(), key.to_string(), order.clone());
        tokio::spawn(async move {
            match gate.admit(&key, priority).await {
                Admission::Go(_permit) => {
                    order.lock().expect("order").push(key);
                    release.notified().await;
                    true
                }
                Admission::Superseded => false,
            }
        })
    }

    async fn settle() {
        for _ in 0..20 {
            tokio::task::yield_now().await;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }

    #[tokio::test]
    async fn changed_catalogs_go_before_refreshes_and_a_rewrite_supersedes_its_wait() {
        let gate = Arc::new(WriteGate::new(limits(0.0, 1, 1)));
        let order = Arc::new(Mutex::new(Vec::new()));
        let release = Arc::new(tokio::sync::Notify::new());
        // One write holds the only slot; four wait behind it.
        let first = spawn_write(&gate, "a", Priority::Changed, &order, release.clone());
        settle().await;
        let r1 = spawn_write(&gate, "r1", Priority::Refresh, &order, release.clone());
        settle().await;
        let c1 = spawn_write(&gate, "c1", Priority::Changed, &order, release.clone());
        settle().await;
        let r2_old = spawn_write(&gate, "r2", Priority::Refresh, &order, release.clone());
        settle().await;
        let c2 = spawn_write(&gate, "c2", Priority::Changed, &order, release.clone());
        settle().await;
        assert_eq!(gate.counts().waiting, 4);
        // r2 is written again before its turn: the old one is dropped.
        let r2_new = spawn_write(&gate, "r2", Priority::Refresh, &order, release.clone());
        settle().await;
        assert!(!r2_old.await.expect("joins"), "superseded");
        assert_eq!(gate.counts().waiting, 4);
        assert_eq!(gate.counts().superseded, 1);
        for _ in 0..5 {
            release.notify_one();
            settle().await;
        }
        for t in [first, r1, c1, c2, r2_new] {
            assert!(t.await.expect("joins"));
        }
        assert_eq!(
            *order.lock().expect("order"),
            ["a", "c1", "c2", "r1", "r2"],
            "changed first, then refreshes, each in arrival order"
        );
        let counts = gate.counts();
        assert_eq!(
            (counts.admitted, counts.in_flight, counts.waiting),
            (5, 0, 0)
        );
    }

    #[tokio::test]
    async fn a_refresh_superseded_by_a_change_takes_its_priority() {
        let gate = Arc::new(WriteGate::new(limits(0.0, 1, 1)));
        let order = Arc::new(Mutex::new(Vec::new()));
        let release = Arc::new(tokio::sync::Notify::new());
        let first = spawn_write(&gate, "a", Priority::Changed, &order, release.clone());
        settle().await;
        let c1 = spawn_write(&gate, "c1", Priority::Changed, &order, release.clone());
        settle().await;
        // x waits as a change; its later write is a mere refresh of the
        // same object, but the change in it is not written yet.
        let x_old = spawn_write(&gate, "x", Priority::Changed, &order, release.clone());
        settle().await;
        let r = spawn_write(&gate, "r", Priority::Refresh, &order, release.clone());
        settle().await;
        let x_new = spawn_write(&gate, "x", Priority::Refresh, &order, release.clone());
        settle().await;
        assert!(!x_old.await.expect("joins"));
        for _ in 0..4 {
            release.notify_one();
            settle().await;
        }
        for t in [first, c1, r, x_new] {
            assert!(t.await.expect("joins"));
        }
        assert_eq!(*order.lock().expect("order"), ["a", "c1", "x", "r"]);
    }

    #[tokio::test]
    async fn no_more_than_concurrency_writes_are_in_flight() {
        let gate = Arc::new(WriteGate::new(limits(0.0, 1, 3)));
        let busy = Arc::new(std::sync::atomic::AtomicUsize::new(0));
        let peak = Arc::new(std::sync::atomic::AtomicUsize::new(0));
        let mut tasks = Vec::new();
        for i in 0..20 {
            let (gate, busy, peak) = (gate.clone(), busy.clone(), peak.clone());
            tasks.push(tokio::spawn(async move {
                let Admission::Go(_p) = gate.admit(&format!("n{i}"), Priority::Changed).await
                else {
                    panic!("distinct objects are never superseded");
                };
                let now = busy.fetch_add(1, std::sync::atomic::Ordering::SeqCst) + 1;
                peak.fetch_max(now, std::sync::atomic::Ordering::SeqCst);
                tokio::time::sleep(Duration::from_millis(5)).await;
                busy.fetch_sub(1, std::sync::atomic::Ordering::SeqCst);
            }));
        }
        for t in tasks {
            t.await.expect("joins");
        }
        assert_eq!(peak.load(std::sync::atomic::Ordering::SeqCst), 3);
        assert_eq!(gate.counts().admitted, 20);
        assert_eq!(gate.counts().in_flight, 0);
    }

    #[tokio::test]
    async fn writes_past_the_burst_are_paced_at_qps() {
        // 5 at once, then 50 per second: 15 writes take at least 0.2 s.
        let gate = Arc::new(WriteGate::new(limits(50.0, 5, 8)));
        let started = Instant::now();
        let mut tasks = Vec::new();
        for i in 0..15 {
            let gate = gate.clone();
            tasks.push(tokio::spawn(async move {
                let Admission::Go(_p) = gate.admit(&format!("n{i}"), Priority::Changed).await
                else {
                    panic!("not superseded");
                };
            }));
        }
        for t in tasks {
            t.await.expect("joins");
        }
        let took = started.elapsed();
        assert!(took >= Duration::from_millis(195), "{took:?}");
        let counts = gate.counts();
        assert_eq!(counts.admitted, 15);
        assert!(counts.throttled >= 10, "{counts:?}");
    }

    #[tokio::test]
    async fn a_write_cancelled_while_waiting_gives_its_slot_on() {
        let gate = Arc::new(WriteGate::new(limits(0.0, 1, 1)));
        let order = Arc::new(Mutex::new(Vec::new()));
        let release = Arc::new(tokio::sync::Notify::new());
        let first = spawn_write(&gate, "a", Priority::Changed, &order, release.clone());
        settle().await;
        let cancelled = spawn_write(&gate, "b", Priority::Changed, &order, release.clone());
        settle().await;
        let last = spawn_write(&gate, "c", Priority::Changed, &order, release.clone());
        settle().await;
        cancelled.abort();
        settle().await;
        release.notify_one();
        settle().await;
        release.notify_one();
        assert!(first.await.expect("joins"));
        assert!(last.await.expect("joins"));
        assert_eq!(*order.lock().expect("order"), ["a", "c"]);
        assert_eq!(gate.counts().in_flight, 0);
    }
}
