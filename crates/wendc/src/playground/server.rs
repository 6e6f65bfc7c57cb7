//! The HTTP side: axum on a small tokio runtime. It serves the page and two
//! JSON endpoints, checks every request before any work (size, pipeline),
//! admits at most `max_compiles` requests to workers at once (others get
//! 503 with `Retry-After`: no queue grows), and runs each admitted request
//! in a worker process ([`super::worker`]) that it kills at the time limit.
//! No route reads or writes a file; a native run's worker gets a temporary
//! directory, removed after it.

use super::limits;
use super::protocol::{CompileRequest, Pipeline, RunRequest, WorkerRequest};
use axum::extract::rejection::JsonRejection;
use axum::extract::{DefaultBodyLimit, State};
use axum::http::{header, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use std::path::PathBuf;
use std::process::Stdio;
use std::sync::Arc;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::sync::Semaphore;

/// How the server was started.
#[derive(Clone, Debug)]
pub struct Config {
    /// This executable, which workers run as `wendc playground --worker`.
    pub exe: PathBuf,
    pub allow_native: bool,
    pub max_compiles: usize,
}

struct App {
    config: Config,
    /// One permit per worker that may run now.
    slots: Arc<Semaphore>,
    page: String,
}

/// The routes, over `config`.
pub fn router(config: Config) -> Router {
    let app = App {
        page: super::page::html(&config),
        slots: Arc::new(Semaphore::new(config.max_compiles)),
        config,
    };
    Router::new()
        .route("/", get(page))
        .route("/api/compile", post(compile))
        .route("/api/run", post(run))
        .fallback(not_found)
        .layer(DefaultBodyLimit::max(limits::MAX_REQUEST_BYTES))
        .with_state(Arc::new(app))
}

/// Serves until the process ends (Ctrl-C: see `crate::interrupt`).
pub async fn serve(listener: std::net::TcpListener, config: Config) -> std::io::Result<()> {
    listener.set_nonblocking(true)?;
    let listener = tokio::net::TcpListener::from_std(listener)?;
    axum::serve(listener, router(config)).await
}

/// An error as the page shows it: `{"error": "..."}` with a status.
fn error(status: StatusCode, message: impl Into<String>) -> Response {
    let body = serde_json::json!({ "error": message.into() });
    (status, Json(body)).into_response()
}

async fn page(State(app): State<Arc<App>>) -> Response {
    let mut response = app.page.clone().into_response();
    let headers = response.headers_mut();
    let set = [
        (header::CONTENT_TYPE, "text/html; charset=utf-8"),
        (header::CACHE_CONTROL, "no-store"),
        (header::X_CONTENT_TYPE_OPTIONS, "nosniff"),
        // The page is all inline; it talks to this server only.
        (
            header::CONTENT_SECURITY_POLICY,
            "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; \
             connect-src 'self'; img-src data:; base-uri 'none'; form-action 'none'",
        ),
    ];
    for (name, value) in set {
        headers.insert(name, HeaderValue::from_static(value));
    }
    response
}

async fn not_found() -> Response {
    error(
        StatusCode::NOT_FOUND,
        "no such page: the playground is at /",
    )
}

/// A malformed body: axum's status (400, 413, 415, 422) and reason.
fn rejected(rejection: JsonRejection) -> Response {
    error(rejection.status(), rejection.body_text())
}

/// What every request must satisfy before it costs a worker.
fn check(source: &str, pipeline: &Pipeline) -> Result<(), Response> {
    if source.len() > limits::MAX_SOURCE_BYTES {
        return Err(error(
            StatusCode::PAYLOAD_TOO_LARGE,
            format!(
                "the program is {} bytes; the playground takes at most {}",
                source.len(),
                limits::MAX_SOURCE_BYTES
            ),
        ));
    }
    if let Err(e) = super::worker::passes(pipeline) {
        return Err(error(StatusCode::BAD_REQUEST, e));
    }
    Ok(())
}

async fn compile(
    State(app): State<Arc<App>>,
    request: Result<Json<CompileRequest>, JsonRejection>,
) -> Response {
    let Json(request) = match request {
        Ok(request) => request,
        Err(rejection) => return rejected(rejection),
    };
    if let Err(response) = check(&request.source, &request.pipeline) {
        return response;
    }
    app.work(WorkerRequest::Compile(request)).await
}

async fn run(
    State(app): State<Arc<App>>,
    request: Result<Json<RunRequest>, JsonRejection>,
) -> Response {
    let Json(request) = match request {
        Ok(request) => request,
        Err(rejection) => return rejected(rejection),
    };
    if let Err(response) = check(&request.source, &request.pipeline) {
        return response;
    }
    if request.native && !app.config.allow_native {
        return error(
            StatusCode::FORBIDDEN,
            "native runs are off: the teacher can allow them with `wendc playground --allow-native`",
        );
    }
    app.work(WorkerRequest::Run(request)).await
}

/// Kills a worker's process group when dropped: at the time limit, and when
/// the client goes away mid-request (axum then drops the handler).
struct GroupKill {
    pid: Option<libc::pid_t>,
}

impl GroupKill {
    fn kill(&mut self) {
        if let Some(pid) = self.pid.take() {
            // SAFETY: kill only sends a signal; the group is the worker's
            // own (process_group(0)) and the worker is not reaped yet.
            unsafe { libc::kill(-pid, libc::SIGKILL) };
        }
    }
}

impl Drop for GroupKill {
    fn drop(&mut self) {
        self.kill();
    }
}

impl App {
    /// Runs `request` in a worker if a slot is free, else 503.
    async fn work(&self, request: WorkerRequest) -> Response {
        let Ok(permit) = self.slots.clone().try_acquire_owned() else {
            let mut response = error(
                StatusCode::SERVICE_UNAVAILABLE,
                format!(
                    "the playground is busy ({} compilations at once): trying again shortly",
                    self.config.max_compiles
                ),
            );
            response.headers_mut().insert(
                header::RETRY_AFTER,
                HeaderValue::from(limits::RETRY_AFTER_SECONDS),
            );
            return response;
        };
        let input = serde_json::to_vec(&request).expect("requests serialise");
        // The worker is run by a task of its own, which kills and reaps it
        // whatever happens to this handler: axum drops the handler when
        // the client goes away, and that drops `_client_here`.
        let (_client_here, client_gone) = tokio::sync::oneshot::channel::<()>();
        // The slot is the task's until the worker is reaped.
        let config = self.config.clone();
        let task = tokio::spawn(async move {
            let outcome = run_worker(config, input, client_gone).await;
            drop(permit);
            outcome
        });
        let outcome = task.await;
        match outcome {
            Ok(outcome) => outcome.into_response(),
            Err(e) => error(
                StatusCode::INTERNAL_SERVER_ERROR,
                format!("internal compiler error: the worker's task failed: {e}"),
            ),
        }
    }
}

/// How a worker's request ended.
enum Outcome {
    /// The worker's reply, JSON.
    Reply(Vec<u8>),
    /// It could not finish within its limits (the program's doing).
    Failure(String),
    /// It failed: a compiler bug, or the machine.
    Error(String),
}

impl IntoResponse for Outcome {
    fn into_response(self) -> Response {
        match self {
            Outcome::Reply(reply) => {
                ([(header::CONTENT_TYPE, "application/json")], reply).into_response()
            }
            Outcome::Failure(message) => failure(message),
            Outcome::Error(message) => error(StatusCode::INTERNAL_SERVER_ERROR, message),
        }
    }
}

/// Starts a worker on `input` and waits for its reply, at most
/// [`limits::COMPILE_TIME`] and only while the client is there; then its
/// process group is killed and the worker reaped.
async fn run_worker(
    config: Config,
    input: Vec<u8>,
    client_gone: tokio::sync::oneshot::Receiver<()>,
) -> Outcome {
    let mut command = tokio::process::Command::new(&config.exe);
    command.args(["playground", "--worker"]);
    // A native run builds its executable in a temporary directory, which
    // the worker cannot remove when it is killed (SIGKILL): it makes it in
    // this one, removed once the worker is reaped.
    let mut scratch = None;
    if config.allow_native {
        command.arg("--allow-native");
        match tempfile::Builder::new().prefix(".wendc-worker-").tempdir() {
            Ok(dir) => {
                command.env("TMPDIR", dir.path());
                scratch = Some(dir);
            }
            Err(e) => return Outcome::Error(format!("cannot make a temporary directory: {e}")),
        }
    }
    command
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .kill_on_drop(true)
        .process_group(0);
    // SAFETY: only an async-signal-safe call between fork and exec.
    unsafe {
        command.pre_exec(|| {
            // The worker dies with the server (its spawning thread is a
            // runtime thread, which lives as long as the server).
            libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL);
            Ok(())
        });
    }
    let mut child = match command.spawn() {
        Ok(child) => child,
        Err(e) => return Outcome::Error(format!("cannot start a worker: {e}")),
    };
    let mut group = GroupKill {
        pid: child.id().map(|id| id as libc::pid_t),
    };
    let (mut stdin, stdout, stderr) = (
        child.stdin.take().expect("piped"),
        child.stdout.take().expect("piped"),
        child.stderr.take().expect("piped"),
    );
    let exchange = async {
        let write = async {
            let _ = stdin.write_all(&input).await;
            drop(stdin);
        };
        let mut reply = Vec::new();
        let mut errors = Vec::new();
        let mut stdout = stdout.take(limits::MAX_REPLY_BYTES as u64 + 1);
        let mut stderr = stderr.take(64 * 1024);
        let read = stdout.read_to_end(&mut reply);
        let read_errors = stderr.read_to_end(&mut errors);
        let _ = tokio::join!(write, read, read_errors);
        let status = child.wait().await;
        Some((reply, errors, status))
    };
    let outcome = tokio::select! {
        done = tokio::time::timeout(limits::COMPILE_TIME, exchange) => done,
        _ = client_gone => Ok(None),
    };
    // Whatever remains of the worker's group goes, then it is reaped.
    group.kill();
    let _ = child.wait().await;
    drop(scratch);
    let (reply, errors, status) = match outcome {
        Ok(Some(done)) => done,
        Ok(None) => return Outcome::Failure("the client went away".to_string()),
        Err(_) => {
            return Outcome::Failure(format!(
                "stopped after {} s (the playground's time limit for one compilation)",
                limits::COMPILE_TIME.as_secs()
            ))
        }
    };
    let errors = String::from_utf8_lossy(&errors);
    match status {
        Ok(status) if status.success() && reply.len() <= limits::MAX_REPLY_BYTES => {
            Outcome::Reply(reply)
        }
        Ok(_) if reply.len() > limits::MAX_REPLY_BYTES => Outcome::Failure(format!(
            "the views of this program are larger than {} MiB",
            limits::MAX_REPLY_BYTES >> 20
        )),
        _ if errors.contains("memory allocation of") => Outcome::Failure(format!(
            "the compiler ran out of memory (the playground gives it {} MiB)",
            limits::WORKER_MEMORY >> 20
        )),
        _ => Outcome::Error(format!("internal compiler error: {}", errors.trim())),
    }
}

