package cgen

import (
	"fmt"
	"reflect"
	"slices"

	"github.com/lmsgen/lmsgen/ir"
	"github.com/lmsgen/lmsgen/sched"
)

// This file plans one specialization: what the emission of its functions
// needs to know before it starts. Staged functions (λ) become C functions
// at file level by lambda lifting: the dynamic values a function's body
// refers to but does not define (its captures, including those of the
// functions it calls) become extra parameters, passed at every call;
// captured variables are passed by pointer, so that writes through the
// function are seen by its caller. Everything is indexed by symbol and
// computed in node order; no map is iterated.

// specGen emits one specialization.
type specGen struct {
	fl     *fileGen
	name   string // the Go name
	fn     Func
	s      sched.Scheduled
	g      *ir.Graph
	errs   ir.ErrorList
	cname  string // the internal C function
	params []string

	uses     []int32           // references as an argument or a block result
	varReads []int32           // var_new -> var_get nodes reading it
	written  []bool            // static table -> its object is written (copied at its node)
	held     []string          // symbol -> the source name of the value it holds (sched.Facts.Held)
	fwdLam   map[ir.Sym]ir.Sym // forward declaration -> its λ
	lamFwd   map[ir.Sym]ir.Sym // λ -> its forward declaration
	lams     []*lamInfo        // in node order
	lamOf    map[ir.Sym]*lamInfo
	tables   map[ir.Sym]*table
	captured []bool              // captured by some λ (never inline)
	projs    map[ir.Sym][]ir.Sym // tuple -> its projections (tuples.go; made on first use)

	// Per-symbol emission state (see fn.go).
	names  []string // declared C name of a symbol defined in a function
	owner  []int32  // the function (fnGen.id) that declared it
	inline []int32  // frame in which the symbol is written inline (0: none)
	done   []bool   // the inline symbol has been written
	frames int32
	fns    int32    // C functions started
	index  int      // the specialization's index among the Funcs (line marks, lines.go)
	vec    vecNames // the C names of the packs (simd.go)

	avx2  bool     // this is the AVX2 clone of a specialization (simd_clone.go)
	clone *specGen // the AVX2 clone this specialization calls, or nil
}

// lamInfo is a staged function and its C function.
type lamInfo struct {
	n       *ir.Node
	cname   string
	caps    []ir.Sym // captured symbols, in symbol order
	asValue bool     // used as a function value, not only called
}

// errorf records an error at the position of n (if known), with the
// chain of inlined calls that led there (as the frontend reports its
// errors). The nodes of a call inlined many times share its position:
// the error is recorded once per position, with the first chain met.
func (sg *specGen) errorf(n *ir.Node, format string, args ...any) {
	e := &ir.Error{Msg: "cgen: " + sg.name + ": " + fmt.Sprintf(format, args...)}
	if n != nil {
		e.Pos = sg.g.Position(n)
		e.Chain = ir.ShortChain(sg.g.CallChain(n))
	} else {
		e.Pos = sg.fn.Pos // the function as a whole: its directive
	}
	for _, x := range sg.errs {
		if x.Pos == e.Pos && x.Msg == e.Msg {
			return
		}
	}
	sg.errs = append(sg.errs, e)
}

// plan analyzes a specialization and chooses its file-level names; with
// avx2, those of its AVX2 clone (simd_clone.go).
func (fl *fileGen) plan(f Func, avx2 bool) *specGen {
	s := f.Schedule
	g := s.Graph()
	n := g.NumSyms()
	facts := f.FactsOrCompute()
	sg := &specGen{fl: fl, name: f.Name, fn: f, s: s, g: g,
		uses: facts.Uses, varReads: facts.VarReads, written: facts.Written, held: facts.Held,
		fwdLam: facts.LamOf, lamFwd: facts.FwdOf, lamOf: map[ir.Sym]*lamInfo{}, tables: map[ir.Sym]*table{},
		names: make([]string, n), owner: make([]int32, n), inline: make([]int32, n), done: make([]bool, n), avx2: avx2}
	prefix := f.Name
	if avx2 {
		prefix += avx2Suffix
	}
	sg.cname = fl.top.fresh(prefix)
	sg.refuseOpaque()
	fl.top.reserve(fl.exportName(f.Name))
	for _, nd := range facts.Lambdas {
		l := &lamInfo{n: nd}
		sg.lams = append(sg.lams, l)
		sg.lamOf[nd.Sym] = l
	}
	var values []ir.Sym // functions used as values
	for _, nd := range g.Nodes {
		if nd.Op == ir.OpForward {
			continue
		}
		for i, x := range nd.Args {
			if x.IsSym() && (nd.Op != ir.OpApply || i > 0) {
				values = append(values, x.Sym())
			}
		}
	}
	g.Blocks(func(b *ir.Block) {
		if b.Res.IsSym() {
			values = append(values, b.Res.Sym())
		}
	})
	for _, v := range values {
		if fn := sg.funcOf(v); fn != 0 {
			sg.lamOf[fn].asValue = true
		}
	}
	for _, nd := range g.Nodes {
		if nd.Op == ir.OpStatic {
			tb := fl.table(nd, g.Name(nd.Sym), sg.name)
			if !sg.written[nd.Sym] && tb.slice == "" {
				tb.slice = fl.top.fresh(tb.base)
			}
			sg.tables[nd.Sym] = tb
		}
	}
	for _, l := range sg.lams {
		base := cIdent(g.Name(l.n.Sym))
		if f, ok := sg.lamFwd[l.n.Sym]; ok && base == "" {
			base = cIdent(g.Name(f))
		}
		if base == "" {
			base = "func" + fmt.Sprint(int(l.n.Sym))
		}
		l.cname = fl.top.fresh(prefix + "_" + base)
	}
	sg.lift()
	for _, l := range sg.lams {
		if l.asValue && len(l.caps) > 0 {
			sg.errorf(l.n, "the staged function %s is used as a value and captures dynamic values %s: "+
				"a C function pointer cannot capture; call the function directly, or pass the values as arguments",
				sg.nodeName(l.n.Sym), sg.symList(l.caps))
		}
	}
	sg.checkSignature()
	return sg
}

