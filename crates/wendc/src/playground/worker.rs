//! The worker: one process per compile or run, started by the server as
//! `wendc playground --worker`, with the request as JSON on stdin and the
//! reply as JSON on stdout. A process, not a thread, so that the server can
//! bound its time (it kills the process) and its memory (an rlimit here),
//! whatever the program makes the compiler do, and a crash in it costs one
//! request, not the server.
//!
//! The worker only reads its stdin and writes its stdout: no request names
//! a file. A native run builds the executable in a temporary directory of
//! its own and runs it with operating-system limits ([`run_native`]).

use super::limits;
use super::protocol::{
    CompileReply, CompileRequest, Diagnostic, Pipeline, RunReply, RunRequest, StageInfo,
    WorkerRequest,
};
use codespan_reporting::diagnostic::{LabelStyle, Severity};
use std::io::{Read, Write};
use std::os::unix::process::CommandExt;
use std::process::{Command, Stdio};
use std::time::Instant;
use wend_explain::report;
use wend_ir::interp::{Ending, LimitHit, Program};
use wend_ir::Module;

/// The name programs are given in diagnostics and assembly.
const SOURCE_NAME: &str = "playground.wend";

/// Runs one request from stdin; the status is 0 when a reply was written.
pub fn main(allow_native: bool) -> u8 {
    limit_own_memory();
    // Only the server writes here, a request it has already bounded (and
    // re-serialised with its defaults written out, so a little longer than
    // what the client sent).
    let mut input = Vec::new();
    if std::io::stdin().read_to_end(&mut input).is_err() {
        return 1;
    }
    let reply = match serde_json::from_slice::<WorkerRequest>(&input) {
        Ok(WorkerRequest::Compile(request)) => serde_json::to_vec(&compile(&request)),
        Ok(WorkerRequest::Run(request)) => serde_json::to_vec(&run(&request, allow_native)),
        Err(e) => {
            eprintln!("error: a malformed worker request: {e}");
            return 1;
        }
    };
    let reply = reply.expect("the replies serialise");
    let mut out = std::io::stdout().lock();
    if out.write_all(&reply).and_then(|()| out.flush()).is_err() {
        return 1;
    }
    0
}

/// Caps the worker's address space at what it has now (the compiler's
/// large stack is reserved already) plus [`limits::WORKER_MEMORY`]: an
/// allocation beyond it fails and the worker aborts, which the server
/// reports. Also no core files, and CPU time past the server's wall-clock
/// limit ends it even if the server could not.
fn limit_own_memory() {
    let reserved = std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|status| {
            let line = status.lines().find(|l| l.starts_with("VmSize:"))?;
            let kib: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
            Some(kib * 1024)
        })
        .unwrap_or(0);
    set_limit(libc::RLIMIT_AS, reserved + limits::WORKER_MEMORY);
    set_limit(libc::RLIMIT_CORE, 0);
    set_limit(libc::RLIMIT_CPU, 2 * limits::COMPILE_TIME.as_secs().max(1));
}

fn set_limit(resource: libc::__rlimit_resource_t, value: u64) {
    let limit = libc::rlimit {
        rlim_cur: value,
        rlim_max: value,
    };
    // SAFETY: setrlimit reads the struct; a failure leaves the limit as it was.
    unsafe { libc::setrlimit(resource, &limit) };
}

/// The `-O` level `wendc build` would compile a pipeline's program at: the
/// pipeline's own (2 by default), or 0 for a list of passes. The native
/// code, shown or run, is that level's (`wend_x86::Options::at_level`).
fn opt_level(pipeline: &Pipeline) -> u8 {
    match pipeline.passes {
        Some(_) => 0,
        None => pipeline.level.unwrap_or(2),
    }
}

/// The passes of a pipeline the server has already checked.
pub fn passes(pipeline: &Pipeline) -> Result<Vec<&'static wend_opt::Pass>, String> {
    match &pipeline.passes {
        Some(list) => wend_opt::parse_pipeline(list),
        None => match opt_level(pipeline) {
            level @ 0..=2 => Ok(wend_opt::pipeline_for_level(level)),
            level => Err(format!("there is no -O{level}: the levels are 0, 1 and 2")),
        },
    }
}

