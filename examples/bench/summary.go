package main

import (
	"encoding/csv"
	"fmt"
	"io"
	"math"
	"slices"
	"strconv"
	"strings"
	"text/tabwriter"
)

// The units summarized: wall-clock time, and the CPU time the examples'
// benchmarks report (examples/internal/cputime), which excludes the time
// spent waiting for a CPU on a loaded machine.
const (
	wallUnit = "sec/op"
	cpuUnit  = "cpu-sec/op"
)

// row is a kernel's median time per operation, in seconds, for each
// implementation that was measured.
type row struct {
	kernel string
	sec    map[string]float64
}

// parseCSV reads benchstat's CSV output (tables of one unit each, a column
// group per implementation) and returns the medians in unit of each
// kernel.
func parseCSV(data []byte, unit string) ([]row, error) {
	r := csv.NewReader(strings.NewReader(string(data)))
	r.FieldsPerRecord = -1
	records, err := r.ReadAll()
	if err != nil {
		return nil, fmt.Errorf("benchstat CSV: %v", err)
	}
	// The first two records name the columns: the implementation (on the
	// first column of its group) and the unit of each column.
	var (
		header, units []string
		rows          []row
	)
	for _, rec := range records {
		switch {
		case len(rec) == 0 || len(rec) == 1 && rec[0] == "":
			header, units = nil, nil // a blank line ends a table
		case header == nil || units != nil && rec[0] == "":
			// A table starts with a record whose first field is empty
			// (encoding/csv skips the blank line between tables).
			header, units = rec, nil
		case units == nil:
			units = rec
		case rec[0] == "geomean":
		default:
			if !slices.Contains(units, unit) {
				continue // a table of another unit
			}
			impl := ""
			x := row{kernel: rec[0], sec: map[string]float64{}}
			for i := 1; i < len(rec); i++ {
				if i < len(header) && header[i] != "" {
					impl = header[i]
				}
				if i >= len(units) || units[i] != unit || rec[i] == "" {
					continue
				}
				v, err := strconv.ParseFloat(rec[i], 64)
				if err != nil {
					return nil, fmt.Errorf("benchstat CSV: kernel %s: %v", rec[0], err)
				}
				x.sec[impl] = v
			}
			rows = append(rows, x)
		}
	}
	return rows, nil
}

// writeSummary prints the medians and the speedups of the generated code:
// anchor time over generated Go and over generated C, and the C time over
// the Go time (below 1: C is faster); then the vector build's Go (SIMD):
// anchor time over it, and the plain Go time over it (above 1: the vector
// build is faster).
func writeSummary(w io.Writer, rows []row) {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "kernel\tanchor\talt\tnative\tgen Go\tgen C\tanchor/Go\tanchor/C\tC/Go\tsimd Go\tanchor/simd\tGo/simd\t")
	for _, r := range rows {
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t\n", r.kernel,
			duration(r.sec, "Anchor"), duration(r.sec, "Alt"), duration(r.sec, "Native"),
			duration(r.sec, "GenGo"), duration(r.sec, "GenC"),
			ratio(r.sec, "Anchor", "GenGo"), ratio(r.sec, "Anchor", "GenC"), ratio(r.sec, "GenC", "GenGo"),
			duration(r.sec, simdImpl), ratio(r.sec, "Anchor", simdImpl), ratio(r.sec, "GenGo", simdImpl))
	}
	tw.Flush()
}

// duration formats the time of impl, or "-" if it was not measured.
func duration(sec map[string]float64, impl string) string {
	v, ok := sec[impl]
	if !ok {
		return "-"
	}
	switch {
	case v >= 1e-3:
		return fmt.Sprintf("%.3gms", v*1e3)
	case v >= 1e-6:
		return fmt.Sprintf("%.3gµs", v*1e6)
	}
	return fmt.Sprintf("%.3gns", v*1e9)
}

// ratio formats sec[a]/sec[b], or "-".
func ratio(sec map[string]float64, a, b string) string {
	x, okA := sec[a]
	y, okB := sec[b]
	if !okA || !okB || y == 0 || math.IsNaN(x/y) {
		return "-"
	}
	return fmt.Sprintf("%.2f×", x/y)
}
