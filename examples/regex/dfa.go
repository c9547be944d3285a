package regex

import (
	"fmt"
	"slices"
	"strconv"
)

// The NFA determinizes into a DFA by the subset construction, at
// generation time. Each DFA state is a set of NFA instructions; a string
// matches (somewhere, as regexp.MatchString) when a state containing
// instMatch is reached, or when the text ends in a state that accepts at
// the end (through $).
//
// Besides the transitions, the DFA records how the staged matcher should
// lay out its code (see Program.Match): which states become staged
// functions and which are inlined into their predecessor.

// maxStates bounds the DFA: a pattern that needs more states is rejected.
const maxStates = 10000

// inlineBudget is the size (in states) up to which a state with several
// predecessors is copied into each of them rather than made a function.
// Copying more saves calls but grows the code; in a hand-written prototype
// of the generated code, larger budgets grew it without making it faster.
const inlineBudget = 8

// Program is a compiled pattern: a DFA over bytes and the layout of the
// staged matcher.
type Program struct {
	pattern string
	states  []dstate
	start   int
	funcs   []int // the states that are functions, callees first
}

// dstate is a DFA state.
type dstate struct {
	match     bool   // a match has been found: the answer is true
	acceptEnd bool   // the text may end here
	self      *cond  // the bytes that stay in this state, or nil
	edges     []edge // the bytes that go to other states, in byte order
	fn        bool   // a staged function rather than inlined
}

// edge is a transition: the bytes of cond go to state to.
type edge struct {
	cond cond
	to   int
}

// cond is a set of bytes: the range lo..hi, or, if set, the members of
// mask (bit c%64 of mask[c/64]).
type cond struct {
	lo, hi byte
	set    bool
	mask   [4]uint64
}

// test reports whether c is in the set. The switch is on static fields:
// staged, it leaves one or two comparisons, or for a set of several ranges
// a bit test in a constant word (after a comparison per word it needs).
func (k *cond) test(c byte) bool {
	switch {
	case k.set:
		for w, bits := range k.mask {
			if bits != 0 && c>>6 == byte(w) {
				return bits>>(c&63)&1 != 0
			}
		}
		return false
	case k.lo == k.hi:
		return c == k.lo
	case k.lo == 0:
		return c <= k.hi
	case k.hi == 255:
		return c >= k.lo
	}
	return c-k.lo <= k.hi-k.lo
}

// Compile parses pattern and builds its DFA.
func Compile(pattern string) (*Program, error) {
	n, err := parse(pattern)
	if err != nil {
		return nil, err
	}
	b := &builder{nfa: compile(n), index: map[string]int{}}
	p, err := b.build()
	if err != nil {
		return nil, fmt.Errorf("regex: pattern %q: %v", pattern, err)
	}
	p.pattern = pattern
	p.layout()
	return p, nil
}

// MustCompile is Compile for patterns known to be valid: it panics on an
// error.
func MustCompile(pattern string) *Program {
	p, err := Compile(pattern)
	if err != nil {
		panic(err)
	}
	return p
}

// String returns the pattern.
func (p *Program) String() string { return p.pattern }

// Stats returns the number of DFA states and of staged functions.
func (p *Program) Stats() (states, funcs int) {
	for _, s := range p.states {
		if s.fn {
			funcs++
		}
	}
	return len(p.states), funcs
}

type builder struct {
	nfa     *nfa
	index   map[string]int // key of a state -> its number
	sets    [][]int        // NFA instructions of each state
	states  []dstate
	classes []byte // the first byte of each class of equivalent bytes
	restart []int  // closure of the start away from the beginning
}

// build runs the subset construction.
func (b *builder) build() (*Program, error) {
	b.byteClasses()
	b.restart = b.closure([]int{b.nfa.start}, false, false)
	start := b.state(b.closure([]int{b.nfa.start}, true, false), true)
	for q := 0; q < len(b.states); q++ {
		if len(b.states) > maxStates {
			return nil, fmt.Errorf("needs more than %d DFA states", maxStates)
		}
		if b.states[q].match {
			continue // the matcher stops here: no transitions
		}
		next := make([]int, 256)
		for ci, lo := range b.classes {
			hi := 255
			if ci+1 < len(b.classes) {
				hi = int(b.classes[ci+1]) - 1
			}
			t := b.step(q, lo)
			for c := int(lo); c <= hi; c++ {
				next[c] = t
			}
		}
		b.transitions(q, next)
	}
	return &Program{states: b.states, start: start}, nil
}

