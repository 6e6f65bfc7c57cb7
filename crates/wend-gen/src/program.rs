//! Random, well-typed, terminating wend programs, reproducible from a seed.
//!
//! A program is built in two phases.
//!
//! 1. **Skeleton.** The tree of functions nested in `main` (2–4 levels),
//!    with names, signatures, parameters and locals, but no statements.
//!    Names come from small pools so that shadowing (of variables, also
//!    with another type, and of functions) and overloading (siblings with
//!    one name, a nested function named like its parent, even `main`)
//!    happen all the time. Some functions are *fueled*: their first
//!    parameter is `int fuel`, never assigned, and their body opens with
//!    `if fuel <= 0 { return ...; }`.
//!
//! 2. **Bodies**, generated with a [`Body`] context that knows the visible
//!    variables and functions (resolved exactly as §6 of the reference
//!    says: innermost declaration per name, per signature for functions),
//!    a depth budget for expressions and nesting, and a *cost* budget.
//!
//! # Why every program terminates
//!
//! Functions are partitioned into *groups*: a singleton, or a set of
//! fueled functions that may call each other (mutual recursion, a nested
//! function calling its enclosing one, self-recursion). Groups are ranked
//! so that a function's nested functions rank below it unless they share
//! its group. A call is generated only if the callee's group ranks lower
//! (a fueled callee then gets a constant fuel), or if caller and callee
//! share a group, in which case the argument is the caller's `fuel - 1`.
//! So fuel strictly decreases around any cycle of calls. Every loop has a
//! dedicated counter variable that nothing else writes (counters and fuel
//! parameters are never assignment targets, and each activation has its
//! own), reset right before the loop and stepped once per iteration
//! towards a small bound; `while true` loops start with
//! `if counter >= bound { return ...; }`.
//!
//! # Why every program is fast
//!
//! Bodies are generated in increasing group rank, so a callee's cost is
//! known when a call to it is considered. The cost of an activation
//! (roughly: expression nodes, statements and prints executed, counting a
//! loop body once per iteration and both branches of an `if`) is an upper
//! bound kept under a budget: for a group with largest body cost `B`
//! (without in-group calls) and at most `R` in-group calls per activation,
//! a call with fuel `φ` costs at most `B·(1 + R + … + R^φ)`.
//!
//! # Syntax and static rules
//!
//! Bodies follow the fixed order (declarations, nested functions,
//! statements); typed bodies end in `return`, an `if`/`else` whose branches
//! both return, or a `while true` loop; nothing follows a statement that
//! cannot complete normally, so the frontend has nothing to warn about.
//! Precedence and the other syntax rules are the printer's business
//! ([`crate::ast`]).

use crate::ast::{BinOp, Expr, Function, PrintArg, Stmt, Ty};
use crate::rng::Rng;

/// How big a program to generate.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Size {
    Small,
    Medium,
    Large,
}

/// Generates the program of `seed`, as wend source text.
pub fn generate(seed: u64, size: Size) -> String {
    let mut rng = Rng::new(seed);
    let config = Config::for_size(size);
    let header = format!(
        "// wend-gen program --seed {seed} --size {}\n",
        match size {
            Size::Small => "small",
            Size::Medium => "medium",
            Size::Large => "large",
        }
    );
    // Shape parameters are random, so a few drafts may fall outside the
    // size's line range; keep drawing (deterministically) until one fits,
    // or settle for the closest.
    let mut closest: Option<(usize, String)> = None;
    for _ in 0..40 {
        let text = ProgramGen::new(&mut rng, &config).generate().to_source();
        let lines = text.lines().count() + 1;
        let (lo, hi) = config.lines;
        if (lo..=hi).contains(&lines) {
            return header + &text;
        }
        let distance = if lines < lo { lo - lines } else { lines - hi };
        let closer = match &closest {
            Some((best, _)) => distance < *best,
            None => true,
        };
        if closer {
            closest = Some((distance, text));
        }
    }
    header + &closest.expect("at least one draft").1
}

/// Shape parameters of one size.
struct Config {
    /// Deepest function nesting below `main` (main's children are at 1).
    max_depth: u32,
    main_children: (u32, u32),
    children: (u32, u32),
    main_locals: (u32, u32),
    locals: (u32, u32),
    main_stmts: (u32, u32),
    stmts: (u32, u32),
    /// Accepted program length in lines.
    lines: (usize, usize),
}

impl Config {
    fn for_size(size: Size) -> Config {
        match size {
            Size::Small => Config {
                max_depth: 2,
                main_children: (0, 1),
                children: (0, 1),
                main_locals: (2, 4),
                locals: (0, 2),
                main_stmts: (4, 7),
                stmts: (2, 4),
                lines: (50, 110),
            },
            Size::Medium => Config {
                max_depth: 3,
                main_children: (1, 2),
                children: (0, 2),
                main_locals: (3, 5),
                locals: (0, 3),
                main_stmts: (6, 10),
                stmts: (2, 4),
                lines: (100, 200),
            },
            Size::Large => Config {
                max_depth: 4,
                main_children: (1, 3),
                children: (0, 2),
                main_locals: (3, 6),
                locals: (0, 2),
                main_stmts: (8, 12),
                stmts: (2, 4),
                lines: (200, 300),
            },
        }
    }
}

/// Cost budget of `main`, i.e. of the whole run (see the module docs).
const MAIN_BUDGET: u64 = 200_000;
/// Cost budget of one activation of an ordinary nested function.
const FUNC_BUDGET: u64 = 5_000;
/// Cost budget of one activation of a fueled function, not counting its
/// in-group calls.
const FUELED_BUDGET: u64 = 600;
/// Most in-group calls per activation (weighted by loop iterations).
const MAX_RECURSIVE_CALLS: u64 = 2;
/// Most fuel given to a group entered from outside.
const MAX_FUEL: u32 = 6;
/// Deepest nesting of `if`/`while` inside one body.
const MAX_BLOCK_NEST: u32 = 3;
/// Deepest expression tree (operator levels).
const MAX_EXPR_DEPTH: u32 = 3;
/// The cost of a print relative to other statements, to limit output.
const PRINT_COST: u64 = 3;

