package sched

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/lmsgen/lmsgen/ir"
)

// genOpts shapes a random graph.
type genOpts struct {
	size, depth int
	maxNodes    int // stop adding statements beyond this many nodes (0: 300)
	// unpinned adds trapping divisions that do not read CTRL, as a
	// hand-built graph or a lowering pass might make them (ir.Check rejects
	// such graphs; the scheduler must still place them safely).
	unpinned bool
}

// randomGraph builds a graph from a random sequence of builder calls:
// cheap and costly pure arithmetic, trapping divisions, variables, slices,
// output, conditionals with values and with effects, loops, functions,
// applications and recursion, nested up to o.depth levels. Values of outer
// blocks are used in inner ones (loop-invariant and branch-local work) and
// values are used from several branches (duplication candidates).
func randomGraph(r *rand.Rand, o genOpts) *ir.Graph {
	if o.maxNodes == 0 {
		o.maxNodes = 300
	}
	b := ir.NewBuilder()
	return b.Build([]*ir.Type{ir.Int, ir.Int, ir.SliceOf(ir.Int), ir.Float64}, func(args []ir.Exp) ir.Exp {
		gen := &randGen{b: b, r: r, o: o, ints: []ir.Exp{args[0], args[1], b.Const(ir.Int, 3)},
			slices: []ir.Exp{args[2]}, floats: []ir.Exp{args[3]}}
		gen.block(o.size, o.depth)
		return gen.sink()
	})
}

// sink uses a few of the values of the current block, so that not all of
// them are dead: it prints a combination of them, or returns it.
func (g *randGen) sink() ir.Exp {
	b := g.b
	acc := g.pick()
	for range g.r.IntN(4) {
		acc = b.Binary(ir.OpAdd, acc, g.pick())
	}
	return acc
}

type randGen struct {
	b      *ir.Builder
	r      *rand.Rand
	o      genOpts
	ints   []ir.Exp
	floats []ir.Exp
	vars   []ir.Exp
	slices []ir.Exp
	funcs  []ir.Exp
}

func (g *randGen) pick() ir.Exp {
	// Prefer recent values, so that chains form.
	n := len(g.ints)
	if g.r.IntN(2) == 0 && n > 4 {
		return g.ints[n-1-g.r.IntN(4)]
	}
	return g.ints[g.r.IntN(n)]
}

func (g *randGen) pickFloat() ir.Exp { return g.floats[g.r.IntN(len(g.floats))] }

// scope saves what is visible and returns the function that restores it.
func (g *randGen) scope() func() {
	ni, nf, nv, ns, nfu := len(g.ints), len(g.floats), len(g.vars), len(g.slices), len(g.funcs)
	return func() {
		g.ints, g.floats, g.vars, g.slices, g.funcs = g.ints[:ni], g.floats[:nf], g.vars[:nv], g.slices[:ns], g.funcs[:nfu]
	}
}

var cheapOps = []ir.Op{ir.OpAdd, ir.OpSub, ir.OpMul, ir.OpAnd, ir.OpXor, ir.OpOr}

