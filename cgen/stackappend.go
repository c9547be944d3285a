package cgen

import (
	"fmt"

	"github.com/lmsgen/lmsgen/ir"
)

// This file gives an append whose result does not escape gc's stack
// buffer, so that cap() after it, and so a full slice expression or a
// reslice up to the capacity, is what the Go code gives.
//
// gc's rule (cmd/compile/internal/ssagen/ssa.go, (*state).append and
// getBackingStoreInfo; Go 1.25 and 1.26, read on go1.26.8): an append of
// a fixed number of values, append(s, v1, ..., vn) (not append(s, t...),
// which walk rewrites first), whose new backing store does not escape
// (escape analysis marks the OAPPEND EscNone), whose result is not
// assigned in place to a variable that cannot be SSA'd, with an element
// type of size 0 < size <= 32 bytes (-d=variablemakethreshold, default
// 32) and optimizations on (not -N), gets a stack array of
// K = 32 / size elements (rounded down; 4 for int, 32 for byte, 1 for
// sizes 17-32). When the append must grow (cap(s) < len(s)+n), it takes
// the array instead of calling growslice if, and only if,
//
//   - len(s)+n <= K (so several values appended at once may not fit),
//   - the array's "used" flag is false: it is set when the array is taken
//     and never reset, so the array is taken at most once per call of the
//     function, in a loop only at the first growth that qualifies, and
//   - len(s) == 0 (an empty slice, nil or not: nothing is copied);
//
// the result is then array[:len(s)+n:K], the array zeroed first. The
// array and its flag belong to the appended expression s, keyed by its
// ir.Node: one per variable (a name), shared by all the appends to it,
// and only the first such append that ssagen compiles (source order)
// tests the flag at all (usedStatic); every other expression (a
// conversion, a slice expression) is its own key.
//
// Go 1.26 adds a second strategy (cmd/compile/internal/slice): a slice
// variable all of whose uses the pass understands (s = nil,
// s = append(s, ...), s = s[i:j] but not s[i:j:k], s[i], len, cap, range,
// passing to a function that does not leak it), that escapes only by one
// return or assignment outside loops, with appends of weight at least 2
// (one in a loop), is moved to the heap there (move2heap) and its appends
// are treated as not escaping; when its capacity is used (cap, slicing)
// they call growsliceBuf instead, which walks the size classes (cap 1, 2,
// 3, 4, 8 for int) rather than doubling (1, 2, 4, 4, 8). Whether it
// applies to a staging function depends also on inlining (inlined into
// its caller, the return is an assignment there). Here an escaping
// append grows like growslice, as the generated Go does (its appends
// assign new variables, xs2 := append(xs1, v), which the pass does not
// take), so cap() of such a slice before it escapes can differ from the
// staging function's.
//
// Here: an append of the function's own body (not of a staged function
// it calls) does not escape if its result, followed through sub-slices,
// appends, grows, variables, tuples and the results of conditionals and
// loops, is only indexed, measured (len, cap, nil), copied from or to
// (also converted to a string), appended from (t...), printed with the builtin print, or appended to:
// not printed with fmt (an interface conversion, which escapes in gc),
// stored in a slice, passed to a function or captured by one, nor the
// function's result. Such an append of elements of 1 to 32 bytes calls
// the support function lmsg_append_stk_<type>, with an array declared at
// the top of the C function and its flag. One array and flag per
// appended expression, keyed by its symbol (for a read of a variable, the
// variable, as gogen writes one Go variable for it), and only the first
// append written for a key takes it, as the first compiled in Go; other
// appends to the same expression call growslice.
//
// Not reproduced: Go 1.26's move2heap strategy above, and appends to a
// static slice, whose capacity the static evaluator decides (frontend).

// maxStackAppend is gc's variable-make threshold, the size in bytes of
// the array of an append that does not escape.
const maxStackAppend = 32

