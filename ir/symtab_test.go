package ir

import "testing"

// TestSymTab fills a table across several pages and checks every entry,
// and that a shared copy keeps its entries while the original grows.
func TestSymTab(t *testing.T) {
	var tab symTab[int32]
	const n = 3*symPage + 17
	var shared symTab[int32]
	for i := range int32(n) {
		if i == symPage+5 {
			shared = tab.share()
		}
		tab.push(i)
	}
	for i := range Sym(n) {
		tab.set(i, tab.at(i)*2)
	}
	if tab.len() != n || shared.len() != symPage+5 {
		t.Fatalf("lengths %d and %d, want %d and %d", tab.len(), shared.len(), n, symPage+5)
	}
	for i := range Sym(n) {
		if got := tab.at(i); got != 2*int32(i) {
			t.Fatalf("entry %d is %d, want %d", i, got, 2*i)
		}
	}
	z := newSymTab[*Node](n)
	if z.len() != n || z.at(n-1) != nil || len(z.pages) != 4 {
		t.Fatalf("newSymTab(%d): %d entries in %d pages", n, z.len(), len(z.pages))
	}
	z.set(n-1, &Node{Sym: 7})
	if z.at(n-1).Sym != 7 {
		t.Fatal("set lost")
	}
}
