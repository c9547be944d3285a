package sched

import (
	"fmt"
	"runtime"
	"testing"
	"time"
)

func TestPhaseTimes(t *testing.T) {
	g := bigGraph(1_000_000, 8, 1)
	runtime.GC()
	best := map[string]time.Duration{}
	var order []string
	for k := 0; k < 5; k++ {
		s := Run(g, Options{})
		for _, x := range s.Timings() {
			if b, ok := best[x.Phase]; !ok || x.Elapsed < b {
				if !ok {
					order = append(order, x.Phase)
				}
				best[x.Phase] = x.Elapsed
			}
		}
	}
	var tot time.Duration
	for _, p := range order {
		fmt.Printf("%s %v  ", p, best[p].Round(time.Millisecond))
		tot += best[p]
	}
	fmt.Println("sum of best", tot.Round(time.Millisecond))
}
