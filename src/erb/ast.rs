//! The syntax tree of a template's Ruby: expressions (every Ruby statement is
//! one), blocks, method definitions, and the template's text and output.

use std::rc::Rc;

/// An expression and the script line it starts on.
#[derive(Debug, Clone)]
pub struct Node {
    pub kind: NodeKind,
    pub line: u32,
}

/// A sequence of statements (a body); its value is the last one's.
pub type Body = Vec<Node>;

#[derive(Debug, Clone)]
pub enum NodeKind {
    Nil,
    True,
    False,
    SelfRef,
    Int(i64),
    Float(f64),
    /// A string literal, with interpolations.
    Str(Vec<StrNode>),
    Sym(Rc<str>),
    DSym(Vec<StrNode>),
    Regex(Vec<StrNode>, Rc<str>),
    Array(Vec<Node>),
    Hash(Vec<(Node, Node)>),
    Range(Option<Box<Node>>, Option<Box<Node>>, bool),
    Ivar(Rc<str>),
    Gvar(Rc<str>),
    NthRef(u32),
    LVar(Rc<str>),
    /// A constant, optionally under a scope (`JSON::ParserError`).
    Const(Option<Box<Node>>, Rc<str>),
    /// A method call (operators are calls too: `a + b` calls `+` on `a`).
    Call(Box<Call>),
    /// `*x` in an argument list or array literal.
    Splat(Box<Node>),
    /// `&blk`, `&:sym` as the last argument.
    BlockPass(Box<Node>),
    Not(Box<Node>),
    And(Box<Node>, Box<Node>),
    Or(Box<Node>, Box<Node>),
    Defined(Box<Node>),
    Assign(Box<Node>, Box<Node>),
    /// `a, b = x` (x an array spreads; other values go to the first name).
    MultiAssign(Vec<Node>, Box<Node>),
    /// `a op= b` (`op` is `||`, `&&` or a method such as `+`).
    OpAssign(Box<Node>, Rc<str>, Box<Node>),
    If(Box<Node>, Body, Body),
    While {
        cond: Box<Node>,
        body: Body,
        until: bool,
    },
    Case(Option<Box<Node>>, Vec<(Vec<Node>, Body)>, Option<Body>),
    Begin(Box<BeginBlock>),
    Def(Rc<Def>),
    Return(Option<Box<Node>>),
    Next(Option<Box<Node>>),
    Break(Option<Box<Node>>),
    /// `(a; b)`, `begin ... end` without rescue.
    Seq(Body),
    /// Template text.
    Text(Rc<str>),
    /// `<%= expr %>`.
    Output(Box<Node>),
}

/// A piece of a string literal.
#[derive(Debug, Clone)]
pub enum StrNode {
    Lit(Rc<str>),
    Code(Body),
}

#[derive(Debug, Clone)]
pub struct Call {
    pub recv: Option<Node>,
    pub name: Rc<str>,
    pub args: Vec<Node>,
    pub block: Option<Rc<Block>>,
    /// `&.`: nil receivers give nil.
    pub safe: bool,
}

/// A block (`{ |x| ... }`, `do |x| ... end`).
#[derive(Debug, Clone)]
pub struct Block {
    pub params: Vec<Param>,
    pub body: Body,
}

/// A block or method parameter.
#[derive(Debug, Clone)]
pub enum Param {
    Name(Rc<str>),
    /// `x = default` (methods only).
    Optional(Rc<str>, Node),
    /// `*rest`.
    Rest(Rc<str>),
    /// `(a, b)`: destructures one argument.
    Nested(Vec<Param>),
    /// `&block` (methods only): the block the call passed, which the
    /// interpreter supports only when there is none (then `nil`, which
    /// `&block` passes on as no block).
    Block(Rc<str>),
}

/// `begin ... rescue ... else ... ensure ... end`.
#[derive(Debug, Clone)]
pub struct BeginBlock {
    pub body: Body,
    pub rescues: Vec<Rescue>,
    pub else_body: Option<Body>,
    pub ensure: Option<Body>,
}

#[derive(Debug, Clone)]
pub struct Rescue {
    /// The exception classes (constants); empty means StandardError.
    pub classes: Vec<Node>,
    pub var: Option<Rc<str>>,
    pub body: Body,
}

/// `def name(params) ... end`.
#[derive(Debug, Clone)]
pub struct Def {
    pub name: Rc<str>,
    pub params: Vec<Param>,
    pub body: Node,
}

impl Node {
    pub fn new(kind: NodeKind, line: u32) -> Node {
        Node { kind, line }
    }
}
