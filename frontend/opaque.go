package frontend

import (
	"cmp"
	"fmt"
	"go/token"
	"go/types"
	"math"
	"reflect"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/lmsgen/lmsgen/ir"
)

// This file stages values of Go types the graph does not compute with
// (ir.KOpaque): an error result of the generated function, the error
// fmt.Errorf or errors.New makes from Reps. Such a Rep is held as a
// *rep of an opaque graph type in a register of its Go type; converted to
// another interface type (error to any) it is an iface holding the
// *rep. The generated code only passes it along, compares it (== and !=,
// nil among the operands) and hands it to calls: its methods (Error),
// errors.Is, errors.Unwrap, fmt.Errorf and the printing functions. A type
// assertion on it, or anything else that would need its dynamic type at
// generation time, is refused at its position.
//
// A static error that reaches the generated code is written as code
// (liftOpaque): nil; the package-level variable holding that very value
// (io.EOF, ErrBad: found by identity, so == and errors.Is keep working);
// errors.New("msg") for an errors.New value held by no variable.
// Anything else is refused at its position.

// opaqueIRType returns the opaque graph type of values of Go type t, or
// nil: error.
func opaqueIRType(t types.Type) *ir.Type {
	if types.Identical(t, errorType) {
		return ir.ErrorType
	}
	return nil
}

// opaqueRep returns the Rep of an opaque type that v is or holds (as an
// interface value), if any.
func (ev *evaluator) opaqueRep(v value) (*rep, bool) {
	if i, ok := v.(iface); ok {
		v = i.v
	}
	r, ok := v.(*rep)
	if !ok || ev.b.Graph().TypeOf(r.e).Kind != ir.KOpaque {
		return nil, false
	}
	return r, true
}

// liftOpaque makes the static value v an expression of the opaque type t
// (see the file comment).
func (ev *evaluator) liftOpaque(v value, t *ir.Type, what string) ir.Exp {
	i, isIface := v.(iface)
	if st, ok := v.(structure); ok && !t.Ptr && t != ir.ErrorType && zeroStruct(st) {
		return ev.b.Opaque(t, ir.OpaqueVal{Form: ir.OpaqueZero}) // time.Time{}
	}
	if p, ok := v.(*value); ok && p == nil && t.Ptr {
		return ev.b.Opaque(t, ir.OpaqueVal{Form: ir.OpaqueNil})
	}
	if !isIface {
		ev.fail("%s of type %s is %s: only an interface value, nil or the zero value of a struct can be written as one", what, t, describe(v))
	}
	if i.t == nil {
		return ev.b.Opaque(t, ir.OpaqueVal{Form: ir.OpaqueNil})
	}
	if s := streamOf(i.v); s != nil && t.Kind == ir.KOpaque {
		if *s.cell != (native{v: s}) {
			ev.fail("%s is %s, but os.%s was assigned another value", what, s, s.String()[3:])
		}
		return ev.b.Opaque(t, ir.OpaqueVal{Form: ir.OpaqueVar, Ref: ir.GoName{Path: "os", Name: s.String()[3:]}})
	}
	if ref, ok := ev.varHolding(i); ok {
		return ev.b.Opaque(t, ir.OpaqueVal{Form: ir.OpaqueVar, Ref: ref})
	}
	if s := streamOf(i.v); s != nil {
		// The program's os.Stdout or os.Stderr (stdio.go), which the
		// generated code reads from the variable: staging code's
		// assignments to it are not made at run time.
		return ev.b.Opaque(t, ir.OpaqueVal{Form: ir.OpaqueVar, Ref: ir.GoName{Path: "os", Name: strings.TrimPrefix(s.String(), "os.")}})
	}
	if t == ir.ErrorType {
		if msg, ok := errorsNewMsg(i); ok {
			return ev.b.Opaque(t, ir.OpaqueVal{Form: ir.OpaqueErrorsNew, Msg: msg, ID: ev.objectID(i.v)})
		}
		lit, ptr, why := ev.errorLit(i)
		if why == "" {
			v := ir.OpaqueVal{Form: ir.OpaqueLit, Lit: lit, Ptr: ptr}
			if ptr {
				v.ID = ev.objectID(i.v)
			}
			return ev.b.Opaque(t, v)
		}
		ev.fail("%s is a static value of type %s that the generated code cannot write: %s", what, typeString(i.t), why)
	}
	ev.fail("%s is a static value of type %s that the generated code cannot write: it can write nil, a package-level variable holding the value, and an error made by errors.New (this one is %s)", what, typeString(i.t), describe(i.v))
	return ir.Exp{}
}

