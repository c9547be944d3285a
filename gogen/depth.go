package gogen

// This file bounds the depth of the expressions gogen writes. The
// schedule inlines a node into its single use however long the chain of
// such uses is: a staged loop that unrolls into a sum of 10^5 terms is one
// expression 10^5 operators deep, which go/format (and jennifer, which
// formats too) handle in time quadratic in the depth, and which go/parser
// rejects beyond 10^5 levels. So a node whose expression would be
// maxDepth deep is written as a statement of its own, x := ..., at its
// place in the schedule, and its use reads the name: the sum of 10^5 terms
// becomes 10^5/maxDepth partial sums, each the previous one plus the next
// maxDepth-1 terms. Nothing is evaluated in another order than the
// schedule's: the schedule's order of a block is an order in which its
// nodes may run one statement each, and inlining only delays a node to
// its use, past nothing it conflicts with. A chain a + b + c + ... is
// left-nested, so the partial sums add the same terms in the same order
// and round the same way, bit for bit.

// maxDepth is the depth, in nodes, of the deepest expression written:
// far more than a Go programmer writes (the examples' deepest is below 24),
// few enough that formatting stays linear in the size of the code.
const maxDepth = 64

// boundDepth un-inlines, in plan p, every node whose expression would be
// maxDepth deep (its deepest chain of inline operands). index maps the
// symbols of the block's nodes to their positions + 1 (0: not a node of
// the block). It runs before fuse, which inlines a node only into the
// statement right after it.
func boundDepth(p *blockPlan, index []int32) {
	depth := make([]int32, len(p.nodes))
	for j, n := range p.nodes {
		d := int32(1)
		for _, x := range n.Args {
			if !x.IsSym() {
				continue
			}
			if k := index[x.Sym()] - 1; k >= 0 && k < int32(j) && p.inline[k] {
				d = max(d, depth[k]+1)
			}
		}
		if p.inline[j] && d >= maxDepth {
			p.inline[j] = false
			d = 1
		}
		depth[j] = d
	}
}
