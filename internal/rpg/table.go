package rpg

import (
	"bufio"
	"fmt"
	"io"
	"sort"
	"strconv"
	"strings"
)

// TableClasses are the classes of a campaign table, in column order.
var TableClasses = []Class{OK, Refused, Untested, Invalid, Unbuildable, TestBuild, Vet, Mismatch, Crash, Timeout, TestFail, Skipped}

// SeedRow counts the outcomes of one seed's package.
type SeedRow struct {
	Seed   uint64
	Funcs  int // staging functions with at least one specialization classified
	Specs  int
	Counts map[Class]int
}

// ParseLog reads the lines lmsrpg prints per specialization ("seed N
// SPEC: CLASS[: detail]") and counts them per seed, in seed order. Other
// lines (the summary, "reduced into") are skipped. A specialization
// classified twice is an error: the log mixes two runs of a seed.
func ParseLog(r io.Reader) ([]SeedRow, error) {
	rows := map[uint64]*SeedRow{}
	seen := map[string]bool{}
	funcs := map[string]bool{}
	sc := bufio.NewScanner(r)
	sc.Buffer(nil, 1<<20)
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		rest, ok := strings.CutPrefix(line, "seed ")
		if !ok {
			continue
		}
		seedStr, rest, ok := strings.Cut(rest, " ")
		if !ok {
			continue
		}
		seed, err := strconv.ParseUint(seedStr, 10, 64)
		if err != nil {
			continue
		}
		spec, rest, ok := strings.Cut(rest, ": ")
		if !ok {
			continue
		}
		class, _, _ := strings.Cut(rest, ":")
		if !isClass(Class(class)) {
			continue // "reduce: ...", "reduced into ..."
		}
		key := seedStr + " " + spec
		if seen[key] {
			return nil, fmt.Errorf("line %d: seed %d %s classified twice (two runs of the seed in one log?)", n, seed, spec)
		}
		seen[key] = true
		row := rows[seed]
		if row == nil {
			row = &SeedRow{Seed: seed, Counts: map[Class]int{}}
			rows[seed] = row
		}
		row.Specs++
		row.Counts[Class(class)]++
		if fn := seedStr + " " + strings.TrimRight(spec, "abcdefghijklmnopqrstuvwxyz"); !funcs[fn] {
			funcs[fn] = true
			row.Funcs++
		}
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	var out []SeedRow
	for _, row := range rows {
		out = append(out, *row)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Seed < out[j].Seed })
	return out, nil
}

func isClass(c Class) bool {
	for _, k := range TableClasses {
		if c == k {
			return true
		}
	}
	return false
}

// Table writes rows as a Markdown table, one line per seed and a total.
func Table(rows []SeedRow) string {
	var b strings.Builder
	b.WriteString("| seed | functions | specs |")
	for _, c := range TableClasses {
		fmt.Fprintf(&b, " %s |", c)
	}
	b.WriteString("\n|---|---|---|")
	for range TableClasses {
		b.WriteString("---|")
	}
	b.WriteString("\n")
	total := SeedRow{Counts: map[Class]int{}}
	line := func(name string, r SeedRow) {
		fmt.Fprintf(&b, "| %s | %d | %d |", name, r.Funcs, r.Specs)
		for _, c := range TableClasses {
			fmt.Fprintf(&b, " %d |", r.Counts[c])
		}
		b.WriteString("\n")
	}
	for _, r := range rows {
		line(strconv.FormatUint(r.Seed, 10), r)
		total.Funcs += r.Funcs
		total.Specs += r.Specs
		for c, n := range r.Counts {
			total.Counts[c] += n
		}
	}
	line("total", total)
	return b.String()
}
