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
