package rpg

import (
	"fmt"
	"strings"
)

// Kind is the basic type of a value of a generated program.
type Kind int

// The kinds, integers first (intKinds), then floats, bool and string.
const (
	Int8 Kind = iota
	Int16
	Int32
	Int64
	Int
	Uint8
	Uint16
	Uint32
	Uint64
	Uint
	Uintptr
	Float32
	Float64
	Bool
	String
	numKinds
)

var kindNames = [numKinds]string{"int8", "int16", "int32", "int64", "int", "uint8", "uint16", "uint32", "uint64", "uint", "uintptr", "float32", "float64", "bool", "string"}

var stageNames = [numKinds]string{"Int8", "Int16", "Int32", "Int64", "Int", "Uint8", "Uint16", "Uint32", "Uint64", "Uint", "Uintptr", "Float32", "Float64", "Bool", "String"}

func (k Kind) String() string { return kindNames[k] }

// IsInt reports whether k is an integer kind.
func (k Kind) IsInt() bool { return k <= Uintptr }

// IsFloat reports whether k is a floating-point kind.
func (k Kind) IsFloat() bool { return k == Float32 || k == Float64 }

// IsNum reports whether k is a numeric kind.
func (k Kind) IsNum() bool { return k <= Float64 }

// Signed reports whether k is a signed integer kind.
func (k Kind) Signed() bool { return k <= Int }

// Bits is the width of an integer or float kind.
func (k Kind) Bits() int {
	switch k {
	case Int8, Uint8:
		return 8
	case Int16, Uint16:
		return 16
	case Int32, Uint32, Float32:
		return 32
	}
	return 64
}

// Type is the Go type of a value: a basic kind, spelled as a stage type
// (stage.Int8) or as the plain type (int8), or a slice of a stage type.
type Type struct {
	Kind  Kind
	Stage bool // spelled stage.X (always true for slices)
	Slice bool // []stage.X
}

// Go spells t in a staging package.
func (t Type) Go() string {
	s := kindNames[t.Kind]
	if t.Stage || t.Slice {
		s = "stage." + stageNames[t.Kind]
	}
	if t.Slice {
		s = "[]" + s
	}
	return s
}

// Plain spells t with its underlying types ([]int8 for []stage.Int8).
func (t Type) Plain() string {
	if t.Slice {
		return "[]" + kindNames[t.Kind]
	}
	return kindNames[t.Kind]
}

// Elem is the element type of a slice type.
func (t Type) Elem() Type { return Type{Kind: t.Kind, Stage: true} }

// Var is a variable of a generated program: a parameter, a local, a loop
// variable.
type Var struct {
	Name string
	T    Type
	Dyn  bool // a Rep during staging (whatever its Go type)
	// Demoted marks a static-typed variable assigned under staged control:
	// lmsgen makes it a staged variable, so it may not be used where a
	// static value is required.
	Demoted bool
	// Depth marks the depth parameter of a recursive helper: never
	// assigned, so that the recursion ends.
	Depth bool
}

// static reports whether v is known at generation time.
func (v *Var) static() bool { return !v.Dyn && !v.Demoted }

// Expr is an expression of a generated program, a tree the reducer can
// simplify.
type Expr struct {
	Op   string // "lit", "var", "bin", "un", "conv", "call", "index", "slice", "len", "cap", "paren", "raw"
	T    Type
	Dyn  bool
	Lit  string  // literal text ("lit"), operator ("bin", "un"), function ("call", "conv")
	Var  *Var    // "var"
	Args []*Expr // operands
	// Const reports whether the expression is a Go constant expression.
	Const bool
}

