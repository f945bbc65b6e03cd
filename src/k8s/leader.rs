//! Leader election on a `coordination.k8s.io/v1` Lease, as client-go does it:
//! the holder renews the Lease every few seconds; another replica takes it
//! over once it has seen the same record unchanged for a whole lease duration
//! (measured on its own clock, so clock skew between machines does not
//! matter). Writes carry the resourceVersion read, so two replicas can never
//! both win: the API server rejects the second write with a conflict.

use k8s_openapi::api::coordination::v1::{Lease, LeaseSpec};
use k8s_openapi::apimachinery::pkg::apis::meta::v1::{MicroTime, ObjectMeta};
use k8s_openapi::jiff::Timestamp;
use kube::api::{Api, PostParams};
use std::time::{Duration, Instant};

/// How the election runs.
#[derive(Debug, Clone)]
pub struct LeaseConfig {
    pub namespace: String,
    pub name: String,
    /// This replica's identity (its pod name).
    pub identity: String,
    /// How long a Lease holds without renewal.
    pub lease_duration: Duration,
    /// How long the holder keeps trying to renew before it gives up leading.
    pub renew_deadline: Duration,
    /// How often to try to acquire or renew.
    pub retry_period: Duration,
}

impl LeaseConfig {
    /// client-go's defaults: 15 s lease, 10 s renew deadline, 2 s retry.
    pub fn new(namespace: &str, name: &str, identity: &str) -> LeaseConfig {
        LeaseConfig {
            namespace: namespace.to_string(),
            name: name.to_string(),
            identity: identity.to_string(),
            lease_duration: Duration::from_secs(15),
            renew_deadline: Duration::from_secs(10),
            retry_period: Duration::from_secs(2),
        }
    }
}

/// The parts of a Lease record whose change proves its holder is alive.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Record {
    holder: Option<String>,
    renew_time: Option<String>,
    transitions: Option<i32>,
}

impl Record {
    fn of(spec: &LeaseSpec) -> Record {
        Record {
            holder: spec.holder_identity.clone().filter(|h| !h.is_empty()),
            renew_time: spec.renew_time.as_ref().map(|t| t.0.to_string()),
            transitions: spec.lease_transitions,
        }
    }
}

/// What to do with a Lease as read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Decision {
    /// It is ours: write a fresh renewTime.
    Renew,
    /// It is free or expired: take it over.
    TakeOver,
    /// Someone else holds it.
    Wait { holder: String },
}

/// Decides from the record read, the record last seen and when it was first
/// seen (local clock), and the lease duration.
fn decide(
    record: &Record,
    me: &str,
    seen: Option<&(Record, Instant)>,
    now: Instant,
    lease_duration: Duration,
) -> Decision {
    match &record.holder {
        None => Decision::TakeOver,
        Some(h) if h == me => Decision::Renew,
        Some(h) => {
            let unchanged_since = match seen {
                Some((r, at)) if r == record => *at,
                _ => now,
            };
            if now.duration_since(unchanged_since) >= lease_duration {
                Decision::TakeOver
            } else {
                Decision::Wait { holder: h.clone() }
            }
        }
    }
}

/// Why leadership ended.
#[derive(Debug, thiserror::Error)]
pub enum LeaseLost {
    #[error("Lease {namespace}/{name} was taken over by {holder}")]
    TakenOver {
        namespace: String,
        name: String,
        holder: String,
    },
    #[error("could not renew Lease {namespace}/{name} within {deadline:?}: {last_error}")]
    RenewDeadline {
        namespace: String,
        name: String,
        deadline: Duration,
        last_error: String,
    },
}

/// One replica's side of the election.
pub struct Elector {
    api: Api<Lease>,
    config: LeaseConfig,
    seen: Option<(Record, Instant)>,
}

impl Elector {
    pub fn new(client: kube::Client, config: LeaseConfig) -> Elector {
        Elector {
            api: Api::namespaced(client, &config.namespace),
            config,
            seen: None,
        }
    }

    /// Waits until this replica holds the Lease.
    pub async fn acquire(&mut self) {
        let mut last_holder = String::new();
        loop {
            match self.try_acquire_or_renew().await {
                Ok(Ok(())) => {
                    tracing::info!(lease = %self.config.name, identity = %self.config.identity, "became leader");
                    return;
                }
                Ok(Err(holder)) => {
                    if holder != last_holder {
                        tracing::info!(lease = %self.config.name, %holder, "waiting for the leader's Lease to expire");
                        last_holder = holder;
                    }
                }
                Err(err) => {
                    tracing::warn!(lease = %self.config.name, error = %err, "could not read or write the Lease")
                }
            }
            tokio::time::sleep(self.config.retry_period).await;
        }
    }

    /// Renews the Lease until it is lost; returns why.
    pub async fn hold(&mut self) -> LeaseLost {
        let mut last_renew = Instant::now();
        loop {
            tokio::time::sleep(self.config.retry_period).await;
            match self.try_acquire_or_renew().await {
                Ok(Ok(())) => last_renew = Instant::now(),
                Ok(Err(holder)) => {
                    return LeaseLost::TakenOver {
                        namespace: self.config.namespace.clone(),
                        name: self.config.name.clone(),
                        holder,
                    };
                }
                Err(err) => {
                    tracing::warn!(lease = %self.config.name, error = %err, "could not renew the Lease");
                    if last_renew.elapsed() >= self.config.renew_deadline {
                        return LeaseLost::RenewDeadline {
                            namespace: self.config.namespace.clone(),
                            name: self.config.name.clone(),
                            deadline: self.config.renew_deadline,
                            last_error: err.to_string(),
                        };
                    }
                }
            }
        }
    }

