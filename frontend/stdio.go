package frontend

import (
	"go/types"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/lmsgen/lmsgen/ir"
)

// This file stages writes to the program's standard output and error:
// os.Stdout and os.Stderr are static values (the *os.File of the program
// that runs, not of lmsgen), and their Write and WriteString methods,
// called directly or through an io.Writer (text/tabwriter, bufio, io),
// are effects of the generated code, in order with fmt's printing: the
// static bytes written become a print of a constant. fmt.Fprint, Fprintf
// and Fprintln format as Sprint, Sprintf and Sprintln do and call the
// writer's Write once with the result, as fmt does; to os.Stdout they
// may print Reps (as Printf does), to any other writer only static
// values. Every other method of *os.File (Close, Fd, Name, Sync, ...) is
// refused, and so is fmt's printing once os.Stdout was assigned another
// value (fmt.Println writes to the variable's file).

// stdStream is os.Stdout (fd 1) or os.Stderr (fd 2), the static value of
// the package variable cell.
type stdStream struct {
	fd   int
	cell *value
}

// stdStreamVar returns the cell of os.Stdout or os.Stderr, holding its
// stream, or nil for another package variable.
func (ev *evaluator) stdStreamVar(g *ssa.Global) *value {
	if g.Pkg.Pkg.Path() != "os" {
		return nil
	}
	fd := 0
	switch g.Name() {
	case "Stdout":
		fd = 1
	case "Stderr":
		fd = 2
	default:
		return nil
	}
	s := &stdStream{fd: fd, cell: new(value)}
	*s.cell = native{v: s}
	ev.streams[fd] = s
	return s.cell
}

func (s *stdStream) String() string {
	if s.fd == 1 {
		return "os.Stdout"
	}
	return "os.Stderr"
}

// checkStdout fails if os.Stdout, which fmt.Print, Printf and Println
// write to, was assigned another value.
func (ev *evaluator) checkStdout() {
	s := ev.streams[1]
	if s == nil {
		return
	}
	if nv, ok := (*s.cell).(native); !ok || nv.v != any(s) {
		ev.fail("printing with fmt after os.Stdout was assigned another value is not supported during staging")
	}
}

// streamOf returns the stream v is (a native value of type *os.File),
// or nil.
func streamOf(v value) *stdStream {
	if nv, ok := v.(native); ok {
		s, _ := nv.v.(*stdStream)
		return s
	}
	return nil
}

// streamMethod evaluates the method m of *os.File on the stream s.
func (ev *evaluator) streamMethod(s *stdStream, m string, args []value) value {
	switch m {
	case "Write":
		b, ok := args[0].(sliceV)
		if !ok || hasRep(b, 0) {
			ev.fail("%s.Write of %s: only static bytes can be written during staging", s, describe(args[0]))
		}
		var sb strings.Builder
		for i := range b.len {
			sb.WriteByte(cvt[byte](ev.load(&b.base[b.off+i])))
		}
		ev.writeStream(s, sb.String())
		return tuple{b.len, iface{}}
	case "WriteString":
		str, ok := args[0].(string)
		if !ok {
			ev.fail("%s.WriteString of a Rep: only a static string can be written during staging; %s", s, ev.whyRep(args[0]))
		}
		ev.writeStream(s, str)
		return tuple{len(str), iface{}}
	}
	ev.fail("method %s of %s (*os.File) is not supported during staging: only Write and WriteString", m, s)
	return nil
}

// writeStream emits the write of the static text str to the stream s.
func (ev *evaluator) writeStream(s *stdStream, str string) {
	if !ev.printsStaged() || str == "" {
		return
	}
	ev.at()
	if s.fd == 1 {
		ev.b.Print(ir.OpPrint, ev.b.Const(ir.String, str))
	} else {
		ev.b.Print(ir.OpEprint, ev.b.Const(ir.String, str))
	}
	ev.writes++
}

// fprintCall evaluates fmt.Fprint, Fprintf or Fprintln (kind: Print,
// Printf or Println) to the writer w with the operands args (the format
// first for Printf).
func (fr *frame) fprintCall(kind string, w value, args []value, in *ssa.Call) value {
	ev := fr.ev
	wi, _ := w.(iface)
	if wi.t == nil {
		panic(runtimePanic("invalid memory address or nil pointer dereference"))
	}
	anyRep := repAmong(args)
	fname := "fmt.F" + strings.ToLower(kind[:1]) + kind[1:]
	if s := streamOf(wi.v); s != nil && s.fd == 1 && anyRep {
		if in != nil && usedValue(in) {
			ev.fail("the results of %s of Reps cannot be used in staging code: printing is an effect of the generated code", fname)
		}
		fr.printCall(kind, args)
		return tuple{0, iface{}}
	}
	sname := "S" + strings.ToLower(kind[:1]) + kind[1:]
	if anyRep {
		// As fmt does: the text formatted once, then one Write of its
		// bytes, here a Rep (a strings.Builder appends it; another
		// writer's Write runs at generation time on the Rep bytes).
		if s := streamOf(wi.v); s != nil {
			ev.fail("%s of Reps to %s is not supported: the generated code prints to os.Stdout only", fname, s)
		}
		return fr.writeTo(wi, fr.sprintCall(sname, args), fname)
	}
	str, ok := ev.staticSprint(sname, args)
	if !ok && sname == "Sprintf" {
		if v, done := ev.staticSprintf(sname, args); done {
			str, ok = v.(string), true
		}
	}
	if !ok {
		s, _ := ev.callNative("fmt."+sname, nil, args)
		str = s.(string)
	}
	if s := streamOf(wi.v); s != nil {
		return ev.streamMethod(s, "Write", []value{fr.bytesOf(str)})
	}
	return fr.writeTo(wi, str, fname)
}

// writeTo writes the text s (a string or a Rep of one) formatted by
// fname to the writer w as fmt does, with one call of its Write method;
// a *strings.Builder's WriteString, which appends the same bytes and
// returns the same results, writes it without converting it to bytes
// (the builder's static text stays text: append(b, "\n"...)).
func (fr *frame) writeTo(w iface, s value, fname string) value {
	ev := fr.ev
	method := "Write"
	if p, ok := w.t.(*types.Pointer); ok && isStringsBuilder(p.Elem()) {
		method = "WriteString"
	} else if r, ok := s.(*rep); ok {
		ev.at()
		s = ev.newRep(ev.b.Convert(ir.SliceOf(ir.Uint8), r.e), "the bytes written by "+fname, r)
	} else {
		s = fr.bytesOf(s.(string))
	}
	sel := ev.l.prog.MethodSets.MethodSet(w.t).Lookup(nil, method)
	if sel == nil {
		panic("BUG: an io.Writer without " + method)
	}
	return fr.callFunc(ev.l.prog.MethodValue(sel), nil, []value{copyVal(w.v), s}, nil)
}

// bytesOf returns []byte(s), a static slice.
func (fr *frame) bytesOf(s string) value {
	return fr.convert(s, types.Typ[types.String], types.NewSlice(types.Typ[types.Uint8]))
}

// isStringsBuilder reports whether t is strings.Builder.
func isStringsBuilder(t types.Type) bool {
	n, ok := t.(*types.Named)
	return ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == "strings" && n.Obj().Name() == "Builder"
}
