package frontend

import (
	"fmt"
	"go/token"
	"go/types"
	"reflect"
	"strings"
)

// This file evaluates the part of package reflect that static values
// support: reflect.DeepEqual, with reflect's rules (identical dynamic
// types; nil and empty slices and maps differ; pointers are equal if
// they are identical or point to deeply equal values; functions only if
// both are nil; NaN is not equal to itself). Reflection on a Rep is an
// error. reflectvalue.go evaluates TypeOf, ValueOf and their methods.

// reflectCall evaluates a function of package reflect and reports
// whether name is one it supports.
func (fr *frame) reflectCall(name string, args []value) (value, bool) {
	ev := fr.ev
	if lite, ok := strings.CutPrefix(name, "internal/reflectlite."); ok {
		return ev.reflectlite(lite, args)
	}
	if !strings.HasPrefix(name, "reflect.") {
		return nil, false
	}
	for _, a := range args {
		if hasRep(a, 0) {
			ev.fail("call of %s on a Rep: reflection on Reps is not supported", name)
		}
	}
	switch name {
	case "reflect.DeepEqual":
		x, _ := args[0].(iface)
		y, _ := args[1].(iface)
		if x.t == nil || y.t == nil {
			return x.t == nil && y.t == nil, true
		}
		if !types.Identical(x.t, y.t) {
			return false, true
		}
		return ev.deepEqual(x.v, y.v, x.t, map[[2]any]bool{}, 0), true
	case "reflect.TypeOf", "reflect.ValueOf":
		x, _ := args[0].(iface)
		if name == "reflect.TypeOf" {
			return ev.typeOf(x.t), true
		}
		if x.t == nil {
			return native{v: &rvalue{}}, true
		}
		return native{v: &rvalue{t: x.t, v: x.v}}, true
	case "reflect.Zero":
		t := ev.typeArg(args[0], "reflect.Zero")
		return native{v: &rvalue{t: t, v: ev.zero(t)}}, true
	case "reflect.New":
		t := ev.typeArg(args[0], "reflect.New")
		ev.alloc(sizes.Sizeof(t), "reflect.New")
		return native{v: &rvalue{t: types.NewPointer(t), v: ev.newCell(ev.zero(t))}}, true
	case "reflect.MakeFunc":
		return ev.makeFunc(args[0], args[1]), true
	case "reflect.PointerTo", "reflect.PtrTo":
		return ev.typeOf(types.NewPointer(ev.typeArg(args[0], name))), true
	case "reflect.SliceOf":
		return ev.typeOf(types.NewSlice(ev.typeArg(args[0], name))), true
	case "reflect.ArrayOf":
		n, e := cvt[int64](args[0]), ev.typeArg(args[1], name)
		if n < 0 {
			panic(reflectPanic("reflect: negative length passed to ArrayOf"))
		}
		if size := elemSize(e); size > 0 && uint64(n) > ^uint64(0)/uint64(size) {
			panic(reflectPanic("reflect.ArrayOf: array size would exceed virtual address space"))
		}
		return ev.typeOf(types.NewArray(e, n)), true
	case "reflect.StructOf":
		return ev.typeOf(ev.structOf(args[0])), true
	case "reflect.MapOf":
		k, e := ev.typeArg(args[0], name), ev.typeArg(args[1], name)
		if !types.Comparable(k) {
			panic(reflectPanic("reflect.MapOf: invalid key type " + reflectString(k)))
		}
		return ev.typeOf(types.NewMap(k, e)), true
	case "reflect.MakeMap", "reflect.MakeMapWithSize":
		t := ev.typeArg(args[0], name)
		if _, ok := t.Underlying().(*types.Map); !ok {
			panic(reflectPanic("reflect.MakeMapWithSize of non-map type"))
		}
		return native{v: &rvalue{t: t, v: &mapV{idx: map[any]int{}, born: ev.now()}}}, true
	case "reflect.Kind.String":
		return reflect.Kind(args[0].(uint)).String(), true
	case "reflect.StructTag.Get":
		return reflect.StructTag(args[0].(string)).Get(args[1].(string)), true
	case "reflect.StructField.IsExported", "reflect.Method.IsExported":
		// Both structs have PkgPath as their second field, "" when the
		// name is exported.
		return args[0].(structure)[1] == "", true
	case "reflect.StructTag.Lookup":
		v, ok := reflect.StructTag(args[0].(string)).Lookup(args[1].(string))
		return tuple{v, ok}, true
	}
	if m, ok := strings.CutPrefix(name, "reflect.MapIter."); ok {
		it, ok := args[0].(native).v.(*mapIter)
		if !ok {
			ev.fail("reflect.MapIter.%s: only an iterator made by reflect.Value.MapRange is supported during staging", m)
		}
		return ev.mapIterMethod(it, m), true
	}
	if m, ok := strings.CutPrefix(name, "reflect.Value."); ok {
		return ev.valueMethod(valueOf(args[0]), m, args[1:]), true
	}
	return nil, false
}

