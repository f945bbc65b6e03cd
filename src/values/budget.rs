//! The budget of one compile: how many evaluation steps, how much wall time,
//! how large a single value and how much heap it may use ([`Limits`]), and the
//! running counts that enforce them on the thread the compile runs on.
//!
//! The compiler installs the limits with [`install`] for the duration of a
//! compile; the evaluator, the ERB interpreter and Hiera's interpolation call
//! [`tick`] once per step, and whatever builds a value whose size comes from
//! user input (a `sprintf` width, a repeat, a range, a collection) asks
//! [`check_size`] before allocating. Exceeding a limit is an [`Exceeded`] the
//! caller turns into a located error: nothing here panics or aborts.
//!
//! Heap accounting: [`CountingAlloc`], when a binary installs it as its
//! `#[global_allocator]`, counts the bytes each thread holds; [`tick`] and
//! [`check_size`] compare the compile thread's growth since [`install`] with
//! `max_memory`. Without it (tests, libraries) the memory budget is not
//! enforced by the count; the per-value cap (`max_bytes`) still is.

use mimalloc::MiMalloc;
use std::alloc::{GlobalAlloc, Layout};
use std::cell::Cell;
use std::time::{Duration, Instant};

/// What one compile may consume. `Default` gives the defaults below.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    /// Evaluation steps (one per expression evaluated, ERB statement and
    /// iteration). Default [`Limits::DEFAULT_MAX_STEPS`].
    pub max_steps: u64,
    /// Wall time of the whole compile. Default [`Limits::DEFAULT_MAX_TIME`].
    pub max_time: Duration,
    /// The largest string or binary a function or operator may build, and
    /// what sizes collections (`max_bytes / 16` elements, the size of a
    /// value). Default [`Limits::DEFAULT_MAX_BYTES`].
    pub max_bytes: usize,
    /// Heap the compile's thread may hold beyond what it held when the
    /// compile started (enforced with [`CountingAlloc`]). Default
    /// [`Limits::DEFAULT_MAX_MEMORY`].
    pub max_memory: usize,
}

impl Limits {
    /// 50 million steps: the largest real-world catalogs kuppet has compiled
    /// take under 20,000 steps (measured: the 979 classes of Debian's modules
    /// that `tests/realworld/harness.py` compiles like Puppet all compile with
    /// `--max-steps 20000`; 23, Apache vhosts with WSGI, need more than
    /// 15,000), and a step costs 50-200 ns in a release build, so this is
    /// 2.5-10 s of work, 2,500 times the largest real compile: a runaway
    /// loop, not real code.
    pub const DEFAULT_MAX_STEPS: u64 = 50_000_000;
    /// 60 s: real compiles take milliseconds to a few seconds (file reads,
    /// Hiera, templates included); a minute bounds a compile whose steps are
    /// slow (huge regexes or values) while leaving slow disks a wide margin.
    pub const DEFAULT_MAX_TIME: Duration = Duration::from_secs(60);
    /// 64 MiB: a NodeCatalog must stay under etcd's 1.5 MiB (compressed), so
    /// no string that reaches a node comes near this; it stops a width or
    /// repeat from asking for terabytes while a handful of such values still
    /// fit in the memory budget.
    pub const DEFAULT_MAX_BYTES: usize = 64 << 20;
    /// 1 GiB: real compiles hold tens of MiB; this is ten times that with
    /// room for the largest values, and several concurrent compiles still
    /// fit on a small controller node.
    pub const DEFAULT_MAX_MEMORY: usize = 1 << 30;

    /// The most elements a collection built from a user-given count may have.
    pub fn max_elements(&self) -> usize {
        self.max_bytes / 16
    }
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            max_steps: Limits::DEFAULT_MAX_STEPS,
            max_time: Limits::DEFAULT_MAX_TIME,
            max_bytes: Limits::DEFAULT_MAX_BYTES,
            max_memory: Limits::DEFAULT_MAX_MEMORY,
        }
    }
}

/// A limit a compile went past.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Exceeded {
    #[error(
        "The compile exceeded its budget of {0} evaluation steps; if the code is meant to do that much work, raise the limit (kuppet compile --max-steps)"
    )]
    Steps(u64),
    #[error(
        "The compile exceeded its time budget of {}; if the code is meant to take that long, raise the limit (kuppet compile --timeout)",
        seconds(*.0)
    )]
    Time(Duration),
    #[error(
        "The compile exceeded its memory budget of {} (it holds {}); if the code needs that much, raise the limit (kuppet compile --max-memory)",
        bytes(*limit),
        bytes(*used)
    )]
    Memory { limit: usize, used: usize },
    #[error(
        "{what} would be {} long, more than the {} a value may have; if that is meant, raise the limit (kuppet compile --max-value-size)",
        bytes(*size),
        bytes(*limit)
    )]
    Size {
        what: &'static str,
        size: usize,
        limit: usize,
    },
}

