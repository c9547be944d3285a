package frontend

import (
	"fmt"
	"go/types"
	"sort"
	"strings"

	"github.com/lmsgen/lmsgen/ir"
)

// This file stages fmt.Print, fmt.Println and fmt.Printf. Output is always
// an effect of the generated code, whatever the arguments. fmt.Sprint,
// Sprintln and Sprintf with a Rep among their arguments are pure calls of
// the generated code (computed at generation time when all are static). A static
// argument becomes a constant; a static value of a composite type (a
// struct, an array, a slice, a map) is formatted at generation time as
// fmt would format it, and so is a static value with a String or Error
// method. Printf's verbs are limited to those the C backend implements:
// %v %d %s %t %g %e %f %x %X %c %q %%, with the flags - + 0 and space, a
// width and a precision; %T (the operand's type, any operand) is written
// into the format at generation time.

// printsStaged reports whether output is staged now: not before the
// staging function is called. Package initialization (and the static
// arguments) run once, at generation time, as Go runs them once when the
// program starts; the generated code is part of the same package, whose
// initializers print when the program starts, so staging their output
// would print it again on every call of the generated function.
func (ev *evaluator) printsStaged() bool { return ev.calling }

// printItem is one operand: an expression, or text formatted now.
type printItem struct {
	e      ir.Exp
	text   string
	isText bool
	t      types.Type // dynamic type (nil for a nil interface)
	// bad, if not "", says why the operand cannot be printed: only
	// Printf's %T, which needs just its type, takes it.
	bad string
	// soa, if not nil, is a split slice of structs of type et, printed
	// by a staged loop (printsoa.go); aos, if isAoS, the caller's array
	// of structs, printed so.
	soa   structure
	aos   ir.Exp
	isAoS bool
	et    types.Type
}

// printable fails with the reason an operand cannot be printed, if any.
func (ev *evaluator) printable(it printItem) {
	if it.bad != "" {
		ev.fail("%s", it.bad)
	}
}

func (fr *frame) printCall(kind string, args []value) {
	ev := fr.ev
	if !ev.printsStaged() {
		return
	}
	ev.checkStdout()
	format, items := fr.printItems(kind, args)
	if hasSoAItem(items) {
		fr.printSplit(kind, format, items)
		return
	}
	if kind != "Printf" {
		for _, it := range items {
			ev.printable(it)
		}
	}
	ev.at()
	switch kind {
	case "Println":
		ev.b.Print(ir.OpPrintln, fr.itemExps(items)...)
	case "Print":
		if f, exps, ok := fr.printAsPrintf(items); ok {
			ev.b.Print(ir.OpPrintf, append([]ir.Exp{ev.b.Const(ir.String, f)}, exps...)...)
		} else {
			ev.b.Print(ir.OpPrint, fr.itemExps(items)...)
		}
	case "Printf":
		f, exps := fr.checkFormat(format, items)
		ev.b.Print(ir.OpPrintf, append([]ir.Exp{ev.b.Const(ir.String, f)}, exps...)...)
	}
	ev.writes++
}

// sprintCall stages fmt.Sprint, Sprintln or Sprintf with a Rep among its
// arguments: a pure call of the generated code returning a string.
func (fr *frame) sprintCall(kind string, args []value) value {
	ev := fr.ev
	format, items := fr.printItems(kind, args)
	if hasSoAItem(items) {
		return fr.sprintSplit(kind, format, items)
	}
	for _, it := range items {
		if kind != "Sprintf" {
			ev.printable(it)
		}
		if it.bad == "" && !it.isText && ev.b.Graph().TypeOf(it.e).Kind == ir.KSlice {
			ev.fail("fmt.%s of a slice holding Reps is not supported: format its elements", kind)
		}
	}
	ev.at()
	var exps []ir.Exp
	switch kind {
	case "Sprintln":
		exps = fr.itemExps(items)
	case "Sprint":
		if f, fexps, ok := fr.printAsPrintf(items); ok {
			kind, exps = "Sprintf", append([]ir.Exp{ev.b.Const(ir.String, f)}, fexps...)
		} else {
			exps = fr.itemExps(items)
		}
	case "Sprintf":
		f, fexps := fr.checkFormat(format, items)
		exps = append([]ir.Exp{ev.b.Const(ir.String, f)}, fexps...)
	}
	e := ev.b.Call(ir.Callee{Pkg: "fmt", Name: kind, Pure: true}, ir.String, exps...)
	var from []value
	for _, a := range items {
		if !a.isText {
			from = append(from, &rep{e: a.e})
		}
	}
	return ev.newRep(e, "the result of fmt."+kind, from...)
}

