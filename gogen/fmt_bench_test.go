package gogen

import (
	"fmt"
	"go/format"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// BenchmarkFormat formats generated sources with go/format alone
// (gofmt) and with the direct formatter (direct): the checked-in
// examples, and a Horner chain of 10^4 operations as gogen writes it
// (statements of at most 64 nodes, parenthesized at every level).
func BenchmarkFormat(b *testing.B) {
	var srcs [][]byte
	files, _ := filepath.Glob("../examples/*/*_lms*.go")
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			b.Fatal(err)
		}
		srcs = append(srcs, src)
	}
	var h strings.Builder
	h.WriteString("package p\n\nfunc Horner(x float64) float64 {\ns := 1.0\n")
	for i := 0; i < 5000; i += 32 {
		e := "s"
		for j := i; j < i+32 && j < 5000; j++ {
			e = fmt.Sprintf("(%s)*x+%d", e, j%7+1)
		}
		fmt.Fprintf(&h, "s = %s\n", e)
	}
	h.WriteString("return s\n}\n")
	for _, c := range []struct {
		name string
		srcs [][]byte
	}{{"examples", srcs}, {"horner", [][]byte{[]byte(h.String())}}} {
		for _, how := range []string{"gofmt", "direct"} {
			b.Run(c.name+"/"+how, func(b *testing.B) {
				b.ReportAllocs()
				for b.Loop() {
					for _, src := range c.srcs {
						var err error
						if how == "gofmt" {
							_, err = format.Source(src)
						} else {
							_, _, err = formatDirect(src)
						}
						if err != nil {
							b.Fatal(err)
						}
					}
				}
			})
		}
	}
}
