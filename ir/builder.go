package ir

import (
	"fmt"
	"go/token"
	"slices"
)

// Builder builds a Graph. Pure nodes are hash-consed (common subexpression
// elimination); effectful nodes get dependencies from their read and write
// keys; blocks are built by running a Go function in a fresh effect scope
// (reify). Every constructor first tries the smart-constructor rewrites of
// rewrite.go, so the result may be a constant or an existing symbol.
//
// A Builder is not safe for concurrent use; distinct Builders are.
type Builder struct {
	g      *Graph
	cse    cseTable
	consts map[constKey]*Const // complex and string constants
	nums   numTable            // the others, most (numtab.go)
	byID   symTab[*Const]      // every constant, by interning number
	cbuf   []Const             // constants are allocated in chunks
	sc     *scope
	pos    Pos
	// calls.go: positions, places, call sites and calls interned
	posIdx   map[uint64]Pos
	placeIdx map[placeKey]int32
	siteIdx  map[siteKey]int32
	callIdx  map[uint64]Chain
	files    interner // file names of positions, for the keys
	callers  interner // callers of call sites, for the keys

	// Aliasing. Every slice value belongs to an alias class, named by a
	// key; effects on a slice use its class's key. A slice allocated here
	// (slice_new, staticData) starts a class of its own; sub-slices and
	// appends share their base's class; any other slice (a parameter, a
	// variable's value, a function's result) belongs to the heap class of
	// its element type, which stands for all memory the graph does not
	// own. When a locally allocated slice escapes (is stored in a variable,
	// a slice or a result), its class is merged into the heap class.
	class  map[Sym]Key
	parent map[Key]Key // union-find over classes
	heaps  map[*Type]Key
	objs   []Key // every object key, in creation order

	arena    []Exp  // see argList
	nodeBuf  []Node // nodes are allocated in chunks
	statics  map[staticKey]Sym
	forwards map[Sym]Sym // λforward symbol -> reserved λ symbol
	defined  map[Sym]bool
	loops    map[Sym]*loopState // the loops whose bodies are being built (loop.go)

	// varWriters lists, per variable, the nodes that write it, in the
	// order they were built (terminate.go).
	varWriters map[Sym][]varWriter
}

// NewBuilder returns an empty builder.
func NewBuilder() *Builder {
	g := &Graph{positions: []posEntry{{}}, places: []token.Position{{}}}
	return &Builder{g: g, consts: map[constKey]*Const{},
		posIdx: map[uint64]Pos{}, placeIdx: map[placeKey]int32{}, siteIdx: map[siteKey]int32{}, callIdx: map[uint64]Chain{}, class: map[Sym]Key{}, parent: map[Key]Key{},
		heaps: map[*Type]Key{}, statics: map[staticKey]Sym{}, forwards: map[Sym]Sym{}, defined: map[Sym]bool{},
		varWriters: map[Sym][]varWriter{}}
}

// Graph returns the graph built so far.
func (b *Builder) Graph() *Graph { return b.g }

// Build builds a whole function: it reifies body as the top-level block,
// with one input per parameter type, and returns the graph.
func (b *Builder) Build(params []*Type, body func(args []Exp) Exp) *Graph {
	if b.sc != nil || b.g.Block != nil {
		panic("BUG: Build called twice or inside a block")
	}
	b.g.Block = b.Reify(params, body)
	return b.g
}

// At sets the source position of the nodes built from now on, in code
// not inlined (AtIn gives the chain of inlined calls).
func (b *Builder) At(p token.Position) { b.AtIn(p, 0) }

// Name records the source name of a symbol (a parameter, a variable).
func (b *Builder) Name(e Exp, name string) {
	if e.IsConst() {
		return
	}
	for b.g.names.len() <= int(e.s) {
		b.g.names.push("")
	}
	b.g.names.set(e.s, name)
}

// fresh allocates a symbol of type t.
func (b *Builder) fresh(t *Type) Sym {
	s := Sym(b.g.types.len())
	b.g.types.push(t)
	b.g.defs.push(nil)
	return s
}

// Const returns the constant v of type t. v must be the Go value of t's
// Go type (int8 for Int8, ...), or an untyped Go constant convertible to
// it without loss.
func (b *Builder) Const(t *Type, v any) Exp {
	if t == nil || (!t.IsBasic() && t != Void) {
		panic(fmt.Sprintf("BUG: constant of non-basic type %v", t))
	}
	if gt := goValueType(v); gt != t {
		cv, ok := convertUntyped(t, v)
		if !ok {
			panic(fmt.Sprintf("BUG: constant %v (%T) is not a %v", v, v, t))
		}
		v = cv
	}
	k := keyOf(t, v)
	if !t.IsComplex() && t.Kind != KString {
		if id := b.nums.find(t.Kind, k.lo); id >= 0 {
			return Exp{c: b.byID.at(Sym(id))}
		}
		c := b.newConst(t, v)
		b.nums.insert(t.Kind, k.lo, c.id)
		return Exp{c: c}
	}
	c, ok := b.consts[k]
	if !ok {
		c = b.newConst(t, v)
		b.consts[k] = c
	}
	return Exp{c: c}
}

