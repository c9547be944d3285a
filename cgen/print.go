package cgen

import (
	"strings"

	"github.com/lmsgen/lmsgen/ir"
)

// This file writes output: fmt.Print, Println and Printf through the
// runtime's fmt port (and fmt.Sprint, Sprintln and Sprintf into a string
// of the call), the builtin print and println through its port of
// the Go runtime's printing. Values of basic types are passed as lms_arg;
// a slice printed by Print or Println is formatted as %v formats it, by a
// generated function, and passed as its text (with the spaces Print puts
// between operands that are not strings written explicitly).

// print writes an output statement (without the semicolon).
func (fn *fnGen) print(n *ir.Node) string {
	format, list := fn.printArgs(n, n.Op, n.Args)
	switch n.Op {
	case ir.OpPrintf:
		return "lms_printf(" + format + ", " + list + ")"
	case ir.OpPrint:
		return "lms_print(" + list + ")"
	case ir.OpPrintln:
		return "lms_println(" + list + ")"
	case ir.OpEprint:
		return "lms_builtin_print(" + list + ")"
	}
	return "lms_builtin_println(" + list + ")"
}

// sprintOps are fmt.Sprint, Sprintln and Sprintf, which the Go output
// calls, as the printing they format like.
var sprintOps = map[string]ir.Op{"fmt.Sprint": ir.OpPrint, "fmt.Sprintln": ir.OpPrintln, "fmt.Sprintf": ir.OpPrintf}

// sprintCall writes fmt.Sprint, Sprintln or Sprintf (key): the runtime
// formats into a string owned by the call, as Print, Println and Printf
// format to the output.
func (fn *fnGen) sprintCall(n *ir.Node, key string) cx {
	op := sprintOps[key]
	format, list := fn.printArgs(n, op, n.Args)
	switch op {
	case ir.OpPrintf:
		return call("lms_sprintf", format, list)
	case ir.OpPrint:
		return call("lms_sprint", list)
	}
	return call("lms_sprintln", list)
}

// printArgs writes the format (for Printf) and the list of lms_arg of
// the operands args of a printing or formatting node n, which prints as
// op does.
func (fn *fnGen) printArgs(n *ir.Node, op ir.Op, args []ir.Exp) (format, list string) {
	if op == ir.OpPrintf {
		format = fn.ref(args[0]).s
		args = args[1:]
	}
	var vals []string
	for i, a := range args {
		t := fn.g.TypeOf(a)
		if op == ir.OpPrint && i > 0 {
			// Go puts a space between operands that are not strings; the
			// runtime sees the text of a slice as a string.
			prev := fn.g.TypeOf(args[i-1])
			if (t.Kind == ir.KSlice || prev.Kind == ir.KSlice) && t.Kind != ir.KString && prev.Kind != ir.KString {
				vals = append(vals, `lms_arg_string(LMS_STR(" "))`)
			}
		}
		vals = append(vals, fn.printArg(n, op, a))
	}
	list = "0, NULL"
	if len(vals) > 0 {
		list = "LMS_ARGS(" + strings.Join(vals, ", ") + ")"
	}
	return format, list
}

// printArg writes the lms_arg of a value printed by n as op prints.
func (fn *fnGen) printArg(n *ir.Node, op ir.Op, a ir.Exp) string {
	t := fn.g.TypeOf(a)
	switch {
	case t.IsBasic():
		return argMaker(t) + "(" + fn.ref(a).s + ")"
	case t.Kind == ir.KSlice && (op == ir.OpPrint || op == ir.OpPrintln) && printableSlice(t):
		return "lms_arg_string(" + fn.fl.sprintHelper(t) + "(" + fn.ref(a).s + "))"
	}
	what := map[ir.Op]string{ir.OpPrintf: "fmt.Printf", ir.OpPrint: "fmt.Print", ir.OpPrintln: "fmt.Println",
		ir.OpEprint: "print", ir.OpEprintln: "println"}[op]
	if n.Op == ir.OpCall {
		c := n.Aux.(ir.Callee)
		what = c.Pkg + "." + c.Name
	}
	fn.sg.errorf(n, "%s of a value of type %v is not supported in C (fmt.Print and fmt.Println print slices; "+
		"print other values element by element)", what, sigType(t))
	return "lms_arg_bool(false)"
}

// printableSlice reports whether the generated formatter handles slices
// of type t: slices of basic types and of such slices.
func printableSlice(t *ir.Type) bool {
	for t.Kind == ir.KSlice {
		t = t.Elem
	}
	return t.IsBasic()
}
