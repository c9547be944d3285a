package frontend

import (
	"fmt"
	"go/token"
	"go/types"
	"strconv"

	"golang.org/x/tools/go/ssa"

	"github.com/lmsgen/lmsgen/ir"
)

// This file executes the non-control instructions of SSA: statically when
// their operands are static, as graph nodes when one is a Rep. This file
// is the dispatch (exec) and the type assertions; interparith.go executes
// operators and conversions, interpmem.go memory and indexing, interpmap.go
// maps and range iteration.

// exec executes one instruction (not a phi, not a terminator).
func (fr *frame) exec(instr ssa.Instruction) {
	fr.execPos(instr, instr.Pos())
}

// execRegs executes instr, one of a block's body whose registers and
// position bodyRegs computed (r): a DebugRef's Pos walks its expression
// down to the leftmost operand, at every execution.
func (fr *frame) execRegs(instr ssa.Instruction, r *instrRegs) {
	fr.atRegs = r
	fr.execPos(instr, r.pos)
}

// execPos executes instr, whose position is p.
func (fr *frame) execPos(instr ssa.Instruction, p token.Pos) {
	ev := fr.ev
	if p.IsValid() {
		ev.pos = p
	}
	fr.at = instr
	ev.step()
	switch in := instr.(type) {
	case *ssa.DebugRef:
		fr.debugRef(in)
	case *ssa.UnOp:
		fr.set(in, fr.unop(in))
	case *ssa.BinOp:
		if v, ok := fr.shifted(in); ok {
			fr.set(in, v)
			break
		}
		fr.set(in, fr.binop(in.Op, in.X, in.Y, in.Type()))
	case *ssa.Call:
		fr.set(in, fr.call(in.Common(), in))
	case *ssa.ChangeType:
		fr.set(in, fr.get(in.X))
	case *ssa.ChangeInterface:
		x := fr.get(in.X)
		if r, ok := x.(*rep); ok {
			x = iface{t: in.X.Type(), v: r} // an opaque Rep (opaque.go)
		}
		fr.set(in, x)
	case *ssa.Convert:
		switch {
		case isUnsafe(in.Type()):
			fr.set(in, fr.toUnsafe(fr.get(in.X), in.X, in.X.Type()))
		case isUnsafe(in.X.Type()):
			fr.set(in, fr.fromUnsafe(fr.get(in.X), in.Type()))
		default:
			fr.set(in, fr.convert(fr.get(in.X), in.X.Type(), in.Type()))
		}
	case *ssa.MultiConvert:
		ev.fail("conversion between type parameters is not supported")
	case *ssa.SliceToArrayPointer:
		fr.set(in, fr.sliceToArrayPointer(in))
	case *ssa.MakeInterface:
		fr.set(in, iface{t: in.X.Type(), v: copyVal(fr.get(in.X))})
	case *ssa.MakeClosure:
		env := make([]value, len(in.Bindings))
		for i, b := range in.Bindings {
			env[i] = fr.get(b)
		}
		fr.set(in, &closure{fn: in.Fn.(*ssa.Function), env: env})
	case *ssa.MakeMap:
		fr.set(in, &mapV{idx: map[any]int{}, born: ev.now()})
	case *ssa.MakeSlice:
		fr.set(in, fr.makeSlice(in))
	case *ssa.Slice:
		fr.set(in, fr.slice(in))
	case *ssa.FieldAddr:
		fr.set(in, fr.fieldAddr(in))
	case *ssa.Field:
		x := fr.get(in.X)
		s, ok := x.(structure)
		if !ok {
			panic(fmt.Sprintf("BUG: field of %T", x))
		}
		fr.set(in, copyVal(s[in.Field]))
	case *ssa.IndexAddr:
		fr.set(in, fr.indexAddr(in))
	case *ssa.Index:
		fr.set(in, fr.index(in))
	case *ssa.Lookup:
		fr.set(in, fr.lookup(in))
	case *ssa.Alloc:
		p := ev.newCell(ev.zero(in.Type().(*types.Pointer).Elem()))
		if ev.calling {
			ev.callCell(p, in.Comment)
		}
		fr.set(in, p)
	case *ssa.Store:
		if blankField(in.Addr) {
			// A composite literal's value for a blank field: gc
			// does not store it, a blank field stays zero (reflect
			// reads it, == skips it; issue31546).
			break
		}
		if g, ok := in.Addr.(*ssa.Global); ok && ev.calling {
			ev.useGlobal(g, len(ev.regions) == 0)
		}
		addr, val := fr.get(in.Addr), fr.get(in.Val)
		if p, ok := addr.(*value); ok && p != nil && !freshCell(in.Addr) && !unnamedField(in.Addr) {
			if id := ev.fieldCells[p]; id != 0 {
				ev.nameLeaves(val, in.Val.Type(), ev.nameText(id), true)
			}
		}
		fr.storeTo(addr, val, in.Val.Type())
	case *ssa.MapUpdate:
		fr.mapUpdate(in)
	case *ssa.Range:
		fr.set(in, fr.rangeIter(in))
	case *ssa.Next:
		fr.set(in, fr.next(in))
	case *ssa.TypeAssert:
		fr.set(in, fr.typeAssert(in))
	case *ssa.Extract:
		t, ok := fr.get(in.Tuple).(tuple)
		if !ok {
			panic("BUG: extract from a non-tuple")
		}
		fr.set(in, t[in.Index])
	case *ssa.RunDefers:
		fr.runDefers()
	case *ssa.Go:
		fr.goStmt(in)
	case *ssa.Defer:
		fr.deferStmt(in)
	case *ssa.MakeChan:
		fr.set(in, fr.makeChan(in))
	case *ssa.Send:
		fr.send(in)
	case *ssa.Select:
		fr.set(in, fr.selectStmt(in))
	default:
		panic(fmt.Sprintf("BUG: unexpected instruction %T: %v", in, in))
	}
}

