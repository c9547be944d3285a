package frontend

import "testing"

// TestForgetBirths checks forgetBirths: the births are forgotten, and the
// map is cleared (its table kept) while it holds a quarter of the most it
// held, else replaced by a small one.
func TestForgetBirths(t *testing.T) {
	ev := &evaluator{birth: map[*value]int32{}}
	fill := func(n int) {
		for range n {
			ev.birth[new(value)] = 1
		}
	}
	fill(1000)
	m := ev.birth
	ev.forgetBirths()
	if len(ev.birth) != 0 || ev.birthPeak != 1000 {
		t.Fatalf("after 1000 births: %d births, peak %d; want 0, 1000", len(ev.birth), ev.birthPeak)
	}
	m[nil] = 2 // ev.birth is m, cleared
	if ev.birth[nil] != 2 {
		t.Fatal("1000 births of 1000 at most: the map was replaced, not cleared")
	}
	clear(m)
	fill(300)
	ev.forgetBirths()
	if len(ev.birth) != 0 || ev.birthPeak != 1000 {
		t.Fatalf("after 300 births: %d births, peak %d; want 0, 1000", len(ev.birth), ev.birthPeak)
	}
	fill(200)
	ev.forgetBirths()
	m[nil] = 3
	if len(ev.birth) != 0 || ev.birthPeak != 0 || ev.birth[nil] == 3 {
		t.Fatalf("after 200 births of 1000 at most: %d births, peak %d, want a new map", len(ev.birth), ev.birthPeak)
	}
	ev.forgetBirths() // nothing to forget
	if len(ev.birth) != 0 || ev.birthPeak != 0 {
		t.Fatalf("no births: %d births, peak %d", len(ev.birth), ev.birthPeak)
	}
}
