package frontend

import (
	"math"
	"testing"
)

func TestNativeBytes(t *testing.T) {
	for _, tc := range []struct {
		pkg, name string
		args      []value
		min, max  int64
	}{
		{"strings", "Repeat", []value{"ab", 1 << 33}, 1 << 34, 1 << 34},
		{"strings", "Repeat", []value{"ab", math.MaxInt}, math.MaxInt64, math.MaxInt64},
		{"strings", "ReplaceAll", []value{"aaaa", "", "xyz"}, 15, 1 << 10},
		{"fmt", "Sprintf", []value{"%01000000000d", sliceV{base: []value{iface{v: 1}}, len: 1, cap: 1}}, 1e9, 1 << 32},
		{"fmt", "Sprintf", []value{"%*d", sliceV{base: []value{iface{v: 1 << 30}, iface{v: 1}}, len: 2, cap: 2}}, 1 << 30, 1 << 34},
		{"fmt", "Sprintf", []value{"%d", sliceV{base: []value{iface{v: 1 << 40}}, len: 1, cap: 1}}, 1, 1 << 10},
		{"strconv", "FormatFloat", []value{1.5, byte('f'), 1 << 31, 64}, 1 << 31, 1<<31 + 2000},
		{"strings", "Split", []value{"abc", ""}, 4 * 32, 1 << 10},
		{"strings", "ToUpper", []value{"abc"}, 3, 1 << 10},
	} {
		got := nativeBytes(tc.pkg, tc.name, tc.args)
		if got < tc.min || got > tc.max {
			t.Errorf("nativeBytes(%s.%s, %v) = %d, want in [%d, %d]", tc.pkg, tc.name, tc.args, got, tc.min, tc.max)
		}
	}
}

func TestSaturation(t *testing.T) {
	if mulSat(1<<40, 1<<40) != math.MaxInt64 || mulSat(-1, 5) != 0 || mulSat(3, 4) != 12 {
		t.Error("mulSat")
	}
	if addSat(math.MaxInt64, 1) != math.MaxInt64 || addSat(2, 3) != 5 {
		t.Error("addSat")
	}
}
