package cgen

import (
	"fmt"
	"strings"

	"github.com/lmsgen/lmsgen/ir"
)

// This file writes the entry points: for each specialization, an exported
// C function with a calling convention made only of C's own types (so
// that the header needs no runtime type, and cgo passes every argument
// directly), which converts its arguments, calls the specialization,
// flushes the buffered standard output and converts the results.
//
//	bool, intN_t, uintN_t, float, double      as themselves (int is int64_t)
//	complex64, complex128                     float _Complex, double _Complex
//	string s                                  const uint8_t *s, int64_t s_len
//	[]T s                                     T *s, int64_t s_len, int64_t s_cap
//
// One result of a type other than string or slice is returned; otherwise
// the results are returned in a struct <pkg>_<Name>_result with one field
// r<i> per result (and r<i>_len, r<i>_cap for strings and slices).
//
// An entry point ends the call with lms_call_end (runtime.h): everything
// the call allocated is freed, except the blocks its string and slice
// results point into, which stay until the caller calls the file's
// release function <pkg>_lms_release (the cgo bridge calls it once it has
// copied the results into Go memory). Nothing else can still reach C
// memory when an entry point returns: its parameters are numbers and the
// caller's strings and slices of numbers (or of structs of numbers),
// whose memory C never makes point to C memory, and the generated code
// keeps nothing in globals but the buffered standard output.

// releaseName is the name, after <pkg>_, of the exported function that
// frees the memory the results of the calls so far point into.
const releaseName = "lms_release"

// abiParam is one parameter of an entry point.
type abiParam struct {
	t     *ir.Type
	names []string // C parameters: value, or pointer, length (and capacity)
}

// abiElem returns the C type of an element of a slice or a scalar at the
// entry points.
func abiElem(t *ir.Type) string {
	switch t.Kind {
	case ir.KComplex64:
		return "float _Complex"
	case ir.KComplex128:
		return "double _Complex"
	case ir.KStruct:
		return "void" // the array of a slice of structs (aos.go): void *
	}
	return basicC[t.Kind]
}

// direct reports whether a single result of type t is returned as itself.
func direct(t *ir.Type) bool {
	return t.IsBasic() && t.Kind != ir.KString
}

// entry holds the pieces of one specialization's entry point.
type entry struct {
	sg      *specGen
	name    string     // exported C name
	params  []abiParam // in order
	results []*ir.Type
	resType string // C return type
	resDecl string // typedef of the result struct, or ""
	r, out  string // local names of the definition
}

func (sg *specGen) entry() *entry {
	fl := sg.fl
	e := &entry{sg: sg, name: fl.exportName(sg.name)}
	sc := newScope(nil)
	for _, p := range sg.params {
		sc.reserve(p)
	}
	for i, s := range sg.g.Block.In {
		t := sg.g.TypeOf(s.E())
		p := abiParam{t: t, names: []string{sg.params[i]}}
		if t.Kind == ir.KString || t.Kind == ir.KSlice {
			p.names = append(p.names, sc.fresh(sg.params[i]+"_len"))
		}
		if t.Kind == ir.KSlice {
			p.names = append(p.names, sc.fresh(sg.params[i]+"_cap"))
		}
		e.params = append(e.params, p)
	}
	e.r, e.out = sc.fresh("r"), sc.fresh("out")
	e.results = sg.g.TypeOf(sg.g.Block.Res).Values()
	switch {
	case len(e.results) == 0:
		e.resType = "void"
	case len(e.results) == 1 && direct(e.results[0]):
		e.resType = abiElem(e.results[0])
	default:
		e.resType = e.name + "_result"
		var fields []string
		for i, t := range e.results {
			r := fmt.Sprintf("r%d", i)
			switch t.Kind {
			case ir.KString:
				fields = append(fields, "const uint8_t *"+r+";", "int64_t "+r+"_len;")
			case ir.KSlice:
				fields = append(fields, abiElem(t.Elem)+" *"+r+";", "int64_t "+r+"_len;", "int64_t "+r+"_cap;")
			default:
				fields = append(fields, abiElem(t)+" "+r+";")
			}
		}
		e.resDecl = fmt.Sprintf("typedef struct {\n\t%s\n} %s;\n", strings.Join(fields, "\n\t"), e.resType)
	}
	return e
}

