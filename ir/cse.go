package ir

// cseTable is the hash-consing table of pure nodes: an open-addressing
// table keyed by a hash of the node's operator, type, aux and arguments.
// A slot holds the node's symbol in its low 32 bits and 32 bits of its
// hash, whose low bits are its home slot, in the high 32 bits (0 is empty:
// x0 is always an effect input, never a node): a probe compares the stored
// hash before it reads the node (a cache miss on a big graph), and growing
// the table rehashes without reading any node. At most three quarters
// full, it costs 11-21 bytes per pure node, far less than a map keyed by
// the node's contents.
//
// Most lookups find nothing (a node of fresh arguments), and their first
// probe is a cache miss on a table of several megabytes. args records
// which symbols and constants are an argument of some node of the table,
// a bit each (a few hundred kilobytes at 10^6 nodes): a node with an
// argument that has no bit equals no node of the table, so find returns
// without probing. The bits only grow (the table never drops a node), so
// a skipped probe is one that would have found nothing.
type cseTable struct {
	slots []uint64
	n     int // the nodes in slots and pend
	pend  [cseBatch]uint64
	np    int
	args  argBits
}

// cseBatch is the number of inserted entries stored in the slots at once.
const cseBatch = 32

// argBits has a bit per symbol (syms) and per constant, by interning
// number (consts), that is an argument of a node in the table.
type argBits struct {
	syms, consts symBits
}

// has reports whether every argument of args has its bit.
func (a *argBits) has(args []Exp) bool {
	for _, x := range args {
		if x.c != nil && !a.consts.has(Sym(x.c.id)) || x.c == nil && !a.syms.has(x.s) {
			return false
		}
	}
	return true
}

// add sets the bits of args.
func (a *argBits) add(args []Exp) {
	for _, x := range args {
		if x.c != nil {
			a.consts.add(Sym(x.c.id))
		} else {
			a.syms.add(x.s)
		}
	}
}

func hashNode(op Op, t *Type, aux any, args []Exp) uint64 {
	h := uint64(op)*0x9E3779B97F4A7C15 ^ uint64(t.hash)
	for _, a := range args {
		v := uint64(uint32(a.s))
		if a.c != nil {
			v = uint64(a.c.id)<<32 | 1
		}
		h = (h ^ v) * 0x100000001B3
		h ^= h >> 29
	}
	switch x := aux.(type) {
	case nil:
	case int:
		h ^= uint64(x) * 0xBF58476D1CE4E5B9
	case Callee:
		for i := 0; i < len(x.Name); i++ {
			h = (h ^ uint64(x.Name[i])) * 0x100000001B3
		}
	}
	h ^= h >> 31
	return h ^ h>>32
}

func sameNode(n *Node, op Op, t *Type, aux any, args []Exp) bool {
	if n.Op != op || n.Type != t || len(n.Args) != len(args) || n.Aux != aux || n.Eff != nil || len(n.Blocks) > 0 {
		return false
	}
	for i, a := range args {
		if n.Args[i] != a {
			return false
		}
	}
	return true
}

// find returns the node equal to op(args) and, whether found or not, the
// hash to insert it with.
func (c *cseTable) find(g *Graph, op Op, t *Type, aux any, args []Exp) (Sym, uint32, bool) {
	h := uint32(hashNode(op, t, aux, args))
	if c.n == 0 || !c.args.has(args) {
		return 0, h, false
	}
	tag := uint64(h) << 32
	for _, e := range c.pend[:c.np] {
		if e&^0xFFFFFFFF == tag && sameNode(g.defs.at(Sym(uint32(e))), op, t, aux, args) {
			return Sym(uint32(e)), h, true
		}
	}
	if len(c.slots) == 0 {
		return 0, h, false
	}
	mask := uint64(len(c.slots) - 1)
	for i := uint64(h) & mask; ; i = (i + 1) & mask {
		e := c.slots[i]
		if e == 0 {
			return 0, h, false
		}
		if e&^0xFFFFFFFF == tag && sameNode(g.defs.at(Sym(uint32(e))), op, t, aux, args) {
			return Sym(uint32(e)), h, true
		}
	}
}

// insert adds the node s of arguments args, which the table does not
// hold, whose hash (from find) is h. It goes to pend; a full pend is
// stored in the slots at once, its entries' first probes (cache misses)
// then independent of each other, so that the processor overlaps them,
// where one store per insert, between the builder's other work, waits
// for each miss alone. The table is kept at most three quarters full;
// the slots' hashes, which place them, rehash it when it grows.
func (c *cseTable) insert(s Sym, h uint32, args []Exp) {
	c.args.add(args)
	c.pend[c.np] = uint64(h)<<32 | uint64(uint32(s))
	c.np++
	c.n++
	if c.np == len(c.pend) {
		c.flush()
	}
}

// flush stores the pending entries in the slots.
func (c *cseTable) flush() {
	if 4*c.n > 3*len(c.slots) {
		old := c.slots
		c.slots = make([]uint64, max(64, 2*len(old)))
		for _, e := range old {
			if e != 0 {
				c.put(e)
			}
		}
	}
	for _, e := range c.pend[:c.np] {
		c.put(e)
	}
	c.np = 0
}

func (c *cseTable) put(e uint64) {
	mask := uint64(len(c.slots) - 1)
	i := e >> 32 & mask
	for c.slots[i] != 0 {
		i = (i + 1) & mask
	}
	c.slots[i] = e
}