// freshCell reports whether v's value is a cell of its own (a variable,
// a package variable), which fieldCells, naming fields and elements,
// cannot hold.
func freshCell(v ssa.Value) bool {
	switch v.(type) {
	case *ssa.Alloc, *ssa.Global:
		return true
	}
	return false
}

// unnamedField reports whether v is the address of a field of a cell
// go/ssa made of its own (a composite literal, a new): fieldAddr names
// no such field, and fieldCells holds none (the stores of a composite
// literal's fields look nothing up).
func unnamedField(v ssa.Value) bool {
	fa, ok := v.(*ssa.FieldAddr)
	if !ok {
		return false
	}
	a, ok := fa.X.(*ssa.Alloc)
	return ok && unnamedAlloc(a)
}

// unnamedAlloc reports whether a is a cell go/ssa made of its own (a
// composite literal, a new, ...), not a variable's.
func unnamedAlloc(a *ssa.Alloc) bool {
	return a.Comment == "" || ssaCellComment(a.Comment)
}

// debugRef names the Rep a source variable refers to.
func (fr *frame) debugRef(in *ssa.DebugRef) {
	if in.IsAddr {
		return
	}
	obj, ok := in.Object().(*types.Var)
	if !ok || obj.Name() == "_" {
		return
	}
	i, ok := fr.regOf(in.X)
	if !ok {
		return
	}
	fr.ev.nameLeaves(fr.regs[i], in.X.Type(), obj.Name(), false)
}

// nameLeaves names the Reps of v, a value of Go type t, after the source
// variable name that holds it. A Rep is name, unless it has a name; a
// field f of a struct of Reps, and the slice of field f of a staged slice
// of structs (soa.go), is name followed by f (p.re is pRe, as a struct
// parameter's leaves), unless it has a name, and a variable of its own
// renames it.
func (ev *evaluator) nameLeaves(v value, t types.Type, name string, weak bool) {
	ev.nameField(v, t, name, "", weak)
}

