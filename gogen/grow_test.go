package gogen_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/lmsgen/lmsgen/gogen"
	"github.com/lmsgen/lmsgen/ir"
	"github.com/lmsgen/lmsgen/sched"
)

// growSizes are the element sizes TestGrowCap checks: every size up to
// 48 bytes and a spread up to 5000, without pointers, and the multiples
// of 8 among them with pointers (a struct with a pointer has the
// pointer's alignment).
func growSizes() (sizes []int, pointers []bool) {
	var all []int
	for sz := 1; sz <= 48; sz++ {
		all = append(all, sz)
	}
	all = append(all, 56, 63, 64, 72, 80, 96, 100, 104, 128, 136, 160, 200, 248, 256, 264, 300, 1000, 4096, 5000)
	for _, sz := range all {
		sizes, pointers = append(sizes, sz), append(pointers, false)
		if sz%8 == 0 {
			sizes, pointers = append(sizes, sz), append(pointers, true)
		}
	}
	return sizes, pointers
}

// TestGrowCap generates, for each element size of growSizes, a function
// returning the length and capacity of grow(s, n) (ir.OpGrow) and whether
// it is s's array, and a main that compares them over many (len, cap, n)
// with Go's own append on a slice of elements of that size (built with
// reflect, with a pointer field when the size holds pointers): a change of
// the runtime's growth or size classes fails here.
func TestGrowCap(t *testing.T) {
	t.Parallel()
	sizes, pointers := growSizes()
	var funcs []gogen.Func
	var table strings.Builder
	for i, sz := range sizes {
		b := ir.NewBuilder()
		g := b.Build([]*ir.Type{ir.SliceOf(ir.Int64), ir.Int}, func(p []ir.Exp) ir.Exp {
			s := b.Grow(p[0], p[1], ir.GrowElem{Size: int64(sz), Pointers: pointers[i]})
			return b.Tuple(b.Len(s), b.Cap(s), s)
		})
		name := fmt.Sprintf("Grow%d", i)
		funcs = append(funcs, gogen.Func{Name: name, Schedule: sched.Run(g, sched.Options{}), ParamNames: []string{"s", "n"}})
		fmt.Fprintf(&table, "\t{%d, %v, %s},\n", sz, pointers[i], name)
	}
	src, err := gogen.File("main", funcs, gogen.Options{})
	if err != nil {
		t.Fatalf("%v\n%s", err, src)
	}
	if n := strings.Count(string(src), "func growCap("); n != 1 {
		t.Fatalf("%d growCap helpers, want 1:\n%s", n, src)
	}
	out := runMain(t, "growrun", string(src), `package main

import (
	"fmt"
	"reflect"
)

var sizes = []struct {
	size     int
	pointers bool
	grow     func([]int64, int) (int, int, []int64)
}{
`+table.String()+`}

// goCap is the capacity Go's append gives a slice of length l and
// capacity c of elements of the given size when n are appended.
func goCap(size int, pointers bool, l, c, n int) int {
	et := reflect.ArrayOf(size, reflect.TypeOf(byte(0)))
	if pointers && size == 8 {
		et = reflect.TypeOf((*byte)(nil))
	} else if pointers {
		et = reflect.StructOf([]reflect.StructField{
			{Name: "P", Type: reflect.TypeOf((*byte)(nil))},
			{Name: "B", Type: reflect.ArrayOf(size-8, reflect.TypeOf(byte(0)))},
		})
	}
	if et.Size() != uintptr(size) {
		panic(fmt.Sprint("size ", et.Size(), " want ", size))
	}
	s := reflect.MakeSlice(reflect.SliceOf(et), l, c)
	return reflect.AppendSlice(s, reflect.MakeSlice(reflect.SliceOf(et), n, n)).Cap()
}

func main() {
	caps := []int{0, 1, 2, 3, 4, 5, 7, 8, 9, 15, 16, 17, 31, 100, 255, 256, 257, 300, 511, 700, 1024, 1500, 3000}
	adds := []int{0, 1, 2, 3, 5, 7, 100, 333, 1000}
	checked, bad := 0, 0
	for _, sz := range sizes {
		for _, c := range caps {
			for _, l := range []int{0, c / 2, c} {
				for _, n := range adds {
					if (l+n+c)*sz.size > 4<<20 {
						continue
					}
					s := make([]int64, l, c)
					for i := range s {
						s[i] = int64(i + 1)
					}
					gl, gc, g := sz.grow(s, n)
					want := c
					if l+n > c {
						want = goCap(sz.size, sz.pointers, l, c, n)
					}
					inPlace := c > 0 && &g[:1][0] == &s[:1][0]
					ok := gl == l && gc == want && inPlace == (l+n <= c && c > 0)
					for i := range g {
						ok = ok && g[i] == int64(i+1)
					}
					if !ok {
						bad++
						if bad < 20 {
							fmt.Printf("size %d pointers %v len %d cap %d n %d: len %d cap %d in place %v, want cap %d\n", sz.size, sz.pointers, l, c, n, gl, gc, inPlace, want)
						}
					}
					checked++
				}
			}
		}
	}
	fmt.Println("checked", checked, "bad", bad)
}
`)
	if !strings.HasSuffix(out, " bad 0\n") || strings.HasPrefix(out, "checked 0 ") {
		t.Errorf("grow differs from Go's append:\n%s", out)
	}
	t.Log(strings.TrimSpace(out))
}
