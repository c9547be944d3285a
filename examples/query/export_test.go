package query

// Internals for the tests of package query_test (genc_test.go, which
// imports lmsc, which imports this package).

type Kernels = kernels

var (
	CheckKernels = checkKernels
	BenchQ6      = benchQ6
	BenchQ1      = benchQ1
)