// objectID numbers a static object written as code (opaque.go), by
// identity, from 1 in the order they are first written.
func (ev *evaluator) objectID(v value) int {
	if nv, ok := v.(native); ok {
		v = nv.v
	}
	if ev.opaqueIDs == nil {
		ev.opaqueIDs = map[any]int{}
	}
	id, ok := ev.opaqueIDs[v]
	if !ok {
		id = len(ev.opaqueIDs) + 1
		ev.opaqueIDs[v] = id
	}
	return id
}

// errorsNewMsg returns the message of an error made by errors.New (the
// native errors.New, or its source), or false.
func errorsNewMsg(i iface) (string, bool) {
	if nv, ok := i.v.(native); ok {
		e, isErr := nv.v.(error)
		if isErr && reflect.TypeOf(nv.v).String() == "*errors.errorString" {
			return e.Error(), true
		}
		return "", false
	}
	p, ok := types.Unalias(i.t).(*types.Pointer)
	if !ok {
		return "", false
	}
	n, ok := types.Unalias(p.Elem()).(*types.Named)
	if !ok || n.Obj().Pkg() == nil || n.Obj().Pkg().Path() != "errors" || n.Obj().Name() != "errorString" {
		return "", false
	}
	cell, ok := i.v.(*value)
	if !ok || cell == nil {
		return "", false
	}
	s, ok := (*cell).(structure)
	if !ok || len(s) != 1 {
		return "", false
	}
	msg, ok := s[0].(string)
	return msg, ok
}

// varHolding returns the package-level variable, used by the staging code,
// that holds i itself and that the generated code can name: an exported
// variable of a package it can import, or a variable of its own package
// declared in a file it is built with. Ties go to the first by package
// path and name.
func (ev *evaluator) varHolding(i iface) (ir.GoName, bool) {
	if _, ok := i.v.(structure); ok {
		return ir.GoName{}, false // a value, not an object: equal is not the same
	}
	own := ev.lp.ssa.Pkg
	var found []*ssa.Global
	for g, cell := range ev.globals {
		x, ok := (*cell).(iface)
		if !ok || x.t == nil || !identical(x, i) {
			continue
		}
		pkg := g.Pkg.Pkg
		switch {
		case pkg == own:
			if ev.taggedPos(g.Pos()) {
				continue
			}
		case !token.IsExported(g.Name()) || !importable(pkg.Path()):
			continue
		}
		found = append(found, g)
	}
	if len(found) == 0 {
		return ir.GoName{}, false
	}
	g := slices.MinFunc(found, func(a, b *ssa.Global) int {
		return cmp.Or(cmp.Compare(a.Pkg.Pkg.Path(), b.Pkg.Pkg.Path()), cmp.Compare(a.Name(), b.Name()))
	})
	return ir.GoName{Path: g.Pkg.Pkg.Path(), Name: g.Name()}, true
}

// importable reports whether code of another module can import the
// package path: not an internal or vendored one, not a main package.
func importable(path string) bool {
	for _, el := range strings.Split(path, "/") {
		if el == "internal" || el == "vendor" {
			return false
		}
	}
	return path != "main"
}

// taggedPos reports whether pos is in a file of the staging package built
// only with the lmsgen tag, which the generated code cannot see.
func (ev *evaluator) taggedPos(pos token.Pos) bool {
	file := ev.l.fset.Position(pos).Filename
	for _, f := range ev.lp.pkg.Syntax {
		if ev.l.fset.Position(f.Package).Filename == file {
			return needsLmsgenTag(f)
		}
	}
	return false
}

