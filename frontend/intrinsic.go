package frontend

import (
	"fmt"
	"go/types"
	"math"
	"slices"
	"strings"
	"unicode/utf8"

	"golang.org/x/tools/go/ssa"

	"github.com/lmsgen/lmsgen/ir"
)

// This file handles the functions recognized by name: the stage package's
// markers and math companions, fmt's printing, slices.Sort on static
// slices of Reps (sortnet.go), the runtime's map copy under maps.Clone,
// and strconv's Append functions.

// intrinsic evaluates a call of a function recognized by name.
func (fr *frame) intrinsic(name string, fn *ssa.Function, args []value, in *ssa.Call) (value, bool) {
	ev := fr.ev
	if name == stagePath+".Let" {
		return fr.let(args[0], in), true
	}
	if sub, ok := strings.CutPrefix(name, stagePath+"."); ok {
		return fr.stageFunc(sub, fn, args), true
	}
	if method, ok := strings.CutPrefix(name, "strings.Builder."); ok {
		return fr.builderMethod(method, fn, args), true
	}
	if f, ok := strings.CutPrefix(name, "strconv.Append"); ok {
		if v, ok := fr.strconvAppend(f, args); ok {
			return v, true
		}
	}
	switch name {
	case "maps.clone":
		// maps.Clone (from source) calls the runtime's copy of a map.
		a, _ := args[0].(iface)
		m, ok := a.v.(*mapV)
		if !ok || m == nil {
			ev.fail("maps.Clone of %s: only a static map can be cloned", describe(a.v))
		}
		return iface{t: a.t, v: ev.cloneMap(m)}, true
	case "slices.Sort":
		if fr.sortNetwork(fn, args) {
			return nil, true
		}
	case "fmt.Print", "fmt.Println", "fmt.Printf":
		if in != nil && usedValue(in) {
			ev.fail("the results of %s cannot be used in staging code: printing is an effect of the generated code", name)
		}
		fr.printCall(name[len("fmt."):], args)
		return nil, true
	case "fmt.Sscan", "fmt.Sscanln", "fmt.Sscanf":
		return fr.sscan(name[len("fmt."):], args), true
	case "fmt.Fprint", "fmt.Fprintln", "fmt.Fprintf":
		return fr.fprintCall("P"+name[len("fmt.Fp"):], args[0], args[1:], in), true
	case "fmt.Sprint", "fmt.Sprintln", "fmt.Sprintf":
		for _, a := range args {
			if hasRep(a, 0) {
				return fr.sprintCall(name[len("fmt."):], args), true
			}
		}
		if s, ok := ev.staticSprint(name[len("fmt."):], args); ok {
			return s, true
		}
		if name == "fmt.Sprintf" {
			return ev.staticSprintf("Sprintf", args)
		}
	case "fmt.Errorf":
		for _, a := range args {
			if hasRep(a, 0) {
				return nil, false
			}
		}
		return ev.staticSprintf("Errorf", args)
	}
	return nil, false
}

// let evaluates stage.Let(x): a Rep x is bound to a local of the
// generated code, a staged variable assigned once (gogen and cgen never
// inline a variable's declaration, and write its reads as its name); it
// is named after the source variable the call is assigned to. A static x
// is returned as it is.
func (fr *frame) let(x value, in *ssa.Call) value {
	ev := fr.ev
	r, ok := x.(*rep)
	if !ok {
		return x
	}
	ev.at()
	e := ev.b.Bind(r.e)
	if in != nil {
		if name := sourceName(in); name != "" {
			ev.b.Name(ev.b.Graph().Def(e.Sym()).Args[0], name)
		}
	}
	return ev.newRep(e, "the value of stage.Let", r)
}