    /// Gives the Lease up (on shutdown) so another replica need not wait for it to expire.
    pub async fn release(&mut self) {
        let Ok(Some(mut lease)) = self.api.get_opt(&self.config.name).await else {
            return;
        };
        let spec = lease.spec.get_or_insert_with(Default::default);
        if spec.holder_identity.as_deref() != Some(&self.config.identity) {
            return;
        }
        spec.holder_identity = None;
        spec.lease_duration_seconds = Some(1);
        spec.renew_time = Some(MicroTime(Timestamp::now()));
        if let Err(err) = self
            .api
            .replace(&self.config.name, &PostParams::default(), &lease)
            .await
        {
            tracing::warn!(error = %err, "could not release the Lease");
        }
    }

    /// One attempt: Ok(Ok) when we hold the Lease afterwards, Ok(Err(holder))
    /// when another replica does.
    async fn try_acquire_or_renew(&mut self) -> Result<Result<(), String>, kube::Error> {
        let now = Timestamp::now();
        let Some(mut lease) = self.api.get_opt(&self.config.name).await? else {
            let lease = Lease {
                metadata: ObjectMeta {
                    name: Some(self.config.name.clone()),
                    namespace: Some(self.config.namespace.clone()),
                    ..Default::default()
                },
                spec: Some(self.fresh_spec(now, 0)),
            };
            return match self.api.create(&PostParams::default(), &lease).await {
                Ok(_) => Ok(Ok(())),
                Err(kube::Error::Api(e)) if e.code == 409 => {
                    Ok(Err("(another replica, just now)".into()))
                }
                Err(e) => Err(e),
            };
        };
        let spec = lease.spec.clone().unwrap_or_default();
        let record = Record::of(&spec);
        let duration = spec
            .lease_duration_seconds
            .and_then(|s| u64::try_from(s).ok())
            .map(Duration::from_secs)
            .unwrap_or(self.config.lease_duration);
        let decision = decide(
            &record,
            &self.config.identity,
            self.seen.as_ref(),
            Instant::now(),
            duration,
        );
        if self.seen.as_ref().is_none_or(|(r, _)| *r != record) {
            self.seen = Some((record.clone(), Instant::now()));
        }
        let new_spec = match decision {
            Decision::Wait { holder } => return Ok(Err(holder)),
            Decision::Renew => LeaseSpec {
                renew_time: Some(MicroTime(now)),
                lease_duration_seconds: Some(self.config.lease_duration.as_secs() as i32),
                ..spec
            },
            Decision::TakeOver => self.fresh_spec(now, spec.lease_transitions.unwrap_or(0) + 1),
        };
        lease.spec = Some(new_spec);
        match self
            .api
            .replace(&self.config.name, &PostParams::default(), &lease)
            .await
        {
            Ok(written) => {
                if let Some(s) = &written.spec {
                    self.seen = Some((Record::of(s), Instant::now()));
                }
                Ok(Ok(()))
            }
            Err(kube::Error::Api(e)) if e.code == 409 => {
                Ok(Err("(another replica, just now)".into()))
            }
            Err(e) => Err(e),
        }
    }

    fn fresh_spec(&self, now: Timestamp, transitions: i32) -> LeaseSpec {
        LeaseSpec {
            holder_identity: Some(self.config.identity.clone()),
            lease_duration_seconds: Some(self.config.lease_duration.as_secs() as i32),
            acquire_time: Some(MicroTime(now)),
            renew_time: Some(MicroTime(now)),
            lease_transitions: Some(transitions),
            ..Default::default()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn held_by(holder: &str, renewed: &str) -> Record {
        Record {
            holder: Some(holder.into()),
            renew_time: Some(renewed.into()),
            transitions: Some(0),
        }
    }

    const LEASE: Duration = Duration::from_secs(15);

    #[test]
    fn a_free_lease_is_taken() {
        let free = Record {
            holder: None,
            renew_time: None,
            transitions: None,
        };
        assert_eq!(
            decide(&free, "me", None, Instant::now(), LEASE),
            Decision::TakeOver
        );
    }

    #[test]
    fn our_own_lease_is_renewed() {
        let r = held_by("me", "t1");
        assert_eq!(
            decide(&r, "me", None, Instant::now(), LEASE),
            Decision::Renew
        );
    }

    #[test]
    fn a_live_holder_is_waited_for() {
        let t0 = Instant::now();
        let r1 = held_by("other", "t1");
        let seen = (r1.clone(), t0);
        // Unchanged for less than the lease duration: wait.
        assert_eq!(
            decide(&r1, "me", Some(&seen), t0 + Duration::from_secs(10), LEASE),
            Decision::Wait {
                holder: "other".into()
            }
        );
        // The holder renewed (record changed), even after a long time: wait.
        let r2 = held_by("other", "t2");
        assert_eq!(
            decide(&r2, "me", Some(&seen), t0 + Duration::from_secs(60), LEASE),
            Decision::Wait {
                holder: "other".into()
            }
        );
    }

    #[test]
    fn a_silent_holder_is_taken_over_after_a_lease_duration_of_our_clock() {
        let t0 = Instant::now();
        let r = held_by("other", "t1");
        let seen = (r.clone(), t0);
        assert_eq!(
            decide(&r, "me", Some(&seen), t0 + LEASE, LEASE),
            Decision::TakeOver
        );
        // Never seen before: the clock starts now, whatever renewTime says.
        assert_eq!(
            decide(&r, "me", None, t0 + LEASE, LEASE),
            Decision::Wait {
                holder: "other".into()
            }
        );
    }
}
