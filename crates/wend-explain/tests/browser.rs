//! Loads a report in a real headless Chromium: the page must load without
//! script errors, its script must have run, and screenshots of its parts
//! must be taken. Skipped, with a note, when no Chromium is installed
//! (Debian: `apt-get install chromium`).
//!
//! The screenshots go to `target/explain-screenshots/`; with
//! `WEND_EXPLAIN_UPDATE_SCREENSHOTS=1` they are also copied to
//! `docs/images/explain-*.png`.
//!
//! Headless Chromium paints nothing when a screenshot is asked of a page
//! scrolled to a fragment, so each view is a small wrapper page showing the
//! report in an `<iframe>` whose URL carries the fragment (and the pass to
//! select, `?stage=`).

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};
use wend_explain::{explain_source, ExplainOptions, LayoutEngine};

const WINDOW: &str = "1400,1000";

fn find_chromium() -> Option<PathBuf> {
    let path = std::env::var_os("PATH")?;
    for dir in std::env::split_paths(&path) {
        for name in ["chromium", "chromium-browser", "google-chrome"] {
            let candidate = dir.join(name);
            if candidate.is_file() {
                return Some(candidate);
            }
        }
    }
    None
}

/// Runs Chromium headless on `url` with `extra` arguments, in a fresh
/// profile, killing it if it hangs.
fn chromium(browser: &Path, profile: &Path, url: &str, extra: &[&str]) -> Output {
    let mut child = Command::new(browser)
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-quic",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--hide-scrollbars",
            "--enable-logging=stderr",
            "--v=0",
            "--virtual-time-budget=3000",
        ])
        .arg(format!("--user-data-dir={}", profile.display()))
        .args(extra)
        .arg(url)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("chromium starts");
    // Drain the pipes on threads so a chatty browser cannot block.
    let mut stdout = child.stdout.take().unwrap();
    let mut stderr = child.stderr.take().unwrap();
    let out_thread = std::thread::spawn(move || {
        let mut buf = Vec::new();
        std::io::Read::read_to_end(&mut stdout, &mut buf).ok();
        buf
    });
    let err_thread = std::thread::spawn(move || {
        let mut buf = Vec::new();
        std::io::Read::read_to_end(&mut stderr, &mut buf).ok();
        buf
    });
    let deadline = Instant::now() + Duration::from_secs(90);
    let status = loop {
        if let Some(status) = child.try_wait().expect("waiting for chromium") {
            break status;
        }
        if Instant::now() > deadline {
            let _ = child.kill();
            panic!("chromium did not finish within 90 s on {url}");
        }
        std::thread::sleep(Duration::from_millis(100));
    };
    Output {
        status,
        stdout: out_thread.join().unwrap(),
        stderr: err_thread.join().unwrap(),
    }
}

fn file_url(path: &Path) -> String {
    format!("file://{}", path.canonicalize().unwrap().display())
}

/// Script errors in Chromium's console log.
fn script_errors(stderr: &[u8]) -> Vec<String> {
    String::from_utf8_lossy(stderr)
        .lines()
        .filter(|l| l.contains("Uncaught") || (l.contains("CONSOLE") && l.contains("Error")))
        .map(str::to_string)
        .collect()
}

fn report(dir: &Path, layout: LayoutEngine, file: &str) -> PathBuf {
    let src_path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../test-programs/nontrivial/mandelbrot.wend");
    let src = std::fs::read_to_string(src_path).unwrap();
    let options = ExplainOptions {
        source_name: "mandelbrot.wend".to_string(),
        input: wend_explain::InputKind::Wend,
        passes: wend_opt::pipeline_for_level(2),
        pipeline_label: "-O2".to_string(),
        opt_level: 2,
        layout,
        ssa: wend_opt::mem2reg::Flavour::Pruned,
    };
    let html = explain_source(&src, &options).expect("mandelbrot compiles");
    let path = dir.join(file);
    std::fs::write(&path, html).unwrap();
    path
}

#[test]
fn report_loads_in_chromium_without_errors_and_screenshots() {
    let Some(browser) = find_chromium() else {
        eprintln!("note: Chromium is not installed (Debian: apt-get install chromium); skipping the browser test");
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let profile = dir.path().join("profile");
    let page = report(dir.path(), LayoutEngine::Auto, "report.html");
    report(dir.path(), LayoutEngine::Builtin, "builtin.html");

    // The check for errors must be able to fail.
    let broken = dir.path().join("broken.html");
    std::fs::write(&broken, "<!DOCTYPE html><script>null.x();</script>").unwrap();
    let out = chromium(&browser, &profile, &file_url(&broken), &["--dump-dom"]);
    assert!(
        !script_errors(&out.stderr).is_empty(),
        "the console log does not show script errors; stderr:\n{}",
        String::from_utf8_lossy(&out.stderr)
    );

    // The report: no errors, and the script ran (it marks <html>).
    let out = chromium(&browser, &profile, &file_url(&page), &["--dump-dom"]);
    assert!(out.status.success(), "chromium failed: {out:?}");
    let errors = script_errors(&out.stderr);
    assert!(errors.is_empty(), "script errors:\n{}", errors.join("\n"));
    let dom = String::from_utf8_lossy(&out.stdout);
    assert!(
        dom.contains("data-js=\"on\""),
        "the report's script did not run"
    );
    assert!(dom.contains("<svg class=\"cfg\""));
    assert!(dom.contains("id=\"fn-main-escape\""));

    // Screenshots of each part.
    let shots_dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../target/explain-screenshots");
    std::fs::create_dir_all(&shots_dir).unwrap();
    let views = [
        ("overview", "report.html"),
        ("ir-diff", "report.html?stage=mem2reg#fn-main-escape-ir"),
        ("cfg", "report.html?stage=mem2reg#fn-main-escape-cfg"),
        ("cfg-builtin", "builtin.html#fn-main-escape-cfg"),
        ("dominators", "report.html#fn-main-printFixed-dom"),
        ("assembly", "report.html#fn-main-escape-asm"),
    ];
    let update_docs = std::env::var_os("WEND_EXPLAIN_UPDATE_SCREENSHOTS").is_some();
    for (name, target) in views {
        let wrapper = dir.path().join(format!("view-{name}.html"));
        std::fs::write(
            &wrapper,
            format!(
                "<!DOCTYPE html><html><body style=\"margin:0\"><iframe title=\"{name}\" \
                 src=\"{target}\" style=\"width:1400px;height:1000px;border:0;display:block\"></iframe></body></html>"
            ),
        )
        .unwrap();
        let png = shots_dir.join(format!("explain-{name}.png"));
        let _ = std::fs::remove_file(&png);
        let out = chromium(
            &browser,
            &profile,
            &file_url(&wrapper),
            &[
                &format!("--screenshot={}", png.display()),
                &format!("--window-size={WINDOW}"),
            ],
        );
        let errors = script_errors(&out.stderr);
        assert!(
            errors.is_empty(),
            "{name}: script errors:\n{}",
            errors.join("\n")
        );
        let bytes = std::fs::read(&png).unwrap_or_else(|_| panic!("no screenshot of {name}"));
        assert!(bytes.starts_with(b"\x89PNG\r\n\x1a\n"), "{name}: not a PNG");
        // A blank 1400×1000 page compresses to a few kilobytes.
        assert!(bytes.len() > 30_000, "{name}: the screenshot looks blank");
        if update_docs {
            let docs = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs/images");
            std::fs::create_dir_all(&docs).unwrap();
            std::fs::copy(&png, docs.join(format!("explain-{name}.png"))).unwrap();
        }
    }
}
