package main

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// TestRunKernelTimeLimit: compare stops a specialization's test that does
// not end, with the processes it started, and its row says why; what the
// test printed before still counts.
func TestRunKernelTimeLimit(t *testing.T) {
	dir := t.TempDir()
	bin := filepath.Join(dir, "fake.test")
	script := "#!/bin/sh\necho 'lms: K tried=3 mismatches=0 completed=3'\nsleep 60 &\nsleep 60\n"
	require.NoError(t, os.WriteFile(bin, []byte(script), 0o755))
	defer func(l time.Duration) { kernelLimit = l }(kernelLimit)
	kernelLimit = 300 * time.Millisecond
	out, err := runKernel(&config{count: 1}, dir, bin, "K")
	require.ErrorIs(t, err, context.DeadlineExceeded)
	r := &row{Name: "K"}
	require.False(t, scanKernel(r, "K", out, err, false))
	require.Equal(t, "time limit (300ms)", r.Stopped)
	require.True(t, r.Failed)
	require.Equal(t, 3, r.Inputs)
	require.Equal(t, 3, r.Completed)
}

// TestScanKernel: the reasons a row gives for stopping short.
func TestScanKernel(t *testing.T) {
	r := &row{Name: "K"}
	out := "    x_test.go:1: lms: K tried=9 mismatches=0 completed=0 panicked=9\n    x_test.go:1: lms: K tests nothing: only 0 of 9\n--- FAIL: TestLMSK (0.1s)\n"
	require.False(t, scanKernel(r, "K", []byte(out), errors.New("exit status 1"), true))
	require.Equal(t, "tests nothing", r.Stopped)
	require.True(t, r.Failed)
	require.Equal(t, 9, r.CInputs)

	r = &row{Name: "K"}
	out = "panic: runtime error: index out of range [3] with length 3\n"
	require.True(t, scanKernel(r, "K", []byte(out), errors.New("exit status 2"), true))
	require.Equal(t, "crashed", r.Stopped)

	r = &row{Name: "K"}
	out = "    x_test.go:1: lms: K tried=500 mismatches=0 completed=500\n    x_test.go:2: lms: K: no input drawn runs to completion within the work budget: nothing to benchmark\n"
	require.False(t, scanKernel(r, "K", []byte(out), nil, false))
	require.Equal(t, "no input to benchmark", r.Stopped)
	require.False(t, r.Failed)
}
