package frontend

// This file materializes, at the end of a branch of a staged conditional,
// a static slice made in that branch and merged after it:
//
//	var s []float64
//	if c {
//		s = make([]float64, 4) // static: its length is a constant
//		s[1] = x
//	} else {
//		s = dyn
//	}
//
// After the merge s must be a slice of the generated code, so the static
// slice is materialized (mat.go; a slice of structs as a split slice,
// soamat.go); its storage was born in the branch, so that is done inside
// the branch, at its end, where every static handle to it is known: the
// cells are redirected to the new slice, and the values the branch leaves
// (demote) see it. The merger learns that the slice must be materialized
// only once both branches are built: it asks for it and the conditional
// is built again (a restart), as for conversions (aosmerge.go).

// matAt is a key whose static slice a branch materializes at its end: a
// slice of elem, or of structs whose leaves are leaves.
type matAt struct {
	key jentry
	req matReq // elem or leaves (its base is the slice the key holds then)
}

// materializeInBranch asks for the static slice key k holds after a
// branch, born in that branch, to be materialized at the branch's end.
func (m *merger) materializeInBranch(k jentry, req matReq) {
	for _, a := range *m.mats {
		if a.key.p == k.p {
			panic("BUG: a static slice materialized at the end of a branch is still static")
		}
	}
	*m.mats = append(*m.mats, matAt{key: k, req: req})
	if m.restart == nil {
		m.restart = &restartReq{}
	}
}

// materializeStatic asks for the static slice s, which key k holds after
// a branch, to be materialized (req says as what: elem or leaves): at the
// end of the branch when the branch made it, else before the conditional.
func (m *merger) materializeStatic(k jentry, s sliceV, req matReq) {
	if m.ev.birth[&s.base[0]] >= m.start {
		m.materializeInBranch(k, req)
		return
	}
	if m.restart == nil {
		m.restart = &restartReq{}
	}
	req.base = s.base
	m.restart.material = append(m.restart.material, req)
}

// materializeAtEnd materializes, at the end of a branch of the
// conditional region r, the static slices of the keys in mats born in
// the branch.
func (ev *evaluator) materializeAtEnd(r *region, mats []matAt) {
	for _, a := range mats {
		s, ok := (*a.key.p).(sliceV)
		if !ok || len(s.base) == 0 || ev.birth[&s.base[0]] < r.start {
			continue
		}
		if a.req.leaves != nil {
			ev.soaMaterialize(s, a.req.leaves)
		} else {
			ev.materialize(s, a.req.elem)
		}
	}
}
