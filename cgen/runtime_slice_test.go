package cgen

import (
	"fmt"
	"strings"
	"testing"
)

// growthCaps appends to a nil []T one element at a time, n times, then
// in chunks of 3, 7 and 100 elements to nil slices and to make([]T, 0, 5),
// and returns every capacity seen, one line per series. Every slice
// escapes (sink), so Go grows it on the heap with runtime.growslice.
func growthCaps[T any](n int) string {
	var b strings.Builder
	var s []T
	last := -1
	for i := 0; i < n; i++ {
		var zero T
		s = append(s, zero)
		if cap(s) != last {
			fmt.Fprint(&b, cap(s), " ")
			last = cap(s)
		}
	}
	sink = s
	b.WriteString("\n")
	for _, chunk := range []int{3, 7, 100} {
		for _, start := range []int{0, 5} {
			var s []T
			if start > 0 {
				s = make([]T, 0, start)
			}
			vs := make([]T, chunk)
			for len(s) < 2000 {
				s = append(s, vs...)
				fmt.Fprint(&b, cap(s), " ")
			}
			sink = s
			b.WriteString("\n")
		}
	}
	return b.String()
}

// TestAppendGrowth checks that append gives the capacities Go gives, for
// element sizes 1 to 40 with and without pointers (Go rounds to malloc
// size classes and adds malloc headers to large pointerful objects).
func TestAppendGrowth(t *testing.T) {
	t.Parallel()
	const n = 5000
	types := []struct {
		name, elem, decl string
		want             string
	}{
		{"lms_slice_uint8", "uint8_t", "", growthCaps[uint8](n)},
		{"lms_slice_bool", "bool", "", growthCaps[bool](n)},
		{"lms_slice_int16", "int16_t", "", growthCaps[int16](n)},
		{"lms_slice_int32", "int32_t", "", growthCaps[int32](n)},
		{"lms_slice_float32", "float", "", growthCaps[float32](n)},
		{"lms_slice_int64", "int64_t", "", growthCaps[int64](n)},
		{"lms_slice_complex64", "lms_complex64", "", growthCaps[complex64](n)},
		{"lms_slice_complex128", "lms_complex128", "", growthCaps[complex128](n)},
		{"lms_slice_string", "lms_string", "", growthCaps[string](n)},
		{"slice_b3", "b3", "typedef struct { uint8_t a[3]; } b3;\nLMS_SLICE_TYPE(b3, slice_b3)\n", growthCaps[[3]uint8](n)},
		{"slice_i12", "i12", "typedef struct { int32_t a[3]; } i12;\nLMS_SLICE_TYPE(i12, slice_i12)\n", growthCaps[[3]int32](n)},
		{"slice_s24", "lms_slice_int64", "LMS_SLICE_TYPE_PTRS(lms_slice_int64, slice_s24)\n", growthCaps[[]int64](n)},
		{"slice_i40", "i40", "typedef struct { int64_t a[5]; } i40;\nLMS_SLICE_TYPE(i40, slice_i40)\n", growthCaps[[5]int64](n)},
		{"slice_p40", "p40", "typedef struct { lms_string s; int64_t a[3]; } p40;\nLMS_SLICE_TYPE_PTRS(p40, slice_p40)\n", growthCaps[struct {
			s string
			a [3]int64
		}](n)},
	}
	var prog, want strings.Builder
	var calls strings.Builder
	prog.WriteString(`
static void pcap(int64_t c) {
	lms_print(LMS_ARGS(lms_arg_int(c), lms_arg_string(LMS_STR(" "))));
}

#define GROWTH(S, T, N) \
static void growth_##S(void) { \
	S s = {NULL, 0, 0}; \
	int64_t last = -1; \
	for (int i = 0; i < (N); i++) { \
		T zero; \
		memset(&zero, 0, sizeof zero); \
		s = S##_append(s, zero); \
		if (s.cap != last) { \
			pcap(s.cap); \
			last = s.cap; \
		} \
	} \
	lms_println(0, NULL); \
	static const int64_t chunks[] = {3, 7, 100}; \
	for (int c = 0; c < 3; c++) { \
		for (int start = 0; start <= 5; start += 5) { \
			S t = {NULL, 0, 0}; \
			if (start > 0) t = S##_make(0, start); \
			S vs = S##_make(chunks[c], chunks[c]); \
			while (t.len < 2000) { \
				t = S##_append_slice(t, vs); \
				pcap(t.cap); \
			} \
			lms_println(0, NULL); \
		} \
	} \
}
`)
	for _, tt := range types {
		prog.WriteString(tt.decl)
		fmt.Fprintf(&prog, "GROWTH(%s, %s, %d)\n", tt.name, tt.elem, n)
		fmt.Fprintf(&calls, "\tgrowth_%s();\n", tt.name)
		want.WriteString(tt.want)
	}
	prog.WriteString("\nint main(void) {\n" + calls.String() + "\treturn 0;\n}\n")
	forEachToolchain(t, prog.String(), func(t *testing.T, bin string) {
		compareLines(t, runOK(t, bin, ""), want.String(), nil)
	})
}

