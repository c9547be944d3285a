package cgen

import (
	"fmt"
	"go/format"
	"go/token"
	"strconv"
	"strings"

	"github.com/lmsgen/lmsgen/ir"
)

// This file writes the cgo bridge: a Go file for the C sub-package whose
// functions have the Go signatures of the Go specializations and call the
// C entry points (see abi.go). Arguments are passed without copying:
// numbers as themselves, strings and slices as pointers to their Go
// memory (which C reads, and writes in place for slices, but does not
// keep). Results are converted back: a string is copied into Go memory; a
// slice that points into the array of a slice argument of its type is
// that argument resliced (so appends within capacity and sub-slices keep
// aliasing the caller's array, as in Go); any other slice is C memory,
// copied into a new Go array up to its capacity. A function with a string
// or slice result then frees the C memory the results point into
// (deferred <pkg>_lms_release, abi.go): no C memory outlives a call.

// goReserved lists the identifiers a bridge parameter may not be named:
// Go's keywords and predeclared identifiers, the packages and helpers the
// bridge uses.
var goReserved = func() map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(`any append bool byte cap clear close comparable complex
complex64 complex128 copy delete error false float32 float64 imag int int8 int16
int32 int64 iota len make max min new nil panic print println real recover rune
string true uint uint8 uint16 uint32 uint64 uintptr init main _ C unsafe runtime
lmsgCString lmsgString lmsgSlice lmsgSliceAs`) {
		m[w] = true
	}
	return m
}()

// goIdent returns s made into a Go identifier, or "".
func goIdent(s string) string {
	var b strings.Builder
	for _, r := range s {
		switch {
		case r == '_' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= 0x80 && token.IsIdentifier(string(r)):
			b.WriteRune(r)
		case r >= '0' && r <= '9' && b.Len() > 0:
			b.WriteRune(r)
		}
	}
	if !token.IsIdentifier(b.String()) {
		return ""
	}
	return b.String()
}

// cgoType returns the cgo name of the C type of a value of basic type t at
// the entry points.
func cgoType(t *ir.Type) string {
	switch t.Kind {
	case ir.KComplex64:
		return "C.complexfloat"
	case ir.KComplex128:
		return "C.complexdouble"
	}
	return "C." + basicC[t.Kind]
}

// Bridge returns the cgo bridge of the specializations funcs of package
// pkg: a Go file of package opts.Package ("lmsc" by default), to be placed
// with the C file and the header of File in the C sub-package's
// directory. Each specialization Name becomes a Go function Name with the
// specialization's Go signature that calls <pkg>_<Name>, whose C code
// flushes its buffered standard output before returning, so that output
// from Go and from C interleaves as it would from Go alone.
//
// A panic in C code (an index out of range, a division by zero, panic
// itself) prints Go's message and exits the process with status 2: it
// cannot be recovered by the Go caller. The functions are not safe for
// concurrent use.
func Bridge(pkg string, funcs []Func, opts Options) ([]byte, error) {
	fl, err := build(pkg, funcs, opts)
	if err != nil {
		return nil, err
	}
	return fl.bridge(pkg, funcs, opts)
}

// bridge writes the bridge of the built file.
func (fl *fileGen) bridge(pkg string, funcs []Func, opts Options) ([]byte, error) {
	name := opts.Package
	if name == "" {
		name = "lmsc"
	}
	if !token.IsIdentifier(name) {
		return nil, fmt.Errorf("cgen: invalid bridge package name %q", name)
	}
	for _, sg := range fl.specs {
		if goReserved[sg.name] {
			return nil, fmt.Errorf("cgen: function name %s is reserved in the bridge", sg.name)
		}
	}
	imports, err := importsOf(pkg, funcs, opts)
	if err != nil {
		return nil, err
	}
	bw := &bridgeWriter{fl: fl, pkg: pkg, imports: imports}
	for _, sg := range fl.specs {
		bw.function(sg)
	}
	bw.helpers()
	return bw.file(name)
}

// bridgeWriter writes the bridge: its functions into body, noting which
// helpers and imports they use.
type bridgeWriter struct {
	fl      *fileGen
	pkg     string
	imports bridgeImports
	body    strings.Builder
	// wrappers: the cgo preamble's wrappers of the entry points taking
	// slices of structs (aosWrapper)
	wrappers strings.Builder
	// what the functions use
	usesUnsafe, usesCStr, usesStr, usesSlice, usesComplex, usesSliceAs, usesRuntime bool
}