/// Variable names. Small on purpose: reuse means shadowing. Some are
/// keywords elsewhere but ordinary identifiers in wend.
const VAR_NAMES: &[&str] = &[
    "a", "b", "c", "d", "n", "m", "x", "y", "z", "t", "u", "v", "w", "p", "q", "r", "s", "acc",
    "sum", "tmp", "val", "cnt", "flag", "ok", "done", "seen", "total", "and", "or", "xor", "not",
    "main", "f", "g", "step",
];
/// Names for loop counters, and for nothing else (`tests/fuzz-diff.py`
/// recognises counter updates by them and never removes those).
const COUNTER_NAMES: &[&str] = &["i", "j", "k", "i2", "j2", "k2"];
/// The name of every fuel parameter, and of nothing else.
const FUEL: &str = "fuel";
/// Function names; they share some with the variable names, which live
/// in another namespace.
const FUNC_NAMES: &[&str] = &[
    "f", "g", "h", "go", "step", "walk", "visit", "helper", "calc", "check", "even", "odd", "bump",
    "tick", "mix", "fold", "probe", "main",
];
/// Interesting int constants: limits, wrap-around material, -1 (for
/// `INT_MIN / -1`).
const SPECIAL_INTS: &[i64] = &[
    2147483647,
    -2147483648,
    2147483646,
    -2147483647,
    1000000007,
    123456789,
    1073741824,
    65536,
    65535,
    46341,
    -1,
    255,
    1000,
];
/// Pieces of printed strings, as written in the source (with escapes).
const STRING_PIECES: &[&str] = &[
    "x", "val", "sum", "n", "->", "=", ": ", " ", ", ", "done", "loop", "rec", "ok", "end", "\\n",
    "\\t", "\\\\", "\\\"", "\\x41", "\\x7e", "\\101", "\\60", "\\033[1m", "\\r", "//", "é", "→",
    "%d", "\\0",
];

type VarId = usize;
type FuncId = usize;
type GroupId = usize;

/// `main` is always the first function.
const MAIN: FuncId = 0;

/// What a variable may be used for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Role {
    /// Read and written freely.
    Plain,
    /// A loop counter: read freely, written only by its loop's reset and step.
    Counter,
    /// A fuel parameter: read freely, never written.
    Fuel,
}

struct Var {
    name: String,
    ty: Ty,
    role: Role,
}

struct Func {
    name: String,
    ret: Option<Ty>,
    params: Vec<VarId>,
    /// Plain locals, then counters.
    locals: Vec<VarId>,
    counters: Vec<VarId>,
    fueled: bool,
    parent: Option<FuncId>,
    children: Vec<FuncId>,
    depth: u32,
    group: GroupId,
    body: Vec<Stmt>,
    /// Whether some generated call targets this function.
    called: bool,
}

impl Func {
    fn param_types(&self, vars: &[Var]) -> Vec<Ty> {
        self.params.iter().map(|&p| vars[p].ty).collect()
    }
}

/// Functions whose calls among each other are bounded by fuel.
struct Group {
    members: Vec<FuncId>,
    fueled: bool,
    /// Position in the generation order; calls go to lower ranks only
    /// (or within the group).
    rank: usize,
    /// Largest cost of a member's activation, without in-group calls.
    base_cost: u64,
    /// Largest number of in-group calls of a member's activation.
    recursive_calls: u64,
}

/// State of the body being generated.
struct Body {
    func: FuncId,
    /// How often the code being generated runs per activation (the product
    /// of the enclosing loops' bounds).
    mult: u64,
    /// Cost so far, in-group calls excepted.
    cost: u64,
    /// In-group calls so far, weighted by `mult`.
    recursive_calls: u64,
    budget: u64,
    /// Enclosing loops: the next loop uses counter number `loops`.
    loops: usize,
    /// Enclosing `if`/`while` statements.
    nest: u32,
}

impl Body {
    fn charge(&mut self, units: u64) {
        self.cost = self.cost.saturating_add(self.mult.saturating_mul(units));
    }

    fn can_afford(&self, units: u64) -> bool {
        self.cost.saturating_add(self.mult.saturating_mul(units)) <= self.budget
    }
}

/// How a chosen call passes fuel and what it costs.
enum CallPlan {
    /// A call within the caller's group: `fuel - 1`.
    Recursive,
    /// A call to a lower group; `fuel` is given for a fueled callee.
    Lower { cost: u64, fuel: Option<u32> },
}

struct ProgramGen<'a> {
    rng: &'a mut Rng,
    config: &'a Config,
    vars: Vec<Var>,
    funcs: Vec<Func>,
    groups: Vec<Group>,
    /// Divisions may use unguarded divisors, so the run may stop with a
    /// division by zero.
    risky: bool,
}

