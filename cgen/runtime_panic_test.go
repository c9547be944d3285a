package cgen

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// A panicCase is a program fragment in C and in Go that should behave
// identically: same standard output, same exit status, and the same
// standard error up to Go's "goroutine 1 [running]:" line.
type panicCase struct {
	name     string
	c, goSrc string
}

// panicCases print something on both streams first (ordering), then
// panic. The Go fragments use variables so that nothing is a constant.
var panicCases = []panicCase{
	{"divide", `lms_println(LMS_ARGS(lms_arg_int(lms_div_i64(five, zero))));`, `fmt.Println(five / zero)`},
	{"remainder", `lms_println(LMS_ARGS(lms_arg_int(lms_rem_i64(five, zero))));`, `fmt.Println(five % zero)`},
	{"divide8", `lms_println(LMS_ARGS(lms_arg_int8(lms_div_i8(3, (int8_t)zero))));`, `fmt.Println(int8(3) / int8(zero))`},
	{"divideu32", `lms_println(LMS_ARGS(lms_arg_uint32(lms_div_u32(3, (uint32_t)zero))));`, `fmt.Println(uint32(3) / uint32(zero))`},
	{"shift", `lms_println(LMS_ARGS(lms_arg_int(lms_shl_i64_sc(1, neg1))));`, `fmt.Println(1 << neg1)`},
	{"shiftright32", `lms_println(LMS_ARGS(lms_arg_int32(lms_shr_i32_sc(1, neg1))));`, `fmt.Println(int32(1) >> neg1)`},
	{"index", `lms_slice_int64_get(s3, five);`, `_ = s3[five]`},
	{"indexneg", `lms_slice_int64_set(s3, neg1, 1);`, `s3[neg1] = 1`},
	{"indexunsigned", `lms_check_index_u(umax, s3.len);`, `_ = s3[umax]`},
	{"stringindex", `lms_str_index(str, three);`, `_ = str[three]`},
	{"slicecap", `lms_slice_int64_slice(s3, 2, five);`, `_ = s3[2:five]`},
	{"slicelo", `lms_slice_int64_slice(s3, three + 1, s3.len);`, `_ = s3[three+1:]`},
	{"slicenegative", `lms_slice_int64_slice(s3, neg1, 2);`, `_ = s3[neg1:2]`},
	{"sliceorder", `lms_slice_int64_slice(s3, three, 2);`, `_ = s3[three:2]`},
	{"slicehineg", `lms_slice_int64_slice(s3, 0, neg1);`, `_ = s3[:neg1]`},
	{"slice3max", `lms_slice_int64_slice3(s3, 0, 1, five + 2);`, `_ = s3[0:1:five+2]`},
	{"slice3maxneg", `lms_slice_int64_slice3(s3, 0, 1, neg1);`, `_ = s3[0:1:neg1]`},
	{"slice3hi", `lms_slice_int64_slice3(s3, 0, three + 1, three);`, `_ = s3[0 : three+1 : three]`},
	{"slice3hineg", `lms_slice_int64_slice3(s3, 0, neg1, three);`, `_ = s3[:neg1:three]`},
	{"slice3lo", `lms_slice_int64_slice3(s3, 2, 1, three);`, `_ = s3[three-1 : one : three]`},
	{"slice3loneg", `lms_slice_int64_slice3(s3, neg1, 1, three);`, `_ = s3[neg1:1:three]`},
	{"sliceunsignedlo", `lms_check_slice((int64_t)umax, s3.len, s3.cap, LMS_ULO);`, `_ = s3[umax:]`},
	{"sliceunsignedhi", `lms_check_slice(1, (int64_t)umax, s3.cap, LMS_UHI);`, `_ = s3[1:umax]`},
	{"slice3unsigned", `lms_check_slice3(0, 1, (int64_t)umax, s3.cap, LMS_UMAX);`, `_ = s3[0:1:umax]`},
	{"stringslice", `lms_str_slice(str, 0, five);`, `_ = str[0:five]`},
	{"stringslicelo", `lms_str_slice(str, three + 1, str.len);`, `_ = str[three+1:]`},
	{"stringsliceorder", `lms_str_slice(str, 2, 1);`, `_ = str[2:one]`},
	{"makelen", `lms_slice_int64_make(neg1, 3);`, `_ = make([]int64, neg1, 3)`},
	{"makecap", `lms_slice_int64_make(three, 2);`, `_ = make([]int64, three, 2)`},
	{"makecapneg", `lms_slice_int64_make(0, neg1);`, `_ = make([]int64, 0, neg1)`},
	{"makehuge", `lms_slice_int64_make(huge, huge);`, `_ = make([]int64, huge, huge)`},
	{"makehugecap", `lms_slice_int64_make(1, huge);`, `_ = make([]int64, 1, huge)`},
	{"nil", `int64_t *p = NULL; LMS_NILCHECK(p); lms_println(LMS_ARGS(lms_arg_int(*p)));`, `var p *int64; fmt.Println(*p)`},
	{"nilmap", `lms_panic_nilmap();`, `var m map[int]int; m[1] = 2`},
	{"string", `lms_panic_str(LMS_STR("boom"));`, `panic("boom")`},
	{"cstring", `lms_panic_cstr("two\nlines\n");`, `panic("two\nlines\n")`},
	{"error", `lms_panic_str(LMS_STR("bad thing"));`, `panic(errors.New("bad thing"))`},
	{"int", `lms_panic_arg(lms_arg_int(-42));`, `panic(-42)`},
	{"uint8", `lms_panic_arg(lms_arg_uint8(200));`, `panic(uint8(200))`},
	{"float64", `lms_panic_arg(lms_arg_float64(1.5));`, `panic(1.5)`},
	{"float32", `lms_panic_arg(lms_arg_float32(0.1f));`, `panic(float32(0.1))`},
	{"complex", `lms_panic_arg(lms_arg_complex128(lms_c128(1, -2)));`, `panic(complex(1, -2))`},
	{"bool", `lms_panic_arg(lms_arg_bool(true));`, `panic(true)`},
	{"namedint", `lms_panic_arg(lms_arg_named("main.T", lms_arg_int(5)));`, `panic(T(5))`},
	{"namedstring", `lms_panic_arg(lms_arg_named("main.S", lms_arg_string(LMS_STR("x\ny"))));`, `panic(S("x\ny"))`},
	{"namedcomplex", `lms_panic_arg(lms_arg_named("main.C", lms_arg_complex64(lms_c64(1, 2))));`, `panic(C(complex(1, 2)))`},
	{"argstring", `lms_panic_arg(lms_arg_string(LMS_STR("via arg")));`, `panic("via arg")`},
	{"bigoutput", `for (int i = 0; i < 20000; i++) lms_print(LMS_ARGS(lms_arg_int(i)));
	lms_panic_str(LMS_STR("after output"));`, `for i := 0; i < 20000; i++ { fmt.Print(i) }
	panic("after output")`},
	{"println", `lms_builtin_println(LMS_ARGS(lms_arg_int(1), lms_arg_float64(2.5), lms_arg_float32(0.1f), lms_arg_string(LMS_STR("s")),
		lms_arg_bool(false), lms_arg_complex128(lms_c128(1, 2)), lms_arg_uint64(UINT64_MAX), lms_arg_float64(1e21), lms_arg_float64(-1e-7)));
	lms_builtin_print(LMS_ARGS(lms_arg_int(1), lms_arg_int(2), lms_arg_string(LMS_STR("x\n"))));`,
		`println(1, 2.5, float32(0.1), "s", false, complex(1, 2), uint64(math.MaxUint64), 1e21, -1e-7)
	print(1, 2, "x\n")`},
	{"exit", `lms_print(LMS_ARGS(lms_arg_string(LMS_STR("not flushed explicitly"))));`, `fmt.Print("not flushed explicitly")`},
	// Library calls (libcalls.go).
	{"bitsdiv0", `(void)lmsg_math_bits_Div64(1, 2, (uint64_t)zero);`, `_, _ = bits.Div64(1, 2, uint64(zero))`},
	{"bitsdivover", `(void)lmsg_math_bits_Div64((uint64_t)five, 2, (uint64_t)three);`, `_, _ = bits.Div64(uint64(five), 2, uint64(three))`},
	{"bitsdiv32zero", `(void)lmsg_math_bits_Div32(0, 2, (uint32_t)zero);`, `_, _ = bits.Div32(0, 2, uint32(zero))`},
	{"bitsdiv32over", `(void)lmsg_math_bits_Div32((uint32_t)five, 2, (uint32_t)three);`, `_, _ = bits.Div32(uint32(five), 2, uint32(three))`},
	{"bitsrem0", `(void)lmsg_math_bits_Rem64(1, 2, (uint64_t)zero);`, `_ = bits.Rem64(1, 2, uint64(zero))`},
	{"bitsrem32zero", `(void)lmsg_math_bits_Rem32(1, 2, (uint32_t)zero);`, `_ = bits.Rem32(1, 2, uint32(zero))`},
	{"repeatneg", `(void)lmsg_strings_Repeat(str, neg1);`, `_ = strings.Repeat(str, neg1)`},
	{"repeatoverflow", `(void)lmsg_strings_Repeat(str, huge);`, `_ = strings.Repeat(str, huge)`},
	{"formatintbase", `(void)lmsg_strconv_FormatInt(five, one);`, `_ = strconv.FormatInt(int64(five), one)`},
	{"formatfloatbits", `(void)lmsg_strconv_FormatFloat(1.5, 'g', neg1, 16);`, `_ = strconv.FormatFloat(1.5, 'g', neg1, 16+zero)`},
}