// stackBuf is the stack array an appended expression's first growth may
// take, with its flag (one per C function and appended expression).
type stackBuf struct {
	buf, used string // C names of the array and of its flag
	k         int64  // its length in elements
}

// stackAppends finds the appends of block b, the body of owner (nil for
// the specialization), whose result does not escape and whose element
// size qualifies, and records them in fn.stackApp.
func (fn *fnGen) stackAppends(b *ir.Block, owner *ir.Node) {
	sg := fn.sg
	flows := map[ir.Sym][]ir.Sym{}
	escapes := map[ir.Sym]bool{}
	var appends []*ir.Node
	flow := func(from, to ir.Sym) { flows[from] = append(flows[from], to) }
	var walk func(b *ir.Block, in *ir.Node)
	walk = func(b *ir.Block, in *ir.Node) {
		for _, n := range sg.s.Nodes(b) {
			if n.Op == ir.OpAppend && in == owner && elemSize(n.Type.Elem) > 0 && elemSize(n.Type.Elem) <= maxStackAppend {
				appends = append(appends, n)
			}
			for i, a := range n.Args {
				if !a.IsSym() || !carriesArray(fn.g.TypeOf(a)) {
					// A number read out of a tuple that holds the
					// slice (printed, passed) takes no array along
					// (rpg seed 6300 F73a: printing the number merged
					// with an appended slice made its array escape, so
					// the C grew the slice where Go used the stack).
					continue
				}
				s := a.Sym()
				switch {
				case in != owner:
					escapes[s] = true
				case flowsTo(n.Op, i):
					flow(s, n.Sym)
				case n.Op == ir.OpVarSet && i == 1:
					flow(s, n.Args[0].Sym())
				case n.Op == ir.OpVarSet && i == 0:
				case !stackUse(n.Op, i):
					escapes[s] = true
				}
			}
			for _, blk := range n.Blocks {
				if n.Op == ir.OpLambda {
					walk(blk, n)
					continue
				}
				walk(blk, in)
				if blk.Res.IsSym() {
					flow(blk.Res.Sym(), n.Sym)
				}
			}
		}
	}
	walk(b, owner)
	if b.Res.IsSym() {
		escapes[b.Res.Sym()] = true
	}
	for _, n := range appends {
		if reaches(n.Sym, flows, escapes) {
			continue
		}
		if fn.stackApp == nil {
			fn.stackApp = map[ir.Sym]bool{}
		}
		fn.stackApp[n.Sym] = true
	}
}

// reaches reports whether a symbol flowing from s escapes.
func reaches(s ir.Sym, flows map[ir.Sym][]ir.Sym, escapes map[ir.Sym]bool) bool {
	seen := map[ir.Sym]bool{s: true}
	work := []ir.Sym{s}
	for len(work) > 0 {
		x := work[len(work)-1]
		work = work[:len(work)-1]
		if escapes[x] {
			return true
		}
		for _, y := range flows[x] {
			if !seen[y] {
				seen[y] = true
				work = append(work, y)
			}
		}
	}
	return false
}

// carriesArray reports whether a value of type t may hold a slice's
// array: a slice, a tuple with one, a function (a closure may capture
// one) or a struct.
func carriesArray(t *ir.Type) bool {
	switch t.Kind {
	case ir.KSlice, ir.KFunc, ir.KStruct:
		return true
	case ir.KTuple:
		for _, e := range t.Elems {
			if carriesArray(e) {
				return true
			}
		}
	}
	return false
}

// flowsTo reports whether the result of op may be (or hold) its i-th
// argument: a slice derived from it, a variable initialized with it, a
// read of a variable, a tuple holding it or a component of one.
func flowsTo(op ir.Op, i int) bool {
	switch op {
	case ir.OpSliceSub, ir.OpAppend, ir.OpAppendSlice, ir.OpGrow:
		return i == 0
	case ir.OpVarNew, ir.OpVarGet, ir.OpProj, ir.OpTuple:
		return true
	}
	return false
}

