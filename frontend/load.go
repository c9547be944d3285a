package frontend

import (
	"go/ast"
	"go/build/constraint"
	"go/token"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/tools/go/packages"
	"golang.org/x/tools/go/ssa"
	"golang.org/x/tools/go/ssa/ssautil"
)

// This file loads the packages with go/packages and builds their SSA.
//
// Loading must not depend on the generated file, which may be missing or
// stale while other files of the package already call the functions it
// will declare. So loading runs in two steps:
//
//  1. a cheap listing (go list) finds the packages, their files and their
//     imports; the staging files are parsed for directives;
//  2. the real load runs with an overlay that empties the existing
//     generated file (<pkg>_lms.go), declares a stub for every
//     specialization (its signature derived from the staging function's
//     syntax, //line-mapped to the directive, so that a clash with a
//     user's declaration is reported there), and appends to each staging
//     file one function per static argument, returning the argument's
//     expression as the parameter's type (//line-mapped to the
//     expression, so that type errors in it are reported there).
//
// Every load sets the build tag lmsgen, so staging code in files tagged
// //go:build lmsgen is seen, and a generated file tagged !lmsgen is not.
// The target packages and the packages of the same module that they
// import are loaded from source (their calls are evaluated, so they need
// bodies), as are the standard packages they reach that sourceStd
// accepts (pure Go the evaluator runs);
// everything else comes from export data.
//
// overlay.go writes the overlay of step 2.

const stagePath = "github.com/lmsgen/lmsgen/stage"

// stageBasic maps the stage types to their underlying Go types.
var stageBasic = map[string]string{
	"Bool": "bool", "Int": "int", "Int8": "int8", "Int16": "int16", "Int32": "int32",
	"Int64": "int64", "Uint": "uint", "Uint8": "uint8", "Uint16": "uint16",
	"Uint32": "uint32", "Uint64": "uint64", "Uintptr": "uintptr",
	"Float32": "float32", "Float64": "float64", "Complex64": "complex64",
	"Complex128": "complex128", "String": "string", "Byte": "uint8", "Rune": "int32",
}

// Standard packages reached from the roots are loaded from source (their
// functions are evaluated from it), except those of notSourceStd and the
// packages only they import: the evaluator implements them itself (fmt,
// reflect, sync, ...), calls them natively (natives.go: strings, math,
// ...), or refuses them (world.go), and the runtime's own packages have
// no Go source for much of what they do. Packages the evaluator also
// calls natively (unicode, unicode/utf8) may come from source: a native
// wins over the source (callFunc), and the source answers the rest
// (unicode.Is with unicode's tables).
var notSourceStd = []string{
	"C", "unsafe", "runtime", "internal", "vendor", "syscall", "os", "io/ioutil", "net", "time", "log",
	"testing", "flag", "plugin", "embed", "reflect", "sync", "fmt", "errors", "math",
	"strconv", "hash/maphash", "iter", "weak", "unique", "structs", "crypto/rand", "crypto/tls", "crypto/x509",
}

// pureInternalStd lists the internal standard packages loaded from source
// like the others: pure Go that standard packages loaded from source call
// (crypto/md5 calls internal/byteorder, path/filepath calls
// internal/filepathlite, which calls internal/stringslite and
// internal/bytealg: natives.go).
var pureInternalStd = []string{"internal/byteorder", "internal/filepathlite"}

// pureUnderNotSourceStd lists the standard packages under one of
// notSourceStd that are loaded from source all the same: math/big is
// pure Go under the tag math_big_pure_go (buildTags), its arithmetic
// otherwise in assembly; math, math/bits and math/rand stay native or
// refused.
var pureUnderNotSourceStd = []string{"math/big"}

// sourceStd reports whether the standard package path is loaded from
// source when reached: not one of notSourceStd or a package under one
// (but those of pureUnderNotSourceStd), nor an internal package other
// than those of pureInternalStd.
func sourceStd(path string) bool {
	if slices.Contains(pureInternalStd, path) || slices.Contains(pureUnderNotSourceStd, path) {
		return true
	}
	if strings.Contains(path, ".") || strings.Contains(path, "/internal/") || strings.HasSuffix(path, "/internal") {
		return false
	}
	for _, p := range notSourceStd {
		if path == p || strings.HasPrefix(path, p+"/") {
			return false
		}
	}
	return true
}

