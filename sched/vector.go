package sched

import (
	"math"
	"slices"

	"github.com/lmsgen/lmsgen/ir"
)

// This file is the vectorization pass (lmsgen -simd): superword-level
// parallelism (SLP) on a schedule. It finds packs: groups of nodes placed
// in one block, one per lane, that do the same scalar operation on
// contiguous elements of a slice (lane j on element c+j), where no lane
// depends on another. An emitter writes a pack as one vector operation
// and leaves the schedule's other nodes as they are.
//
// Results stay bit-exact: each lane of a vector operation is the scalar
// operation of its node, on the same operands, so the scalar code's
// arithmetic is done in the same order, without contraction (a vector
// multiply and a vector add, never a fused multiply-add) and without
// reassociation. Packs are:
//
//	load     lane j reads s[c+j]        (one vector load)
//	store    lane j writes s[c+j] = x_j (one vector store)
//	op       lane j computes x_j op y_j (+ - * / on floats), or, with
//	         relaxed floating point only, math.FMA(x_j, y_j, z_j)
//	var      staged variables v_j, one per lane, made, read and written
//	         together (a vector variable: the sums of a register block)
//	reduce   the sum of the lanes of its operand pack, a pairwise tree of
//	         + written in the graph ((x_0+x_1)+(x_2+x_3) for 4 lanes: the
//	         tree RelaxFP makes of a reassociated sum), written once
//	         the vector is complete with the lanes extracted: the same
//	         additions in the same order
//
// An operand of a pack is either a pack of the same lanes or one value
// for every lane (broadcast). Packs grow from seeds, stores of contiguous
// elements and reduction trees, towards their operands; a group of packs is kept only if
//
//   - every use of a packed value is by a pack, in the same lane (no
//     lane is ever extracted), and every access of a packed variable is
//     packed;
//   - no packed load or store can trap: its slice's length is a constant
//     the pass proves (a sub-slice s[lo:hi] whose hi-lo is a constant) and
//     covers the lanes, so the scalar code's bounds checks never fail and
//     the vector access needs none;
//   - a pack and its operand packs are in one staged function (λ) or
//     all outside any: a vector value or variable is never captured;
//   - emitting each pack at the place of its last lane keeps every
//     dependency of the graph (data, effect and nesting): for every node
//     and each of its dependencies in the same block, the dependency still
//     comes first. Lanes of one load or store pack may be ordered among
//     themselves by effects (they run as one access).
//
// Needs: a schedule (Run). Must run before: the emitters of vector code
// (gogen's and cgen's simd files), which read the packs.

// PackKind says what a pack does.
type PackKind uint8

// The kinds of packs.
const (
	PackLoad   PackKind = iota // slice_get s c+j
	PackStore                  // slice_set s c+j x_j
	PackOp                     // x_j op y_j, or math.FMA(x_j, y_j, z_j)
	PackVarNew                 // var_new x_j
	PackVarGet                 // var_get v_j
	PackVarSet                 // var_set v_j x_j
	PackReduce                 // the tree of + summing the lanes of its operand
)

var packKindNames = [...]string{"load", "store", "op", "var_new", "var_get", "var_set", "reduce"}

func (k PackKind) String() string { return packKindNames[k] }

// Pack is a group of nodes, one per lane, written as one vector operation.
type Pack struct {
	Kind PackKind
	// Lanes are lane j's node; for a reduce, the + nodes of its tree in
	// post-order (the root last, its Anchor).
	Lanes []*ir.Node
	Elem  *ir.Type // the type of one lane's value (float32 or float64)
	// Anchor is the lane placed last in Block: the pack is written there.
	Anchor *ir.Node
	Block  *ir.Block
	// Base and Index: a load or store accesses Base[Index+j] in lane j,
	// or Base[Index+j*Stride] for a split one (Part).
	Base  ir.Exp
	Index int64
	// Part, Stride and Mem are those of a load or store of complex128
	// elements split into vectors of their parts (vector_complex.go):
	// a load of the real or the imaginary parts, whose lanes are the
	// real or imag nodes and Mem the slice_get nodes they read, or a
	// store of both, whose Args are the real and the imaginary parts and
	// Mem the complex nodes the stores write. Stride is in elements.
	Part   Part
	Stride int64
	Mem    []*ir.Node
	// Args are the pack's vector operands, in the order of the lanes'
	// arguments: for an op its two operands (three for math.FMA); for a store the value; for
	// var_new the initial value; for var_get the variable; for var_set the
	// variable and the value.
	Args []PackArg
	// Direct, for a var_get, reports whether its users may read the
	// vector variable itself: they are in its block and nothing writes
	// the variables between the read and them.
	Direct bool
}

