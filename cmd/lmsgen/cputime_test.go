package main

import (
	"syscall"
	"time"
)

// processCPU returns the user and system CPU time the process has used
// (0 where getrusage fails).
func processCPU() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
