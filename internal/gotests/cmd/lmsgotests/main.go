// Command lmsgotests stages a seeded random sample of the Go
// distribution's "// run" test programs whole and prints, for each, same,
// refused, wrong, crashed or skipped with the reason, then a summary
// (see package gotests). Run it from the repository's root:
//
//	go run ./internal/gotests/cmd/lmsgotests -seed=1 -n=100 -j=2
package main

import (
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"

	"github.com/lmsgen/lmsgen/internal/gotests"
)

func main() {
	seed := flag.Uint64("seed", 1, "seed of the sample")
	n := flag.Int("n", 100, "programs in the sample (0: all)")
	jobs := flag.Int("j", 2, "programs run in parallel")
	work := flag.String("work", "", "work directory (default: a temporary one, removed at the end)")
	goroot := flag.String("goroot", "", "the Go distribution whose test/ directory is sampled (default: go env GOROOT)")
	flag.Parse()
	if err := run(*seed, *n, *jobs, *work, *goroot, flag.Args()); err != nil {
		fmt.Fprintln(os.Stderr, "lmsgotests:", err)
		os.Exit(2)
	}
}

func run(seed uint64, n, jobs int, work, goroot string, names []string) error {
	if goroot == "" {
		out, err := exec.Command("go", "env", "GOROOT").Output()
		if err != nil {
			return fmt.Errorf("go env GOROOT: %v", err)
		}
		goroot = strings.TrimSpace(string(out))
	}
	repo, err := os.Getwd()
	if err != nil {
		return err
	}
	if _, err := os.Stat(filepath.Join(repo, "cmd", "lmsgen")); err != nil {
		return fmt.Errorf("run lmsgotests from the root of the lmsgen repository")
	}
	if work == "" {
		if work, err = os.MkdirTemp("", "lmsgotests"); err != nil {
			return err
		}
		defer os.RemoveAll(work)
	}
	dir := filepath.Join(goroot, "test")
	progs := names // explicit programs, by path relative to dir
	if len(progs) == 0 {
		all, err := gotests.Programs(dir)
		if err != nil {
			return err
		}
		if n == 0 {
			n = len(all)
		}
		progs = gotests.Sample(all, seed, n)
		fmt.Printf("seed %d: %d of %d eligible programs of %s\n", seed, len(progs), len(all), dir)
	}
	r, err := gotests.NewRunner(repo, work)
	if err != nil {
		return err
	}
	results := make([]gotests.Result, len(progs))
	next := make(chan int)
	var wg sync.WaitGroup
	var mu sync.Mutex
	for range max(jobs, 1) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				res := r.Run(dir, progs[i])
				mu.Lock()
				results[i] = res
				fmt.Printf("%-8s %-36s %s\n", res.Class, res.Program, oneLine(res.Detail))
				mu.Unlock()
			}
		}()
	}
	for i := range progs {
		next <- i
	}
	close(next)
	wg.Wait()
	count := map[gotests.Class]int{}
	clock := 0
	for _, res := range results {
		count[res.Class]++
		if res.Class == gotests.Same && res.Clock > 0 {
			clock++
		}
	}
	var parts []string
	for _, c := range gotests.Classes {
		p := fmt.Sprintf("%s %d", c, count[c])
		if c == gotests.Same {
			p += fmt.Sprintf(" (same up to the clock: %d)", clock)
		}
		parts = append(parts, p)
	}
	fmt.Printf("summary (seed %d, %d programs): %s\n", seed, len(progs), strings.Join(parts, ", "))
	return nil
}

func oneLine(s string) string {
	s = strings.ReplaceAll(s, "\n", " | ")
	if len(s) > 300 {
		s = s[:300] + "..."
	}
	return s
}
