//! The playground's limits, in one place: docs/playground.md lists them
//! for teachers, and the tests hit each one.

use std::time::Duration;
use wend_ir::interp::Limits;

/// The largest request body; larger ones get 413.
pub const MAX_REQUEST_BYTES: usize = 256 * 1024;
/// The largest program (bytes of source); larger ones get 413.
pub const MAX_SOURCE_BYTES: usize = 128 * 1024;
/// The wall-clock time a worker gets for a compile or a run, after which
/// it is killed.
pub const COMPILE_TIME: Duration = Duration::from_secs(10);
/// The address space a worker may add to what it has at its start.
pub const WORKER_MEMORY: u64 = 1 << 30;
/// The largest reply a worker may send (the CFG drawing of a large
/// function is the biggest part).
pub const MAX_REPLY_BYTES: usize = 32 << 20;
/// How long a client that got 503 is asked to wait (`Retry-After`).
pub const RETRY_AFTER_SECONDS: u64 = 1;

/// A program's run in the interpreter.
pub const INTERPRETER: Limits = Limits {
    steps: Some(10_000_000),
    time: Some(RUN_TIME),
    output_bytes: Some(64 * 1024),
    call_depth: Some(10_000),
};
/// The wall-clock time of a run, interpreted or native.
pub const RUN_TIME: Duration = Duration::from_secs(2);
/// The address space of a native program.
pub const NATIVE_MEMORY: u64 = 256 << 20;