func (g *randGen) block(size, depth int) {
	b, r := g.b, g.r
	defer g.scope()()
	for i := 0; i < size && len(b.Graph().Nodes) < g.o.maxNodes; i++ {
		switch k := r.IntN(26); {
		case k < 6:
			g.ints = append(g.ints, b.Binary(cheapOps[r.IntN(len(cheapOps))], g.pick(), g.pick()))
		case k < 7:
			g.ints = append(g.ints, b.Binary(ir.OpDiv, g.pick(), g.pick())) // traps, reads CTRL
		case k < 8:
			if g.o.unpinned {
				g.ints = append(g.ints, b.ReflectEffect(ir.OpDiv, ir.Int, nil, []ir.Exp{g.pick(), g.pick()}, nil, nil, nil, false, ir.FlagTrap))
			} else {
				g.ints = append(g.ints, b.Binary(ir.OpRem, g.pick(), b.Const(ir.Int, 7)))
			}
		case k < 9:
			f := b.Call(ir.Callee{Pkg: "math", Name: "Sqrt", Pure: true}, ir.Float64, b.Convert(ir.Float64, g.pick()))
			g.floats = append(g.floats, f)
			g.ints = append(g.ints, b.Convert(ir.Int, b.Binary(ir.OpAdd, f, g.pickFloat())))
		case k < 10:
			g.vars = append(g.vars, b.NewVar(g.pick()))
		case k < 11 && len(g.vars) > 0:
			b.WriteVar(g.vars[r.IntN(len(g.vars))], g.pick())
		case k < 13 && len(g.vars) > 0:
			g.ints = append(g.ints, b.ReadVar(g.vars[r.IntN(len(g.vars))]))
		case k < 14:
			b.Print(ir.OpPrintln, g.pick())
		case k < 15:
			s := g.slices[r.IntN(len(g.slices))]
			switch r.IntN(4) {
			case 0:
				g.ints = append(g.ints, b.Index(s, g.pick()))
			case 1:
				b.SetIndex(s, g.pick(), g.pick())
			case 2:
				g.ints = append(g.ints, b.Len(s))
			default:
				g.slices = append(g.slices, b.SubSlice(s, g.pick(), g.pick()))
			}
		case k < 17 && depth > 0:
			// A value used in both branches, or only in one.
			shared := b.Binary(cheapOps[r.IntN(len(cheapOps))], g.pick(), g.pick())
			c := b.Compare(ir.OpLt, g.pick(), g.pick())
			res := b.If(c, ir.Int,
				func() ir.Exp {
					g.ints = append(g.ints, shared)
					g.block(size/2, depth-1)
					return g.sink()
				},
				func() ir.Exp {
					if r.IntN(2) == 0 {
						g.ints = append(g.ints, shared)
					}
					g.block(size/3, depth-1)
					return g.sink()
				})
			g.ints = append(g.ints, res)
		case k < 18 && depth > 0:
			c := b.Compare(ir.OpLt, g.pick(), g.pick())
			b.If(c, ir.Void, func() ir.Exp {
				g.block(size/3, depth-1)
				b.Print(ir.OpPrintln, g.sink())
				return b.Unit()
			}, func() ir.Exp { return b.Unit() })
		case k < 21 && depth > 0:
			v := b.NewVar(b.Const(ir.Int, 0))
			limit := g.pick()
			b.While(func() ir.Exp { return b.Compare(ir.OpLt, b.ReadVar(v), limit) }, func() {
				defer g.scope()()
				g.ints = append(g.ints, b.ReadVar(v))
				g.block(size/2, depth-1)
				if g.r.IntN(2) == 0 {
					b.Print(ir.OpPrintln, g.sink())
				}
				b.WriteVar(v, b.Binary(ir.OpAdd, b.ReadVar(v), b.Const(ir.Int, 1)))
			})
			g.vars = append(g.vars, v)
		case k < 23 && depth > 0:
			f := b.Lambda([]*ir.Type{ir.Int}, []*ir.Type{ir.Int}, func(x []ir.Exp) ir.Exp {
				defer g.scope()()
				g.ints = append(g.ints, x[0])
				g.block(size/2, depth-1)
				return g.sink()
			})
			g.funcs = append(g.funcs, f)
		case k < 25 && len(g.funcs) > 0:
			g.ints = append(g.ints, b.Apply(g.funcs[r.IntN(len(g.funcs))], g.pick()))
		case k < 26 && depth > 0:
			fwd := b.Forward(ir.FuncOf([]*ir.Type{ir.Int}, []*ir.Type{ir.Int}))
			f := b.DefineForward(fwd, func(x []ir.Exp) ir.Exp {
				defer g.scope()()
				return b.If(b.Compare(ir.OpLt, x[0], b.Const(ir.Int, 1)), ir.Int, func() ir.Exp { return x[0] },
					func() ir.Exp { return b.Apply(fwd, b.Binary(ir.OpSub, x[0], b.Const(ir.Int, 1))) })
			})
			g.funcs = append(g.funcs, f)
		}
	}
}

// schedState runs the phases of Run and returns their shared state.
func schedState(g *ir.Graph, opts Options) *state { return schedUntil(g, opts, "") }

// schedUntil runs the phases of Run up to the one named last (all of
// them for "") and returns their shared state.
func schedUntil(g *ir.Graph, opts Options, last string) *state {
	st := &state{opts: opts, g: g}
	for _, p := range phases {
		if p.skip == nil || !p.skip(opts) {
			p.run(st)
		}
		if p.name == last {
			break
		}
	}
	return st
}

