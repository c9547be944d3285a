package frontend

import (
	"go/ast"
	"go/token"
	"math"
	"strconv"
	"strings"

	"github.com/lmsgen/lmsgen/ir"
)

// This file parses and resolves the //lms:test directive, which sets the
// inputs of the differential test that -test generates:
//
//	//lms:test ITEM...
//
//	ITEM   = inputs=N | PATH=RANGE | PATH.len=RANGE | PATH.elem=RANGE
//	PATH   = PARAM{.FIELD}        a parameter, or a field of a struct one
//	RANGE  = NUM | NUM..NUM       one value, or all from the first to the last
//
// PATH=RANGE sets the values of a number; PATH.len=RANGE the length of a
// slice and PATH.elem=RANGE the values of its elements. NUM is an integer
// (a float for a float's values), within the type. A function may have
// several //lms:test lines; each ITEM is set once. The directive applies
// to every specialization of the function; an ITEM on a parameter that a
// specialization binds statically does nothing there.

const testPrefix = "//lms:test"

// maxTestLen is the largest slice length //lms:test may ask for, and
// maxTestInputs the most inputs: a test must stay a test.
const (
	maxTestLen    = 1 << 20
	maxTestInputs = 1 << 20
)

// LeafTest is what a //lms:test directive sets for one leaf of a
// parameter. A nil field is not set (the test draws its default).
type LeafTest struct {
	Value *Range // a number's values; a slice's elements' values
	Len   *Range // a slice's length
}

// Range is an inclusive range of values, as Go literals of the leaf's
// type (or ints, for a length), Lo <= Hi.
type Range struct {
	Lo, Hi string
}

// testDirective is the //lms:test directive of one function: its items,
// in source order.
type testDirective struct {
	pos   token.Position // the first //lms:test line
	items []testItem
}

// attachTests gives each //lms:gen directive its function's //lms:test
// directive, and reports a //lms:test on a function without //lms:gen,
// where it would do nothing.
func attachTests(ds *directives, files []*ast.File) ErrorList {
	for _, d := range ds.gens {
		d.test = ds.tests[d.fn]
	}
	hasGen := func(fd *ast.FuncDecl) bool {
		for _, c := range fd.Doc.List {
			if w := strings.Fields(c.Text); len(w) > 0 && w[0] == genPrefix {
				return true
			}
		}
		return false
	}
	var errs ErrorList
	for _, f := range files {
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if td := ds.tests[fd]; ok && td != nil && !hasGen(fd) {
				errs = append(errs, errorf(td.pos, "misplaced //lms:test: %s has no //lms:gen directive, whose test it would set", fd.Name.Name))
			}
		}
	}
	return errs
}

// testItem is one PATH=RANGE (or inputs=N) of a //lms:test directive.
type testItem struct {
	path   []string // PARAM, then the fields; the last may be len or elem
	lo, hi string
	pos    token.Position
	count  bool // inputs=N, the number of inputs
}

// parseTest parses the items of a //lms:test comment into d (a function's
// directive): their syntax, and that each names a parameter of fd.
func parseTest(d *testDirective, c *ast.Comment, pos token.Position, fd *ast.FuncDecl) *Error {
	at := func(off int) token.Position {
		p := pos
		p.Offset += off
		p.Column += off
		return p
	}
	fields, bad := splitFields(c.Text, len(testPrefix))
	if bad >= 0 {
		return errorf(at(bad), "malformed //lms:test: unterminated string, character literal or bracket")
	}
	if len(fields) == 0 {
		return errorf(pos, "malformed //lms:test: want ITEM... (PARAM=LO..HI, PARAM.len=N, PARAM.elem=LO..HI, inputs=N)")
	}
	params := map[string]bool{}
	if fd.Recv != nil {
		for _, n := range fd.Recv.List[0].Names {
			params[n.Name] = true
		}
	}
	for _, f := range fd.Type.Params.List {
		for _, n := range f.Names {
			params[n.Name] = true
		}
	}
	for _, f := range fields {
		fpos := at(f.off)
		key, val, ok := strings.Cut(f.text, "=")
		if !ok || key == "" || val == "" {
			return errorf(fpos, "malformed //lms:test: want PATH=RANGE, found %q", f.text)
		}
		path := strings.Split(key, ".")
		for _, p := range path {
			if !token.IsIdentifier(p) {
				return errorf(fpos, "malformed //lms:test: %q is not a parameter or a field path", key)
			}
		}
		lo, hi, isRange := strings.Cut(val, "..")
		if !isRange {
			hi = lo
		}
		vpos := at(f.off + len(key) + 1)
		if lo == "" || hi == "" {
			return errorf(vpos, "malformed //lms:test: want NUM or NUM..NUM after %s=, found %q", key, val)
		}
		for _, n := range []string{lo, hi} {
			if _, err := strconv.ParseFloat(strings.ReplaceAll(n, "_", ""), 64); err != nil {
				if _, err := strconv.ParseInt(n, 0, 64); err != nil {
					if _, err := strconv.ParseUint(n, 0, 64); err != nil {
						return errorf(vpos, "malformed //lms:test: %q is not a number", n)
					}
				}
			}
		}
		count := key == "inputs" && !params["inputs"]
		if count {
			n, err := strconv.Atoi(lo)
			if isRange || err != nil || n < 1 || n > maxTestInputs {
				return errorf(vpos, "malformed //lms:test: inputs=N needs a count from 1 to %d, found %q", maxTestInputs, val)
			}
		} else if !params[path[0]] {
			return errorf(fpos, "unknown parameter %s: %s has no parameter of that name", path[0], fd.Name.Name)
		}
		for _, it := range d.items {
			if strings.Join(it.path, ".") == key {
				return errorf(fpos, "%s is set twice in //lms:test (first at %v)", key, it.pos)
			}
		}
		d.items = append(d.items, testItem{path: path, lo: lo, hi: hi, pos: fpos, count: count})
	}
	return nil
}

