package frontend

// This file interns the source names of cells (evaluator.callCells and
// fieldCells). A named cell is a map entry per variable, per field of a
// named struct variable and per element of a named array, made at every
// evaluation of its declaration or address: an unrolled kernel makes
// them by the hundred thousand. The entry holds a nameID, 4 bytes, not
// the name's string, 16 bytes and often a string of its own (zRe, made
// by fieldName at every z.Re); the maps' slots are a third smaller.

// A nameID is a name of the evaluator's table of cell names (cellNames);
// 0 is no name.
type nameID int32

// cellNames is the table of the names of cells: ids by name, and the id
// of fieldName(base, f) by base and f.
type cellNames struct {
	names  []string // by nameID; names[0] is ""
	ids    map[string]nameID
	fields map[fieldKey]nameID
}

// A fieldKey is field f of a struct variable named base.
type fieldKey struct {
	base nameID
	f    string
}

// nameID returns the id of name, "" being 0.
func (ev *evaluator) nameID(name string) nameID {
	if name == "" {
		return 0
	}
	t := &ev.cellNames
	if id, ok := t.ids[name]; ok {
		return id
	}
	if t.ids == nil {
		t.ids = map[string]nameID{}
		t.names = []string{""}
	}
	id := nameID(len(t.names))
	t.names = append(t.names, name)
	t.ids[name] = id
	return id
}

// fieldNameID returns the id of fieldName(base's name, f): z.Re is zRe.
// The name is made once per base and f.
func (ev *evaluator) fieldNameID(base nameID, f string) nameID {
	if base == 0 {
		panic("BUG: a field of a cell with no name")
	}
	t := &ev.cellNames
	k := fieldKey{base, f}
	if id, ok := t.fields[k]; ok {
		return id
	}
	if t.fields == nil {
		t.fields = map[fieldKey]nameID{}
	}
	id := ev.nameID(fieldName(t.names[base], f))
	t.fields[k] = id
	return id
}

// nameText returns the name of id.
func (ev *evaluator) nameText(id nameID) string {
	if id == 0 {
		return ""
	}
	return ev.cellNames.names[id]
}

// cellNameID returns the id of the source name of a variable's cell, or
// of a field or an element of a named variable (z.Re: zRe); 0 if it has
// none (see cellName).
func (ev *evaluator) cellNameID(p *value) nameID {
	if id := ev.callCells[p]; id != 0 {
		return id
	}
	return ev.fieldCells[p]
}

// cellName returns the source name of a variable's cell, or of a field of
// a named struct variable (z.Re: zRe); "" if it has none (go/ssa names a
// cell it makes for a composite literal, a new, a slice literal or
// variadic arguments after that, not after a variable).
func (ev *evaluator) cellName(p *value) string {
	return ev.nameText(ev.cellNameID(p))
}
