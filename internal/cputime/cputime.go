// Package cputime measures the CPU time (user and system, all threads) the
// process has used. Benchmarks report it beside the wall-clock time: on a
// machine shared with other jobs, the time a benchmark waits for a CPU
// inflates the wall time but not the CPU time.
package cputime

import "time"

// Used returns the CPU time the process has used so far, or 0 where the
// system does not say (the metric is then 0).
func Used() time.Duration { return used() }
