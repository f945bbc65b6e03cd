//! `kuppet controller`, `kuppet agent` and `kuppet crds`: the Kubernetes roles.

/// Arguments of `kuppet controller`.
#[derive(Debug, clap::Args)]
pub struct ControllerArgs {}

/// Arguments of `kuppet agent`.
#[derive(Debug, clap::Args)]
pub struct AgentArgs {}

/// Arguments of `kuppet crds`.
#[derive(Debug, clap::Args)]
pub struct CrdsArgs {}

pub fn controller(_args: ControllerArgs) -> u8 {
    eprintln!("Error: kuppet controller is not built yet");
    1
}

pub fn agent(_args: AgentArgs) -> u8 {
    eprintln!("Error: kuppet agent is not built yet");
    1
}

pub fn crds(_args: CrdsArgs) -> u8 {
    eprintln!("Error: kuppet crds is not built yet");
    1
}
