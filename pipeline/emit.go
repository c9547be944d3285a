package pipeline

import (
	"fmt"
	"go/token"
	"path/filepath"
	"slices"

	"github.com/lmsgen/lmsgen/cgen"
	"github.com/lmsgen/lmsgen/frontend"
	"github.com/lmsgen/lmsgen/gogen"
	"github.com/lmsgen/lmsgen/internal/difftest"
	"github.com/lmsgen/lmsgen/ir"
	"github.com/lmsgen/lmsgen/sched"
)

// This file holds the emission stages of the table in pipeline.go: each
// turns a package's scheduled specializations into output files.

// emitGo writes <pkg>_lms.go, and with SIMD <pkg>_lms_simd.go.
func emitGo(st *State) error {
	return st.eachPackage(func(p *Package) error {
		path := st.goPath(p)
		opts := st.goOptions(p, false)
		if st.cfg.LineMap {
			opts.Lines = lineMap(p.Funcs, path)
		}
		src, err := gogen.File(p.Name, funcs(p), opts)
		if err != nil {
			return &BrokenOutput{Pkg: p.Package, Path: path, Data: src, Err: err}
		}
		if err := shadowedUses(p, path, src); err != nil {
			return err
		}
		p.add(path, src)
		if !st.simd(p) {
			return nil
		}
		path = st.simdPath(p)
		opts = st.goOptions(p, true)
		vfs := simdFuncs(p)
		if st.cfg.LineMap {
			opts.Lines = lineMap(vfs, path)
		}
		src, err = gogen.File(p.Name, funcs(&Package{Funcs: vfs}), opts)
		if err != nil {
			return &BrokenOutput{Pkg: p.Package, Path: path, Data: src, Err: err}
		}
		if err := shadowedUses(p, path, src); err != nil {
			return err
		}
		p.add(path, src)
		return nil
	})
}

// emitC writes the C sub-package: <pkg>_lms.c, <pkg>_lms.h and the cgo
// bridge <pkg>_lms.go. The C file is written from the vector build's
// graphs where a specialization has its own (Package.SIMDFuncs, as the
// vector Go file): its vector code runs in every build of the Go package,
// and its scalar fallback is in the same file (cgen/simd.go).
func emitC(st *State) error {
	return st.eachPackage(func(p *Package) error {
		if err := bridgeReachable(p); err != nil {
			return err
		}
		dir := st.cDir(p)
		opts := st.cOptions(p)
		cName, hName, bName := cgen.FileNames(p.Name)
		cfs := simdFuncs(p) // the vector build's graphs: C has one file
		if st.cfg.LineMap {
			opts.Lines = lineMap(cfs, filepath.Join(dir, cName))
		}
		c, h, bridge, err := cgen.Files(p.Name, funcs(&Package{Funcs: cfs}), opts)
		if err != nil && c == nil {
			return err
		}
		if err != nil {
			return &BrokenOutput{Pkg: p.Package, Path: filepath.Join(dir, bName), Data: bridge, Err: err}
		}
		p.add(filepath.Join(dir, cName), c)
		p.add(filepath.Join(dir, hName), h)
		p.add(filepath.Join(dir, bName), bridge)
		return nil
	})
}

// goOptions are the options of a package's Go output.
func (st *State) goOptions(p *Package, simd bool) gogen.Options {
	return gogen.Options{BuildConstraint: st.goConstraint(p, simd), Reserved: p.Reserved, PkgPath: p.PkgPath, SIMD: simd}
}

// cOptions are the options of a package's C output.
func (st *State) cOptions(p *Package) cgen.Options {
	return cgen.Options{NoBounds: st.cfg.NoBounds, Package: filepath.Base(filepath.Clean(st.cDir(p))), PkgPath: p.PkgPath}
}

// lineMap asks an emitter for the origin of the lines of the output file
// at path, written from fs, with line directives naming the staging
// source relative to the output's directory.
func lineMap(fs []*sched.Func, path string) *ir.LineMap {
	return &ir.LineMap{Directives: true, Dir: filepath.Dir(path), File: filepath.Base(path), Pos: func(fn int, s ir.Sym) token.Position {
		return sourcePos(fs[fn].Schedule.Graph(), s)
	}}
}

// simdFuncs are the specializations of the vector Go file: each vector
// build's own, where it has one (Package.SIMDFuncs), else the plain
// build's.
func simdFuncs(p *Package) []*sched.Func {
	fs := slices.Clone(p.Funcs)
	for i, vf := range p.SIMDFuncs {
		if vf != nil {
			fs[i] = vf
		}
	}
	return fs
}

// sourcePos is the source position a line directive names for node s:
// its own, or for the assignment of a staged variable the position of
// the value assigned, when it has one (the frontend places the
// assignments that carry a variable around a loop at the loop).
func sourcePos(g *ir.Graph, s ir.Sym) token.Position {
	n := g.Def(s)
	if n == nil {
		return token.Position{}
	}
	if v := n.Args; n.Op == ir.OpVarSet && v[1].IsSym() {
		if d := g.Def(v[1].Sym()); d != nil && d.Pos != 0 {
			return g.Position(d)
		}
	}
	return g.Position(n)
}