impl<'a> ProgramGen<'a> {
    fn new(rng: &'a mut Rng, config: &'a Config) -> ProgramGen<'a> {
        let risky = rng.chance(7);
        ProgramGen {
            rng,
            config,
            vars: Vec::new(),
            funcs: Vec::new(),
            groups: Vec::new(),
            risky,
        }
    }

    fn generate(mut self) -> Function {
        self.build_skeleton();
        for f in self.generation_order() {
            self.generate_body(f);
        }
        self.build_ast(MAIN)
    }

    // ----- Phase 1: the skeleton -------------------------------------------

    fn build_skeleton(&mut self) {
        let group = self.new_group(false);
        let main = self.new_func("main".into(), None, &[], false, None, group);
        debug_assert_eq!(main, MAIN);
        let spine = self.grow_spine();
        for f in spine {
            self.grow(f);
        }
    }

    fn new_group(&mut self, fueled: bool) -> GroupId {
        self.groups.push(Group {
            members: Vec::new(),
            fueled,
            rank: 0,
            base_cost: 0,
            recursive_calls: 0,
        });
        self.groups.len() - 1
    }

    fn new_var(&mut self, name: &str, ty: Ty, role: Role) -> VarId {
        self.vars.push(Var {
            name: name.to_string(),
            ty,
            role,
        });
        self.vars.len() - 1
    }

    fn random_ty(&mut self) -> Ty {
        if self.rng.chance(60) {
            Ty::Int
        } else {
            Ty::Bool
        }
    }

    /// A variable name not in `taken` (the scope's names so far).
    fn fresh_var_name(&mut self, taken: &[String]) -> String {
        for _ in 0..20 {
            let name = *self.rng.pick(VAR_NAMES);
            if !taken.iter().any(|t| t == name) {
                return name.to_string();
            }
        }
        (0..)
            .map(|n| format!("v{n}"))
            .find(|name| !taken.contains(name))
            .expect("an unused name")
    }

    /// Creates a function with its parameters (after `fuel`, if fueled)
    /// and locals (plain ones, then loop counters).
    fn new_func(
        &mut self,
        name: String,
        ret: Option<Ty>,
        param_types: &[Ty],
        fueled: bool,
        parent: Option<FuncId>,
        group: GroupId,
    ) -> FuncId {
        let mut taken: Vec<String> = Vec::new();
        let mut params = Vec::new();
        if fueled {
            params.push(self.new_var(FUEL, Ty::Int, Role::Fuel));
            taken.push(FUEL.into());
        }
        for &ty in param_types {
            let name = self.fresh_var_name(&taken);
            params.push(self.new_var(&name, ty, Role::Plain));
            taken.push(name);
        }
        let (lo, hi) = if parent.is_none() {
            self.config.main_locals
        } else {
            self.config.locals
        };
        let mut locals = Vec::new();
        // main always gets one variable of each type, so there is always
        // something to read and to assign.
        if parent.is_none() {
            for ty in [Ty::Int, Ty::Bool] {
                let name = self.fresh_var_name(&taken);
                locals.push(self.new_var(&name, ty, Role::Plain));
                taken.push(name);
            }
        }
        for _ in 0..self.rng.range(lo, hi) {
            let name = self.fresh_var_name(&taken);
            let ty = self.random_ty();
            locals.push(self.new_var(&name, ty, Role::Plain));
            taken.push(name);
        }
        let mut counter_names: Vec<&str> = COUNTER_NAMES.to_vec();
        let mut counters = Vec::new();
        for _ in 0..2 {
            let name = counter_names.remove(self.rng.index(counter_names.len()));
            counters.push(self.new_var(name, Ty::Int, Role::Counter));
        }
        locals.extend(&counters);
        let depth = parent.map_or(0, |p| self.funcs[p].depth + 1);
        self.funcs.push(Func {
            name,
            ret,
            params,
            locals,
            counters,
            fueled,
            parent,
            children: Vec::new(),
            depth,
            group,
            body: Vec::new(),
            called: false,
        });
        let id = self.funcs.len() - 1;
        self.groups[group].members.push(id);
        if let Some(parent) = parent {
            self.funcs[parent].children.push(id);
        }
        id
    }

    fn grow(&mut self, f: FuncId) {
        let depth = self.funcs[f].depth;
        if depth >= self.config.max_depth {
            return;
        }
        let (lo, hi) = if f == MAIN {
            self.config.main_children
        } else {
            self.config.children
        };
        let count = self.rng.range(lo, hi);
        for _ in 0..count {
            let child = self.new_child(f);
            self.grow(child);
        }
    }

    /// A chain of nested functions from `main` down to the deepest level,
    /// so every program nests as deep as its size allows; returns it, `main`
    /// first.
    fn grow_spine(&mut self) -> Vec<FuncId> {
        let mut spine = vec![MAIN];
        while self.funcs[*spine.last().unwrap()].depth < self.config.max_depth {
            let child = self.new_child(*spine.last().unwrap());
            spine.push(child);
        }
        spine
    }

    /// Adds a nested function to `parent`, with a signature new among its
    /// siblings, and puts it in a group.
    fn new_child(&mut self, parent: FuncId) -> FuncId {
        let fueled = self.rng.chance(45);
        let ret = match self.rng.range(0, 3) {
            0 => None,
            1 | 2 => Some(Ty::Int),
            _ => Some(Ty::Bool),
        };
        let ret = if ret == Some(Ty::Int) && self.rng.chance(30) {
            Some(Ty::Bool)
        } else {
            ret
        };
        let siblings = self.funcs[parent].children.clone();
        let (name, param_types) = loop {
            let name = if self.rng.chance(12) {
                // Overloading the enclosing function's name.
                self.funcs[parent].name.clone()
            } else if !siblings.is_empty() && self.rng.chance(25) {
                // Overloading a sibling.
                self.funcs[*self.rng.pick(&siblings)].name.clone()
            } else {
                self.rng.pick(FUNC_NAMES).to_string()
            };
            let count = self.rng.range(0, 2) + u32::from(!fueled && self.rng.chance(30));
            let param_types: Vec<Ty> = (0..count).map(|_| self.random_ty()).collect();
            let mut signature = if fueled { vec![Ty::Int] } else { vec![] };
            signature.extend(&param_types);
            let clash = siblings.iter().any(|&s| {
                self.funcs[s].name == name && self.funcs[s].param_types(&self.vars) == signature
            });
            if !clash {
                break (name, param_types);
            }
        };
        let group = if !fueled {
            self.new_group(false)
        } else if self.funcs[parent].fueled && self.rng.chance(40) {
            // It may call its enclosing function back (with less fuel).
            self.funcs[parent].group
        } else {
            let fueled_siblings: Vec<FuncId> = siblings
                .iter()
                .copied()
                .filter(|&s| self.funcs[s].fueled)
                .collect();
            if !fueled_siblings.is_empty() && self.rng.chance(50) {
                // Mutual recursion with a sibling.
                self.funcs[*self.rng.pick(&fueled_siblings)].group
            } else {
                self.new_group(true)
            }
        };
        self.new_func(name, ret, &param_types, fueled, Some(parent), group)
    }

    /// Ranks the groups and returns the functions in generation order.
    ///
    /// A group's rank is the postorder position of its last member: a
    /// nested function in another group than its parent's has all of its
    /// group's members inside the parent's subtree, so its group ranks
    /// below the parent's.
    fn generation_order(&mut self) -> Vec<FuncId> {
        let mut postorder = Vec::new();
        let mut stack = vec![(MAIN, false)];
        while let Some((f, children_done)) = stack.pop() {
            if children_done {
                postorder.push(f);
            } else {
                stack.push((f, true));
                for &child in self.funcs[f].children.iter().rev() {
                    stack.push((child, false));
                }
            }
        }
        for (position, &f) in postorder.iter().enumerate() {
            let group = self.funcs[f].group;
            self.groups[group].rank = self.groups[group].rank.max(position);
        }
        let mut order: Vec<GroupId> = (0..self.groups.len()).collect();
        order.sort_by_key(|&g| self.groups[g].rank);
        order
            .into_iter()
            .flat_map(|g| self.groups[g].members.clone())
            .collect()
    }

    // ----- Phase 2: bodies -------------------------------------------------

    fn generate_body(&mut self, f: FuncId) {
        let budget = if f == MAIN {
            MAIN_BUDGET
        } else if self.funcs[f].fueled {
            FUELED_BUDGET
        } else {
            FUNC_BUDGET
        };
        let mut b = Body {
            func: f,
            mult: 1,
            cost: 0,
            recursive_calls: 0,
            budget,
            loops: 0,
            nest: 0,
        };
        let mut body = Vec::new();
        if self.funcs[f].fueled {
            body.push(self.fuel_check(&mut b));
        }
        let (lo, hi) = if f == MAIN {
            self.config.main_stmts
        } else {
            self.config.stmts
        };
        let count = self.rng.range(lo, hi);
        self.stmts(&mut b, count, &mut body);
        // A nested function nothing calls yet would be dead code: call it
        // here if the budget allows.
        for child in self.funcs[f].children.clone() {
            if !self.funcs[child].called {
                if let Some(plan) = self.plan_call(&b, child) {
                    b.charge(1);
                    let (name, args) = self.call_to(&mut b, child, plan, MAX_EXPR_DEPTH - 1);
                    body.push(Stmt::Call(name, args));
                }
            }
        }
        if f == MAIN {
            self.main_epilogue(&mut b, &mut body);
        }
        self.ending(&mut b, &mut body);
        let group = &mut self.groups[self.funcs[f].group];
        group.base_cost = group.base_cost.max(b.cost);
        group.recursive_calls = group.recursive_calls.max(b.recursive_calls);
        self.funcs[f].body = body;
    }

    /// `if fuel <= 0 { return ...; }`, in one of a few spellings.
    fn fuel_check(&mut self, b: &mut Body) -> Stmt {
        let fuel = || Expr::var(FUEL);
        let cond = match self.rng.range(0, 2) {
            0 => Expr::binary(BinOp::Le, fuel(), Expr::Int(0)),
            1 => Expr::binary(BinOp::Lt, fuel(), Expr::Int(1)),
            _ => Expr::Not(Box::new(Expr::binary(BinOp::Gt, fuel(), Expr::Int(0)))),
        };
        let mut then_block = Vec::new();
        if self.rng.chance(20) {
            then_block.push(Stmt::Print {
                arg: PrintArg::Str("bottom ".into()),
                newline: false,
            });
        }
        let ret = self.funcs[b.func].ret;
        let value = ret.map(|ty| self.leaf(b, ty));
        then_block.push(Stmt::Return(value));
        b.charge(4);
        Stmt::If {
            cond,
            then_block,
            else_block: None,
        }
    }

    /// `main` finishes by printing its variables, and sometimes divides by
    /// zero on purpose.
    fn main_epilogue(&mut self, b: &mut Body, body: &mut Vec<Stmt>) {
        if self.rng.chance(4) {
            let dividend = self.expr(b, Ty::Int, 1);
            let zero = if self.rng.chance(50) {
                Expr::Int(0)
            } else {
                let v = self.leaf(b, Ty::Int);
                Expr::Paren(Box::new(Expr::binary(BinOp::Sub, v.clone(), v)))
            };
            let op = if self.rng.chance(50) {
                BinOp::Div
            } else {
                BinOp::Rem
            };
            let at = self.rng.index(body.len() + 1);
            body.insert(
                at,
                Stmt::Print {
                    arg: PrintArg::Expr(Expr::binary(op, dividend, zero)),
                    newline: true,
                },
            );
        }
        for &v in &self.funcs[MAIN].locals.clone() {
            if self.vars[v].role == Role::Plain {
                body.push(Stmt::Print {
                    arg: PrintArg::Str(format!("{} = ", self.vars[v].name)),
                    newline: false,
                });
                body.push(Stmt::Print {
                    arg: PrintArg::Expr(Expr::var(&self.vars[v].name)),
                    newline: true,
                });
                b.charge(2 * PRINT_COST);
            }
        }
    }

    /// The end of a body: a typed one must not complete normally.
    fn ending(&mut self, b: &mut Body, body: &mut Vec<Stmt>) {
        let ret = self.funcs[b.func].ret;
        let choice = self.rng.range(0, 99);
        if choice < 15 {
            self.while_true(b, body);
        } else if choice < 30 && ret.is_some() {
            let cond = self.expr(b, Ty::Bool, MAX_EXPR_DEPTH);
            b.nest += 1;
            let mut then_block = Vec::new();
            let count = self.rng.range(0, 2);
            self.stmts(b, count, &mut then_block);
            then_block.push(self.return_stmt(b));
            let mut else_block = Vec::new();
            let count = self.rng.range(0, 2);
            self.stmts(b, count, &mut else_block);
            else_block.push(self.return_stmt(b));
            b.nest -= 1;
            body.push(Stmt::If {
                cond,
                then_block,
                else_block: Some(else_block),
            });
        } else if ret.is_some() || (b.func != MAIN && self.rng.chance(25)) {
            body.push(self.return_stmt(b));
        }
    }

    /// `i = 0; while true { if i >= N { return ...; } i = i + 1; ... }`,
    /// which cannot complete normally (so it ends a body).
    fn while_true(&mut self, b: &mut Body, body: &mut Vec<Stmt>) {
        let counter = self.funcs[b.func].counters[0];
        let name = self.vars[counter].name.clone();
        let bound = i64::from(self.rng.range(1, 4));
        body.push(Stmt::Assign(name.clone(), Expr::Int(0)));
        let exit = Stmt::If {
            cond: Expr::binary(BinOp::Ge, Expr::var(&name), Expr::Int(bound)),
            then_block: vec![self.return_stmt(b)],
            else_block: None,
        };
        let step = Stmt::Assign(
            name.clone(),
            Expr::binary(BinOp::Add, Expr::var(&name), Expr::Int(1)),
        );
        let saved_mult = b.mult;
        b.mult = b.mult.saturating_mul(bound as u64 + 1);
        b.charge(3);
        b.mult = saved_mult.saturating_mul(bound as u64);
        b.loops += 1;
        b.nest += 1;
        let mut loop_body = vec![exit, step];
        let count = self.rng.range(1, 3);
        self.stmts(b, count, &mut loop_body);
        b.nest -= 1;
        b.loops -= 1;
        b.mult = saved_mult;
        let cond = if self.rng.chance(20) {
            Expr::Paren(Box::new(Expr::Bool(true)))
        } else {
            Expr::Bool(true)
        };
        body.push(Stmt::While {
            cond,
            body: loop_body,
        });
    }

    fn return_stmt(&mut self, b: &mut Body) -> Stmt {
        b.charge(1);
        match self.funcs[b.func].ret {
            None => Stmt::Return(None),
            Some(ty) => Stmt::Return(Some(self.expr(b, ty, MAX_EXPR_DEPTH))),
        }
    }

    /// Appends `count` statements that can all complete normally.
    fn stmts(&mut self, b: &mut Body, count: u32, out: &mut Vec<Stmt>) {
        for _ in 0..count {
            self.stmt(b, out);
        }
    }

    /// A block of an `if`: a few statements, sometimes ending in an early
    /// return if `may_return`.
    fn block(&mut self, b: &mut Body, may_return: bool) -> Vec<Stmt> {
        let mut out = Vec::new();
        let count = self.rng.range(1, 3);
        self.stmts(b, count, &mut out);
        let early_return = if b.func == MAIN { 3 } else { 20 };
        if may_return && self.rng.chance(early_return) {
            out.push(self.return_stmt(b));
        }
        out
    }

    fn stmt(&mut self, b: &mut Body, out: &mut Vec<Stmt>) {
        let can_nest = b.nest < MAX_BLOCK_NEST;
        let can_loop = can_nest && b.loops < self.funcs[b.func].counters.len() && b.mult <= 16;
        let weights = [
            24,                            // assignment
            22,                            // print
            12,                            // call
            if can_nest { 14 } else { 0 }, // if
            if can_loop { 9 } else { 0 },  // while
        ];
        b.charge(1);
        match self.rng.weighted(&weights) {
            0 => out.push(self.assignment(b)),
            1 => self.print(b, out),
            2 => match self.call_stmt(b) {
                Some(call) => out.push(call),
                None => out.push(self.assignment(b)),
            },
            3 => {
                let cond = self.expr(b, Ty::Bool, MAX_EXPR_DEPTH);
                b.nest += 1;
                let then_block = self.block(b, true);
                // If both branches returned, the `if` could not complete
                // normally and would have to end the body.
                let then_returns = matches!(then_block.last(), Some(Stmt::Return(_)));
                let else_block = if self.rng.chance(45) {
                    Some(self.block(b, !then_returns))
                } else {
                    None
                };
                b.nest -= 1;
                out.push(Stmt::If {
                    cond,
                    then_block,
                    else_block,
                });
            }
            _ => self.while_loop(b, out),
        }
    }

    fn assignment(&mut self, b: &mut Body) -> Stmt {
        let targets: Vec<VarId> = self
            .visible_vars(b.func)
            .into_iter()
            .filter(|&v| self.vars[v].role == Role::Plain)
            .collect();
        // main always has plain locals, and they are visible everywhere
        // unless shadowed by plain variables, so this is never empty.
        let target = *self.rng.pick(&targets);
        let ty = self.vars[target].ty;
        let value = self.expr(b, ty, MAX_EXPR_DEPTH);
        Stmt::Assign(self.vars[target].name.clone(), value)
    }

    fn print(&mut self, b: &mut Body, out: &mut Vec<Stmt>) {
        b.charge(PRINT_COST);
        let newline = self.rng.chance(60);
        let arg = match self.rng.range(0, 9) {
            0..=3 => PrintArg::Expr(self.expr(b, Ty::Int, MAX_EXPR_DEPTH)),
            4 | 5 => PrintArg::Expr(self.expr(b, Ty::Bool, MAX_EXPR_DEPTH)),
            6 | 7 => {
                // A label, then the value.
                out.push(Stmt::Print {
                    arg: PrintArg::Str(self.string_literal()),
                    newline: false,
                });
                let ty = self.random_ty();
                PrintArg::Expr(self.expr(b, ty, MAX_EXPR_DEPTH))
            }
            _ => PrintArg::Str(self.string_literal()),
        };
        out.push(Stmt::Print { arg, newline });
    }

    fn string_literal(&mut self) -> String {
        if self.rng.chance(5) {
            return String::new();
        }
        let count = self.rng.range(1, 4);
        (0..count).map(|_| *self.rng.pick(STRING_PIECES)).collect()
    }

    /// `c = 0; while c < N ... { ...; c = c + 1; }` or the count-down
    /// variant, maybe with an extra condition joined by `&&`.
    fn while_loop(&mut self, b: &mut Body, out: &mut Vec<Stmt>) {
        let counter = self.funcs[b.func].counters[b.loops];
        let name = self.vars[counter].name.clone();
        let bound = i64::from(self.rng.range(1, if b.mult <= 2 { 6 } else { 3 }));
        let counter_var = || Expr::var(&name);
        let up = self.rng.chance(70);
        let (reset, limit, step_op) = if up {
            let limit = match self.rng.range(0, 2) {
                0 => Expr::binary(BinOp::Lt, counter_var(), Expr::Int(bound)),
                1 => Expr::binary(BinOp::Gt, Expr::Int(bound), counter_var()),
                _ => Expr::Not(Box::new(Expr::binary(
                    BinOp::Ge,
                    counter_var(),
                    Expr::Int(bound),
                ))),
            };
            (0, limit, BinOp::Add)
        } else {
            let limit = Expr::binary(BinOp::Gt, counter_var(), Expr::Int(0));
            (bound, limit, BinOp::Sub)
        };
        out.push(Stmt::Assign(name.clone(), Expr::Int(reset)));

        let saved_mult = b.mult;
        b.mult = b.mult.saturating_mul(bound as u64 + 1);
        b.charge(2);
        let cond = match self.rng.range(0, 3) {
            0 | 1 => limit,
            2 => Expr::binary(BinOp::And, limit, self.expr(b, Ty::Bool, 2)),
            _ => Expr::binary(BinOp::And, self.expr(b, Ty::Bool, 2), limit),
        };
        b.mult = saved_mult.saturating_mul(bound as u64);
        b.loops += 1;
        b.nest += 1;
        let step = Stmt::Assign(
            name.clone(),
            Expr::binary(step_op, counter_var(), Expr::Int(1)),
        );
        let step_first = self.rng.chance(30);
        let mut body = Vec::new();
        if step_first {
            body.push(step.clone());
        }
        let count = self.rng.range(1, 3);
        self.stmts(b, count, &mut body);
        if !step_first {
            body.push(step);
        }
        b.nest -= 1;
        b.loops -= 1;
        b.mult = saved_mult;
        out.push(Stmt::While { cond, body });
    }

    // ----- Expressions -----------------------------------------------------

    fn expr(&mut self, b: &mut Body, ty: Ty, depth: u32) -> Expr {
        b.charge(1);
        match ty {
            Ty::Int => self.int_expr(b, depth),
            Ty::Bool => self.bool_expr(b, depth),
        }
    }

    /// A variable or a literal.
    fn leaf(&mut self, b: &Body, ty: Ty) -> Expr {
        let vars: Vec<VarId> = self
            .visible_vars(b.func)
            .into_iter()
            .filter(|&v| self.vars[v].ty == ty)
            .collect();
        if !vars.is_empty() && self.rng.chance(65) {
            return Expr::var(&self.vars[*self.rng.pick(&vars)].name);
        }
        match ty {
            Ty::Int => Expr::Int(self.int_literal()),
            Ty::Bool => Expr::Bool(self.rng.chance(50)),
        }
    }

    fn int_literal(&mut self) -> i64 {
        match self.rng.range(0, 99) {
            0..=64 => i64::from(self.rng.range(0, 20)),
            65..=74 => -i64::from(self.rng.range(1, 9)),
            75..=92 => *self.rng.pick(SPECIAL_INTS),
            _ => self.rng.range_i64(-2147483648, 2147483647),
        }
    }

    fn int_expr(&mut self, b: &mut Body, depth: u32) -> Expr {
        if depth == 0 {
            return self.leaf(b, Ty::Int);
        }
        let d = depth - 1;
        let weights = [
            8,  // literal
            22, // variable
            16, // + -
            7,  // *
            8,  // / %
            6,  // unary minus
            1,  // unary plus
            10, // call
            2,  // redundant parentheses
        ];
        match self.rng.weighted(&weights) {
            0 => Expr::Int(self.int_literal()),
            1 => self.leaf(b, Ty::Int),
            2 => {
                let op = if self.rng.chance(50) {
                    BinOp::Add
                } else {
                    BinOp::Sub
                };
                let lhs = self.expr(b, Ty::Int, d);
                let rhs = self.expr(b, Ty::Int, d);
                Expr::binary(op, lhs, rhs)
            }
            3 => {
                let lhs = self.expr(b, Ty::Int, d);
                let rhs = if self.rng.chance(30) {
                    Expr::Int(*self.rng.pick(SPECIAL_INTS))
                } else {
                    self.expr(b, Ty::Int, d)
                };
                Expr::binary(BinOp::Mul, lhs, rhs)
            }
            4 => {
                let op = if self.rng.chance(50) {
                    BinOp::Div
                } else {
                    BinOp::Rem
                };
                let lhs = self.expr(b, Ty::Int, d);
                let rhs = self.divisor(b, d);
                Expr::binary(op, lhs, rhs)
            }
            5 => Expr::Neg(Box::new(self.atom(b, Ty::Int, d))),
            6 => Expr::Plus(Box::new(self.atom(b, Ty::Int, d))),
            7 => self
                .call_expr(b, Ty::Int, d)
                .unwrap_or_else(|| self.leaf(b, Ty::Int)),
            _ => Expr::Paren(Box::new(self.expr(b, Ty::Int, d))),
        }
    }

    /// An operand for unary minus or plus: mostly atoms, sometimes an
    /// operator expression (which the printer parenthesises).
    fn atom(&mut self, b: &mut Body, ty: Ty, depth: u32) -> Expr {
        if self.rng.chance(60) {
            self.leaf(b, ty)
        } else {
            self.expr(b, ty, depth)
        }
    }

    /// A divisor that cannot be zero, except in risky programs.
    fn divisor(&mut self, b: &mut Body, depth: u32) -> Expr {
        if self.risky && self.rng.chance(30) {
            return if self.rng.chance(10) {
                Expr::Int(0)
            } else {
                self.expr(b, Ty::Int, depth)
            };
        }
        match self.rng.range(0, 4) {
            0 | 1 => {
                let v = self.int_literal();
                Expr::Int(if v == 0 { -1 } else { v })
            }
            2 => {
                // e % k is in -(k-1)..=k-1, so e % k + (k + 1) is in 2..=2k.
                let k = i64::from(self.rng.range(1, 9));
                let e = self.expr(b, Ty::Int, depth);
                Expr::Paren(Box::new(Expr::binary(
                    BinOp::Add,
                    Expr::binary(BinOp::Rem, e, Expr::Int(k)),
                    Expr::Int(k + 1),
                )))
            }
            3 => {
                // ... and e % k - (k + 1) is in -2k..=-2.
                let k = i64::from(self.rng.range(1, 9));
                let e = self.expr(b, Ty::Int, depth);
                Expr::Paren(Box::new(Expr::binary(
                    BinOp::Sub,
                    Expr::binary(BinOp::Rem, e, Expr::Int(k)),
                    Expr::Int(k + 1),
                )))
            }
            _ => Expr::Int(-1),
        }
    }

    fn bool_expr(&mut self, b: &mut Body, depth: u32) -> Expr {
        if depth == 0 {
            return self.leaf(b, Ty::Bool);
        }
        let d = depth - 1;
        let weights = [
            4,  // literal
            12, // variable
            26, // int comparison
            5,  // bool == / !=
            12, // &&
            12, // ||
            10, // !
            12, // call
            2,  // redundant parentheses
        ];
        match self.rng.weighted(&weights) {
            0 => Expr::Bool(self.rng.chance(50)),
            1 => self.leaf(b, Ty::Bool),
            2 => {
                let op = *self.rng.pick(&[
                    BinOp::Eq,
                    BinOp::Ne,
                    BinOp::Lt,
                    BinOp::Le,
                    BinOp::Gt,
                    BinOp::Ge,
                ]);
                let lhs = self.expr(b, Ty::Int, d);
                let rhs = self.expr(b, Ty::Int, d);
                Expr::binary(op, lhs, rhs)
            }
            3 => {
                let op = if self.rng.chance(50) {
                    BinOp::Eq
                } else {
                    BinOp::Ne
                };
                let lhs = self.expr(b, Ty::Bool, d);
                let rhs = self.expr(b, Ty::Bool, d);
                Expr::binary(op, lhs, rhs)
            }
            4 | 5 => {
                let op = if self.rng.chance(50) {
                    BinOp::And
                } else {
                    BinOp::Or
                };
                let lhs = self.expr(b, Ty::Bool, d);
                // The right operand is where side effects matter most.
                let rhs = if self.rng.chance(40) {
                    self.call_expr(b, Ty::Bool, d)
                        .unwrap_or_else(|| self.leaf(b, Ty::Bool))
                } else {
                    self.expr(b, Ty::Bool, d)
                };
                Expr::binary(op, lhs, rhs)
            }
            6 => Expr::Not(Box::new(self.expr(b, Ty::Bool, d))),
            7 => self
                .call_expr(b, Ty::Bool, d)
                .unwrap_or_else(|| self.leaf(b, Ty::Bool)),
            _ => Expr::Paren(Box::new(self.expr(b, Ty::Bool, d))),
        }
    }

    // ----- Calls -----------------------------------------------------------

    fn call_expr(&mut self, b: &mut Body, ty: Ty, depth: u32) -> Option<Expr> {
        let (name, args) = self.call(b, |ret| ret == Some(ty), depth)?;
        Some(Expr::Call(name, args))
    }

    fn call_stmt(&mut self, b: &mut Body) -> Option<Stmt> {
        let (name, args) = self.call(b, |_| true, MAX_EXPR_DEPTH - 1)?;
        Some(Stmt::Call(name, args))
    }

    /// A call to a random function whose return type passes `want`, among
    /// those visible, allowed by the ranking and affordable.
    fn call(
        &mut self,
        b: &mut Body,
        want: impl Fn(Option<Ty>) -> bool,
        depth: u32,
    ) -> Option<(String, Vec<Expr>)> {
        let mut candidates: Vec<(FuncId, CallPlan)> = Vec::new();
        for g in self.visible_funcs(b.func) {
            if want(self.funcs[g].ret) {
                if let Some(plan) = self.plan_call(b, g) {
                    candidates.push((g, plan));
                }
            }
        }
        if candidates.is_empty() {
            return None;
        }
        // Prefer functions nothing calls yet, so that few are dead code.
        let uncalled: Vec<usize> = (0..candidates.len())
            .filter(|&i| !self.funcs[candidates[i].0].called)
            .collect();
        let chosen = if !uncalled.is_empty() && self.rng.chance(70) {
            *self.rng.pick(&uncalled)
        } else {
            self.rng.index(candidates.len())
        };
        let (callee, plan) = candidates.swap_remove(chosen);
        Some(self.call_to(b, callee, plan, depth))
    }

    /// The name and arguments of a call to `callee`, charged to `b`.
    fn call_to(
        &mut self,
        b: &mut Body,
        callee: FuncId,
        plan: CallPlan,
        depth: u32,
    ) -> (String, Vec<Expr>) {
        self.funcs[callee].called = true;
        let mut args = Vec::new();
        let mut param_types = self.funcs[callee].param_types(&self.vars);
        match plan {
            CallPlan::Recursive => {
                b.recursive_calls += b.mult;
                b.charge(2);
                args.push(Expr::binary(BinOp::Sub, Expr::var(FUEL), Expr::Int(1)));
                param_types.remove(0);
            }
            CallPlan::Lower { cost, fuel } => {
                b.charge(cost + 1);
                if let Some(fuel) = fuel {
                    args.push(Expr::Int(i64::from(fuel)));
                    param_types.remove(0);
                }
            }
        }
        for ty in param_types {
            args.push(self.expr(b, ty, depth));
        }
        (self.funcs[callee].name.clone(), args)
    }

    /// Whether `b` may call `callee` now, and how.
    fn plan_call(&mut self, b: &Body, callee: FuncId) -> Option<CallPlan> {
        let caller_group = self.funcs[b.func].group;
        let callee_group = self.funcs[callee].group;
        if callee == MAIN {
            return None;
        }
        if caller_group == callee_group {
            let fits = self.groups[caller_group].fueled
                && b.recursive_calls + b.mult <= MAX_RECURSIVE_CALLS;
            return fits.then_some(CallPlan::Recursive);
        }
        if self.groups[callee_group].rank >= self.groups[caller_group].rank {
            return None;
        }
        if !self.groups[callee_group].fueled {
            let cost = self.groups[callee_group].base_cost;
            return b
                .can_afford(cost + 1)
                .then_some(CallPlan::Lower { cost, fuel: None });
        }
        let mut fuel = self.rng.range(1, MAX_FUEL);
        loop {
            let cost = self.fueled_cost(callee_group, fuel);
            if b.can_afford(cost + 1) {
                return Some(CallPlan::Lower {
                    cost,
                    fuel: Some(fuel),
                });
            }
            if fuel == 0 {
                return None;
            }
            fuel -= 1;
        }
    }

    /// An upper bound of the cost of entering `group` with `fuel`:
    /// `B·(1 + R + … + R^fuel)`.
    fn fueled_cost(&self, group: GroupId, fuel: u32) -> u64 {
        let base = self.groups[group].base_cost;
        let calls = self.groups[group].recursive_calls;
        let mut total: u64 = 0;
        let mut activations: u64 = 1;
        for _ in 0..=fuel {
            total = total.saturating_add(activations.saturating_mul(base));
            activations = activations.saturating_mul(calls);
        }
        total
    }

    // ----- Scopes ----------------------------------------------------------

    /// The functions whose bodies enclose `f`'s statements, innermost first.
    fn scope_chain(&self, f: FuncId) -> Vec<FuncId> {
        let mut chain = vec![f];
        while let Some(parent) = self.funcs[*chain.last().unwrap()].parent {
            chain.push(parent);
        }
        chain
    }

    /// The variables visible in `f`'s body: per name, the innermost.
    fn visible_vars(&self, f: FuncId) -> Vec<VarId> {
        let mut seen: Vec<&str> = Vec::new();
        let mut visible = Vec::new();
        for scope in self.scope_chain(f) {
            let func = &self.funcs[scope];
            for &v in func.params.iter().chain(&func.locals) {
                let name = self.vars[v].name.as_str();
                if !seen.contains(&name) {
                    seen.push(name);
                    visible.push(v);
                }
            }
        }
        visible
    }

    /// The functions callable by name from `f`'s body: per signature, the
    /// one declared in the innermost scope (§6's resolution rule).
    fn visible_funcs(&self, f: FuncId) -> Vec<FuncId> {
        let mut seen: Vec<(&str, Vec<Ty>)> = Vec::new();
        let mut visible = Vec::new();
        for scope in self.scope_chain(f) {
            for &g in &self.funcs[scope].children {
                let signature = (
                    self.funcs[g].name.as_str(),
                    self.funcs[g].param_types(&self.vars),
                );
                if !seen.contains(&signature) {
                    seen.push(signature);
                    visible.push(g);
                }
            }
        }
        visible
    }

    // ----- Output ----------------------------------------------------------

    fn build_ast(&mut self, f: FuncId) -> Function {
        let children = self.funcs[f].children.clone();
        let functions = children.into_iter().map(|c| self.build_ast(c)).collect();
        let func = &mut self.funcs[f];
        let var = |v: &VarId| (self.vars[*v].ty, self.vars[*v].name.clone());
        Function {
            ret: func.ret,
            name: func.name.clone(),
            params: func.params.iter().map(var).collect(),
            locals: func.locals.iter().map(var).collect(),
            functions,
            body: std::mem::take(&mut func.body),
        }
    }
}