// PackArg is an operand of a pack: a pack of the same lanes, or one
// value for every lane (Pack nil).
type PackArg struct {
	Pack   *Pack
	Scalar ir.Exp
}

// Vectors is the result of Vectorize: the packs of a schedule.
type Vectors struct {
	Packs    []*Pack
	of       []*Pack // symbol -> its pack, or nil
	lane     []int32 // symbol -> its lane
	absorbed []bool  // symbol -> a node of a split pack's Mem
	arrayLen []int64 // symbol -> the length of a sub-slice written as an array pointer (vector_arrays.go), or 0
}

// Of returns the pack of node s and its lane, or nil.
func (v *Vectors) Of(s ir.Sym) (*Pack, int) {
	if v == nil || int(s) >= len(v.of) {
		return nil, 0
	}
	return v.of[s], int(v.lane[s])
}

// Absorbed reports whether node s is written by a split load or store
// pack (Pack.Mem): an emitter writes nothing for it.
func (v *Vectors) Absorbed(s ir.Sym) bool {
	return v != nil && int(s) < len(v.absorbed) && v.absorbed[s]
}

// Width returns the number of lanes of a vector of 256 bits of elements of
// type t, or 0 if the pass does not vectorize t. VectorizeWide's packs may
// also have twice as many (512 bits).
func Width(t *ir.Type) int {
	switch t.Kind {
	case ir.KFloat64:
		return 4
	case ir.KFloat32:
		return 8
	}
	return 0
}

// Width returns the number of lanes of the pack's vector: its operand's
// for a reduce, else one per lane.
func (p *Pack) Width() int {
	if p.Kind == PackReduce {
		return len(p.Args[0].Pack.Lanes)
	}
	return len(p.Lanes)
}

// Wide reports whether v has a pack of 512 bits (VectorizeWide).
func (v *Vectors) Wide() bool {
	return v != nil && slices.ContainsFunc(v.Packs, func(p *Pack) bool { return p.Width() > Width(p.Elem) })
}

// vplace is where a node is placed: its block and its index there.
type vplace struct {
	block *ir.Block
	pos   int32
	count int32 // number of placements (1 for a packable node)
}

// vec is the state of Vectorize.
type vec struct {
	s      Scheduled
	g      *ir.Graph
	place  []vplace // symbol -> placement
	nodes  map[*ir.Block][]*ir.Node
	blocks []*ir.Block // in schedule order (parents first)
	owner  map[*ir.Block]*ir.Node
	uses   []int32                // symbol -> number of references as an argument or block result
	access map[ir.Sym][]*ir.Node  // var_new symbol -> its var_get and var_set nodes, in schedule order
	reads  map[readKey]ir.Sym     // representative var_get, for subscripts
	depsOf map[*ir.Block][][]vdep // see blockDeps

	out     *Vectors
	relaxed bool // relaxed floating point: math.FMA is packed
	wide    bool // VectorizeWide: packs of 512 bits first
	// tentative packs of the group being grown
	tent   []*Pack
	tentOf map[ir.Sym]*Pack
	tentLn map[ir.Sym]int32
	failed bool
	// memKept: where the kept split packs access memory (vector_complex.go)
	memKept map[ir.Sym]memPlace
	// partner: a field_set of the second leaf of a pair struct -> that of
	// the first leaf of its element; storeMem: a field_set absorbed by a
	// kept split store -> its pack (vector_fields.go)
	partner  map[ir.Sym]*ir.Node
	storeMem map[ir.Sym]*Pack
}

type readKey struct {
	v    ir.Sym
	deps string
}

