package ir

// cseTable is the hash-consing table of pure nodes: an open-addressing
// table of symbols, keyed by a hash of the node's operator, type, aux and
// arguments, compared against the nodes themselves. It costs 8 bytes per
// pure node, far less than a map keyed by the node's contents.
type cseTable struct {
	slots []Sym // 0 is empty (x0 is always an effect input, never a node)
	n     int
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
	return h ^ h>>31
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

func (c *cseTable) find(g *Graph, op Op, t *Type, aux any, args []Exp) (Sym, bool) {
	if c.n == 0 {
		return 0, false
	}
	mask := uint64(len(c.slots) - 1)
	for i := hashNode(op, t, aux, args) & mask; ; i = (i + 1) & mask {
		s := c.slots[i]
		if s == 0 {
			return 0, false
		}
		if sameNode(g.defs[s], op, t, aux, args) {
			return s, true
		}
	}
}

func (c *cseTable) insert(g *Graph, s Sym) {
	if 2*(c.n+1) > len(c.slots) {
		old := c.slots
		c.slots = make([]Sym, max(64, 2*len(old)))
		c.n = 0
		for _, o := range old {
			if o != 0 {
				c.put(g, o)
			}
		}
	}
	c.put(g, s)
}

func (c *cseTable) put(g *Graph, s Sym) {
	n := g.defs[s]
	mask := uint64(len(c.slots) - 1)
	i := hashNode(n.Op, n.Type, n.Aux, n.Args) & mask
	for c.slots[i] != 0 {
		i = (i + 1) & mask
	}
	c.slots[i] = s
	c.n++
}
