// Package kernels holds the kernels of TestReach: staging code that calls
// the standard library (math/bits, strings, unicode, unicode/utf8,
// strconv, slices) and looks static maps up with Rep keys, compared in Go
// and in C with the staging functions run natively.
package kernels

import (
	"math/bits"
	"slices"

	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/lmsgen/lmsgen/stage"
)

var k256 = [64]uint32{
	0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
	0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
	0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
	0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
	0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
	0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
	0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
	0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
}

// Compress is SHA-256's compression function, written with
// bits.RotateLeft32: it updates the state h with one 64-byte block.
//
//lms:gen SHA256Block
//lms:test h.len=8 block.len=64
func Compress(h []stage.Uint32, block []stage.Uint8) {
	var w [64]stage.Uint32
	for i := 0; i < 16; i++ {
		j := i * 4
		w[i] = stage.Uint32(block[j])<<24 | stage.Uint32(block[j+1])<<16 | stage.Uint32(block[j+2])<<8 | stage.Uint32(block[j+3])
	}
	for i := 16; i < 64; i++ {
		v1 := w[i-2]
		t1 := stage.Uint32(bits.RotateLeft32(uint32(v1), -17)) ^ stage.Uint32(bits.RotateLeft32(uint32(v1), -19)) ^ (v1 >> 10)
		v2 := w[i-15]
		t2 := stage.Uint32(bits.RotateLeft32(uint32(v2), -7)) ^ stage.Uint32(bits.RotateLeft32(uint32(v2), -18)) ^ (v2 >> 3)
		w[i] = t1 + w[i-7] + t2 + w[i-16]
	}
	a, b, c, d, e, f, g, hh := h[0], h[1], h[2], h[3], h[4], h[5], h[6], h[7]
	for i := 0; i < 64; i++ {
		t1 := hh + (stage.Uint32(bits.RotateLeft32(uint32(e), -6)) ^ stage.Uint32(bits.RotateLeft32(uint32(e), -11)) ^ stage.Uint32(bits.RotateLeft32(uint32(e), -25))) + ((e & f) ^ (^e & g)) + stage.Uint32(k256[i]) + w[i]
		t2 := (stage.Uint32(bits.RotateLeft32(uint32(a), -2)) ^ stage.Uint32(bits.RotateLeft32(uint32(a), -13)) ^ stage.Uint32(bits.RotateLeft32(uint32(a), -22))) + ((a & b) ^ (a & c) ^ (b & c))
		hh = g
		g = f
		f = e
		e = d + t1
		d = c
		c = b
		b = a
		a = t1 + t2
	}
	h[0] += a
	h[1] += b
	h[2] += c
	h[3] += d
	h[4] += e
	h[5] += f
	h[6] += g
	h[7] += hh
}

// sortSmall sorts 4 Reps: slices.Sort is an insertion sort there, staged
// as it is.
//
//lms:gen SortSmall
//lms:test xs.len=4..6
func sortSmall(xs []stage.Int) []stage.Int {
	ys := []stage.Int{xs[0], xs[1], xs[2], xs[3]}
	slices.Sort(ys)
	return ys
}

// sortNet sorts 16 Reps: a sorting network.
//
//lms:gen SortNet
//lms:test xs.elem=-20..20
func sortNet(xs []stage.Int) []stage.Int {
	ys := make([]stage.Int, 16)
	copy(ys, xs)
	slices.Sort(ys)
	return ys
}

// sortStrings sorts 13 strings, some static: a sorting network.
//
//lms:gen SortStrings
func sortStrings(a, b, c stage.String) stage.String {
	ys := []stage.String{a, "m", b, "", c, "zz", a + b, "b", c + "a", "m", b + c, "a", "\xff"}
	slices.Sort(ys)
	var out stage.String
	for _, y := range ys {
		out += y + "|"
	}
	return out
}

