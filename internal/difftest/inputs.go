package difftest

import (
	"bytes"
	"fmt"
	"strings"

	"github.com/lmsgen/lmsgen/frontend"
	"github.com/lmsgen/lmsgen/ir"
)

// This file writes the functions drawing a test's inputs and listing
// the sizes its work grows with.

// leafName names leaf i of a as the test's comments do (w.Lo).
func leafName(a testArg, i int) string {
	return ir.Selector(a.Value.Name, a.Value.LeafPaths()[i])
}

// writeInputs writes lmsInputs<Name>, which draws random arguments: its
// comment names the parameters drawn small because they bound a loop,
// and those //lms:test sets.
func writeInputs(b *bytes.Buffer, s testSpec, dyn []testArg, qual string) {
	var small, set []string
	for _, a := range dyn {
		for i, lb := range a.LoopBound {
			if lb && (a.Test == nil || a.Test[i].Value == nil) {
				name := leafName(a, i)
				if a.Value.LeafValues()[i].Type.Kind == ir.KSlice {
					name = "the elements of " + name
				}
				small = append(small, name)
			}
		}
		for i := range a.Test {
			lt := a.Test[i]
			if lt.Len != nil {
				set = append(set, fmt.Sprintf("%s.len=%s", leafName(a, i), rangeText(lt.Len)))
			}
			if lt.Value != nil {
				name := leafName(a, i)
				if a.Value.LeafValues()[i].Type.Kind == ir.KSlice {
					name += ".elem"
				}
				set = append(set, fmt.Sprintf("%s=%s", name, rangeText(lt.Value)))
			}
		}
	}
	doc := fmt.Sprintf("lmsInputs%s draws arguments for %s.", s.Name, s.Name)
	list := frontend.JoinAnd(small)
	if strings.HasPrefix(list, "the elements") {
		list = "T" + list[1:]
	}
	switch {
	case len(small) == 0:
	case len(small) == 1 && !strings.HasPrefix(small[0], "the elements"):
		doc += fmt.Sprintf(" %s may bound a staged loop (or a costly call): it is drawn small (lmsSmallInt, lmsSmallFloat), since with any number the test might not finish.", small[0])
	default:
		doc += fmt.Sprintf(" %s may bound a staged loop (or a costly call): they are drawn small (lmsSmallInt, lmsSmallFloat), since with any numbers the test might not finish.", list)
	}
	if len(set) > 0 {
		doc += " //lms:test sets " + frontend.JoinAnd(set) + "."
	}
	writeAoSElems(b, s.Name, dyn, qual)
	b.WriteString("\n")
	writeComment(b, doc)
	fmt.Fprintf(b, "func lmsInputs%s(r *rand.Rand) (", s.Name)
	for i, a := range dyn {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(goType(a.Value, qual))
	}
	b.WriteString(") {\n\treturn ")
	for i, a := range dyn {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(genGoValue(a, qual, s.Name, i))
	}
	b.WriteString("\n}\n")
}

func rangeText(r *frontend.Range) string {
	if r.Lo == r.Hi {
		return r.Lo
	}
	return r.Lo + ".." + r.Hi
}

// writeSize writes lmsSize<Name>, which lists the numbers the work of a
// call grows with: the numbers that may bound a loop, the lengths of the
// slices, and the largest element of a slice whose elements may bound a
// loop. The test skips, without running it, an input whose sizes are all
// at least those of an input that exceeded the work budget.
func writeSize(b *bytes.Buffer, s testSpec, dyn []testArg, qual string) {
	var xs []string
	for d, a := range dyn {
		for i, l := range a.Value.LeafValues() {
			x := ir.Selector(fmt.Sprintf("a%d", d), a.Value.LeafPaths()[i])
			switch {
			case l.Type.Kind == ir.KSlice:
				xs = append(xs, fmt.Sprintf("float64(len(%s))", x))
				if a.LoopBound[i] && l.Type.Elem.Kind != ir.KStruct {
					xs = append(xs, fmt.Sprintf("lmsMax(%s)", x))
				}
			case a.LoopBound[i]:
				xs = append(xs, fmt.Sprintf("float64(%s)", x))
			}
		}
	}
	fmt.Fprintf(b, "\n// lmsSize%s lists the numbers the work of %s grows with.\nfunc lmsSize%s(", s.Name, s.Name, s.Name)
	for d, a := range dyn {
		if d > 0 {
			b.WriteString(", ")
		}
		fmt.Fprintf(b, "a%d %s", d, goType(a.Value, qual))
	}
	fmt.Fprintf(b, ") []float64 {\n\treturn []float64{%s}\n}\n", strings.Join(xs, ", "))
}
