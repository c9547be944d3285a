package frontend

import (
	"cmp"
	"fmt"
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/ssa"

	"github.com/lmsgen/lmsgen/ir"
)

// This file keeps the generated code's meaning of package-level
// variables. The generated function starts every call from the contents
// the staging code saw at generation time (a static slice read with a Rep
// index is a table, one written with a Rep index a slice the function
// makes and fills), where Go keeps a package variable's writes from one
// call to the next. So a run-time write into package storage is refused
// where a call may see it: a write with a Rep index at once
// (refusePackageWrite, dynIndexStatic); any other value of the generated
// code left in a package variable when the function returns, if the
// function (packageReps) or another specialization (packageStateErrors)
// uses the variable before storing to it whole. Storage the staging
// function makes, even when it assigns it to a package variable, is made
// again at every call in both; static state the staging code leaves (a
// cache filled once) is state of the generation.

// packageStorage records the values of the package variables as package
// initialization left them; their storage is found when a write needs
// it (packageSlice, reading the cells they point to as they are then),
// not for every specialization.
func (ev *evaluator) packageStorage() {
	ev.pkgRoots = ev.pkgRoots[:0]
	for _, p := range ev.globals {
		ev.pkgRoots = append(ev.pkgRoots, *p)
	}
	ev.pkgBases = nil
}

// packageSlice reports whether the static slice s is storage of a
// package-level variable: a backing array reachable from packageStorage's
// values.
func (ev *evaluator) packageSlice(s sliceV) bool {
	if len(s.base) == 0 {
		return false
	}
	if ev.pkgBases == nil {
		ev.pkgBases = map[*value]bool{}
		seen := map[*value]bool{}
		var walk func(v value)
		walk = func(v value) {
			switch v := v.(type) {
			case sliceV:
				if len(v.base) > 0 && !ev.pkgBases[&v.base[0]] {
					ev.pkgBases[&v.base[0]] = true
					for _, x := range v.base {
						walk(x)
					}
				}
			case array:
				if len(v) > 0 && !ev.pkgBases[&v[0]] {
					ev.pkgBases[&v[0]] = true
					for _, x := range v {
						walk(x)
					}
				}
			case structure:
				for _, x := range v {
					walk(x)
				}
			case *value:
				if v != nil && !seen[v] {
					seen[v] = true
					walk(*v)
				}
			}
		}
		for _, v := range ev.pkgRoots {
			walk(v)
		}
	}
	return ev.pkgBases[&s.base[0]]
}

// refusePackageWrite refuses a run-time write into package-level storage.
func (ev *evaluator) refusePackageWrite(s sliceV) {
	if ev.packageSlice(s) {
		ev.fail("a write with a Rep index into a slice of a package-level variable: Go keeps the write for the next call, while the generated code starts every call from the contents at generation time; copy the slice in the staging function (slices.Clone) and write the copy")
	}
}

// useGlobal records the first use of the package variable g in the call:
// a store to the whole variable, definite when outside staged control
// (wholeStore), or anything else.
func (ev *evaluator) useGlobal(g *ssa.Global, wholeStore bool) {
	if _, ok := ev.globalFirst[g]; !ok {
		ev.globalFirst[g] = wholeStore
	}
}

// pkgState is what a specialization does at run time with package-level
// variables: the ones it leaves holding a value of the generated code
// when it returns (with the path of that value, as Go writes it), and the
// ones whose value on entry it may see (it uses them before it stores to
// them whole).
type pkgState struct {
	fn      string
	pos     token.Pos
	left    map[*ssa.Global]string
	exposed []*ssa.Global // sorted by globalLess
}

