// Package kernels takes and returns slices of structs of Reps: they stay
// arrays of structs at the boundary, the caller's memory, so writes are
// seen by the caller (also before a panic), and two parameters sharing
// an array see each other's writes.
package kernels

import (
	"fmt"

	"github.com/lmsgen/lmsgen/stage"
)

type Complex struct{ Re, Im stage.Float64 }

// Pair nests a struct and mixes sizes (Go's layout has padding).
type Pair struct {
	K stage.Int8
	C Complex
	N stage.Int32
}

// AoSScale scales every element in place and returns their sum: the
// caller sees the writes.
//
//lms:gen AoSScale
func aosScale(xs []Complex, f stage.Float64) stage.Float64 {
	s := stage.Float64(0)
	for i := range xs {
		xs[i].Re *= f
		xs[i].Im = xs[i].Im - f
		s += xs[i].Re + xs[i].Im
	}
	return s
}

// AoSPanic writes elements up to k, which may be out of range: the
// writes before the panic are seen by the caller.
//
//lms:gen AoSPanic
//lms:test k=0..12
func aosPanic(xs []Complex, k stage.Int) {
	for i := stage.Int(0); i <= k; i++ {
		xs[i] = Complex{stage.Float64(i), xs[i].Re}
	}
}

// AoSSub sub-slices a parameter, and swaps whole elements and nested
// fields; it returns a sub-slice of it.
//
//lms:gen AoSSub
//lms:test lo=0..6 hi=0..9
func aosSub(ps []Pair, lo, hi stage.Int) []Pair {
	if lo > hi || hi > stage.Int(cap(ps)) {
		return nil
	}
	q := ps[lo:hi]
	for i := 1; i < len(q); i += 2 {
		q[i], q[i-1] = q[i-1], q[i]
		q[i].C.Re += stage.Float64(q[i].K)
		q[i].N++
	}
	return q[:len(q):len(q)]
}

// AoSAlias copies src into dst element by element, from the front: when
// the caller passes overlapping slices of one array the writes through
// dst are read through src, as in Go.
//
//lms:gen AoSAlias
func aosAlias(dst, src []Complex) stage.Int {
	n := min(len(dst), len(src))
	for i := 0; i < n; i++ {
		dst[i] = src[i]
		dst[i].Im += 1
	}
	return stage.Int(n)
}

// AoSCopy copies one parameter into the other (Go's copy: overlapping
// arrays copy as memmove) and compares a parameter with nil.
//
//lms:gen AoSCopy
func aosCopy(dst, src []Complex) stage.Int {
	n := stage.Int(copy(dst, src))
	if src == nil {
		n += 100
	}
	if dst != nil {
		n += 1000
	}
	return n
}

// AoSPtr writes through pointers to an element and to its field, and
// copies an element into a local struct that a staged loop changes.
//
//lms:gen AoSPtr
//lms:test i=0..6 n=0..8
func aosPtr(xs []Complex, i, n stage.Int) stage.Float64 {
	p := &xs[i]
	p.Re = 3
	q := &p.Im
	*q += 1
	c := xs[0]
	for k := stage.Int(1); k < n && k < stage.Int(len(xs)); k++ {
		c.Re += xs[k].Im
	}
	return p.Re + *q + c.Re
}

// AoSAppend appends to a parameter: when the new elements fit in its
// capacity they are written into the caller's array (seen by the caller),
// else Go's append reallocates with gc's capacity.
//
//lms:gen AoSAppend
func aosAppend(xs []Complex, x stage.Float64) []Complex {
	ys := append(xs, Complex{x, -x})
	ys[0].Re += 1
	return append(ys, Complex{x, 2}, Complex{3, x})
}

// AoSAppendParams appends one parameter to the other (a memmove when
// they overlap).
//
//lms:gen AoSAppendParams
func aosAppendParams(xs, ys []Complex) []Complex {
	return append(xs, ys...)
}

