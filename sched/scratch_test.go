package sched

import (
	"math/rand/v2"
	"sync"
	"testing"

	"github.com/lmsgen/lmsgen/ir"
)

// TestRunReuse: a Run schedules a graph the same whatever the Runs before
// it left in the pools (scratch arrays, ir's Flat arrays and DCE marks):
// graphs of many sizes scheduled in one order, then in the reverse order
// on two goroutines at once (each Run takes arrays another gave back, of
// another size and full of its entries), give the same schedules.
func TestRunReuse(t *testing.T) {
	var gs []*ir.Graph
	for seed := uint64(0); seed < 60; seed++ {
		gs = append(gs, randomGraph(rand.New(rand.NewPCG(seed, 9)), shape(seed)))
	}
	gs = append(gs, bigGraph(20_000, 8, 4), bigGraph(3_000, 8, 5))
	want := make([]string, len(gs))
	for i, g := range gs {
		want[i] = Run(g, Options{}).String()
	}
	var wg sync.WaitGroup
	for w := range 2 {
		wg.Go(func() {
			for i := len(gs) - 1 - w; i >= 0; i -= 2 {
				if got := Run(gs[i], Options{}).String(); got != want[i] {
					t.Errorf("graph %d: scheduled after others\n%s\nfirst scheduled\n%s", i, got, want[i])
					return
				}
			}
		})
	}
	wg.Wait()
}