// libPanicHelpers returns the helpers of the library calls panicCases
// make, as a generated file holds them.
func libPanicHelpers() string {
	fl := &fileGen{helpers: map[string]bool{}}
	for _, h := range []struct{ key, rt string }{
		{"math/bits.Div64", "lmsg_tu64"}, {"math/bits.Div32", "lmsg_tu32"}, {"math/bits.Rem64", ""},
		{"math/bits.Rem32", ""}, {"strings.Repeat", ""}, {"strconv.FormatInt", ""}, {"strconv.FormatFloat", ""},
	} {
		fl.libHelper(h.key, h.rt)
	}
	return "typedef struct { uint64_t r0; uint64_t r1; } lmsg_tu64;\ntypedef struct { uint32_t r0; uint32_t r1; } lmsg_tu32;\n" +
		strings.Join(fl.helperDef, "\n")
}

// goPanicProgram returns the Go oracle of panicCases: the case to run is
// its first argument.
func goPanicProgram() string {
	var b strings.Builder
	b.WriteString(`package main

import (
	"errors"
	"fmt"
	"math"
	"math/bits"
	"os"
	"strconv"
	"strings"
)

type (
	T int
	S string
	C complex64
)

var (
	zero, one, three, five, neg1 = 0, 1, 3, 5, -1
	huge                         = 1 << 62
	umax                         = uint64(math.MaxUint64)
	s3                           = []int64{1, 2, 3}
	str                          = "abc"
	_                            = errors.New
	_                            = math.Pi
	_                            = bits.Len
	_                            = strconv.Itoa
	_                            = strings.Repeat
)

func main() {
	fmt.Print("before|")
	println("stderr before")
	switch os.Args[1] {
`)
	for _, c := range panicCases {
		fmt.Fprintf(&b, "\tcase %q:\n\t%s\n", c.name, c.goSrc)
	}
	b.WriteString("\t}\n\tfmt.Print(\"|after\")\n}\n")
	return b.String()
}