// byteClasses splits 0..255 into classes of bytes that no instruction
// tells apart.
func (b *builder) byteClasses() {
	var cut [257]bool
	cut[0] = true
	for _, in := range b.nfa.insts {
		if in.op == instByte && in.lo <= in.hi {
			cut[in.lo], cut[int(in.hi)+1] = true, true
		}
	}
	for c := 0; c < 256; c++ {
		if cut[c] {
			b.classes = append(b.classes, byte(c))
		}
	}
}

// closure returns the sorted instructions reachable from set without
// consuming a byte: byte instructions, matches, and (when not at the end)
// the end assertions, which may be passed once the text ends. Beginning
// assertions pass only at the beginning.
func (b *builder) closure(set []int, atBegin, atEnd bool) []int {
	seen := make([]bool, len(b.nfa.insts))
	var out []int
	stack := slices.Clone(set)
	for len(stack) > 0 {
		i := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if seen[i] {
			continue
		}
		seen[i] = true
		in := &b.nfa.insts[i]
		switch in.op {
		case instByte, instMatch:
			out = append(out, i)
		case instSplit:
			stack = append(stack, in.out1, in.out)
		case instBegin:
			if atBegin {
				stack = append(stack, in.out)
			}
		case instEnd:
			if atEnd {
				stack = append(stack, in.out)
			} else {
				out = append(out, i)
			}
		}
	}
	slices.Sort(out)
	return out
}

// state returns the number of the state of the closed set, adding it if it
// is new. The initial state is kept apart: only there do beginning
// assertions pass.
func (b *builder) state(set []int, initial bool) int {
	// Plain concatenation, not a strings.Builder: lmsgen evaluates this at
	// generation time, and its evaluator does not run strings.Builder.
	key := ""
	if initial {
		key = "^"
	}
	for _, i := range set {
		key += strconv.Itoa(i) + ","
	}
	if q, ok := b.index[key]; ok {
		return q
	}
	s := dstate{}
	var ends []int
	for _, i := range set {
		switch b.nfa.insts[i].op {
		case instMatch:
			s.match = true
		case instEnd:
			ends = append(ends, b.nfa.insts[i].out)
		}
	}
	s.acceptEnd = s.match
	if !s.match && len(ends) > 0 {
		s.acceptEnd = slices.ContainsFunc(b.closure(ends, initial, true), func(i int) bool {
			return b.nfa.insts[i].op == instMatch
		})
	}
	q := len(b.states)
	b.index[key] = q
	b.sets = append(b.sets, set)
	b.states = append(b.states, s)
	return q
}

// step returns the state after reading byte c in state q, or -1 if no match
// can follow.
func (b *builder) step(q int, c byte) int {
	var targets []int
	for _, i := range b.sets[q] {
		if in := &b.nfa.insts[i]; in.op == instByte && in.lo <= c && c <= in.hi {
			targets = append(targets, in.out)
		}
	}
	// Unanchored search: a match may also start after this byte.
	set := b.closure(append(targets, b.restart...), false, false)
	if len(set) == 0 {
		return -1
	}
	return b.state(set, false)
}

// transitions records the edges of state q, from the target of each byte:
// bytes going to q itself form the self-loop, the others are grouped by
// target, in the order of their first byte.
func (b *builder) transitions(q int, next []int) {
	groups := map[int][]int{} // target -> its bytes
	var order []int
	for c, t := range next {
		if t < 0 {
			continue
		}
		if _, ok := groups[t]; !ok {
			order = append(order, t)
		}
		groups[t] = append(groups[t], c)
	}
	s := &b.states[q]
	for _, t := range order {
		k := newCond(groups[t])
		if t == q {
			s.self = &k
			continue
		}
		s.edges = append(s.edges, edge{cond: k, to: t})
	}
}

