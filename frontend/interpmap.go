package frontend

import (
	"go/types"
	"slices"
	"unicode/utf8"

	"golang.org/x/tools/go/ssa"

	"github.com/lmsgen/lmsgen/ir"
)

// This file executes the map and iteration instructions: lookup, update,
// and range over maps and strings (Range, Next). A lookup with a Rep key
// is staged (mapswitch.go).

func (fr *frame) lookup(in *ssa.Lookup) value {
	ev := fr.ev
	x := fr.get(in.X)
	k := fr.get(in.Index)
	m, ok := x.(*mapV)
	if !ok {
		ev.fail("lookup in %s", describe(x))
	}
	mt := in.X.Type().Underlying().(*types.Map)
	if r, ok := k.(*rep); ok {
		return fr.mapSwitch(m, r, mt.Key(), mt.Elem(), in.CommaOk)
	}
	if hasRep(k, 0) {
		ev.fail("map key must be static, but %s", ev.whyRep(k))
	}
	vt := mt.Elem()
	var v value
	found := false
	if m != nil {
		if j, ok := m.idx[mapKey(k)]; ok {
			v, found = ev.load(m.vals[j]), true
		}
	}
	if !found {
		v = ev.zero(vt)
	}
	if in.CommaOk {
		return tuple{v, found}
	}
	return v
}

func (fr *frame) mapUpdate(in *ssa.MapUpdate) {
	ev := fr.ev
	m, ok := fr.get(in.Map).(*mapV)
	if !ok {
		ev.fail("map update of a non-static map")
	}
	k := fr.get(in.Key)
	if hasRep(k, 0) {
		ev.fail("map key must be static, but %s", ev.whyRep(k))
	}
	ev.mapAssign(m, k, fr.get(in.Value))
}

// mapAssign stores v under the static key k in the static map m, as
// m[k] = v does.
func (ev *evaluator) mapAssign(m *mapV, k, v value) {
	if m == nil {
		panic(&goPanic{msg: "assignment to entry in nil map", val: "assignment to entry in nil map"})
	}
	key := mapKey(k)
	if j, ok := m.idx[key]; ok {
		if old := m.keys[j]; !identical(old, k) {
			// Go stores the new key over an equal one (+0 over -0,
			// in a float or interface key): ranging prints it.
			ev.mapChange(m, "changing a key of", func() { m.keys[j] = old })
			m.keys[j] = k
		}
		ev.store(m.vals[j], v)
		return
	}
	ev.mapInsert(m, k, key, v)
}

// mapDelete deletes the static key k from the static map m, as
// delete(m, k) does.
func (ev *evaluator) mapDelete(m *mapV, k value) {
	if m == nil {
		return
	}
	key := mapKey(k)
	if j, ok := m.idx[key]; ok {
		k := m.keys[j]
		ev.mapChange(m, "deleting a key from", func() {
			m.idx[key] = j
			m.keys[j] = k
			m.live++
		})
		delete(m.idx, key)
		m.keys[j] = deletedKey{}
		m.live--
	}
}

func (ev *evaluator) mapInsert(m *mapV, k value, key any, v value) {
	ev.alloc(64, "a map entry")
	ev.mapChange(m, "adding a key to", func() {
		delete(m.idx, key)
		m.keys, m.vals = m.keys[:len(m.keys)-1], m.vals[:len(m.vals)-1]
		m.live--
	})
	m.idx[key] = len(m.keys)
	m.keys = append(m.keys, k)
	m.vals = append(m.vals, ev.newCell(copyVal(v)))
	m.live++
}

// cloneMap returns a copy of m with its entries in m's order (maps.Clone:
// gc's runtime copies the map, entries with NaN keys included).
func (ev *evaluator) cloneMap(m *mapV) *mapV {
	c := &mapV{idx: map[any]int{}, born: ev.now()}
	for j, k := range m.keys {
		if isDeletedKey(k) {
			continue
		}
		ev.alloc(64, "a map entry")
		c.idx[mapKey(k)] = len(c.keys)
		c.keys = append(c.keys, k)
		c.vals = append(c.vals, ev.newCell(copyVal(ev.load(m.vals[j]))))
		c.live++
	}
	return c
}

// mapChange checks a change of the keys of a static map. Under staged
// control it is an error (the change could not be merged), except in a
// trial iteration, whose changes are undone.
func (ev *evaluator) mapChange(m *mapV, what string, undo func()) {
	if !ev.outer(m.born) {
		return
	}
	for i := ev.outermostAfter(m.born); i < len(ev.regions); i++ {
		if ev.regions[i].kind != rTrial {
			ev.fail("%s a static map under staged control (in a branch or loop on a Rep) is not supported", what)
		}
	}
	ev.journal = append(ev.journal, jentry{undo: undo})
}

func (fr *frame) rangeIter(in *ssa.Range) value {
	ev := fr.ev
	x := fr.get(in.X)
	switch x := x.(type) {
	case *mapV:
		it := &iterV{m: x, pos: ev.newCell(0)}
		if x != nil {
			it.keys = append([]value(nil), x.keys...)
		}
		if len(it.keys) > 1 {
			// Natively, Go's order is random: the test must know.
			if pos := ev.l.fset.Position(in.Pos()); !slices.Contains(ev.mapRanges, pos) {
				ev.mapRanges = append(ev.mapRanges, pos)
			}
		}
		return it
	case string:
		return &iterV{s: x, pos: ev.newCell(0)}
	case *rep:
		if irBasic(in.X.Type()) == ir.String {
			return &iterV{rs: x, pos: ev.newCell(0)}
		}
	}
	ev.fail("range over %s is not supported", describe(x))
	return nil
}