// funcOf returns the λ a symbol denotes (itself, or the λ of a forward
// declaration), or 0.
func (sg *specGen) funcOf(s ir.Sym) ir.Sym {
	if l, ok := sg.fwdLam[s]; ok {
		return l
	}
	if d := sg.g.Def(s); d != nil && d.Op == ir.OpLambda {
		return s
	}
	return 0
}

// symList formats symbols by their source names for messages.
func (sg *specGen) symList(ss []ir.Sym) string {
	var out []string
	for _, s := range ss {
		if name := sg.g.Name(s); name != "" {
			out = append(out, name)
		} else {
			out = append(out, s.String())
		}
	}
	return fmt.Sprint(out)
}

// table returns the static table of node n, sharing equal tables.
func (fl *fileGen) table(n *ir.Node, srcName, spec string) *table {
	vals := n.Aux.(*ir.StaticData).Vals
	key := n.Type.String() + fmt.Sprintf("%#v", vals)
	if tb, ok := fl.tables[key]; ok {
		return tb
	}
	base := cIdent(srcName)
	if base == "" {
		base = spec + "_table"
	}
	tb := &table{t: n.Type, base: base}
	tb.data = fl.top.fresh(base + "_data")
	v := reflect.ValueOf(vals)
	for i := 0; i < v.Len(); i++ {
		tb.vals = append(tb.vals, staticInit(n.Type.Elem, v.Index(i).Interface()))
	}
	fl.tables[key] = tb
	fl.tableList = append(fl.tableList, tb)
	return tb
}

// lift computes the captures of every λ: the symbols its body refers to
// and does not define, other than file-level ones (functions and tables
// that are not written), plus the captures of the functions it refers to
// that it does not define itself; a fixpoint, for mutual recursion.
func (sg *specGen) lift() {
	if len(sg.lams) == 0 {
		return
	}
	type body struct {
		defined map[ir.Sym]bool
		free    []ir.Sym // direct, in first-reference order
		calls   []*lamInfo
	}
	bodies := make([]body, len(sg.lams))
	for i, l := range sg.lams {
		refs, defined := sched.Refs(sg.s, l.n.Blocks[0], false)
		bd := body{defined: defined}
		for _, s := range refs {
			// A function referred to (even one defined in the body) is
			// called with its captures, which the body must have.
			if fn := sg.funcOf(s); fn != 0 {
				bd.calls = append(bd.calls, sg.lamOf[fn])
				continue
			}
			if bd.defined[s] {
				continue
			}
			if d := sg.g.Def(s); d != nil && d.Op == ir.OpStatic && !sg.written[s] {
				continue
			}
			bd.free = append(bd.free, s)
		}
		bodies[i] = bd
	}
	caps := make([]map[ir.Sym]bool, len(sg.lams))
	index := map[*lamInfo]int{}
	for i, l := range sg.lams {
		index[l] = i
		caps[i] = map[ir.Sym]bool{}
		for _, s := range bodies[i].free {
			caps[i][s] = true
		}
	}
	for changed := true; changed; {
		changed = false
		for i := range sg.lams {
			for _, c := range bodies[i].calls {
				for s := range caps[index[c]] {
					if !caps[i][s] && !bodies[i].defined[s] {
						caps[i][s] = true
						changed = true
					}
				}
			}
		}
	}
	for i, l := range sg.lams {
		for s := range caps[i] {
			l.caps = append(l.caps, s)
		}
		slices.Sort(l.caps)
	}
}

// isVar reports whether s is a staged variable.
func (sg *specGen) isVar(s ir.Sym) bool {
	d := sg.g.Def(s)
	return d != nil && d.Op == ir.OpVarNew
}

// checkSignature rejects entry points whose types the C calling
// convention does not carry.
func (sg *specGen) checkSignature() {
	g := sg.g
	check := func(t *ir.Type, what string) {
		if !abiType(t) {
			sg.errorf(nil, "the %s has type %v, which the C entry point cannot pass "+
				"(supported: basic types, slices of basic types other than string, and slices of structs of those)", what, t)
		}
	}
	for i, s := range g.Block.In {
		check(g.TypeOf(s.E()), fmt.Sprintf("parameter %d", i+1))
	}
	for i, t := range g.TypeOf(g.Block.Res).Values() {
		check(t, fmt.Sprintf("result %d", i+1))
	}
}

// abiType reports whether the entry points pass values of type t.
func abiType(t *ir.Type) bool {
	if t.IsBasic() {
		return true
	}
	if t.Kind == ir.KSlice && t.Elem.Kind == ir.KStruct {
		return true // a slice of structs (aos.go; checkAoS refuses strings)
	}
	return t.Kind == ir.KSlice && t.Elem.IsBasic() && t.Elem.Kind != ir.KString
}