// AoSAppendMade appends a parameter to a slice the function makes (split
// per field) and that one to the parameter, and appends a parameter to
// nil.
//
//lms:gen AoSAppendMade
//lms:test n=0..5
func aosAppendMade(xs []Complex, n stage.Int) []Complex {
	m := make([]Complex, n)
	for i := range m {
		m[i].Re = stage.Float64(i)
	}
	zs := append(m, xs...)
	var ws []Complex
	ws = append(ws, xs...)
	if len(ws) > 0 {
		zs[0].Im += ws[0].Re
	}
	return append(xs, zs...)
}

// AoSMade returns a slice the function makes (converted to an array of
// structs at the boundary, with its capacity: the element written past
// its length is the caller's to reslice) or nil.
//
//lms:gen AoSMade
//lms:test n=0..5 c=0..7
func aosMade(n, c stage.Int) []Complex {
	if n > c {
		return nil
	}
	m := make([]Complex, n, c)
	for i := range m {
		m[i].Im = stage.Float64(i) * 2
	}
	if c > 0 {
		m[:c][c-1].Re = 7
	}
	return m
}

// AoSMadeCap returns a slice the function makes, resliced to its
// capacity by the caller's test.
//
//lms:gen AoSMadeCap
//lms:test n=0..5
func aosMadeCap(n stage.Int) stage.Float64 {
	m := aosMade(n, n+2)
	return m[:cap(m)][cap(m)-1].Re
}

// AoSStatic returns a static slice of structs holding Reps.
//
//lms:gen AoSStatic
func aosStatic(x stage.Float64) []Complex {
	s := []Complex{{x, 1}, {2, x}, {3, 3}}
	return s[:2]
}

// AoSCopyIn copies a parameter into a slice the function makes.
//
//lms:gen AoSCopyIn
//lms:test n=0..6
func aosCopyIn(xs []Complex, n stage.Int) stage.Float64 {
	m := make([]Complex, n)
	k := copy(m, xs)
	s := stage.Float64(k)
	for i := range m {
		s += m[i].Re*2 + m[i].Im
	}
	return s
}

// AoSCopyOut copies a slice the function makes into a parameter.
//
//lms:gen AoSCopyOut
//lms:test n=0..6
func aosCopyOut(xs []Complex, n stage.Int) stage.Int {
	m := make([]Complex, n)
	for i := range m {
		m[i] = Complex{stage.Float64(i), 1}
	}
	return stage.Int(copy(xs, m))
}

// AoSMerge merges a parameter with a slice the function makes (split per
// field) across a staged conditional: the merged slice is the caller's
// array after the branch that kept it, so the writes through it reach
// the caller, and a new array (the made slice converted) after the
// other, which the caller never sees.
//
//lms:gen AoSMerge
//lms:test n=0..5
func aosMerge(xs []Complex, n stage.Int) stage.Float64 {
	s := xs
	if n > 2 {
		s = make([]Complex, n, n+1)
		s[1].Im = 3
	}
	for i := range s {
		s[i].Re += stage.Float64(i)
	}
	s = append(s, Complex{1, 2})
	return s[0].Re + s[1].Im*10 + s[len(s)-1].Im + s[len(s)-2].Im + stage.Float64(cap(s))
}

// AoSMergeElse merges the other way round (the made slice, resliced,
// after the else branch) and returns the merged slice.
//
//lms:gen AoSMergeElse
//lms:test n=0..5
func aosMergeElse(xs []Complex, n stage.Int) []Complex {
	var s []Complex
	if n < 2 {
		s = xs[n:]
	} else {
		m := make([]Complex, n)
		m[0] = Complex{stage.Float64(n), 1}
		m[1].Re = 4
		s = m[1:]
	}
	if len(s) > 0 {
		s[0].Im = 9
	}
	return s
}

// sum is a staged function over a []Complex, called with a parameter
// of the generated function (an array of structs) and with a slice it
// makes (split per field).
//
//lms:fun
func sum(cs []Complex, k stage.Float64) stage.Float64 {
	s := stage.Float64(0)
	for i := range cs {
		cs[i].Im += k
		s += cs[i].Re * cs[i].Im
	}
	return s
}

