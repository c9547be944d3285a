package frontend

import "golang.org/x/tools/go/ssa"

// lambdaName returns the name a function literal staged as a function has
// in the source: the variable it is stored in (even = stage.Fun(func...)
// names it even). It returns "" when the source gives none (a literal
// kept in a register) and for a top-level function or method, whose name
// the staging function itself keeps.
func lambdaName(fn *ssa.Function) string {
	if fn.Parent() == nil {
		return "" // its name is taken at package level: the staging function
	}
	for _, b := range fn.Parent().Blocks {
		for _, in := range b.Instrs {
			var v ssa.Value
			switch x := in.(type) {
			case *ssa.MakeClosure:
				if x.Fn == fn {
					v = x
				}
			case *ssa.Store:
				if x.Val == fn {
					return storedName(x)
				}
			}
			if v != nil {
				return valueName(v)
			}
		}
	}
	return ""
}

// valueName follows a function value through stage.Fun to the variable it
// is stored in.
func valueName(v ssa.Value) string {
	for _, r := range *v.Referrers() {
		switch x := r.(type) {
		case *ssa.Store:
			if x.Val == v {
				if n := storedName(x); n != "" {
					return n
				}
			}
		case *ssa.Call:
			if f, ok := x.Call.Value.(*ssa.Function); ok && isStageFun(f) {
				if n := valueName(x); n != "" {
					return n
				}
			}
		}
	}
	return ""
}

// storedName returns the name of the local variable a store writes.
func storedName(s *ssa.Store) string {
	if a, ok := s.Addr.(*ssa.Alloc); ok {
		return a.Comment
	}
	return ""
}

// isStageFun reports whether f is stage.Fun (or an instance of it).
func isStageFun(f *ssa.Function) bool {
	if o := f.Origin(); o != nil {
		f = o
	}
	return f.Name() == "Fun" && f.Pkg != nil && f.Pkg.Pkg.Path() == stagePath
}
