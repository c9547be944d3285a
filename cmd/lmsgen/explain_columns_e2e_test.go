package main

import (
	"path/filepath"
	"regexp"
	"testing"

	"github.com/stretchr/testify/require"
)

// columnsSrc has a staged loop (staged control), staged operations, static
// code and a loop-invariant product the schedule hoists.
const columnsSrc = `package kernels

import "github.com/lmsgen/lmsgen/stage"

//lms:gen Scaled k=3
func scaled(xs []stage.Int, a stage.Int, k int) stage.Int {
	s := stage.Int(0)
	for i := stage.Int(0); i < stage.Int(len(xs)); i++ {
		s += xs[i] * (a * stage.Int(k*k))
	}
	return s
}
`

// TestExplainColumns checks what the columns of a page say: the source
// marks staged operations and staged control apart from static code, the
// schedule gives each code-motion decision with its reason (the hoisted
// product), every graph pass has its column with its counts, and the Go
// and C are shown, their lines linked to nodes.
func TestExplainColumns(t *testing.T) {
	t.Parallel()
	dir := module(t, map[string]string{"kernels/kernels.go": columnsSrc})
	kdir := filepath.Join(dir, "kernels")
	r := lmsgen(t, kdir, "-explain", "-lang=go,c")
	require.Equal(t, 0, r.status, r.stderr)
	page := read(t, filepath.Join(kdir, "kernels_lms_explain.html"))

	// Source: the loop's counter is staged control, the product a staged
	// operation, k*k static (no node).
	require.Regexp(t, `<span class="n ctl" data-n="[^"]+">i</span>`, page)
	require.Regexp(t, `<span class="n rep" data-n="[^"]+">\*</span>`, page)
	require.Contains(t, page, "k*k") // no span: the * of k*k has no node
	// Schedule: the product a*9 is hoisted out of the loop, with why.
	require.Regexp(t, `<div class="ln n dec" data-n="\d+">x\d+ \(\*\) hoisted from x\d+\.body to top: out of the body of x\d+ \(W\)</div>`, page)
	// The graph passes, each a column with its counts.
	require.Regexp(t, `<h3>evaluate: \d+ nodes</h3>`, page)
	require.Regexp(t, `<h3>dce: \d+ nodes \(\+\d+ −\d+ ~\d+\)</h3>`, page)
	// Go and C side by side, lines linked to nodes.
	require.Contains(t, page, "<h3>Go: kernels_lms.go</h3>")
	require.Contains(t, page, "<h3>C: lmsc/kernels_lms.c</h3>")
	require.GreaterOrEqual(t, len(regexp.MustCompile(`class="ln n[^"]*" data-n=`).FindAllString(page, -1)), 10)
}
