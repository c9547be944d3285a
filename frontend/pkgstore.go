package frontend

// This file finds the storage of package-level variables as package
// initialization left it. The generated function starts every call from
// the contents the staging code saw at generation time (a static slice
// read with a Rep index is a table, one written with a Rep index a slice
// the function makes and fills), where Go keeps a package variable's
// writes from one call to the next: a run-time write into such storage
// would mean something else in the generated code, so it is refused
// (dynIndexStatic). Storage the staging function makes, even when it
// assigns it to a package variable, is made again at every call in both.

// packageStorage records the values of the package variables as package
// initialization left them; their storage is found when a write needs
// it (packageSlice, reading the cells they point to as they are then),
// not for every specialization.
func (ev *evaluator) packageStorage() {
	ev.pkgRoots = ev.pkgRoots[:0]
	for _, p := range ev.globals {
		ev.pkgRoots = append(ev.pkgRoots, *p)
	}
	ev.pkgBases = nil
}

// packageSlice reports whether the static slice s is storage of a
// package-level variable: a backing array reachable from packageStorage's
// values.
func (ev *evaluator) packageSlice(s sliceV) bool {
	if len(s.base) == 0 {
		return false
	}
	if ev.pkgBases == nil {
		ev.pkgBases = map[*value]bool{}
		seen := map[*value]bool{}
		var walk func(v value)
		walk = func(v value) {
			switch v := v.(type) {
			case sliceV:
				if len(v.base) > 0 && !ev.pkgBases[&v.base[0]] {
					ev.pkgBases[&v.base[0]] = true
					for _, x := range v.base {
						walk(x)
					}
				}
			case array:
				if len(v) > 0 && !ev.pkgBases[&v[0]] {
					ev.pkgBases[&v[0]] = true
					for _, x := range v {
						walk(x)
					}
				}
			case structure:
				for _, x := range v {
					walk(x)
				}
			case *value:
				if v != nil && !seen[v] {
					seen[v] = true
					walk(*v)
				}
			}
		}
		for _, v := range ev.pkgRoots {
			walk(v)
		}
	}
	return ev.pkgBases[&s.base[0]]
}

// refusePackageWrite refuses a run-time write into package-level storage.
func (ev *evaluator) refusePackageWrite(s sliceV) {
	if ev.packageSlice(s) {
		ev.fail("a write with a Rep index into a slice of a package-level variable: Go keeps the write for the next call, while the generated code starts every call from the contents at generation time; copy the slice in the staging function (slices.Clone) and write the copy")
	}
}