// cPanicProgram returns the C version of goPanicProgram.
func cPanicProgram() string {
	var b strings.Builder
	b.WriteString(libPanicHelpers())
	b.WriteString(`
static int64_t zero = 0, one = 1, three = 3, five = 5, neg1 = -1, huge = INT64_C(1) << 62;
static uint64_t umax = UINT64_MAX;
static lms_slice_int64 s3;
static lms_string str;

int main(int argc, char **argv) {
	if (argc < 2) return 1;
	int64_t init[] = {1, 2, 3};
	s3 = lms_slice_int64_append_n(s3, init, 3);
	str = LMS_STR("abc");
	(void)one;
	lms_print(LMS_ARGS(lms_arg_string(LMS_STR("before|"))));
	lms_builtin_println(LMS_ARGS(lms_arg_string(LMS_STR("stderr before"))));
`)
	for i, c := range panicCases {
		if i > 0 {
			b.WriteString(" else ")
		} else {
			b.WriteString("\t")
		}
		fmt.Fprintf(&b, "if (strcmp(argv[1], %s) == 0) {\n\t%s\n\t}", cLiteral(c.name), c.c)
	}
	b.WriteString("\n\tlms_print(LMS_ARGS(lms_arg_string(LMS_STR(\"|after\"))));\n\treturn 0;\n}\n")
	return b.String()
}

// panicPC matches the program counter of Go's signal line.
var panicPC = regexp.MustCompile(`pc=0x[0-9a-f]+`)

// goroutineHeader ends the part of a crash report that must agree.
const goroutineHeader = "\ngoroutine 1 [running]:\n"

// TestPanics runs every panic case as C and as Go and compares standard
// output, exit status, and standard error up to the goroutine header.
func TestPanics(t *testing.T) {
	t.Parallel()
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Fatal("the go command is needed to build the Go oracle: ", err)
	}
	dir := t.TempDir()
	src := filepath.Join(dir, "main.go")
	if err := os.WriteFile(src, []byte(goPanicProgram()), 0o644); err != nil {
		t.Fatal(err)
	}
	goBin := filepath.Join(dir, "oracle")
	cmd := exec.Command(goTool, "build", "-o", goBin, src)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOFLAGS=", "GOWORK=off")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("building the Go oracle: %v\n%s", err, out)
	}
	want := map[string]result{}
	for _, c := range panicCases {
		want[c.name] = run(t, goBin, "", c.name)
	}
	forEachToolchain(t, cPanicProgram(), func(t *testing.T, bin string) {
		for _, c := range panicCases {
			got, w := run(t, bin, "", c.name), want[c.name]
			if got.code != w.code || got.stdout != w.stdout {
				t.Errorf("%s: C exited %d with stdout %.80q; Go exited %d with stdout %.80q", c.name, got.code, got.stdout, w.code, w.stdout)
			}
			wantErr := panicPC.ReplaceAllString(w.stderr, "pc=?")
			gotErr := panicPC.ReplaceAllString(got.stderr, "pc=?")
			if i := strings.Index(wantErr, goroutineHeader); i >= 0 {
				wantErr = wantErr[:i+len(goroutineHeader)]
				if len(gotErr) > len(wantErr) {
					gotErr = gotErr[:len(wantErr)]
				}
			} else if w.code != 0 {
				t.Fatalf("%s: Go's stderr has no goroutine header:\n%s", c.name, w.stderr)
			}
			if gotErr != wantErr {
				t.Errorf("%s: stderr\n C: %q\nGo: %q", c.name, gotErr, wantErr)
			}
		}
	})
}