// printItems returns the format (for Printf and Sprintf) and the operands
// of a call of fmt's printing functions.
func (fr *frame) printItems(kind string, args []value) (string, []printItem) {
	ev := fr.ev
	var format string
	if strings.HasSuffix(kind, "f") {
		f, ok := args[0].(string)
		if !ok {
			ev.fail("the format of fmt.%s must be static, but %s", kind, ev.whyRep(args[0]))
		}
		format = f
		args = args[1:]
	}
	s, ok := args[0].(sliceV)
	if !ok {
		ev.fail("fmt.%s with a dynamic slice of arguments (f(xs...)) is not supported", kind)
	}
	var items []printItem
	for i := range s.len {
		a, _ := ev.load(&s.base[s.off+i]).(iface)
		items = append(items, fr.printItem(a, kind))
	}
	return format, items
}

// printAsPrintf writes the operands of Print or Sprint as a format and its
// arguments when some were formatted now (as text): Print puts a space
// between operands when neither is a string, which depends on the
// operands' types, not on the text.
func (fr *frame) printAsPrintf(items []printItem) (string, []ir.Exp, bool) {
	simple := true
	for _, it := range items {
		simple = simple && !it.isText
	}
	if simple {
		return "", nil, false
	}
	var sb strings.Builder
	var exps []ir.Exp
	for i, it := range items {
		if i > 0 && !isStringType(items[i-1].t) && !isStringType(it.t) {
			sb.WriteByte(' ')
		}
		if it.isText {
			sb.WriteString(strings.ReplaceAll(it.text, "%", "%%"))
		} else {
			sb.WriteString("%v")
			exps = append(exps, it.e)
		}
	}
	return sb.String(), exps, true
}

func isStringType(t types.Type) bool {
	return t != nil && basicKind(t) == types.String
}

func (fr *frame) itemExps(items []printItem) []ir.Exp {
	exps := make([]ir.Exp, len(items))
	for i, it := range items {
		if it.isText {
			exps[i] = fr.ev.b.Const(ir.String, it.text)
		} else {
			exps[i] = it.e
		}
	}
	return exps
}

// printItem converts one operand.
func (fr *frame) printItem(a iface, kind string) printItem {
	ev := fr.ev
	it := printItem{t: a.t}
	if a.t == nil {
		it.text, it.isText = "<nil>", true
		return it
	}
	if s, ok := ev.stringMethod(a); ok {
		if r, ok := s.(*rep); ok {
			it.e = r.e
		} else {
			it.text, it.isText = s.(string), true
		}
		return it
	}
	if et, ok := soaElemType(a.t); ok && formatMethod(et, map[types.Type]bool{}) == "" {
		// The caller's array of structs, printed by a staged loop; with
		// a String, Error or Format method, fmt prints it in the Go
		// output (and C refuses it).
		if _, ok := ev.aosExp(a.v); ok {
			return ev.soaPrintItem(it, a.v, et, kind)
		}
	}
	switch v := a.v.(type) {
	case *rep:
		it.e = v.e
		return it
	case sliceV:
		if hasRep(v, 0) {
			et := irBasic(a.t.Underlying().(*types.Slice).Elem())
			if et == nil {
				break
			}
			it.e = ev.materialize(v, et)
			return it
		}
	}
	if t := irBasic(a.t); t != nil {
		it.e = ev.liftTo(a.v, t, "an argument of fmt."+kind)
		return it
	}
	if hasRep(a.v, 0) {
		if et, ok := soaElemType(a.t); ok {
			return ev.soaPrintItem(it, a.v, et, kind)
		}
		ev.fail("fmt.%s of %s holding Reps is not supported: print its fields", kind, describe(a.v))
	}
	text, ok := ev.formatStatic(a.v, a.t)
	if !ok {
		it.bad = fmt.Sprintf("fmt.%s of %s (type %s): the generated code cannot print it", kind, describe(a.v), typeString(a.t))
		return it
	}
	it.text, it.isText = text, true
	return it
}