// loaded is the outcome of loading: the SSA program and, per target
// package, what evaluation needs.
type loaded struct {
	fset    *token.FileSet
	prog    *ssa.Program
	pkgs    []*loadedPkg
	bySrc   map[string]bool     // import paths loaded from source
	stdSrc  map[string]bool     // those of standard packages
	srcPkgs []*packages.Package // the packages of the module loaded from source, not targets
	simd    bool                // every specialization has a vector build (Config.SIMD)
}

type loadedPkg struct {
	pkg    *packages.Package
	ssa    *ssa.Package
	dirs   *directives
	tagged bool
}

// buildTags returns the build flag of both loads: the tag lmsgen, the
// user's tags, and purego and math_big_pure_go, the standard library's
// tags for the Go variant of code otherwise written in assembly
// (crypto/md5's block function, math/big's arithmetic on words), which
// the evaluator cannot run.
func buildTags(cfg Config) string {
	return "-tags=" + strings.Join(append([]string{"lmsgen", "purego", "math_big_pure_go"}, cfg.Tags...), ",")
}

// load runs both steps and builds the SSA program.
func load(cfg Config) (*loaded, ErrorList) {
	roots, errs := listPackages(cfg)
	if len(errs) > 0 {
		return nil, errs
	}
	src, order, modules, fromSource := sourcePackages(roots)
	if errs := largeFiles(fromSource, cfg.Budgets.withDefaults().Mem, cfg.Output); len(errs) > 0 {
		return nil, errs
	}
	fset := token.NewFileSet()
	overlay := map[string][]byte{}
	var gens []*genDirective
	dirs := map[string]*directives{} // by package path
	for _, p := range roots {
		ds, err := prepareOverlay(fset, p, outputPath(p.Dir, p.Name, cfg.Output), overlay)
		errs = append(errs, err...)
		if ds != nil {
			gens = append(gens, ds.gens...)
			dirs[p.PkgPath] = ds
		}
	}
	if len(errs) > 0 {
		return nil, errs
	}

	loadCfg := &packages.Config{
		Mode: packages.NeedName | packages.NeedFiles | packages.NeedCompiledGoFiles | packages.NeedImports |
			packages.NeedTypes | packages.NeedTypesInfo | packages.NeedSyntax | packages.NeedModule,
		Dir:        cfg.Dir,
		BuildFlags: []string{buildTags(cfg)},
		Overlay:    overlay,
		Fset:       token.NewFileSet(),
	}
	all, err := packages.Load(loadCfg, order...)
	if err != nil {
		return nil, ErrorList{errorf(token.Position{}, "loading: %v", err)}
	}
	byPath := map[string]*packages.Package{}
	for _, p := range all {
		byPath[p.PkgPath] = p
	}
	l := &loaded{fset: loadCfg.Fset, bySrc: src, stdSrc: map[string]bool{}}
	for _, p := range all {
		if p.Module == nil && src[p.PkgPath] && sourceStd(p.PkgPath) {
			l.stdSrc[p.PkgPath] = true
		}
	}
	if errs := l.loadErrors(roots, all, byPath, gens, modules); len(errs) > 0 {
		return nil, errs
	}
	return l, l.buildSSA(roots, all, byPath, dirs)
}

// listPackages runs step 1: it lists the packages of cfg's patterns, with
// the outputs of packages that have errors emptied (see staleOutputs).
func listPackages(cfg Config) ([]*packages.Package, ErrorList) {
	patterns := cfg.Patterns
	if len(patterns) == 0 {
		patterns = []string{"."}
	}
	listCfg := &packages.Config{
		Mode:       packages.NeedName | packages.NeedFiles | packages.NeedImports | packages.NeedDeps | packages.NeedModule,
		Dir:        cfg.Dir,
		BuildFlags: []string{buildTags(cfg)},
		Tests:      false,
	}
	roots, err := packages.Load(listCfg, patterns...)
	if err == nil {
		if overlay := staleOutputs(roots, cfg.Output); len(overlay) > 0 {
			listCfg.Overlay = overlay
			roots, err = packages.Load(listCfg, patterns...)
		}
	}
	if err != nil {
		return nil, ErrorList{errorf(token.Position{}, "loading %s: %v", strings.Join(patterns, " "), err)}
	}
	var errs ErrorList
	for _, p := range roots {
		errs = append(errs, packageErrors(p)...)
	}
	return roots, errs
}

