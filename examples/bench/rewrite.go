package main

import (
	"bytes"
	"regexp"
	"strings"
)

// impls are the implementations a benchmark name may start with, as
// examples/README.md defines them.
var impls = []string{"Anchor", "Alt", "Native", "GenGo", "GenC"}

// benchLine matches a benchmark result: Benchmark<Impl><Kernel>[-procs].
var benchLine = regexp.MustCompile(`^Benchmark(` + strings.Join(impls, "|") + `)([A-Za-z0-9_]+)(-[0-9]+)?(\s.*)$`)

// rewrite returns the go test output out with each example benchmark
// renamed Benchmark<pkg>.<Kernel>/impl=<Impl>, so that benchstat can put
// the implementations of a kernel side by side; other benchmark lines are
// dropped, configuration lines (goos:, pkg:, ...) kept. With simd not
// empty, out is the vector build's: only its GenGo benchmarks are kept,
// as implementation simd.
func rewrite(out []byte, pkgName, simd string) []byte {
	var b bytes.Buffer
	for _, line := range bytes.Split(out, []byte("\n")) {
		switch {
		case bytes.HasPrefix(line, []byte("Benchmark")):
			m := benchLine.FindSubmatch(line)
			if m == nil {
				continue
			}
			impl := string(m[1])
			if simd != "" {
				if impl != "GenGo" {
					continue
				}
				impl = simd
			}
			b.WriteString("Benchmark" + pkgName + "." + string(m[2]) + "/impl=" + impl)
			b.Write(m[3])
			b.Write(m[4])
			b.WriteByte('\n')
		case isConfig(line):
			b.Write(line)
			b.WriteByte('\n')
		}
	}
	return b.Bytes()
}

// configLine matches a file-level configuration line of the benchmark
// format ("key: value", the key lower-case).
var configLine = regexp.MustCompile(`^[a-z][^\s:]*: `)

func isConfig(line []byte) bool { return configLine.Match(line) }