/// Checks and lowers `source`: the module, or `None` after errors; the
/// diagnostics either way.
fn lower(source: &str) -> (Option<Module>, Vec<Diagnostic>) {
    let (checked, diags) = wend_frontend::check(source);
    let diagnostics = diags.iter().map(|d| diagnostic(source, d)).collect();
    (checked.map(wend_frontend::lower), diagnostics)
}

/// A diagnostic located by line and column, the column counted in UTF-16
/// units, as the browser counts a line's characters.
fn diagnostic(source: &str, diag: &wend_frontend::Diag) -> Diagnostic {
    let primary = diag
        .labels
        .iter()
        .find(|l| l.style == LabelStyle::Primary)
        .or(diag.labels.first());
    let (range, label) = primary.map_or((0..0, String::new()), |l| {
        (l.range.clone(), l.message.clone())
    });
    let (line, column) = position(source, range.start);
    let (end_line, end_column) = position(source, range.end);
    Diagnostic {
        severity: match diag.severity {
            Severity::Bug | Severity::Error => "error",
            Severity::Warning => "warning",
            Severity::Note => "note",
            Severity::Help => "help",
        }
        .to_string(),
        message: diag.message.clone(),
        line,
        column,
        end_line,
        end_column,
        label,
        notes: diag.notes.clone(),
        rendered: wend_frontend::diag::render_diagnostics(
            SOURCE_NAME,
            source,
            std::slice::from_ref(diag),
            false,
        ),
    }
}

/// The 1-based line and UTF-16 column of byte `offset`.
fn position(source: &str, offset: usize) -> (usize, usize) {
    let mut offset = offset.min(source.len());
    while !source.is_char_boundary(offset) {
        offset -= 1;
    }
    let before = &source[..offset];
    let line_start = before.rfind('\n').map_or(0, |i| i + 1);
    let line = before.matches('\n').count() + 1;
    (line, before[line_start..].encode_utf16().count() + 1)
}

fn compile(request: &CompileRequest) -> CompileReply {
    let passes = match passes(&request.pipeline) {
        Ok(passes) => passes,
        Err(e) => unreachable!("the server checks pipelines: {e}"),
    };
    let (module, diagnostics) = lower(&request.source);
    let Some(module) = module else {
        return CompileReply {
            diagnostics,
            ..CompileReply::default()
        };
    };
    let stages = wend_explain::run_stages(&module, &passes);
    let texts: Vec<String> = stages
        .iter()
        .map(|s| wend_ir::print::print_module(&s.module))
        .collect();
    let infos = stages
        .iter()
        .enumerate()
        .map(|(k, s)| StageInfo {
            name: s.name.clone(),
            description: s.description.clone(),
            changed: k == 0 || texts[k] != texts[k - 1],
        })
        .collect();
    let functions: Vec<String> = module.definitions().map(|(_, f)| f.name.clone()).collect();
    let function = request
        .function
        .clone()
        .filter(|f| functions.contains(f))
        .unwrap_or_else(|| "main".to_string());
    let last = stages.len() - 1;
    let k = request.stage.unwrap_or(last).min(last);
    let find = |module: &Module| {
        module
            .find_function(&function)
            .filter(|&id| !module.functions[id].is_declaration())
    };

    let mut reply = CompileReply {
        ok: true,
        diagnostics,
        stages: infos,
        functions,
        function: function.clone(),
        stage: k,
        ..CompileReply::default()
    };
    let stage = &stages[k];
    match find(&stage.module) {
        Some(id) => {
            let func = &stage.module.functions[id];
            let printed = report::PrintedFunction::of(&stage.module, id);
            let before = k.checked_sub(1).and_then(|j| {
                let id = find(&stages[j].module)?;
                Some((
                    &stages[j],
                    report::PrintedFunction::of(&stages[j].module, id),
                ))
            });
            reply.ir_html =
                report::ir_stage_html(stage, func, &printed, before.as_ref().map(|(s, p)| (*s, p)));
            let drawing =
                wend_explain::cfg_svg::draw(&stage.module, id, wend_explain::LayoutEngine::Auto);
            reply.cfg_html = format!(
                "{}\n<p class=\"stage-head\">{} <strong>{}</strong></p>\n<div class=\"cfg-wrap\">{}</div>",
                report::CFG_LEGEND,
                if k == 0 { "the IR of" } else { "after" },
                wend_explain::html::escape(&stage.name),
                drawing.svg
            );
            let promoted = report::promote(&stage.module);
            reply.analyses_html = report::analyses_html(func, &promoted.functions[id], &stage.name);
        }
        None => {
            let gone = format!(
                "<p class=\"note\">After <strong>{}</strong> the function <code>{}</code> no longer exists \
                 (inlined into its callers, or no longer called).</p>",
                wend_explain::html::escape(&stage.name),
                wend_explain::html::escape(&function)
            );
            reply.ir_html = gone.clone();
            reply.cfg_html = gone.clone();
            reply.analyses_html = gone;
        }
    }
    let last_module = &stages[last].module;
    reply.asm_html = match find(last_module) {
        Some(id) => report::assembly_html(
            last_module,
            &last_module.functions[id],
            &wend_explain::html::id_fragment(&function),
            &wend_explain::source::highlighted_lines(&request.source),
            SOURCE_NAME,
            opt_level(&request.pipeline),
        ),
        None => {
            "<p class=\"note\">None: the pipeline deleted this function before code generation.</p>"
                .to_string()
        }
    };
    reply
}

