//! `wendc playground` over HTTP, through the real binary: the page, the two
//! endpoints, every kind of bad request (each a 4xx, never a crash), each
//! limit (steps, time, output, recursion, request and program size,
//! concurrent compilations), native runs, and a port in use. A property
//! test sends random requests and checks the server answers each one
//! below 500 and stays up.
//!
//! The client is a few lines over `TcpStream`, so that requests can be as
//! malformed as a test needs.

mod common;

use proptest::prelude::*;
use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// A playground server started for a test, killed when dropped.
struct Server {
    child: Child,
    address: String,
}

impl Server {
    fn start(args: &[&str]) -> Server {
        Server::start_with(args, &[])
    }

    /// Started with environment variables `envs` set.
    fn start_with(args: &[&str], envs: &[(&str, &std::path::Path)]) -> Server {
        let mut child = Command::new(env!("CARGO_BIN_EXE_wendc"))
            .args(["playground", "--port", "0"])
            .args(args)
            .envs(envs.iter().copied())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("wendc starts");
        let mut line = String::new();
        BufReader::new(child.stdout.take().unwrap())
            .read_line(&mut line)
            .unwrap();
        let address = line
            .split("http://")
            .nth(1)
            .and_then(|rest| rest.split('/').next())
            .unwrap_or_else(|| panic!("no address in {line:?}"))
            .to_string();
        Server { child, address }
    }

    /// Sends `request` as is; the status, headers (lower-case names) and body.
    fn raw(&self, request: &[u8]) -> (u16, String, String) {
        let mut stream = TcpStream::connect(&self.address).unwrap();
        stream
            .set_read_timeout(Some(Duration::from_secs(60)))
            .unwrap();
        stream.write_all(request).unwrap();
        let mut response = Vec::new();
        let _ = stream.read_to_end(&mut response);
        let response = String::from_utf8_lossy(&response).into_owned();
        let (head, body) = response.split_once("\r\n\r\n").unwrap_or((&response, ""));
        let status = head
            .split(' ')
            .nth(1)
            .and_then(|s| s.parse().ok())
            .unwrap_or_else(|| panic!("no status in {head:?}"));
        (status, head.to_lowercase(), body.to_string())
    }

    fn post(&self, path: &str, content_type: &str, body: &[u8]) -> (u16, String, String) {
        let mut request = format!(
            "POST {path} HTTP/1.1\r\nHost: test\r\nConnection: close\r\nContent-Type: {content_type}\r\nContent-Length: {}\r\n\r\n",
            body.len()
        )
        .into_bytes();
        request.extend_from_slice(body);
        self.raw(&request)
    }

    fn json(&self, path: &str, body: &serde_json::Value) -> (u16, serde_json::Value) {
        let (status, _, text) = self.post(path, "application/json", body.to_string().as_bytes());
        let value = serde_json::from_str(&text).unwrap_or_else(|e| panic!("{e}: {text}"));
        (status, value)
    }

    /// The processes the server has started and not yet reaped.
    fn children(&self) -> Vec<String> {
        let pid = self.child.id();
        std::fs::read_dir(format!("/proc/{pid}/task"))
            .unwrap()
            .flatten()
            .filter_map(|task| std::fs::read_to_string(task.path().join("children")).ok())
            .flat_map(|list| {
                list.split_whitespace()
                    .map(str::to_string)
                    .collect::<Vec<_>>()
            })
            .collect()
    }