// prototype returns the entry point's declaration (without semicolon).
func (e *entry) prototype() string {
	var ps []string
	for _, p := range e.params {
		switch p.t.Kind {
		case ir.KString:
			ps = append(ps, "const uint8_t *"+p.names[0], "int64_t "+p.names[1])
		case ir.KSlice:
			ps = append(ps, abiElem(p.t.Elem)+" *"+p.names[0], "int64_t "+p.names[1], "int64_t "+p.names[2])
		default:
			ps = append(ps, abiElem(p.t)+" "+p.names[0])
		}
	}
	if len(ps) == 0 {
		ps = []string{"void"}
	}
	return fmt.Sprintf("%s %s(%s)", e.resType, e.name, strings.Join(ps, ", "))
}

// goSignature returns the Go signature of the specialization, with the
// parameters' C names: "func(a, b int) (int, int)".
func (e *entry) goSignature() string {
	var ps []string
	for _, p := range e.params {
		ps = append(ps, p.names[0]+" "+sigType(p.t))
	}
	s := "func(" + strings.Join(ps, ", ") + ")"
	switch len(e.results) {
	case 0:
	case 1:
		s += " " + sigType(e.results[0])
	default:
		var rs []string
		for _, t := range e.results {
			rs = append(rs, sigType(t))
		}
		s += " (" + strings.Join(rs, ", ") + ")"
	}
	return s
}

// definition returns the entry point's definition.
func (e *entry) definition() string {
	fl := e.sg.fl
	var args []string
	for _, p := range e.params {
		switch {
		case p.t.Kind == ir.KString:
			args = append(args, fmt.Sprintf("lms_str_make(%s, %s)", p.names[0], p.names[1]))
		case p.t.Kind == ir.KSlice:
			st := fl.ctype(p.t)
			ptr := p.names[0]
			if p.t.Elem.IsComplex() || p.t.Elem.Kind == ir.KStruct {
				ptr = "(" + fl.ctype(p.t.Elem) + " *)" + ptr
			}
			args = append(args, fmt.Sprintf("(%s){%s, %s, %s}", st, ptr, p.names[1], p.names[2]))
		case p.t.IsComplex():
			in := fl.complexIn(p.t)
			args = append(args, in+"("+p.names[0]+")")
		default:
			args = append(args, p.names[0])
		}
	}
	callExpr := e.sg.cname + "(" + strings.Join(args, ", ") + ")"
	flush := fl.flushHelper()
	var sb strings.Builder
	fmt.Fprintf(&sb, "%s {\n", e.prototype())
	switch {
	case len(e.results) == 0:
		fmt.Fprintf(&sb, "\t%s;\n\t%s();\n\tlms_call_end(NULL, 0);\n", callExpr, flush)
	case e.resDecl == "":
		t := e.results[0]
		fmt.Fprintf(&sb, "\t%s %s = %s;\n\t%s();\n\tlms_call_end(NULL, 0);\n", fl.ctype(t), e.r, callExpr, flush)
		if t.IsComplex() {
			out := fl.complexOut(t)
			fmt.Fprintf(&sb, "\treturn %s(%s);\n", out, e.r)
		} else {
			fmt.Fprintf(&sb, "\treturn %s;\n", e.r)
		}
	default:
		rt := fl.ctype(ir.TupleOf(e.results))
		fmt.Fprintf(&sb, "\t%s %s = %s;\n\t%s();\n\t%s %s;\n", rt, e.r, callExpr, flush, e.resType, e.out)
		for i, t := range e.results {
			v := e.r
			if len(e.results) > 1 {
				v = fmt.Sprintf("%s.r%d", e.r, i)
			}
			f := fmt.Sprintf("%s.r%d", e.out, i)
			switch {
			case t.Kind == ir.KString:
				fmt.Fprintf(&sb, "\t%s = %s.p;\n\t%s_len = %s.len;\n", f, v, f, v)
			case t.Kind == ir.KSlice:
				ptr := v + ".p"
				if t.Elem.IsComplex() {
					ptr = "(" + abiElem(t.Elem) + " *)" + ptr
				}
				fmt.Fprintf(&sb, "\t%s = %s;\n\t%s_len = %s.len;\n\t%s_cap = %s.cap;\n", f, ptr, f, v, f, v)
			case t.IsComplex():
				out := fl.complexOut(t)
				fmt.Fprintf(&sb, "\t%s = %s(%s);\n", f, out, v)
			default:
				fmt.Fprintf(&sb, "\t%s = %s;\n", f, v)
			}
		}
		var keep []string
		for i, t := range e.results {
			if t.Kind == ir.KString || t.Kind == ir.KSlice {
				keep = append(keep, fmt.Sprintf("%s.r%d", e.out, i))
			}
		}
		if len(keep) == 0 {
			sb.WriteString("\tlms_call_end(NULL, 0);\n")
		} else {
			fmt.Fprintf(&sb, "\t{\n\t\tconst void *lms_keep[%d] = {%s};\n\t\tlms_call_end(lms_keep, %d);\n\t}\n", len(keep), strings.Join(keep, ", "), len(keep))
		}
		fmt.Fprintf(&sb, "\treturn %s;\n", e.out)
	}
	sb.WriteString("}\n")
	return sb.String()
}

