fn main() {
    let path = std::env::args().nth(1).unwrap();
    let mode = std::env::args().nth(2).unwrap_or_default();
    let src = std::fs::read_to_string(&path).unwrap();
    let (checked, diags) = wend_frontend::check(&src);
    eprint!("{}", wend_frontend::render_diagnostics(&path, &src, &diags, false));
    if mode == "ast" { println!("{}", wend_frontend::ast_text(&src).unwrap_or_default()); }
    if let Some(c) = checked {
        let m = wend_frontend::lower(&c);
        if mode == "ir" { println!("{}", wend_ir::print::print_module(&m)); }
        if mode == "run" {
            let mut out = Vec::new(); let mut err = Vec::new();
            let r = wend_ir::interp::run_main(&m, &mut out, &mut err);
            print!("{}", String::from_utf8_lossy(&out)); eprint!("{}", String::from_utf8_lossy(&err)); println!("status {:?}", r.map_err(|e| e.to_string()));
        }
    }
}
