// Package golden holds what the golden tests of every package share: the
// diff they print when an output differs from its golden file. It is
// imported by tests only.
package golden

import "strings"

// Diff returns the lines that differ between want and got, each marked -
// or +, in order (a line diff by longest common subsequence, enough for
// the size of golden files).
func Diff(want, got string) string {
	w, g := strings.Split(want, "\n"), strings.Split(got, "\n")
	lcs := make([][]int, len(w)+1)
	for i := range lcs {
		lcs[i] = make([]int, len(g)+1)
	}
	for i := len(w) - 1; i >= 0; i-- {
		for j := len(g) - 1; j >= 0; j-- {
			if w[i] == g[j] {
				lcs[i][j] = lcs[i+1][j+1] + 1
			} else {
				lcs[i][j] = max(lcs[i+1][j], lcs[i][j+1])
			}
		}
	}
	var sb strings.Builder
	i, j := 0, 0
	for i < len(w) || j < len(g) {
		switch {
		case i < len(w) && j < len(g) && w[i] == g[j]:
			i++
			j++
		case j < len(g) && (i == len(w) || lcs[i][j+1] >= lcs[i+1][j]):
			sb.WriteString("+ " + g[j] + "\n")
			j++
		default:
			sb.WriteString("- " + w[i] + "\n")
			i++
		}
	}
	return sb.String()
}
