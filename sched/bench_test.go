package sched

import (
	"fmt"
	"math/rand/v2"
	"runtime"
	"sync"
	"testing"
	"time"

	"github.com/lmsgen/lmsgen/internal/cputime"
	"github.com/lmsgen/lmsgen/ir"
)

// bigGraph builds a random graph of about n nodes whose blocks nest up to
// depth levels: conditionals, loops and functions, with pure arithmetic on
// values of enclosing blocks (so there is work to hoist and to sink),
// trapping divisions and indexing, variables and output.
func bigGraph(n, depth int, seed uint64) *ir.Graph {
	r := rand.New(rand.NewPCG(seed, 7))
	b := ir.NewBuilder()
	return b.Build([]*ir.Type{ir.Int, ir.Int, ir.SliceOf(ir.Int)}, func(a []ir.Exp) ir.Exp {
		g := &bigGen{b: b, r: r, s: a[2], depth: depth}
		vals := []ir.Exp{a[0], a[1]}
		acc := b.NewVar(b.Const(ir.Int, 0))
		for len(b.Graph().Nodes) < n {
			v := g.chunk(vals, 0)
			b.WriteVar(acc, b.Binary(ir.OpAdd, b.ReadVar(acc), v))
		}
		return b.ReadVar(acc)
	})
}

type bigGen struct {
	b     *ir.Builder
	r     *rand.Rand
	s     ir.Exp
	depth int
}

// chunk emits a few statements in the current block and returns a value
// computed from them; vals are the values visible from enclosing blocks.
func (g *bigGen) chunk(vals []ir.Exp, level int) ir.Exp {
	b, r := g.b, g.r
	pick := func() ir.Exp { return vals[r.IntN(len(vals))] }
	local := append([]ir.Exp(nil), vals...)
	add := func(e ir.Exp) ir.Exp { local = append(local, e); vals = local; return e }
	x := add(b.Binary(ir.OpMul, pick(), pick()))
	add(b.Binary(ir.OpAdd, x, b.Const(ir.Int, level+1)))
	switch k := r.IntN(8); {
	case level >= g.depth || k < 2:
		add(b.Binary(ir.OpDiv, pick(), pick()))
		b.Print(ir.OpPrintln, add(b.Index(g.s, b.Binary(ir.OpAnd, pick(), b.Const(ir.Int, 1023)))))
	case k < 5:
		c := b.Compare(ir.OpLt, pick(), pick())
		add(b.If(c, ir.Int, func() ir.Exp { return g.chunk(local, level+1) },
			func() ir.Exp { return b.Binary(ir.OpSub, pick(), g.chunk(local, level+1)) }))
	case k < 7:
		v := b.NewVar(b.Const(ir.Int, 0))
		lim := pick()
		b.While(func() ir.Exp { return b.Compare(ir.OpLt, b.ReadVar(v), lim) }, func() {
			i := b.ReadVar(v)
			y := g.chunk(append(local, i), level+1)
			b.Print(ir.OpPrintln, y)
			b.WriteVar(v, b.Binary(ir.OpAdd, i, b.Const(ir.Int, 1)))
		})
		add(b.ReadVar(v))
	default:
		f := b.Lambda([]*ir.Type{ir.Int}, []*ir.Type{ir.Int}, func(p []ir.Exp) ir.Exp {
			return g.chunk(append(local, p[0]), level+1)
		})
		add(b.Apply(f, pick()))
	}
	return b.Binary(ir.OpXor, local[len(local)-1], local[len(local)-2])
}

// chainGraph builds loops nested depth deep with about n nodes in all:
// each level reads its counter, computes from it and from the level
// above, does loop-invariant work (which is hoisted to the top), prints,
// and nests the next level.
func chainGraph(n, depth int) *ir.Graph {
	b := ir.NewBuilder()
	per := max(1, (n-8*depth)/(4*depth))
	return b.Build([]*ir.Type{ir.Int, ir.Int}, func(a []ir.Exp) ir.Exp {
		var level func(k int, outer ir.Exp)
		level = func(k int, outer ir.Exp) {
			if k == depth {
				return
			}
			v := b.NewVar(b.Const(ir.Int, 0))
			b.While(func() ir.Exp { return b.Compare(ir.OpLt, b.ReadVar(v), a[1]) }, func() {
				i := b.ReadVar(v)
				y := b.Binary(ir.OpMul, i, outer)
				for j := 0; j < per; j++ {
					inv := b.Binary(ir.OpMul, a[0], b.Const(ir.Int, k*per+j))
					y = b.Binary(ir.OpAdd, y, b.Binary(ir.OpXor, inv, i))
				}
				b.Print(ir.OpPrintln, y)
				level(k+1, y)
				b.WriteVar(v, b.Binary(ir.OpAdd, i, b.Const(ir.Int, 1)))
			})
		}
		level(0, a[0])
		return b.Unit()
	})
}

