//go:build cgo

// Tests and benchmarks of the generated C code through its cgo bridge
// (lmsc/, which imports this package for Lineitem: hence package
// query_test).

package query_test

import (
	"testing"

	"github.com/lmsgen/lmsgen/examples/query"
	"github.com/lmsgen/lmsgen/examples/query/lmsc"
)

var genC = query.Kernels{Lang: "C", Q6: lmsc.Q6, Q1: lmsc.Q1}

func TestGeneratedC(t *testing.T) { query.CheckKernels(t, genC) }

func BenchmarkGenCQ6(b *testing.B) { query.BenchQ6(b, lmsc.Q6) }
func BenchmarkGenCQ1(b *testing.B) { query.BenchQ1(b, lmsc.Q1) }
