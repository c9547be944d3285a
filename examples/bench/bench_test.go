package main

import (
	"bytes"
	"strings"
	"testing"
)

func TestRewrite(t *testing.T) {
	in := `goos: linux
goarch: amd64
pkg: github.com/lmsgen/lmsgen/examples/power
cpu: AMD EPYC
BenchmarkAnchorPow7-2      	13552154	        17.31 ns/op
BenchmarkGenGoPow7Sq-2     	69785475	         3.659 ns/op
BenchmarkGenCExpPoly       	30466417	         7.812 ns/op
BenchmarkOther-2           	100	         1 ns/op
PASS
ok  	github.com/lmsgen/lmsgen/examples/power	2.150s
`
	want := `goos: linux
goarch: amd64
pkg: github.com/lmsgen/lmsgen/examples/power
cpu: AMD EPYC
Benchmarkpower.Pow7/impl=Anchor-2      	13552154	        17.31 ns/op
Benchmarkpower.Pow7Sq/impl=GenGo-2     	69785475	         3.659 ns/op
Benchmarkpower.ExpPoly/impl=GenC       	30466417	         7.812 ns/op
`
	if got := string(rewrite([]byte(in), "power", "")); got != want {
		t.Errorf("rewrite:\n%s\nwant:\n%s", got, want)
	}
	// The vector build's output: only GenGo, as implementation SIMD.
	wantSIMD := `goos: linux
goarch: amd64
pkg: github.com/lmsgen/lmsgen/examples/power
cpu: AMD EPYC
Benchmarkpower.Pow7Sq/impl=SIMD-2     	69785475	         3.659 ns/op
`
	if got := string(rewrite([]byte(in), "power", simdImpl)); got != wantSIMD {
		t.Errorf("rewrite for simd:\n%s\nwant:\n%s", got, wantSIMD)
	}
}

// A CSV as benchstat writes it for -col /impl: the times of two kernels,
// one without generated code, and a geomean row.
const sampleCSV = `,Anchor,,Native,,,,GenGo,,,
,sec/op,CI,sec/op,CI,vs base,P,sec/op,CI,vs base,P
power.Pow7,1.7e-08,1%,1.1e-08,2%,-35%,p=0.002 n=6,2e-09,1%,-88%,p=0.002 n=6
fft.FFT64,5e-07,1%,7e-06,1%,+1300%,p=0.002 n=6,,,,
geomean,9e-08,,2e-07,,,,2e-09,,,

,Anchor,,Native,,,,GenGo,,,
,cpu-sec/op,CI,cpu-sec/op,CI,vs base,P,cpu-sec/op,CI,vs base,P
power.Pow7,1.5e-08,1%,1e-08,2%,-35%,p=0.002 n=6,1e-09,1%,-88%,p=0.002 n=6
geomean,9e-08,,2e-07,,,,2e-09,,,
`

func TestParseCSVCPU(t *testing.T) {
	rows, err := parseCSV([]byte(sampleCSV), cpuUnit)
	if err != nil {
		t.Fatal(err)
	}
	if len(rows) != 1 || rows[0].kernel != "power.Pow7" || rows[0].sec["GenGo"] != 1e-9 || rows[0].sec["Anchor"] != 1.5e-8 {
		t.Fatalf("parseCSV(cpu) = %+v", rows)
	}
}

func TestParseCSVAndSummary(t *testing.T) {
	rows, err := parseCSV([]byte(sampleCSV), wallUnit)
	if err != nil {
		t.Fatal(err)
	}
	if len(rows) != 2 || rows[0].kernel != "power.Pow7" || rows[0].sec["GenGo"] != 2e-9 || rows[0].sec["Anchor"] != 1.7e-8 {
		t.Fatalf("parseCSV = %+v", rows)
	}
	if _, ok := rows[1].sec["GenGo"]; ok {
		t.Errorf("fft.FFT64 has a GenGo time: %+v", rows[1])
	}
	var b bytes.Buffer
	writeSummary(&b, rows)
	out := b.String()
	for _, s := range []string{"anchor/Go", "8.50×", "17ns", "500ns", "7µs"} {
		if !strings.Contains(out, s) {
			t.Errorf("summary lacks %q:\n%s", s, out)
		}
	}
}

func TestBadCSV(t *testing.T) {
	if _, err := parseCSV([]byte(",Anchor\n,sec/op\nk,notanumber\n"), wallUnit); err == nil {
		t.Error("parseCSV accepted a bad number")
	}
}

func TestSummarySIMD(t *testing.T) {
	var b bytes.Buffer
	writeSummary(&b, []row{{kernel: "matmul.MatMul16", sec: map[string]float64{"Anchor": 2e-6, "GenGo": 1.2e-6, simdImpl: 0.5e-6}}})
	out := b.String()
	for _, s := range []string{"simd Go", "anchor/simd", "Go/simd", "500ns", "4.00×", "2.40×"} {
		if !strings.Contains(out, s) {
			t.Errorf("summary lacks %q:\n%s", s, out)
		}
	}
}
