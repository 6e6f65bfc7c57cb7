//! `wendc playground`: a local Compiler Explorer for wend. It serves one
//! page (an editor and the IR after any pass, the CFG, the analysis
//! tables, the assembly and the program's output, all following the
//! editor) to a browser, from an HTTP server a teacher can also open to a
//! class. docs/playground.md is the user's guide; ARCHITECTURE.md says why
//! axum and why a process per compile.
//!
//! - `server.rs`: the routes, the admission of requests, the workers'
//!   processes and their time limit;
//! - `worker.rs`: one compile or run, in a process of its own;
//! - `protocol.rs`: the JSON of requests and replies;
//! - `limits.rs`: every limit, in one place;
//! - `page.rs` with `page.html`, `page.js`, `page.css`: the page, built
//!   into the binary; the views are the explain report's fragments.

mod limits;
mod page;
mod protocol;
mod server;
mod worker;

use std::io::Write;
use std::net::IpAddr;

/// `wendc playground` could not listen on its address (the port is in
/// use, or not ours to take): sysexits.h's `EX_UNAVAILABLE`.
pub const CANNOT_LISTEN: u8 = 69;

#[derive(clap::Args, Debug)]
pub struct PlaygroundArgs {
    /// The port to listen on (0: any free port; the address is printed)
    #[arg(long, default_value_t = 8040)]
    pub port: u16,
    /// The address to listen on. Beyond loopback (e.g. 0.0.0.0 for a
    /// classroom), anyone who can reach this machine can use the page
    #[arg(long, default_value = "127.0.0.1")]
    pub host: IpAddr,
    /// Open the page in the web browser
    #[arg(long)]
    pub open: bool,
    /// Let the page also run programs natively (built by the native
    /// backend, run under CPU, memory and time limits); without it, programs
    /// run only in the interpreter
    #[arg(long)]
    pub allow_native: bool,
    /// Compilations at once; requests beyond get 503 and try again (default:
    /// the number of cores)
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u16).range(1..=1024))]
    pub max_compiles: Option<u16>,
    /// Internal: one compile or run, request on stdin, reply on stdout
    #[arg(long, hide = true)]
    pub worker: bool,
}

pub fn run(args: &PlaygroundArgs) -> u8 {
    if args.worker {
        return worker::main(args.allow_native);
    }
    let exe = match std::env::current_exe() {
        Ok(exe) => exe,
        Err(e) => {
            eprintln!("error: cannot find wendc's own executable to start workers: {e}");
            return 1;
        }
    };
    let listener = match std::net::TcpListener::bind((args.host, args.port)) {
        Ok(listener) => listener,
        Err(e) => {
            let why = match e.kind() {
                std::io::ErrorKind::AddrInUse => {
                    "the port is in use (by another playground?): choose another with `--port N`, \
                     or `--port 0` for any free one"
                        .to_string()
                }
                std::io::ErrorKind::PermissionDenied => {
                    "permission denied (ports below 1024 need privileges): choose another with `--port N`"
                        .to_string()
                }
                std::io::ErrorKind::AddrNotAvailable => {
                    "no network interface of this machine has that address".to_string()
                }
                _ => e.to_string(),
            };
            eprintln!(
                "error: cannot listen on {}: {why}",
                SocketText(args.host, args.port)
            );
            return CANNOT_LISTEN;
        }
    };
    let address = match listener.local_addr() {
        Ok(address) => address,
        Err(e) => {
            eprintln!("error: cannot read the address listened on: {e}");
            return CANNOT_LISTEN;
        }
    };
    if !args.host.is_loopback() {
        eprintln!(
            "warning: listening on {}: anyone who can reach this machine on port {} can use the playground \
             (it runs programs with limits and reads no files; see docs/playground.md)",
            args.host,
            address.port()
        );
    }
    let url = format!("http://{}/", SocketText(address.ip(), address.port()));
    let local = if args.host.is_unspecified() {
        format!(" (on this machine: http://127.0.0.1:{}/)", address.port())
    } else {
        String::new()
    };
    println!("wendc playground: listening on {url}{local}; Ctrl-C stops it");
    let _ = std::io::stdout().flush();
    if args.open {
        open_browser(&url);
    }
    let config = server::Config {
        exe,
        allow_native: args.allow_native,
        max_compiles: args.max_compiles.map_or_else(
            || std::thread::available_parallelism().map_or(2, |n| n.get()),
            usize::from,
        ),
    };
    let runtime = match tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
    {
        Ok(runtime) => runtime,
        Err(e) => {
            eprintln!("error: cannot start the server's runtime: {e}");
            return 1;
        }
    };
    match runtime.block_on(server::serve(listener, config)) {
        Ok(()) => 0,
        Err(e) => {
            eprintln!("error: the server stopped: {e}");
            1
        }
    }
}

/// `host:port`, with an IPv6 host in brackets as URLs write it.
struct SocketText(IpAddr, u16);

impl std::fmt::Display for SocketText {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.0 {
            IpAddr::V4(ip) => write!(f, "{ip}:{}", self.1),
            IpAddr::V6(ip) => write!(f, "[{ip}]:{}", self.1),
        }
    }
}

/// Opens `url` with `$BROWSER` or `xdg-open`; says so if neither works.
/// The opener is waited for on a thread of its own, so that it is reaped.
fn open_browser(url: &str) {
    let opener = std::env::var("BROWSER").unwrap_or_else(|_| "xdg-open".to_string());
    let spawned = std::process::Command::new(&opener)
        .arg(url)
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn();
    match spawned {
        Ok(mut child) => {
            std::thread::spawn(move || child.wait());
        }
        Err(e) => {
            eprintln!("note: cannot start `{opener}` to open the page ({e}): open {url} yourself")
        }
    }
}
