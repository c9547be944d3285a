package cgen

import (
	"fmt"
	"math"
	"strings"
	"sync"
	"unicode"
)

// This file translates package unicode's classes and case mappings into
// C: each is a table computed here by calling Go's own function on every
// rune, so that the C helper gives Go's result for every argument (those
// of the Go that built lmsgen). A class is a sorted table of ranges,
// searched by bisection; a mapping a sorted table of ranges that add a
// constant to the rune, every stride-th rune from the first.

var uniClasses = map[string]func(rune) bool{
	"IsControl": unicode.IsControl, "IsDigit": unicode.IsDigit, "IsGraphic": unicode.IsGraphic,
	"IsLetter": unicode.IsLetter, "IsLower": unicode.IsLower, "IsMark": unicode.IsMark,
	"IsNumber": unicode.IsNumber, "IsPrint": unicode.IsPrint, "IsPunct": unicode.IsPunct,
	"IsSpace": unicode.IsSpace, "IsSymbol": unicode.IsSymbol, "IsTitle": unicode.IsTitle,
	"IsUpper": unicode.IsUpper,
}

var uniMaps = map[string]func(rune) rune{
	"SimpleFold": unicode.SimpleFold, "ToLower": unicode.ToLower, "ToTitle": unicode.ToTitle,
	"ToUpper": unicode.ToUpper,
}

// outside are runes outside Unicode's range: the tables assume that a
// class holds none of them and that a mapping leaves them unchanged.
var outside = []rune{-1, math.MinInt32, unicode.MaxRune + 1, math.MaxInt32}

// uniTables are the texts of the helpers of package unicode, by Go
// name, each computed once.
var uniTables = map[string]func() string{}

func uniHelpers() {
	for name, f := range uniClasses {
		key := "unicode." + name
		libHelpers[key] = libHelper{params: rune1}
		uniTables[key] = sync.OnceValue(func() string { return classText(helperName(key), f) })
	}
	for name, f := range uniMaps {
		key := "unicode." + name
		libHelpers[key] = libHelper{params: rune1}
		uniTables[key] = sync.OnceValue(func() string { return mapText(helperName(key), f) })
	}
}

// classText returns the C function name(r) that reports whether f(r).
func classText(name string, f func(rune) bool) string {
	for _, r := range outside {
		if f(r) {
			panic(fmt.Sprintf("BUG: %s(%d) is true", name, r))
		}
	}
	var b strings.Builder
	fmt.Fprintf(&b, "LMS_FN bool %s(int32_t r) {\n\tstatic const uint32_t t[][2] = {", name)
	n := 0
	for r := rune(0); r <= unicode.MaxRune; r++ {
		if !f(r) {
			continue
		}
		lo := r
		for r+1 <= unicode.MaxRune && f(r+1) {
			r++
		}
		if n%6 == 0 {
			b.WriteString("\n\t\t")
		} else {
			b.WriteString(" ")
		}
		fmt.Fprintf(&b, "{0x%X, 0x%X},", lo, r)
		n++
	}
	fmt.Fprintf(&b, "\n\t};\n\tif (r < 0 || r > 0x10FFFF) return false;\n"+
		"\tint64_t lo = 0, hi = %d;\n"+
		"\twhile (lo < hi) {\n"+
		"\t\tint64_t m = lo + (hi - lo) / 2;\n"+
		"\t\tif ((uint32_t)r < t[m][0]) hi = m;\n"+
		"\t\telse if ((uint32_t)r > t[m][1]) lo = m + 1;\n"+
		"\t\telse return true;\n"+
		"\t}\n\treturn false;\n}\n", n)
	return b.String()
}

// mapText returns the C function name(r) that returns f(r).
func mapText(name string, f func(rune) rune) string {
	for _, r := range outside {
		if f(r) != r {
			panic(fmt.Sprintf("BUG: %s(%d) is not itself", name, r))
		}
	}
	type span struct{ lo, hi, stride, delta rune }
	var spans []span
	for r := rune(0); r <= unicode.MaxRune; r++ {
		d := f(r) - r
		if d == 0 {
			continue
		}
		// The longest run from r with stride 1 or 2.
		best := span{r, r, 1, d}
		for _, stride := range []rune{1, 2} {
			hi := r
			for hi+stride <= unicode.MaxRune && f(hi+stride)-(hi+stride) == d &&
				(stride == 1 || f(hi+1) == hi+1) {
				hi += stride
			}
			if hi > best.hi {
				best = span{r, hi, stride, d}
			}
		}
		spans = append(spans, best)
		r = best.hi
	}
	var b strings.Builder
	fmt.Fprintf(&b, "LMS_FN int32_t %s(int32_t r) {\n\tstatic const int32_t t[][4] = {", name)
	for i, s := range spans {
		if i%4 == 0 {
			b.WriteString("\n\t\t")
		} else {
			b.WriteString(" ")
		}
		fmt.Fprintf(&b, "{0x%X, 0x%X, %d, %d},", s.lo, s.hi, s.stride, s.delta)
	}
	fmt.Fprintf(&b, "\n\t};\n\tint64_t lo = 0, hi = %d;\n"+
		"\twhile (lo < hi) {\n"+
		"\t\tint64_t m = lo + (hi - lo) / 2;\n"+
		"\t\tif (r < t[m][0]) hi = m;\n"+
		"\t\telse if (r > t[m][1]) lo = m + 1;\n"+
		"\t\telse return (r - t[m][0]) %% t[m][2] == 0 ? r + t[m][3] : r;\n"+
		"\t}\n\treturn r;\n}\n", len(spans))
	return b.String()
}
