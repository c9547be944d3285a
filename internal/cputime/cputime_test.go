package cputime

import (
	"testing"
	"time"
)

// A busy loop uses CPU time: 10 ms of it within 10 s of wall-clock time,
// however loaded the machine is.
func TestUsedCountsBusyTime(t *testing.T) {
	start := Used()
	deadline := time.Now().Add(10 * time.Second)
	for Used()-start < 10*time.Millisecond {
		if time.Now().After(deadline) {
			t.Fatalf("10 s of busy loop used %v of CPU time", Used()-start)
		}
	}
}

// Sleeping uses (almost) no CPU time.
func TestUsedIgnoresSleep(t *testing.T) {
	start := Used()
	time.Sleep(50 * time.Millisecond)
	if d := Used() - start; d > 25*time.Millisecond {
		t.Errorf("50 ms of sleep used %v of CPU time", d)
	}
}