// Vectorize finds the packs of a schedule. It never changes the schedule.
// relaxed says the specialization has relaxed floating point (RelaxFP):
// then math.FMA calls are packed too, and their vector code may round
// twice.
func Vectorize(s Scheduled, relaxed bool) *Vectors { return vectorize(s, relaxed, false) }

// VectorizeWide is Vectorize with vectors of 512 bits (AVX-512) where a
// run of stores fills one, and of 256 bits elsewhere: 8 float64 or 16
// float32 lanes first, then 4 or 8 for the stores left. Each lane is the
// same scalar operation as in Vectorize's packs: the same bits.
func VectorizeWide(s Scheduled, relaxed bool) *Vectors { return vectorize(s, relaxed, true) }

func vectorize(s Scheduled, relaxed, wide bool) *Vectors {
	g := s.Graph()
	n := g.NumSyms()
	v := &vec{s: s, g: g, place: make([]vplace, n), nodes: map[*ir.Block][]*ir.Node{},
		owner: map[*ir.Block]*ir.Node{}, uses: make([]int32, n), access: map[ir.Sym][]*ir.Node{},
		reads: map[readKey]ir.Sym{}, depsOf: map[*ir.Block][][]vdep{},
		out: &Vectors{of: make([]*Pack, n), lane: make([]int32, n), absorbed: make([]bool, n)}, relaxed: relaxed, wide: wide}
	v.walk(g.Block)
	for _, nd := range g.Nodes {
		for _, x := range nd.Args {
			if x.IsSym() {
				v.uses[x.Sym()]++
			}
		}
	}
	g.Blocks(func(b *ir.Block) {
		if b.Res.IsSym() {
			v.uses[b.Res.Sym()]++
		}
	})
	for _, b := range v.blocks {
		v.seeds(b)
		v.splitSeeds(b)
		v.reductions(b)
	}
	v.arrays()
	return v.out
}

// walk records the placement of every node of b and of its nested blocks,
// in schedule order.
func (v *vec) walk(b *ir.Block) {
	nodes := v.s.Nodes(b)
	v.nodes[b] = nodes
	v.blocks = append(v.blocks, b)
	for i, n := range nodes {
		p := &v.place[n.Sym]
		p.block, p.pos = b, int32(i)
		p.count++
		if n.Op == ir.OpVarGet || n.Op == ir.OpVarSet {
			x := n.Args[0].Sym()
			v.access[x] = append(v.access[x], n)
		}
		for _, nb := range n.Blocks {
			v.owner[nb] = n
			v.walk(nb)
		}
	}
}

// seeds tries, in block b, every run of contiguous stores of one slice
// that fills a vector: all of them as one group, else each alone; with
// wide, the runs of 512 bits first, then those of 256 bits among the
// stores left.
func (v *vec) seeds(b *ir.Block) {
	type store struct {
		n   *ir.Node
		idx int64
	}
	var bases []ir.Sym
	byBase := map[ir.Sym][]store{}
	for _, n := range v.nodes[b] {
		if n.Op != ir.OpSliceSet || !n.Args[0].IsSym() || n.Args[1].IsSym() {
			continue
		}
		if Width(v.g.TypeOf(n.Args[2])) == 0 || v.place[n.Sym].count != 1 {
			continue
		}
		base := n.Args[0].Sym()
		if _, ok := byBase[base]; !ok {
			bases = append(bases, base)
		}
		byBase[base] = append(byBase[base], store{n, constIndex(n.Args[1])})
	}
	for _, base := range bases {
		slices.SortStableFunc(byBase[base], func(a, b store) int { return cmpInt64(a.idx, b.idx) })
	}
	// runAt reports whether the w stores of ss from index i are of
	// contiguous elements, none of them packed yet.
	runAt := func(ss []store, i, w int) bool {
		for j := range w {
			if ss[i+j].idx != ss[i].idx+int64(j) || v.out.of[ss[i+j].n.Sym] != nil {
				return false
			}
		}
		return true
	}
	lanesAt := func(ss []store, i, w int) []*ir.Node {
		lanes := make([]*ir.Node, w)
		for j := range lanes {
			lanes[j] = ss[i+j].n
		}
		return lanes
	}
	scales := []int{1}
	if v.wide {
		scales = []int{2, 1}
	}
	for _, scale := range scales {
		// All the runs of the block as one group first: the packs of a
		// register block share their loads (a row of b for every row of
		// c), which no group of one run can take.
		var runs [][]*ir.Node
		for _, base := range bases {
			ss := byBase[base]
			w := scale * Width(v.g.TypeOf(ss[0].n.Args[2]))
			for i := 0; i+w <= len(ss); i++ {
				if runAt(ss, i, w) {
					runs = append(runs, lanesAt(ss, i, w))
					i += w - 1
				}
			}
		}
		if len(runs) > 1 && v.grow(runs...) {
			continue
		}
		for _, base := range bases {
			ss := byBase[base]
			w := scale * Width(v.g.TypeOf(ss[0].n.Args[2]))
			for i := 0; i+w <= len(ss); {
				if !runAt(ss, i, w) {
					i++
					continue
				}
				if v.grow(lanesAt(ss, i, w)) {
					i += w
				} else {
					i++
				}
			}
		}
	}
}