// releases reports whether a call of e may keep memory for the caller:
// one of its results is a string or a slice.
func (e *entry) releases() bool {
	for _, t := range e.results {
		if t.Kind == ir.KString || t.Kind == ir.KSlice {
			return true
		}
	}
	return false
}

// releaseDef returns the definition of the file's release function.
func (fl *fileGen) releaseDef() string {
	return fmt.Sprintf("void %s_%s(void) {\n\tlms_release();\n}\n", fl.pkg, releaseName)
}

// entryDefs returns the definitions of the entry points.
func (fl *fileGen) entryDefs() []string {
	var out []string
	for _, sg := range fl.specs {
		out = append(out, sg.entry().definition())
	}
	return out
}

// hFile assembles the header.
func (fl *fileGen) hFile() string {
	var sb strings.Builder
	cName, _, _ := FileNames(fl.pkg)
	sb.WriteString(ir.Header() + "\n\n")
	fmt.Fprintf(&sb, `/*
 * C entry points of the specializations of package %s, defined in %s.
 * Go's types are passed as:
 *   bool, intN, uintN, float32, float64   bool, intN_t, uintN_t, float, double
 *                                         (int is int64_t, uint and uintptr uint64_t)
 *   complex64, complex128                 float _Complex, double _Complex
 *   string s                              const uint8_t *s, int64_t s_len
 *   []T s                                 T *s, int64_t s_len, int64_t s_cap
 * A function with several results, or a string or slice result, returns a
 * struct with a field r<i> per result (and r<i>_len, r<i>_cap). Slices are
 * modified in place; a result may point into an argument's memory, or into
 * memory the C code allocated: a call frees everything it allocated before
 * returning except that memory, which stays valid until %s_%s()
 * frees the memory of the results of every call made before it. A Go panic
 * prints Go's message and exits the process with status 2. The functions
 * are not thread-safe: they share buffered standard output, which they
 * flush before returning, and the memory of the results.
 */

#ifndef %s
#define %s

#include <stdbool.h>
#include <stdint.h>
`, fl.pkg, cName, fl.pkg, releaseName, fl.guard(), fl.guard())
	for _, sg := range fl.specs {
		e := sg.entry()
		sb.WriteString("\n")
		if e.resDecl != "" {
			sb.WriteString(e.resDecl)
		}
		fmt.Fprintf(&sb, "/* %s is %s: %s. */\n%s;\n", e.name, sg.name, e.goSignature(), e.prototype())
	}
	fmt.Fprintf(&sb, "\n/* %s_%s frees the memory that the string and slice results\n * of the calls so far point into. */\nvoid %s_%s(void);\n", fl.pkg, releaseName, fl.pkg, releaseName)
	fmt.Fprintf(&sb, "\n#endif /* %s */\n", fl.guard())
	return sb.String()
}