impl Exceeded {
    /// The diagnostic code: steps, time and memory are the compile's budget;
    /// a single value too large is an evaluation error like Ruby's.
    pub fn code(&self) -> &'static str {
        match self {
            Exceeded::Size { .. } => "VALUE_TOO_LARGE",
            _ => "BUDGET_EXCEEDED",
        }
    }
}

fn seconds(d: Duration) -> String {
    format!("{} s", d.as_secs_f64())
}

/// Bytes in the largest unit that keeps them whole-ish: `64 MiB`, `12 bytes`.
pub fn bytes(n: usize) -> String {
    const UNITS: [(&str, usize); 3] = [("GiB", 1 << 30), ("MiB", 1 << 20), ("KiB", 1 << 10)];
    for (unit, size) in UNITS {
        if n >= size {
            let v = n as f64 / size as f64;
            return if n.is_multiple_of(size) {
                format!("{} {unit}", n / size)
            } else {
                format!("{v:.1} {unit}")
            };
        }
    }
    format!("{n} bytes")
}

thread_local! {
    static ACTIVE: Cell<bool> = const { Cell::new(false) };
    static STEPS: Cell<u64> = const { Cell::new(0) };
    static LIMITS: Cell<Limits> = const { Cell::new(Limits {
        max_steps: u64::MAX,
        max_time: Duration::MAX,
        max_bytes: usize::MAX,
        max_memory: usize::MAX,
    }) };
    static DEADLINE: Cell<Option<Instant>> = const { Cell::new(None) };
    static HEAP_BASE: Cell<isize> = const { Cell::new(0) };
    static STACK_LEAST: Cell<usize> = const { Cell::new(usize::MAX) };
    /// Bytes the thread holds, counted by [`CountingAlloc`].
    static HEAP: Cell<isize> = const { Cell::new(0) };
}

/// How often (in steps) the clock is read.
const CLOCK_EVERY: u64 = 1024;

/// Restores the previous budget of the thread when dropped.
#[must_use = "the budget is removed when the guard is dropped"]
pub struct Guard {
    previous: (bool, u64, Limits, Option<Instant>, isize),
}

impl Drop for Guard {
    fn drop(&mut self) {
        let (active, steps, limits, deadline, base) = self.previous;
        ACTIVE.set(active);
        STEPS.set(steps);
        LIMITS.set(limits);
        DEADLINE.set(deadline);
        HEAP_BASE.set(base);
    }
}

/// Installs `limits` on this thread, counting from zero, until the guard drops.
pub fn install(limits: Limits) -> Guard {
    let previous = (
        ACTIVE.get(),
        STEPS.get(),
        LIMITS.get(),
        DEADLINE.get(),
        HEAP_BASE.get(),
    );
    ACTIVE.set(true);
    STEPS.set(0);
    LIMITS.set(limits);
    DEADLINE.set(Instant::now().checked_add(limits.max_time));
    HEAP_BASE.set(HEAP.get());
    Guard { previous }
}

/// Whether a budget is installed on this thread.
pub fn active() -> bool {
    ACTIVE.get()
}

/// The limits in force on this thread (unlimited when none are installed,
/// except the per-value cap, which is then the default).
pub fn limits() -> Limits {
    if ACTIVE.get() {
        LIMITS.get()
    } else {
        Limits {
            max_bytes: Limits::DEFAULT_MAX_BYTES,
            ..LIMITS.get()
        }
    }
}

/// The wall time left before the compile's deadline (`None` without a
/// budget); zero once it has passed.
pub fn time_left() -> Option<Duration> {
    if !ACTIVE.get() {
        return None;
    }
    DEADLINE
        .get()
        .map(|d| d.saturating_duration_since(Instant::now()))
}

/// Steps counted since [`install`].
pub fn steps() -> u64 {
    STEPS.get()
}

/// Counts one evaluation step and checks the budget.
#[inline]
pub fn tick() -> Result<(), Exceeded> {
    let n = STEPS.get() + 1;
    STEPS.set(n);
    if n.is_multiple_of(CLOCK_EVERY) {
        return check_slow(n);
    }
    if n > LIMITS.get().max_steps {
        return Err(Exceeded::Steps(LIMITS.get().max_steps));
    }
    Ok(())
}

