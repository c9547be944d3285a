package frontend

import (
	"go/types"
	"strings"

	"github.com/lmsgen/lmsgen/ir"
)

// This file prints a staged slice of structs split per field (soa.go),
// or the caller's array of structs (aos.go), with fmt.Print, Println,
// Printf's %v, Sprint, Sprintln and Sprintf's %v, in Go's format ([{1 2} {3 4}], nested structs in braces). The
// call is cut at each such operand into segments: the text and operands
// around it are one Printf (or Sprintf) of the generated code, and the
// slice is a staged loop that gathers the fields of each element and
// prints them with the element's format ("{%v %v}"), a space between
// two elements. Sprint's segments are concatenated into a staged string
// variable. A static slice of structs holding Reps is printed as a
// snapshot of its current values (soaStatic).
//
// Refused, with a positioned error: an element type with a String, Error
// or Format method (fmt would call it; the generated code cannot), and
// any verb but a plain %v for such an operand (Printf's flags and %#v
// are refused for every operand by checkFormat).

// printSeg is a part of a print call: a Printf format and its operands,
// or (soa != nil, or isAoS) a slice of structs of element type et printed
// as %v: split per field, or the caller's array of structs aos.
type printSeg struct {
	format string
	exps   []ir.Exp
	soa    structure
	aos    ir.Exp
	isAoS  bool
	et     types.Type
}

// soaPrintItem makes the operand v (a slice of structs of element type
// et) a split slice or an array of structs to print, or fails with the
// reason it cannot be printed.
func (ev *evaluator) soaPrintItem(it printItem, v value, et types.Type, kind string) printItem {
	if m := formatMethod(et, map[types.Type]bool{}); m != "" {
		ev.fail("fmt.%s of a staged slice of %s: the element type has a %s method, which the generated code cannot call; print its elements' fields", kind, typeString(et), m)
	}
	if a, ok := ev.aosExp(v); ok {
		it.aos, it.isAoS, it.et = a, true, et
		return it
	}
	switch x := v.(type) {
	case structure:
		it.soa = x
	case sliceV:
		it.soa = ev.soaStatic(x, et, false, "fmt."+kind+" of a slice of "+typeString(et))
	default:
		ev.fail("fmt.%s of %s holding Reps is not supported: print its fields", kind, describe(v))
	}
	it.et = et
	return it
}

// formatMethod returns the name of a method of t, or of a field's type,
// that fmt's %v would call instead of printing the fields, or "".
func formatMethod(t types.Type, seen map[types.Type]bool) string {
	if seen[t] {
		return ""
	}
	seen[t] = true
	ms := types.NewMethodSet(types.NewPointer(t))
	for _, name := range []string{"Format", "Error", "String"} {
		if ms.Lookup(nil, name) != nil {
			return name
		}
	}
	if st, ok := t.Underlying().(*types.Struct); ok {
		for i := range st.NumFields() {
			if m := formatMethod(st.Field(i).Type(), seen); m != "" {
				return m
			}
		}
	}
	return ""
}

// hasSoAItem reports whether an operand is a split slice.
func hasSoAItem(items []printItem) bool {
	for _, it := range items {
		if it.soa != nil || it.isAoS {
			return true
		}
	}
	return false
}

// printSegs cuts the operands of Print, Println (or their S forms) into
// segments, with fmt's spacing.
func (fr *frame) printSegs(kind string, items []printItem) []printSeg {
	var segs []printSeg
	var sb strings.Builder
	var exps []ir.Exp
	flush := func() {
		if sb.Len() > 0 || len(exps) > 0 {
			segs = append(segs, printSeg{format: sb.String(), exps: exps})
		}
		sb.Reset()
		exps = nil
	}
	ln := strings.HasSuffix(kind, "ln")
	for i, it := range items {
		if i > 0 && (ln || !isStringType(items[i-1].t) && !isStringType(it.t)) {
			sb.WriteByte(' ')
		}
		switch {
		case it.soa != nil || it.isAoS:
			flush()
			segs = append(segs, it.seg())
		case it.isText:
			sb.WriteString(strings.ReplaceAll(it.text, "%", "%%"))
		default:
			sb.WriteString("%v")
			exps = append(exps, it.e)
		}
	}
	if ln {
		sb.WriteByte('\n')
	}
	flush()
	return segs
}