// fits reports whether a vector of n lanes of type t is one the pass
// makes: 256 bits, or also 512 with wide.
func (v *vec) fits(t *ir.Type, n int) bool {
	w := Width(t)
	return w != 0 && (n == w || v.wide && n == 2*w)
}

func cmpInt64(a, b int64) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// constIndex returns the value of a constant int index, or -1.
func constIndex(e ir.Exp) int64 {
	c := e.Const()
	if c == nil {
		return -1
	}
	if i, ok := c.Val.(int); ok {
		return int64(i)
	}
	return -1
}

// grow builds the group of packs the store packs of runs need and keeps
// it if it is valid; it reports whether it kept it.
func (v *vec) grow(runs ...[]*ir.Node) bool {
	v.tent, v.tentOf, v.tentLn, v.failed = nil, map[ir.Sym]*Pack{}, map[ir.Sym]int32{}, false
	for _, stores := range runs {
		if q, _ := v.packOf(stores[0].Sym); q != nil || v.memPack(PackStore, stores) == nil {
			return false
		}
	}
	return v.keep()
}

// keep keeps the tentative group of packs if it is valid, and reports
// whether it did.
func (v *vec) keep() bool {
	if v.failed || !v.closed() || !v.oneFunc() || !v.ordered() {
		return false
	}
	v.direct()
	for _, p := range v.tent {
		v.out.Packs = append(v.out.Packs, p)
		for j, n := range p.Lanes {
			v.out.of[n.Sym] = p
			v.out.lane[n.Sym] = int32(j)
		}
		for _, n := range p.Mem {
			v.out.absorbed[n.Sym] = true
		}
	}
	v.keepMem()
	v.keepFieldStores()
	return true
}

// direct sets Direct on the tentative var_get packs whose users may read
// the vector variable itself.
func (v *vec) direct() {
	last := map[*Pack]int32{} // var_get pack -> the last anchor of its users (-1: a user elsewhere)
	for _, p := range v.tent {
		for _, a := range p.Args {
			if q := a.Pack; q != nil && q.Kind == PackVarGet {
				pos := v.place[p.Anchor.Sym].pos
				if p.Block != q.Block {
					pos = -1
				}
				if l, ok := last[q]; !ok || l >= 0 && (pos < 0 || pos > l) {
					last[q] = pos
				}
			}
		}
	}
	for _, p := range v.tent {
		end, ok := last[p]
		if p.Kind != PackVarGet || !ok || end < 0 {
			continue
		}
		vars := p.Args[0].Pack.Lanes
		p.Direct = true
		for _, n := range v.nodes[p.Block][v.place[p.Anchor.Sym].pos+1 : end] {
			if n.Eff != nil && slices.ContainsFunc(vars, func(x *ir.Node) bool { return n.Eff.Writes(ir.SymKey(x.Sym)) }) {
				p.Direct = false
				break
			}
		}
	}
}

