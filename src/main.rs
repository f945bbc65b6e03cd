//! The `kuppet` binary: every role (parse, compile, apply, controller, agent, crds).
fn main() -> std::process::ExitCode {
    kuppet::cli::main()
}
