package frontend

import (
	"go/types"

	"golang.org/x/tools/go/ssa"
)

// This file evaluates sync.Pool as gc's Pool behaves on one goroutine
// that is not preempted: Put keeps a value (a nil one is dropped), Get
// returns the value put last, else calls New (nil without New). As in
// gc, runtime.GC moves the values kept to a victim cache, which Get
// reads after the values put since, and drops the victim cache of the
// collection before. A program can rely on none of this (gc may drop a
// value at any time); it only must not be refused.

// syncPool is the state of one sync.Pool.
type syncPool struct {
	items, victim []value // the values put, the last put last
}

// poolCall evaluates method m of sync.Pool.
func (fr *frame) poolCall(m string, fn *ssa.Function, args []value) (value, bool) {
	ev := fr.ev
	switch m {
	case "Put":
		ev.staticControl("sync.Pool.Put", 0)
		x, _ := args[1].(iface)
		if x.t == nil {
			return nil, true
		}
		if hasRep(x.v, 0) {
			ev.fail("sync.Pool.Put of a value holding Reps is not supported: pooled values are static")
		}
		st := ev.syncOf(args[0])
		if st.pool == nil {
			st.pool = &syncPool{}
			ev.pools = append(ev.pools, st.pool)
		}
		st.pool.items = append(st.pool.items, x)
		return nil, true
	case "Get":
		ev.staticControl("sync.Pool.Get", 0)
		st := ev.syncOf(args[0])
		if p := st.pool; p != nil {
			for _, q := range []*[]value{&p.items, &p.victim} {
				if n := len(*q); n > 0 {
					x := (*q)[n-1]
					*q = (*q)[:n-1]
					return x, true
				}
			}
		}
		return fr.poolNew(fn, args[0]), true
	}
	return nil, false
}

// poolNew calls the New field of the Pool p points to, or returns nil.
func (fr *frame) poolNew(fn *ssa.Function, p value) value {
	s, ok := (*p.(*value)).(structure)
	if !ok {
		panic("BUG: a sync.Pool that is not a struct")
	}
	st := types.Unalias(fn.Signature.Recv().Type()).(*types.Pointer).Elem().Underlying().(*types.Struct)
	for i := range st.NumFields() {
		if st.Field(i).Name() != "New" {
			continue
		}
		switch f := s[i].(type) {
		case *closure:
			if f == nil {
				return iface{}
			}
			return fr.callFunc(f.fn, f.env, nil, nil)
		case *rep:
			fr.ev.fail("the New function of a sync.Pool must be static, but %s", fr.ev.whyRep(f))
		}
		panic("BUG: sync.Pool.New is not a function value")
	}
	panic("BUG: sync.Pool has no field New")
}

// rotatePools is gc's cleanup of pools at a collection.
func (ev *evaluator) rotatePools() {
	for _, p := range ev.pools {
		p.victim, p.items = p.items, nil
	}
}
