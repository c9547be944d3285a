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

// TestVetRedundant: the && and || the generator would write that go vet
// rejects, read through parentheses as vet reads them (seed 5207 wrote
// a && (a && b)).
func TestVetRedundant(t *testing.T) {
	bt := Type{Kind: Bool, Stage: true}
	it := Type{Kind: Int, Stage: true}
	a := &Expr{Op: "var", Var: &Var{Name: "a", T: bt}, T: bt, Dyn: true}
	x := &Expr{Op: "var", Var: &Var{Name: "x", T: it}, T: it, Dyn: true}
	lit := func(s string) *Expr { return &Expr{Op: "lit", Lit: s, T: Type{Kind: Int}, Const: true} }
	bin := func(op string, l, r *Expr) *Expr {
		return &Expr{Op: "bin", Lit: op, T: bt, Dyn: true, Args: []*Expr{l, r}}
	}
	ge := bin(">=", x, lit("8"))
	for _, c := range []struct {
		op   string
		a, b *Expr
		want bool
	}{
		{"&&", a, a, true},
		{"&&", a, bin("&&", a, ge), true},
		{"||", bin("||", ge, a), bin("||", bin("<", x, lit("3")), ge), true},
		{"||", a, bin("&&", a, ge), false}, // another operator: vet does not look inside
		{"&&", a, ge, false},
		{"||", bin("!=", x, lit("1")), bin("!=", x, lit("2")), true}, // suspect or
		{"&&", bin("==", lit("1"), x), bin("==", x, lit("2")), true}, // suspect and
		{"&&", bin("!=", x, lit("1")), bin("!=", x, lit("2")), false},
	} {
		if got := vetRedundant(c.op, c.a, c.b); got != c.want {
			t.Errorf("%s %s %s: vetRedundant = %v, want %v", c.a, c.op, c.b, got, c.want)
		}
	}
}

// TestPrintOnePanic: of a print's arguments at most one may panic (or
// call): Go leaves the order of two panics in one call's arguments
// unspecified, and gc does not take them left to right (seed 5208:
// fmt.Println(x/y, s[s[i]:j]) panics on the index first).
func TestPrintOnePanic(t *testing.T) {
	prints, withPanic := 0, 0
	for seed := uint64(1); seed <= 30; seed++ {
		for _, f := range Generate(seed, DefaultConfig).Funcs {
			for _, s := range f.Body {
				s.walk(func(s *Stmt) {
					if s.Kind != SExpr || s.X == nil || s.X.Op != "call" {
						return
					}
					switch s.X.Lit {
					case "fmt.Println", "fmt.Print", "println", "print":
					default:
						return
					}
					prints++
					n := 0
					for _, a := range s.X.Args {
						if mayPanic(a) {
							n++
						}
					}
					if n > 1 {
						t.Errorf("seed %d %s: %d arguments may panic: %s", seed, f.Name, n, s.X)
					}
					if n == 1 {
						withPanic++
					}
				})
			}
		}
	}
	if prints == 0 || withPanic == 0 {
		t.Errorf("%d prints, %d with an argument that may panic: the test tests nothing", prints, withPanic)
	}
}