// TestSliceOps checks make, indexing, sub-slicing (with aliasing and
// capacities), append into shared backing arrays, overlapping copy, and
// nil-ness against Go.
func TestSliceOps(t *testing.T) {
	t.Parallel()
	var want strings.Builder
	show := func(tag string, s []int64) {
		fmt.Fprint(&want, tag, " ", len(s), " ", cap(s), " ", s == nil)
		for _, v := range s {
			fmt.Fprint(&want, " ", v)
		}
		want.WriteString("\n")
	}
	s := make([]int64, 5, 8)
	for i := range s {
		s[i] = int64(i * 10)
	}
	show("s", s)
	a := s[1:3]
	show("a", a)
	b := s[2:4:5]
	show("b", b)
	a = append(a, 99) // overwrites s[3]
	show("s", s)
	b = append(b, 77) // fits: overwrites s[4]
	show("s", s)
	b = append(b, 66) // grows: new array
	b[0] = -1
	show("b", b)
	show("s", s)
	n := copy(s[1:], s)
	fmt.Fprintln(&want, "copy", n)
	show("s", s)
	n = copy(s, s[3:])
	fmt.Fprintln(&want, "copy", n)
	show("s", s)
	show("tail", s[5:])
	show("empty", s[8:8])
	show("full", s[:8])
	var nilS []int64
	show("nil", nilS)
	show("nil[0:0]", nilS[0:0])
	show("make0", make([]int64, 0))
	c := append(nilS, nilS...)
	show("append nil nil", c)
	d := append(s[:0:0], 1)
	show("d", d)
	sink = []any{a, b, c, d}

	prog := `
static void show(const char *tag, lms_slice_int64 s) {
	lms_print(LMS_ARGS(lms_arg_string(lms_str_make((const uint8_t *)tag, (int64_t)strlen(tag))), lms_arg_string(LMS_STR(" ")),
		lms_arg_int(s.len), lms_arg_int(s.cap), lms_arg_bool(lms_slice_int64_is_nil(s))));
	for (int64_t i = 0; i < s.len; i++) lms_print(LMS_ARGS(lms_arg_string(LMS_STR(" ")), lms_arg_int(lms_slice_int64_get(s, i))));
	lms_println(0, NULL);
}

int main(void) {
	lms_slice_int64 s = lms_slice_int64_make(5, 8);
	for (int64_t i = 0; i < s.len; i++) lms_slice_int64_set(s, i, i * 10);
	show("s", s);
	lms_slice_int64 a = lms_slice_int64_slice(s, 1, 3);
	show("a", a);
	lms_slice_int64 b = lms_slice_int64_slice3(s, 2, 4, 5);
	show("b", b);
	a = lms_slice_int64_append(a, 99);
	show("s", s);
	b = lms_slice_int64_append(b, 77);
	show("s", s);
	b = lms_slice_int64_append(b, 66);
	*lms_slice_int64_ptr(b, 0) = -1;
	show("b", b);
	show("s", s);
	int64_t n = lms_slice_int64_copy(lms_slice_int64_slice(s, 1, s.len), s);
	lms_println(LMS_ARGS(lms_arg_string(LMS_STR("copy")), lms_arg_int(n)));
	show("s", s);
	n = lms_slice_int64_copy(s, lms_slice_int64_slice(s, 3, s.len));
	lms_println(LMS_ARGS(lms_arg_string(LMS_STR("copy")), lms_arg_int(n)));
	show("s", s);
	show("tail", lms_slice_int64_slice(s, 5, s.len));
	show("empty", lms_slice_int64_slice(s, 8, 8));
	show("full", lms_slice_int64_slice(s, 0, 8));
	lms_slice_int64 nil = {NULL, 0, 0};
	show("nil", nil);
	show("nil[0:0]", lms_slice_int64_slice(nil, 0, 0));
	show("make0", lms_slice_int64_make(0, 0));
	lms_slice_int64 c = lms_slice_int64_append_slice(nil, nil);
	show("append nil nil", c);
	lms_slice_int64 d = lms_slice_int64_append(lms_slice_int64_slice3(s, 0, 0, 0), 1);
	show("d", d);
	return 0;
}
`
	forEachToolchain(t, prog, func(t *testing.T, bin string) {
		compareLines(t, runOK(t, bin, ""), want.String(), nil)
	})
}