// stageFunc evaluates a function of the stage package.
func (fr *frame) stageFunc(name string, fn *ssa.Function, args []value) value {
	ev := fr.ev
	var targ types.Type
	if ta := fn.TypeArgs(); len(ta) > 0 {
		targ = ta[0]
	}
	switch name {
	case "Fun":
		switch f := args[0].(type) {
		case *closure:
			if f == nil {
				ev.fail("stage.Fun of a nil function")
			}
			if isMadeFunc(f.fn) {
				ev.fail("stage.Fun of a function made by reflect.MakeFunc is not supported: it has no Go source to stage")
			}
			if _, ok := targ.Underlying().(*types.Signature); !ok {
				ev.fail("stage.Fun needs a function, not %s", typeString(targ))
			}
			return &stagedFn{f: f, name: funcName(f.fn)}
		case *stagedFn:
			return f
		}
		ev.fail("stage.Fun needs a static function value")
	case "Dyn":
		return ev.dyn(args[0], targ)
	case "IsStatic":
		return !hasRep(args[0], 0)
	case "SIMD":
		ev.askedSIMD = true
		return ev.simd
	case "Min", "Max":
		return fr.minMax(strings.ToLower(name), args, targ)
	case "IsNaN":
		if r, ok := args[0].(*rep); ok {
			ev.at()
			return ev.newRep(ev.b.Compare(ir.OpNe, r.e, r.e), "the result of stage.IsNaN", r)
		}
		return math.IsNaN(cvt[float64](args[0]))
	}
	if _, ok := natives["math."+name]; ok {
		return fr.mathCompanion(name, args, targ)
	}
	if loopFuncs[name] {
		return fr.loopCall(name, fn, args)
	}
	ev.fail("stage.%s is not supported by this version of lmsgen", name)
	return nil
}

// mathCompanion evaluates stage.F[T](args) as T(math.F(float64(args)...)).
func (fr *frame) mathCompanion(name string, args []value, t types.Type) value {
	ev := fr.ev
	nat := natives["math."+name]
	ft := nat.fn.Type()
	conv := make([]value, len(args))
	anyRep := false
	for i, a := range args {
		if isRep(a) {
			anyRep = true
		}
		if ft.In(i).Kind().String() == "float64" {
			if r, ok := a.(*rep); ok {
				e := r.e
				if ev.b.Graph().TypeOf(e) != ir.Float64 {
					ev.at()
					e = ev.b.Convert(ir.Float64, e)
				}
				conv[i] = &rep{e: e, why: r.why}
			} else {
				conv[i] = cvt[float64](a)
			}
		} else {
			conv[i] = a
		}
	}
	res := ev.nativeCall("math", name, nat, conv, anyRep)
	if ft.Out(0).Kind().String() != "float64" {
		return res
	}
	tt := irBasic(t)
	if r, ok := res.(*rep); ok {
		if tt != ir.Float64 {
			ev.at()
			return ev.newRep(ev.b.Convert(tt, r.e), "the result of stage."+name, r)
		}
		return r
	}
	return toKind(res, irKinds[tt])
}

// dyn makes v dynamic, as stage.Dyn does.
func (ev *evaluator) dyn(v value, t types.Type) value {
	w := &why{pos: ev.whyPos(ev.pos), what: "a value made dynamic by stage.Dyn"}
	switch x := v.(type) {
	case *rep:
		return x
	case structure:
		st, ok := t.Underlying().(*types.Struct)
		if !ok {
			break
		}
		c := make(structure, len(x))
		for i := range x {
			c[i] = ev.dyn(x[i], st.Field(i).Type())
		}
		return c
	case array:
		at, ok := t.Underlying().(*types.Array)
		if !ok {
			break
		}
		c := make(array, len(x))
		for i := range x {
			c[i] = ev.dyn(x[i], at.Elem())
		}
		return c
	case sliceV:
		it := irTypeOf(t)
		if it == nil {
			break
		}
		return &rep{e: ev.materialize(x, it.Elem), why: w}
	}
	it := irBasic(t)
	if it == nil || irTypeOfValue(v) == nil {
		ev.fail("stage.Dyn of %s: only booleans, numbers, strings and slices, arrays and structs of them can be made dynamic", describe(v))
	}
	return &rep{e: ev.liftTo(v, it, "the argument of stage.Dyn"), why: w}
}

// usedValue reports whether an instruction's value is used (debug
// references aside).
func usedValue(v ssa.Value) bool {
	refs := v.Referrers()
	if refs == nil {
		return false
	}
	for _, r := range *refs {
		if _, ok := r.(*ssa.DebugRef); !ok {
			return true
		}
	}
	return false
}