// stackUse reports whether op, given a slice as its i-th argument, keeps
// its array from escaping in gc: it only reads or writes its elements,
// length or capacity, copies it (also to a string), or prints it with the
// builtin print (fmt's printing converts it to an interface, which
// escapes).
func stackUse(op ir.Op, i int) bool {
	switch op {
	case ir.OpSliceLen, ir.OpSliceCap, ir.OpSliceIsNil, ir.OpCopy, ir.OpEprint, ir.OpEprintln, ir.OpConv:
		// OpConv of a slice is string(s), which copies it.
		return true
	case ir.OpSliceGet, ir.OpSliceSet, ir.OpFieldGet, ir.OpFieldSet:
		return i == 0
	case ir.OpAppendSlice:
		return i == 1
	}
	return false
}

// stackAppendBuf returns the stack array append n takes, nil for none:
// the first append written for its appended expression.
// The choice is made once per append, so that writing it again writes it
// the same.
func (fn *fnGen) stackAppendBuf(n *ir.Node) *stackBuf {
	if !fn.stackApp[n.Sym] {
		return nil
	}
	if sb, ok := fn.stackOf[n.Sym]; ok {
		return sb
	}
	sb := fn.chooseStackBuf(n)
	if fn.stackOf == nil {
		fn.stackOf = map[ir.Sym]*stackBuf{}
	}
	fn.stackOf[n.Sym] = sb
	return sb
}

// chooseStackBuf returns a stack array for append n if it is the first
// append written for its appended expression, nil if it is not. The first
// append claims the expression even if it appends more values than the
// array holds (and so can never take it), as in gc.
func (fn *fnGen) chooseStackBuf(n *ir.Node) *stackBuf {
	key := n.Args[0]
	if key.IsSym() {
		if d := fn.g.Def(key.Sym()); d != nil && d.Op == ir.OpVarGet {
			key = d.Args[0]
		}
	}
	if key.IsSym() {
		if fn.claimed[key.Sym()] {
			return nil
		}
		if fn.claimed == nil {
			fn.claimed = map[ir.Sym]bool{}
		}
		fn.claimed[key.Sym()] = true
	}
	k := maxStackAppend / elemSize(n.Type.Elem)
	if int64(len(n.Args)-1) > k {
		return nil
	}
	sb := &stackBuf{buf: fn.sc.fresh("stk"), k: k}
	sb.used = fn.sc.fresh(sb.buf + "_used")
	fn.stackDecls = append(fn.stackDecls,
		fmt.Sprintf("\t%s %s[%d];", fn.fl.ctype(n.Type.Elem), sb.buf, k),
		fmt.Sprintf("\tbool %s = false;", sb.used))
	return sb
}

// elemSize returns unsafe.Sizeof of a value of type t in Go on a 64-bit
// target, 0 if this file does not know it.
func elemSize(t *ir.Type) int64 {
	s, _ := sizeAlign(t)
	return s
}

// sizeAlign returns the size and alignment of t in Go on a 64-bit target
// (0, 1 if unknown).
func sizeAlign(t *ir.Type) (int64, int64) {
	switch t.Kind {
	case ir.KBool, ir.KInt8, ir.KUint8:
		return 1, 1
	case ir.KInt16, ir.KUint16:
		return 2, 2
	case ir.KInt32, ir.KUint32, ir.KFloat32:
		return 4, 4
	case ir.KInt, ir.KInt64, ir.KUint, ir.KUint64, ir.KUintptr, ir.KFloat64:
		return 8, 8
	case ir.KComplex64:
		return 8, 4
	case ir.KComplex128, ir.KString:
		return 16, 8
	case ir.KSlice:
		return 24, 8
	case ir.KStruct:
		off, align := int64(0), int64(1)
		for _, f := range t.Fields {
			s, a := sizeAlign(f.Type)
			if s == 0 {
				return 0, 1
			}
			off = (off + a - 1) / a * a
			off += s
			align = max(align, a)
		}
		return (off + align - 1) / align * align, align
	}
	return 0, 1
}