// packageReps finds the package variables fn leaves holding a value of
// the generated code when it returns: a Rep stored into one (acc += x), a
// static one assigned under staged control (if x > 0 { n++ }), storage
// materialized for a staged function or a copy that wrote it. Go keeps
// such a value for the next call, while the generated code would start
// every call from the contents at generation time: a call that sees it
// (fn itself, if it uses the variable before storing to it whole; another
// specialization: packageStateErrors) is refused. Static values the
// staging code leaves there are state of the generation (a cache filled
// once), as in any staging code.
func (ev *evaluator) packageReps(fn *ssa.Function) pkgState {
	gs := make([]*ssa.Global, 0, len(ev.globals))
	for g := range ev.globals {
		gs = append(gs, g)
	}
	slices.SortFunc(gs, globalLess)
	st := pkgState{fn: fn.Name(), pos: fn.Pos(), left: map[*ssa.Global]string{}}
	w := repFinder{seen: map[any]bool{}, g: ev.b.Graph()}
	for _, g := range gs {
		whole, used := ev.globalFirst[g]
		if used && !whole {
			st.exposed = append(st.exposed, g)
		}
		clear(w.seen) // storage shared by two variables is walked for each
		path := w.find(*ev.globals[g], deref(g.Type()), ev.globalName(g))
		if path == "" {
			continue
		}
		if !whole { // used before a store, or reached through another
			ev.failAt(fn.Pos(), "%s leaves a value of the generated code in package-level variable %s when it returns (%s), and uses the variable before storing to it: Go keeps the value for the next call, while the generated code starts every call from the contents at generation time; keep the state in a local variable, or pass it in and return it", fn.Name(), ev.globalName(g), path)
		}
		st.left[g] = path
	}
	return st
}

// globalName is g as the staging package writes it.
func (ev *evaluator) globalName(g *ssa.Global) string {
	if g.Pkg != ev.lp.ssa {
		return g.Pkg.Pkg.Name() + "." + g.Name()
	}
	return g.Name()
}

func globalLess(a, b *ssa.Global) int {
	if c := cmp.Compare(a.Pkg.Pkg.Path(), b.Pkg.Pkg.Path()); c != 0 {
		return c
	}
	return cmp.Compare(a.Name(), b.Name())
}

// packageStateErrors refuses each specialization that may see, on entry,
// a value of the generated code another one leaves in a package variable
// (natively, the value of the other's last call). specs are in directive
// order; the first leaver named is the first in that order.
func packageStateErrors(specs []*Spec) map[*Spec]*Error {
	var bad map[*Spec]*Error
	for _, b := range specs {
		for _, g := range b.pkgState.exposed {
			for _, a := range specs {
				path, ok := a.pkgState.left[g]
				if !ok || a == b {
					continue
				}
				if bad == nil {
					bad = map[*Spec]*Error{}
				}
				pos := g.Pkg.Prog.Fset.Position(b.pkgState.pos)
				bad[b] = errorf(pos, "%s uses package-level variable %s, where %s (%s) leaves a value of the generated code when it returns (%s): Go keeps the value for the next call of either, while the generated code starts every call from the contents at generation time; keep the state in a local variable, or pass it in and return it", b.pkgState.fn, g.Name(), a.Name, a.pkgState.fn, path)
				break
			}
			if bad[b] != nil {
				break
			}
		}
	}
	return bad
}

// repFinder walks static storage for a value of the generated code.
type repFinder struct {
	seen  map[any]bool // cells and backing arrays already walked
	g     *ir.Graph
	wrote map[ir.Sym]bool // see written; nil until needed
}

