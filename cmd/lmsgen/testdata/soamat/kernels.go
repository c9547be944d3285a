// Package kernels uses static slices of structs (their lengths are
// constants) where they must be slices of the generated code: each is
// materialized as one slice per field for good, its cells redirected to
// it, so the static handles (u below) and the split slice alias as in Go.
package kernels

import (
	"fmt"

	"github.com/lmsgen/lmsgen/stage"
)

type Complex struct{ Re, Im stage.Float64 }

type Pair struct {
	K stage.Int8
	C Complex
	N stage.Int32
}

// StructLoop carries a static slice of structs (written, appended to)
// in a staged loop; u shares its first array.
//
//lms:gen StructLoop
//lms:test n=0..5
func structLoop(n stage.Int) stage.Float64 {
	s := make([]Complex, 2)
	u := s
	s[1].Im = 4
	for i := stage.Int(0); i < n; i++ {
		s[0].Re += 1
		s = append(s, Complex{stage.Float64(i), 1})
	}
	t := u[0].Re*100 + u[1].Im
	for i := range s {
		t += s[i].Re + s[i].Im
	}
	return t
}

// StructLoopLit assigns a literal made in a branch inside the loop.
//
//lms:gen StructLoopLit
//lms:test n=0..5
func structLoopLit(n stage.Int, x stage.Float64) stage.Float64 {
	s := []Pair{{K: 1}, {N: 2}}
	for i := stage.Int(0); i < n; i++ {
		if i%2 == 1 {
			s = []Pair{{K: 3, C: Complex{x, 1}}}
		}
		s[0].C.Re += x
	}
	return s[0].C.Re + stage.Float64(s[0].K) + stage.Float64(len(s))
}

// SubDyn slices a static slice of structs with dynamic bounds and
// writes through the sub-slice and the static slice.
//
//lms:gen SubDyn
//lms:test lo=0..3 hi=0..3
func subDyn(lo, hi stage.Int, x stage.Float64) stage.Float64 {
	s := []Complex{{1, 2}, {3, 4}, {5, 6}}
	t := s[lo:hi]
	if len(t) > 0 {
		t[0].Re = x
	}
	s[2].Im += 1
	r := stage.Float64(0)
	for i := range t {
		r += t[i].Re*10 + t[i].Im
	}
	return r + s[0].Re + s[1].Re*100 + s[2].Im*1000
}

// WriteDyn writes a static slice of structs with a Rep index.
//
//lms:gen WriteDyn
//lms:test i=0..3
func writeDyn(i stage.Int, x stage.Float64) stage.Float64 {
	s := []Complex{{1, 2}, {3, 4}, {5, 6}}
	s[i].Re = x
	s[i] = Complex{s[i].Im, s[i].Re}
	return s[0].Re + s[1].Re*10 + s[2].Re*100 + s[0].Im + s[1].Im*3 + s[2].Im*7
}

// MergeStatic merges a static slice of structs with a made one across
// a staged conditional; u shares the static one's array.
//
//lms:gen MergeStatic
//lms:test n=0..4
func mergeStatic(n stage.Int) stage.Float64 {
	s := []Complex{{1, 2}, {3, 4}}
	u := s
	if n > 1 {
		s = make([]Complex, n)
	}
	s[1].Re = 9
	return u[1].Re + s[1].Re*10 + stage.Float64(len(s))
}

// BranchMade merges static slices made in a branch (of float64 and of
// structs) with made ones.
//
//lms:gen BranchMade
//lms:test n=0..4
func branchMade(n stage.Int, x stage.Float64) stage.Float64 {
	var s []stage.Float64
	var c []Complex
	if n > 1 {
		s = make([]stage.Float64, 3)
		s[1] = x
		c = []Complex{{x, 2}}
	} else {
		s = make([]stage.Float64, n)
		c = make([]Complex, n+1)
	}
	r := stage.Float64(len(s) + len(c)*10)
	for i := range s {
		r += s[i] * stage.Float64(i+1)
	}
	c[0].Im += 1
	return r + c[0].Re + c[0].Im*100
}

