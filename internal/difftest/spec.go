package difftest

import (
	"fmt"
	"path/filepath"
	"strings"

	"github.com/lmsgen/lmsgen/frontend"
	"github.com/lmsgen/lmsgen/ir"
)

// This file describes a specialization as the generated tests see it:
// how to call the generated function and the staging function natively.

// testSpec describes one specialization for the generated tests: how to
// call the generated function and the staging function natively.
type testSpec struct {
	Name    string    // the generated function
	Origin  string    // the staging function, in the same package
	Method  bool      // Origin is a method of the first argument
	Args    []testArg // the staging function's parameters, in order
	Results []ir.GoValue
	// Inputs is the number of inputs to draw (//lms:test inputs=N), 0
	// for the default.
	Inputs int
	// MapRanges are the positions ("file:line:col") where the staging
	// function ranges over a static map: natively in a random order.
	MapRanges []string
	// Prints reports whether the specialization writes to standard
	// output or standard error: a call of it abandoned over the work
	// budget may go on writing into the output captured of the next calls.
	Prints bool
	// Relaxed reports whether the specialization has relaxed floating
	// point (-fp=relaxed): its floats are compared within a bound
	// (relaxed.go).
	Relaxed bool
}

// prints reports whether g writes to standard output or standard error.
func prints(g *ir.Graph) bool {
	for _, nd := range g.Nodes {
		switch nd.Op {
		case ir.OpPrint, ir.OpPrintf, ir.OpPrintln, ir.OpEprint, ir.OpEprintln:
			return true
		}
	}
	return false
}

// testArg is one parameter of the staging function: bound to a static
// expression, or a parameter of the generated function.
type testArg struct {
	Static string     // the directive's Go expression, if bound
	Value  ir.GoValue // the generated parameter, if not bound
	// LoopBound reports, per leaf of Value, whether it is a number that
	// may bound a staged loop, or a slice whose elements may
	// (loopbound.go): the test draws it small, or the loop
	// could run 2⁶³ times (or forever, for +Inf).
	LoopBound []bool
	// Test is what //lms:test sets per leaf of Value (nil: nothing).
	Test []frontend.LeafTest
	// Named is the staging function's type of the parameter when it is
	// a named type of the package ("Samples" for type Samples
	// []stage.Int), "" otherwise: the native call converts to it.
	Named string
}

// goType spells the type of a parameter or result of the generated
// function in the test: a struct type of the package is qualified by
// qual ("" or "go_.").
func goType(v ir.GoValue, qual string) string {
	if v.IsArray() && v.Named.IsZero() {
		return v.TypeText(func(n ir.GoName) string {
			if n.Path == stagePath {
				return "stage." + n.Name
			}
			return qual + n.Name
		})
	}
	if v.IsStruct() {
		return qual + v.Named.Name
	}
	if isAoS(v) {
		return aosType(v, qual)
	}
	return v.Type.String()
}

// stagePath is the import path of the stage package, which the test
// file imports as stage.
const stagePath = "github.com/lmsgen/lmsgen/stage"

// unstage returns x, a result of type v of the staging or the generated
// function, as a value of v's type in the generated signature: a slice
// of a stage type is viewed as a slice of its underlying type (Go has no
// conversion between them), anything else converted.
func unstage(v ir.GoValue, qual, x string) string {
	if isAoS(v) {
		return x // the staging function's own type
	}
	if !v.IsStruct() && v.Type.Kind == ir.KSlice {
		return fmt.Sprintf("lmsUnstage[%s](%s)", v.Type.Elem, x)
	}
	return fmt.Sprintf("%s(%s)", goType(v, qual), x)
}

// stageType spells the stage type of an ir type ("stage.Float64",
// "[]stage.Int").
func stageType(t *ir.Type) string {
	if t.Kind == ir.KSlice {
		return "[]" + stageType(t.Elem)
	}
	name := t.String()
	return "stage." + strings.ToUpper(name[:1]) + name[1:]
}

// specOf describes a specialization for the generated tests; the graph
// is the one after the graph passes (loopBounds reads it).
func specOf(s *frontend.Spec) testSpec {
	t := testSpec{Name: s.Name, Origin: s.Origin, Method: s.Method, Inputs: s.TestInputs, Prints: prints(s.Graph), Relaxed: s.RelaxedFP}
	for _, pos := range s.MapRanges {
		t.MapRanges = append(t.MapRanges, fmt.Sprintf("%s:%d:%d", filepath.Base(pos.Filename), pos.Line, pos.Column))
	}
	for _, r := range s.Results {
		t.Results = append(t.Results, r.GoValue)
	}
	static := map[int]string{}
	n := len(s.Params) + len(s.Static)
	for _, a := range s.Static {
		static[a.Index] = a.Expr
	}
	bounds := loopBounds(s.Graph)
	d := 0
	for i := 0; i < n; i++ {
		if e, ok := static[i]; ok {
			t.Args = append(t.Args, testArg{Static: e})
			continue
		}
		p := s.Params[d]
		t.Args = append(t.Args, testArg{Value: p.GoValue, LoopBound: bounds[:len(p.LeafNames):len(p.LeafNames)], Test: p.Test, Named: localNamed(p)})
		bounds = bounds[len(p.LeafNames):]
		d++
	}
	return t
}

// localNamed returns p's stage type if it is a named type of the
// package, not a struct (whose value the test passes as it is), else "".
func localNamed(p frontend.Param) string {
	if p.IsStruct() || strings.ContainsAny(p.StageType, ".[]") {
		return ""
	}
	return p.StageType
}
