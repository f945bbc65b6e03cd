//! The Kubernetes side: CRDs, controller, agent, status and Events. The only
//! module that imports kube; nothing else depends on it.