func (b *Builder) newConst(t *Type, v any) *Const {
	if len(b.cbuf) == cap(b.cbuf) {
		b.cbuf = make([]Const, 0, min(constChunk, max(8, 2*cap(b.cbuf))))
	}
	b.cbuf = append(b.cbuf, Const{Type: t, Val: v, id: int32(b.byID.len())})
	c := &b.cbuf[len(b.cbuf)-1]
	b.byID.push(c)
	return c
}

// constChunk is the most constants allocated at once (a small graph
// allocates fewer).
const constChunk = 128

// Unit returns the constant of type Void, the result of a block that
// computes no value.
func (b *Builder) Unit() Exp { return b.Const(Void, nil) }

// Reify builds a block: it allocates the block's effect input and one input
// per type, runs f in a fresh effect scope, and summarizes its effects.
func (b *Builder) Reify(in []*Type, f func(args []Exp) Exp) *Block {
	return b.reify(in, f, false)
}

// reify is Reify; fn marks a function body.
func (b *Builder) reify(in []*Type, f func(args []Exp) Exp, fn bool) *Block {
	outer := b.sc
	ein := b.fresh(Void)
	sc := newScope(ein)
	sc.parent, sc.fn = outer, fn
	if outer != nil {
		sc.fnDepth, sc.indexed = outer.fnDepth, outer.indexed
	} else {
		sc.indexed = &symBits{}
	}
	if fn {
		sc.fnDepth++
	}
	args := make([]Exp, len(in))
	for i, t := range in {
		args[i] = b.fresh(t).E()
	}
	b.sc = sc
	res := f(args)
	b.sc = outer
	// The block is allocated now rather than before its body, next to
	// the node that will own it: the passes that walk the nodes in order
	// (ir.NewFlat above all) then read blocks in the order they were
	// allocated instead of at scattered addresses. Its inputs are the
	// symbols fresh gave after ein.
	blk := &Block{Ein: ein, Res: res}
	for i := range in {
		blk.In = append(blk.In, ein+1+Sym(i))
	}
	blk.Eff = sc.summary(append(b.resKeys(res), sc.keep...))
	return blk
}

// Keep makes the block being built keep its last write to the class of
// slice s, as it does for a slice that is its result: for a block whose
// result is set after it is built (a staged conditional's branch, whose
// results the frontend knows only when both branches are built), and
// whose writes to s would otherwise be reached by nothing (writes that
// cannot trap, to an array made in the block).
func (b *Builder) Keep(s Exp) {
	b.mustSlice(s)
	if !s.IsConst() {
		b.sc.keep = append(b.sc.keep, b.keyOf(s))
	}
}

// resKeys returns the alias classes of the slices a block's result res
// lets out: res itself, or the elements of a tuple (the results of a
// conditional that merges several values). The block keeps its last
// write to each.
func (b *Builder) resKeys(res Exp) []Key {
	if !res.IsSym() {
		return nil
	}
	if n, ok := b.defOp(res); ok && n.Op == OpTuple {
		var keys []Key
		for _, a := range n.Args {
			keys = append(keys, b.resKeys(a)...)
		}
		return keys
	}
	if b.g.types.at(res.s).Kind == KSlice {
		return []Key{b.keyOf(res)}
	}
	return nil
}

// node appends a node to the graph.
func (b *Builder) node(s Sym, op Op, t *Type, args []Exp, blocks []*Block, aux any, eff *EffectSummary, flags NodeFlags) *Node {
	if b.sc == nil {
		panic("BUG: node built outside any block")
	}
	if len(b.nodeBuf) == cap(b.nodeBuf) {
		b.nodeBuf = make([]Node, 0, 1024)
	}
	b.nodeBuf = append(b.nodeBuf, Node{Sym: s, Op: op, Flags: flags, Pos: b.pos, Type: t, Args: args, Blocks: blocks, Aux: aux, Eff: eff})
	n := &b.nodeBuf[len(b.nodeBuf)-1]
	b.g.types.set(s, t)
	b.g.defs.set(s, n)
	b.g.Nodes = appendDoubling(b.g.Nodes, n)
	return n
}

// Reflect builds a pure node (or finds an equal one: CSE), after the
// rewrites. It is the low-level entry; prefer the typed constructors.
func (b *Builder) Reflect(op Op, t *Type, aux any, args ...Exp) Exp {
	if e, ok := b.rewrite(op, t, aux, args); ok {
		return e
	}
	return b.reflectPure(op, t, aux, args, 0)
}

