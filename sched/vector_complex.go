package sched

import (
	"slices"

	"github.com/lmsgen/lmsgen/ir"
)

// This file is the part of Vectorize that splits complex128 elements into
// vectors of their parts (the FFT's butterflies over lanes of codelets).
// Interleaved in memory, the real and imaginary parts of four complex128
// are not a vector of either; a split pack reads or writes them as two:
//
//	load re  lane j is real(s[c+j*S])   (S ≥ 1: any stride)
//	load im  lane j is imag(s[c+j*S])
//	store    lane j writes s[c+j*S] = complex(re_j, im_j)
//
// so that the real parts of four points are one vector of float64 and
// the arithmetic on them is the ordinary op packs of the pass: lane j of
// every operation is still the scalar code's operation, the same bits.
// The slice_get nodes a split load reads and the complex nodes a split
// store writes (Pack.Mem) are absorbed: every use of them is by the
// group's split packs, in the same lane, and the emitters write nothing
// for them; a load is done where its pack is written (and, for the order
// of the graph's effects, where the later of its two parts' packs is).
// Only complex128 is split (four lanes of float64, 256 bits).

// Part says which parts of complex elements a split pack accesses.
type Part uint8

// The parts.
const (
	PartNone Part = iota // not a split pack
	PartRe               // a load of the real parts
	PartIm               // a load of the imaginary parts
	PartBoth             // a store of both
)

// memPlace is where a node of a split pack's Mem is done: its block's
// position of the (last) pack that does it, and whether it is a load.
type memPlace struct {
	pos  int32
	load bool
}

// memAt returns the place of the memory accesses of the kept and the
// tentative split packs.
func (v *vec) memAt() func(ir.Sym) (memPlace, bool) {
	var tent map[ir.Sym]memPlace
	for _, p := range v.tent {
		for _, n := range p.Mem {
			if tent == nil {
				tent = map[ir.Sym]memPlace{}
			}
			pos := v.place[p.Anchor.Sym].pos
			if m, ok := tent[n.Sym]; ok {
				pos = max(pos, m.pos)
			}
			tent[n.Sym] = memPlace{pos, p.Kind == PackLoad}
		}
	}
	return func(s ir.Sym) (memPlace, bool) {
		if m, ok := tent[s]; ok {
			return m, true
		}
		m, ok := v.memKept[s]
		return m, ok
	}
}

// keepMem records the memory accesses of the split packs just kept.
func (v *vec) keepMem() {
	at := v.memAt()
	for _, p := range v.tent {
		for _, n := range p.Mem {
			if v.memKept == nil {
				v.memKept = map[ir.Sym]memPlace{}
			}
			v.memKept[n.Sym], _ = at(n.Sym)
		}
	}
}

// closedMem reports whether every use of a node absorbed by a tentative
// split pack is by a split pack of the group, in the same lane.
func (v *vec) closedMem() bool {
	good := map[ir.Sym]int32{}
	for _, p := range v.tent {
		for j, n := range p.Mem {
			switch {
			case p.Kind == PackLoad && n.Sym == p.Lanes[j].Args[0].Sym():
				good[n.Sym]++ // read by the lane's real or imag node
			case p.Kind == PackStore && n.Op == ir.OpFieldSet:
				// the first field of the lane's element (vector_fields.go): no value
			case p.Kind == PackStore && n.Sym == p.Lanes[j].Args[2].Sym():
				good[n.Sym] = 1 // stored by the lane
			default:
				panic("BUG: sched: a split pack's Mem is not its lanes' access")
			}
		}
	}
	for s, k := range good {
		if v.uses[s] != k {
			return false
		}
	}
	return true
}

// splitSeeds tries, in block b, every run of four stores of complex128
// into one slice at constant indices c, c+S, c+2S, c+3S whose values are
// complex(re, im) nodes, or of four elements of pair structs (both
// fields set: vector_fields.go): S = 1 first, then the other distances
// between the stores, each run as its own group.
func (v *vec) splitSeeds(b *ir.Block) {
	if v.wide {
		return // four float64 lanes only: VectorizeWide leaves them to Vectorize's packs
	}
	type store struct {
		n   *ir.Node
		idx int64
	}
	var bases []ir.Sym
	byBase := map[ir.Sym][]store{}
	pairs := map[*ir.Node]bool{} // stores of pair structs (vector_fields.go)
	for _, n := range v.fieldPairs(b) {
		pairs[n] = true
	}
	for _, n := range v.nodes[b] {
		if !pairs[n] {
			if n.Op != ir.OpSliceSet || !n.Args[0].IsSym() || n.Args[1].IsSym() || !n.Args[2].IsSym() {
				continue
			}
			c := v.g.Def(n.Args[2].Sym())
			if c == nil || c.Op != ir.OpComplex || c.Type.Kind != ir.KComplex128 || v.place[n.Sym].count != 1 {
				continue
			}
		}
		base := n.Args[0].Sym()
		if _, ok := byBase[base]; !ok {
			bases = append(bases, base)
		}
		byBase[base] = append(byBase[base], store{n, constIndex(n.Args[1])})
	}
	const w = 4
	for _, base := range bases {
		ss := byBase[base]
		slices.SortStableFunc(ss, func(a, b store) int { return cmpInt64(a.idx, b.idx) })
		at := map[int64]*ir.Node{}
		for _, st := range ss {
			if _, dup := at[st.idx]; !dup {
				at[st.idx] = st.n
			}
		}
		// run returns the unpacked stores at c, c+S, ..., or nil.
		run := func(c, stride int64) []*ir.Node {
			lanes := make([]*ir.Node, w)
			for j := range lanes {
				n := at[c+int64(j)*stride]
				if n == nil || v.out.of[n.Sym] != nil {
					return nil
				}
				lanes[j] = n
			}
			return lanes
		}
		var strides []int64
		for i := 1; i < len(ss); i++ {
			if d := ss[i].idx - ss[0].idx; d > 0 && !slices.Contains(strides, d) {
				strides = append(strides, d)
			}
		}
		slices.Sort(strides)
		// All the runs of one stride as one group first: the butterflies'
		// sums and differences share their operands, which a group of one
		// run cannot take.
		for _, stride := range strides {
			var runs [][]*ir.Node
			used := map[*ir.Node]bool{}
			for _, st := range ss {
				if used[st.n] {
					continue
				}
				if lanes := run(st.idx, stride); lanes != nil && !slices.ContainsFunc(lanes, func(n *ir.Node) bool { return used[n] }) {
					runs = append(runs, lanes)
					for _, n := range lanes {
						used[n] = true
					}
				}
			}
			if len(runs) > 1 && v.growSplit(runs...) {
				break
			}
		}
		for _, st := range ss {
			if v.out.of[st.n.Sym] != nil {
				continue
			}
			for _, stride := range strides {
				if lanes := run(st.idx, stride); lanes != nil && v.growSplit(lanes) {
					break
				}
			}
		}
	}
}

