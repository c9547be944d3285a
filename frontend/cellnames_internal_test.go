package frontend

import "testing"

// TestCellNames: a name has one id, "" is 0, a field's name is
// fieldName's and has the id of the same name interned directly, and
// cellName reads a call cell's name before a field's.
func TestCellNames(t *testing.T) {
	ev := &evaluator{callCells: map[*value]nameID{}, fieldCells: map[*value]nameID{}}
	if ev.nameID("") != 0 || ev.nameText(0) != "" {
		t.Fatalf("the empty name is not id 0")
	}
	z, w := ev.nameID("z"), ev.nameID("w")
	if z == 0 || w == 0 || z == w || ev.nameID("z") != z || ev.nameText(z) != "z" || ev.nameText(w) != "w" {
		t.Fatalf("ids of z and w: %d %d", z, w)
	}
	zRe := ev.fieldNameID(z, "re")
	if ev.nameText(zRe) != "zRe" || ev.fieldNameID(z, "re") != zRe || ev.nameID("zRe") != zRe {
		t.Errorf("z.re is %d %q, want one id for zRe", zRe, ev.nameText(zRe))
	}
	if wRe := ev.fieldNameID(w, "re"); wRe == zRe || ev.nameText(wRe) != "wRe" {
		t.Errorf("w.re is %q", ev.nameText(wRe))
	}
	if zIm := ev.fieldNameID(z, "Im"); zIm == zRe || ev.nameText(zIm) != "zIm" {
		t.Errorf("z.Im is %q", ev.nameText(zIm))
	}
	var cell, field, none value
	ev.callCells[&cell] = z
	ev.fieldCells[&cell] = w
	ev.fieldCells[&field] = zRe
	if ev.cellName(&cell) != "z" || ev.cellName(&field) != "zRe" || ev.cellName(&none) != "" {
		t.Errorf("cellName: %q %q %q", ev.cellName(&cell), ev.cellName(&field), ev.cellName(&none))
	}
}