fn run(request: &RunRequest, allow_native: bool) -> RunReply {
    let passes = match passes(&request.pipeline) {
        Ok(passes) => passes,
        Err(e) => unreachable!("the server checks pipelines: {e}"),
    };
    let (module, diagnostics) = lower(&request.source);
    let Some(mut module) = module else {
        return RunReply {
            diagnostics,
            ..RunReply::default()
        };
    };
    let mut options = wend_opt::PipelineOptions {
        verify_each: false,
        print_after_each: None,
    };
    wend_opt::run_pipeline(&mut module, &passes, &mut options);
    let mut reply = if request.native && allow_native {
        run_native(module, opt_level(&request.pipeline))
    } else {
        run_interpreted(&module)
    };
    reply.ok = true;
    reply.diagnostics = diagnostics;
    reply
}

fn run_interpreted(module: &Module) -> RunReply {
    let (mut stdout, mut stderr) = (Vec::new(), Vec::new());
    let mut reply = RunReply {
        engine: "interpreter".to_string(),
        ..RunReply::default()
    };
    let ended = Program::decode(module)
        .and_then(|program| program.run_limited(&mut stdout, &mut stderr, &limits::INTERPRETER));
    match ended {
        Ok(Ending::Exited(status)) => reply.status = Some(status),
        Ok(Ending::Stopped(hit)) => reply.stopped = Some(hit.to_string()),
        Err(e) => {
            // A compiler bug: said as such, not as the program's fault.
            let _ = writeln!(stderr, "internal compiler error: {e}");
            reply.stopped = Some("stopped by an internal compiler error".to_string());
        }
    }
    reply.stdout = String::from_utf8_lossy(&stdout).into_owned();
    reply.stderr = String::from_utf8_lossy(&stderr).into_owned();
    reply
}

