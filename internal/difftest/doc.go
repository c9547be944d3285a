// Package difftest writes the differential tests of lmsgen -test, and is
// the one differential-test driver of lmsgen's own tests: the frontend's
// test packages, the examples and cmd/lmsgen's end-to-end tests all run
// the file it writes.
//
// File writes <pkg>_lms_test.go: for every specialization, a test that
// draws random inputs (edge values often; small numbers for the inputs
// that may bound a staged loop, loopbound.go; the ranges //lms:test
// sets), calls the generated function and the staging function natively
// on copies of them, and compares results, panics, printed output and
// the slices written in place, within a work budget per input; and a
// benchmark of both. With C output it writes the C sub-package's test
// too, comparing the cgo bridge with the Go specialization, and RefFile
// writes beside it the Go specializations the C test cannot reach.
//
// Files:
//
//	file.go      the test file: header, imports, each specialization, gofmt
//	spec.go      a specialization as the tests see it (from frontend.Spec)
//	inputs.go    lmsInputs<Name> and lmsSize<Name>: drawing inputs, their sizes
//	draw.go      the expressions drawing a value of a parameter
//	test.go      TestLMS<Name>, BenchmarkLMS<Name>, the native call
//	helpers.go   the helpers every test file shares, written verbatim
//	loopbound.go the inputs that may bound a staged loop
//	reffile.go   the C test's copies of unexported Go specializations
package difftest
