package frontend

import (
	"cmp"
	"fmt"
	"go/types"
	"slices"

	"golang.org/x/tools/go/ssa"
)

// This file finds the storage of package-level variables as package
// initialization left it. The generated function starts every call from
// the contents the staging code saw at generation time (a static slice
// read with a Rep index is a table, one written with a Rep index a slice
// the function makes and fills), where Go keeps a package variable's
// writes from one call to the next: a run-time write into such storage
// would mean something else in the generated code, so it is refused
// (dynIndexStatic). Storage the staging function makes, even when it
// assigns it to a package variable, is made again at every call in both.

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

// refusePackageReps refuses a specialization of fn that leaves a value
// of the generated code in package-level storage when it returns: a Rep
// stored into a package variable (acc += x), a static one assigned under
// staged control (if x > 0 { n++ }), storage materialized for a staged
// function that wrote it. Go keeps such a value for the next call (and
// for the other functions of the package), while the generated code
// starts every call from the contents at generation time. Static values
// the staging code leaves there are state of the generation (a cache
// filled once), as in any staging code.
func (ev *evaluator) refusePackageReps(fn *ssa.Function) {
	gs := make([]*ssa.Global, 0, len(ev.globals))
	for g := range ev.globals {
		gs = append(gs, g)
	}
	slices.SortFunc(gs, func(a, b *ssa.Global) int {
		if c := cmp.Compare(a.Pkg.Pkg.Path(), b.Pkg.Pkg.Path()); c != 0 {
			return c
		}
		return cmp.Compare(a.Name(), b.Name())
	})
	w := repFinder{seen: map[any]bool{}}
	for _, g := range gs {
		name := g.Name()
		if g.Pkg.Pkg != fn.Pkg.Pkg {
			name = g.Pkg.Pkg.Name() + "." + name
		}
		if path := w.find(*ev.globals[g], deref(g.Type()), name); path != "" {
			ev.failAt(fn.Pos(), "%s leaves a value of the generated code in package-level variable %s when it returns (%s): Go keeps it for the next call, while the generated code starts every call from the contents at generation time; keep the state in a local variable, or pass it in and return it", fn.Name(), name, path)
		}
	}
}

// repFinder walks static storage for a value of the generated code.
type repFinder struct {
	seen map[any]bool // cells and backing arrays already walked
}

// find returns the path (as Go would write it) of a value of the
// generated code in v of type t (nil when unknown), or "".
func (w repFinder) find(v value, t types.Type, path string) string {
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
	case *dynElem, *varRef, *matElem, *varShift, *varComposite, *soaElem, *aosElem, *aosLeaf:
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
		if w.seen[v] {
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
		if w.seen[v] {
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