// sourcePackages decides which packages come from source: the roots, and
// what they import from their own modules, and the pure standard packages
// that sourceStd accepts. It returns them as a set and in order, the roots'
// modules, and the packages of those modules other than the roots.
func sourcePackages(roots []*packages.Package) (src map[string]bool, order []string, modules map[string]bool, fromSource []*packages.Package) {
	src = map[string]bool{}
	add := func(path string) {
		if !src[path] {
			src[path] = true
			order = append(order, path)
		}
	}
	modules = map[string]bool{}
	for _, p := range roots {
		add(p.PkgPath)
		if p.Module != nil {
			modules[p.Module.Path] = true
		}
	}
	// Standard packages are reached through the roots, their module's
	// packages and the standard packages loaded from source.
	packages.Visit(roots, func(p *packages.Package) bool {
		return p.Module != nil && modules[p.Module.Path] || p.Module == nil && sourceStd(p.PkgPath)
	}, func(p *packages.Package) {
		switch {
		case p.Module != nil && modules[p.Module.Path]:
			add(p.PkgPath)
			fromSource = append(fromSource, p)
		case p.Module == nil && sourceStd(p.PkgPath):
			add(p.PkgPath)
		}
	})
	return src, order, modules, fromSource
}

// loadErrors returns the errors of step 2's load (those reported at
// directives rewritten, see directiveErrors), and records in l the
// packages of the roots' modules loaded from source that are not roots.
func (l *loaded) loadErrors(roots, all []*packages.Package, byPath map[string]*packages.Package, gens []*genDirective, modules map[string]bool) ErrorList {
	var errs ErrorList
	for _, r := range roots {
		p := byPath[r.PkgPath]
		if p == nil {
			errs = append(errs, errorf(token.Position{}, "package %s was not loaded", r.PkgPath))
			continue
		}
		errs = append(errs, packageErrors(p)...)
	}
	errs = directiveErrors(errs, gens)
	targets := map[string]bool{}
	for _, r := range roots {
		targets[r.PkgPath] = true
	}
	for _, p := range all {
		if p.Module == nil || !modules[p.Module.Path] || len(errs) > 0 {
			continue
		}
		if !targets[p.PkgPath] {
			l.srcPkgs = append(l.srcPkgs, p)
			errs = append(errs, packageErrors(p)...)
		}
	}
	return errs
}

// buildSSA builds the SSA program of the loaded packages and, for each
// root, its SSA package and directives: those prepareOverlay parsed
// (dirs, by package path), moved onto the loaded syntax, with their
// errors.
func (l *loaded) buildSSA(roots, all []*packages.Package, byPath map[string]*packages.Package, dirs map[string]*directives) ErrorList {
	var errs ErrorList
	prog, ssapkgs := ssautil.Packages(all, ssa.InstantiateGenerics|ssa.GlobalDebug)
	prog.Build()
	l.prog = prog
	for _, r := range roots {
		p := byPath[r.PkgPath]
		var sp *ssa.Package
		for i, q := range all {
			if q == p {
				sp = ssapkgs[i]
			}
		}
		if sp == nil {
			errs = append(errs, errorf(token.Position{}, "package %s: no SSA (type errors?)", p.PkgPath))
			continue
		}
		ds := dirs[r.PkgPath]
		if ds == nil || !ds.rebind(l.fset, p.Syntax) {
			var derrs ErrorList
			ds, derrs = parseDirectives(l.fset, p.Syntax)
			ds.errs = derrs
		}
		errs = append(errs, ds.errs...)
		l.pkgs = append(l.pkgs, &loadedPkg{pkg: p, ssa: sp, dirs: ds, tagged: stagingTagged(l.fset, p.Syntax, ds)})
	}
	return errs
}

