//! The one VM per process: its thread, the channels to it and the
//! conversation protocol (requests one way, callbacks the other, nested
//! either way). One compile thread at a time owns the VM for the length of
//! its outermost request; nested requests on that thread reuse it.

use crate::convert::{from_ruby, to_ruby};
use crate::{Budget, Callback, ErrorKind, Host, Outcome, Raise, Request, RubyError, VmError, Wire};
use magnus::value::ReprValue;
use magnus::{Error, RArray, RModule, Ruby, Value, function, prelude::*};
use std::cell::{Cell, RefCell};
use std::sync::mpsc::{Receiver, Sender, channel};
use std::sync::{Condvar, Mutex, OnceLock};
use std::thread::ThreadId;

const SHIM: &str = include_str!("shim.rb");

enum ToRuby {
    Run(Request, Budget),
    Reply(Result<Wire, Raise>),
}

enum FromRuby {
    Callback(Callback),
    Done(Result<Wire, RubyError>),
}

struct Vm {
    tx: Mutex<Sender<ToRuby>>,
    rx: Mutex<Receiver<FromRuby>>,
    owner: Mutex<Option<ThreadId>>,
    free: Condvar,
}

/// The Ruby thread's ends of the channels.
type RubyEnds = (Receiver<ToRuby>, Sender<FromRuby>);

static VM: OnceLock<Result<Vm, String>> = OnceLock::new();

thread_local! {
    /// How deep this (compile) thread is in conversations with the VM.
    static DEPTH: Cell<usize> = const { Cell::new(0) };
    /// On the Ruby thread: its ends of the channels.
    static RUBY_SIDE: RefCell<Option<RubyEnds>> = const { RefCell::new(None) };
}

fn vm() -> Result<&'static Vm, VmError> {
    VM.get_or_init(start)
        .as_ref()
        .map_err(|e| VmError::Start(e.clone()))
}

/// Starts the VM now (a compile worker does it before it sandboxes itself
/// further, and benchmarks to leave start-up out of their numbers).
pub fn warm_up() -> Result<(), VmError> {
    vm().map(drop)
}

fn start() -> Result<Vm, String> {
    let (to_ruby, ruby_rx) = channel::<ToRuby>();
    let (ruby_tx, from_ruby) = channel::<FromRuby>();
    let (ready_tx, ready_rx) = channel::<Result<(), String>>();
    std::thread::Builder::new()
        .name("kuppet-ruby".into())
        .stack_size(64 << 20)
        .spawn(move || ruby_thread(ruby_rx, ruby_tx, ready_tx))
        .map_err(|e| e.to_string())?;
    ready_rx
        .recv()
        .map_err(|_| "the Ruby thread ended while starting".to_string())??;
    Ok(Vm {
        tx: Mutex::new(to_ruby),
        rx: Mutex::new(from_ruby),
        owner: Mutex::new(None),
        free: Condvar::new(),
    })
}

fn ruby_thread(rx: Receiver<ToRuby>, tx: Sender<FromRuby>, ready: Sender<Result<(), String>>) {
    // SAFETY: this thread initialises Ruby once for the process and is the
    // only one that ever calls it; the Cleanup guard is never dropped (the
    // thread serves until the process exits).
    let cleanup = unsafe { magnus::embed::init() };
    let ruby: &Ruby = &cleanup;
    if let Err(e) = setup(ruby) {
        let _ = ready.send(Err(e.to_string()));
        std::mem::forget(cleanup);
        return;
    }
    RUBY_SIDE.with(|s| *s.borrow_mut() = Some((rx, tx)));
    let _ = ready.send(Ok(()));
    while let Some(msg) = recv_on_ruby() {
        match msg {
            ToRuby::Run(req, budget) => {
                let r = serve(ruby, req, budget);
                if !send_from_ruby(FromRuby::Done(r)) {
                    break;
                }
            }
            // A reply nobody waits for: the conversation is out of step.
            ToRuby::Reply(_) => {}
        }
    }
    std::mem::forget(cleanup);
}

fn recv_on_ruby() -> Option<ToRuby> {
    RUBY_SIDE.with(|s| s.borrow().as_ref().and_then(|(rx, _)| rx.recv().ok()))
}

fn send_from_ruby(msg: FromRuby) -> bool {
    RUBY_SIDE.with(|s| {
        s.borrow()
            .as_ref()
            .is_some_and(|(_, tx)| tx.send(msg).is_ok())
    })
}

fn setup(ruby: &Ruby) -> Result<(), Error> {
    let kuppet = ruby.define_module("Kuppet")?;
    kuppet.define_module_function("__callback", function!(callback, 4))?;
    let _: Value = ruby
        .module_kernel()
        .funcall("eval", (SHIM, ruby.qnil(), "<kuppet>/shim.rb", 1))?;
    Ok(())
}

fn kuppet_module(ruby: &Ruby) -> Result<RModule, Error> {
    ruby.class_object().const_get("Kuppet")
}