// tail writes through a []Complex and returns a sub-slice of it.
//
//lms:fun
func tail(cs []Complex) []Complex {
	cs[0].Re *= 2
	return cs[1:]
}

//lms:gen AoSFun
//lms:test n=0..5
func aosFun(xs []Complex, n stage.Int) stage.Float64 {
	m := make([]Complex, n)
	for i := range m {
		m[i].Re = stage.Float64(i)
	}
	a := sum(xs, 1.5)
	b := sum(m, 2)
	c := sum(xs[1:], 0.5)
	return a + b*10 + c*100
}

//lms:gen AoSFunResult
//lms:test n=0..5
func aosFunResult(xs []Complex, n stage.Int) stage.Float64 {
	m := make([]Complex, n)
	t := tail(m)
	u := tail(xs)
	return stage.Float64(len(t)) + u[0].Re + t[0].Re
}

// AoSLoopMerge merges a parameter with slices the function makes (split
// per field) across a staged loop: the loop's variable is the caller's
// array on entry, written through (the caller sees it) in the first
// iteration, then a new array (each made slice converted at the end of
// its iteration), which the caller never sees.
//
//lms:gen AoSLoopMerge
//lms:test n=0..5
func aosLoopMerge(xs []Complex, n stage.Int) stage.Float64 {
	s := xs
	for i := stage.Int(0); i < n; i++ {
		if len(s) > 0 {
			s[0].Im += stage.Float64(i) + 1
		}
		s = make([]Complex, i+1, i+3)
		s[i].Re = stage.Float64(i)
	}
	t := stage.Float64(cap(s))
	for i := range s {
		t += s[i].Re*3 + s[i].Im
	}
	return t
}

// AoSLoopRange is AoSLoopMerge with a range over a Rep int (a loop
// tested at the top, its variables assigned at the end of the body), the
// made slice appended to before it is assigned, and the capacity past
// the length written and read back.
//
//lms:gen AoSLoopRange
//lms:test n=0..5
func aosLoopRange(xs []Complex, n stage.Int) stage.Float64 {
	s := xs
	for i := range n {
		if len(s) > 1 {
			s[1].Re -= 1
		}
		m := make([]Complex, i, i+2)
		m = append(m, Complex{stage.Float64(i), 2})
		m[0].Re += 0.5
		m[:i+2][i+1].Im = 7
		s = m
	}
	t := stage.Float64(cap(s) * 100)
	if cap(s) > len(s) {
		t += s[:len(s)+1][len(s)].Im
	}
	for i := range s {
		t += s[i].Re*3 + s[i].Im
	}
	return t
}

// AoSLoopCond merges the two kinds in a conditional inside a staged
// loop, appends to the merged slice and returns it: the caller's array
// while the appends fit in it.
//
//lms:gen AoSLoopCond
//lms:test n=0..6
func aosLoopCond(xs []Complex, n stage.Int) []Complex {
	s := xs
	for i := stage.Int(0); i < n; i++ {
		if i%3 == 1 {
			s = make([]Complex, i)
		}
		s = append(s, Complex{stage.Float64(i), -1})
		s[0].Re += 1
	}
	return s
}

// AoSLoopBreak leaves the loop by a break (the general form): the made
// slice is converted at the back edge only; the exit keeps the last one.
//
//lms:gen AoSLoopBreak
//lms:test n=0..6
func aosLoopBreak(xs []Complex, n stage.Int) []Complex {
	s := xs
	for i := stage.Int(0); i < n+3; i++ {
		if i >= n {
			break
		}
		m := make([]Complex, i+1)
		m[i] = Complex{stage.Float64(i), stage.Float64(n)}
		s = m
	}
	return s
}

