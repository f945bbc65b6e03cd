//! The abstract syntax tree of the Puppet language, as Puppet 7's parser builds
//! it (its `Pops::Model`), with byte spans on every node.
//!
//! `Expr::span` always covers the whole construct; [`Expr::loc`] gives the
//! offset Puppet reports errors at (for binary operators that is the operator).

use super::span::Span;

/// One expression with its span.
#[derive(Debug, Clone, PartialEq)]
pub struct Expr {
    pub kind: ExprKind,
    pub span: Span,
}

impl Expr {
    pub fn new(kind: ExprKind, span: Span) -> Expr {
        Expr { kind, span }
    }

    /// Where Puppet locates this expression in its messages.
    pub fn loc(&self) -> Span {
        match &self.kind {
            ExprKind::Binary { op_span, .. }
            | ExprKind::Assign { op_span, .. }
            | ExprKind::Relationship { op_span, .. } => *op_span,
            _ => self.span,
        }
    }
}

/// Every kind of expression.
#[derive(Debug, Clone, PartialEq)]
pub enum ExprKind {
    /// An empty program or body.
    Nop,
    Undef,
    Default,
    Bool(bool),
    Integer {
        value: i64,
        radix: u8,
    },
    Float(f64),
    /// A string without interpolation (single-quoted, plain double-quoted, or a bare word).
    String(String),
    /// A double-quoted string or heredoc with interpolation.
    Concat(Vec<StringPart>),
    /// `@(TAG:syntax)` text; `text` is a `String` or `Concat`. The heredoc's
    /// span is its `@(TAG)` (as Puppet positions it); the text, on the lines
    /// that follow, has its own spans.
    Heredoc {
        syntax: String,
        text: Box<Expr>,
    },
    /// A regular expression literal, without its slashes.
    Regex(String),
    /// A bare lowercase name, e.g. a function name or an unquoted word.
    QualifiedName(String),
    /// A capitalized type name as written, e.g. `File`, `Mymod::Thing`.
    QualifiedReference(String),
    /// `$name`: the name without `$` (may start with `::`; numeric for match variables).
    Variable(String),
    Array(Vec<Expr>),
    Hash(Vec<HashEntry>),
    Unary {
        op: UnaryOp,
        expr: Box<Expr>,
    },
    Binary {
        op: BinaryOp,
        left: Box<Expr>,
        right: Box<Expr>,
        op_span: Span,
    },
    Paren(Box<Expr>),
    /// `left[keys]`.
    Access {
        target: Box<Expr>,
        keys: Vec<Expr>,
    },
    /// `test ? { match => value, ... }`.
    Selector {
        test: Box<Expr>,
        entries: Vec<SelectorEntry>,
    },
    Assign {
        op: AssignOp,
        target: Box<Expr>,
        value: Box<Expr>,
        op_span: Span,
    },
    /// Chaining arrows `->`, `~>`, `<-`, `<~`.
    Relationship {
        op: RelationshipOp,
        left: Box<Expr>,
        right: Box<Expr>,
        op_span: Span,
    },
    /// `name(args) |params| { ... }` or a statement call `include a, b`.
    CallNamed {
        functor: Box<Expr>,
        args: Vec<Expr>,
        lambda: Option<Box<Lambda>>,
        /// Called with parentheses (an rvalue); false for statement calls.
        rval_required: bool,
    },
    /// `target.name(args) |params| { ... }`.
    CallMethod {
        target: Box<Expr>,
        name: String,
        name_span: Span,
        args: Vec<Expr>,
        lambda: Option<Box<Lambda>>,
    },
    If {
        test: Box<Expr>,
        then_body: Vec<Expr>,
        else_body: Option<Box<Expr>>,
    },
    Unless {
        test: Box<Expr>,
        then_body: Vec<Expr>,
        else_body: Option<Box<Expr>>,
    },
    Case {
        test: Box<Expr>,
        options: Vec<CaseOption>,
    },
    /// Several statements where one expression is expected.
    Block(Vec<Expr>),
    /// `type { title: attrs; ... }` (also `class { 'x': }`).
    Resource {
        form: ResourceForm,
        type_name: Box<Expr>,
        bodies: Vec<ResourceBody>,
    },
    /// `File { attrs }` or `Resource[File] { attrs }`.
    ResourceDefaults {
        form: ResourceForm,
        type_ref: Box<Expr>,
        ops: Vec<AttributeOp>,
    },
    /// `File['x'] { attrs }`.
    ResourceOverride {
        form: ResourceForm,
        target: Box<Expr>,
        ops: Vec<AttributeOp>,
    },
    /// `Type <| query |> { attrs }` and `<<| |>>`.
    Collect {
        type_expr: Box<Expr>,
        exported: bool,
        query: Option<Box<Expr>>,
        query_span: Span,
        ops: Vec<AttributeOp>,
    },
    Class(Box<ClassDef>),
    Define(Box<DefineDef>),
    Node(Box<NodeDef>),
    Function(Box<FunctionDef>),
    TypeAlias(Box<TypeAliasDef>),
    /// `type Runtime[...] = ...`: a type mapping, a definition that Puppet
    /// accepts only for `Runtime` types and that evaluates to nothing.
    TypeMapping(Box<TypeMappingDef>),
    /// `type Name [inherits Parent] { ... }` (parsed, rejected by validation as Puppet does).
    TypeDefinition {
        name: String,
    },
    /// The reserved words `attr` and `private`.
    Reserved(String),
}

/// One part of an interpolated string.
#[derive(Debug, Clone, PartialEq)]
pub enum StringPart {
    Literal(String),
    /// `${expr}` or `$var`.
    Expr(Expr),
}

