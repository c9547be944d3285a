package cgen

import (
	"errors"
	"fmt"
	"go/token"
	"strings"

	"github.com/lmsgen/lmsgen/ir"
	"github.com/lmsgen/lmsgen/sched"
)

// Func is one specialization to emit: the type both emitters take (see
// sched.Func). The C function is exported as <pkg>_<Name>; the bridge's
// Go function is Name; Doc is not used.
type Func = sched.Func

// Options control File and Bridge. The zero value is Go's semantics.
type Options struct {
	// NoBounds drops the bounds checks of indexing and slicing
	// (lmsgen -bounds=off), for speed comparisons. An index out of range
	// is then undefined behaviour in C. Division by zero, shifts by
	// negative counts and the other panics are kept.
	NoBounds bool
	// Package is the Go package name of the bridge (the name of the C
	// sub-package's directory); "lmsc" if empty.
	Package string
	// PkgPath is the import path of the package of the Go
	// specializations: the bridge imports it, as pkg, for the types of
	// Func.Params and Func.Results declared there.
	PkgPath string
	// Lines, if not nil, receives the node each line of the C file was
	// written for, and asks for #line directives with Lines.Directives
	// (lmsgen -linemap). Without directives the C file is the same as
	// without Lines.
	Lines *ir.LineMap
}

// File returns the C file <pkg>_lms.c and the header <pkg>_lms.h of the
// specializations funcs, in order. pkg is the Go package name of the
// specializations: it prefixes the exported C names (<pkg>_<Name>) and
// names the header the C file includes. The C file starts with ir.Header(),
// then the runtime prelude, then the support code the functions need
// (types, helpers, static tables), the functions and the exported entry
// points; see the package documentation for the calling convention.
//
// Constructs C cannot express with Go's semantics (a function value that
// captures dynamic values, printing a slice with Printf, a library
// function with no C translation, ...) are errors
// with the position of the node in the user's source.
func File(pkg string, funcs []Func, opts Options) (c, h []byte, err error) {
	fl, err := build(pkg, funcs, opts)
	if err != nil {
		return nil, nil, err
	}
	return []byte(fl.cFile()), []byte(fl.hFile()), nil
}

// Files returns File's C file and header and Bridge's cgo bridge, from
// one emission of the functions. If only the bridge fails (a bug), bridge
// holds its unformatted text.
func Files(pkg string, funcs []Func, opts Options) (c, h, bridge []byte, err error) {
	fl, err := build(pkg, funcs, opts)
	if err != nil {
		return nil, nil, nil, err
	}
	bridge, err = fl.bridge(pkg, funcs, opts)
	return []byte(fl.cFile()), []byte(fl.hFile()), bridge, err
}

// FileNames returns the names of the files of package pkg's C output: the
// C file, the header and the cgo bridge.
func FileNames(pkg string) (c, h, bridge string) {
	return pkg + "_lms.c", pkg + "_lms.h", pkg + "_lms.go"
}

// build checks the arguments and emits every function.
func build(pkg string, funcs []Func, opts Options) (*fileGen, error) {
	if !token.IsIdentifier(pkg) || cIdent(pkg) != pkg {
		return nil, fmt.Errorf("cgen: invalid package name %q", pkg)
	}
	if l := strings.ToLower(pkg); l == "lms" || l == "lmsg" {
		return nil, fmt.Errorf("cgen: package name %s: the C names <pkg>_<Name> would be the runtime's", pkg)
	}
	var errs []error
	seen := map[string]bool{}
	for _, f := range funcs {
		switch {
		case f.Schedule == nil:
			errs = append(errs, fmt.Errorf("cgen: function %s has no schedule", f.Name))
		case !token.IsIdentifier(f.Name) || cIdent(f.Name) != f.Name:
			errs = append(errs, fmt.Errorf("cgen: invalid function name %q", f.Name))
		case seen[f.Name]:
			errs = append(errs, fmt.Errorf("cgen: duplicate function name %s", f.Name))
		case f.Name == releaseName:
			errs = append(errs, fmt.Errorf("cgen: function name %s: the C name %s is the file's release function", f.Name, pkg+"_"+releaseName))
		}
		seen[f.Name] = true
	}
	if len(errs) > 0 {
		return nil, errors.Join(errs...)
	}
	fl := newFileGen(pkg, opts)
	specs := make([]*specGen, len(funcs))
	for i, f := range funcs {
		specs[i] = fl.plan(f, false)
		specs[i].index = i
	}
	for _, sg := range specs {
		if len(sg.errs) == 0 && sg.fn.Vectors != nil && len(sg.fn.Vectors.Packs) > 0 {
			fl.planClone(sg)
		}
	}
	var list ir.ErrorList
	for _, sg := range specs {
		if len(sg.errs) == 0 {
			sg.emit()
		}
		list = append(list, sg.errs...)
		if c := sg.clone; c != nil && len(sg.errs) == 0 {
			c.emit()
			list = append(list, c.errs...)
		}
	}
	if err := list.Err(); err != nil {
		return nil, err
	}
	fl.specs = specs
	fl.entries = append(fl.entryDefs(), fl.releaseDef())
	return fl, nil
}