// AoSRangeUnused merges the caller's slice with slices the function makes
// across a range over a Rep int whose variable is not used (go/ssa has no
// header phi for the counter: the loop is `if n > 0 { loop }`), one of
// them static (materialized as a split slice, converted at the back edge).
//
//lms:gen AoSRangeUnused
//lms:test n=0..5
func aosRangeUnused(xs []Complex, n stage.Int) stage.Float64 {
	s := xs
	for range n {
		if len(s) > 1 {
			s[1].Re -= 1
		}
		m := make([]Complex, len(s), len(s)+2)
		m = append(m, Complex{stage.Float64(len(s)), 2})
		s = m
	}
	u := xs
	for range n {
		m := make([]Complex, 2, 3)
		m[0].Re = stage.Float64(len(u))
		u = m
	}
	t := stage.Float64(cap(s)*100 + cap(u)*1000)
	for i := range s {
		t += s[i].Re*3 + s[i].Im
	}
	for i := range u {
		t += u[i].Re*5 + u[i].Im
	}
	return t
}

// AoSRangeNotRead assigns the caller's slice and made ones to variables
// the loop's body does not read: go/ssa merges them after the loop only
// (no header phi), and the made slice is converted where it leaves the
// loop.
//
//lms:gen AoSRangeNotRead
//lms:test n=0..5
func aosRangeNotRead(xs []Complex, n stage.Int) []Complex {
	s := xs
	u := make([]Complex, 1)
	for range n {
		m := make([]Complex, n, n+1)
		m[n-1].Re = 2
		s = m
		v := make([]Complex, n+1)
		v[0].Im = stage.Float64(n)
		u = v
	}
	s = append(s, u...)
	return s
}

// AoSAppendStatic appends a parameter to a static slice with room for
// more (was refused): the static slice is materialized as a split slice,
// the append writes into its arrays while the elements fit, and u,
// sharing them, sees the appended elements, as in Go.
//
//lms:gen AoSAppendStatic
//lms:test n=0..5
func aosAppendStatic(xs []Complex, n stage.Int) stage.Float64 {
	st := make([]Complex, 1, 3)
	st[0].Im = 2
	u := st[:3]
	st = append(st, xs...)
	st[0].Re = stage.Float64(n)
	t := stage.Float64(len(st)*100+cap(st)*1000) + u[0].Re
	for i := range st {
		t += st[i].Re*3 + st[i].Im
	}
	return t + u[1].Re*7 + u[2].Im*11
}

var table = []Complex{{1, 2}, {3, 4}, {5, 6}}

// AoSCopyStatic copies a static slice (a package-level table, read only)
// into a parameter, and a parameter into a static slice u shares (was
// refused): the table is read as it is now, the static destination is
// materialized, so u sees the copied elements.
//
//lms:gen AoSCopyStatic
//lms:test n=0..5
func aosCopyStatic(xs []Complex, n stage.Int) stage.Float64 {
	st := make([]Complex, 4)
	st[3].Re = 8
	u := st[1:]
	k := copy(st, xs)
	t := stage.Float64(k*100) + u[0].Re + u[1].Im*3 + u[2].Re*5
	t += stage.Float64(copy(xs, table[1:]))
	table2 := []Complex{{stage.Float64(n), 1}}
	t += stage.Float64(copy(xs[min(n, stage.Int(len(xs))):], table2) * 1000)
	return t + st[0].Re
}

// AoSPrint prints a parameter (the caller's array of structs; was refused
// in C) with Println and Printf's %v, in Go's format, and a split slice
// beside it: a staged loop gathers each element's fields.
//
//lms:gen AoSPrint
//lms:test n=0..3
func aosPrint(xs []Pair, n stage.Int) stage.Int {
	fmt.Println(xs, n)
	m := make([]Pair, n)
	for i := range m {
		m[i].C.Im = stage.Float64(i) / 3
	}
	fmt.Printf("%v|%v|%v\n", xs[min(n, stage.Int(len(xs))):], m, n)
	fmt.Print(xs)
	return n
}