// sortDyn sorts slices of the generated code: insertion sorts, staged
// loops; the rest of package slices runs as it is on them.
//
//lms:gen SortDyn
func sortDyn(xs []stage.Int, y stage.Int) (stage.Bool, stage.Int, stage.Int) {
	slices.Sort(xs)
	found := slices.Contains(xs, y)
	at := slices.Index(xs, y)
	var m stage.Int
	if len(xs) > 0 {
		m = slices.Max(xs) - slices.Min(xs)
	}
	slices.Reverse(xs)
	return stage.Bool(found), stage.Int(at), m
}

var small = map[int]int{1: 10, 5: 50, 7: 70, -3: 9}

var big = map[string]int{}

var bigInt = map[int16]float64{}

func init() {
	for i := range 40 {
		big[string(rune('a'+i%26))+string(rune('a'+i/26))] = i*i + 1
		bigInt[int16(i*3-20)] = float64(i) / 4
	}
}

// look looks a small static map up with a Rep key: a chain of tests.
//
//lms:gen Look
//lms:test k=-5..10
func look(k stage.Int) (stage.Int, stage.Bool) {
	v, ok := small[int(k)]
	return stage.Int(v) + stage.Int(small[int(k)+1]), stage.Bool(ok)
}

// lookBig looks maps of 40 keys up with Rep keys: trees of comparisons.
//
//lms:gen LookBig
//lms:test k=-30..120 r=-2..28
func lookBig(k stage.Int, r stage.Int32) (stage.Int, stage.Bool, stage.Float64) {
	v, ok := big[string(rune('a'+r))+"b"]
	return stage.Int(v), stage.Bool(ok), stage.Float64(bigInt[int16(k)])
}

// bitsCounts calls the counting functions of math/bits.
//
//lms:gen BitsCounts
func bitsCounts(x stage.Uint64, y stage.Uint32, z stage.Uint16, w stage.Uint8) (stage.Int, stage.Int, stage.Int, stage.Int) {
	ux, uy, uz, uw := uint64(x), uint32(y), uint16(z), uint8(w)
	lz := stage.Int(bits.LeadingZeros64(ux) + bits.LeadingZeros32(uy)<<8 + bits.LeadingZeros16(uz)<<16 + bits.LeadingZeros8(uw)<<24 + bits.LeadingZeros(uint(ux>>3))<<32)
	tz := stage.Int(bits.TrailingZeros64(ux) + bits.TrailingZeros32(uy)<<8 + bits.TrailingZeros16(uz)<<16 + bits.TrailingZeros8(uw)<<24 + bits.TrailingZeros(uint(ux<<5))<<32)
	oc := stage.Int(bits.OnesCount64(ux) + bits.OnesCount32(uy)<<8 + bits.OnesCount16(uz)<<16 + bits.OnesCount8(uw)<<24 + bits.OnesCount(uint(ux^7))<<32)
	ln := stage.Int(bits.Len64(ux) + bits.Len32(uy)<<8 + bits.Len16(uz)<<16 + bits.Len8(uw)<<24 + bits.Len(uint(ux>>9))<<32)
	return lz, tz, oc, ln
}

// bitsMoves calls the rotations and reversals of math/bits.
//
//lms:gen BitsMoves
func bitsMoves(x stage.Uint64, y stage.Uint32, z stage.Uint16, w stage.Uint8, k stage.Int) (stage.Uint64, stage.Uint32, stage.Uint16, stage.Uint8, stage.Uint64) {
	ux, uy, uz, uw, kk := uint64(x), uint32(y), uint16(z), uint8(w), int(k)
	a := stage.Uint64(bits.RotateLeft64(ux, kk) ^ bits.Reverse64(ux) ^ bits.ReverseBytes64(ux>>1) ^ uint64(bits.RotateLeft(uint(ux), -kk)) ^ uint64(bits.Reverse(uint(ux>>2))) ^ uint64(bits.ReverseBytes(uint(ux>>3))))
	b := stage.Uint32(bits.RotateLeft32(uy, kk) ^ bits.Reverse32(uy>>1) ^ bits.ReverseBytes32(uy))
	c := stage.Uint16(bits.RotateLeft16(uz, kk) ^ bits.Reverse16(uz>>1) ^ bits.ReverseBytes16(uz))
	d := stage.Uint8(bits.RotateLeft8(uw, kk) ^ bits.Reverse8(uw))
	return a, b, c, d, stage.Uint64(bits.RotateLeft64(ux, -17))
}

