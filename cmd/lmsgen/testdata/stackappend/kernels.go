// Package kernels appends to empty slices whose result does not escape:
// gc gives the first such append a 32-byte stack array (cap 32/size), so
// cap() and a full slice expression up to it must be the same in the
// generated Go and C as in the staging function (cgen/stackappend.go).
package kernels

import (
	"fmt"

	"github.com/lmsgen/lmsgen/stage"
)

// The slices are parameters (or made from them), so that their appends
// are staged: the static evaluator appends to a static slice with
// growslice's capacity.

// StkBytes appends one byte to an empty slice: cap 32, not growslice's 8.
//
//lms:gen StkBytes
//lms:test xs.len=0..2
func stkBytes(n stage.Int, xs []stage.Uint8) stage.Int {
	xs = xs[:0:0]
	xs = append(xs, stage.Uint8(n))
	return stage.Int(cap(xs))*100 + stage.Int(xs[0])
}

// StkInt16 appends to a slice resliced to capacity 0 (empty, not nil).
//
//lms:gen StkInt16
func stkInt16(n stage.Int) stage.Int {
	xs := make([]stage.Int16, n&1)
	xs = xs[:0:0]
	xs = append(xs, stage.Int16(n), 7)
	return stage.Int(cap(xs))
}

// StkFull is seed 5580's F57a: two uintptrs appended to a parameter that
// may be empty, then a full slice expression up to 3, within the stack
// array's capacity 4 but not growslice's 2.
//
//lms:gen StkFull
//lms:test xs.len=0..2
func stkFull(a stage.Uint64, xs []stage.Uintptr) stage.Uint64 {
	xs = append(xs, stage.Uintptr(len(xs)), stage.Uintptr(8)&stage.Uintptr(a))
	ys := xs[0:3:3]
	return a ^ stage.Uint64(ys[2]) ^ stage.Uint64(cap(xs))
}

// StkLoop appends in a staged loop: the first growth takes the stack
// array (4 ints), the later ones grow from it as growslice does.
//
//lms:gen StkLoop
//lms:test n=0..40
func stkLoop(n stage.Int) stage.Int {
	var xs []stage.Int
	h := stage.Int(0)
	for i := stage.Int(0); i < n; i++ {
		xs = append(xs, i)
		h = h*31 + stage.Int(cap(xs))
	}
	return h
}

// StkReset empties the slice in every round: only the first round's
// append takes the stack array (once per call), the others call
// growslice.
//
//lms:gen StkReset
//lms:test n=0..10
func stkReset(n stage.Int) stage.Int {
	xs := make([]stage.Int32, 0)
	h := stage.Int(0)
	for i := stage.Int(0); i < n; i++ {
		xs = xs[:0:0]
		xs = append(xs, stage.Int32(i))
		h = h*31 + stage.Int(cap(xs))
	}
	return h
}

// StkUnrolled appends in a loop unrolled at staging time, to strings (16
// bytes, a stack array of 2) and complex numbers (16 bytes).
//
//lms:gen StkUnrolled
//lms:test zs.len=0..1
func stkUnrolled(s stage.String, c stage.Complex128, zs []stage.Complex128) stage.Int {
	xs := make([]stage.String, len(zs))[:0:0]
	zs = zs[:0:0]
	h := stage.Int(0)
	for i := 0; i < 3; i++ {
		xs = append(xs, s)
		zs = append(zs, c)
		h = h*31 + stage.Int(cap(xs))*7 + stage.Int(cap(zs))
	}
	return h + stage.Int(len(xs[0]))
}

// StkTooMany appends more values at once than the stack array holds
// (3 strings, 2 fit): growslice.
//
//lms:gen StkTooMany
func stkTooMany(s stage.String) stage.Int {
	xs := make([]stage.String, len(s)&1)[:0:0]
	xs = append(xs, s, s, s)
	return stage.Int(cap(xs))
}

// StkBranches appends to the same slice in both branches: gc gives the
// array to the first append of an expression only (the then branch).
//
//lms:gen StkBranches
//lms:test xs.len=0..1
func stkBranches(n stage.Int, xs []stage.Int) stage.Int {
	if n > 0 {
		xs = append(xs, n)
	} else {
		xs = append(xs, -n)
	}
	return stage.Int(cap(xs))
}

// StkEscapes prints the slice with fmt, which makes it escape: growslice's
// capacity.
//
//lms:gen StkEscapes
//lms:test xs.len=0..1
func stkEscapes(n stage.Int, xs []stage.Int) stage.Int {
	xs = xs[:0:0]
	xs = append(xs, n)
	fmt.Println(xs)
	return stage.Int(cap(xs))
}

// StkResult returns the slice: it escapes, so growslice's capacity.
//
//lms:gen StkResult
//lms:test xs.len=0..1
func stkResult(n stage.Int, xs []stage.Int) []stage.Int {
	xs = xs[:0:0]
	xs = append(xs, n)
	return xs[:cap(xs)]
}

// StkLoopEscapes appends in a staged loop to a slice printed with fmt
// after it: the slice held in the loop's variable escapes, so growslice's
// capacities.
//
//lms:gen StkLoopEscapes
//lms:test n=0..12
func stkLoopEscapes(n stage.Int) stage.Int {
	xs := make([]stage.Int, n&1)[:0:0]
	h := stage.Int(0)
	for i := stage.Int(0); i < n; i++ {
		xs = append(xs, i)
		h = h*31 + stage.Int(cap(xs))
	}
	fmt.Println(len(xs) > 0, xs)
	return h
}

// StkClaimed appends five ints (more than the 4 of the stack array) to
// xs, then one: gc gives the array to the first append of xs only, which
// cannot take it, so the second calls growslice.
//
//lms:gen StkClaimed
//lms:test xs.len=0..1
func stkClaimed(n stage.Int, xs []stage.Int) stage.Int {
	xs = xs[:0:0]
	ys := append(xs, n, n, n, n, n)
	zs := append(xs, n)
	return stage.Int(cap(zs))*100 + stage.Int(cap(ys)) + ys[4] + zs[0]
}