// cached keeps the last graph built, so that repeated runs of one
// benchmark (-count) build it once, while other graphs do not stay alive
// and burden the garbage collector of the benchmark that follows.
var cache struct {
	sync.Mutex
	key string
	g   *ir.Graph
}

func cached(key string, build func() *ir.Graph) *ir.Graph {
	cache.Lock()
	defer cache.Unlock()
	if cache.key != key {
		cache.key, cache.g = "", nil
		runtime.GC()
		cache.key, cache.g = key, build()
	}
	return cache.g
}

func benchRun(b *testing.B, g *ir.Graph, opts Options) {
	b.ReportAllocs()
	blocks := 0
	g.Blocks(func(*ir.Block) { blocks++ })
	b.ReportMetric(float64(len(g.Nodes)), "nodes")
	b.ReportMetric(float64(blocks), "blocks")
	runtime.GC()
	phase := map[string]time.Duration{}
	var names []string
	cpu0 := cputime.Used()
	for b.Loop() {
		for _, t := range Run(g, opts).Timings() {
			if _, ok := phase[t.Phase]; !ok {
				names = append(names, t.Phase)
			}
			phase[t.Phase] += t.Elapsed
		}
	}
	// CPU time of the whole process (garbage collection included): a
	// measure of the work that other processes on the machine disturb
	// less than the wall-clock time.
	b.ReportMetric(float64((cputime.Used()-cpu0).Microseconds())/1000/float64(b.N), "cpu-ms/op")
	for _, name := range names {
		b.ReportMetric(float64(phase[name].Microseconds())/1000/float64(b.N), name+"-ms/op")
	}
}

// BenchmarkRandom runs Run on random graphs of 10^4, 10^5 and 10^6 nodes
// (about 17% as many blocks, nesting 8); the "sched" variants time the
// phases after dce, on a graph ir.DCE already cleaned.
func BenchmarkRandom(b *testing.B) {
	for _, n := range []int{10_000, 100_000, 1_000_000} {
		build := func() *ir.Graph { return bigGraph(n, 8, 1) }
		b.Run(fmt.Sprintf("run/nodes=%d", n), func(b *testing.B) {
			benchRun(b, cached(fmt.Sprint("random", n), build), Options{})
		})
		b.Run(fmt.Sprintf("sched/nodes=%d", n), func(b *testing.B) {
			clean := cached(fmt.Sprint("random-dce", n), func() *ir.Graph { return Run(build(), Options{NoCompact: true}).Graph() })
			benchRun(b, clean, Options{NoDCE: true})
		})
	}
}

// BenchmarkChain runs Run on loops nested 1000 deep with 10^4 and 10^5
// nodes; "sched" as for BenchmarkRandom.
func BenchmarkChain(b *testing.B) {
	for _, n := range []int{10_000, 100_000} {
		build := func() *ir.Graph { return chainGraph(n, 1000) }
		b.Run(fmt.Sprintf("run/nodes=%d", n), func(b *testing.B) {
			benchRun(b, cached(fmt.Sprint("chain", n), build), Options{})
		})
		b.Run(fmt.Sprintf("sched/nodes=%d", n), func(b *testing.B) {
			clean := cached(fmt.Sprint("chain-dce", n), func() *ir.Graph { return Run(build(), Options{NoCompact: true}).Graph() })
			benchRun(b, clean, Options{NoDCE: true})
		})
	}
}

// TestBenchGraphsValid schedules smaller versions of the benchmark graphs
// and verifies them.
func TestBenchGraphsValid(t *testing.T) {
	for _, g := range []*ir.Graph{bigGraph(20_000, 8, 2), chainGraph(3000, 100)} {
		if err := Verify(Run(g, Options{})); err != nil {
			t.Fatal(err)
		}
	}
}