// bridgeFunc is the bridge function of one specialization being written.
type bridgeFunc struct {
	sg   *specGen
	e    *entry
	used map[string]bool // the names taken in the function
	// leaves is the Go expression of each graph input (of each C
	// parameter), params the Go parameters, prologue the statements
	// unpacking struct parameters.
	leaves, params, prologue []string
}

// fresh returns base, or base with a number, not yet taken in the
// function, and takes it.
func (f *bridgeFunc) fresh(base string) string {
	n := base
	for i := 2; f.used[n] || goReserved[n] || token.IsKeyword(n); i++ {
		n = base + strconv.Itoa(i)
	}
	f.used[n] = true
	return n
}

// leafName names graph input i: after its parameter name, else its
// symbol's name.
func (f *bridgeFunc) leafName(i int) string {
	base := ""
	if i < len(f.sg.fn.ParamNames) {
		base = goIdent(f.sg.fn.ParamNames[i])
	}
	s := f.sg.g.Block.In[i]
	if base == "" {
		base = goIdent(f.sg.g.Name(s))
	}
	if base == "" {
		base = "x" + strconv.Itoa(int(s))
	}
	return f.fresh(base)
}

// function writes the bridge function of sg: its signature, the
// unpacking of struct parameters, the call of the C entry point and the
// conversion of its results.
func (bw *bridgeWriter) function(sg *specGen) {
	e := sg.entry()
	fmt.Fprintf(&bw.body, "\n// %s calls %s, the C version of %s.%s.\n", sg.name, e.name, bw.pkg, sg.name)
	f := &bridgeFunc{sg: sg, e: e, used: map[string]bool{}, leaves: make([]string, len(e.params))}
	for _, imp := range bw.imports {
		f.used[imp.name] = true
	}
	for _, p := range e.params {
		bw.usesComplex = bw.usesComplex || p.t.IsComplex() || p.t.Kind == ir.KSlice && p.t.Elem.IsComplex()
	}
	for _, t := range e.results {
		bw.usesComplex = bw.usesComplex || t.IsComplex() || t.Kind == ir.KSlice && t.Elem.IsComplex()
	}
	bw.parameters(f)
	fmt.Fprintf(&bw.body, "func %s(%s) %s {\n", sg.name, strings.Join(f.params, ", "), bw.resultTypes(f))
	for _, st := range f.prologue {
		fmt.Fprintf(&bw.body, "\t%s\n", st)
	}
	if e.releases() {
		// After the results are copied into Go memory (or resliced from
		// an argument), the C memory they point into is freed, on the
		// thread of the call (the runtime's lists are per thread).
		bw.usesRuntime = true
		fmt.Fprintf(&bw.body, "\truntime.LockOSThread()\n\tdefer runtime.UnlockOSThread()\n\tdefer C.%s_%s()\n", bw.pkg, releaseName)
	}
	if vals := bw.results(f, bw.call(f)); len(vals) > 0 {
		fmt.Fprintf(&bw.body, "\treturn %s\n", strings.Join(vals, ", "))
	}
	bw.body.WriteString("}\n")
}

// parameters sets f's Go parameters and the Go expression of each graph
// input: a struct parameter's fields converted to their graph types.
func (bw *bridgeWriter) parameters(f *bridgeFunc) {
	sg, e := f.sg, f.e
	if sg.fn.Params == nil {
		for i, p := range e.params {
			f.leaves[i] = f.leafName(i)
			f.params = append(f.params, f.leaves[i]+" "+bw.goType(p.t))
		}
		return
	}
	k := 0
	for _, gp := range sg.fn.Params {
		if !gp.IsStruct() {
			f.leaves[k] = f.leafName(k)
			f.params = append(f.params, f.leaves[k]+" "+bw.goType(gp.Type))
			k++
			continue
		}
		v := goIdent(gp.Name)
		if v == "" {
			v = "p"
		}
		v = f.fresh(v)
		f.params = append(f.params, v+" "+bw.imports.recordType(gp))
		paths := gp.LeafPaths()
		for j, l := range gp.LeafValues() {
			// A number converts to its C type directly; a slice or a
			// string is unpacked once.
			sel := ir.Selector(v, paths[j])
			switch {
			case l.Slice:
				bw.usesSliceAs = true
				f.leaves[k] = f.leafName(k)
				f.prologue = append(f.prologue, fmt.Sprintf("%s := lmsgSliceAs[%s](%s)", f.leaves[k], l.Type.Elem, sel))
			case l.Type.Kind == ir.KString:
				f.leaves[k] = f.leafName(k)
				f.prologue = append(f.prologue, fmt.Sprintf("%s := string(%s)", f.leaves[k], sel))
			default:
				f.leaves[k] = sel
			}
			k++
		}
	}
}