// resolveTest applies a function's //lms:test directive to the
// parameters of one of its specializations (nil d: none): it sets their
// Test and returns the number of inputs (0: the default). It reports an
// item that does not fit the type of what it names.
func resolveTest(d *testDirective, params []Param) (int, *Error) {
	if d == nil {
		return 0, nil
	}
	inputs := 0
	for _, it := range d.items {
		if it.count {
			inputs = mustAtoi(it.lo)
			continue
		}
		var p *Param
		for i := range params {
			if params[i].Name == it.path[0] {
				p = &params[i]
			}
		}
		if p == nil {
			continue // bound statically in this specialization
		}
		if p.Test == nil {
			p.Test = make([]LeafTest, len(p.LeafNames))
		}
		if err := it.apply(p); err != nil {
			return 0, err
		}
	}
	return inputs, nil
}

// apply sets what the item says in the parameter p's leaf it names.
func (it testItem) apply(p *Param) *Error {
	key := strings.Join(it.path, ".")
	rest := strings.Join(it.path[1:], ".")
	for i, lp := range p.LeafPaths() {
		leaf := p.LeafValues()[i]
		lpath := strings.Join(lp, ".")
		isSlice := leaf.Type.Kind == ir.KSlice
		switch {
		case rest == lpath && isSlice:
			return errorf(it.pos, "%s is a slice: set its length with %s.len=N or its elements with %s.elem=LO..HI", key, key, key)
		case rest == lpath:
			r, err := it.numRange(leaf.Type)
			if err != nil {
				return err
			}
			p.Test[i].Value = r
			return nil
		case isSlice && rest == join(lpath, "len"):
			r, err := it.numRange(ir.Int)
			if err != nil {
				return err
			}
			if lo, _ := strconv.Atoi(r.Lo); lo < 0 || mustAtoi(r.Hi) > maxTestLen {
				return errorf(it.pos, "//lms:test: %s=%s..%s: a length is from 0 to %d", key, r.Lo, r.Hi, maxTestLen)
			}
			p.Test[i].Len = r
			return nil
		case isSlice && rest == join(lpath, "elem"):
			r, err := it.numRange(leaf.Type.Elem)
			if err != nil {
				return err
			}
			p.Test[i].Value = r
			return nil
		}
	}
	return errorf(it.pos, "//lms:test: %s names no number or slice of parameter %s (type %s)", key, p.Name, p.GoType)
}

func join(path, last string) string {
	if path == "" {
		return last
	}
	return path + "." + last
}

func mustAtoi(s string) int {
	n, err := strconv.Atoi(s)
	if err != nil {
		panic("BUG: " + err.Error())
	}
	return n
}

// numRange checks the item's range against the type t of the values it
// sets, and returns it with its bounds as canonical literals of t.
func (it testItem) numRange(t *ir.Type) (*Range, *Error) {
	key := strings.Join(it.path, ".")
	var lo, hi string
	var less bool
	switch {
	case t.IsInteger() && t.IsUnsigned():
		a, err1 := strconv.ParseUint(it.lo, 0, t.Bits())
		b, err2 := strconv.ParseUint(it.hi, 0, t.Bits())
		if err1 != nil || err2 != nil {
			return nil, errorf(it.pos, "//lms:test: %s=%s..%s: want integers that fit in %s", key, it.lo, it.hi, t)
		}
		lo, hi, less = strconv.FormatUint(a, 10), strconv.FormatUint(b, 10), a <= b
	case t.IsInteger():
		a, err1 := strconv.ParseInt(it.lo, 0, t.Bits())
		b, err2 := strconv.ParseInt(it.hi, 0, t.Bits())
		if err1 != nil || err2 != nil {
			return nil, errorf(it.pos, "//lms:test: %s=%s..%s: want integers that fit in %s", key, it.lo, it.hi, t)
		}
		lo, hi, less = strconv.FormatInt(a, 10), strconv.FormatInt(b, 10), a <= b
	case t.IsFloat():
		a, err1 := strconv.ParseFloat(it.lo, t.Bits())
		b, err2 := strconv.ParseFloat(it.hi, t.Bits())
		if err1 != nil || err2 != nil || math.IsNaN(a) || math.IsNaN(b) {
			return nil, errorf(it.pos, "//lms:test: %s=%s..%s: want finite numbers of type %s", key, it.lo, it.hi, t)
		}
		lo, hi, less = strconv.FormatFloat(a, 'g', -1, 64), strconv.FormatFloat(b, 'g', -1, 64), a <= b
	default:
		return nil, errorf(it.pos, "//lms:test: %s has type %s: only numbers, and slices' lengths and number elements, can be set", key, t)
	}
	if !less {
		return nil, errorf(it.pos, "//lms:test: %s=%s..%s: the range is empty (the first bound is above the last)", key, it.lo, it.hi)
	}
	return &Range{Lo: lo, Hi: hi}, nil
}
