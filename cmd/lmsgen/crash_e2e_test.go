package main

import "testing"

// TestCrashRegressions: programs on which the random staging-program
// generator (internal/rpg) made lmsgen panic, reduced, generate Go and C
// that agree with the staging functions (testdata/crash*/kernels.go says
// what each broke).
func TestCrashRegressions(t *testing.T) {
	t.Parallel()
	for _, name := range []string{"crashsplit", "crashdce"} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			generateDiffTested(t, name)
		})
	}
}
