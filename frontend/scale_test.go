package frontend

import (
	"runtime"
	"testing"
	"time"

	"github.com/lmsgen/lmsgen/cgen"
	"github.com/lmsgen/lmsgen/gogen"
	"github.com/lmsgen/lmsgen/internal/cputime"
	"github.com/lmsgen/lmsgen/ir"
	"github.com/lmsgen/lmsgen/sched"
	"golang.org/x/tools/go/ssa"
)

// BenchmarkGenerate generates code end to end from a loaded package: it
// evaluates a specialization, schedules its graph and writes it as Go
// (lang=go, gofmt'd) or C (lang=c), for three shapes of about 10^3, 10^4
// and 10^5 nodes (testdata/bench/scale.txtar): a flat reduction (dot),
// a fully unrolled FFT (fft) and a deep Horner expression (horner).
// Loading the package (go list, type checking, SSA) is a cost per
// package, not per node: BenchmarkLoad measures it.
//
// Besides the time per generation it reports, per graph node, the
// wall-clock time (ns/node), the CPU time of the process (cpu-ns/node:
// user and system, all threads, the collector included, which a loaded
// machine disturbs less) and the bytes allocated (B/node).
func BenchmarkGenerate(b *testing.B) {
	l, lp, funs, budgets := scaleFixture(b)
	shapes := []struct{ shape, prefix string }{{"dot", "Dot"}, {"fft", "FFT"}, {"horner", "Horner"}}
	for _, lang := range []string{"go", "c"} {
		for _, sh := range shapes {
			for _, size := range []string{"1e3", "1e4", "1e5"} {
				d := scaleDirective(b, lp, sh.prefix+size)
				b.Run("lang="+lang+"/shape="+sh.shape+"/nodes="+size, func(b *testing.B) {
					nodes := 0
					m := startMeter()
					for b.Loop() {
						spec, eerr := l.evaluate(lp, d, budgets, funs, false)
						if eerr != nil {
							b.Fatal(eerr)
						}
						nodes = len(spec.Graph.Nodes)
						s := sched.Run(ir.DCE(spec.Graph), sched.Options{NoDCE: true})
						var err error
						if lang == "go" {
							_, err = gogen.File("scale", []gogen.Func{{Name: spec.Name, Schedule: s}}, gogen.Options{})
						} else {
							_, _, err = cgen.File("scale", []cgen.Func{{Name: spec.Name, Schedule: s}}, cgen.Options{})
						}
						if err != nil {
							b.Fatal(err)
						}
					}
					m.report(b, nodes)
				})
			}
		}
	}
}

// scaleFixture loads the package of the scale kernels.
func scaleFixture(tb testing.TB) (*loaded, *loadedPkg, map[*ssa.Function]bool, Budgets) {
	a := extract(tb, "testdata/bench/scale.txtar")
	l, errs := load(Config{Dir: a.dir})
	if len(errs) > 0 {
		tb.Fatal(errs)
	}
	return l, l.pkgs[0], l.lmsFuns(), Budgets{}.withDefaults()
}

// scaleDirective returns the directive of the scale kernel name.
func scaleDirective(tb testing.TB, lp *loadedPkg, name string) *genDirective {
	for _, g := range lp.dirs.gens {
		if g.name == name {
			return g
		}
	}
	tb.Fatalf("no directive %s", name)
	return nil
}

// BenchmarkLoad measures the cost per package of generation: go list,
// type checking and building the SSA of a small package of staging code
// (and of the packages it imports).
func BenchmarkLoad(b *testing.B) {
	a := extract(b, "testdata/bench/scale.txtar")
	m := startMeter()
	for b.Loop() {
		if _, errs := load(Config{Dir: a.dir}); len(errs) > 0 {
			b.Fatal(errs)
		}
	}
	m.report(b, 0)
}

// meter measures the CPU time and the bytes allocated by a benchmark's
// loop.
type meter struct {
	cpu   time.Duration
	alloc uint64
	start time.Time
}

func startMeter() meter {
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	return meter{cpu: cputime.Used(), alloc: ms.TotalAlloc, start: time.Now()}
}

// report reports the CPU time per operation and, for nodes > 0, the wall
// clock time, the CPU time and the bytes allocated per node.
func (m meter) report(b *testing.B, nodes int) {
	if b.N == 0 {
		return
	}
	wall, cpu := time.Since(m.start), cputime.Used()-m.cpu
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	ops := float64(b.N)
	b.ReportMetric(float64(cpu.Nanoseconds())/ops, "cpu-ns/op")
	if nodes > 0 {
		per := ops * float64(nodes)
		b.ReportMetric(float64(nodes), "nodes")
		b.ReportMetric(float64(wall.Nanoseconds())/per, "ns/node")
		b.ReportMetric(float64(cpu.Nanoseconds())/per, "cpu-ns/node")
		b.ReportMetric(float64(ms.TotalAlloc-m.alloc)/per, "B/node")
	}
}
