//! Prints the assembly wendc's x86 backend makes of a wend program:
//! `cargo run -p wend-x86 --example wend-asm -- prog.wend [-O0] [--comments] [--ll]`.
//! (The real driver is `wendc build`; this is for looking at the backend.)

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let path = args
        .iter()
        .find(|a| !a.starts_with('-'))
        .expect("usage: wend-asm FILE.wend [-O0] [--comments]");
    let src = std::fs::read_to_string(path).expect("reading the source");
    let (checked, diags) = wend_frontend::check(&src);
    let Some(checked) = checked else {
        eprintln!("{diags:?}");
        std::process::exit(1);
    };
    let mut module = wend_frontend::lower(checked);
    if !args.iter().any(|a| a == "-O0") {
        for (_, f) in module.functions.iter_mut() {
            if !f.is_declaration() {
                wend_opt::mem2reg::run(f);
            }
        }
    }
    if args.iter().any(|a| a == "--ll") {
        // The same IR as LLVM text with a libc runtime, to compare with llc.
        print!("{}", wend_ir::print::print_standalone_llvm(&module));
        return;
    }
    let opts = wend_x86::Options {
        source_file: Some(path.clone()),
        comments: args.iter().any(|a| a == "--comments"),
        debug_info: None,
        omit_frame_pointer: false,
    };
    print!("{}", wend_x86::compile_module(&module, &opts));
}