#[cold]
fn check_slow(n: u64) -> Result<(), Exceeded> {
    let limits = LIMITS.get();
    if n > limits.max_steps {
        return Err(Exceeded::Steps(limits.max_steps));
    }
    if let Some(deadline) = DEADLINE.get()
        && Instant::now() > deadline
    {
        return Err(Exceeded::Time(limits.max_time));
    }
    check_memory(0)
}

/// Checks that the compile's heap, plus `more` bytes about to be allocated,
/// stays within the memory budget.
pub fn check_memory(more: usize) -> Result<(), Exceeded> {
    if !ACTIVE.get() {
        return Ok(());
    }
    let limit = LIMITS.get().max_memory;
    let used = (HEAP.get() - HEAP_BASE.get()).max(0) as usize;
    if used.saturating_add(more) > limit {
        return Err(Exceeded::Memory {
            limit,
            used: used.saturating_add(more),
        });
    }
    Ok(())
}

/// Checks a value about to be built: `size` bytes (or elements × 16) for
/// `what` ("a formatted string", "a range"...), against the per-value cap and
/// the memory budget.
pub fn check_size(what: &'static str, size: usize) -> Result<(), Exceeded> {
    let limit = limits().max_bytes;
    if size > limit {
        return Err(Exceeded::Size { what, size, limit });
    }
    check_memory(size)
}

/// Checks a collection of `count` elements about to be built.
pub fn check_elements(what: &'static str, count: usize) -> Result<(), Exceeded> {
    check_size(what, count.saturating_mul(16))
}

/// The stack a recursion must leave unused: the most one level of the
/// deepest recursions (the evaluator, the parsers, a template) uses between
/// two checks, with a wide margin for debug builds.
pub const STACK_RED_ZONE: usize = 1 << 20;

/// Whether the current thread's stack is nearly used up: every recursion
/// that user input can make deep checks this (besides its depth limit) and
/// fails with an error instead of overflowing, whatever thread it runs on.
/// It also records the least stack left seen on the thread
/// ([`stack_least_left`]), which is how the limits are measured.
#[inline]
pub fn stack_low() -> bool {
    match stacker::remaining_stack() {
        Some(left) => {
            if left < STACK_LEAST.get() {
                STACK_LEAST.set(left);
            }
            left < STACK_RED_ZONE
        }
        None => false,
    }
}

/// The least stack left seen by [`stack_low`] on this thread.
pub fn stack_least_left() -> usize {
    STACK_LEAST.get()
}

/// The bytes the current thread holds on the heap, as counted by
/// [`CountingAlloc`] (0 when it is not the global allocator).
pub fn thread_heap() -> isize {
    HEAP.get()
}

/// A global allocator, mimalloc underneath (the compiler makes many small
/// allocations: a compile in `benches/compile.rs` runs a quarter fewer
/// instructions than over glibc's malloc), that counts, per thread, the bytes allocated and not yet freed, so that a compile's heap can be checked against its budget.
/// Install it in a binary: `#[global_allocator] static A: CountingAlloc = CountingAlloc;`.
/// Memory freed on another thread than the one that allocated it is counted
/// on the freeing thread (a compile allocates and frees on its own thread).
///
/// When [`exit_on_alloc_failure`] was called, an allocation the system
/// refuses (the process's RLIMIT_AS or RLIMIT_DATA) ends the process with a
/// message and that exit code instead of Rust's abort.
pub struct CountingAlloc;

static EXIT_ON_FAILURE: std::sync::atomic::AtomicI32 = std::sync::atomic::AtomicI32::new(-1);

/// Makes a refused allocation end the process with `code` and a message
/// on standard error (see [`CountingAlloc`]).
pub fn exit_on_alloc_failure(code: i32) {
    EXIT_ON_FAILURE.store(code, std::sync::atomic::Ordering::Relaxed);
}

/// mimalloc's `mi_option_arena_eager_commit` (its `mimalloc.h`; the Rust
/// bindings name no constant for it).
const MI_OPTION_ARENA_EAGER_COMMIT: std::ffi::c_int = 4;

unsafe extern "C" {
    /// mimalloc's option setter (part of the linked library; it does not
    /// allocate).
    fn mi_option_set(option: std::ffi::c_int, value: std::ffi::c_long);
}

static CONFIGURED: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

/// Before mimalloc's first allocation: commit its arenas on demand. On
/// Linux it otherwise maps its first arena (1 GiB) readable and writable at
/// once, which RLIMIT_DATA counts whole, so `--max-memory`'s data limit
/// would refuse the compile's thread stack before the compile starts.
/// Reserved but uncommitted memory is not counted; each commit is, and a
/// refused one is a null allocation ([`refused`]).
#[inline]
fn configure() {
    if !CONFIGURED.load(std::sync::atomic::Ordering::Relaxed) {
        configure_once();
    }
}

