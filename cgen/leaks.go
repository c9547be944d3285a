package cgen

import (
	"fmt"
	"strings"

	"github.com/lmsgen/lmsgen/ir"
)

// This file names, in a comment before a C function, the memory it
// allocates that is not freed where it dies but only when the call of
// the entry point returns (lms_call_end, runtime.h's owner list), beyond
// the makes of its top-level block that escape (leakNote in free.go):
//
//   - a make of a nested block (a loop's body, a branch) that is not
//     freed at the block's end: stored in a variable that outlives the
//     block, or the block's result. Freeing it earlier would need to know
//     which array each variable holds when it is overwritten (a liveness
//     analysis of slices), which cgen does not have;
//   - the new arrays of an append or a grow that reallocates: the old
//     array is freed with its make (if it is), the new ones at the call's
//     end, since other slices may still share the old one and cgen does
//     not track which array a slice holds.
//
// None of this grows across calls: a function called a million times
// takes, at each call, at most what that call allocates, and gives it
// back when the call returns (except what its results point into, which
// the caller releases). The comment tells a user where a call's peak
// memory comes from, so that a long loop inside one call can hoist the
// make or give the slice its final capacity.

// nestedLeakNote returns the comment naming the makes of nested blocks
// of the function (owner's body b) freed only at the call's end and its
// appends and grows, or "".
func (fn *fnGen) nestedLeakNote(b *ir.Block) string {
	var kept, grows []string
	nGrows := 0
	var walk func(b *ir.Block, top bool)
	walk = func(b *ir.Block, top bool) {
		for _, n := range fn.sg.s.Nodes(b) {
			name := fn.sg.names[n.Sym]
			switch n.Op {
			case ir.OpSliceNew:
				if !top && !fn.sg.packed(n) && !fn.freedIn[n.Sym] && !fn.dropped[n.Sym] && name != "" {
					kept = append(kept, name)
				}
			case ir.OpAppend, ir.OpAppendSlice, ir.OpGrow:
				nGrows++
				if name != "" && len(grows) < 8 {
					grows = append(grows, name)
				}
			}
			for _, blk := range n.Blocks {
				if n.Op == ir.OpLambda {
					continue // its own C function, with its own note
				}
				walk(blk, false)
			}
		}
	}
	walk(b, true)
	var sb strings.Builder
	if len(kept) > 0 {
		fmt.Fprintf(&sb, "/* Freed when the call returns, not before: %s, made in a loop's body or a branch and kept after it. */\n", strings.Join(kept, ", "))
	}
	if nGrows > 0 {
		what := fmt.Sprintf("%d appends or grows", nGrows)
		if nGrows == 1 {
			what = "1 append or grow"
		}
		if len(grows) > 0 {
			what += " (" + strings.Join(grows, ", ")
			if len(grows) < nGrows {
				what += ", ..."
			}
			what += ")"
		}
		fmt.Fprintf(&sb, "/* Freed when the call returns, not before: the arrays of %s that reallocate. */\n", what)
	}
	return sb.String()
}
