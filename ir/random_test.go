package ir

import (
	"fmt"
	"math/rand/v2"
	"runtime"
	"testing"

	"github.com/lmsgen/lmsgen/internal/cputime"
)

// randomGraph builds a graph from a random sequence of builder calls:
// arithmetic (including trapping division), comparisons, variables,
// slices and sub-slices, output, conditionals, loops, functions and
// recursion, nested up to depth levels.
func randomGraph(r *rand.Rand, size, depth int) *Graph {
	b := NewBuilder()
	return b.Build([]*Type{Int, Int, SliceOf(Int)}, func(args []Exp) Exp {
		gen := &randGen{b: b, r: r, ints: []Exp{args[0], args[1], b.Const(Int, 3)}, slices: []Exp{args[2]}}
		gen.block(size, depth)
		return gen.pick()
	})
}

type randGen struct {
	b      *Builder
	r      *rand.Rand
	ints   []Exp
	vars   []Exp
	slices []Exp
	funcs  []Exp
}

func (g *randGen) pick() Exp { return g.ints[g.r.IntN(len(g.ints))] }

// scope saves what is visible and returns the function that restores it:
// values made inside a block are not visible outside it.
func (g *randGen) scope() func() {
	nInts, nVars, nSlices, nFuncs := len(g.ints), len(g.vars), len(g.slices), len(g.funcs)
	return func() {
		g.ints, g.vars, g.slices, g.funcs = g.ints[:nInts], g.vars[:nVars], g.slices[:nSlices], g.funcs[:nFuncs]
	}
}

func (g *randGen) block(size, depth int) {
	b, r := g.b, g.r
	defer g.scope()()
	for i := 0; i < size; i++ {
		switch k := r.IntN(20); {
		case k < 5:
			ops := []Op{OpAdd, OpSub, OpMul, OpDiv, OpRem, OpAnd, OpXor, OpShl}
			g.ints = append(g.ints, b.Binary(ops[r.IntN(len(ops))], g.pick(), g.pick()))
		case k < 6:
			g.vars = append(g.vars, b.NewVar(g.pick()))
		case k < 8 && len(g.vars) > 0:
			b.WriteVar(g.vars[r.IntN(len(g.vars))], g.pick())
		case k < 10 && len(g.vars) > 0:
			g.ints = append(g.ints, b.ReadVar(g.vars[r.IntN(len(g.vars))]))
		case k < 11:
			b.Print(OpPrintln, g.pick())
		case k < 12:
			s := g.slices[r.IntN(len(g.slices))]
			if r.IntN(2) == 0 {
				g.ints = append(g.ints, b.Index(s, g.pick()))
			} else {
				b.SetIndex(s, g.pick(), g.pick())
			}
		case k < 13:
			s := g.slices[r.IntN(len(g.slices))]
			switch r.IntN(3) {
			case 0:
				g.slices = append(g.slices, b.SubSlice(s, g.pick(), g.pick()))
			case 1:
				g.slices = append(g.slices, b.MakeSlice(Int, g.pick(), g.pick()))
			default:
				g.ints = append(g.ints, b.Len(s))
			}
		case k < 15 && depth > 0:
			c := b.Compare(OpLt, g.pick(), g.pick())
			res := b.If(c, Int, func() Exp { g.block(size/2, depth-1); return g.pick() },
				func() Exp { g.block(size/3, depth-1); return g.pick() })
			g.ints = append(g.ints, res)
		case k < 17 && depth > 0:
			v := b.NewVar(g.pick())
			g.vars = append(g.vars, v)
			b.While(func() Exp { return b.Compare(OpLt, b.ReadVar(v), g.pick()) }, func() {
				g.block(size/2, depth-1)
				b.WriteVar(v, b.Binary(OpAdd, b.ReadVar(v), b.Const(Int, 1)))
			})
		case k < 18 && depth > 0:
			f := b.Lambda([]*Type{Int}, []*Type{Int}, func(x []Exp) Exp {
				defer g.scope()()
				g.ints = append(g.ints, x[0])
				g.block(size/2, depth-1)
				return g.pick()
			})
			g.funcs = append(g.funcs, f)
		case k < 19 && len(g.funcs) > 0:
			g.ints = append(g.ints, b.Apply(g.funcs[r.IntN(len(g.funcs))], g.pick()))
		case k < 20 && depth > 0:
			fwd := b.Forward(FuncOf([]*Type{Int}, []*Type{Int}))
			f := b.DefineForward(fwd, func(x []Exp) Exp {
				defer g.scope()()
				return b.If(b.Compare(OpLt, x[0], b.Const(Int, 1)), Int, func() Exp { return x[0] },
					func() Exp { return b.Apply(fwd, b.Binary(OpSub, x[0], b.Const(Int, 1))) })
			})
			g.funcs = append(g.funcs, f)
		}
	}
}