// packOf returns the pack (kept or tentative) of node s and its lane.
func (v *vec) packOf(s ir.Sym) (*Pack, int32) {
	if p := v.out.of[s]; p != nil {
		return p, v.out.lane[s]
	}
	if p := v.tentOf[s]; p != nil {
		return p, v.tentLn[s]
	}
	return nil, 0
}

// newPack records a tentative pack.
func (v *vec) newPack(kind PackKind, lanes []*ir.Node, elem *ir.Type) *Pack {
	b := v.place[lanes[0].Sym].block
	p := &Pack{Kind: kind, Lanes: lanes, Elem: elem, Block: b, Anchor: lanes[0]}
	for j, n := range lanes {
		if v.place[n.Sym].pos > v.place[p.Anchor.Sym].pos {
			p.Anchor = n
		}
		v.tentOf[n.Sym] = p
		v.tentLn[n.Sym] = int32(j)
	}
	v.tent = append(v.tent, p)
	return p
}

// sameBlock reports whether the lanes are distinct nodes placed once, all
// in one block, with one operator and one type.
func (v *vec) sameBlock(lanes []*ir.Node) bool {
	b := v.place[lanes[0].Sym].block
	for j, n := range lanes {
		if n == nil || v.place[n.Sym].count != 1 || v.place[n.Sym].block != b || n.Op != lanes[0].Op || n.Type != lanes[0].Type {
			return false
		}
		if slices.Contains(lanes[:j], n) {
			return false
		}
	}
	return b != nil
}

// memPack makes a load or store pack of contiguous elements of one slice
// whose length the pass proves, and the pack of the stored values.
func (v *vec) memPack(kind PackKind, lanes []*ir.Node) *Pack {
	if !v.sameBlock(lanes) {
		return nil
	}
	base := lanes[0].Args[0]
	c := constIndex(lanes[0].Args[1])
	if !base.IsSym() || c < 0 {
		return nil
	}
	elem := v.g.TypeOf(ir.Exp(lanes[0].Sym.E()))
	if kind == PackStore {
		elem = v.g.TypeOf(lanes[0].Args[2])
	}
	if !v.fits(elem, len(lanes)) {
		return nil
	}
	for j, n := range lanes {
		if n.Args[0] != base || constIndex(n.Args[1]) != c+int64(j) {
			return nil
		}
	}
	if l, ok := v.staticLen(base.Sym()); !ok || c+int64(len(lanes)) > l {
		return nil
	}
	p := v.newPack(kind, lanes, elem)
	p.Base, p.Index, p.Stride = base, c, 1
	if kind == PackStore && !v.addArg(p, 2) {
		return nil
	}
	return p
}

// addArg appends to p's operands the one made of argument k of its lanes,
// and reports whether there is one (else the group fails).
func (v *vec) addArg(p *Pack, k int) bool {
	a, ok := v.laneArg(p.Lanes, k)
	if ok {
		p.Args = append(p.Args, a)
	}
	return ok
}

// laneArg returns the operand made of argument k of the nodes lanes; when
// there is none, the group fails.
func (v *vec) laneArg(lanes []*ir.Node, k int) (PackArg, bool) {
	xs := make([]ir.Exp, len(lanes))
	for j, n := range lanes {
		xs[j] = n.Args[k]
	}
	a, ok := v.operand(xs)
	if !ok {
		v.failed = true
	}
	return a, ok
}

// staticLen returns the length of slice s when it is a constant: s is a
// sub-slice s0[lo:hi] (or s0[lo:hi:max]) with hi-lo a constant.
func (v *vec) staticLen(s ir.Sym) (int64, bool) {
	n := v.g.Def(s)
	if n == nil || n.Op != ir.OpSliceSub || len(n.Args) < 3 {
		return 0, false
	}
	lo, ok1 := ir.Subscript(v.g, n.Args[1], v.leaf)
	hi, ok2 := ir.Subscript(v.g, n.Args[2], v.leaf)
	if !ok1 || !ok2 {
		return 0, false
	}
	d := hi.Add(lo, -1)
	if !d.IsConst() || d.Const < 0 {
		return 0, false
	}
	return d.Const, true
}

