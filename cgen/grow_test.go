package cgen

import (
	"fmt"
	"reflect"
	"strings"
	"testing"
)

// goGrowCap is the capacity Go's append gives a slice of length l and
// capacity c of elements of the given size (with a pointer field if
// pointers) when n are appended, asked of Go's append through reflect.
func goGrowCap(size int, pointers bool, l, c, n int) int {
	et := reflect.ArrayOf(size, reflect.TypeOf(byte(0)))
	switch {
	case pointers && size == 8:
		et = reflect.TypeOf((*byte)(nil))
	case pointers:
		et = reflect.StructOf([]reflect.StructField{
			{Name: "P", Type: reflect.TypeOf((*byte)(nil))},
			{Name: "B", Type: reflect.ArrayOf(size-8, reflect.TypeOf(byte(0)))},
		})
	}
	if et.Size() != uintptr(size) {
		panic(fmt.Sprintf("BUG: element of size %d, want %d", et.Size(), size))
	}
	s := reflect.MakeSlice(reflect.SliceOf(et), l, c)
	return reflect.AppendSlice(s, reflect.MakeSlice(reflect.SliceOf(et), n, n)).Cap()
}

// TestGrowCap checks lms_growcap, the capacity NAME_grow (ir.OpGrow)
// gives, against Go's append over element sizes of 1 to 48 bytes and a
// spread up to 5000, with and without pointers, and many lengths,
// capacities and counts: a change of the runtime's growth or of its size
// classes fails here.
func TestGrowCap(t *testing.T) {
	t.Parallel()
	var sizes []int
	for sz := 1; sz <= 48; sz++ {
		sizes = append(sizes, sz)
	}
	sizes = append(sizes, 56, 63, 64, 72, 80, 96, 100, 104, 128, 136, 160, 200, 248, 256, 264, 300, 1000, 4096, 5000)
	caps := []int{0, 1, 2, 3, 4, 5, 7, 8, 9, 15, 16, 17, 31, 100, 255, 256, 257, 300, 511, 700, 1024, 1500, 3000}
	adds := []int{1, 2, 3, 5, 7, 100, 333, 1000}
	var prog, want strings.Builder
	prog.WriteString("static const int64_t cases[][5] = {\n")
	count := 0
	for _, sz := range sizes {
		for _, ptrs := range []bool{false, true} {
			if ptrs && sz%8 != 0 {
				continue
			}
			for _, c := range caps {
				for _, l := range []int{0, c / 2, c} {
					for _, n := range adds {
						if l+n <= c || (l+n+c)*sz > 4<<20 {
							continue
						}
						noscan := 1
						if ptrs {
							noscan = 0
						}
						fmt.Fprintf(&prog, "\t{%d, %d, %d, %d, %d},\n", l+n, c, sz, noscan, 0)
						fmt.Fprintf(&want, "%d\n", goGrowCap(sz, ptrs, l, c, n))
						count++
					}
				}
			}
		}
	}
	fmt.Fprintf(&prog, "};\n\nint main(void) {\n\tfor (int i = 0; i < %d; i++) {\n", count)
	prog.WriteString("\t\tlms_println(LMS_ARGS(lms_arg_int(lms_growcap(cases[i][0], cases[i][1], cases[i][2], cases[i][3] != 0))));\n\t}\n\treturn 0;\n}\n")
	forEachToolchain(t, prog.String(), func(t *testing.T, bin string) {
		compareLines(t, runOK(t, bin, ""), want.String(), nil)
	})
}