// call returns the call of f's C entry point: strings and slices passed
// as pointers to their Go memory with their lengths (and capacities).
func (bw *bridgeWriter) call(f *bridgeFunc) string {
	var args []string
	for i, p := range f.e.params {
		v := f.leaves[i]
		switch {
		case p.t.Kind == ir.KString:
			bw.usesUnsafe, bw.usesCStr = true, true
			args = append(args, "lmsgCString("+v+")", "C.int64_t(len("+v+"))")
		case p.t.Kind == ir.KSlice:
			bw.usesUnsafe = true
			elem := "C.uint8_t" // a slice of structs: the wrapper's (aosWrapper)
			if p.t.Elem.Kind != ir.KStruct {
				elem = cgoType(p.t.Elem)
			}
			ptr := fmt.Sprintf("(*%s)(unsafe.Pointer(unsafe.SliceData(%s)))", elem, v)
			args = append(args, ptr, "C.int64_t(len("+v+"))", "C.int64_t(cap("+v+"))")
		default:
			args = append(args, cgoType(p.t)+"("+v+")")
		}
	}
	name := f.e.name
	if w := aosWrapper(f.e); w != "" {
		bw.wrappers.WriteString(w)
		name = aosWrapperName(f.e)
	}
	return "C." + name + "(" + strings.Join(args, ", ") + ")"
}

// resultTypes returns the result list of f's signature.
func (bw *bridgeWriter) resultTypes(f *bridgeFunc) string {
	var results []string
	if f.sg.fn.Results == nil {
		for _, t := range f.e.results {
			results = append(results, bw.goType(t))
		}
	} else {
		for _, r := range f.sg.fn.Results {
			if r.IsStruct() {
				results = append(results, bw.imports.recordType(r))
			} else {
				results = append(results, bw.goType(r.Type))
			}
		}
	}
	res := strings.Join(results, ", ")
	if len(results) > 1 {
		res = "(" + res + ")"
	}
	return res
}

// results writes the call callExpr and returns the Go values of its
// results: a string copied into Go memory, a slice resliced from the
// argument it points into or copied, struct results packed.
func (bw *bridgeWriter) results(f *bridgeFunc, callExpr string) []string {
	e := f.e
	var vals []string
	switch {
	case len(e.results) == 0:
		fmt.Fprintf(&bw.body, "\t%s\n", callExpr)
	case e.resDecl == "":
		vals = []string{fmt.Sprintf("%s(%s)", e.results[0], callExpr)}
	default:
		r := f.fresh("r")
		fmt.Fprintf(&bw.body, "\t%s := %s\n", r, callExpr)
		for i, t := range e.results {
			vals = append(vals, bw.result(f, t, fmt.Sprintf("%s.r%d", r, i)))
		}
	}
	if f.sg.fn.Results != nil && len(vals) > 0 {
		var packed []string
		for _, r := range f.sg.fn.Results {
			var v string
			v, vals = bw.imports.pack(r, vals, &bw.usesSliceAs)
			packed = append(packed, v)
		}
		vals = packed
	}
	return vals
}

// result returns the Go value of the field x of type t of the C result.
func (bw *bridgeWriter) result(f *bridgeFunc, t *ir.Type, x string) string {
	switch t.Kind {
	case ir.KString:
		bw.usesUnsafe, bw.usesStr = true, true
		return fmt.Sprintf("lmsgString(%s, %s_len)", x, x)
	case ir.KSlice:
		bw.usesUnsafe, bw.usesSlice = true, true
		var same []string
		for k, p := range f.e.params {
			if p.t == t {
				same = append(same, f.leaves[k])
			}
		}
		return fmt.Sprintf("lmsgSlice[%s](unsafe.Pointer(%s), %s_len, %s_cap%s)",
			strings.TrimPrefix(bw.goType(t), "[]"), x, x, x, strings.Join(append([]string{""}, same...), ", "))
	}
	return fmt.Sprintf("%s(%s)", t, x)
}