func checkRandom(t testing.TB, seed uint64, size, depth int) {
	g := randomGraph(rand.New(rand.NewPCG(seed, 1)), size, depth)
	if err := Check(g); err != nil {
		t.Fatalf("seed %d: %v\n%s", seed, err, g)
	}
	d := DCE(g)
	if err := Check(d); err != nil {
		t.Fatalf("seed %d: after DCE: %v\n%s", seed, err, d)
	}
	// A second DCE may drop a little more (a conditional whose only user
	// died loses its results), never less, and stays valid.
	if d2 := DCE(d); len(d2.Nodes) > len(d.Nodes) || Check(d2) != nil {
		t.Fatalf("seed %d: second DCE: %v", seed, Check(d2))
	}
	Bound(d)
	if seed%10 != 0 {
		return
	}
	again := randomGraph(rand.New(rand.NewPCG(seed, 1)), size, depth)
	if again.String() != g.String() {
		t.Fatalf("seed %d: building twice printed differently", seed)
	}
}

func TestRandomGraphs(t *testing.T) {
	n := 1000
	if testing.Short() {
		n = 200
	}
	for seed := uint64(0); seed < uint64(n); seed++ {
		checkRandom(t, seed, 30, 3)
	}
}

func FuzzBuild(f *testing.F) {
	f.Add(uint64(1), uint8(20), uint8(2))
	f.Fuzz(func(t *testing.T, seed uint64, size, depth uint8) {
		checkRandom(t, seed, int(size%64), int(depth%5))
	})
}

// BenchmarkBuild builds graphs of 10^4, 10^5 and 10^6 nodes: arithmetic,
// slice reads, variable updates, and output in conditionals. It reports
// per node the wall-clock time, the CPU time of the process (cpu-ns/node:
// user and system, all threads, the collector included, which a loaded
// machine disturbs less) and the bytes allocated.
func BenchmarkBuild(b *testing.B) {
	for _, n := range []int{10_000, 100_000, 1_000_000} {
		b.Run(fmt.Sprintf("nodes=%d", n), func(b *testing.B) { benchBuild(b, n) })
	}
}

func benchBuild(b *testing.B, n int) {
	b.ReportAllocs()
	var nodes int
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	cpu0 := cputime.Used()
	for b.Loop() {
		bld := NewBuilder()
		g := bld.Build([]*Type{Int, SliceOf(Float64)}, func(a []Exp) Exp {
			x := a[0]
			acc := bld.NewVar(bld.Const(Float64, 0.0))
			for i := 0; len(bld.g.Nodes) < n; i++ {
				y := bld.Binary(OpAdd, x, bld.Const(Int, i))
				z := bld.Binary(OpMul, y, y)
				f := bld.Index(a[1], bld.Binary(OpAnd, z, bld.Const(Int, 1023)))
				bld.WriteVar(acc, bld.Binary(OpAdd, bld.ReadVar(acc), f))
				if i%64 == 0 {
					bld.If(bld.Compare(OpLt, z, x), Void, func() Exp {
						bld.Print(OpPrintln, z)
						return bld.Unit()
					}, func() Exp { return bld.Unit() })
				}
			}
			return bld.ReadVar(acc)
		})
		nodes = len(g.Nodes)
	}
	cpu := cputime.Used() - cpu0
	runtime.ReadMemStats(&after)
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(nodes), "ns/node")
	b.ReportMetric(float64(cpu.Nanoseconds())/float64(b.N)/float64(nodes), "cpu-ns/node")
	b.ReportMetric(float64(after.TotalAlloc-before.TotalAlloc)/float64(b.N)/float64(nodes), "B/node")
}