func (b *Builder) reflectPure(op Op, t *Type, aux any, args []Exp, flags NodeFlags) Exp {
	if op.Info().Commutative && len(args) == 2 {
		// A constant goes right (the rewrites look for it there); two
		// symbols keep the source's order, and either order finds the
		// other in the CSE table.
		if args[0].IsConst() && args[1].IsSym() {
			args = []Exp{args[1], args[0]}
		} else if s, _, ok := b.cse.find(b.g, op, t, aux, []Exp{args[1], args[0]}); ok {
			return s.E()
		}
	}
	s, h, ok := b.cse.find(b.g, op, t, aux, args)
	if ok {
		return s.E()
	}
	s = b.fresh(t)
	n := b.node(s, op, t, b.argList(args), nil, aux, nil, flags)
	b.cse.insert(s, h, n.Args)
	return s.E()
}

// argList copies args into the builder's argument arena: nodes' argument
// lists are carved out of large shared chunks rather than allocated one by
// one.
func (b *Builder) argList(args []Exp) []Exp {
	if len(args) == 0 {
		return nil
	}
	if len(b.arena)+len(args) > cap(b.arena) {
		b.arena = make([]Exp, 0, max(4096, len(args)))
	}
	n := len(b.arena)
	b.arena = append(b.arena, args...)
	return b.arena[n:len(b.arena):len(b.arena)]
}

// ReflectEffect builds a node with effects: it reads and writes the given
// keys, plus the latent effects of its blocks, and gets dependencies from
// them. overwrite marks a node whose write replaces a variable entirely:
// the variable is its first write key (writes[0]); its other write keys
// (the alias classes of a slice it stores, which it lets escape) keep
// their contents, so it depends on their last writes as any write does.
func (b *Builder) ReflectEffect(op Op, t *Type, aux any, args []Exp, blocks []*Block, reads, writes []Key, overwrite bool, flags NodeFlags) Exp {
	var over *Key
	if overwrite {
		if len(writes) == 0 {
			panic("BUG: an overwriting node without a write key")
		}
		k := writes[0]
		over = &k
	}
	for _, blk := range blocks {
		reads = append(reads, blk.Eff.Rkeys...)
		writes = append(writes, blk.Eff.Wkeys...)
	}
	reads, writes = sortKeys(reads), sortKeys(writes)
	if len(reads) == 0 && len(writes) == 0 && len(blocks) == 0 && flags&FlagTrap == 0 {
		return b.reflectPure(op, t, aux, args, flags)
	}
	soft, hard := b.sc.gatherDeps(reads, writes, over)
	s := b.fresh(t)
	var eff *EffectSummary
	if len(reads)+len(writes)+len(soft)+len(hard) > 0 {
		eff = &EffectSummary{Sdeps: soft, Hdeps: hard, Rkeys: reads, Wkeys: writes}
	}
	b.node(s, op, t, b.argList(args), blocks, aux, eff, flags)
	b.sc.record(s, reads, writes)
	b.recordWrites(s, writes)
	return s.E()
}

// keyOf returns the effect key of a slice value: its alias class.
func (b *Builder) keyOf(e Exp) Key {
	if e.IsConst() {
		panic("BUG: effect key of a constant")
	}
	k, ok := b.class[e.s]
	if !ok {
		k = b.heap(b.g.types.at(e.s))
		b.class[e.s] = k
	}
	return b.find(k)
}

// heap returns the heap class of slices of type t.
func (b *Builder) heap(t *Type) Key {
	if k, ok := b.heaps[t]; ok {
		return k
	}
	k := SymKey(b.fresh(t))
	b.heaps[t] = k
	b.objs = append(b.objs, k)
	b.g.heaps = append(b.g.heaps, Sym(k))
	return k
}

func (b *Builder) find(k Key) Key {
	for {
		p, ok := b.parent[k]
		if !ok {
			return k
		}
		k = p
	}
}

// Escape returns the keys a node must write because it lets the slice
// values among es escape (see escape): a conditional built with
// ReflectEffect whose branches result in es passes them as its writes.
func (b *Builder) Escape(es ...Exp) []Key { return b.escape(es...) }

// escape returns the extra keys a node must write because it lets the
// slice values among args (or among the elements of a tuple among them)
// escape: the local class of each, and the heap class it is merged into.
func (b *Builder) escape(args ...Exp) []Key {
	var keys []Key
	for _, a := range args {
		if a.IsConst() {
			continue
		}
		if n, ok := b.defOp(a); ok && n.Op == OpTuple {
			// The results of a conditional that merges several values.
			keys = append(keys, b.escape(n.Args...)...)
			continue
		}
		if b.g.TypeOf(a).Kind != KSlice {
			continue
		}
		k := b.keyOf(a)
		h := b.heap(b.g.TypeOf(a))
		if k != h {
			b.parent[k] = h
			keys = append(keys, k, h)
		}
	}
	return keys
}

// newObject gives the node s a fresh alias class of its own.
func (b *Builder) newObject(s Sym) {
	b.class[s] = SymKey(s)
	b.objs = append(b.objs, SymKey(s))
}

// appendDoubling appends x, doubling the capacity when it is exhausted
// (append grows large slices by a quarter, which copies more in all).
func appendDoubling[T any](s []T, x T) []T {
	if len(s) == cap(s) {
		s = slices.Grow(s, max(len(s), 256))
	}
	return append(s, x)
}