// structOf returns the struct type reflect.StructOf makes of the
// []reflect.StructField fs: fields with exported names, not embedded,
// which make the same type as a struct literal with those fields
// (reflect's checks of unexported, embedded and duplicate fields are
// not written: refused).
func (ev *evaluator) structOf(fs value) types.Type {
	s, ok := fs.(sliceV)
	if !ok {
		ev.fail("reflect.StructOf: the fields must be a static slice")
	}
	var fields []*types.Var
	var tags []string
	seen := map[string]bool{}
	structPkg := "" // the PkgPath of the unexported fields
	for i := range s.len {
		f, ok := ev.load(&s.base[s.off+i]).(structure)
		if !ok || len(f) != 7 {
			panic("BUG: reflect.StructField is not a struct of 7 fields")
		}
		name, pkgPath, tag, anon := f[0].(string), f[1].(string), f[3].(string), f[6].(bool)
		if name == "" {
			panic(reflectPanic(fmt.Sprintf("reflect.StructOf: field %d has no name", i)))
		}
		var pkg *types.Package
		switch {
		case name == "_" && !anon && pkgPath == "":
			panic(reflectPanic(`reflect.StructOf: field "_" is unexported but missing PkgPath`))
		case name == "_" && !anon:
			// Blank fields, which reflect allows more than once, with
			// one PkgPath for all the unexported fields.
			if structPkg != "" && structPkg != pkgPath {
				panic(reflectPanic("reflect.Struct: fields with different PkgPath " + structPkg + " and " + pkgPath))
			}
			structPkg = pkgPath
			if pkg = ev.packageOfPath(pkgPath); pkg == nil {
				ev.fail("reflect.StructOf with field \"_\" of PkgPath %q: a path of no package of the program is not supported during staging", pkgPath)
			}
		case !token.IsExported(name) || pkgPath != "" || anon || seen[name]:
			ev.fail("reflect.StructOf with field %q: only exported, not embedded fields of distinct names, and blank fields, are supported during staging", name)
		}
		seen[name] = true
		t := ev.typeArg(f[2], "reflect.StructOf")
		fields = append(fields, types.NewField(token.NoPos, pkg, name, t, false))
		tags = append(tags, tag)
	}
	return types.NewStruct(fields, tags)
}

// packageOfPath returns the program's package of the path PkgPath
// names (main for the main package, as gc writes it), or nil.
func (ev *evaluator) packageOfPath(path string) *types.Package {
	if path == "main" {
		var main *types.Package
		for _, p := range ev.l.prog.AllPackages() {
			if p.Pkg.Name() == "main" {
				if main != nil {
					return nil // two: neither is the one
				}
				main = p.Pkg
			}
		}
		return main
	}
	if p := ev.l.prog.ImportedPackage(path); p != nil && p.Pkg.Name() != "main" {
		return p.Pkg
	}
	return nil
}

// deepEqual compares static values x and y of type t as
// reflect.DeepEqual does. seen holds the pairs of pointers, slices and
// maps under comparison (a cycle compares equal, as in reflect).
func (ev *evaluator) deepEqual(x, y value, t types.Type, seen map[[2]any]bool, depth int) bool {
	if depth > 1000 {
		ev.fail("reflect.DeepEqual: the values are nested more than 1000 deep")
	}
	ev.step()
	switch u := t.Underlying().(type) {
	case *types.Basic:
		return equal(x, y)
	case *types.Struct:
		xs, ys := x.(structure), y.(structure)
		for i := range u.NumFields() {
			if !ev.deepEqual(xs[i], ys[i], u.Field(i).Type(), seen, depth+1) {
				return false
			}
		}
		return true
	case *types.Array:
		xa, ya := x.(array), y.(array)
		for i := range xa {
			if !ev.deepEqual(xa[i], ya[i], u.Elem(), seen, depth+1) {
				return false
			}
		}
		return true
	case *types.Slice:
		xs, ys := x.(sliceV), y.(sliceV)
		if (xs.base == nil) != (ys.base == nil) || xs.len != ys.len {
			return false
		}
		if xs.len == 0 || &xs.base[xs.off] == &ys.base[ys.off] {
			return true
		}
		k := [2]any{&xs.base[xs.off], &ys.base[ys.off]}
		if seen[k] {
			return true
		}
		seen[k] = true
		for i := range xs.len {
			if !ev.deepEqual(xs.base[xs.off+i], ys.base[ys.off+i], u.Elem(), seen, depth+1) {
				return false
			}
		}
		return true
	case *types.Pointer:
		xp, yp := x.(*value), y.(*value)
		if xp == yp {
			return true
		}
		if xp == nil || yp == nil {
			return false
		}
		k := [2]any{xp, yp}
		if seen[k] {
			return true
		}
		seen[k] = true
		return ev.deepEqual(*xp, *yp, u.Elem(), seen, depth+1)
	case *types.Map:
		xm, ym := x.(*mapV), y.(*mapV)
		if (xm == nil) != (ym == nil) {
			return false
		}
		if xm == ym {
			return true
		}
		if xm.live != ym.live {
			return false
		}
		k := [2]any{xm, ym}
		if seen[k] {
			return true
		}
		seen[k] = true
		for i, key := range xm.keys {
			if _, del := key.(deletedKey); del {
				continue
			}
			j, ok := ym.idx[mapKey(key)]
			if !ok || !ev.deepEqual(*xm.vals[i], *ym.vals[j], u.Elem(), seen, depth+1) {
				return false
			}
		}
		return true
	case *types.Interface:
		xi, yi := x.(iface), y.(iface)
		if xi.t == nil || yi.t == nil {
			return xi.t == nil && yi.t == nil
		}
		return types.Identical(xi.t, yi.t) && ev.deepEqual(xi.v, yi.v, xi.t, seen, depth+1)
	case *types.Signature:
		xc, _ := x.(*closure)
		yc, _ := y.(*closure)
		return xc == nil && yc == nil
	case *types.Chan:
		return x == y
	}
	ev.fail("reflect.DeepEqual on values of type %s is not supported", typeString(t))
	return false
}
