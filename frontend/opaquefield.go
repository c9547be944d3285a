package frontend

import (
	"fmt"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/lmsgen/lmsgen/ir"
)

// This file stages the fields of an opaque value that points to a struct
// (worldcall.go: the *exec.Cmd of exec.Command): `cmd.Dir = dir`,
// `cmd.Env = append(os.Environ(), "GOOS=linux")`, `cmd.Stdout =
// os.Stdout`, `cmd.ProcessState` after `cmd.Run()`. A load or a store of
// an exported field of a type the generated code can hold (stagedGoType)
// is an effect of the generated code (ir.Builder.FieldLoad, FieldStore),
// in program order with the calls that read or change the value. Only
// the field's address used at once, by one load or store, is staged; the
// address itself (&cmd.Dir passed on, a method of a field) is refused,
// and so is a value the generated code cannot write (a pointer to a
// static bytes.Buffer: `cmd.Stdout = &buf`).

// opaqueField is the address of field f of the opaque Rep r.
type opaqueField struct {
	r *rep
	f *types.Var
}

// opaqueFieldAddr evaluates the address of a field of the opaque Rep r.
func (fr *frame) opaqueFieldAddr(r *rep, in *ssa.FieldAddr) value {
	ev := fr.ev
	t := ev.b.Graph().TypeOf(r.e)
	st, ok := in.X.Type().Underlying().(*types.Pointer).Elem().Underlying().(*types.Struct)
	if !ok || !t.Ptr {
		panic("BUG: field address of an opaque value that is not a pointer to a struct")
	}
	f := st.Field(in.Field)
	if !f.Exported() {
		ev.fail("field %s of a %s of the generated code is not exported: the generated code cannot name it (%s)", f.Name(), t, ev.whyRep(r))
	}
	for _, u := range *in.Referrers() {
		switch u := u.(type) {
		case *ssa.Store:
			if u.Addr == in && u.Val != ssa.Value(in) {
				continue
			}
		case *ssa.UnOp:
			if u.Op == token.MUL {
				continue
			}
		case *ssa.DebugRef:
			continue
		}
		ev.fail("the address of field %s of a %s of the generated code is used by staging code: only a load or a store of the field is staged (%s)", f.Name(), t, ev.whyRep(r))
	}
	return &opaqueField{r: r, f: f}
}

// loadField loads the field p.
func (ev *evaluator) loadField(p *opaqueField) value {
	it, conv := stagedGoType(p.f.Type())
	if it == nil {
		ev.fail("field %s of a %s of the generated code has type %s, which the generated code cannot hold", p.f.Name(), ev.b.Graph().TypeOf(p.r.e), typeString(p.f.Type()))
	}
	ev.at()
	e := ev.b.FieldLoad(p.r.e, p.f.Name(), it, conv)
	ev.writes++
	return ev.newRep(e, "field "+p.f.Name()+" of "+ev.whyRep(p.r), p.r)
}

// storeField stores v into the field p.
func (ev *evaluator) storeField(p *opaqueField, v value) {
	what := fmt.Sprintf("the value stored in field %s of a %s", p.f.Name(), ev.b.Graph().TypeOf(p.r.e))
	it, conv := stagedGoType(p.f.Type())
	if it == nil {
		ev.fail("%s has type %s, which the generated code cannot hold", what, typeString(p.f.Type()))
	}
	var e ir.Exp
	if o, ok := ev.opaqueRep(v); ok {
		e = o.e // the field's type may be an interface it implements: Go converts
	} else {
		if hasRep(v, 0) && !isRep(v) && it.Kind != ir.KSlice {
			ev.fail("%s is %s holding Reps", what, describe(v))
		}
		e = ev.liftTo(v, it, what)
	}
	if e.IsConst() {
		conv = ir.GoName{} // an untyped constant converts itself
	}
	ev.at()
	ev.b.FieldStore(p.r.e, p.f.Name(), e, conv)
	ev.writes++
}