/// Runs one request on the Ruby thread.
fn serve(ruby: &Ruby, req: Request, budget: Budget) -> Result<Wire, RubyError> {
    let r = (|| -> Result<Value, Error> {
        let k = kuppet_module(ruby)?;
        let secs = budget.seconds;
        let mem = budget.memory.map(|m| m as u64);
        let nil = ruby.qnil().as_value();
        let s = |x: &str| ruby.str_new(x).as_value();
        let (kind, path, a, b, c, d): (&str, Value, Value, Value, Value, Value) = match req {
            Request::Describe { path, name } => ("describe", s(&path), s(&name), nil, nil, nil),
            Request::Call {
                path,
                name,
                index,
                args,
                block,
            } => (
                "call",
                s(&path),
                s(&name),
                ruby.integer_from_i64(index as i64).as_value(),
                to_ruby(ruby, &Wire::Array(args))?,
                if block {
                    ruby.qtrue().as_value()
                } else {
                    ruby.qfalse().as_value()
                },
            ),
            Request::LoadLegacy { path, name } => {
                ("load_legacy", s(&path), s(&name), nil, nil, nil)
            }
            Request::CallLegacy { path, name, args } => (
                "call_legacy",
                s(&path),
                s(&name),
                to_ruby(ruby, &Wire::Array(args))?,
                nil,
                nil,
            ),
            Request::Template { file, source } => (
                "template",
                file.as_deref().map_or(nil, s),
                s(&source),
                nil,
                nil,
                nil,
            ),
            Request::Block { id, args } => (
                "block",
                nil,
                ruby.integer_from_u64(id).as_value(),
                to_ruby(ruby, &Wire::Array(args))?,
                nil,
                nil,
            ),
            Request::Eval { source } => ("eval", nil, s(&source), nil, nil, nil),
        };
        k.funcall("serve", (kind, secs, mem, path, a, b, c, d))
    })();
    let internal = |e: Error| RubyError {
        kind: ErrorKind::Raised {
            class: "Kuppet::Internal".into(),
        },
        message: e.to_string(),
        file: None,
        line: None,
    };
    let v = r.map_err(internal)?;
    let arr = RArray::from_value(v).ok_or_else(|| RubyError {
        kind: ErrorKind::Raised {
            class: "Kuppet::Internal".into(),
        },
        message: "the shim answered with something else than an array".into(),
        file: None,
        line: None,
    })?;
    let status: String = arr.entry(0).map_err(internal)?;
    if status == "ok" {
        let value: Value = arr.entry(1).map_err(internal)?;
        return from_ruby(ruby, value).map_err(|e| RubyError {
            kind: ErrorKind::Raised {
                class: "TypeError".into(),
            },
            message: format!("the function returned a value Puppet has no type for: {e}"),
            file: None,
            line: None,
        });
    }
    let class: String = arr.entry(1).map_err(internal)?;
    let message: String = arr.entry(2).map_err(internal)?;
    let file: Option<String> = arr.entry(3).map_err(internal)?;
    let line: Option<u32> = arr.entry(4).map_err(internal)?;
    let kept: Option<u64> = arr.entry(5).map_err(internal)?;
    let kind = match (kept, class.as_str()) {
        (Some(id), _) => ErrorKind::Kept(id),
        (None, "Kuppet::Timeout" | "Kuppet::MemoryExceeded") => ErrorKind::Budget,
        _ => ErrorKind::Raised { class },
    };
    Err(RubyError {
        kind,
        message,
        file,
        line,
    })
}

