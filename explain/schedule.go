package explain

import (
	"slices"
	"strings"

	"github.com/lmsgen/lmsgen/ir"
	"github.com/lmsgen/lmsgen/sched"
)

// inlineHomes returns, for each node the schedule writes inline at its
// use, the node whose statement it is written in (following uses
// through other inlined nodes).
func inlineHomes(s sched.Scheduled) map[ir.Sym]ir.Sym {
	g := s.Graph()
	parent := map[ir.Sym]ir.Sym{}
	var walk func(b *ir.Block, owner ir.Sym)
	walk = func(b *ir.Block, owner ir.Sym) {
		for _, n := range s.Nodes(b) {
			for _, a := range n.Args {
				if a.IsSym() && g.Def(a.Sym()) != nil && s.Inlined(b, a.Sym()) {
					parent[a.Sym()] = n.Sym
				}
			}
			for _, c := range n.Blocks {
				walk(c, n.Sym)
			}
		}
		if b.Res.IsSym() && s.Inlined(b, b.Res.Sym()) && owner >= 0 {
			parent[b.Res.Sym()] = owner
		}
	}
	walk(g.Block, -1)
	homes := make(map[ir.Sym]ir.Sym, len(parent))
	for x := range parent {
		h := parent[x]
		for i := 0; i < len(parent); i++ { // a chain of inlined uses ends
			p, ok := parent[h]
			if !ok {
				break
			}
			h = p
		}
		homes[x] = h
	}
	return homes
}

// schedule writes the schedule as nested blocks, each node with the
// decisions about its place, then the list of decisions.
func (w *writer) schedule(s sched.Scheduled, homes map[ir.Sym]ir.Sym) {
	g := s.Graph()
	var decisions []sched.Decision
	if d, ok := s.(interface{ Decisions() []sched.Decision }); ok {
		decisions = d.Decisions()
	}
	why := map[ir.Sym][]sched.Decision{}
	for _, d := range decisions {
		why[d.Node] = append(why[d.Node], d)
	}
	var walk func(b *ir.Block, depth int)
	walk = func(b *ir.Block, depth int) {
		pad := strings.Repeat("  ", depth)
		for _, n := range s.Nodes(b) {
			text := strings.TrimRight(ir.FormatNode(n), " ")
			if len(n.Blocks) > 0 {
				text = n.Sym.String() + " = (" + n.Op.String() + " ...)"
			}
			note := ""
			if h, ok := homes[n.Sym]; ok {
				note = "inline in " + h.String()
			} else if s.Inlined(b, n.Sym) {
				note = "inline in the block's result"
			}
			for _, d := range why[n.Sym] {
				note = strings.TrimPrefix(note+"; "+d.Kind.String()+": "+d.Why, "; ")
			}
			w.printf("<div class=\"ln n\" data-n=\"%d\">%s%s", n.Sym, pad, esc(text))
			if note != "" {
				w.printf(" <span class=\"why\">%s</span>", esc(note))
			}
			w.printf("</div>")
			for k, c := range n.Blocks {
				w.printf("<div class=\"ln blk\">%s  %s.%s:</div>", pad, n.Sym, sched.BlockRole(n.Op, k))
				walk(c, depth+2)
			}
		}
	}
	w.printf("<div class=\"ln blk\">%s</div>", esc(ir.FormatBlock(g.Block)))
	walk(g.Block, 1)
	w.printf("<h4>Code motion</h4>")
	if len(decisions) == 0 {
		w.printf("<div class=\"ln\">Every node is placed where its inputs are first available and its uses need it: no decision to explain.</div>")
	}
	for _, d := range decisions {
		w.printf("<div class=\"ln n dec\" data-n=\"%d\">%s</div>", d.Node, esc(d.String()))
	}
	if len(homes) > 0 {
		w.printf("<div class=\"ln\">Written inline at their single use (compact emission): %d nodes, marked \"inline in\" above.</div>", len(homes))
	}
}

// output writes the lines of a generated file that belong to
// specialization fn: from its first line to its last, with the
// declaration line above them. Each line carries its node and the nodes
// written inline in it.
func (w *writer) output(o *Output, fn int, homes map[ir.Sym]ir.Sym) {
	if o.Err != nil {
		w.printf("<div class=\"err\">%s</div>", esc(o.Err.Error()))
		return
	}
	lines := strings.Split(o.Text, "\n")
	first, last := -1, -1
	for i, l := range o.Lines {
		if l.HasNode() && int(l.Func) == fn {
			if first < 0 {
				first = i
			}
			last = i
		}
	}
	if first < 0 {
		w.printf("<div class=\"ln\">(no statement: the function returns its inputs or constants)</div>")
		return
	}
	for first > 0 && !isDecl(lines[first]) {
		first--
	}
	for last+1 < len(lines) && !strings.HasPrefix(lines[last], "}") {
		last++
	}
	inl := map[ir.Sym][]ir.Sym{}
	for x, h := range homes {
		inl[h] = append(inl[h], x)
	}
	for i := first; i <= last && i < len(lines); i++ {
		l := o.Lines[i]
		if !l.HasNode() || int(l.Func) != fn {
			w.printf("<div class=\"ln\"><i>%d</i>%s</div>", i+1, esc(lines[i]))
			continue
		}
		syms := append([]ir.Sym{l.Sym}, sortedSyms(inl[l.Sym])...)
		w.printf("<div class=\"ln n\" data-n=\"%s\"><i>%d</i>%s</div>", nodeAttr(syms), i+1, esc(lines[i]))
	}
}

// isDecl reports whether a line starts a function's declaration, in Go
// or C.
func isDecl(line string) bool {
	return strings.HasPrefix(line, "func ") || strings.HasPrefix(line, "static ")
}

// sortedSyms returns syms in increasing order.
func sortedSyms(syms []ir.Sym) []ir.Sym {
	out := append([]ir.Sym(nil), syms...)
	slices.Sort(out)
	return out
}
