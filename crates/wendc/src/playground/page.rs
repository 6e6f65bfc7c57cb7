//! The page, built into the binary: `page.html` with the explain report's
//! stylesheet and hover script (the views are the report's fragments, so
//! they look and link the same), the playground's own style and script,
//! and the configuration the script needs (passes, pipelines, limits).

use super::limits;
use super::server::Config;

const TEMPLATE: &str = include_str!("page.html");
const STYLE: &str = include_str!("page.css");
const SCRIPT: &str = include_str!("page.js");

/// The page for a server started with `config`.
pub fn html(config: &Config) -> String {
    let passes: Vec<serde_json::Value> = wend_opt::PASSES
        .iter()
        .map(|p| serde_json::json!({ "name": p.name, "description": p.description }))
        .collect();
    let levels: Vec<Vec<&str>> = (0..=2)
        .map(|level| {
            wend_opt::pipeline_for_level(level)
                .iter()
                .map(|p| p.name)
                .collect()
        })
        .collect();
    let run = limits::INTERPRETER;
    let settings = serde_json::json!({
        "passes": passes,
        "levels": levels,
        "allowNative": config.allow_native,
        "maxSourceBytes": limits::MAX_SOURCE_BYTES,
        "limits": format!(
            "Programs run for at most {} steps (branches, calls, returns), {} s, {} KiB of output and a call depth of {}; a compile gets {} s.",
            run.steps.unwrap_or(0),
            limits::RUN_TIME.as_secs(),
            run.output_bytes.unwrap_or(0) / 1024,
            run.call_depth.unwrap_or(0),
            limits::COMPILE_TIME.as_secs()
        ),
    });
    // `</` cannot end the script early: JSON escapes nothing there.
    let settings = settings.to_string().replace("</", "<\\/");
    TEMPLATE
        .replace("/*REPORT_STYLE*/", wend_explain::report::STYLE)
        .replace("/*PLAYGROUND_STYLE*/", STYLE)
        .replace("/*SETTINGS*/", &settings)
        .replace("/*LINK_SCRIPT*/", wend_explain::report::LINK_SCRIPT)
        .replace("/*PLAYGROUND_SCRIPT*/", SCRIPT)
}