// growSplit builds the group of packs the split store packs of runs need
// and keeps it if it is valid.
func (v *vec) growSplit(runs ...[]*ir.Node) bool {
	v.tent, v.tentOf, v.tentLn, v.failed = nil, map[ir.Sym]*Pack{}, map[ir.Sym]int32{}, false
	for _, stores := range runs {
		if q, _ := v.packOf(stores[0].Sym); q != nil {
			return false
		}
		if stores[0].Op == ir.OpFieldSet {
			if v.fieldStore(stores) == nil {
				return false
			}
		} else if v.splitStore(stores) == nil {
			return false
		}
	}
	return v.keep()
}

// splitAccess checks that the lanes access base[c+j*S] for constants c
// and S ≥ 1 within the slice's proven length, and returns c and S.
func (v *vec) splitAccess(lanes []*ir.Node) (base ir.Exp, c, stride int64, ok bool) {
	base = lanes[0].Args[0]
	c = constIndex(lanes[0].Args[1])
	c1 := constIndex(lanes[1].Args[1])
	stride = c1 - c
	if !base.IsSym() || c < 0 || c1 < 0 || stride < 1 {
		return base, 0, 0, false
	}
	for j, n := range lanes {
		if n.Args[0] != base || constIndex(n.Args[1]) != c+int64(j)*stride {
			return base, 0, 0, false
		}
	}
	if l, ok := v.staticLen(base.Sym()); !ok || c+int64(len(lanes)-1)*stride >= l {
		return base, 0, 0, false
	}
	return base, c, stride, true
}

// splitStore makes a split store pack of four stores of complex(re, im)
// and the packs of their parts.
func (v *vec) splitStore(stores []*ir.Node) *Pack {
	if !v.sameBlock(stores) || len(stores) != Width(ir.Float64) {
		return nil
	}
	cs := make([]*ir.Node, len(stores))
	for j, n := range stores {
		cs[j] = v.g.Def(n.Args[2].Sym())
	}
	if !v.sameBlock(cs) || v.place[cs[0].Sym].block != v.place[stores[0].Sym].block {
		return nil
	}
	base, c, stride, ok := v.splitAccess(stores)
	if !ok {
		return nil
	}
	p := v.newPack(PackStore, stores, ir.Float64)
	p.Base, p.Index, p.Stride, p.Part, p.Mem = base, c, stride, PartBoth, cs
	for k := range 2 {
		a, ok := v.laneArg(cs, k)
		if !ok {
			return nil
		}
		p.Args = append(p.Args, a)
	}
	return p
}

// splitLoad makes a split load pack of four real (or imag) nodes of
// complex128 elements read from one slice.
func (v *vec) splitLoad(parts []*ir.Node) *Pack {
	if len(parts) != Width(ir.Float64) || parts[0].Type.Kind != ir.KFloat64 {
		return nil
	}
	loads := make([]*ir.Node, len(parts))
	for j, n := range parts {
		if !n.Args[0].IsSym() {
			return nil
		}
		loads[j] = v.g.Def(n.Args[0].Sym())
		if loads[j] == nil || loads[j].Op != ir.OpSliceGet || loads[j].Type.Kind != ir.KComplex128 {
			return nil
		}
	}
	if !v.sameBlock(loads) || v.place[loads[0].Sym].block != v.place[parts[0].Sym].block {
		return nil
	}
	base, c, stride, ok := v.splitAccess(loads)
	if !ok {
		return nil
	}
	part := PartRe
	if parts[0].Op == ir.OpImag {
		part = PartIm
	}
	p := v.newPack(PackLoad, parts, ir.Float64)
	p.Base, p.Index, p.Stride, p.Part, p.Mem = base, c, stride, part, loads
	return p
}