// newCond returns the set of the sorted bytes cs.
func newCond(cs []int) cond {
	if cs[len(cs)-1]-cs[0] == len(cs)-1 { // one range
		return cond{lo: byte(cs[0]), hi: byte(cs[len(cs)-1])}
	}
	k := cond{set: true}
	for _, c := range cs {
		k.mask[c>>6] |= 1 << (c & 63)
	}
	return k
}

// layout decides which states become staged functions. A state reached
// from one place is inlined there. A state with several predecessors is a
// function if it lies on a cycle through other states (its code cannot be
// unrolled) or if its inlined code would exceed inlineBudget states;
// otherwise it is copied into each predecessor. Every cycle enters through
// a state with several predecessors, so the inlined code is finite.
func (p *Program) layout() {
	n := len(p.states)
	preds := make([]map[int]bool, n)
	for q := range preds {
		preds[q] = map[int]bool{}
	}
	for q, s := range p.states {
		for _, e := range s.edges {
			preds[e.to][q] = true
		}
	}
	indeg := func(q int) int {
		d := len(preds[q])
		if q == p.start {
			d++
		}
		return d
	}
	cyclic := p.cyclic()
	for q := range p.states {
		if indeg(q) > 1 && cyclic[q] && !p.states[q].match {
			p.states[q].fn = true
		}
	}
	// Sizes of the inlined code, callees first (post-order over edges
	// to non-function states, which form a DAG now).
	size := make([]int, n)
	done := make([]bool, n)
	var visit func(q int)
	visit = func(q int) {
		done[q] = true
		sz := 1
		for _, e := range p.states[q].edges {
			if p.states[e.to].fn {
				sz++
				continue
			}
			if !done[e.to] {
				visit(e.to)
			}
			sz += size[e.to]
		}
		size[q] = sz
		if indeg(q) > 1 && sz > inlineBudget && !p.states[q].match {
			p.states[q].fn = true
		}
	}
	for q := range p.states {
		if p.states[q].fn && !done[q] {
			visit(q)
		}
	}
	if !done[p.start] {
		visit(p.start)
	}
	p.funcs = p.postorder()
}

// postorder returns the function states in depth-first post-order from the
// start: a function comes after every function it calls, except around a
// cycle.
func (p *Program) postorder() []int {
	seen := make([]bool, len(p.states))
	var out []int
	var visit func(q int)
	visit = func(q int) {
		seen[q] = true
		for _, e := range p.states[q].edges {
			if !seen[e.to] {
				visit(e.to)
			}
		}
		if p.states[q].fn {
			out = append(out, q)
		}
	}
	visit(p.start)
	return out
}

// cyclic reports for each state whether it lies on a cycle through another
// state (Tarjan's strongly connected components; self-loops do not count).
func (p *Program) cyclic() []bool {
	n := len(p.states)
	index, low := make([]int, n), make([]int, n)
	for i := range index {
		index[i] = -1
	}
	onStack := make([]bool, n)
	var stack []int
	out := make([]bool, n)
	counter := 0
	var strong func(v int)
	strong = func(v int) {
		index[v], low[v] = counter, counter
		counter++
		stack = append(stack, v)
		onStack[v] = true
		for _, e := range p.states[v].edges {
			w := e.to
			if index[w] < 0 {
				strong(w)
				low[v] = min(low[v], low[w])
			} else if onStack[w] {
				low[v] = min(low[v], index[w])
			}
		}
		if low[v] == index[v] {
			var comp []int
			for {
				w := stack[len(stack)-1]
				stack = stack[:len(stack)-1]
				onStack[w] = false
				comp = append(comp, w)
				if w == v {
					break
				}
			}
			if len(comp) > 1 {
				for _, w := range comp {
					out[w] = true
				}
			}
		}
	}
	for v := range p.states {
		if index[v] < 0 {
			strong(v)
		}
	}
	return out
}