// helpers writes the helpers the functions use.
func (bw *bridgeWriter) helpers() {
	if bw.usesCStr {
		bw.body.WriteString(`
// lmsgCString returns a pointer to the bytes of s, which C reads during
// the call and does not keep.
func lmsgCString(s string) *C.uint8_t {
	return (*C.uint8_t)(unsafe.Pointer(unsafe.StringData(s)))
}
`)
	}
	if bw.usesStr {
		bw.body.WriteString(`
// lmsgString returns a copy in Go memory of the string result p[:n].
func lmsgString(p *C.uint8_t, n C.int64_t) string {
	if n == 0 {
		return ""
	}
	return string(unsafe.Slice((*byte)(unsafe.Pointer(p)), int(n)))
}
`)
	}
	if bw.usesSliceAs {
		bw.usesUnsafe = true
		bw.body.WriteString(`
// lmsgSliceAs returns s as a slice of T, an element type with the memory
// layout of U's (a stage type and its underlying type): the same array,
// length and capacity.
func lmsgSliceAs[T, U any](s []U) []T {
	return unsafe.Slice((*T)(unsafe.Pointer(unsafe.SliceData(s))), cap(s))[:len(s)]
}
`)
	}
	if bw.usesSlice {
		bw.body.WriteString(`
// lmsgSlice returns the Go slice that the C slice result (p, n, c)
// denotes: a slice of the argument whose array p points into, so that it
// aliases the caller's memory as in Go, or else a copy in Go memory of the
// C array, up to its capacity.
func lmsgSlice[T any](p unsafe.Pointer, n, c C.int64_t, args ...[]T) []T {
	if p == nil {
		return nil
	}
	size := unsafe.Sizeof(*new(T))
	for _, a := range args {
		base := uintptr(unsafe.Pointer(unsafe.SliceData(a)))
		if base == 0 || uintptr(p) < base || uintptr(p)-base > uintptr(cap(a))*size {
			continue
		}
		if k := int((uintptr(p) - base) / size); k+int(c) <= cap(a) {
			return a[k : k+int(n) : k+int(c)]
		}
	}
	out := make([]T, int(n), int(c))
	copy(out[:c], unsafe.Slice((*T)(p), int(c)))
	return out
}
`)
	}
}

// file returns the bridge: the header, the package doc, the cgo preamble
// and imports, the functions, gofmt'd.
func (bw *bridgeWriter) file(name string) ([]byte, error) {
	_, hName, _ := FileNames(bw.pkg)
	pkg, fl, imports := bw.pkg, bw.fl, bw.imports
	usesComplex, usesUnsafe := bw.usesComplex, bw.usesUnsafe
	var src strings.Builder
	src.WriteString(ir.Header() + "\n\n")
	fmt.Fprintf(&src, `// Package %s is the C version of package %s's specializations, called
// through cgo: each function has the Go signature of the specialization
// of the same name and calls its C entry point in %s (compiled by cgo
// from the C file beside it).
//
// A panic in C code prints Go's message and exits the process with
// status 2: it cannot be recovered. The functions are not safe for
// concurrent use.
package %s

/*
#cgo CFLAGS: -std=c11 -O2
`, name, pkg, hName, name)
	if fl.libm {
		src.WriteString("#cgo LDFLAGS: -lm\n")
	}
	fmt.Fprintf(&src, "#include %q\n", hName)
	if usesComplex {
		// cgo's own code spells the types "complex float", "complex double".
		src.WriteString("#include <complex.h>\n")
	}
	src.WriteString(bw.wrappers.String())
	src.WriteString("*/\nimport \"C\"\n")
	var specs []string
	if bw.usesRuntime {
		specs = append(specs, `"runtime"`)
	}
	if usesUnsafe {
		specs = append(specs, `"unsafe"`)
	}
	for _, imp := range imports {
		specs = append(specs, fmt.Sprintf("%s %q", imp.name, imp.path))
	}
	switch len(specs) {
	case 0:
	case 1:
		src.WriteString("\nimport " + specs[0] + "\n")
	default:
		src.WriteString("\nimport (\n\t" + strings.Join(specs, "\n\t") + "\n)\n")
	}
	src.WriteString(bw.body.String())
	out, err := format.Source([]byte(src.String()))
	if err != nil {
		return []byte(src.String()), fmt.Errorf("cgen: the bridge does not format: %w", err)
	}
	return out, nil
}
