// Command lmsrpg runs random staging packages through lmsgen and
// classifies what happens to each specialization: ok, refused (a clean
// positioned error), crash, unbuildable output, vet failure, mismatch
// with the staging function run natively, timeout, failure of the tests
// lmsgen -test writes. Every failure is minimized into -out.
//
//	go run ./internal/rpg/cmd/lmsrpg -seeds=1:100 -j=2 -out=/tmp/rpg
package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/lmsgen/lmsgen/internal/rpg"
)

func main() {
	seeds := flag.String("seeds", "1:20", "seed range first:last (inclusive)")
	jobs := flag.Int("j", 2, "packages run in parallel")
	out := flag.String("out", "rpg-out", "directory of minimized reproductions")
	work := flag.String("work", "", "work directory (default: a temporary one)")
	reduce := flag.Bool("reduce", true, "minimize failures")
	lmstest := flag.Bool("lmstest", true, "also run the tests lmsgen -test writes")
	funcs := flag.Int("funcs", rpg.DefaultConfig.Funcs, "staging functions per package")
	timeout := flag.Duration("timeout", 3*time.Minute, "limit of each command")
	budget := flag.Duration("reducetime", rpg.ReduceBudget, "time limit of each minimization")
	minimize := flag.String("minimize", "", "SPEC:CLASS: minimize that failure of the first seed's package only (as the campaign printed it, e.g. F5b:unbuildable)")
	flag.Parse()
	first, last, err := parseRange(*seeds)
	if err != nil {
		fmt.Fprintln(os.Stderr, "lmsrpg:", err)
		os.Exit(2)
	}
	repo, err := rpg.FindRepo(".")
	if err != nil {
		fmt.Fprintln(os.Stderr, "lmsrpg:", err)
		os.Exit(2)
	}
	if *work == "" {
		*work, err = os.MkdirTemp("", "lmsrpg")
		if err != nil {
			fmt.Fprintln(os.Stderr, "lmsrpg:", err)
			os.Exit(1)
		}
	}
	r, err := rpg.NewRunner(repo, *work)
	if err != nil {
		fmt.Fprintln(os.Stderr, "lmsrpg:", err)
		os.Exit(1)
	}
	r.Timeout = *timeout
	rpg.ReduceBudget = *budget
	r.LmsTest = *lmstest
	cfg := rpg.DefaultConfig
	cfg.Funcs = *funcs
	if *minimize != "" {
		os.Exit(minimizeOne(r, rpg.Generate(first, cfg), *minimize, *out))
	}
	var mu sync.Mutex
	var all []rpg.Result
	reduced := map[string]bool{} // failure signatures already minimized
	seedc := make(chan uint64)
	var wg sync.WaitGroup
	for w := 0; w < *jobs; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for seed := range seedc {
				p := rpg.Generate(seed, cfg)
				res := r.Run(p)
				mu.Lock()
				for _, x := range res {
					fmt.Printf("seed %d %s: %s", seed, x.Spec, x.Class)
					if x.Class != rpg.OK {
						fmt.Printf(": %s", oneLine(x.Detail))
					}
					fmt.Println()
				}
				all = append(all, res...)
				mu.Unlock()
				if *reduce {
					for _, x := range res {
						if x.Class.Failing() {
							sig := signature(x)
							mu.Lock()
							seen := reduced[sig]
							reduced[sig] = true
							mu.Unlock()
							if seen {
								continue
							}
							dir, err := r.Reduce(p, x, *out)
							mu.Lock()
							if err != nil {
								fmt.Printf("seed %d %s: reduce: %v\n", seed, x.Spec, err)
							} else {
								fmt.Printf("seed %d %s: reduced into %s\n", seed, x.Spec, dir)
							}
							mu.Unlock()
						}
					}
				}
			}
		}()
	}
	for s := first; s <= last; s++ {
		seedc <- s
	}
	close(seedc)
	wg.Wait()
	fmt.Print(rpg.Summary(all))
	fmt.Print("wall time per step:\n" + r.Times())
	os.MkdirAll(*out, 0o755)
	os.WriteFile(filepath.Join(*out, "summary.txt"), []byte(rpg.Summary(all)), 0o644)
	for _, x := range all {
		if x.Class.Failing() {
			os.Exit(1)
		}
	}
}

func oneLine(s string) string {
	s = strings.ReplaceAll(s, "\n", " | ")
	if len(s) > 300 {
		s = s[:300] + "..."
	}
	return s
}

func parseRange(s string) (uint64, uint64, error) {
	a, b, ok := strings.Cut(s, ":")
	if !ok {
		b = a
	}
	x, err := strconv.ParseUint(a, 10, 64)
	if err != nil {
		return 0, 0, err
	}
	y, err := strconv.ParseUint(b, 10, 64)
	if err != nil {
		return 0, 0, err
	}
	if y < x {
		return 0, 0, fmt.Errorf("empty seed range %s", s)
	}
	return x, y, nil
}

// signature identifies a failure by its class and message, with
// numbers and names removed, so that each kind is minimized once.
func signature(x rpg.Result) string {
	d := x.Detail
	if i := strings.Index(d, "\n"); i >= 0 {
		d = d[:i]
	}
	d = digits.ReplaceAllString(d, "N")
	if len(d) > 80 {
		d = d[:80]
	}
	return string(x.Class) + ": " + d
}

var digits = regexp.MustCompile(`[0-9]+`)

// minimizeOne minimizes the failure spec:class of p into out, without
// running the rest of the package first.
func minimizeOne(r *rpg.Runner, p *rpg.Prog, what, out string) int {
	spec, class, ok := strings.Cut(what, ":")
	if !ok {
		fmt.Fprintln(os.Stderr, "lmsrpg: -minimize wants SPEC:CLASS")
		return 2
	}
	for _, s := range p.Specs() {
		if s.Gen.Name == spec {
			dir, err := r.Reduce(p, rpg.Result{Seed: p.Seed, Spec: spec, Func: s.Func.Name, Class: rpg.Class(class)}, out)
			if err != nil {
				fmt.Fprintln(os.Stderr, "lmsrpg:", err)
				return 1
			}
			fmt.Println("reduced into", dir)
			return 0
		}
	}
	fmt.Fprintf(os.Stderr, "lmsrpg: seed %d has no specialization %s\n", p.Seed, spec)
	return 2
}