// leaf makes the reads of one variable that follow the same write one
// term of a subscript: they read the same value.
func (v *vec) leaf(s ir.Sym) (ir.Affine, bool) {
	n := v.g.Def(s)
	if n == nil || n.Op != ir.OpVarGet || n.Eff == nil {
		return ir.Affine{}, false
	}
	k := readKey{n.Args[0].Sym(), depsKey(n.Eff.Hdeps)}
	r, ok := v.reads[k]
	if !ok {
		v.reads[k] = s
		r = s
	}
	return ir.Affine{Terms: []ir.Term{{Sym: r, Coef: 1}}}, true
}

func depsKey(ds []ir.Sym) string {
	b := make([]byte, 0, 4*len(ds))
	for _, d := range ds {
		b = append(b, byte(d), byte(d>>8), byte(d>>16), byte(d>>24))
	}
	return string(b)
}

// operand returns the operand of a pack whose lane j uses xs[j]: one
// value for all lanes, or a pack of the nodes defining them.
func (v *vec) operand(xs []ir.Exp) (PackArg, bool) {
	if oneValue(xs) {
		return PackArg{Scalar: xs[0]}, true
	}
	lanes := make([]*ir.Node, len(xs))
	for j, x := range xs {
		if !x.IsSym() {
			return PackArg{}, false
		}
		lanes[j] = v.g.Def(x.Sym())
		if lanes[j] == nil {
			return PackArg{}, false
		}
	}
	if p, _ := v.packOf(lanes[0].Sym); p != nil {
		for j, n := range lanes {
			if q, l := v.packOf(n.Sym); q != p || int(l) != j {
				return PackArg{}, false
			}
		}
		return PackArg{Pack: p}, true
	}
	for _, n := range lanes {
		if q, _ := v.packOf(n.Sym); q != nil {
			return PackArg{}, false
		}
	}
	if !v.sameBlock(lanes) {
		return PackArg{}, false
	}
	var p *Pack
	switch n := lanes[0]; n.Op {
	case ir.OpSliceGet:
		p = v.memPack(PackLoad, lanes)
	case ir.OpReal, ir.OpImag:
		p = v.splitLoad(lanes)
	case ir.OpFieldGet:
		p = v.fieldLoad(lanes)
	case ir.OpAdd, ir.OpSub, ir.OpMul, ir.OpDiv:
		p = v.op(lanes)
	case ir.OpCall:
		if v.relaxed && allFMA(lanes) {
			p = v.op(lanes) // relaxed floating point only (vector_relax.go)
		}
	case ir.OpVarGet:
		p = v.vars(lanes)
	}
	if p == nil {
		return PackArg{}, false
	}
	return PackArg{Pack: p}, true
}

// oneValue reports whether xs are one value: one symbol, or constants of
// one type with the same bits.
func oneValue(xs []ir.Exp) bool {
	for _, x := range xs[1:] {
		if x.IsSym() != xs[0].IsSym() {
			return false
		}
		if x.IsSym() {
			if x.Sym() != xs[0].Sym() {
				return false
			}
			continue
		}
		a, b := x.Const(), xs[0].Const()
		if a.Type != b.Type || !sameVal(a.Val, b.Val) {
			return false
		}
	}
	return true
}

func sameVal(a, b any) bool {
	switch a := a.(type) {
	case float64:
		b, ok := b.(float64)
		return ok && math.Float64bits(a) == math.Float64bits(b)
	case float32:
		b, ok := b.(float32)
		return ok && math.Float32bits(a) == math.Float32bits(b)
	}
	return a == b
}

// op makes a pack of arithmetic on floats and the packs of its operands.
func (v *vec) op(lanes []*ir.Node) *Pack {
	t := lanes[0].Type
	if !v.fits(t, len(lanes)) {
		return nil
	}
	p := v.newPack(PackOp, lanes, t)
	for k := range lanes[0].Args {
		if !v.addArg(p, k) {
			return nil
		}
	}
	return p
}