// shape picks the shape of the random graph of a seed.
func shape(seed uint64) genOpts {
	r := rand.New(rand.NewPCG(seed, 99))
	return genOpts{size: 6 + r.IntN(40), depth: r.IntN(5), unpinned: r.IntN(3) == 0}
}

// checkRandom schedules one random graph and verifies the schedule; it
// also runs the pipeline twice and compares the printed schedules.
func checkRandom(t testing.TB, seed uint64, o genOpts) {
	t.Helper()
	g := randomGraph(rand.New(rand.NewPCG(seed, 2)), o)
	if !o.unpinned {
		if err := ir.Check(g); err != nil {
			t.Fatalf("seed %d: input: %v", seed, err)
		}
	}
	s := Run(g, Options{})
	if !o.unpinned {
		if err := ir.Check(s.Graph()); err != nil {
			t.Fatalf("seed %d: scheduled graph: %v", seed, err)
		}
	}
	if err := Verify(s); err != nil {
		t.Fatalf("seed %d %+v: %v\n%s", seed, o, err, s)
	}
	if seed%16 == 0 {
		if a, b := s.String(), Run(g, Options{}).String(); a != b {
			t.Fatalf("seed %d: two runs differ", seed)
		}
	}
}

// TestRandomCorpus schedules and verifies a deterministic corpus of random
// graphs of several shapes.
func TestRandomCorpus(t *testing.T) {
	n := 10000
	if testing.Short() {
		n = 1000
	}
	for seed := uint64(0); seed < uint64(n); seed++ {
		checkRandom(t, seed, shape(seed))
	}
}

func FuzzSchedule(f *testing.F) {
	f.Add(uint64(1), uint8(20), uint8(2), false)
	f.Add(uint64(7), uint8(60), uint8(4), true)
	f.Fuzz(func(t *testing.T, seed uint64, size, depth uint8, unpinned bool) {
		checkRandom(t, seed, genOpts{size: int(size % 96), depth: int(depth % 6), unpinned: unpinned})
	})
}