#[cold]
fn configure_once() {
    // SAFETY: sets an integer option; two threads racing set the same value.
    unsafe { mi_option_set(MI_OPTION_ARENA_EAGER_COMMIT, 0) };
    CONFIGURED.store(true, std::sync::atomic::Ordering::Relaxed);
}

fn count(delta: isize) {
    let _ = HEAP.try_with(|h| h.set(h.get().wrapping_add(delta)));
}

#[cold]
fn refused(layout: Layout) {
    let code = EXIT_ON_FAILURE.load(std::sync::atomic::Ordering::Relaxed);
    if code >= 0 {
        use std::io::Write;
        // No allocation here: a fixed message and a number formatted on the stack.
        let mut buf = [0u8; 24];
        let mut n = layout.size();
        let mut i = buf.len();
        loop {
            i -= 1;
            buf[i] = b'0' + (n % 10) as u8;
            n /= 10;
            if n == 0 || i == 0 {
                break;
            }
        }
        let mut err = std::io::stderr();
        let _ = err.write_all(b"Error: out of memory: an allocation of ");
        let _ = err.write_all(&buf[i..]);
        let _ = err.write_all(
            b" bytes was refused (the process's memory limit, --max-memory); raise the limit if the code needs that much\n",
        );
        std::process::exit(code);
    }
}

// SAFETY: every method forwards to `MiMalloc` (a `GlobalAlloc`) with the same
// arguments and only adds bookkeeping in a thread-local `Cell` and the
// setting of one mimalloc option before its first allocation ([`configure`]),
// neither of which allocates.
unsafe impl GlobalAlloc for CountingAlloc {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        configure();
        // SAFETY: forwarded unchanged.
        let p = unsafe { MiMalloc.alloc(layout) };
        if p.is_null() {
            refused(layout);
        } else {
            count(layout.size() as isize);
        }
        p
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        configure();
        // SAFETY: forwarded unchanged.
        let p = unsafe { MiMalloc.alloc_zeroed(layout) };
        if p.is_null() {
            refused(layout);
        } else {
            count(layout.size() as isize);
        }
        p
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: forwarded unchanged.
        unsafe { MiMalloc.dealloc(ptr, layout) };
        count(-(layout.size() as isize));
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        // SAFETY: forwarded unchanged.
        let p = unsafe { MiMalloc.realloc(ptr, layout, new_size) };
        if p.is_null() {
            refused(Layout::from_size_align(new_size, layout.align()).unwrap_or(layout));
        } else {
            count(new_size as isize - layout.size() as isize);
        }
        p
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn steps_run_out_at_the_limit() {
        let _g = install(Limits {
            max_steps: 10,
            ..Limits::default()
        });
        for _ in 0..10 {
            assert_eq!(tick(), Ok(()));
        }
        assert_eq!(tick(), Err(Exceeded::Steps(10)));
    }

    #[test]
    fn time_runs_out() {
        let _g = install(Limits {
            max_time: Duration::ZERO,
            ..Limits::default()
        });
        std::thread::sleep(Duration::from_millis(2));
        let r = (0..CLOCK_EVERY).try_for_each(|_| tick());
        assert_eq!(r, Err(Exceeded::Time(Duration::ZERO)));
    }

    #[test]
    fn guard_restores_the_previous_budget() {
        let _outer = install(Limits {
            max_steps: 5,
            ..Limits::default()
        });
        tick().unwrap();
        {
            let _inner = install(Limits::default());
            assert_eq!(steps(), 0);
        }
        assert_eq!(steps(), 1);
        assert_eq!(limits().max_steps, 5);
    }

    #[test]
    fn sizes_are_capped() {
        let _g = install(Limits {
            max_bytes: 100,
            ..Limits::default()
        });
        assert!(check_size("a string", 100).is_ok());
        let e = check_size("a string", 101).unwrap_err();
        assert_eq!(e.code(), "VALUE_TOO_LARGE");
        assert!(
            e.to_string()
                .starts_with("a string would be 101 bytes long")
        );
        assert!(check_elements("an array", 7).is_err());
    }

    #[test]
    fn byte_counts_read_well() {
        assert_eq!(bytes(64 << 20), "64 MiB");
        assert_eq!(bytes(1536), "1.5 KiB");
        assert_eq!(bytes(12), "12 bytes");
    }
}