// stagingTagged reports whether a file with a //lms:gen directive needs
// the lmsgen build tag.
func stagingTagged(fset *token.FileSet, files []*ast.File, ds *directives) bool {
	for _, d := range ds.gens {
		if needsLmsgenTag(d.file) {
			return true
		}
	}
	return false
}

// needsLmsgenTag reports whether a file is built only with the lmsgen
// build tag.
func needsLmsgenTag(f *ast.File) bool {
	for _, cg := range f.Comments {
		if cg.Pos() > f.Package {
			break
		}
		for _, c := range cg.List {
			if !constraint.IsGoBuild(c.Text) {
				continue
			}
			x, err := constraint.Parse(c.Text)
			if err != nil {
				continue
			}
			if !x.Eval(func(tag string) bool { return tag != "lmsgen" }) {
				return true
			}
		}
	}
	return false
}

// packageErrors converts the errors of a package, each once, in the form
// file:line:col: message. When the package has syntax or type errors,
// the go command's own report of them is dropped: it repeats them in
// other words, under a "# package" line, and names overlay files. When
// cgo failed, the C compiler's errors are reported, and not the type
// checker's consequence (could not import C).
func packageErrors(p *packages.Package) ErrorList {
	fileErrors, cgoFailed := false, false
	for _, e := range p.Errors {
		switch {
		case strings.Contains(e.Msg, noCgo):
			cgoFailed = true
		case e.Kind == packages.TypeError || e.Kind == packages.ParseError:
			fileErrors = true
		}
	}
	var errs ErrorList
	seen := map[string]bool{}
	for _, e := range p.Errors {
		file := e.Kind == packages.TypeError || e.Kind == packages.ParseError
		if fileErrors && !file || cgoFailed && strings.Contains(e.Msg, noCgo) {
			continue
		}
		for _, x := range packageError(e, p.Dir) {
			if !seen[x.Error()] {
				seen[x.Error()] = true
				errs = append(errs, x)
			}
		}
	}
	return errs
}

// noCgo is the type checker's error when cgo failed.
const noCgo = "could not import C (no metadata for C)"

// packageError converts an error of go/packages. A report of the go
// command ("# pkg" and lines of the compilers, with file names relative to
// the package directory dir) becomes one error per "file:line:col:
// message" line in a file of dir; the other lines (a C compiler's context
// and excerpts, files of the build cache) are dropped, unless no line is
// positioned in dir.
func packageError(e packages.Error, dir string) []*Error {
	if !strings.HasPrefix(e.Msg, "# ") || !strings.Contains(e.Msg, "\n") {
		return []*Error{{Pos: parsePos(e.Pos), Msg: e.Msg}}
	}
	var errs []*Error
	var rest []string
	for _, line := range strings.Split(e.Msg, "\n")[1:] {
		if strings.TrimSpace(line) == "" {
			continue
		}
		pos, msg, ok := strings.Cut(line, ": ")
		p := parsePos(pos)
		if !filepath.IsAbs(p.Filename) && dir != "" {
			p.Filename = filepath.Join(dir, p.Filename)
		}
		if !ok || p.Line == 0 || filepath.Dir(p.Filename) != dir {
			rest = append(rest, strings.TrimSpace(line))
			continue
		}
		errs = append(errs, &Error{Pos: p, Msg: msg})
	}
	if len(errs) == 0 {
		errs = append(errs, &Error{Msg: strings.Join(rest, "\n")})
	}
	return errs
}

// parsePos parses "file:line:col" or "file:line" (the file name may itself
// contain colons).
func parsePos(s string) token.Position {
	if s == "" || s == "-" {
		return token.Position{}
	}
	var p token.Position
	rest := s
	nums := []int{}
	for range 2 {
		i := strings.LastIndexByte(rest, ':')
		if i < 0 {
			break
		}
		n, err := strconv.Atoi(rest[i+1:])
		if err != nil {
			break
		}
		nums = append([]int{n}, nums...)
		rest = rest[:i]
	}
	p.Filename = rest
	if len(nums) > 0 {
		p.Line = nums[0]
	}
	if len(nums) > 1 {
		p.Column = nums[1]
	}
	return p
}
