package frontend

import (
	"reflect"

	"github.com/lmsgen/lmsgen/ir"
)

// This file turns static slices into slices of the generated code.
//
// A static slice (make([]stage.Float64, 4), a []float64 table computed at
// generation time) lives in the evaluator: its elements are cells holding
// static values or Reps, and indexing it with static indices costs
// nothing in the generated code (scalar replacement). Two things make it
// appear in the generated code:
//
//   - a read with a Rep index (table[i]) reads a snapshot of it: static
//     data when all elements are static, otherwise a fresh slice filled
//     with the elements;
//   - anything else (a write with a Rep index, passing it where a Rep
//     slice is expected, storing it in a staged variable, returning it)
//     materializes it: a slice of the generated code is allocated and
//     filled, and from then on every cell of the storage lives in that
//     slice (its content becomes a *matElem), so the static handle and the
//     dynamic slice alias as Go says they do.

// materialize returns the dynamic slice standing for the static slice s.
func (ev *evaluator) materialize(s sliceV, et *ir.Type) ir.Exp {
	ev.at()
	if s.base == nil {
		return ev.b.NilSlice(ir.SliceOf(et))
	}
	if len(s.base) == 0 {
		e := ev.b.MakeSlice(et, ev.b.Const(ir.Int, 0), ev.b.Const(ir.Int, 0))
		ev.local[e.Sym()] = true
		return e
	}
	key := &s.base[0]
	m, ok := ev.mats[key]
	if !ok {
		ev.materializeBefore(matReq{base: s.base, elem: et}, "a static slice")
		m = ev.fill(s.base, et)
		ev.mats[key] = m
		for i := range s.base {
			s.base[i] = &matElem{s: m, i: i}
		}
	}
	if s.off == 0 && s.len == len(s.base) && s.cap == len(s.base) {
		return m
	}
	ev.at()
	e := ev.b.SubSlice(m, ev.b.Const(ir.Int, s.off), ev.b.Const(ir.Int, s.off+s.len), ev.b.Const(ir.Int, s.off+s.cap))
	ev.local[e.Sym()] = true
	return e
}

// materializeBase materializes a whole storage before a region is rebuilt.
func (ev *evaluator) materializeBase(m matReq) {
	if len(m.base) == 0 {
		return
	}
	if m.leaves != nil {
		ev.soaMaterialize(sliceV{base: m.base, len: len(m.base), cap: len(m.base)}, m.leaves)
		return
	}
	if _, ok := ev.mats[&m.base[0]]; ok {
		return
	}
	ev.materialize(sliceV{base: m.base, len: len(m.base), cap: len(m.base)}, m.elem)
}

// fill allocates a slice of the generated code holding the current
// values of the cells of base.
func (ev *evaluator) fill(base []value, et *ir.Type) ir.Exp {
	n := len(base)
	vals := make([]value, n)
	allStatic := true
	for i := range base {
		vals[i] = ev.load(&base[i])
		if isRep(vals[i]) {
			allStatic = false
		} else if !liftable(vals[i]) || irTypeOfValue(vals[i]) == nil {
			ev.fail("a static slice holding %s cannot become part of the generated code", describe(vals[i]))
		}
	}
	ev.at()
	if allStatic && n >= 8 {
		// The static data itself: the emitters give every call a copy
		// of a table the code writes, and share one it only reads.
		m := ev.static(vals, et)
		ev.local[m.Sym()] = true
		return m
	}
	m := ev.b.MakeSlice(et, ev.b.Const(ir.Int, n), ev.b.Const(ir.Int, n))
	ev.local[m.Sym()] = true
	ev.writes++
	ev.setElems(m, vals, et)
	return m
}

// setElems stores the non-zero values into a fresh slice.
func (ev *evaluator) setElems(m ir.Exp, vals []value, et *ir.Type) {
	for i, v := range vals {
		e := ev.liftTo(v, et, "an element")
		if c := e.Const(); c != nil && isZeroBasic(c.Val) {
			continue
		}
		ev.b.SetIndex(m, ev.b.Const(ir.Int, i), e)
	}
}

