package ir

import (
	"fmt"
	"strconv"
	"strings"
)

// This file holds opaque values: values of a Go type the graph does not
// compute with (the error interface, time.Time, *os.File), which the
// generated code only passes along, compares (== and != with a value of
// the same type, nil among them) and hands to calls. The frontend makes
// them from the results of calls of the generated code (fmt.Errorf, a
// call that touches the world) and from static values the generated code
// can name (OpaqueVal). C has no translation for them: cgen refuses them.

// OpaqueOf returns the opaque type named by named (Path "" for a
// predeclared type such as error), or a pointer to it when ptr is set.
func OpaqueOf(named GoName, ptr bool) *Type {
	if named.IsZero() {
		panic("BUG: OpaqueOf without a name")
	}
	str := named.Name
	if named.Path != "" {
		str = named.Path + "." + named.Name
	}
	if ptr {
		str = "*" + str
	}
	return intern(&Type{Kind: KOpaque, Named: named, Ptr: ptr, str: str})
}

// ErrorType is the type error.
var ErrorType = OpaqueOf(GoName{Name: "error"}, false)

// OpaqueForm says how a constant of an opaque type is written.
type OpaqueForm uint8

const (
	// OpaqueNil is nil (a nil error, a nil *os.File).
	OpaqueNil OpaqueForm = iota
	// OpaqueZero is the zero value of a struct type: time.Time{}.
	OpaqueZero
	// OpaqueVar is the package-level variable Ref (io.EOF, ErrBad): the
	// very value the staging code held, so == and errors.Is keep
	// working.
	OpaqueVar
	// OpaqueErrorsNew is errors.New(Msg): a new error each time it is
	// evaluated, as the staging code's errors.New was.
	OpaqueErrorsNew
	// OpaqueLit is the composite literal Lit of a struct type of the
	// generated code's package (codeErr{code: 1}), or its address when
	// the type is a pointer (&codeErr{code: 1}).
	OpaqueLit
)

// OpaqueVal is the Val of a constant of an opaque type.
type OpaqueVal struct {
	Form OpaqueForm
	Ref  GoName // OpaqueVar
	Msg  string // OpaqueErrorsNew
	Lit  string // OpaqueLit: Go source, without the & of a pointer
	Ptr  bool   // OpaqueLit: the address of the literal
	// ID tells apart two errors.New values of one message made by
	// different calls of the staging code (they are different errors);
	// the frontend numbers them.
	ID int
}

func (v OpaqueVal) String() string {
	switch v.Form {
	case OpaqueNil:
		return "nil"
	case OpaqueZero:
		return "{}"
	case OpaqueVar:
		if v.Ref.Path == "" {
			return v.Ref.Name
		}
		return v.Ref.Path + "." + v.Ref.Name
	}
	if v.Form == OpaqueLit {
		if v.Ptr {
			return "&" + v.Lit + "#" + strconv.Itoa(v.ID)
		}
		return v.Lit
	}
	return "errors.New(" + strconv.Quote(v.Msg) + ")#" + strconv.Itoa(v.ID)
}

// Fresh reports whether the constant makes a new object each
// time it is evaluated (errors.New, the address of a literal): an emitter
// evaluates it once per call of the function using it, so that two uses
// of one static object are one object at run time.
func (v OpaqueVal) Fresh() bool {
	return v.Form == OpaqueErrorsNew || v.Form == OpaqueLit && v.Ptr
}

// Opaque returns the constant v of the opaque type t.
func (b *Builder) Opaque(t *Type, v OpaqueVal) Exp {
	if t.Kind != KOpaque {
		panic(fmt.Sprintf("BUG: opaque constant of type %v", t))
	}
	if v.Form == OpaqueErrorsNew && t != ErrorType {
		panic(fmt.Sprintf("BUG: errors.New constant of type %v", t))
	}
	k := constKey{t: t, lo: uint64(v.Form), hi: uint64(v.ID), s: v.Ref.Path + "\x00" + v.Ref.Name + "\x00" + v.Msg + "\x00" + v.Lit + "\x00" + strconv.FormatBool(v.Ptr)}
	c, ok := b.consts[k]
	if !ok {
		c = b.newConst(t, v)
		b.consts[k] = c
	}
	return Exp{c: c}
}

// rewriteOpaque folds a comparison of opaque values that is known: nil
// with nil. Nothing else is: two variables may hold one error, and x == x
// panics in Go when x holds a value of a type that is not comparable.
func (b *Builder) rewriteOpaque(op Op, args []Exp) (Exp, bool) {
	if (op == OpEq || op == OpNe) && len(args) == 2 {
		x, y := args[0].Const(), args[1].Const()
		if x != nil && y != nil && x.Val.(OpaqueVal).Form == OpaqueNil && y.Val.(OpaqueVal).Form == OpaqueNil {
			return b.Const(Bool, op == OpEq), true
		}
	}
	return Exp{}, false
}

// ArgConv says how an emitter passes an argument of a call (Callee.Convs)
// whose parameter's Go type is not the argument's graph type.
type ArgConv struct {
	// To, if not zero, is the declared type the argument is converted to
	// (syscall.Signal over int, time.Duration over int64).
	To GoName
	// Any reports that the parameter has type any: a constant argument
	// carries its type.
	Any bool
}

// EncodeConvs writes the conversions of a call's arguments as a
// Callee.Convs ("" if there is none to make).
func EncodeConvs(cs []ArgConv) string {
	var sb strings.Builder
	some := false
	for i, c := range cs {
		if i > 0 {
			sb.WriteByte(';')
		}
		switch {
		case c.Any:
			sb.WriteString("any")
			some = true
		case !c.To.IsZero():
			sb.WriteString(c.To.Path + " " + c.To.Name)
			some = true
		}
	}
	if !some {
		return ""
	}
	return sb.String()
}

// ArgConvs returns the conversions of the n arguments of a call of c.
func (c Callee) ArgConvs(n int) []ArgConv {
	cs := make([]ArgConv, n)
	if c.Convs == "" {
		return cs
	}
	for i, f := range strings.Split(c.Convs, ";") {
		switch {
		case i >= n:
			panic("BUG: more conversions than arguments in " + c.String())
		case f == "any":
			cs[i].Any = true
		case f != "":
			p, name, _ := strings.Cut(f, " ")
			cs[i].To = GoName{Path: p, Name: name}
		}
	}
	return cs
}

// FieldLoad builds the load of field name of x, a pointer to a struct of
// an opaque type (cmd.ProcessState), of type t: an effect in program
// order, since the calls taking x change it. res, if not zero, is the
// field's declared type over t (Callee.Res).
func (b *Builder) FieldLoad(x Exp, name string, t *Type, res GoName) Exp {
	if xt := b.g.TypeOf(x); xt.Kind != KOpaque || !xt.Ptr {
		panic(fmt.Sprintf("BUG: field load of %v", xt))
	}
	return b.Call(Callee{Name: name, Field: true, Res: res}, t, x)
}

// FieldStore builds the store of v into field name of x, a pointer to a
// struct of an opaque type (cmd.Dir = dir), converted to the field's
// declared type conv if not zero.
func (b *Builder) FieldStore(x Exp, name string, v Exp, conv GoName) {
	if xt := b.g.TypeOf(x); xt.Kind != KOpaque || !xt.Ptr {
		panic(fmt.Sprintf("BUG: field store into %v", xt))
	}
	b.Call(Callee{Name: name, Field: true, Convs: EncodeConvs([]ArgConv{{}, {To: conv}})}, Void, x, v)
}