// opaqueCompare stages x == y or x != y when an operand is an opaque
// Rep; ok is false otherwise.
func (ev *evaluator) opaqueCompare(op token.Token, x, y value) (value, bool) {
	r, ok := ev.opaqueRep(x)
	if !ok {
		if r, ok = ev.opaqueRep(y); !ok {
			return nil, false
		}
	}
	if op != token.EQL && op != token.NEQ {
		panic("BUG: ordered comparison of interface values")
	}
	t := ev.b.Graph().TypeOf(r.e)
	lift := func(v value) ir.Exp {
		if o, ok := ev.opaqueRep(v); ok {
			if ev.b.Graph().TypeOf(o.e) != t {
				ev.fail("comparison of a %s with a %s of the generated code is not supported", t, ev.b.Graph().TypeOf(o.e))
			}
			return o.e
		}
		return ev.liftOpaque(v, t, "an operand of the comparison with "+t.String()+" "+ev.whyRep(r))
	}
	ev.at()
	iop := ir.OpEq
	if op == token.NEQ {
		iop = ir.OpNe
	}
	return ev.newRep(ev.b.Compare(iop, lift(x), lift(y)), "the comparison", r), true
}

// opaqueInvoke stages the call of method m of the opaque Rep r: Error and
// String are pure (go vet holds them to be); any other method is an
// effect of the generated code, in program order. Every argument and
// result must be a value the generated code has (worldcall.go).
func (fr *frame) opaqueInvoke(r *rep, m *types.Func, args []value) value {
	return fr.opaqueInvokeAs(r, m, args, false)
}

// opaqueInvokeAs is opaqueInvoke, or with deferred set the deferred call
// of the method (worlddefer.go).
func (fr *frame) opaqueInvokeAs(r *rep, m *types.Func, args []value, deferred bool) value {
	ev := fr.ev
	sig := m.Type().(*types.Signature)
	pure := sig.Params().Len() == 0 && (m.Name() == "Error" || m.Name() == "String") && !deferred
	c := ir.Callee{Name: m.Name(), Method: true, Pure: pure, Trap: true, Defer: deferred}
	return fr.libCall(c, nil, sig, append([]value{r}, args...), "method "+m.Name()+" of "+ev.b.Graph().TypeOf(r.e).String(), "")
}

// opaqueCall stages a library call that takes an opaque Rep, or makes one
// from Reps: errors.Is, errors.Unwrap, errors.New of a Rep string,
// fmt.Errorf with a Rep operand. ok is false for any other call.
func (fr *frame) opaqueCall(name string, fn *ssa.Function, args []value) (value, bool) {
	ev := fr.ev
	if v, ok := fr.pathCall(name, fn, args); ok {
		return v, true
	}
	if v, ok := fr.bytesCall(name, fn, args); ok {
		return v, true
	}
	switch name {
	case "errors.Is", "errors.Unwrap", "errors.New":
		any := false
		for _, a := range args {
			_, isOpaque := ev.opaqueRep(a)
			any = any || isOpaque || isRep(a)
		}
		if !any {
			return nil, false
		}
		c := ir.Callee{Pkg: "errors", Name: name[len("errors."):], Pure: true}
		if name == "errors.New" {
			ev.freshCalls++
			c.ID = ev.freshCalls
		}
		return fr.libCall(c, nil, fn.Signature, args, name, ""), true
	case "errors.As":
		for _, a := range args {
			if _, ok := ev.opaqueRep(a); ok {
				ev.fail("errors.As on an error of the generated code is not supported: it needs the error's dynamic type; compare with errors.Is")
			}
		}
	case "fmt.Errorf":
		for _, a := range args {
			if hasRep(a, 0) {
				return fr.errorfCall(args), true
			}
		}
	}
	return nil, false
}

