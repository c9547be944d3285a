package rpg

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"
)

// ReduceBudget bounds the time spent minimizing one failure.
var ReduceBudget = 8 * time.Minute

// Reduce minimizes the failure x of p by delta debugging: it keeps only
// x's staging function and directive, then removes statements (and what
// they contain) while the failure keeps its class, skipping candidates
// that do not type-check. It writes the reproduction into a directory
// of outDir and returns that directory.
func (r *Runner) Reduce(p *Prog, x Result, outDir string) (string, error) {
	deadline := time.Now().Add(ReduceBudget)
	var fn *Func
	var gen *Gen
	for _, f := range p.Funcs {
		if f.Name == x.Func {
			fn = f
			for _, g := range f.Gens {
				if g.Name == x.Spec {
					gen = g
				}
			}
		}
	}
	if fn == nil || gen == nil {
		return "", fmt.Errorf("no specialization %s", x.Spec)
	}
	last := x.Detail
	st := steps{vet: x.Class == Vet, lmsTest: x.Class == TestFail || x.Class == TestBuild || x.Class == Timeout}
	holds := func(q *Prog) bool {
		if time.Now().After(deadline) {
			return false
		}
		src, _ := q.Render()
		if r.Checker.Check(src) != nil {
			return false
		}
		o := r.pipeline(q, st)
		if o.fail != nil {
			if o.fail.class == x.Class && (o.fail.fn == nil || o.fail.fn.Name == x.Func || len(o.fail.fn.Gens) == 0) {
				last = o.fail.detail
				return true
			}
			return false
		}
		res, ok := o.results[x.Spec]
		if ok && res.Class == x.Class {
			last = res.Detail
			return true
		}
		return false
	}
	// one function, one directive
	only := *fn
	only.Gens = []*Gen{gen}
	q := p.with([]*Func{fn})
	for i, f := range q.Funcs {
		if f == fn {
			q.Funcs[i] = &only
		}
	}
	q.Funcs = append([]*Func(nil), q.Funcs...)
	if !holds(q) {
		q = p.with([]*Func{fn})
		if !holds(q) {
			q = p
		}
	}
	dropHelpers := func() {
		for changed := true; changed; {
			changed = false
			src, _ := q.Render()
			for i, f := range q.Funcs {
				if len(f.Gens) == 0 && strings.Count(src, f.Name+"(") == 1 {
					q2 := *q
					q2.Funcs = append(append([]*Func(nil), q.Funcs[:i]...), q.Funcs[i+1:]...)
					q = &q2
					changed = true
					break
				}
			}
		}
	}
	dropHelpers()
	// statements, in chunks halving in size
	var cands []*Stmt
	for _, f := range q.Funcs {
		for _, s := range f.Body {
			s.walk(func(s *Stmt) {
				if !s.Fixed && !s.Gone {
					cands = append(cands, s)
				}
			})
		}
	}
	for chunk := len(cands) / 2; chunk >= 1; chunk /= 2 {
		for i := 0; i < len(cands); i += chunk {
			var flipped []*Stmt
			for _, s := range cands[i:min(i+chunk, len(cands))] {
				if !s.Gone {
					s.Gone = true
					flipped = append(flipped, s)
				}
			}
			if len(flipped) == 0 {
				continue
			}
			if !holds(q) {
				for _, s := range flipped {
					s.Gone = false
				}
			}
		}
	}
	dropHelpers()
	// write the reproduction, rerunning it so that the outputs match
	holds(q)
	defer func() {
		for _, s := range cands {
			s.Gone = false
		}
	}()
	dir := filepath.Join(outDir, fmt.Sprintf("%s-seed%d-%s", x.Class, p.Seed, x.Spec))
	os.RemoveAll(dir)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", err
	}
	src, _ := q.Render()
	os.WriteFile(filepath.Join(dir, "p.go"), []byte(src), 0o644)
	from := filepath.Join(r.Work, q.Pkg)
	for _, f := range []string{q.Pkg + "_lms.go", q.Pkg + "_lms_test.go", "rpg_native.go", "lmsc/" + q.Pkg + "_lms.c", "lmsc/" + q.Pkg + "_lms.go", "lmsc/rpg_check_test.go"} {
		if b, err := os.ReadFile(filepath.Join(from, f)); err == nil {
			os.WriteFile(filepath.Join(dir, strings.ReplaceAll(f, "/", "_")), b, 0o644)
		}
	}
	readme := fmt.Sprintf("class: %s\nseed: %d\nspecialization: %s (of %s)\noriginal failure:\n%s\n\nminimized failure:\n%s\n\nreproduce: go run ./internal/rpg/cmd/lmsrpg -seeds=%d:%d, or copy p.go into a package of a module that uses lmsgen and run lmsgen -lang=go,c -test there.\n",
		x.Class, p.Seed, x.Spec, x.Func, x.Detail, last, p.Seed, p.Seed)
	os.WriteFile(filepath.Join(dir, "README.txt"), []byte(readme), 0o644)
	return dir, nil
}

// Summary counts results by class and lists the failures.
func Summary(rs []Result) string {
	counts := map[Class]int{}
	var b strings.Builder
	for _, r := range rs {
		counts[r.Class]++
	}
	var classes []string
	for c := range counts {
		classes = append(classes, string(c))
	}
	sort.Strings(classes)
	fmt.Fprintf(&b, "specializations: %d\n", len(rs))
	for _, c := range classes {
		fmt.Fprintf(&b, "  %-14s %d\n", c, counts[Class(c)])
	}
	refusals := map[string]int{}
	for _, r := range rs {
		if r.Class == Refused {
			msg := r.Detail
			if i := strings.IndexAny(msg, "0123456789"); i > 30 {
				msg = msg[:i]
			}
			refusals[msg]++
		}
	}
	if len(refusals) > 0 {
		b.WriteString("refusals:\n")
		var ms []string
		for m := range refusals {
			ms = append(ms, m)
		}
		sort.Strings(ms)
		for _, m := range ms {
			fmt.Fprintf(&b, "  %4d %s\n", refusals[m], m)
		}
	}
	return b.String()
}