// bitsArith calls the arithmetic of math/bits, whose Div panics.
//
//lms:gen BitsArith
func bitsArith(x, y, c stage.Uint64, p, q, r stage.Uint32) (stage.Uint64, stage.Uint64, stage.Uint32, stage.Uint32, stage.Uint64) {
	ux, uy, uc, up, uq, ur := uint64(x), uint64(y), uint64(c)&1, uint32(p), uint32(q), uint32(r)&1
	s, co := bits.Add64(ux, uy, uc)
	d, bo := bits.Sub64(ux, uy, uc)
	hi, lo := bits.Mul64(ux, uy)
	s2, co2 := bits.Add32(up, uq, ur)
	d2, bo2 := bits.Sub32(up, uq, ur)
	hi2, lo2 := bits.Mul32(up, uq)
	a1, a2 := bits.Add(uint(ux), uint(uy), uint(uc))
	m1, m2 := bits.Mul(uint(ux), uint(uy))
	rem := bits.Rem64(hi, lo, uy|1) + uint64(bits.Rem32(hi2, lo2, uq|1)) + uint64(bits.Rem(uint(hi), uint(lo), uint(uy|1)))
	var quo uint64
	var quo2 uint32
	if hi < uy {
		q1, r1 := bits.Div64(hi, lo, uy)
		quo = q1 ^ r1
	}
	if hi2 < uq {
		q1, r1 := bits.Div32(hi2, lo2, uq)
		quo2 = q1 ^ r1
	}
	return stage.Uint64(s ^ co ^ d ^ bo ^ uint64(a1^a2^m1^m2)), stage.Uint64(hi ^ lo ^ quo), stage.Uint32(s2 ^ co2 ^ d2 ^ bo2), stage.Uint32(hi2 ^ lo2 ^ quo2), stage.Uint64(rem)
}

// bitsDiv divides with math/bits: it panics when y is 0 or hi >= y.
//
//lms:gen BitsDiv
func bitsDiv(hi, lo, y stage.Uint64, p, q, r stage.Uint32) (stage.Uint64, stage.Uint64, stage.Uint32, stage.Uint32) {
	a, b := bits.Div64(uint64(hi), uint64(lo), uint64(y))
	c, d := bits.Div32(uint32(p), uint32(q), uint32(r))
	return stage.Uint64(a), stage.Uint64(b), stage.Uint32(c), stage.Uint32(d)
}

// strs calls the searching functions of strings.
//
//lms:gen Strs
//lms:test r=-2..300
func strs(s, t stage.String, r stage.Int32, c stage.Uint8) (stage.Int, stage.Int, stage.Bool, stage.String) {
	a, b, rr, cc := string(s), string(t), rune(r), byte(c)
	n := strings.Index(a, b) + strings.LastIndex(a, b)<<8 + strings.IndexByte(a, cc)<<16 + strings.LastIndexByte(a, cc)<<24 +
		strings.IndexRune(a, rr)<<32 + strings.Count(a, b)<<40 + strings.Compare(a, b)<<48
	m := strings.IndexAny(a, b) + strings.LastIndexAny(a, b)<<8 + strings.Index(a, b[min(1, len(b)):])<<16 + strings.Count(a, "")<<24 +
		strings.IndexRune(a, utf8.RuneError)<<32 + strings.IndexRune(a+b, 'é')<<40
	ok := strings.HasPrefix(a, b) != strings.HasSuffix(a, b) != strings.Contains(a, b) != strings.ContainsRune(a, rr) !=
		strings.ContainsAny(a, b) != strings.EqualFold(a, b) != strings.EqualFold(a, strings.ToUpper(a)) != strings.HasPrefix(a+b, a)
	out := strings.TrimPrefix(a, b) + "|" + strings.TrimSuffix(a, b) + "|" + strings.ToUpper(a) + "|" + strings.ToLower(b) + "|" +
		strings.ToTitle(a) + "|" + strings.TrimSpace(" \t"+a+"\u2000 ") + "|" + strings.Repeat(b, int(c&3))
	return stage.Int(n), stage.Int(m), stage.Bool(ok), stage.String(out)
}