func (e *Expr) render(b *strings.Builder) {
	switch e.Op {
	case "lit":
		b.WriteString(e.Lit)
	case "var":
		b.WriteString(e.Var.Name)
	case "bin":
		b.WriteString("(")
		e.Args[0].render(b)
		b.WriteString(" " + e.Lit + " ")
		e.Args[1].render(b)
		b.WriteString(")")
	case "un":
		b.WriteString("(" + e.Lit)
		e.Args[0].render(b)
		b.WriteString(")")
	case "conv", "call":
		b.WriteString(e.Lit + "(")
		for i, a := range e.Args {
			if i > 0 {
				b.WriteString(", ")
			}
			a.render(b)
		}
		b.WriteString(")")
	case "index":
		e.Args[0].render(b)
		b.WriteString("[")
		e.Args[1].render(b)
		b.WriteString("]")
	case "slice":
		e.Args[0].render(b)
		b.WriteString("[")
		if e.Args[1] != nil {
			e.Args[1].render(b)
		}
		b.WriteString(":")
		if e.Args[2] != nil {
			e.Args[2].render(b)
		}
		if len(e.Args) > 3 {
			b.WriteString(":")
			e.Args[3].render(b)
		}
		b.WriteString("]")
	default:
		panic("BUG: rpg: unknown expression " + e.Op)
	}
}

// String renders e as Go source.
func (e *Expr) String() string {
	var b strings.Builder
	e.render(&b)
	return b.String()
}

// walk calls f on e and every subexpression.
func (e *Expr) walk(f func(*Expr)) {
	if e == nil {
		return
	}
	f(e)
	for _, a := range e.Args {
		a.walk(f)
	}
}

// StmtKind is the kind of a statement.
type StmtKind int

// The statement kinds.
const (
	SDefine   StmtKind = iota // Decl := X
	SAssign                   // Lhs Op X (Op "=", "+=", ...); X nil for "++"/"--"
	SIf                       // if X { Body } else { Else }
	SFor                      // Head { Body }: a loop of any shape
	SExpr                     // X (a call, print)
	SReturn                   // return Args
	SBreak                    // break
	SContinue                 // continue
	SPanic                    // panic(Lit)
)

// Stmt is a statement of a generated program. Statements nest, so that
// the reducer can remove any of them, with what they contain.
type Stmt struct {
	Kind StmtKind
	Decl *Var // SDefine; SFor: the loop variables in LoopVars
	Lhs  *Expr
	Op   string
	X    *Expr
	Args []*Expr
	Body []*Stmt
	Else []*Stmt
	// Head renders a loop's header given its loop variables and X (the
	// staged condition, if any): everything between "for " and " {".
	Head     func() string
	LoopVars []*Var
	Lit      string
	// Fixed statements are never removed by the reducer (a function's
	// final return).
	Fixed bool
	// Gone statements are removed (by the reducer): not rendered.
	Gone bool
}

// walk calls f on s and every statement nested in it, in order.
func (s *Stmt) walk(f func(*Stmt)) {
	if s.Gone {
		return
	}
	f(s)
	for _, c := range s.Body {
		c.walk(f)
	}
	for _, c := range s.Else {
		c.walk(f)
	}
}

// exprs calls f on every expression of s itself (not nested statements).
func (s *Stmt) exprs(f func(*Expr)) {
	s.Lhs.walk(f)
	s.X.walk(f)
	for _, a := range s.Args {
		a.walk(f)
	}
}

// Param is a parameter of a staging function.
type Param struct {
	V *Var
}

// Func is a function of a generated package: a staging function with
// directives, or a helper (inlined, or staged with //lms:fun).
type Func struct {
	Name    string
	Params  []*Var
	Results []Type
	Body    []*Stmt
	LmsFun  bool
	Gens    []*Gen // //lms:gen directives
	// Calls lists the helpers this function calls.
	Calls []*Func
}

// Gen is one //lms:gen directive: a specialization.
type Gen struct {
	Name  string
	Bound map[string]string // parameter -> Go expression
	// Order lists the bound parameters in directive order.
	Order []string
}

// Prog is a generated staging package.
type Prog struct {
	Pkg   string
	Seed  uint64
	Funcs []*Func // helpers first, then staging functions
}

// Specs lists the specializations of p, in order.
func (p *Prog) Specs() []SpecRef {
	var out []SpecRef
	for _, f := range p.Funcs {
		for _, g := range f.Gens {
			out = append(out, SpecRef{Func: f, Gen: g})
		}
	}
	return out
}

// SpecRef is a specialization with its staging function.
type SpecRef struct {
	Func *Func
	Gen  *Gen
}