// nameField is nameLeaves for field f of a struct value named base
// (fieldName(base, f)), or for a value named base if f is "": the name is
// made only for a leaf that takes it (a struct variable is named again at
// every assignment, and its leaves are named already).
func (ev *evaluator) nameField(v value, t types.Type, base, f string, weak bool) {
	switch x := v.(type) {
	case *rep:
		if !x.e.IsSym() {
			return
		}
		s := x.e.Sym()
		if ev.b.Graph().Name(s) != "" && (weak || !ev.leafNamed.has(s)) {
			return
		}
		name := base
		if f != "" {
			name = fieldName(base, f)
		}
		ev.b.Name(x.e, name)
		if weak {
			ev.leafNamed.add(s)
		} else {
			ev.leafNamed.remove(s)
		}
	case sliceV:
		if f != "" {
			base = fieldName(base, f)
		}
		ev.nameCells(x, base)
	case structure:
		if t == nil {
			return
		}
		name := base
		if f != "" {
			name = fieldName(base, f)
		}
		if et, ok := soaElemType(t); ok {
			if names := leafFieldNames(et, name); len(names) == len(x) {
				for k := range x {
					ev.nameField(x[k], nil, names[k], "", true)
				}
			}
			return
		}
		st, ok := t.Underlying().(*types.Struct)
		if !ok || st.NumFields() != len(x) {
			return
		}
		for k := range x {
			ev.nameField(x[k], st.Field(k).Type(), name, st.Field(k).Name(), true)
		}
	}
}

// maxNamedCells bounds the length of a static slice whose elements are
// named (nameCells): the elements of a table are not variables one reads
// by name.
const maxNamedCells = 64

// nameCells names the elements of the static slice s, held by a variable
// or an element named name: element i is name<i> (name_<i> after a
// digit: acc[1][2] is acc1_2), as a named struct variable's fields are
// (fieldCells). The Reps stored in them take those names (a weak name,
// as a field's), and so do the staged variables a loop makes of them.
// The elements of one array are named once, after the first name.
func (ev *evaluator) nameCells(s sliceV, name string) {
	if len(s.base) == 0 || len(s.base) > maxNamedCells || &s.base[0] == ev.lastNamedCells || ev.cellsNamed[&s.base[0]] {
		return
	}
	ev.cellsNamed[&s.base[0]] = true
	ev.lastNamedCells = &s.base[0]
	sep := ""
	if last := name[len(name)-1]; last >= '0' && last <= '9' {
		sep = "_"
	}
	for i := range s.len {
		p := &s.base[s.off+i]
		if ev.cellName(p) != "" {
			continue
		}
		elem := name + sep + strconv.Itoa(i)
		ev.fieldCells[p] = ev.nameID(elem)
		ev.nameLeaves(*p, nil, elem, true)
	}
}

// leafFieldNames returns the names of the leaves of struct type t, depth
// first, a struct value named name: name followed by the path of fields.
func leafFieldNames(t types.Type, name string) []string {
	st, ok := t.Underlying().(*types.Struct)
	if !ok {
		return []string{name}
	}
	var names []string
	for k := range st.NumFields() {
		names = append(names, leafFieldNames(st.Field(k).Type(), fieldName(name, st.Field(k).Name()))...)
	}
	return names
}

// newRep wraps an expression computed from operands (the first Rep among
// them explains why the result is a Rep).
func (ev *evaluator) newRep(e ir.Exp, what string, from ...value) *rep {
	var root *why
	for _, f := range from {
		if r, ok := f.(*rep); ok {
			root = r.why
			break
		}
	}
	for root != nil && root.from != nil {
		root = root.from
	}
	return &rep{e: e, why: ev.derivedWhy(ev.whyPos(ev.pos), what, root)}
}

