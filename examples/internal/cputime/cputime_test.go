package cputime

import (
	"testing"
	"time"
)

// A busy loop of about 1 ms uses about 1 ms of CPU time.
func TestUsedCountsBusyTime(t *testing.T) {
	start := used()
	for begin := time.Now(); time.Since(begin) < 20*time.Millisecond; {
	}
	if d := used() - start; d < 5*time.Millisecond {
		t.Errorf("20 ms of busy loop used %v of CPU time", d)
	}
}

// Sleeping uses (almost) no CPU time.
func TestUsedIgnoresSleep(t *testing.T) {
	start := used()
	time.Sleep(50 * time.Millisecond)
	if d := used() - start; d > 25*time.Millisecond {
		t.Errorf("50 ms of sleep used %v of CPU time", d)
	}
}
