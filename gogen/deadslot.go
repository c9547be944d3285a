package gogen

import (
	"slices"

	"github.com/lmsgen/lmsgen/ir"
)

// This file leaves out the dead slots of a multiple assignment. A
// conditional whose results are assigned in its branches assigns the
// results nobody reads to _ (x, y, _ = a, b, c); a Go programmer leaves
// such a slot out with its value (x, y = a, b) when evaluating the value
// does nothing: it has no effect and cannot panic. A value that may
// panic (s[i], x / y, a call) keeps its slot, so that it is evaluated
// where the graph says.
//
// Leaving a value out also leaves out the uses of the names it reads, and
// Go rejects a local variable nobody reads: a name is left out only when
// it is a parameter, or when a use of it that is written remains
// (dropped counts the uses left out so far).

// deadSlots returns which slots of an assignment of the block result res
// to names can be left out with their values (nil if none), and records
// the uses it leaves out. It must be called before the values are written.
func (fg *funcGen) deadSlots(res ir.Exp, names []string) []bool {
	elems := fg.slotExps(res)
	if len(elems) != len(names) {
		return nil
	}
	var dead []bool
	for i, name := range names {
		if name != "_" || !fg.dropValue(elems[i]) {
			continue
		}
		if dead == nil {
			dead = make([]bool, len(names))
		}
		dead[i] = true
	}
	return dead
}

// slotExps returns the values of the elements of a block result, one per
// slot of its assignment, as values writes them one by one; nil when the
// result is one call with several results.
func (fg *funcGen) slotExps(res ir.Exp) []ir.Exp {
	switch t := fg.g.TypeOf(res); {
	case t.Kind == ir.KVoid:
		return nil
	case t.Kind != ir.KTuple:
		return []ir.Exp{res}
	}
	n := fg.inlineNode(res.Sym())
	if n == nil {
		n = fg.g.Def(res.Sym())
	}
	if n != nil && n.Op == ir.OpTuple {
		return n.Args
	}
	return nil
}

// dropValue reports whether the value e, as written in the current block,
// can be left out (see the file comment), and if so records the uses of
// the names it reads as left out.
func (fg *funcGen) dropValue(e ir.Exp) bool {
	var reads []nameRead
	if !fg.silentValue(e, &reads) {
		return false
	}
	// Count the reads of each name or variable, in order of first read.
	var keys []nameRead
	count := map[nameRead]int32{}
	for _, r := range reads {
		if count[r] == 0 {
			keys = append(keys, r)
		}
		count[r]++
	}
	for _, k := range keys {
		if fg.remaining(k)-count[k] < 1 {
			return false // the last written use of a local
		}
	}
	if fg.dropped == nil {
		fg.dropped = map[nameRead]int32{}
	}
	for _, k := range keys {
		fg.dropped[k] += count[k]
	}
	return true
}

// nameRead is a read of a local, as dropValue counts them: the uses of a
// value bound to a name (variable false), or the inline reads of a staged
// variable (variable true).
type nameRead struct {
	sym      ir.Sym
	variable bool
	decl     *ir.Block // for a value placed in several blocks: the declaration's
}

// remaining returns how many written uses of the local of r are left:
// the uses of a named value, or the reads of a variable (each read node
// other than an inline one writes the variable's name, at least once),
// less those already left out.
func (fg *funcGen) remaining(r nameRead) int32 {
	if r.variable {
		return fg.varReads[r.sym] - fg.dropped[r]
	}
	if r.decl != nil {
		return fg.usesAfter(r.sym, r.decl) - fg.dropped[r]
	}
	return int32(fg.uses[r.sym]) - fg.dropped[r]
}

// silentValue reports whether e, as written in the current block, has no
// effect and cannot panic, collecting the reads of locals it writes (a
// parameter is not one: Go accepts an unused parameter).
func (fg *funcGen) silentValue(e ir.Exp, reads *[]nameRead) bool {
	if e.IsConst() {
		return true
	}
	s := e.Sym()
	if fg.g.TypeOf(e).Kind == ir.KTuple {
		return false
	}
	if n := fg.inlineNode(s); n != nil {
		if n.Op == ir.OpVarGet {
			*reads = append(*reads, nameRead{sym: n.Args[0].Sym(), variable: true})
			return true
		}
		if !pureNode(n) {
			return false
		}
		for _, a := range n.Args {
			if !fg.silentValue(a, reads) {
				return false
			}
		}
		return true
	}
	if n := fg.g.Def(s); n != nil && fg.lenOfInput(n) {
		// len(s) written at its every use: s is a parameter, or a
		// field unpacked at entry, whose uses this one is not among.
		return fg.isParam(n.Args[0].Sym())
	}
	if fg.dup[s] {
		// Placed in several blocks, each declaring it: the uses that
		// count are those in the scope of the declaration in force here
		// (rpg seed 7460 F35a left x := a / -a unread in one branch).
		decl := fg.declIn(s)
		if decl == nil {
			return false
		}
		*reads = append(*reads, nameRead{sym: s, decl: decl})
		return true
	}
	if !fg.isParam(s) {
		*reads = append(*reads, nameRead{sym: s})
	}
	return true
}

// declIn returns the block whose declaration of s, a node placed in
// several blocks, is in force where the current block is being written
// (nil if none is known).
func (fg *funcGen) declIn(s ir.Sym) *ir.Block {
	for i := len(fg.open) - 1; i >= 0; i-- {
		sp := fg.open[i]
		p := fg.plans[sp.b]
		for j, m := range p.nodes[:min(sp.at, len(p.nodes))] {
			if m.Sym == s {
				if p.inline[j] {
					return nil
				}
				return sp.b
			}
		}
	}
	return nil
}

// usesAfter counts the uses of s by the nodes of block b after its own
// node, and by the blocks nested in them: the uses in the scope of its
// declaration in b.
func (fg *funcGen) usesAfter(s ir.Sym, b *ir.Block) int32 {
	p := fg.plans[b]
	var n int32
	var count func(b *ir.Block, from int)
	count = func(b *ir.Block, from int) {
		p := fg.plans[b]
		if b.Res == s.E() {
			n++
		}
		for _, m := range p.nodes[from:] {
			for _, a := range m.Args {
				if a == s.E() {
					n++
				}
			}
			for _, c := range m.Blocks {
				count(c, 0)
			}
		}
	}
	at := slices.IndexFunc(p.nodes, func(m *ir.Node) bool { return m.Sym == s })
	count(b, at+1)
	return n
}

// isParam reports whether s is written as a parameter of the Go function
// or of one of its function literals.
func (fg *funcGen) isParam(s ir.Sym) bool {
	return fg.g.Def(s) == nil && fg.names[s] != "" && fg.fn.params[fg.names[s]]
}