/// A request the compiler could not finish within its limits: the
/// program's doing, not the request's, so 200 with the reason.
fn failure(message: String) -> Response {
    Json(serde_json::json!({ "ok": false, "diagnostics": [], "failure": message })).into_response()
}

#[cfg(test)]
mod tests {
    //! What the server does with a worker that misbehaves, on stand-in
    //! workers (shell scripts): the real worker is tested through HTTP in
    //! tests/playground.rs, but cannot be made to hang or crash on purpose.

    use super::*;
    use std::os::unix::fs::PermissionsExt;
    use std::time::{Duration, Instant};

    /// A stand-in worker running `body`, and the directory it lives in.
    fn worker(body: &str) -> (tempfile::TempDir, Config) {
        let dir = tempfile::tempdir().unwrap();
        let exe = dir.path().join("worker");
        std::fs::write(&exe, format!("#!/bin/sh\n{body}\n")).unwrap();
        std::fs::set_permissions(&exe, std::fs::Permissions::from_mode(0o755)).unwrap();
        let config = Config {
            exe,
            allow_native: false,
            max_compiles: 1,
        };
        (dir, config)
    }

    async fn outcome(config: Config) -> Outcome {
        let (_client_here, client_gone) = tokio::sync::oneshot::channel::<()>();
        run_worker(config, b"{}".to_vec(), client_gone).await
    }

