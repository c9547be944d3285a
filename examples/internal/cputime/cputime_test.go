package cputime

import (
	"testing"
	"time"
)

// A busy loop uses CPU time: 10 ms of it within 10 s of wall-clock time,
// however loaded the machine is.
func TestUsedCountsBusyTime(t *testing.T) {
	start := used()
	deadline := time.Now().Add(10 * time.Second)
	for used()-start < 10*time.Millisecond {
		if time.Now().After(deadline) {
			t.Fatalf("10 s of busy loop used %v of CPU time", used()-start)
		}
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
