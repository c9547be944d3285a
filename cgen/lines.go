package cgen

import "github.com/lmsgen/lmsgen/ir"

// This file marks the lines of a function with the node they are written
// for (Options.Lines): cFile resolves the marks (ir.LineMap.Resolve).

// writing makes n the node the next lines are written for, when lines are
// marked, and returns the function that restores the node before it.
func (fn *fnGen) writing(n *ir.Node) func() {
	if fn.fl.opts.Lines == nil {
		return func() {}
	}
	old := fn.mark
	fn.mark = ir.Mark(fn.sg.index, n.Sym)
	return func() { fn.mark = old }
}

// remark returns text, a line written again in place of old, with old's
// mark.
func (fn *fnGen) remark(old, text string) string {
	if fn.fl.opts.Lines == nil {
		return text
	}
	_, o := ir.CutMark(old)
	if !o.HasNode() {
		return text
	}
	return text + ir.Mark(int(o.Func), o.Sym)
}