    /// Whether process `pid` is gone (reaped, by us or by init).
    fn gone(pid: &str) -> bool {
        let start = Instant::now();
        while start.elapsed() < Duration::from_secs(5) {
            match std::fs::read_to_string(format!("/proc/{pid}/stat")) {
                Err(_) => return true,
                Ok(stat) if stat.contains(") Z ") => {}
                Ok(_) => {}
            }
            std::thread::sleep(Duration::from_millis(50));
        }
        false
    }

    #[tokio::test]
    async fn a_worker_past_the_time_limit_is_killed_with_its_group() {
        // The worker starts a process of its own, then hangs.
        let (dir, config) = worker("sleep 600 &\necho $! > \"$(dirname \"$0\")/pid\"\nwait");
        let started = Instant::now();
        let outcome = outcome(config).await;
        let took = started.elapsed();
        match outcome {
            Outcome::Failure(message) => assert_eq!(
                message,
                "stopped after 10 s (the playground's time limit for one compilation)"
            ),
            _ => panic!("not stopped"),
        }
        assert!(
            took >= limits::COMPILE_TIME && took < limits::COMPILE_TIME * 2,
            "{took:?}"
        );
        let pid = std::fs::read_to_string(dir.path().join("pid")).unwrap();
        assert!(gone(pid.trim()), "the worker's own process survived");
    }

    #[tokio::test]
    async fn a_worker_out_of_memory_is_said_so() {
        let (_dir, config) =
            worker("echo 'memory allocation of 1073741824 bytes failed' >&2\nkill -ABRT $$");
        match outcome(config).await {
            Outcome::Failure(message) => assert_eq!(
                message,
                "the compiler ran out of memory (the playground gives it 1024 MiB)"
            ),
            _ => panic!("not reported as out of memory"),
        }
    }

    #[tokio::test]
    async fn a_failing_worker_is_an_internal_error() {
        let (_dir, config) = worker("cat > /dev/null\necho 'thread panicked' >&2\nexit 101");
        match outcome(config).await {
            Outcome::Error(message) => {
                assert_eq!(message, "internal compiler error: thread panicked")
            }
            _ => panic!("not an internal error"),
        }
        let (_dir, config) = worker("cat > /dev/null\nprintf '{\"ok\":true}'");
        match outcome(config).await {
            Outcome::Reply(reply) => assert_eq!(reply, b"{\"ok\":true}"),
            _ => panic!("the reply was lost"),
        }
    }
}
