// Command rpgtable reads the logs lmsrpg printed (standard output: one
// line per specialization) and writes the per-seed table of a campaign
// in Markdown, as docs/trust.md shows it: functions, specializations and
// the count of each class, and a total.
//
//	go run ./internal/rpg/cmd/rpgtable campaign/a.log campaign/b.log
//
// A seed found twice (in one log or across logs) is an error: the table
// of a rerun is written from the rerun's log alone.
package main

import (
	"fmt"
	"os"

	"github.com/lmsgen/lmsgen/internal/rpg"
)

func main() {
	if len(os.Args) < 2 {
		fmt.Fprintln(os.Stderr, "usage: rpgtable LOG...")
		os.Exit(2)
	}
	var all []rpg.SeedRow
	from := map[uint64]string{}
	for _, name := range os.Args[1:] {
		f, err := os.Open(name)
		if err != nil {
			fmt.Fprintln(os.Stderr, "rpgtable:", err)
			os.Exit(1)
		}
		rows, err := rpg.ParseLog(f)
		f.Close()
		if err != nil {
			fmt.Fprintf(os.Stderr, "rpgtable: %s: %v\n", name, err)
			os.Exit(1)
		}
		for _, r := range rows {
			if prev, dup := from[r.Seed]; dup {
				fmt.Fprintf(os.Stderr, "rpgtable: seed %d is in %s and %s\n", r.Seed, prev, name)
				os.Exit(1)
			}
			from[r.Seed] = name
		}
		all = append(all, rows...)
	}
	fmt.Print(rpg.Table(all))
}
