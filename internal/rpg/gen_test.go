package rpg

import (
	"os"
	"testing"
)

// TestGenerateTypeChecks checks that generated packages are valid Go and
// that generation is deterministic.
func TestGenerateTypeChecks(t *testing.T) {
	repo, err := FindRepo(".")
	if err != nil {
		t.Fatal(err)
	}
	c := NewChecker(repo)
	n := 200
	if testing.Short() {
		n = 40
	}
	bad := 0
	for seed := uint64(1); seed <= uint64(n); seed++ {
		src, _ := Generate(seed, DefaultConfig).Render()
		again, _ := Generate(seed, DefaultConfig).Render()
		if src != again {
			t.Fatalf("seed %d: generation is not deterministic", seed)
		}
		if err := c.Check(src); err != nil {
			bad++
			if bad <= 5 {
				t.Errorf("seed %d: %v", seed, err)
				if os.Getenv("RPG_SHOW") != "" {
					t.Log(src)
				}
			}
		}
	}
	if bad > 0 {
		t.Errorf("%d of %d packages do not type-check", bad, n)
	}
}

func TestShow(t *testing.T) {
	if os.Getenv("RPG_SEED") == "" {
		t.Skip()
	}
	var seed uint64
	for _, c := range os.Getenv("RPG_SEED") {
		seed = seed*10 + uint64(c-'0')
	}
	src, _ := Generate(seed, DefaultConfig).Render()
	t.Log("\n" + src)
}

func TestDump(t *testing.T) {
	dir := os.Getenv("RPG_DUMP")
	if dir == "" {
		t.Skip()
	}
	for seed := uint64(1); seed <= 1; seed++ {
		p := Generate(seed, DefaultConfig)
		src, _ := p.Render()
		os.MkdirAll(dir+"/"+p.Pkg, 0o755)
		os.WriteFile(dir+"/"+p.Pkg+"/p.go", []byte(src), 0o644)
	}
}