// errorfCall stages fmt.Errorf with a Rep among its operands: a pure call
// of the generated code returning an error. An operand that is an error
// (a Rep, or a static error the generated code can write) is passed as
// one, so that %w wraps the very error; the others are formatted as
// fmt.Sprintf's are.
func (fr *frame) errorfCall(args []value) value {
	ev := fr.ev
	format, ok := args[0].(string)
	if !ok {
		ev.fail("the format of fmt.Errorf must be static, but %s", ev.whyRep(args[0]))
	}
	s, ok := args[1].(sliceV)
	if !ok {
		ev.fail("fmt.Errorf with a dynamic slice of arguments (f(xs...)) is not supported")
	}
	var items []printItem
	var from []value
	for k := range s.len {
		a, _ := ev.load(&s.base[s.off+k]).(iface)
		if r, ok := ev.opaqueRep(a); ok {
			items = append(items, printItem{t: a.t, e: r.e})
			from = append(from, r)
			continue
		}
		if a.t != nil && types.Implements(a.t, errorType.Underlying().(*types.Interface)) && !hasRep(a.v, 0) {
			items = append(items, printItem{t: a.t, e: ev.liftOpaque(a, ir.ErrorType, "an operand of fmt.Errorf")})
			continue
		}
		it := fr.printItem(a, "Errorf")
		if !it.isText && it.bad == "" {
			from = append(from, &rep{e: it.e})
		}
		items = append(items, it)
	}
	f, exps := func() (string, []ir.Exp) {
		ev.inErrorf = true
		defer func() { ev.inErrorf = false }()
		return fr.checkFormat(format, items)
	}()
	ev.at()
	ev.freshCalls++
	e := ev.b.Call(ir.Callee{Pkg: "fmt", Name: "Errorf", Pure: true, ID: ev.freshCalls}, ir.ErrorType, append([]ir.Exp{ev.b.Const(ir.String, f)}, exps...)...)
	return ev.newRep(e, "the result of fmt.Errorf", from...)
}

// staticErrors returns the type error when x and y are two static
// interface values that are errors (or nil), which a staged conditional
// merges into an error of the generated code; else nil.
func staticErrors(x, y value) *ir.Type {
	errIface := errorType.Underlying().(*types.Interface)
	for _, v := range []value{x, y} {
		i, ok := v.(iface)
		if !ok || i.t != nil && (!types.Implements(i.t, errIface) || hasRep(i.v, 0)) {
			return nil
		}
	}
	return ir.ErrorType
}

// errorLit writes the static error i, a value of (or a pointer to) a
// struct type of the staging package, as a composite literal of the
// generated code: every field named, of a basic type, with a value Go has
// a literal for. why says otherwise why it cannot.
func (ev *evaluator) errorLit(i iface) (lit string, ptr bool, why string) {
	t, v := i.t, i.v
	if p, ok := types.Unalias(t).(*types.Pointer); ok {
		cell, ok := v.(*value)
		if !ok || cell == nil {
			return "", false, "it is " + describe(v)
		}
		t, v, ptr = p.Elem(), *cell, true
	}
	n, ok := types.Unalias(t).(*types.Named)
	st, isStruct := t.Underlying().(*types.Struct)
	switch {
	case !ok || !isStruct:
		return "", false, "it can write nil, a package-level variable holding the value, an error made by errors.New, and a struct (or a pointer to one) of the staging package"
	case n.Obj().Pkg() != ev.lp.ssa.Pkg:
		return "", false, "a struct type of another package has no literal the generated code can write"
	case n.TypeArgs().Len() > 0:
		return "", false, "its type is generic"
	case ev.taggedPos(n.Obj().Pos()):
		return "", false, "its type is declared in a file built only with the lmsgen tag"
	}
	s, ok := v.(structure)
	if !ok || len(s) != st.NumFields() {
		return "", false, "it is " + describe(v)
	}
	var sb strings.Builder
	sb.WriteString(n.Obj().Name() + "{")
	for k := range st.NumFields() {
		f := st.Field(k)
		text, ok := basicLit(s[k])
		switch {
		case f.Name() == "_":
			return "", false, "it has a blank field"
		case !ok:
			return "", false, fmt.Sprintf("its field %s is %s, which has no Go literal", f.Name(), describe(s[k]))
		}
		if k > 0 {
			sb.WriteString(", ")
		}
		sb.WriteString(f.Name() + ": " + text)
	}
	sb.WriteString("}")
	return sb.String(), ptr, ""
}

// basicLit writes a static basic value as an untyped Go literal that
// converts back to it exactly: no NaN, infinity, negative zero or complex.
func basicLit(v value) (string, bool) {
	switch x := v.(type) {
	case bool:
		return strconv.FormatBool(x), true
	case string:
		return strconv.Quote(x), true
	case float32:
		return floatLit(float64(x), 32)
	case float64:
		return floatLit(x, 64)
	}
	if t := irTypeOfValue(v); t != nil && t.IsInteger() {
		return fmt.Sprint(v), true
	}
	return "", false
}