// emitTests writes the differential tests: <pkg>_lms_test.go beside the
// Go output, and with C output the C sub-package's, comparing C with Go.
func emitTests(st *State) error {
	return st.eachPackage(func(p *Package) error {
		if err := testable(p); err != nil {
			return err
		}
		if st.cfg.Go {
			path := filepath.Join(p.Dir, p.Name+"_lms_test.go")
			test, err := difftest.File(p.Name, constraint(p), "", p.Specs)
			if e, ok := err.(*ir.Error); ok {
				return e // a test the user's arguments make impossible
			}
			if err != nil {
				return &BrokenOutput{Pkg: p.Package, Path: path, Data: test, Err: err}
			}
			if err := shadowedUses(p, path, test); err != nil {
				return err
			}
			p.add(path, test)
		}
		if st.cfg.C {
			dir := st.cDir(p)
			path := filepath.Join(dir, p.Name+"_lms_test.go")
			cpkg := filepath.Base(filepath.Clean(dir))
			test, err := difftest.File(cpkg, "", p.PkgPath, p.Specs)
			if err != nil {
				return &BrokenOutput{Pkg: p.Package, Path: path, Data: test, Err: err}
			}
			p.add(path, test)
			_, _, bName := cgen.FileNames(p.Name)
			bridge := p.output(filepath.Join(dir, bName))
			refPath := filepath.Join(dir, p.Name+"_lms_ref_test.go")
			ref, err := difftest.RefFile(cpkg, p.PkgPath+"/"+filepath.ToSlash(filepath.Clean(st.cfg.cdir())), funcs(p), test, bridge)
			if err != nil {
				return &BrokenOutput{Pkg: p.Package, Path: refPath, Data: ref, Err: err}
			}
			if ref != nil {
				p.add(refPath, ref)
			}
		}
		return nil
	})
}

// output returns the data of p's output file at path, or nil.
func (p *Package) output(path string) []byte {
	for _, o := range p.Outputs {
		if o.Path == path {
			return o.Data
		}
	}
	return nil
}

// add records an output file of p.
func (p *Package) add(path string, data []byte) {
	p.Outputs = append(p.Outputs, Output{Path: path, Data: data, Dir: p.Dir})
}

func funcs(p *Package) []sched.Func {
	fs := make([]sched.Func, len(p.Funcs))
	for i, f := range p.Funcs {
		fs[i] = *f
	}
	return fs
}

// testable reports, at the directive, a specialization whose staging
// function is in a file built only with the lmsgen tag: its differential
// test, built without the tag beside the generated code, cannot call it.
func testable(p *Package) error {
	var errs ir.ErrorList
	for _, s := range p.Specs {
		if s.Tagged {
			errs = append(errs, &ir.Error{Pos: s.Pos, Msg: fmt.Sprintf(
				"%s: -test cannot test it: its staging function is in a file built only with the lmsgen tag, and the test is built without it, beside the generated code (declare the staging function in a file without that constraint, or generate without -test)", s.Name)})
		}
	}
	return errs.Err()
}

// bridgeReachable reports, at the directive, a struct parameter or result
// with an unexported field or of an unexported struct type: the cgo
// bridge, in the C sub-package, can neither read nor set the field, nor
// name the type.
func bridgeReachable(p *Package) error {
	var errs ir.ErrorList
	for _, s := range p.Specs {
		for _, v := range append(append([]frontend.Param(nil), s.Params...), s.Results...) {
			if f, st := unexportedField(v.GoValue); f != "" {
				errs = append(errs, &ir.Error{Pos: s.Pos, Msg: fmt.Sprintf(
					"%s: field %s of struct type %s is not exported: the cgo bridge of -lang=c, in another package, cannot reach it", s.Name, f, st)})
				break
			}
			if st := unexportedStruct(v.GoValue); st != "" {
				errs = append(errs, &ir.Error{Pos: s.Pos, Msg: fmt.Sprintf(
					"%s: struct type %s is not exported: the cgo bridge of -lang=c, in another package, cannot name it (export it, or generate Go only)", s.Name, st)})
				break
			}
		}
	}
	return errs.Err()
}

// unexportedStruct returns the name of the first struct type of v that
// is not exported (the element type of a slice of structs too), or "".
func unexportedStruct(v ir.GoValue) string {
	if !v.IsStruct() {
		if t := v.Type; t.Kind == ir.KSlice && t.Elem.Kind == ir.KStruct && !token.IsExported(t.Elem.Named.Name) {
			return t.Elem.Named.Name // a []T kept as an array of structs: the bridge names T
		}
		return ""
	}
	if !v.Named.IsZero() && !token.IsExported(v.Named.Name) {
		return v.Named.Name
	}
	for _, f := range v.Fields {
		if st := unexportedStruct(f); st != "" {
			return st
		}
	}
	return ""
}

// unexportedField returns the first unexported field of a struct v and
// the name of its struct type, or "".
func unexportedField(v ir.GoValue) (field, structType string) {
	for _, f := range v.Fields {
		if !v.IsArray() && !token.IsExported(f.Name) {
			return f.Name, v.Named.Name
		}
		if field, structType = unexportedField(f); field != "" {
			return field, structType
		}
	}
	return "", ""
}
