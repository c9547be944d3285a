// Package kernels holds staged code that a Go or C programmer writes with
// a switch, a break or a return inside a loop, min and max: the output
// must read that way (TestReadable).
package kernels

import (
	"fmt"

	"github.com/lmsgen/lmsgen/stage"
)

// field is one field of the fixed schema: its number and wire type.
type field struct {
	num  int
	wire int // 0: varint, 2: length-delimited (skipped)
}

// varint reads the varint at buf[i:]: its value and its length, or a
// length of 0 when it is truncated or longer than 10 bytes.
func varint(buf []stage.Byte, i stage.Int) (stage.Uint64, stage.Int) {
	v := stage.Uint64(0)
	for k := stage.Int(0); k < 10; k++ {
		if i+k >= stage.Int(len(buf)) {
			return 0, 0
		}
		b := buf[i+k]
		v |= stage.Uint64(b&0x7f) << (7 * k)
		if b < 0x80 {
			return v, k + 1
		}
	}
	return 0, 0
}

// Decode reads the message in buf: the sum of its varint fields
// weighted by field number, and the number of bytes of length-delimited
// fields skipped; -1, -1 for a malformed message.
//
//lms:gen DecodePoint schema=[]field{{1,0},{2,0},{3,2},{5,0}}
func decode(buf []stage.Byte, schema []field) (stage.Uint64, stage.Int) {
	sum, skipped := stage.Uint64(0), stage.Int(0)
	i := stage.Int(0)
next:
	for i < stage.Int(len(buf)) {
		tag, m := varint(buf, i)
		if m == 0 {
			return 0, -1
		}
		i += m
		for _, f := range schema {
			if tag != stage.Uint64(f.num<<3|f.wire) {
				continue
			}
			v, m := varint(buf, i)
			if m == 0 {
				return 0, -1
			}
			i += m
			if f.wire == 2 {
				if v > stage.Uint64(len(buf)) || i+stage.Int(v) > stage.Int(len(buf)) {
					return 0, -1
				}
				i += stage.Int(v)
				skipped += stage.Int(v)
			} else {
				sum += v * stage.Uint64(f.num)
			}
			continue next
		}
		return 0, -1
	}
	return sum, skipped
}

// find returns the index of the first element of xs equal to x, or -1:
// a return from inside a staged loop, a plain return after it.
//
//lms:gen Find
func find(xs []stage.Int, x stage.Int) stage.Int {
	for i := stage.Int(0); i < stage.Int(len(xs)); i++ {
		if xs[i] == x {
			return i
		}
	}
	return -1
}

// firstNeg prints the prefix of xs before its first negative element: a
// break, and a statement after the loop.
//
//lms:gen FirstNeg
func firstNeg(xs []stage.Int) stage.Int {
	n := stage.Int(0)
	for _, x := range xs {
		if x < 0 {
			break
		}
		fmt.Print(x, " ")
		n++
	}
	fmt.Println()
	return n
}

// classify maps a byte to a class by a chain of comparisons on it: a
// switch.
//
//lms:gen Classify
func classify(c stage.Byte) stage.Int {
	r := stage.Int(0)
	if c == ' ' || c == '\t' {
		r = 1
	} else if c == '0' {
		r = 2
	} else if c == '1' {
		r = 3
	} else if c == '+' {
		r = 4
	} else {
		r = 5
	}
	return r
}

// tokens counts the tokens of s up to a ';' that stops it: a switch on
// each byte, but the case that leaves the loop stays an if before it (in
// a switch, its break would leave the switch).
//
//lms:gen Tokens
func tokens(s []stage.Byte) stage.Int {
	n := stage.Int(0)
	for _, c := range s {
		if c == ';' {
			break
		} else if c == ',' {
			n++
		} else if c == '.' {
			n += 2
		}
	}
	fmt.Println(n)
	return n
}

// clampSum adds the elements of xs clamped to [lo, hi], and bounds the sum
// by the shortest of three lengths: Go's min and max builtins (of
// integers), one call of several operands.
//
//lms:gen ClampSum
func clampSum(xs, ys, zs []stage.Int, lo, hi stage.Int) stage.Int {
	s := stage.Int(0)
	for _, x := range xs {
		s += min(max(x, lo), hi)
	}
	return min(s, stage.Int(len(xs)), stage.Int(len(ys)), stage.Int(len(zs)))
}

// minFloat is min of floats: the builtin propagates a NaN and orders -0
// before +0, which the frontend stages as a tree of conditionals; the Go
// output writes the tree as the builtin, the C output keeps it.
//
//lms:gen MinFloat
func minFloat(a, b stage.Float64) stage.Float64 {
	return min(a, b)
}

// heads sums the first m elements of xs, m the shorter length of xs and
// ys: slicing ys to m cannot panic and nobody reads it, so it is left
// out; slicing xs to n may panic and stays.
//
//lms:gen Heads
func heads(xs, ys []stage.Int, n stage.Int) stage.Int {
	m := min(len(xs), len(ys))
	a, b := xs[:m], ys[:m]
	_ = b
	_ = xs[:n]
	s := stage.Int(0)
	for i := 0; i < m; i++ {
		s += a[i]
	}
	return s
}

// pair is a struct of Reps.
type pair struct{ lo, hi stage.Int }

// spread sums the negative and the positive parts of xs in two
// accumulators, the elements of a static slice, through the fields of a
// struct, and adds the sum of squares of a Fill: the locals of the
// generated code are named after the source's variables (acc0 and acc1
// for acc[0] and acc[1], the Fill's index i), none is x<N>.
//
//lms:gen Spread
func spread(xs []stage.Int) stage.Int {
	acc := make([]stage.Int, 2)
	for _, x := range xs {
		p := pair{min(x, 0), max(x, 0)}
		acc[0] += p.lo
		acc[1] -= p.hi
	}
	sq := stage.Sum(stage.Fill(stage.Int(len(xs)), func(i stage.Int) stage.Int { return xs[i] * xs[i] }))
	return acc[0]*acc[1] + sq
}

// rangeKey leaves a range over an int when a Rep grows past a bound: the
// loop's counter is the source's key k; rangeNoKey's, with no key
// variable, is i (not go/ssa's rangeint.iter).
//
//lms:gen RangeKey
func rangeKey(a stage.Int) stage.Int {
	for k := range 3 {
		if a > 10 {
			return a * stage.Int(k)
		}
		a += 5
	}
	return a
}

//lms:gen RangeNoKey
func rangeNoKey(a stage.Int) stage.Int {
	for range 3 {
		if a > 10 {
			return a
		}
		a += 5
	}
	return a
}
