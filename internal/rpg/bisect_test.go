package rpg

import (
	"fmt"
	"testing"
)

// fakeProg is a package of n staging functions F0..F<n-1>, one
// specialization each (named like the function).
func fakeProg(n int) *Prog {
	p := &Prog{Pkg: "fake", Seed: 1}
	for i := 0; i < n; i++ {
		name := fmt.Sprintf("F%d", i)
		p.Funcs = append(p.Funcs, &Func{Name: name, Gens: []*Gen{{Name: name}}})
	}
	return p
}

// fakePipe fails, without naming a function, every package that holds
// all the functions of one of the sets in bad; it counts its runs.
func fakePipe(runs *int, bad ...[]string) func(*Prog, steps) outcome {
	return func(p *Prog, _ steps) outcome {
		*runs++
		has := map[string]bool{}
		for _, f := range p.Funcs {
			has[f.Name] = true
		}
		for _, set := range bad {
			all := true
			for _, n := range set {
				all = all && has[n]
			}
			if all {
				return outcome{fail: &failure{class: Unbuildable, detail: "boom"}}
			}
		}
		res := map[string]Result{}
		for _, f := range p.Funcs {
			res[f.Name] = Result{Seed: p.Seed, Spec: f.Name, Func: f.Name, Class: OK}
		}
		return outcome{results: res}
	}
}

// TestBisect: a failure the runner cannot attribute is narrowed by
// halving, not by running each of the package's functions alone, and a
// failure that needs two functions together is not passed as ok.
func TestBisect(t *testing.T) {
	classes := func(res []Result) map[string]Class {
		m := map[string]Class{}
		for _, x := range res {
			if _, dup := m[x.Spec]; dup {
				t.Errorf("%s classified twice", x.Spec)
			}
			m[x.Spec] = x.Class
		}
		return m
	}
	for _, c := range []struct {
		name    string
		bad     [][]string
		failing []string // the specializations classified unbuildable
		maxRuns int
	}{
		{"one culprit", [][]string{{"F37"}}, []string{"F37"}, 16},
		{"two culprits", [][]string{{"F3"}, {"F90"}}, []string{"F3", "F90"}, 30},
		{"a pair together", [][]string{{"F10", "F70"}}, nil, 4},
	} {
		t.Run(c.name, func(t *testing.T) {
			runs := 0
			r := &Runner{pipe: fakePipe(&runs, c.bad...)}
			got := classes(r.run(fakeProg(100), steps{}))
			if len(got) != 100 {
				t.Fatalf("%d specializations classified, want 100", len(got))
			}
			want := map[string]bool{}
			for _, n := range c.failing {
				want[n] = true
			}
			for name, class := range got {
				switch {
				case c.failing == nil && class != Unbuildable:
					t.Errorf("%s: %s, want unbuildable (the package fails only as a whole)", name, class)
				case c.failing != nil && want[name] && class != Unbuildable:
					t.Errorf("%s: %s, want unbuildable", name, class)
				case c.failing != nil && !want[name] && class != OK:
					t.Errorf("%s: %s, want ok", name, class)
				}
			}
			if runs > c.maxRuns {
				t.Errorf("%d packages run, want at most %d", runs, c.maxRuns)
			}
			t.Logf("%d packages run", runs)
		})
	}
}
