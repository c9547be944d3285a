package rpg

import (
	"flag"
	"hash/fnv"
	"testing"
)

// FuzzLmsgen drives the generator with the fuzzer's bytes: each input is
// a small random staging package run through lmsgen (frontend, ir, sched,
// gogen and cgen), the build of the Go and C outputs, go vet and the
// direct comparison. lmsgen must never crash, its output must build and
// agree with the staging function. A refusal (a clean positioned error)
// is allowed.
//
//	go test ./internal/rpg -run '^$' -fuzz FuzzLmsgen
func FuzzLmsgen(f *testing.F) {
	f.Add([]byte("lmsgen"))
	f.Fuzz(func(t *testing.T, data []byte) {
		if f := flag.Lookup("test.fuzz"); testing.Short() || f == nil || f.Value.String() == "" {
			t.Skip("builds and runs generated packages: only under -fuzz (TestSample is the CI sample)")
		}
		h := fnv.New64a()
		h.Write(data)
		seed := h.Sum64() >> 1
		r := sharedRunner(t)
		// the generated tests have a test of their own (TestSample)
		for _, x := range r.run(Generate(seed, Config{Funcs: 2, Stmts: 10}), steps{vet: true}) {
			if x.Class.Failing() || x.Class == Invalid {
				t.Errorf("seed %d %s: %s: %s", seed, x.Spec, x.Class, x.Detail)
			}
		}
	})
}

// FuzzGenerate checks, cheaply, that every generated package is valid
// Go: the generator's own invariant, which the other tests rely on.
func FuzzGenerate(f *testing.F) {
	f.Add(uint64(1), 3, 12)
	f.Fuzz(func(t *testing.T, seed uint64, funcs, stmts int) {
		cfg := Config{Funcs: 1 + int(uint(funcs)%8), Stmts: 2 + int(uint(stmts)%30)}
		repo, err := FindRepo(".")
		if err != nil {
			t.Fatal(err)
		}
		checkerOnce.Do(func() { checker = NewChecker(repo) })
		src, _ := Generate(seed, cfg).Render()
		if err := checker.Check(src); err != nil {
			t.Fatalf("seed %d %+v: %v\n%s", seed, cfg, err, src)
		}
	})
}
