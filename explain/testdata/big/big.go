// Package big is a staging function whose graph has about 2,000 nodes in
// nested blocks: explain's browser test checks that its drawing can be
// read (zoom, fold, focus on a node).
package big

import "github.com/lmsgen/lmsgen/stage"

//lms:gen Big
func big(xs []stage.Float64, n stage.Int) stage.Float64 {
	acc := stage.Float64(0)
	for r := 0; r < 22; r++ {
		for i := stage.Int(0); i < n; i++ {
			x := xs[i] + stage.Float64(r)
			for k := 0; k < 40; k++ {
				if k%2 == 0 {
					x = x*1.5 + stage.Float64(k)
				} else {
					x = x - x*0.25
				}
			}
			acc += x
		}
	}
	return acc
}
