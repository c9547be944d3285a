// Package cputime reports, in the examples' benchmarks, the CPU time the
// process spent per operation beside the wall-clock time: on a machine
// shared with other jobs, the time a benchmark waits for a CPU inflates
// sec/op but not the CPU time.
package cputime

import (
	"testing"

	"github.com/lmsgen/lmsgen/internal/cputime"
)

// Unit is the unit of the metric: benchstat shows it as a table of its
// own.
const Unit = "cpu-ns/op"

// Report starts the clock and returns the function that stops it and
// reports the CPU time (user and system, all threads of the process) per
// b.N operations. Call it just before the benchmark's loop and defer the
// function it returns:
//
//	defer cputime.Report(b)()
//	for b.Loop() { ... }
func Report(b *testing.B) func() {
	start := cputime.Used()
	return func() {
		if b.N > 0 {
			b.ReportMetric(float64(cputime.Used()-start)/float64(b.N), Unit)
		}
	}
}