    fn assert_alive(&mut self) {
        assert!(self.child.try_wait().unwrap().is_none(), "the server died");
        let (status, _, _) = self.raw(b"GET / HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n");
        assert_eq!(status, 200);
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

const HELLO: &str = "main() {\n    int x;\n    x = 6;\n    println x * 7;\n}\n";
const FOREVER: &str = "main() {\n    while true {\n    }\n}\n";
const CHATTY: &str = "main() {\n    while true {\n        println 1234567;\n    }\n}\n";
const DEEP: &str =
    "main() {\n    int f(int n) {\n        return f(n + 1);\n    }\n    println f(0);\n}\n";

/// Waits up to `limit` for `done`.
fn eventually(limit: Duration, mut done: impl FnMut() -> bool) -> bool {
    let start = Instant::now();
    while start.elapsed() < limit {
        if done() {
            return true;
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    done()
}

#[test]
fn serves_the_page_and_compiles() {
    let mut server = Server::start(&[]);
    let (status, head, body) =
        server.raw(b"GET / HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n");
    assert_eq!(status, 200);
    assert!(head.contains("content-type: text/html; charset=utf-8"));
    assert!(head.contains("content-security-policy: default-src 'none'"));
    assert!(body.contains("<title>wendc playground</title>"));
    // The explain report's stylesheet and hover script are inside.
    assert!(body.contains("window.wendLink"));
    assert!(!body.contains("/*SETTINGS*/"));

    let (status, reply) = server.json(
        "/api/compile",
        &serde_json::json!({ "source": HELLO, "pipeline": { "level": 1 }, "stage": 1 }),
    );
    assert_eq!(status, 200);
    assert_eq!(reply["ok"], true);
    assert_eq!(reply["stage"], 1);
    assert_eq!(reply["stages"][1]["name"], "mem2reg");
    assert_eq!(reply["functions"][0], "main");
    let ir = reply["ir_html"].as_str().unwrap();
    assert!(ir.contains("after <strong>mem2reg</strong>"), "{ir}");
    assert!(ir.contains("data-line=\"4\""), "{ir}");
    assert!(reply["cfg_html"]
        .as_str()
        .unwrap()
        .contains("<svg class=\"cfg\""));
    assert!(reply["analyses_html"]
        .as_str()
        .unwrap()
        .contains("dominance frontier"));
    assert!(reply["asm_html"]
        .as_str()
        .unwrap()
        .contains("class=\"asm-view\""));

    let (status, reply) = server.json("/api/run", &serde_json::json!({ "source": HELLO }));
    assert_eq!(status, 200);
    assert_eq!(reply["stdout"], "42\n");
    assert_eq!(reply["status"], 0);
    assert_eq!(reply["engine"], "interpreter");
    assert!(reply["stopped"].is_null());

    // An error, located, with its help line.
    let bad = "main() {\n    int x = 1;\n}\n";
    let (status, reply) = server.json("/api/compile", &serde_json::json!({ "source": bad }));
    assert_eq!(status, 200);
    assert_eq!(reply["ok"], false);
    let diagnostics = reply["diagnostics"].as_array().unwrap();
    let diagnostic = diagnostics
        .iter()
        .find(|d| d["severity"] == "error")
        .unwrap_or_else(|| panic!("{reply}"));
    assert_eq!(diagnostic["severity"], "error");
    assert_eq!(diagnostic["line"], 2);
    assert_eq!(diagnostic["column"], 11);
    assert!(diagnostic["notes"]
        .as_array()
        .unwrap()
        .iter()
        .any(|n| n.as_str().unwrap().starts_with("help:")));
    assert!(diagnostic["rendered"]
        .as_str()
        .unwrap()
        .contains("playground.wend:2:11"));
    server.assert_alive();
}

/// The assembly shown is what `wendc build` writes for the pipeline's
/// level (the frame pointer omitted above -O0), and -O0's for a list of
/// passes, as `build --passes`.
#[test]
fn the_assembly_shown_is_what_build_writes() {
    let server = Server::start(&[]);
    let dir = tempfile::tempdir().unwrap();
    let src = common::write(dir.path(), "framed.wend", common::FRAMED);
    let cases = [
        (serde_json::json!({ "level": 0 }), vec!["-O0"]),
        (serde_json::json!({ "level": 1 }), vec!["-O1"]),
        (serde_json::json!({}), vec!["-O2"]),
        (
            serde_json::json!({ "passes": "mem2reg" }),
            vec!["--passes=mem2reg"],
        ),
    ];
    for (pipeline, flags) in cases {
        let request = serde_json::json!({ "source": common::FRAMED, "pipeline": pipeline });
        let (status, reply) = server.json("/api/compile", &request);
        assert_eq!(status, 200);
        let shown = common::report_asm_instructions(reply["asm_html"].as_str().unwrap());
        assert_eq!(shown, common::built_main(&src, &flags), "{pipeline}");
    }
}

#[test]
fn bad_requests_get_4xx() {
    let mut server = Server::start(&[]);
    let json = "application/json";
    let cases: Vec<(&str, &str, Vec<u8>, u16)> = vec![
        ("/api/compile", json, b"{not json".to_vec(), 400),
        ("/api/compile", "text/plain", b"{}".to_vec(), 415),
        ("/api/compile", json, b"{}".to_vec(), 422),
        ("/api/compile", json, br#"{"source": 5}"#.to_vec(), 422),
        (
            "/api/compile",
            json,
            br#"{"source": "", "file": "/etc/passwd"}"#.to_vec(),
            422,
        ),
        (
            "/api/compile",
            json,
            br#"{"source": "", "pipeline": {"passes": "mem2reg,nosuchpass"}}"#.to_vec(),
            400,
        ),
        (
            "/api/run",
            json,
            br#"{"source": "", "pipeline": {"level": 7}}"#.to_vec(),
            400,
        ),
        (
            "/api/run",
            json,
            br#"{"source": "", "native": true}"#.to_vec(),
            403,
        ),
        ("/api/nothing", json, b"{}".to_vec(), 404),
        ("/../../etc/passwd", json, b"{}".to_vec(), 404),
    ];
    for (path, content_type, body, expected) in cases {
        let (status, _, text) = server.post(path, content_type, &body);
        assert_eq!(
            status,
            expected,
            "{path} {:?}: {text}",
            String::from_utf8_lossy(&body)
        );
        assert!(!text.is_empty());
    }
    // Too large: the body (before it is read whole) and the program.
    let huge = vec![b' '; 300 * 1024];
    let (status, _, _) = server.post("/api/compile", json, &huge);
    assert_eq!(status, 413);
    let long = format!("main() {{\n{}}}\n", "    println 1;\n".repeat(10_000));
    let (status, reply) = server.json("/api/compile", &serde_json::json!({ "source": long }));
    assert_eq!(status, 413, "{reply}");
    assert!(reply["error"].as_str().unwrap().contains("at most"));
    // Not HTTP at all, and a GET where a POST belongs.
    let (status, _, _) = server.raw(b"HELLO\r\n\r\n");
    assert_eq!(status, 400);
    let (status, _, _) =
        server.raw(b"GET /api/compile HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n");
    assert_eq!(status, 405);
    server.assert_alive();
}

#[test]
fn a_request_at_the_size_limit_is_compiled() {
    // The worker gets the request re-serialised, with its defaults written
    // out: a few dozen bytes more than the client sent.
    let server = Server::start(&[]);
    let request =
        |padding: usize| serde_json::json!({ "source": HELLO, "function": "f".repeat(padding) });
    let overhead = request(0).to_string().len();
    let request = request(256 * 1024 - overhead);
    assert_eq!(request.to_string().len(), 256 * 1024);
    let (status, reply) = server.json("/api/compile", &request);
    assert_eq!(status, 200, "{reply}");
    assert_eq!(reply["ok"], true, "{reply}");
    assert_eq!(reply["function"], "main");
}

#[test]
fn the_interpreter_limits_are_reported_plainly() {
    let mut server = Server::start(&[]);
    let run = |source: &str| {
        server
            .json("/api/run", &serde_json::json!({ "source": source }))
            .1
    };
    let reply = run(FOREVER);
    let stopped = reply["stopped"].as_str().unwrap();
    assert!(
        stopped == "stopped after 10 000 000 steps"
            || stopped == "stopped after 2 000 ms of running time",
        "{stopped}"
    );
    assert!(reply["status"].is_null());
    let reply = run(CHATTY);
    assert_eq!(
        reply["stopped"],
        "stopped after printing 65 536 bytes (the output limit)"
    );
    assert_eq!(reply["stdout"].as_str().unwrap().len(), 65_536);
    let reply = run(DEEP);
    assert_eq!(
        reply["stopped"],
        "stopped at a call depth of 10 000 (the recursion limit)"
    );
    server.assert_alive();
    assert!(eventually(Duration::from_secs(5), || server
        .children()
        .is_empty()));
}

#[test]
fn native_runs_only_when_allowed_and_within_limits() {
    let mut server = Server::start(&["--allow-native"]);
    let native = |source: &str| {
        server
            .json(
                "/api/run",
                &serde_json::json!({ "source": source, "native": true, "pipeline": { "level": 2 } }),
            )
            .1
    };
    let reply = native(HELLO);
    assert_eq!(reply["engine"], "native");
    assert_eq!(reply["stdout"], "42\n");
    assert_eq!(reply["status"], 0);
    let started = Instant::now();
    let reply = native(FOREVER);
    assert_eq!(reply["stopped"], "stopped after 2 000 ms of running time");
    assert!(started.elapsed() < Duration::from_secs(8));
    let reply = native(CHATTY);
    assert_eq!(
        reply["stopped"],
        "stopped after printing 65 536 bytes (the output limit)"
    );
    // The program's own stack overflow, as the native runtime reports it.
    let reply = native(DEEP);
    assert_eq!(reply["status"], 3, "{reply}");
    assert_eq!(reply["stderr"], "runtime error: stack overflow\n");
    server.assert_alive();
    assert!(eventually(Duration::from_secs(5), || server
        .children()
        .is_empty()));
}

#[test]
fn compilations_beyond_the_cap_get_503_with_retry_after() {
    let mut server = Server::start(&["--max-compiles", "1"]);
    let address = server.address.clone();
    // Eight clients at once, each asking for a run of 2 s: one at a time
    // is admitted, and those that find it taken are turned away at once.
    let clients: Vec<_> = (0..8)
        .map(|_| {
            let address = address.clone();
            std::thread::spawn(move || {
                let body = serde_json::json!({ "source": FOREVER }).to_string();
                let request = format!(
                    "POST /api/run HTTP/1.1\r\nHost: t\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
                    body.len()
                );
                let mut stream = TcpStream::connect(&address).unwrap();
                stream.write_all(request.as_bytes()).unwrap();
                let mut response = String::new();
                let _ = stream.read_to_string(&mut response);
                response
            })
        })
        .collect();
    let responses: Vec<String> = clients.into_iter().map(|c| c.join().unwrap()).collect();
    let ok = responses
        .iter()
        .filter(|r| r.starts_with("HTTP/1.1 200"))
        .count();
    let busy: Vec<&String> = responses
        .iter()
        .filter(|r| r.starts_with("HTTP/1.1 503"))
        .collect();
    assert_eq!(ok + busy.len(), 8, "{responses:?}");
    assert!(
        ok >= 1 && !busy.is_empty(),
        "{ok} admitted, {} busy",
        busy.len()
    );
    for response in busy {
        assert!(
            response.to_lowercase().contains("\r\nretry-after: 1\r\n"),
            "{response}"
        );
    }
    server.assert_alive();
}

#[test]
fn a_client_that_leaves_takes_its_worker_with_it() {
    let mut server = Server::start(&[]);
    let body = serde_json::json!({ "source": FOREVER }).to_string();
    let request = format!(
        "POST /api/run HTTP/1.1\r\nHost: t\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    );
    let mut stream = TcpStream::connect(&server.address).unwrap();
    stream.write_all(request.as_bytes()).unwrap();
    assert!(eventually(Duration::from_secs(5), || !server
        .children()
        .is_empty()));
    drop(stream);
    assert!(eventually(Duration::from_secs(5), || server
        .children()
        .is_empty()));
    server.assert_alive();
}

/// The files under `dir`, at any depth.
fn files_under(dir: &std::path::Path) -> Vec<std::path::PathBuf> {
    let mut files = Vec::new();
    for entry in std::fs::read_dir(dir).into_iter().flatten().flatten() {
        let path = entry.path();
        if path.is_dir() {
            files.extend(files_under(&path));
        } else {
            files.push(path);
        }
    }
    files
}

#[test]
fn a_client_that_leaves_a_native_run_leaves_no_temporary_file() {
    // The worker is killed outright (SIGKILL), so it cannot remove the
    // directory it built the executable in: the server must.
    let tmp = tempfile::tempdir().unwrap();
    let mut server = Server::start_with(&["--allow-native"], &[("TMPDIR", tmp.path())]);
    let body = serde_json::json!({ "source": FOREVER, "native": true }).to_string();
    let request = format!(
        "POST /api/run HTTP/1.1\r\nHost: t\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    );
    let mut stream = TcpStream::connect(&server.address).unwrap();
    stream.write_all(request.as_bytes()).unwrap();
    assert!(eventually(Duration::from_secs(10), || files_under(
        tmp.path()
    )
    .iter()
    .any(|f| f.ends_with("program"))));
    drop(stream);
    assert!(eventually(Duration::from_secs(5), || server
        .children()
        .is_empty()));
    assert!(
        eventually(Duration::from_secs(5), || std::fs::read_dir(tmp.path())
            .unwrap()
            .next()
            .is_none()),
        "left behind: {:?}",
        files_under(tmp.path())
    );
    server.assert_alive();
}

#[test]
fn a_port_in_use_is_a_clear_error_with_its_own_status() {
    let taken = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let port = taken.local_addr().unwrap().port().to_string();
    let output = Command::new(env!("CARGO_BIN_EXE_wendc"))
        .args(["playground", "--port", &port])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(69));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.starts_with(&format!(
            "error: cannot listen on 127.0.0.1:{port}: the port is in use"
        )),
        "{stderr}"
    );
}

#[test]
fn listening_beyond_loopback_warns() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_wendc"))
        .args(["playground", "--port", "0", "--host", "0.0.0.0"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut line = String::new();
    BufReader::new(child.stderr.take().unwrap())
        .read_line(&mut line)
        .unwrap();
    let _ = child.kill();
    let _ = child.wait();
    assert!(
        line.starts_with("warning: listening on 0.0.0.0: anyone who can reach this machine"),
        "{line}"
    );
}

/// A request: random bytes, or JSON shaped like a request with random
/// fields and values.
fn requests() -> impl Strategy<Value = (String, Vec<u8>)> {
    let path = prop_oneof![
        Just("/api/compile".to_string()),
        Just("/api/run".to_string()),
        "/[a-z/.%]{0,12}",
    ];
    let value = prop_oneof![
        Just(serde_json::json!(null)),
        any::<i64>().prop_map(|n| serde_json::json!(n)),
        ".{0,40}".prop_map(|s| serde_json::json!(s)),
        Just(serde_json::json!(HELLO)),
        Just(serde_json::json!({ "level": 3 })),
        Just(serde_json::json!({ "passes": "mem2reg,,dce" })),
        Just(serde_json::json!([1, 2])),
    ];
    let key = prop_oneof![
        Just("source".to_string()),
        Just("pipeline".to_string()),
        Just("stage".to_string()),
        Just("function".to_string()),
        Just("native".to_string()),
        "[a-z]{1,6}",
    ];
    let object = proptest::collection::vec((key, value), 0..5).prop_map(|fields| {
        let map: serde_json::Map<String, serde_json::Value> = fields.into_iter().collect();
        serde_json::Value::Object(map).to_string().into_bytes()
    });
    let body = prop_oneof![proptest::collection::vec(any::<u8>(), 0..200), object];
    (path, body)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn random_requests_never_get_5xx((path, body) in requests()) {
        thread_local! {
            static SERVER: Server = Server::start(&[]);
        }
        SERVER.with(|server| {
            let (status, _, text) = server.post(&path, "application/json", &body);
            prop_assert!((200..500).contains(&status), "{status} for {path} {:?}: {text}", String::from_utf8_lossy(&body));
            Ok(())
        })?;
    }
}

#[test]
fn open_starts_the_browser_on_the_address() {
    let dir = tempfile::tempdir().unwrap();
    let opened = dir.path().join("opened");
    let browser = dir.path().join("browser");
    std::fs::write(
        &browser,
        format!("#!/bin/sh\necho \"$1\" > '{}'\n", opened.display()),
    )
    .unwrap();
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(&browser, std::fs::Permissions::from_mode(0o755)).unwrap();
    let mut child = Command::new(env!("CARGO_BIN_EXE_wendc"))
        .args(["playground", "--port", "0", "--open"])
        .env("BROWSER", &browser)
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut line = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut line)
        .unwrap();
    let seen = eventually(Duration::from_secs(5), || opened.exists());
    let _ = child.kill();
    let _ = child.wait();
    assert!(seen, "the browser was not started");
    let url = std::fs::read_to_string(&opened).unwrap();
    assert!(line.contains(url.trim()), "{line} / {url}");
    assert!(url.starts_with("http://127.0.0.1:"));
}

#[test]
fn stopping_the_server_stops_its_workers() {
    let server = Server::start(&[]);
    let address = server.address.clone();
    let client = std::thread::spawn(move || {
        let body = serde_json::json!({ "source": FOREVER }).to_string();
        let request = format!(
            "POST /api/run HTTP/1.1\r\nHost: t\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
            body.len()
        );
        let mut stream = TcpStream::connect(&address).unwrap();
        stream.write_all(request.as_bytes()).unwrap();
        let mut response = Vec::new();
        let _ = stream.read_to_end(&mut response);
    });
    assert!(eventually(Duration::from_secs(5), || !server
        .children()
        .is_empty()));
    let workers = server.children();
    let mut server = server;
    // Ctrl-C. SAFETY: kill sends a signal to our own child, not yet reaped.
    unsafe { libc::kill(server.child.id() as libc::pid_t, libc::SIGINT) };
    let status = server.child.wait().unwrap();
    use std::os::unix::process::ExitStatusExt;
    assert_eq!(status.signal(), Some(libc::SIGINT));
    client.join().unwrap();
    // Sooner than the run's own 2 s limit would end them.
    for pid in workers {
        assert!(
            eventually(Duration::from_millis(1000), || {
                std::fs::read_to_string(format!("/proc/{pid}/stat"))
                    .map_or(true, |stat| stat.contains(") Z "))
            }),
            "worker {pid} outlived the server"
        );
    }
}
