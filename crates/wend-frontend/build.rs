//! Generates the parser from `src/grammar.lalrpop` into `OUT_DIR` at build
//! time (the generated file is never checked in).

fn main() {
    lalrpop::Configuration::new()
        .use_cargo_dir_conventions()
        .emit_rerun_directives(true)
        .process_file("src/grammar.lalrpop")
        .expect("the wend grammar is a valid LR(1) lalrpop grammar");
}
