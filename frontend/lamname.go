package frontend

import "golang.org/x/tools/go/ssa"

// This file names the staged functions built from function literals after
// the variables of the source that hold them.

// lambdaName returns the name a function literal staged as a function has
// in the source: the variable it is stored in or assigned to (even =
// stage.Fun(func...) and f := stage.Fun(func...) name it even and f). It
// returns "" when the source gives none (a literal kept in a register) and
// for a top-level function or method, whose name the staging function
// itself keeps.
func lambdaName(fn *ssa.Function) string {
	if fn.Parent() == nil {
		return "" // its name is taken at package level: the staging function
	}
	for _, b := range fn.Parent().Blocks {
		for _, in := range b.Instrs {
			switch x := in.(type) {
			case *ssa.MakeClosure:
				if x.Fn == fn {
					return valueName(x)
				}
			case *ssa.Store:
				if x.Val == fn {
					return storedName(x)
				}
			case *ssa.Call:
				// A literal that captures nothing is a constant operand.
				if f, ok := x.Call.Value.(*ssa.Function); ok && isStageFun(f) && len(x.Call.Args) == 1 && x.Call.Args[0] == fn {
					return valueName(x)
				}
			}
		}
	}
	return ""
}

// valueName follows a function value through stage.Fun to the variable it
// is stored in or assigned to.
func valueName(v ssa.Value) string {
	for _, r := range *v.Referrers() {
		switch x := r.(type) {
		case *ssa.Store:
			if x.Val == v {
				if n := storedName(x); n != "" {
					return n
				}
			}
		case *ssa.DebugRef:
			if n := sourceName(v); n != "" && x.X == v {
				return n
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
