package frontend

import (
	"golang.org/x/tools/go/ssa"

	"github.com/lmsgen/lmsgen/ir"
)

// This file stages package bytes's searches and comparisons of Rep byte
// slices (the output of a command the generated code ran:
// `bytes.Contains(out, []byte("syntax error:"))`). Their source reads
// internal/bytealg's MaxLen, a variable gc sets from the CPU's features,
// without source here, so they are calls of the generated code as a
// whole. A call taking a slice is a call with effects for the graph
// (ir.Builder.Call: it reads the slices' memory, in order with the
// code's writes of them), though these only read. With static
// arguments they stay natives (natives.go).

// bytesReads are the functions, by full name.
var bytesReads = map[string]bool{
	"bytes.Contains": true, "bytes.ContainsAny": true, "bytes.ContainsRune": true,
	"bytes.Count": true, "bytes.Equal": true, "bytes.Compare": true,
	"bytes.HasPrefix": true, "bytes.HasSuffix": true, "bytes.Index": true,
	"bytes.IndexByte": true, "bytes.IndexRune": true, "bytes.IndexAny": true,
	"bytes.LastIndex": true, "bytes.LastIndexByte": true, "bytes.EqualFold": true,
}

// bytesCall stages a function of bytesReads with a Rep argument; ok is
// false for any other call.
func (fr *frame) bytesCall(name string, fn *ssa.Function, args []value) (value, bool) {
	if !bytesReads[name] || !fr.ev.calling {
		return nil, false
	}
	return fr.repLibCall(ir.Callee{Pkg: "bytes", Name: fn.Name()}, name, fn, args)
}