// SubLoop reads a table of structs through sub-slices with dynamic
// bounds in a staged loop (as FFT reads its twiddles) and writes one
// entry statically after the loop.
//
//lms:gen SubLoop
//lms:test n=0..4
func subLoop(n stage.Int, x stage.Float64) stage.Float64 {
	tw := make([]Complex, 8)
	for k := range tw {
		tw[k] = Complex{stage.Float64(k), stage.Float64(-k)}
	}
	r := stage.Float64(0)
	for row := stage.Int(0); row < n; row++ {
		t := tw[row : row+4]
		for j := range t {
			r += t[j].Re*x - t[j].Im
		}
		t[0].Im = r
	}
	tw[7].Re = r
	return r + tw[0].Im + tw[1].Im*3 + tw[7].Re
}

// AppendDyn appends a slice of structs the function makes (dynamic
// length) to a static one with room for more (was refused): the static
// slice is materialized, the append writes into its array while it
// fits, and u, sharing it, sees the appended elements, as in Go.
//
//lms:gen AppendDyn
//lms:test n=0..6
func appendDyn(n stage.Int) stage.Float64 {
	cs := make([]Complex, n)
	for i := range cs {
		cs[i].Re = stage.Float64(i) + 1
	}
	st := make([]Pair, 1, 4)
	st[0].C.Im = 2
	u := st[:3]
	ps := make([]Pair, n)
	for i := range ps {
		ps[i].C = cs[i]
		ps[i].K = stage.Int8(i)
	}
	st = append(st, ps...)
	st[0].N = 9
	t := stage.Float64(len(st)*100+cap(st)*1000) + stage.Float64(u[0].N)
	for i := range st {
		t += st[i].C.Re*3 + st[i].C.Im + stage.Float64(st[i].K)
	}
	return t + u[1].C.Re*7 + u[2].C.Re*11
}

// CopyMixed copies between a slice the function makes (dynamic length,
// split per field) and static ones (was refused): a static source is read
// as it is now, a static destination is materialized, so u, sharing it,
// sees the copied elements.
//
//lms:gen CopyMixed
//lms:test n=0..6
func copyMixed(n stage.Int) stage.Float64 {
	cs := make([]Complex, n)
	for i := range cs {
		cs[i].Re = stage.Float64(i) + 1
	}
	src := []Complex{{7, 8}, {9, 10}}
	k := copy(cs, src)
	src[0].Re = 100 // after the copy: not seen by cs
	st := make([]Complex, 3)
	u := st[1:]
	k += copy(st, cs) * 10
	t := stage.Float64(k) + u[0].Re + u[1].Im*3 + st[0].Re*5
	for i := range cs {
		t += cs[i].Re*7 + cs[i].Im
	}
	return t
}

// PrintSplit prints slices of structs split per field (was refused) with
// Print, Println and Printf's %v, in Go's format ({} per element,
// nested structs in braces): the fields are gathered per element by a
// staged loop. st is a static slice holding Reps, printed as it is now.
//
//lms:gen PrintSplit
//lms:test n=0..4 x=-3..3
func printSplit(n stage.Int, x stage.Float64) stage.Int {
	cs := make([]Complex, n)
	for i := range cs {
		cs[i] = Complex{stage.Float64(i) / 10, x * 1e20}
	}
	ps := make([]Pair, n)
	for i := range ps {
		ps[i] = Pair{stage.Int8(i) - 2, cs[i], stage.Int32(n)}
	}
	fmt.Print(cs, "|", n, cs, 7, "\n")
	fmt.Println("ps:", ps, len(ps))
	fmt.Printf("%d %v %%v %s\n", n, ps[min(n, 1):], "end")
	st := []Complex{{x, 1}, {2, x / 3}}
	fmt.Println(st, cs[:0])
	return n
}