func floatLit(f float64, bits int) (string, bool) {
	if math.IsNaN(f) || math.IsInf(f, 0) || f == 0 && math.Signbit(f) {
		return "", false
	}
	s := strconv.FormatFloat(f, 'g', -1, bits)
	if !strings.ContainsAny(s, ".e") {
		s += ".0"
	}
	return s, true
}

// opaqueZero returns the zero value of the opaque type t, of Go type gt
// (nil if unknown): nil, or T{} for a struct type (time.Time).
func (ev *evaluator) opaqueZero(t *ir.Type, gt types.Type) ir.Exp {
	if !t.Ptr && gt != nil {
		if _, ok := gt.Underlying().(*types.Struct); ok {
			return ev.b.Opaque(t, ir.OpaqueVal{Form: ir.OpaqueZero})
		}
	}
	if !t.Ptr && t != ir.ErrorType && gt == nil {
		ev.fail("the zero value of %s, whose Go type is not known here, is not supported", t)
	}
	return ev.b.Opaque(t, ir.OpaqueVal{Form: ir.OpaqueNil})
}

// zeroStruct reports whether the static struct s is its type's zero
// value: every leaf zero, nil or a zero struct or array.
func zeroStruct(s []value) bool {
	for _, f := range s {
		switch x := f.(type) {
		case nil:
		case structure:
			if !zeroStruct(x) {
				return false
			}
		case array:
			if !zeroStruct(x) {
				return false
			}
		case *value:
			if x != nil {
				return false
			}
		case iface:
			if x.t != nil {
				return false
			}
		default:
			if !isZeroBasic(f) {
				return false
			}
		}
	}
	return true
}

// opaqueVarType returns the opaque type of a variable of Go type gt
// holding v that a staged loop carries, or nil: an opaque Rep; or an
// error, or a pointer, interface or struct value of a type of the world
// (worldTypes) that is static: an interface value the generated code
// can write (nil, io.EOF), a nil pointer, a zero struct (time.Time{}).
// Other values stay as they were (a struct split into its fields).
func (ev *evaluator) opaqueVarType(v value, gt types.Type) *ir.Type {
	if gt == nil {
		return nil
	}
	t, _ := stagedGoType(gt)
	if t == nil || t.Kind != ir.KOpaque {
		return nil
	}
	if _, ok := ev.opaqueRep(v); ok {
		return t
	}
	if t != ir.ErrorType && !worldTypes[t.Named.Path] {
		return nil // a type of the program's own: its static values stay static
	}
	switch x := v.(type) {
	case iface:
		return t
	case *value:
		if x == nil && t.Ptr {
			return t
		}
	case structure:
		if zeroStruct(x) && !t.Ptr {
			return t
		}
	}
	return nil
}

// worldTypes are the packages whose types a static value of a staged
// loop's variable may have and be an opaque value of the generated code:
// those of the world's calls and of the interfaces they return.
var worldTypes = map[string]bool{
	"os": true, "io/ioutil": true, "syscall": true, "time": true, "os/exec": true, "math/rand": true,
	"io": true, "io/fs": true,
}

// opaqueVar makes a staged variable of the opaque type t holding v (its
// zero value if zeroInit).
func (ev *evaluator) opaqueVar(v value, t *ir.Type, gt types.Type, zeroInit bool, name string) value {
	var init ir.Exp
	if r, ok := ev.opaqueRep(v); ok && !zeroInit {
		init = r.e
	} else if zeroInit {
		init = ev.opaqueZero(t, gt)
	} else {
		init = ev.liftOpaque(v, t, "a variable of type "+typeString(gt)+" carried by a staged loop")
	}
	e := ev.b.NewVar(init)
	if name != "" {
		ev.b.Name(e, name)
	}
	return &varRef{v: e}
}

// opaqueParamType returns the opaque type of a parameter or result of Go
// type t of a staged function (//lms:fun, stage.Fun), or nil: an error,
// or a type of the world's packages (worldTypes: *os.File). The
// program's own types stay out (a *Vec of Reps is not opaque).
func opaqueParamType(t types.Type) *ir.Type {
	if ot, _ := stagedGoType(t); ot != nil && ot.Kind == ir.KOpaque && (ot == ir.ErrorType || worldTypes[ot.Named.Path]) {
		return ot
	}
	return nil
}