// derivedWhy returns a why of what at pos computed from a value whose
// why's root is root. whyRep prints a why and the root of its chain, no
// why between, so a why made here points at the root, and the whys of
// one position, description and root are one: a small cache by position
// keeps the last one of each (an unrolled loop computes at one position
// again and again).
func (ev *evaluator) derivedWhy(pos token.Pos, what string, root *why) *why {
	slot := &ev.derivedWhys[uint(pos)%uint(len(ev.derivedWhys))]
	if w := *slot; w != nil && w.pos == pos && w.from == root && w.what == what {
		return w
	}
	w := &why{pos: pos, what: what, from: root}
	*slot = w
	return w
}

func (fr *frame) typeAssert(in *ssa.TypeAssert) value {
	ev := fr.ev
	if r, ok := ev.opaqueRep(fr.get(in.X)); ok {
		ev.fail("type assertion on a value of type %s of the generated code: its dynamic type is known only when the generated code runs (%s)", ev.b.Graph().TypeOf(r.e), ev.whyRep(r))
	}
	x, ok := fr.get(in.X).(iface)
	if !ok {
		panic("BUG: type assertion on a non-interface")
	}
	var ok2 bool
	var v value
	if x.t != nil {
		if it, isIface := in.AssertedType.Underlying().(*types.Interface); isIface {
			ok2 = types.Implements(x.t, it)
			v = x
		} else {
			ok2 = types.Identical(x.t, in.AssertedType)
			v = copyVal(x.v)
		}
	}
	if !ok2 {
		v = ev.zero(in.AssertedType)
		if !in.CommaOk {
			// gc's runtime.TypeAssertionError, its types as reflect
			// writes them.
			dyn := "nil"
			if x.t != nil {
				dyn = reflectString(x.t)
			}
			as := reflectString(in.AssertedType)
			msg := fmt.Sprintf("interface conversion: %s is %s, not %s", reflectString(in.X.Type()), dyn, as)
			if dyn == as {
				msg += " (types from different scopes)"
				if typePkgPath(x.t) != typePkgPath(in.AssertedType) {
					msg = msg[:len(msg)-len("scopes)")] + "packages)"
				}
			}
			if it, isIface := in.AssertedType.Underlying().(*types.Interface); isIface && x.t != nil {
				msg = fmt.Sprintf("interface conversion: %s is not %s: missing method", dyn, as)
				if m, _ := types.MissingMethod(x.t, it, true); m != nil {
					msg += " " + m.Name()
				}
			}
			panic(&goPanic{msg: msg, val: msg})
		}
	}
	if in.CommaOk {
		return tuple{v, ok2}
	}
	return v
}

// whyRep explains why a value is a Rep, for an error message.
func (ev *evaluator) whyRep(v value) string {
	r, ok := v.(*rep)
	if !ok {
		return "it is dynamic"
	}
	w := r.why
	if w == nil {
		return "it is a Rep"
	}
	msg := fmt.Sprintf("it is a Rep: %s at %v", ev.describe(w), ev.whyPosition(w.pos))
	root := w
	for root.from != nil {
		root = root.from
	}
	if root != w {
		msg += fmt.Sprintf(", computed from %s at %v", ev.describe(root), ev.whyPosition(root.pos))
	}
	return msg
}

// typePkgPath returns the path of the package that declares the named
// type t, or "" (gc's rtype.pkgpath, for the types a type assertion
// message compares).
func typePkgPath(t types.Type) string {
	if n, ok := types.Unalias(t).(*types.Named); ok && n.Obj().Pkg() != nil {
		return n.Obj().Pkg().Path()
	}
	return ""
}

// blankField reports whether addr is the address of a blank (_) field.
func blankField(addr ssa.Value) bool {
	fa, ok := addr.(*ssa.FieldAddr)
	if !ok {
		return false
	}
	st, ok := deref(fa.X.Type()).Underlying().(*types.Struct)
	return ok && st.Field(fa.Field).Name() == "_"
}
