// Package cgen emits C11 with Go's semantics for lmsgen's kernels, and the
// cgo bridge that lets Go call them.
//
// Every generated C file starts with the runtime prelude returned by
// [Runtime]: Go's integer, float and complex arithmetic, panics, strings,
// slices and fmt-compatible printing, written in C so that generated code
// behaves as gc's code does on linux/amd64 and needs no library.
package cgen

import _ "embed"

//go:embed runtime.h
var runtimeH string

// Runtime returns the C runtime prelude that every generated C file
// contains. Its API is documented in the comments of runtime.h.
func Runtime() string {
	return runtimeH
}