// builderMethod evaluates a method of a static strings.Builder: its bytes
// are kept in its buf field as a static slice.
func (fr *frame) builderMethod(name string, fn *ssa.Function, args []value) value {
	ev := fr.ev
	p, ok := args[0].(*value)
	if !ok || p == nil {
		panic(runtimePanic("invalid memory address or nil pointer dereference"))
	}
	st := fn.Signature.Recv().Type().(*types.Pointer).Elem().Underlying().(*types.Struct)
	field := -1
	for i := range st.NumFields() {
		if st.Field(i).Name() == "buf" {
			field = i
		}
	}
	s, ok := (*p).(structure)
	if !ok || field < 0 {
		ev.fail("strings.Builder.%s: unexpected representation", name)
	}
	// A write under staged control to a builder made before it is
	// staged too: its text then depends on the path taken.
	write := strings.HasPrefix(name, "Write")
	if b := ev.load(&s[field]); hasRep(b, 0) || write && ev.outer(ev.birth[p]) || slices.ContainsFunc(args[1:], func(a value) bool { return hasRep(a, 0) }) {
		return fr.stagedBuilder(name, &s[field], b, args)
	}
	buf := ev.load(&s[field]).(sliceV)
	bytes := func() []byte {
		b := make([]byte, buf.len)
		for i := range b {
			b[i] = ev.load(&buf.base[buf.off+i]).(uint8)
		}
		return b
	}
	appendBytes := func(more []byte) {
		vals := make([]value, len(more))
		for i, c := range more {
			vals[i] = c
		}
		t := sliceV{base: vals, len: len(vals), cap: len(vals)}
		ev.store(&s[field], ev.appendStatic(buf, t, types.Typ[types.Byte]))
	}
	switch name {
	case "WriteString":
		str := args[1].(string)
		appendBytes([]byte(str))
		return tuple{len(str), iface{}}
	case "WriteByte":
		appendBytes([]byte{args[1].(uint8)})
		return iface{}
	case "Write":
		q, _ := args[1].(sliceV)
		more := make([]byte, q.len)
		for i := range more {
			more[i] = ev.load(&q.base[q.off+i]).(uint8)
		}
		appendBytes(more)
		return tuple{len(more), iface{}}
	case "WriteRune":
		b := utf8.AppendRune(nil, rune(args[1].(int32)))
		appendBytes(b)
		return tuple{len(b), iface{}}
	case "String":
		return string(bytes())
	case "Len":
		return buf.len
	case "Cap":
		return buf.cap
	case "Reset":
		ev.store(&s[field], sliceV{})
		return nil
	case "Grow":
		growCheck(args[1].(int))
		return nil
	}
	ev.fail("strings.Builder.%s is not supported during staging", name)
	return nil
}

// strconvFormats maps strconv's AppendX to the FormatX (or X) whose
// text it appends, with the same arguments after dst.
var strconvFormats = map[string]string{
	"Int": "FormatInt", "Uint": "FormatUint", "Float": "FormatFloat", "Bool": "FormatBool",
	"Quote": "Quote", "QuoteRune": "QuoteRune", "QuoteToASCII": "QuoteToASCII",
}

// strconvAppend evaluates strconv.AppendX(dst, args...) on static
// arguments: the text of FormatX(args...) appended to dst as append
// does (in place when dst has room, so the result may share dst's
// array, as in Go).
func (fr *frame) strconvAppend(x string, args []value) (value, bool) {
	ev := fr.ev
	format, ok := strconvFormats[x]
	if !ok {
		return nil, false
	}
	for _, a := range args {
		if hasRep(a, 0) {
			ev.fail("strconv.Append%s with a Rep argument is not supported: use strconv.%s and append its result", x, format)
		}
	}
	dst, ok := args[0].(sliceV)
	if !ok {
		panic(fmt.Sprintf("BUG: strconv.Append%s to %T", x, args[0]))
	}
	text := ev.nativeCall("strconv", format, natives["strconv."+format], args[1:], false).(string)
	bs := make([]value, len(text))
	for i := range bs {
		bs[i] = text[i]
	}
	return ev.appendStatic(dst, sliceV{base: bs, len: len(bs), cap: len(bs)}, types.Typ[types.Byte]), true
}