// fileGen is the state of one generated C file.
type fileGen struct {
	pkg  string
	opts Options
	top  *scope // file-level names

	// Support code, each list in order of first need (deterministic).
	typeNames map[string]string // by mangled name
	typeDecls []string
	helpers   map[string]bool
	helperDef []string
	tables    map[string]*table
	tableList []*table
	libm      bool
	mathUsed  []bool // sections of runtime_math.h, by index (nil: none)
	indexUsed bool   // the code uses indexes of keys (runtime_index.h)

	protos  []string // prototypes of the static functions
	defs    []string // their definitions
	specs   []*specGen
	entries []string // definitions of the entry points
}

// table is a static table: its data array and, when a function reads it
// without writing it, a constant slice object (written tables are copied).
type table struct {
	base        string // the name it would like
	data, slice string // names ("" until needed)
	t           *ir.Type
	vals        []string // C initializers of the elements
	usedSlice   bool
}

func newFileGen(pkg string, opts Options) *fileGen {
	return &fileGen{pkg: pkg, opts: opts, top: newScope(nil),
		typeNames: map[string]string{}, helpers: map[string]bool{}, tables: map[string]*table{}}
}

// helper adds the support definition text under key, once.
func (fl *fileGen) helper(key string, text func() string) {
	if fl.helpers[key] {
		return
	}
	fl.helpers[key] = true
	fl.helperDef = append(fl.helperDef, text())
}

// exportName returns the C name of the entry point of specialization name.
func (fl *fileGen) exportName(name string) string { return fl.pkg + "_" + name }

// guard returns the include guard of the header.
func (fl *fileGen) guard() string { return strings.ToUpper(fl.pkg) + "_LMS_H" }

// cFile assembles the C file.
func (fl *fileGen) cFile() string {
	var sb strings.Builder
	_, hName, _ := FileNames(fl.pkg)
	sb.WriteString(ir.Header() + "\n\n")
	sb.WriteString("/* The lmsgen runtime prelude (see the comments below). */\n\n")
	sb.WriteString(Runtime())
	if fl.indexUsed {
		sb.WriteString("\n" + runtimeIndexH)
	}
	sb.WriteString("\n/* ------------------------------------------------ generated code */\n\n")
	if fl.libm {
		sb.WriteString("#include <math.h>\n")
	}
	sb.WriteString("#include \"" + hName + "\"\n")
	if m := fl.mathText(); m != "" {
		sb.WriteString("\n" + m)
	}
	section := func(title string, parts []string, sep string) {
		if len(parts) == 0 {
			return
		}
		sb.WriteString("\n/* " + title + " */\n\n")
		for i, p := range parts {
			if i > 0 {
				sb.WriteString(sep)
			}
			sb.WriteString(p)
		}
	}
	section("Types.", fl.typeDecls, "")
	section("Support functions.", fl.helperDef, "\n")
	section("Static tables.", fl.tableDecls(), "")
	section("Functions.", fl.protos, "")
	for _, d := range fl.defs {
		sb.WriteString("\n" + d)
	}
	section("Entry points (see "+hName+").", fl.entries, "\n")
	if m := fl.opts.Lines; m != nil {
		return m.Resolve(sb.String(), ir.CDirective, true)
	}
	return sb.String()
}

// tableDecls returns the declarations of the static tables.
func (fl *fileGen) tableDecls() []string {
	var out []string
	for _, tb := range fl.tableList {
		elem := fl.ctype(tb.t.Elem)
		var sb strings.Builder
		if len(tb.vals) > 0 {
			fmt.Fprintf(&sb, "static const %s %s[%d] = {", elem, tb.data, len(tb.vals))
			perLine := 8
			if tb.t.Elem.Kind == ir.KString || tb.t.Elem.IsComplex() {
				perLine = 4
			}
			for i, v := range tb.vals {
				if i%perLine == 0 {
					sb.WriteString("\n\t")
				} else {
					sb.WriteString(" ")
				}
				sb.WriteString(v + ",")
			}
			sb.WriteString("\n};\n")
		}
		if tb.usedSlice {
			ptr := "NULL"
			if len(tb.vals) > 0 {
				ptr = "(" + elem + " *)" + tb.data
			}
			fmt.Fprintf(&sb, "static const %s %s = {%s, %d, %d};\n", fl.ctype(tb.t), tb.slice, ptr, len(tb.vals), len(tb.vals))
		}
		out = append(out, sb.String())
	}
	return out
}
