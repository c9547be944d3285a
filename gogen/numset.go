package gogen

// numSet is a set of small non-negative integers, one bit each, in pages
// of numPage bits allocated at first use: the numbers of the names x<N>
// a namer hands out are the graph's symbols, dense in a big function and
// few in a small one (a lambda's), where a page costs 512 bytes.
type numSet struct {
	pages []*[numPage / 64]uint64
}

// numPage is the number of bits of a page of a numSet.
const numPage = 4096

// numMax bounds the numbers a numSet holds: its page index stays small
// (32 KiB at most) whatever number a name spells.
const numMax = 1 << 24

func (s *numSet) has(n int) bool {
	p := n / numPage
	return p < len(s.pages) && s.pages[p] != nil && s.pages[p][n%numPage/64]&(1<<(n%64)) != 0
}

func (s *numSet) add(n int) {
	p := n / numPage
	if p >= len(s.pages) {
		s.pages = append(s.pages, make([]*[numPage / 64]uint64, p+1-len(s.pages))...)
	}
	if s.pages[p] == nil {
		s.pages[p] = new([numPage / 64]uint64)
	}
	s.pages[p][n%numPage/64] |= 1 << (n % 64)
}