/// `Kuppet.__callback(kind, name, args, extra)`: asks the compile thread,
/// serving any request it makes meanwhile.
fn callback(
    ruby: &Ruby,
    kind: String,
    name: Value,
    args: RArray,
    extra: Value,
) -> Result<Value, Error> {
    let name = if name.is_nil() {
        String::new()
    } else {
        name.to_r_string()?.to_string()?
    };
    let mut wires = Vec::with_capacity(args.len());
    for v in args.into_iter() {
        wires.push(from_ruby(ruby, v)?);
    }
    let cb = match kind.as_str() {
        "call" => Callback::Call { name, args: wires },
        "yield" => Callback::Yield { args: wires },
        "dispatch" => {
            let (block, arity): (u64, i64) = magnus::TryConvert::try_convert(extra)?;
            Callback::Dispatch {
                name,
                args: wires,
                block,
                arity,
            }
        }
        "lookupvar" => Callback::LookupVar { name },
        "defined" => Callback::Defined { name },
        "variables" => Callback::Variables {
            only: if extra.is_nil() {
                None
            } else {
                Some(magnus::TryConvert::try_convert(extra)?)
            },
        },
        "changed" => Callback::Changed {
            name,
            value: wires.into_iter().next().unwrap_or(Wire::Undef),
        },
        "setvar" => Callback::SetVar {
            name,
            value: wires.into_iter().next().unwrap_or(Wire::Undef),
        },
        "scope_name" => Callback::ScopeName,
        "has_function" => Callback::HasFunction { name },
        "log" => Callback::Log {
            level: name,
            message: match wires.into_iter().next() {
                Some(Wire::Str(s)) => s,
                _ => String::new(),
            },
        },
        "type" => Callback::Type { text: name },
        "infer" => Callback::Infer {
            set: name == "infer_set",
            value: wires.into_iter().next().unwrap_or(Wire::Undef),
        },
        "instance" => {
            let mut it = wires.into_iter();
            Callback::Instance {
                t: it.next().unwrap_or(Wire::Undef),
                value: it.next().unwrap_or(Wire::Undef),
            }
        }
        "string" => Callback::String {
            value: wires.into_iter().next().unwrap_or(Wire::Undef),
        },
        other => {
            return Err(Error::new(
                ruby.exception_arg_error(),
                format!("unknown kuppet callback {other}"),
            ));
        }
    };
    if !send_from_ruby(FromRuby::Callback(cb)) {
        return Err(Error::new(
            ruby.exception_runtime_error(),
            "the compile thread went away",
        ));
    }
    loop {
        let Some(msg) = recv_on_ruby() else {
            return Err(Error::new(
                ruby.exception_runtime_error(),
                "the compile thread went away",
            ));
        };
        match msg {
            ToRuby::Reply(Ok(w)) => return to_ruby(ruby, &w),
            ToRuby::Reply(Err(raise)) => {
                let k = kuppet_module(ruby)?;
                let exc: Value = k.funcall("callback_error", (raise.kept, raise.message))?;
                let exc = magnus::Exception::from_value(exc).ok_or_else(|| {
                    Error::new(ruby.exception_runtime_error(), "bad callback error")
                })?;
                return Err(exc.into());
            }
            ToRuby::Run(req, budget) => {
                let r = serve(ruby, req, budget);
                if !send_from_ruby(FromRuby::Done(r)) {
                    return Err(Error::new(
                        ruby.exception_runtime_error(),
                        "the compile thread went away",
                    ));
                }
            }
        }
    }
}

/// Runs `req` in the VM, servicing its callbacks with `host` on this thread
/// until the result arrives. The budget applies when this is the outermost
/// request of the thread.
pub fn run(req: Request, budget: Budget, host: &mut dyn Host) -> Outcome {
    let vm = vm()?;
    let outer = DEPTH.get() == 0;
    if outer {
        let me = std::thread::current().id();
        let mut owner = vm.owner.lock().map_err(|_| VmError::Gone)?;
        while owner.is_some() {
            owner = vm.free.wait(owner).map_err(|_| VmError::Gone)?;
        }
        *owner = Some(me);
    }
    DEPTH.set(DEPTH.get() + 1);
    let mut turn = Turn {
        vm,
        outer,
        waiting: false,
    };
    turn.converse(req, budget, host)
}

/// One request's conversation. Dropped while Ruby still waits for an answer
/// (the host panicked in a callback), it answers with an error and lets the
/// request finish, so that the VM stays in step for the next compile; it
/// always gives the VM back.
struct Turn<'v> {
    vm: &'v Vm,
    outer: bool,
    /// Ruby waits for the answer to a callback.
    waiting: bool,
}

impl Turn<'_> {
    fn recv(&self) -> Result<FromRuby, VmError> {
        let rx = self.vm.rx.lock().map_err(|_| VmError::Gone)?;
        rx.recv().map_err(|_| VmError::Gone)
    }

    fn converse(&mut self, req: Request, budget: Budget, host: &mut dyn Host) -> Outcome {
        send(self.vm, ToRuby::Run(req, budget))?;
        loop {
            match self.recv()? {
                FromRuby::Done(r) => return Ok(r),
                FromRuby::Callback(cb) => {
                    self.waiting = true;
                    let reply = host.callback(cb);
                    self.waiting = false;
                    send(self.vm, ToRuby::Reply(reply))?;
                }
            }
        }
    }
}

impl Drop for Turn<'_> {
    fn drop(&mut self) {
        if self.waiting {
            let stop = || {
                ToRuby::Reply(Err(Raise {
                    kept: None,
                    message: "the compile stopped".into(),
                }))
            };
            if send(self.vm, stop()).is_ok() {
                while let Ok(FromRuby::Callback(_)) = self.recv() {
                    if send(self.vm, stop()).is_err() {
                        break;
                    }
                }
            }
        }
        DEPTH.set(DEPTH.get() - 1);
        if self.outer {
            if let Ok(mut owner) = self.vm.owner.lock() {
                *owner = None;
            }
            self.vm.free.notify_one();
        }
    }
}

fn send(vm: &Vm, msg: ToRuby) -> Result<(), VmError> {
    vm.tx
        .lock()
        .map_err(|_| VmError::Gone)?
        .send(msg)
        .map_err(|_| VmError::Gone)
}
