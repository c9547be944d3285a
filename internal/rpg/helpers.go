package rpg

import (
	"fmt"
	"strconv"
)

// Helper functions: inlined at each call (the default), or staged with
// //lms:fun, recursive on a Rep depth or on a static one.

type helperKind int

const (
	hInline    helperKind = iota // inlined, with a static parameter
	hRecRep                      // //lms:fun, recursion on a Rep depth
	hRecStatic                   // //lms:fun, recursion on a static depth
	numHelperKinds
)

// helperInfo records how to call a helper.
type helperInfo struct {
	kind  helperKind
	slice bool // its second parameter is a slice
}

// fstate is the per-function state of the generator, saved while a
// helper is generated in the middle of another function.
type fstate struct {
	fn          *Func
	scopes      [][]*Var
	staged      int
	loops       []loopInfo
	budget      int
	level       map[*Var]int
	recVar      *Var
	recSelf     *Func
	unrollDepth int
}

func (g *gen) save() fstate {
	return fstate{g.fn, g.scopes, g.staged, g.loops, g.budget, g.level, g.recVar, g.recSelf, g.unrollDepth}
}

func (g *gen) restore(s fstate) {
	g.fn, g.scopes, g.staged, g.loops, g.budget, g.level, g.recVar, g.recSelf, g.unrollDepth = s.fn, s.scopes, s.staged, s.loops, s.budget, s.level, s.recVar, s.recSelf, s.unrollDepth
}

// funCall calls a helper returning t: an existing one, or a new one.
// It returns nil where no call fits (in a helper, which calls nothing but
// itself).
func (g *gen) funCall(t Type, depth int) *Expr {
	if g.isHelper(g.fn) {
		return nil
	}
	var cands []*Func
	for _, h := range g.helpers {
		if h.Results[0] == t {
			cands = append(cands, h)
		}
	}
	var h *Func
	if len(cands) > 0 && (len(g.helpers) >= 4 || g.chance(60)) {
		h = cands[g.n(len(cands))]
	} else if len(g.helpers) < 6 {
		h = g.newHelper(t)
	} else {
		return nil
	}
	g.fn.Calls = append(g.fn.Calls, h)
	info := g.hinfo[h]
	args := []*Expr{g.expr(t, depth-1)}
	if info.slice {
		st := h.Params[1].T
		sl := g.visible(func(v *Var) bool { return v.T == st })
		if len(sl) == 0 {
			return nil
		}
		v := g.pick(sl)
		args = append(args, &Expr{Op: "var", Var: v, T: v.T, Dyn: v.Dyn})
	}
	switch info.kind {
	case hRecRep:
		args = append(args, g.expr(Type{Kind: Int, Stage: true}, 1))
	default:
		args = append(args, g.lit(Int, strconv.Itoa(g.n(4)), false))
	}
	return &Expr{Op: "call", Lit: h.Name, T: t, Dyn: true, Args: args}
}

func (g *gen) isHelper(f *Func) bool {
	_, ok := g.hinfo[f]
	return ok
}

// newHelper generates a helper returning t.
func (g *gen) newHelper(t Type) *Func {
	saved := g.save()
	defer g.restore(saved)
	g.nfun++
	kind := helperKind(g.n(int(numHelperKinds)))
	f := &Func{Name: fmt.Sprintf("h%d", g.nfun), Results: []Type{t}, LmsFun: kind != hInline}
	info := helperInfo{kind: kind}
	g.hinfo[f] = info // before the body: it may call itself
	g.begin(f)
	x := g.newVar("a", t, true)
	f.Params = append(f.Params, x)
	g.declare(x)
	if g.chance(30) {
		xs := g.newVar("xs", Type{Kind: g.numKind(), Stage: true, Slice: true}, true)
		f.Params = append(f.Params, xs)
		g.declare(xs)
		info.slice = true
		g.hinfo[f] = info
	}
	var d *Var
	if kind == hRecRep {
		d = g.newVar("d", Type{Kind: Int, Stage: true}, true)
	} else {
		d = g.newVar("k", Type{Kind: Int}, false)
	}
	d.Depth = kind != hInline
	f.Params = append(f.Params, d)
	g.declare(d)
	dv := &Expr{Op: "var", Var: d, T: d.T, Dyn: d.Dyn}
	// the base case first: it bounds the recursion
	var base *Expr
	switch kind {
	case hRecRep:
		base = &Expr{Op: "bin", Lit: "||", T: Type{Kind: Bool}, Dyn: true, Args: []*Expr{
			{Op: "bin", Lit: "<=", T: Type{Kind: Bool}, Dyn: true, Args: []*Expr{dv, g.lit(Int, "0", false)}},
			{Op: "bin", Lit: ">", T: Type{Kind: Bool}, Dyn: true, Args: []*Expr{dv, g.lit(Int, strconv.Itoa(2+g.n(4)), false)}},
		}}
	case hRecStatic:
		base = &Expr{Op: "bin", Lit: "<=", T: Type{Kind: Bool}, Args: []*Expr{dv, g.lit(Int, "0", false)}}
	}
	if base != nil {
		f.Body = append(f.Body, &Stmt{Kind: SIf, X: base, Body: []*Stmt{{Kind: SReturn, Args: []*Expr{g.expr(t, 1)}, Fixed: true}}, Fixed: true})
	}
	g.budget = 2 + g.n(g.cfg.Stmts/3+1)
	f.Body = append(f.Body, g.block(1)...)
	res := g.expr(t, 2)
	if kind != hInline {
		// the recursive call: one or two of them
		var next *Expr
		if kind == hRecRep {
			next = &Expr{Op: "bin", Lit: "-", T: d.T, Dyn: true, Args: []*Expr{dv, g.lit(Int, "1", false)}}
		} else {
			next = &Expr{Op: "bin", Lit: "-", T: d.T, Args: []*Expr{dv, g.lit(Int, "1", false)}}
		}
		call := func() *Expr {
			args := []*Expr{g.expr(t, 1)}
			if info.slice {
				args = append(args, &Expr{Op: "var", Var: f.Params[1], T: f.Params[1].T, Dyn: true})
			}
			return &Expr{Op: "call", Lit: f.Name, T: t, Dyn: true, Args: append(args, next)}
		}
		rc := call()
		if t.Kind.IsNum() && g.chance(40) {
			rc = &Expr{Op: "bin", Lit: "+", T: t, Dyn: true, Args: []*Expr{rc, call()}}
		} else if t.Kind.IsNum() || t.Kind == String {
			rc = &Expr{Op: "bin", Lit: "+", T: t, Dyn: true, Args: []*Expr{rc, res}}
		}
		res = rc
	}
	f.Body = append(f.Body, &Stmt{Kind: SReturn, Args: []*Expr{res}, Fixed: true})
	g.helpers = append(g.helpers, f)
	return f
}