// formatStatic formats a static value as fmt's %v does.
func (ev *evaluator) formatStatic(v value, t types.Type) (string, bool) {
	refuseAddr(v, "the printing")
	if t != nil {
		if _, isIface := t.Underlying().(*types.Interface); !isIface {
			if ev.hasMethod(t, "Format") {
				return "", false // fmt.Formatter: not computed here
			}
			if s, ok := ev.stringMethod(iface{t: t, v: v}); ok {
				if str, ok := s.(string); ok {
					return str, true
				}
				return "", false
			}
		}
	}
	switch x := v.(type) {
	case iface:
		if x.t == nil {
			return "<nil>", true
		}
		return ev.formatStatic(x.v, x.t)
	case structure:
		st := t.Underlying().(*types.Struct)
		parts := make([]string, len(x))
		for i := range x {
			s, ok := ev.formatStatic(x[i], st.Field(i).Type())
			if !ok {
				return "", false
			}
			parts[i] = s
		}
		return "{" + strings.Join(parts, " ") + "}", true
	case array:
		et := t.Underlying().(*types.Array).Elem()
		return ev.formatElems(x, et)
	case sliceV:
		et := t.Underlying().(*types.Slice).Elem()
		vals := make([]value, x.len)
		for i := range vals {
			vals[i] = ev.load(&x.base[x.off+i])
		}
		return ev.formatElems(vals, et)
	case *mapV:
		mt := t.Underlying().(*types.Map)
		type kv struct {
			k   value
			ks  string
			val string
		}
		var kvs []kv
		if x != nil {
			for j, k := range x.keys {
				if isDeletedKey(k) {
					continue // (a key holding a NaN cannot be looked up)
				}
				ks, ok1 := ev.formatStatic(k, mt.Key())
				vs, ok2 := ev.formatStatic(ev.load(x.vals[j]), mt.Elem())
				if !ok1 || !ok2 {
					return "", false
				}
				kvs = append(kvs, kv{k, ks, vs})
			}
		}
		sort.SliceStable(kvs, func(i, j int) bool { return lessKey(kvs[i].k, kvs[j].k) })
		parts := make([]string, len(kvs))
		for i, e := range kvs {
			parts[i] = e.ks + ":" + e.val
		}
		return "map[" + strings.Join(parts, " ") + "]", true
	case *value, *closure, *dynElem, *rep:
		return "", false
	}
	if irTypeOfValue(v) != nil {
		return fmt.Sprint(v), true
	}
	return "", false
}

func (ev *evaluator) formatElems(vals []value, et types.Type) (string, bool) {
	parts := make([]string, len(vals))
	for i, e := range vals {
		s, ok := ev.formatStatic(e, et)
		if !ok {
			return "", false
		}
		parts[i] = s
	}
	return "[" + strings.Join(parts, " ") + "]", true
}

// lessKey orders map keys as fmt prints them (numbers, strings, bools).
func lessKey(a, b value) bool {
	switch x := a.(type) {
	case string:
		return x < b.(string)
	case bool:
		return !x && b.(bool)
	case float32:
		return x < b.(float32)
	case float64:
		return x < b.(float64)
	}
	if isIntegerValue(a) && isIntegerValue(b) {
		if _, ok := a.(uint64); ok {
			return cvt[uint64](a) < cvt[uint64](b)
		}
		return cvt[int64](a) < cvt[int64](b)
	}
	return false
}

// checkFormat checks a Printf format against its operands and returns the
// format (with operands formatted now inlined) and the expressions.
func (fr *frame) checkFormat(format string, items []printItem) (string, []ir.Exp) {
	segs := fr.formatSegs(format, items)
	switch {
	case len(segs) == 0:
		return "", nil
	case len(segs) > 1 || segs[0].soa != nil || segs[0].isAoS:
		panic("BUG: checkFormat of a split slice of structs")
	}
	return segs[0].format, segs[0].exps
}