// vars makes the packs of staged variables read by the var_get lanes:
// their var_new nodes, and every one of their accesses, the k-th access of
// each variable in one pack.
func (v *vec) vars(gets []*ir.Node) *Pack {
	news := make([]*ir.Node, len(gets))
	for j, n := range gets {
		news[j] = v.g.Def(n.Args[0].Sym())
	}
	if !v.sameBlock(news) || news[0].Op != ir.OpVarNew || !v.fits(news[0].Type, len(news)) {
		return nil
	}
	for _, n := range news {
		if p, _ := v.packOf(n.Sym); p != nil {
			return nil
		}
	}
	vp := v.newPack(PackVarNew, news, news[0].Type)
	if !v.addArg(vp, 0) {
		return nil
	}
	acc := v.access[news[0].Sym]
	for _, n := range news[1:] {
		if len(v.access[n.Sym]) != len(acc) {
			v.failed = true
			return nil
		}
	}
	var mine *Pack
	for k := range acc {
		lanes := make([]*ir.Node, len(news))
		for j, n := range news {
			lanes[j] = v.access[n.Sym][k]
		}
		if !v.sameBlock(lanes) {
			v.failed = true
			return nil
		}
		kind := PackVarGet
		if lanes[0].Op == ir.OpVarSet {
			kind = PackVarSet
		}
		p := v.newPack(kind, lanes, news[0].Type)
		p.Args = []PackArg{{Pack: vp}}
		if lanes[0] == gets[0] {
			mine = p
		}
		if kind == PackVarSet && !v.addArg(p, 1) {
			return nil
		}
	}
	if mine == nil {
		v.failed = true
		return nil
	}
	for j, n := range gets {
		if q, l := v.packOf(n.Sym); q != mine || int(l) != j {
			v.failed = true
			return nil
		}
	}
	return mine
}

// closed reports whether every use of a value of the tentative packs is
// by a pack, in the same lane.
func (v *vec) closed() bool {
	good := map[ir.Sym]int32{}
	for _, p := range v.tent {
		for _, a := range p.Args {
			if a.Pack != nil {
				for _, n := range a.Pack.Lanes {
					good[n.Sym]++
				}
			}
		}
	}
	for _, p := range v.tent {
		for _, a := range p.Args {
			if a.Pack == nil && a.Scalar.IsSym() {
				if q, _ := v.packOf(a.Scalar.Sym()); q != nil {
					return false // a packed value used whole
				}
			}
		}
		if p.Kind == PackReduce {
			continue // its inner nodes are used once, by the tree; its root is a scalar
		}
		for _, n := range p.Lanes {
			if good[n.Sym] != v.uses[n.Sym] {
				return false
			}
		}
	}
	return v.closedMem()
}

// oneFunc reports whether every tentative pack is in the staged function
// of its operand packs.
func (v *vec) oneFunc() bool {
	for _, p := range v.tent {
		for _, a := range p.Args {
			if a.Pack != nil && v.funcOf(a.Pack.Block) != v.funcOf(p.Block) {
				return false
			}
		}
	}
	return true
}

// funcOf returns the λ node whose body encloses block b, or nil.
func (v *vec) funcOf(b *ir.Block) *ir.Node {
	for {
		n := v.owner[b]
		if n == nil || n.Op == ir.OpLambda {
			return n
		}
		b = v.place[n.Sym].block
	}
}