#[derive(Debug, Clone, PartialEq)]
pub struct HashEntry {
    pub key: Expr,
    pub value: Expr,
    /// The `=>` token (where Puppet locates the entry).
    pub span: Span,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum UnaryOp {
    /// `!`
    Not,
    /// `-`
    Neg,
    /// `*` (unfold)
    Splat,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BinaryOp {
    In,
    Match,
    NotMatch,
    Mul,
    Div,
    Mod,
    Add,
    Sub,
    Shl,
    Shr,
    Eq,
    Ne,
    Gt,
    Ge,
    Lt,
    Le,
    And,
    Or,
}

impl BinaryOp {
    pub fn as_str(self) -> &'static str {
        match self {
            BinaryOp::In => "in",
            BinaryOp::Match => "=~",
            BinaryOp::NotMatch => "!~",
            BinaryOp::Mul => "*",
            BinaryOp::Div => "/",
            BinaryOp::Mod => "%",
            BinaryOp::Add => "+",
            BinaryOp::Sub => "-",
            BinaryOp::Shl => "<<",
            BinaryOp::Shr => ">>",
            BinaryOp::Eq => "==",
            BinaryOp::Ne => "!=",
            BinaryOp::Gt => ">",
            BinaryOp::Ge => ">=",
            BinaryOp::Lt => "<",
            BinaryOp::Le => "<=",
            BinaryOp::And => "and",
            BinaryOp::Or => "or",
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AssignOp {
    Assign,
    Append,
    Delete,
}

impl AssignOp {
    pub fn as_str(self) -> &'static str {
        match self {
            AssignOp::Assign => "=",
            AssignOp::Append => "+=",
            AssignOp::Delete => "-=",
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RelationshipOp {
    /// `->`: left before right.
    Before,
    /// `~>`: left notifies right.
    Notify,
    /// `<-`: right before left.
    Require,
    /// `<~`: right notifies left.
    Subscribe,
}

impl RelationshipOp {
    pub fn as_str(self) -> &'static str {
        match self {
            RelationshipOp::Before => "->",
            RelationshipOp::Notify => "~>",
            RelationshipOp::Require => "<-",
            RelationshipOp::Subscribe => "<~",
        }
    }
}

#[derive(Debug, Clone, PartialEq)]
pub struct SelectorEntry {
    pub matching: Expr,
    pub value: Expr,
    pub span: Span,
}

#[derive(Debug, Clone, PartialEq)]
pub struct CaseOption {
    pub values: Vec<Expr>,
    pub body: Vec<Expr>,
    pub span: Span,
}

/// Regular, virtual (`@`) or exported (`@@`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ResourceForm {
    Regular,
    Virtual,
    Exported,
}

#[derive(Debug, Clone, PartialEq)]
pub struct ResourceBody {
    pub title: Expr,
    pub ops: Vec<AttributeOp>,
    pub span: Span,
}

/// An attribute operation in a resource body, default, override or collector.
#[derive(Debug, Clone, PartialEq)]
pub enum AttributeOp {
    /// `name => value` or `name +> value`.
    Set {
        name: String,
        append: bool,
        value: Expr,
        span: Span,
    },
    /// `* => hash`.
    Splat { value: Expr, span: Span },
}

impl AttributeOp {
    pub fn span(&self) -> Span {
        match self {
            AttributeOp::Set { span, .. } | AttributeOp::Splat { span, .. } => *span,
        }
    }
}

/// A parameter of a class, define, function or lambda.
#[derive(Debug, Clone, PartialEq)]
pub struct Parameter {
    pub name: String,
    pub type_expr: Option<Expr>,
    pub default: Option<Expr>,
    /// `*$rest`.
    pub captures_rest: bool,
    pub span: Span,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Lambda {
    pub params: Vec<Parameter>,
    pub return_type: Option<Expr>,
    pub body: Vec<Expr>,
    pub span: Span,
}

#[derive(Debug, Clone, PartialEq)]
pub struct ClassDef {
    /// Fully qualified, lowercase as written (nested classes get their namespace).
    pub name: String,
    pub params: Vec<Parameter>,
    pub parent: Option<String>,
    pub body: Vec<Expr>,
    pub span: Span,
}

#[derive(Debug, Clone, PartialEq)]
pub struct DefineDef {
    pub name: String,
    pub params: Vec<Parameter>,
    pub body: Vec<Expr>,
    pub span: Span,
}

#[derive(Debug, Clone, PartialEq)]
pub struct NodeDef {
    /// Names (`String`), regexes (`Regex`) or `Default`.
    pub matches: Vec<Expr>,
    pub parent: Option<Expr>,
    pub body: Vec<Expr>,
    pub span: Span,
}

#[derive(Debug, Clone, PartialEq)]
pub struct FunctionDef {
    pub name: String,
    pub params: Vec<Parameter>,
    pub return_type: Option<Expr>,
    pub body: Vec<Expr>,
    pub span: Span,
}

#[derive(Debug, Clone, PartialEq)]
pub struct TypeAliasDef {
    pub name: String,
    pub type_expr: Expr,
    pub span: Span,
}

#[derive(Debug, Clone, PartialEq)]
pub struct TypeMappingDef {
    /// The mapped type (an access such as `Runtime['ruby', 'X']`).
    pub type_expr: Expr,
    /// What it maps to.
    pub mapping: Expr,
    pub span: Span,
}

/// A parsed file: its top-level statements.
#[derive(Debug, Clone, PartialEq)]
pub struct Program {
    pub body: Vec<Expr>,
}