// Render writes p as the Go source of a staging package, with line
// ranges of its functions in lines (function name -> [first, last]).
func (p *Prog) Render() (src string, lines map[string][2]int) {
	used := map[*Var]bool{}
	for _, f := range p.Funcs {
		for _, s := range f.Body {
			s.walk(func(s *Stmt) {
				lhs, x := s.Lhs, s.X
				if lhs != nil && lhs.Op == "var" {
					s.Lhs = nil // an assigned variable is not used
				}
				if s.Kind == SFor && x != nil && !strings.Contains(s.Head(), x.String()) {
					// The header leaves out a condition that repeats its
					// own test (go vet: redundant and): what only it reads
					// is not used (seed 6142 F22a).
					s.X = nil
				}
				s.exprs(func(e *Expr) {
					if e.Op == "var" {
						used[e.Var] = true
					}
				})
				s.Lhs, s.X = lhs, x
			})
		}
	}
	r := &renderer{used: used}
	r.line("// Code generated by lmsrpg (seed %d). A random staging package.", p.Seed)
	r.line("")
	r.line("package %s", p.Pkg)
	r.line("")
	r.line("import (")
	r.line("\t\"fmt\"")
	r.line("")
	r.line("\t\"github.com/lmsgen/lmsgen/stage\"")
	r.line(")")
	r.line("")
	r.line("var _ = fmt.Println")
	lines = map[string][2]int{}
	for _, f := range p.Funcs {
		r.line("")
		first := r.n + 1
		if f.LmsFun {
			r.line("//lms:fun")
		}
		for _, g := range f.Gens {
			d := "//lms:gen " + g.Name
			for _, k := range g.Order {
				d += " " + k + "=" + g.Bound[k]
			}
			r.line("%s", d)
		}
		var ps []string
		for _, v := range f.Params {
			ps = append(ps, v.Name+" "+v.T.Go())
		}
		var rs []string
		for _, t := range f.Results {
			rs = append(rs, t.Go())
		}
		res := strings.Join(rs, ", ")
		if len(rs) > 1 {
			res = "(" + res + ")"
		}
		r.line("func %s(%s) %s {", f.Name, strings.Join(ps, ", "), res)
		r.depth++
		for _, v := range f.Params {
			if !used[v] {
				r.line("_ = %s", v.Name)
			}
		}
		r.block(f.Body)
		r.depth--
		r.line("}")
		lines[f.Name] = [2]int{first, r.n}
	}
	return r.b.String(), lines
}

type renderer struct {
	b     strings.Builder
	n     int // lines written
	depth int
	used  map[*Var]bool
}

func (r *renderer) line(format string, args ...any) {
	r.b.WriteString(strings.Repeat("\t", r.depth))
	fmt.Fprintf(&r.b, format, args...)
	r.b.WriteString("\n")
	r.n++
}

func (r *renderer) block(ss []*Stmt) {
	for _, s := range ss {
		r.stmt(s)
	}
}

func (r *renderer) stmt(s *Stmt) {
	if s.Gone {
		return
	}
	switch s.Kind {
	case SDefine:
		r.line("%s := %s", s.Decl.Name, s.X)
		if !r.used[s.Decl] {
			r.line("_ = %s", s.Decl.Name)
		}
	case SAssign:
		if s.X == nil {
			r.line("%s%s", s.Lhs, s.Op)
		} else {
			r.line("%s %s %s", s.Lhs, s.Op, s.X)
		}
	case SIf:
		r.line("if %s {", s.X)
		r.depth++
		r.block(s.Body)
		r.depth--
		if len(s.Else) > 0 {
			r.line("} else {")
			r.depth++
			r.block(s.Else)
			r.depth--
		}
		r.line("}")
	case SFor:
		r.line("for %s {", s.Head())
		r.depth++
		for _, v := range s.LoopVars {
			if v.Name != "_" && !r.used[v] {
				r.line("_ = %s", v.Name)
			}
		}
		r.block(s.Body)
		r.depth--
		r.line("}")
	case SExpr:
		r.line("%s", s.X)
	case SReturn:
		var as []string
		for _, a := range s.Args {
			as = append(as, a.String())
		}
		if len(as) == 0 {
			r.line("return")
		} else {
			r.line("return %s", strings.Join(as, ", "))
		}
	case SBreak:
		r.line("break")
	case SContinue:
		r.line("continue")
	case SPanic:
		r.line("panic(%q)", s.Lit)
	default:
		panic("BUG: rpg: unknown statement")
	}
}