// formatSegs checks a Printf format against its operands and cuts it into
// segments at the split slices (printsoa.go).
func (fr *frame) formatSegs(format string, items []printItem) []printSeg {
	ev := fr.ev
	var out strings.Builder
	var exps []ir.Exp
	var segs []printSeg
	arg := 0
	for i := 0; i < len(format); i++ {
		c := format[i]
		if c != '%' {
			out.WriteByte(c)
			continue
		}
		start := i
		i++
		for i < len(format) && strings.IndexByte("-+ 0", format[i]) >= 0 {
			i++
		}
		if i < len(format) && (format[i] == '#' || format[i] == '*' || format[i] == '[') {
			ev.fail("fmt.Printf format %q: %q is not supported (the C backend implements only the flags - + 0 and space, a width and a precision)", format, format[i])
		}
		for i < len(format) && format[i] >= '0' && format[i] <= '9' {
			i++
		}
		if i < len(format) && format[i] == '.' {
			i++
			if i < len(format) && format[i] == '*' {
				ev.fail("fmt.Printf format %q: * precision is not supported", format)
			}
			for i < len(format) && format[i] >= '0' && format[i] <= '9' {
				i++
			}
		}
		if i >= len(format) {
			ev.fail("fmt.Printf format %q ends in the middle of a verb", format)
		}
		verb := format[i]
		spec := format[start : i+1]
		if verb == '%' {
			if spec != "%%" {
				ev.fail("fmt.Printf format %q: %s is not supported", format, spec)
			}
			out.WriteString("%%")
			continue
		}
		if strings.IndexByte("vdstgefxXcqT", verb) < 0 && (verb != 'w' || !ev.inErrorf) {
			ev.fail("fmt.Printf verb %%%c is not supported: the generated code supports only %%v %%d %%s %%t %%g %%e %%f %%x %%X %%c %%q, %%T and %%%%", verb)
		}
		if arg >= len(items) {
			ev.fail("fmt.Printf format %q needs more arguments than the %d given", format, len(items))
		}
		it := items[arg]
		arg++
		if verb == 'T' {
			if !it.isText && it.bad == "" && ev.b.Graph().TypeOf(it.e).Kind == ir.KOpaque {
				ev.fail("fmt verb %%T of a value of type %s of the generated code: its dynamic type is known only when the generated code runs", ev.b.Graph().TypeOf(it.e))
			}
			if spec != "%T" {
				ev.fail("fmt.Printf verb %s is not supported: only a plain %%T", spec)
			}
			out.WriteString(strings.ReplaceAll(ev.typeName(it.t), "%", "%%"))
			continue
		}
		ev.printable(it)
		if it.soa != nil || it.isAoS {
			if spec != "%v" {
				ev.fail("fmt.Printf verb %s of a staged slice of %s is not supported: only a plain %%v", spec, typeString(it.et))
			}
			segs = append(segs, printSeg{format: out.String(), exps: exps}, it.seg())
			out.Reset()
			exps = nil
			continue
		}
		if it.isText {
			if spec != "%v" && spec != "%s" {
				ev.fail("fmt.Printf verb %s for a static %s: only %%v and %%s are supported for it", spec, typeString(it.t))
			}
			out.WriteString(strings.ReplaceAll(it.text, "%", "%%"))
			continue
		}
		t := ev.b.Graph().TypeOf(it.e)
		if !verbFits(verb, t) {
			ev.fail("fmt.Printf verb %s does not fit an argument of type %v", spec, t)
		}
		out.WriteString(spec)
		exps = append(exps, it.e)
	}
	if arg != len(items) {
		ev.fail("fmt.Printf format %q has %d verbs but %d arguments", format, arg, len(items))
	}
	return append(segs, printSeg{format: out.String(), exps: exps})
}

// verbFits reports whether a verb can format a value of type t.
func verbFits(verb byte, t *ir.Type) bool {
	switch verb {
	case 'v':
		return true
	case 'w':
		return t == ir.ErrorType
	case 's', 'q':
		if t.Kind == ir.KOpaque {
			return true // its Error or String method, or fmt's %!s
		}
	}
	if t.Kind == ir.KSlice && t.Elem == ir.Uint8 && strings.IndexByte("sqxX", verb) >= 0 {
		return true // fmt formats a []byte as the string of its bytes
	}
	switch verb {
	case 'd', 'c':
		return t.IsInteger()
	case 's':
		return t == ir.String
	case 't':
		return t == ir.Bool
	case 'g', 'e', 'f':
		return t.IsFloat()
	case 'x', 'X':
		return t.IsInteger() || t == ir.String
	case 'q':
		return t == ir.String || t.IsInteger()
	}
	return false
}

// staticSprint computes fmt.Sprint or Sprintln (kind) of static operands
// at generation time when one is a composite value (a struct, array,
// slice or map), which the library call cannot take: each operand is
// formatted as fmt's %v does (formatStatic), with fmt's spacing (Sprint
// puts a space between two operands when neither is a string). ok is
// false when an operand cannot be formatted so.
func (ev *evaluator) staticSprint(kind string, args []value) (string, bool) {
	s, ok := args[0].(sliceV)
	if !ok || kind == "Sprintf" {
		return "", false
	}
	ops := make([]iface, s.len)
	composite := false
	for i := range ops {
		ops[i], _ = ev.load(&s.base[s.off+i]).(iface)
		switch ops[i].v.(type) {
		case structure, array, sliceV, *mapV:
			composite = true
		}
		if !plainFmtOperand(ops[i]) {
			composite = true // the library would see its underlying value (fmtstatic.go)
		}
	}
	if !composite {
		return "", false
	}
	var sb strings.Builder
	prevString := false
	for i, a := range ops {
		isString := a.t != nil && isStringType(a.t)
		if i > 0 && (kind == "Sprintln" || !isString && !prevString) {
			sb.WriteByte(' ')
		}
		text, ok := ev.formatStatic(a.v, a.t)
		if a.t == nil {
			text, ok = "<nil>", true
		}
		if !ok {
			return "", false
		}
		sb.WriteString(text)
		prevString = isString
	}
	if kind == "Sprintln" {
		sb.WriteByte('\n')
	}
	return sb.String(), true
}