// cuts calls strings.Cut, CutPrefix, CutSuffix and ToValidUTF8 (s with
// invalid bytes spliced in by b).
//
//lms:gen Cuts
func cuts(s, t stage.String, b stage.Uint8) (stage.String, stage.Bool) {
	a, sep := string(s), string(t)
	before, after, found := strings.Cut(a, sep)
	p, okp := strings.CutPrefix(a, sep)
	q, oks := strings.CutSuffix(a, sep)
	bb := byte(b)
	bad := a[:len(a)/2] + string([]byte{bb, bb | 0x80, 0xC3}) + a[len(a)/2:] + string([]byte{0xE2, 0x82})
	v := strings.ToValidUTF8(bad, sep) + "|" + strings.ToValidUTF8(a, "?")
	return stage.String(before + "|" + after + "|" + p + "|" + q + "|" + v), stage.Bool(found != okp != oks)
}

// uni calls the classes and case mappings of unicode and unicode/utf8.
//
//lms:gen Uni
//lms:test r=-2..200000
func uni(r stage.Int32, s stage.String, b stage.Uint8) (stage.Int, stage.Int, stage.Int, stage.Bool) {
	rr := rune(r)
	var cls int
	for i, f := range []func(rune) bool{unicode.IsControl, unicode.IsDigit, unicode.IsGraphic, unicode.IsLetter,
		unicode.IsLower, unicode.IsMark, unicode.IsNumber, unicode.IsPrint, unicode.IsPunct, unicode.IsSpace,
		unicode.IsSymbol, unicode.IsTitle, unicode.IsUpper} {
		if f(rr) {
			cls |= 1 << i
		}
	}
	m := int(unicode.ToUpper(rr)) ^ int(unicode.ToLower(rr))<<21 ^ int(unicode.ToTitle(rr))<<42 ^ int(unicode.SimpleFold(rr))<<7
	lr, size := utf8.DecodeLastRuneInString(string(s))
	u := utf8.RuneLen(rr) + utf8.RuneCountInString(string(s))<<8 + int(lr)<<16 + size<<40
	ok := utf8.ValidRune(rr) != utf8.ValidString(string(s)) != utf8.FullRuneInString(string(s)) != utf8.RuneStart(byte(b))
	return stage.Int(cls), stage.Int(m), stage.Int(u), stage.Bool(ok)
}

// conv calls strconv's formatting.
//
//lms:gen Conv
func conv(i stage.Int, u stage.Uint64, f stage.Float64, b stage.Bool, s stage.String, r stage.Int32, k stage.Int) stage.String {
	base := int(uint(k)%35) + 2
	prec := int(k%20) - 1
	return stage.String(strconv.Itoa(int(i)) + " " + strconv.FormatInt(int64(i), base) + " " + strconv.FormatUint(uint64(u), base) + " " +
		strconv.FormatBool(bool(b)) + " " + strconv.FormatFloat(float64(f), 'g', -1, 64) + " " +
		strconv.FormatFloat(float64(f), 'e', prec, 32) + " " + strconv.FormatFloat(float64(f), 'f', prec, 64) + " " +
		strconv.FormatFloat(float64(f), 'x', prec, 64) + " " + strconv.Quote(string(s)) + " " +
		strconv.QuoteToASCII(string(s)) + " " + strconv.QuoteRune(rune(r)))
}

// scaler is a staged function returning a staged function that captures
// only a static value: a C function pointer.
//
//lms:fun
func scaler(n int) func(stage.Int) stage.Int {
	return stage.Fun(func(x stage.Int) stage.Int { return x*stage.Int(n) + 1 })
}

//lms:gen Curried
func curried(x stage.Int) stage.Int {
	f, g := scaler(3), scaler(5)
	return f(x) + g(f(x))
}