// written reports whether the graph may write the slice s materialized
// from static storage (mat.go): a node's write keys name it, or it (a
// sub-slice of it) is passed to a staged function or yielded by a block,
// as sched's Facts.written decides for static tables. Storage only read
// still holds its generation-time contents at every call.
func (w *repFinder) written(s ir.Exp) bool {
	if !s.IsSym() {
		return false
	}
	if w.wrote == nil {
		w.wrote = map[ir.Sym]bool{}
		mark := func(x ir.Exp) {
			for x.IsSym() {
				w.wrote[x.Sym()] = true
				d := w.g.Def(x.Sym())
				if d == nil || d.Op != ir.OpSliceSub {
					return
				}
				x = d.Args[0]
			}
		}
		for _, nd := range w.g.Nodes {
			if nd == nil {
				continue
			}
			if nd.Eff != nil {
				for _, k := range nd.Eff.Wkeys {
					if k.IsSym() {
						w.wrote[ir.Sym(k)] = true
					}
				}
			}
			if nd.Op == ir.OpApply {
				for _, x := range nd.Args[1:] {
					mark(x)
				}
			}
			for _, b := range nd.Blocks {
				mark(b.Res)
				if b.Res.IsSym() {
					if d := w.g.Def(b.Res.Sym()); d != nil && d.Op == ir.OpTuple {
						for _, x := range d.Args {
							mark(x)
						}
					}
				}
			}
		}
	}
	return w.wrote[s.Sym()]
}

// find returns the path (as Go would write it) of a value of the
// generated code in v of type t (nil when unknown), or "".
func (w *repFinder) find(v value, t types.Type, path string) string {
	var u types.Type
	if t != nil {
		u = t.Underlying()
	}
	switch v := v.(type) {
	case *rep:
		if v.e.IsConst() {
			return "" // a constant of a stage type: static content
		}
		return path
	case *matElem:
		if w.written(v.s) {
			return path
		}
		return "" // storage the generated code only reads
	case *dynElem, *varRef, *varShift, *varComposite, *soaElem, *aosElem, *aosLeaf:
		return path
	case structure:
		switch u := u.(type) {
		case *types.Slice:
			return path // a staged slice of structs (soa.go)
		case *types.Struct:
			for i, x := range v {
				if p := w.find(x, u.Field(i).Type(), path+"."+u.Field(i).Name()); p != "" {
					return p
				}
			}
			return ""
		}
		for i, x := range v {
			if p := w.find(x, nil, fmt.Sprintf("%s.field%d", path, i)); p != "" {
				return p
			}
		}
	case array:
		if len(v) == 0 || w.seen[&v[0]] {
			return ""
		}
		w.seen[&v[0]] = true
		var et types.Type
		if a, ok := u.(*types.Array); ok {
			et = a.Elem()
		}
		for i, x := range v {
			if p := w.find(x, et, fmt.Sprintf("%s[%d]", path, i)); p != "" {
				return p
			}
		}
	case sliceV:
		if len(v.base) == 0 || w.seen[&v.base[0]] {
			return ""
		}
		w.seen[&v.base[0]] = true
		var et types.Type
		if s, ok := u.(*types.Slice); ok {
			et = s.Elem()
		}
		for i, x := range v.base {
			if p := w.find(x, et, fmt.Sprintf("%s[%d]", path, i-v.off)); p != "" {
				return p
			}
		}
	case *value:
		if v == nil || w.seen[v] {
			return ""
		}
		w.seen[v] = true
		var et types.Type
		if p, ok := u.(*types.Pointer); ok {
			et = p.Elem()
		}
		return w.find(*v, et, path)
	case *mapV:
		if v == nil || w.seen[v] {
			return ""
		}
		w.seen[v] = true
		var kt, et types.Type
		if m, ok := u.(*types.Map); ok {
			kt, et = m.Key(), m.Elem()
		}
		for i, k := range v.keys {
			if isDeletedKey(k) {
				continue
			}
			if p := w.find(k, kt, path+" (a key)"); p != "" {
				return p
			}
			if p := w.find(*v.vals[i], et, fmt.Sprintf("%s[%v]", path, k)); p != "" {
				return p
			}
		}
	case iface:
		return w.find(v.v, v.t, path)
	case *closure:
		if v == nil || w.seen[v] {
			return ""
		}
		w.seen[v] = true
		for i, x := range v.env {
			var ft types.Type
			if i < len(v.fn.FreeVars) {
				ft = v.fn.FreeVars[i].Type()
			}
			if p := w.find(x, ft, path+" (a variable of its function value)"); p != "" {
				return p
			}
		}
	}
	return ""
}