// emitSegs writes the segments: printed (out == nil) or appended to the
// staged string variable out.
func (fr *frame) emitSegs(segs []printSeg, out *ir.Exp) {
	ev := fr.ev
	b := ev.b
	emit := func(format string, exps []ir.Exp) {
		ev.at()
		if out == nil {
			b.Print(ir.OpPrintf, append([]ir.Exp{b.Const(ir.String, format)}, exps...)...)
			ev.writes++
			return
		}
		var s ir.Exp
		if len(exps) == 0 {
			s = b.Const(ir.String, strings.ReplaceAll(format, "%%", "%"))
		} else {
			s = b.Call(ir.Callee{Pkg: "fmt", Name: "Sprintf", Pure: true}, ir.String, append([]ir.Exp{b.Const(ir.String, format)}, exps...)...)
		}
		b.WriteVar(*out, b.Concat(b.ReadVar(*out), s))
	}
	for _, sg := range segs {
		if sg.soa == nil && !sg.isAoS {
			emit(sg.format, sg.exps)
			continue
		}
		var ef strings.Builder
		elemFormat(&ef, sg.et)
		var leaves []ir.Exp
		var fs []ir.FieldSel
		if sg.isAoS {
			fs = b.Graph().TypeOf(sg.aos).Elem.Leaves()
		} else {
			leaves = soaLeaves(sg.soa)
		}
		emit("[", nil)
		ev.at()
		var n ir.Exp
		if sg.isAoS {
			n = b.Len(sg.aos)
		} else {
			n = b.Len(leaves[0])
		}
		i := b.NewVar(b.Const(ir.Int, 0))
		b.While(func() ir.Exp {
			return b.Compare(ir.OpLt, b.ReadVar(i), n)
		}, func() {
			k := b.ReadVar(i)
			b.If(b.Compare(ir.OpGt, k, b.Const(ir.Int, 0)), ir.Void, func() ir.Exp {
				emit(" ", nil)
				return b.Unit()
			}, func() ir.Exp { return b.Unit() })
			var fields []ir.Exp
			for _, l := range leaves {
				fields = append(fields, b.IndexInRange(l, k))
			}
			for _, f := range fs {
				fields = append(fields, b.FieldGetInRange(sg.aos, k, f))
			}
			emit(ef.String(), fields)
			b.WriteVar(i, b.Binary(ir.OpAdd, k, b.Const(ir.Int, 1)))
		})
		emit("]", nil)
	}
}

// seg is the segment of the operand it, a slice of structs.
func (it printItem) seg() printSeg {
	return printSeg{soa: it.soa, aos: it.aos, isAoS: it.isAoS, et: it.et}
}

// elemFormat writes the format of a struct of type t as %v prints it:
// the fields in braces, separated by spaces.
func elemFormat(sb *strings.Builder, t types.Type) {
	st, ok := t.Underlying().(*types.Struct)
	if !ok {
		sb.WriteString("%v")
		return
	}
	sb.WriteByte('{')
	for i := range st.NumFields() {
		if i > 0 {
			sb.WriteByte(' ')
		}
		elemFormat(sb, st.Field(i).Type())
	}
	sb.WriteByte('}')
}

// printSplit stages a print call with a split slice among its operands.
func (fr *frame) printSplit(kind, format string, items []printItem) {
	fr.emitSegs(fr.callSegs(kind, format, items), nil)
}

// sprintSplit stages a Sprint call with a split slice among its
// operands: the segments appended to a staged string.
func (fr *frame) sprintSplit(kind, format string, items []printItem) value {
	ev := fr.ev
	ev.at()
	acc := ev.b.NewVar(ev.b.Const(ir.String, ""))
	fr.emitSegs(fr.callSegs(kind, format, items), &acc)
	ev.at()
	return ev.newRep(ev.b.ReadVar(acc), "the result of fmt."+kind)
}

func (fr *frame) callSegs(kind, format string, items []printItem) []printSeg {
	if strings.HasSuffix(kind, "f") {
		return fr.formatSegs(format, items)
	}
	for _, it := range items {
		fr.ev.printable(it)
	}
	return fr.printSegs(kind, items)
}