// crossCheck compares the production scheduler (duplicating as LMS does)
// with the reference transcription on g. Every node placed differently
// must have a name: speculation (the node is anchored), duplication of a
// node with blocks (which the block tree cannot express), or a user
// placed differently (the difference is derived). It returns the count of
// each reason.
func crossCheck(t testing.TB, seed uint64, g *ir.Graph) map[string]int {
	t.Helper()
	if s := Run(g, Options{}); Verify(s) != nil {
		t.Fatalf("seed %d: %v\n%s", seed, Verify(s), s)
	}
	// Duplicating as LMS does may duplicate reads, which Verify rejects.
	st := schedState(g, Options{lmsDuplicate: true})
	s := st.sched
	// Both see the same bound-variable analysis (early's, made again: Run
	// gives its arrays, early's blocks too, to later phases).
	st.early = make([]int32, len(st.g.Nodes))
	bv := newBound(st)
	ref := newRef(s.Graph(), func(x ir.Sym) []ir.Sym {
		// The blocks of x's list, each by its effect input: a node is
		// available where every one of them is open.
		var out []ir.Sym
		for c := bv.head[x]; c >= 0; c = bv.cell(c).next {
			out = append(out, bv.cell(c).key)
		}
		return out
	})
	sg := s.Graph()
	prod := map[ir.Sym][]*ir.Block{}
	var walk func(b *ir.Block)
	walk = func(b *ir.Block) {
		for _, n := range s.Nodes(b) {
			prod[n.Sym] = append(prod[n.Sym], b)
			for _, c := range n.Blocks {
				walk(c)
			}
		}
	}
	walk(sg.Block)
	same := func(x ir.Sym) bool {
		p, r := prod[x], ref.blocks[x]
		if len(p) != len(r) {
			return false
		}
		for _, b := range p {
			if !r[b] {
				return false
			}
		}
		return true
	}
	// users[x]: the nodes that use x through any edge.
	users := map[ir.Sym][]ir.Sym{}
	for _, n := range sg.Nodes {
		forEdge(n, func(x ir.Sym, _ bool, _ int) { users[x] = append(users[x], n.Sym) })
	}
	owner := map[*ir.Block]ir.Sym{}
	for _, n := range sg.Nodes {
		for _, b := range n.Blocks {
			owner[b] = n.Sym
		}
	}
	// blame[x]: x is placed differently, or inside a block of a node that
	// is, and that traces back to a named root cause. Users and owners
	// come after a node in node order (a λ after its λforward), so one
	// reverse pass decides.
	forwarded := map[ir.Sym]bool{}
	for _, n := range sg.Nodes {
		if n.Op == ir.OpForward {
			forwarded[n.Args[0].Sym()] = true
		}
	}
	blame := map[ir.Sym]bool{}
	reasons := map[string]int{}
	var bad []string
	for i := len(sg.Nodes) - 1; i >= 0; i-- {
		n := sg.Nodes[i]
		differs := !same(n.Sym)
		switch {
		case differs && st.anchored[i]:
			reasons["speculation"]++
			blame[n.Sym] = true
			continue
		case differs && len(ref.blocks[n.Sym]) > 1 && len(n.Blocks) > 0:
			reasons["duplication of a node with blocks"]++
			blame[n.Sym] = true
			continue
		case differs && (n.Op == ir.OpLambda && forwarded[n.Sym] || n.Op == ir.OpForward):
			// A λ with a forward declaration (and the declaration) goes
			// to its earliest block, where every call through the
			// declaration can see it; LMS places it by its direct uses.
			reasons["forward-declared function at its earliest block"]++
			blame[n.Sym] = true
			continue
		}
		inherited := slices.ContainsFunc(users[n.Sym], func(u ir.Sym) bool { return blame[u] }) ||
			n.Op == ir.OpForward && blame[n.Args[0].Sym()]
		for _, b := range prod[n.Sym] {
			if o, ok := owner[b]; ok && blame[o] {
				inherited = true
			}
		}
		blame[n.Sym] = inherited
		switch {
		case !differs:
		case inherited:
			reasons["derived"]++
		default:
			var rb, pb []string
			for b := range ref.blocks[n.Sym] {
				id, _ := st.sched.blockID(b)
				rb = append(rb, st.name(id))
			}
			for _, b := range prod[n.Sym] {
				id, _ := st.sched.blockID(b)
				pb = append(pb, st.name(id))
			}
			slices.Sort(rb)
			bad = append(bad, fmt.Sprintf("%v: reference %v, production %v", n.Sym, rb, pb))
		}
	}
	if len(bad) > 0 {
		t.Fatalf("seed %d: unexplained differences:\n%s\n%s", seed, strings.Join(bad, "\n"), s)
	}
	return reasons
}

func TestCrossCheckReference(t *testing.T) {
	total := map[string]int{}
	n := 3000
	if testing.Short() {
		n = 300
	}
	for seed := uint64(0); seed < uint64(n); seed++ {
		g := randomGraph(rand.New(rand.NewPCG(seed, 3)), shape(seed))
		for k, v := range crossCheck(t, seed, g) {
			total[k] += v
		}
	}
	t.Logf("named differences over %d graphs: %v", n, total)
}

// TestParallelSame schedules random graphs with every loop that may split
// its work between two goroutines (see split) doing so, and compares with
// the schedules made on one: the same placements, the same inlining.
// Run with -race, it also checks that the halves share nothing they write.
func TestParallelSame(t *testing.T) {
	n := 2000
	if testing.Short() {
		n = 200
	}
	defer func(w int32) { parallelWork = w }(parallelWork)
	for seed := uint64(0); seed < uint64(n); seed++ {
		g := randomGraph(rand.New(rand.NewPCG(seed, 2)), shape(seed))
		parallelWork = math.MaxInt32
		want := Run(g, Options{}).String()
		parallelWork = 1
		s := Run(g, Options{})
		if got := s.String(); got != want {
			t.Fatalf("seed %d: split work scheduled\n%s\none goroutine scheduled\n%s", seed, got, want)
		}
		if err := Verify(s); err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
	}
	parallelWork = 1
	if err := Verify(Run(bigGraph(20_000, 8, 3), Options{})); err != nil {
		t.Fatal(err)
	}
}