// ordered reports whether writing every pack at its anchor keeps every
// dependency of the nodes of the blocks the packs are in. Only the nodes
// from the first lane of a tentative pack to the last anchor can be
// affected (a node after them comes after its dependencies wherever they
// move; one before them has none that moves), so each attempt costs the
// length of that stretch.
func (v *vec) ordered() bool {
	var blocks []*ir.Block
	lo, hi := map[*ir.Block]int32{}, map[*ir.Block]int32{}
	for _, p := range v.tent {
		if !slices.Contains(blocks, p.Block) {
			blocks = append(blocks, p.Block)
			lo[p.Block], hi[p.Block] = v.place[p.Anchor.Sym].pos, v.place[p.Anchor.Sym].pos
		}
		for _, n := range p.Lanes {
			lo[p.Block] = min(lo[p.Block], v.place[n.Sym].pos)
		}
		for _, n := range p.Mem {
			lo[p.Block] = min(lo[p.Block], v.place[n.Sym].pos)
		}
		hi[p.Block] = max(hi[p.Block], v.place[p.Anchor.Sym].pos)
	}
	mem := v.memAt()
	stores := v.fieldStores()
	// packOf is v.packOf, with a field_set absorbed by a split store as
	// a lane of that store: written where it is, with it.
	packOf := func(n *ir.Node) *Pack {
		if p, _ := v.packOf(n.Sym); p != nil {
			return p
		}
		return stores(n.Sym)
	}
	for _, b := range blocks {
		nodes := v.nodes[b]
		newpos := func(n *ir.Node) int32 {
			if p := packOf(n); p != nil {
				return v.place[p.Anchor.Sym].pos
			}
			if m, ok := mem(n.Sym); ok {
				return m.pos
			}
			return v.place[n.Sym].pos
		}
		deps := v.blockDeps(b)
		for i := lo[b]; i <= hi[b]; i++ {
			n, ds := nodes[i], deps[i]
			np := packOf(n)
			for _, d := range ds {
				dn := nodes[d.pos]
				dp := packOf(dn)
				if d.hard && dp != nil && dp.Kind == PackLoad {
					continue // a packed load cannot trap: only trap order made this dependency
				}
				if d.hard && dp != nil && np != nil && dp.Part == PartBoth && np.Part == PartBoth &&
					dp.Base == np.Base && constIndex(n.Args[1]) != constIndex(dn.Args[1]) {
					continue // split stores cannot trap, and these write other elements of one slice
				}
				if m, ok := mem(dn.Sym); ok {
					if d.hard && m.load || np != nil && slices.Contains(np.Mem, dn) {
						continue // the same, or its own pack's access of memory
					}
				}
				if dp != nil && dp == np {
					if np.Kind != PackLoad && np.Kind != PackStore && np.Kind != PackReduce {
						return false // a lane depends on another
					}
					continue
				}
				if newpos(dn) >= newpos(n) {
					return false
				}
			}
		}
	}
	return true
}

// vdep is a dependency of a node on the node at index pos of its block;
// hard if it is a hard effect dependency (not a use of a value).
type vdep struct {
	pos  int32
	hard bool
}

// blockDeps returns, for every node of block b, its dependencies on the
// nodes of b (computed once per block).
//
// A hard effect dependency on a read of a slice element is one of trap
// order (reads do not conflict with reads, and a write after a read is a
// soft dependency): ordered ignores it when the read is in a load pack,
// which cannot trap.
func (v *vec) blockDeps(b *ir.Block) [][]vdep {
	if ds, ok := v.depsOf[b]; ok {
		return ds
	}
	nodes := v.nodes[b]
	ds := make([][]vdep, len(nodes))
	for i, n := range nodes {
		v.deps(n, func(d ir.Sym, hard bool) {
			if dn := v.inBlock(d, b); dn != nil && dn != n {
				ds[i] = append(ds[i], vdep{v.place[dn.Sym].pos, hard})
			}
		})
	}
	v.depsOf[b] = ds
	return ds
}

// inBlock returns the node of block b that is d or encloses d's placement,
// or nil.
func (v *vec) inBlock(d ir.Sym, b *ir.Block) *ir.Node {
	n := v.g.Def(d)
	for n != nil {
		p := v.place[n.Sym]
		if p.count == 0 {
			return nil
		}
		if p.block == b {
			return n
		}
		n = v.owner[p.block]
	}
	return nil
}

// deps calls f with every symbol n depends on: its arguments and effect
// dependencies (hard ones with hard set), and those of every node placed
// in its blocks and their results.
func (v *vec) deps(n *ir.Node, f func(d ir.Sym, hard bool)) {
	for _, x := range n.Args {
		if x.IsSym() {
			f(x.Sym(), false)
		}
	}
	if n.Eff != nil {
		for _, d := range n.Eff.Hdeps {
			f(d, true)
		}
		for _, d := range n.Eff.Sdeps {
			f(d, false)
		}
	}
	for _, b := range n.Blocks {
		if b.Res.IsSym() {
			f(b.Res.Sym(), false)
		}
		for _, d := range b.Eff.Hdeps {
			f(d, true)
		}
		for _, m := range v.nodes[b] {
			v.deps(m, f)
		}
	}
}
