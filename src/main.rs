//! The `kuppet` binary: every role (parse, compile, apply, controller, agent, crds).
/// Counts each thread's heap, so that a compile's memory budget is enforced
/// as it grows (`kuppet_eval::budget`).
#[global_allocator]
static ALLOC: kuppet_eval::budget::CountingAlloc = kuppet_eval::budget::CountingAlloc;

fn main() -> std::process::ExitCode {
    kuppet::cli::main()
}