/// Builds the native executable (as `wendc build -O<opt_level>` does) and
/// runs it under the operating system's
/// limits: CPU time, address space, no files, no core; its own process
/// group, killed as a whole at the wall-clock limit or past the output
/// cap, and killed if this worker dies; always reaped.
fn run_native(module: Module, opt_level: u8) -> RunReply {
    let mut reply = RunReply {
        engine: "native".to_string(),
        ..RunReply::default()
    };
    let fail = |mut reply: RunReply, why: String| {
        reply.stopped = Some(why);
        reply
    };
    let dir = match crate::interrupt::temp_dir(None) {
        Ok(dir) => dir,
        Err(e) => return fail(reply, format!("cannot make a temporary directory: {e}")),
    };
    let exe = dir.path().join("program");
    let opts = wend_x86::Options {
        source_file: Some(SOURCE_NAME.to_string()),
        ..wend_x86::Options::at_level(opt_level)
    };
    let built = crate::toolchain::native_executable(
        |w| {
            let mut w = std::io::BufWriter::new(w);
            wend_x86::write_module(module, &opts, &mut w)?;
            w.flush()
        },
        &exe,
    );
    if built.is_err() {
        return fail(reply, "could not assemble and link the program".to_string());
    }
    let parent = std::process::id() as libc::pid_t;
    let mut command = Command::new(&exe);
    command
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .env_clear()
        .current_dir(dir.path())
        .process_group(0);
    let cpu = limits::RUN_TIME.as_secs() + 1;
    // SAFETY: only async-signal-safe calls between fork and exec:
    // sigprocmask, prctl, getppid, setrlimit, _exit.
    unsafe {
        command.pre_exec(move || {
            let mut set: libc::sigset_t = std::mem::zeroed();
            libc::sigemptyset(&mut set);
            for signal in [libc::SIGINT, libc::SIGTERM, libc::SIGHUP] {
                libc::sigaddset(&mut set, signal);
            }
            libc::sigprocmask(libc::SIG_UNBLOCK, &set, std::ptr::null_mut());
            libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL);
            if libc::getppid() != parent {
                libc::_exit(1);
            }
            for (resource, value) in [
                (libc::RLIMIT_CPU, cpu),
                (libc::RLIMIT_AS, limits::NATIVE_MEMORY),
                (libc::RLIMIT_FSIZE, 0),
                (libc::RLIMIT_CORE, 0),
                (libc::RLIMIT_NOFILE, 8),
            ] {
                let limit = libc::rlimit {
                    rlim_cur: value,
                    rlim_max: value,
                };
                libc::setrlimit(resource, &limit);
            }
            Ok(())
        });
    }
    let mut child = match command.spawn() {
        Ok(child) => child,
        Err(e) => return fail(reply, format!("cannot start the program: {e}")),
    };
    let pid = child.id() as libc::pid_t;
    let cap = limits::INTERPRETER.output_bytes.expect("an output cap");
    let over = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
    let stdout = read_capped(child.stdout.take(), cap, over.clone());
    let stderr = read_capped(child.stderr.take(), cap, over.clone());
    let started = Instant::now();
    // Before the program is reaped its group is surely its own. (A wend
    // program starts no process, so nothing outlives it in the group.)
    let kill = || {
        // SAFETY: kill only sends a signal, to a group we made.
        unsafe { libc::kill(-pid, libc::SIGKILL) };
    };
    let status = loop {
        match child.try_wait() {
            Ok(Some(status)) => break Some(status),
            Ok(None) => {}
            Err(_) => break None,
        }
        if over.load(std::sync::atomic::Ordering::SeqCst) {
            kill();
            reply.stopped = Some(LimitHit::OutputBytes(cap).to_string());
            break child.wait().ok();
        }
        if started.elapsed() >= limits::RUN_TIME {
            kill();
            reply.stopped = Some(LimitHit::Time(limits::RUN_TIME).to_string());
            break child.wait().ok();
        }
        std::thread::sleep(std::time::Duration::from_millis(5));
    };
    reply.stdout = String::from_utf8_lossy(&stdout.join().unwrap_or_default()).into_owned();
    reply.stderr = String::from_utf8_lossy(&stderr.join().unwrap_or_default()).into_owned();
    if over.load(std::sync::atomic::Ordering::SeqCst) {
        // The program may have died of the closed pipe before the loop
        // above saw the flag: the cap stopped it all the same.
        reply.stopped = Some(LimitHit::OutputBytes(cap).to_string());
    }
    if reply.stopped.is_none() {
        use std::os::unix::process::ExitStatusExt;
        match status {
            Some(s) if s.code().is_some() => reply.status = s.code(),
            Some(s) => {
                let signal = s.signal().unwrap_or(0);
                reply.stopped = Some(match signal {
                    libc::SIGXCPU => format!("stopped after {cpu} s of CPU time (the CPU limit)"),
                    _ => format!("killed by signal {signal}"),
                });
            }
            None => reply.stopped = Some("lost track of the program".to_string()),
        }
    }
    reply
}

/// Reads `pipe` on a thread of its own, up to `cap` bytes; past them it
/// sets `over` (the program is then killed) and keeps the first `cap`.
fn read_capped(
    pipe: Option<impl Read + Send + 'static>,
    cap: u64,
    over: std::sync::Arc<std::sync::atomic::AtomicBool>,
) -> std::thread::JoinHandle<Vec<u8>> {
    std::thread::spawn(move || {
        let mut bytes = Vec::new();
        if let Some(pipe) = pipe {
            let _ = pipe.take(cap + 1).read_to_end(&mut bytes);
        }
        if bytes.len() as u64 > cap {
            bytes.truncate(cap as usize);
            over.store(true, std::sync::atomic::Ordering::SeqCst);
        }
        bytes
    })
}