func (fr *frame) next(in *ssa.Next) value {
	ev := fr.ev
	it := fr.get(in.Iter).(*iterV)
	// The position is a cell, so that evaluating a staged branch can
	// undo its advance.
	if it.rs != nil {
		return fr.nextRune(in, it)
	}
	pos := (*it.pos).(int)
	if in.IsString {
		if pos >= len(it.s) {
			return tuple{false, 0, int32(0)}
		}
		r, n := utf8.DecodeRuneInString(it.s[pos:])
		ev.store(it.pos, pos+n)
		return tuple{true, pos, int32(r)}
	}
	tt := in.Type().(*types.Tuple)
	for pos < len(it.keys) {
		// The entry at pos of the map now, unless it was deleted (or
		// the map cleared): entries keep their position, and a key
		// holding a NaN cannot be looked up.
		j := pos
		pos++
		ev.store(it.pos, pos)
		if j < len(it.m.keys) {
			if k := it.m.keys[j]; !isDeletedKey(k) {
				return tuple{true, k, ev.load(it.m.vals[j])}
			}
		}
	}
	z := func(t types.Type) value {
		if b, ok := t.(*types.Basic); ok && b.Kind() == types.Invalid {
			return nil
		}
		return ev.zero(t)
	}
	return tuple{false, z(tt.At(1).Type()), z(tt.At(2).Type())}
}

// nextRune is a step of a range over a Rep string: the rune at the
// position and its width, decoded as Go's range does (an invalid byte is
// U+FFFD of width 1), as utf8.DecodeRuneInString(s[i:]). Past the end the
// width is 0, so the position does not move.
//
// Whether the header's values are used depends on how the header is
// evaluated. Inside a staged loop's body, the rune is decoded and the
// position advances; in a trial of the loop (which ends at this header's
// test), the rune is decoded. A loop tested only at its header runs its
// header once before it is staged (the test, a Rep even when the builder
// folded it, stages the loop and the header is evaluated again inside
// it), and testHeader runs it again for the loop's test and for the
// values used after the loop: there only the test is used. Everywhere
// else the range runs unstaged and its body reads this rune: a loop whose
// trial found the header's test static (a constant string) is unrolled,
// so the rune is decoded and the position advances, both constants when
// the string and the position are; a range whose body always leaves it
// (a return or a break on every path) is no loop, its header evaluated
// once.
func (fr *frame) nextRune(in *ssa.Next, it *iterV) value {
	ev := fr.ev
	if vr, ok := (*it.pos).(*varRef); ok && ev.b.Graph().Name(vr.v.Sym()) == "" {
		// The position's variable is named after the key.
		name := "i"
		for _, r := range *in.Referrers() {
			if x, ok := r.(*ssa.Extract); ok && x.Index == 1 {
				if n := sourceName(x); n != "" {
					name = n
				}
			}
		}
		ev.b.Name(vr.v, name)
	}
	pos := ev.load(it.pos)
	ev.at()
	s := it.rs.e
	i := ev.liftTo(pos, ir.Int, "the position of a range over a string")
	n := ev.b.StrLen(s)
	ok := ev.newRep(ev.b.Compare(ir.OpLt, i, n), "the test of a range over a Rep string", it.rs)
	h := in.Block()
	ls := ev.stagedLoopOf(fr, h)
	staged := ls != nil
	trial := len(fr.trials) > 0 && fr.trials[len(fr.trials)-1].l.header == h
	l := fr.info.loops[h.Index]
	if ev.quiet.fr == fr && ev.quiet.b == h || !staged && !trial && l != nil && l.shape == shapeHeader {
		// Only the test is used.
		return tuple{ok, pos, &rep{e: ev.b.Const(ir.Int32, int32(0)), why: ok.why}}
	}
	r, width := fr.decodeRune(s, i, n)
	rr := ev.newRep(r, "a rune of a Rep string", it.rs)
	if staged || !trial && l != nil {
		next := ev.newRep(ev.b.Binary(ir.OpAdd, i, width()), "the position of a range over a Rep string", it.rs)
		if staged && ls.form == shapeHeader {
			// Advanced once, at the end of the body (for i < len(s) {
			// ...; i += n }): the body reads the position unchanged.
			ls.advances = append(ls.advances, advance{pos: it.pos, next: next})
		} else {
			ev.store(it.pos, next)
		}
	}
	return tuple{ok, pos, rr}
}

// decodeRune builds the rune of string s at position i (< n, its length)
// and a function building its width, as utf8.DecodeRuneInString(s[i:n]):
// constants when s and i are. The width is built only when it is used (a
// trial does not use it).
func (fr *frame) decodeRune(s, i, n ir.Exp) (r ir.Exp, width func() ir.Exp) {
	b := fr.ev.b
	if ks, ki := s.Const(), i.Const(); ks != nil && ki != nil {
		str, at := ks.Val.(string), ki.Val.(int)
		if at < 0 || at >= len(str) {
			// Past the end: the body does not run.
			return b.Const(ir.Int32, int32(0)), func() ir.Exp { return b.Const(ir.Int, 0) }
		}
		c, w := utf8.DecodeRuneInString(str[at:])
		return b.Const(ir.Int32, c), func() ir.Exp { return b.Const(ir.Int, w) }
	}
	dec := b.Call(ir.Callee{Pkg: "unicode/utf8", Name: "DecodeRuneInString", Pure: true}, ir.TupleOf([]*ir.Type{ir.Int32, ir.Int}), b.StrSlice(s, i, n))
	return b.Proj(dec, 0), func() ir.Exp { return b.Proj(dec, 1) }
}