// table returns a slice of the generated code holding the current elements
// of s, to be read only.
func (ev *evaluator) table(s sliceV, et *ir.Type) ir.Exp {
	if len(s.base) > 0 {
		if _, ok := ev.mats[&s.base[0]]; ok {
			return ev.materialize(s, et)
		}
	}
	if s.base == nil {
		ev.at()
		return ev.b.NilSlice(ir.SliceOf(et))
	}
	vals := make([]value, s.len)
	allStatic := true
	for i := range vals {
		vals[i] = ev.load(&s.base[s.off+i])
		if r, ok := vals[i].(*rep); ok {
			if c := r.e.Const(); c != nil && c.Type == et {
				vals[i] = c.Val // a constant of a stage type ([]stage.Float64{0.5, 2})
			} else {
				allStatic = false
			}
		}
	}
	if allStatic {
		// The snapshot is reused while the elements it holds are the same
		// (whatever else static code stored meanwhile).
		var key *value
		if s.len > 0 {
			key = &s.base[s.off]
			if t, ok := ev.tables[key]; ok && ev.b.Graph().TypeOf(t.e) == ir.SliceOf(et) && sameValues(t.vals, vals) {
				return t.e
			}
		}
		e := ev.static(vals, et)
		if key != nil {
			ev.tables[key] = tableRef{e: e, vals: vals}
		}
		return e
	}
	ev.at()
	m := ev.b.MakeSlice(et, ev.b.Const(ir.Int, s.len), ev.b.Const(ir.Int, s.len))
	ev.local[m.Sym()] = true
	ev.writes++
	ev.setElems(m, vals, et)
	return m
}

// sameValues reports whether two lists of static values are identical.
func sameValues(a, b []value) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if !identical(a[i], b[i]) {
			return false
		}
	}
	return true
}

// static builds static data from static basic values.
func (ev *evaluator) static(vals []value, et *ir.Type) ir.Exp {
	zero := reflect.ValueOf(zeroOf(et))
	sv := reflect.MakeSlice(reflect.SliceOf(zero.Type()), len(vals), len(vals))
	for i, v := range vals {
		if vt := irTypeOfValue(v); vt != et {
			if vt == nil {
				ev.fail("a static slice holding %s cannot become part of the generated code", describe(v))
			}
			v = toKind(v, irKinds[et])
		}
		sv.Index(i).Set(reflect.ValueOf(v))
	}
	ev.at()
	e := ev.b.Static(ir.SliceOf(et), sv.Interface())
	ev.local[e.Sym()] = true
	return e
}

func isZeroBasic(v value) bool {
	switch v := v.(type) {
	case bool:
		return !v
	case string:
		return v == ""
	case float32:
		return v == 0 && !signbit32(v)
	case float64:
		return v == 0 && !signbit64(v)
	case complex64:
		return v == 0 && !signbit32(real(v)) && !signbit32(imag(v))
	case complex128:
		return v == 0 && !signbit64(real(v)) && !signbit64(imag(v))
	}
	if isIntegerValue(v) {
		return cvt[int64](v) == 0
	}
	return false
}

func signbit32(f float32) bool { return f < 0 || 1/f < 0 }
func signbit64(f float64) bool { return f < 0 || 1/f < 0 }

// materializeBefore restarts the outermost region born after the static
// slice req.base, when the slice is older than the current region, so
// that the slice is materialized before that region (its cells may be
// read and written on every path of it); it does not return then. A
// staged function between cannot use the enclosing code's storage: what
// names the slice in that error.
func (ev *evaluator) materializeBefore(req matReq, what string) {
	bd := ev.birth[&req.base[0]]
	if !ev.outer(bd) {
		return
	}
	first := ev.outermostAfter(bd)
	for _, r := range ev.regions[first:] {
		if r.kind == rLambda {
			ev.fail("%s of the enclosing staging code is used as a dynamic slice inside a staged function: pass it as a parameter", what)
		}
	}
	ev.unwind(&restartReq{target: ev.regions[first], material: []matReq{req}})
}

// materialized reports whether v is a static slice whose storage is
// materialized: its elements live in a slice of the generated code, which
// materialize returns.
func (ev *evaluator) materialized(v value) bool {
	s, ok := v.(sliceV)
	if !ok || len(s.base) == 0 {
		return false
	}
	_, ok = ev.mats[&s.base[0]]
	return ok
}
