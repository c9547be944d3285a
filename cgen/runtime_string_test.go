package cgen

import (
	"fmt"
	"math"
	"math/rand/v2"
	"reflect"
	"strconv"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"
)

// TestIsPrintTable checks lms_isprint, the generated table behind %q,
// against strconv.IsPrint for every rune (and a few non-runes). A failure
// after a Go update means: run go generate in cgen.
func TestIsPrintTable(t *testing.T) {
	t.Parallel()
	var want strings.Builder
	in := false
	for r := rune(-2); r <= unicode.MaxRune+2; r++ {
		if p := strconv.IsPrint(r); p != in {
			fmt.Fprintln(&want, r)
			in = p
		}
	}
	prog := `
int main(void) {
	bool in = false;
	for (int32_t r = -2; r <= 0x10FFFF + 2; r++) {
		bool p = lms_isprint(r);
		if (p != in) {
			lms_println(LMS_ARGS(lms_arg_int32(r)));
			in = p;
		}
	}
	return 0;
}
`
	forEachToolchain(t, prog, func(t *testing.T, bin string) {
		compareLines(t, runOK(t, bin, ""), want.String(), nil)
	})
}

// testStrings returns strings for the string tests: empty, ASCII, UTF-8
// of every length, invalid and truncated encodings, NULs, then random
// byte strings and random rune strings (fixed seed).
func testStrings() []string {
	ss := []string{"", "a", "abc", "abd", "ab", "héllo", "日本語", "\x00", "a\x00b", "\xff", "\xc3", "\xc3(",
		"\xe2\x82", "\xed\xa0\x80", "\xf4\x90\x80\x80", "\xef\xbb\xbfbom", "tab\there", "new\nline", "`back`",
		"quote\"s", "back\\slash", "\u00ad\u0300\u0378\u200b\ufeff\U0001F600\U000E0001", "\x7f\x1b[0m", "??=", "a\u2028b"}
	r := rand.New(rand.NewPCG(11, 12))
	alphabet := []byte{'a', 'Z', '0', ' ', '\t', '\n', 0, 0x7f, 0x80, 0xbf, 0xc3, 0xa9, 0xe2, 0x82, 0xac, 0xf0, 0x9f, 0x98, 0x80, 0xff, '"', '\\', '`', '\''}
	for i := 0; i < 150; i++ {
		b := make([]byte, r.IntN(12))
		for j := range b {
			b[j] = alphabet[r.IntN(len(alphabet))]
		}
		ss = append(ss, string(b))
	}
	for i := 0; i < 150; i++ {
		rs := make([]rune, r.IntN(6))
		for j := range rs {
			switch r.IntN(3) {
			case 0:
				rs[j] = rune(r.IntN(0x300))
			case 1:
				rs[j] = rune(r.IntN(0x10000))
			default:
				rs[j] = rune(r.IntN(unicode.MaxRune + 1))
			}
		}
		ss = append(ss, string(rs))
	}
	return ss
}

// testRunes returns integers to convert to strings and print as runes.
func testRunes() []int64 {
	rs := []int64{0, 7, 9, 10, 31, 32, 39, 65, 92, 126, 127, 128, 159, 160, 161, 173, 255, 256, 0x300, 0x378, 0x7ff, 0x800,
		0x200b, 0x2028, 0xd7ff, 0xd800, 0xdfff, 0xe000, 0xfeff, 0xfffd, 0xffff, 0x10000, 0x1f600, 0xe0001, 0x10ffff, 0x110000,
		-1, math.MinInt32, math.MaxInt32, 1 << 32, 1<<32 + 65, math.MinInt64, math.MaxInt64}
	r := rand.New(rand.NewPCG(13, 14))
	for i := 0; i < 300; i++ {
		rs = append(rs, r.Int64N(0x110000))
	}
	return rs
}

// stringFormats are the Printf formats every test string is printed with.
var stringFormats = []string{"%s", "%v", "%q", "%+q", "%#q", "%#+q", "%x", "% x", "%#x", "% #x", "%X", "%10s|", "%-10s|",
	"%.2s", "%5.1q", "%010s", "%#v", "%.3x", "%8x|", "%-8.2X|", "% #30x|", "%- #30X|", "%d", "%T"}

// runeFormats are the Printf formats every test rune is printed with.
var runeFormats = []string{"%c", "%q", "%+q", "%#q", "%U", "%#U", "%.6U", "%#10U|", "%5c|", "%-4q|", "%x"}

// TestStrings checks comparison, concatenation, indexing, slicing,
// conversions (string(rune), []byte, []rune and back, range decoding) and
// string printing (quoting, hex) against Go.
func TestStrings(t *testing.T) {
	t.Parallel()
	ss := testStrings()
	rs := testRunes()
	var prog, want strings.Builder
	var lits []string
	for _, s := range ss {
		lits = append(lits, fmt.Sprintf("{(const uint8_t *)%s, %d}", cLiteral(s), len(s)))
	}
	fmt.Fprintf(&prog, "static const lms_string strs[] = {\n\t%s,\n};\n", strings.Join(lits, ",\n\t"))
	var rlits []string
	for _, r := range rs {
		rlits = append(rlits, cInt64(r))
	}
	fmt.Fprintf(&prog, "static const int64_t runes[] = {%s};\n", strings.Join(rlits, ", "))
	var sf, rf []string
	for _, f := range stringFormats {
		sf = append(sf, cString(f))
	}
	for _, f := range runeFormats {
		rf = append(rf, cString(f))
	}
	fmt.Fprintf(&prog, "#define SFORMATS %s\n#define RFORMATS %s\n", strings.Join(sf, ", "), strings.Join(rf, ", "))

	p := func(vs ...any) { fmt.Fprintln(&want, vs...) }
	for i, a := range ss {
		p("len", len(a), utf8.RuneCountInString(a))
		for k := 0; k < len(a); k++ {
			p("index", k, a[k])
		}
		for lo := 0; lo <= len(a) && lo < 6; lo++ {
			for hi := lo; hi <= len(a); hi++ {
				p("slice", lo, hi, a[lo:hi], a[lo:])
			}
		}
		for k, r := range a {
			p("range", k, r)
		}
		b := []byte(a)
		rr := []rune(a)
		sink = b
		sink = rr
		p("bytes", len(b), cap(b), string(b) == a, len(rr), cap(rr), string(rr))
		for _, f := range stringFormats {
			p(fmt.Sprintf(f, a))
		}
		for j := i % 7; j < len(ss); j += 7 {
			c := ss[j]
			p("cmp", strings.Compare(a, c), a == c, a != c, a < c, a <= c, a > c, a >= c, a+c, len(a+c))
		}
	}
	for _, r := range rs {
		p("rune", intString(r), r)
		for _, f := range runeFormats {
			if r >= math.MinInt32 && r <= math.MaxInt32 {
				p(fmt.Sprintf(f, int32(r)))
			} else {
				p(fmt.Sprintf(f, r))
			}
		}
	}
	p("concatn", ss[1]+ss[0]+ss[5]+ss[0]+ss[6], ss[0]+ss[0], ss[0]+ss[2]+ss[0])

	prog.WriteString(`
static lms_string cstr(const char *s) { return lms_str_make((const uint8_t *)s, (int64_t)strlen(s)); }

int main(void) {
	static const lms_string sformats[] = {SFORMATS};
	static const lms_string rformats[] = {RFORMATS};
	size_t n = sizeof strs / sizeof strs[0];
	for (size_t i = 0; i < n; i++) {
		lms_string a = strs[i];
		lms_println(LMS_ARGS(lms_arg_string(cstr("len")), lms_arg_int(lms_str_len(a)), lms_arg_int(lms_str_runecount(a))));
		for (int64_t k = 0; k < a.len; k++)
			lms_println(LMS_ARGS(lms_arg_string(cstr("index")), lms_arg_int(k), lms_arg_uint8(lms_str_index(a, k))));
		for (int64_t lo = 0; lo <= a.len && lo < 6; lo++)
			for (int64_t hi = lo; hi <= a.len; hi++)
				lms_println(LMS_ARGS(lms_arg_string(cstr("slice")), lms_arg_int(lo), lms_arg_int(hi),
					lms_arg_string(lms_str_slice(a, lo, hi)), lms_arg_string(lms_str_slice(a, lo, a.len))));
		for (int64_t k = 0; k < a.len;) {
			int32_t r;
			int64_t next = lms_str_decoderune(a, k, &r);
			lms_println(LMS_ARGS(lms_arg_string(cstr("range")), lms_arg_int(k), lms_arg_int32(r)));
			k = next;
		}
		lms_slice_uint8 b = lms_bytes_from_str(a);
		lms_slice_int32 rr = lms_runes_from_str(a);
		lms_println(LMS_ARGS(lms_arg_string(cstr("bytes")), lms_arg_int(b.len), lms_arg_int(b.cap),
			lms_arg_bool(lms_str_eq(lms_str_from_bytes(b), a)), lms_arg_int(rr.len), lms_arg_int(rr.cap),
			lms_arg_string(lms_str_from_runes(rr))));
		for (size_t k = 0; k < sizeof sformats / sizeof sformats[0]; k++) {
			lms_arg arg = lms_arg_string(a);
			lms_printf(sformats[k], 1, &arg);
			lms_println(0, NULL);
		}
		for (size_t j = i % 7; j < n; j += 7) {
			lms_string c = strs[j];
			lms_string ac = lms_str_concat(a, c);
			lms_println(LMS_ARGS(lms_arg_string(cstr("cmp")), lms_arg_int(lms_str_cmp(a, c)), lms_arg_bool(lms_str_eq(a, c)),
				lms_arg_bool(lms_str_ne(a, c)), lms_arg_bool(lms_str_lt(a, c)), lms_arg_bool(lms_str_le(a, c)),
				lms_arg_bool(lms_str_gt(a, c)), lms_arg_bool(lms_str_ge(a, c)), lms_arg_string(ac), lms_arg_int(ac.len)));
		}
	}
	for (size_t i = 0; i < sizeof runes / sizeof runes[0]; i++) {
		int64_t r = runes[i];
		lms_println(LMS_ARGS(lms_arg_string(cstr("rune")), lms_arg_string(lms_str_from_rune(r)), lms_arg_int64(r)));
		lms_arg arg = (r >= INT32_MIN && r <= INT32_MAX) ? lms_arg_int32((int32_t)r) : lms_arg_int64(r);
		for (size_t k = 0; k < sizeof rformats / sizeof rformats[0]; k++) {
			lms_printf(rformats[k], 1, &arg);
			lms_println(0, NULL);
		}
	}
	lms_string parts[] = {strs[1], strs[0], strs[5], strs[0], strs[6]};
	lms_string none[] = {strs[0], strs[0]};
	lms_string one[] = {strs[0], strs[2], strs[0]};
	lms_println(LMS_ARGS(lms_arg_string(cstr("concatn")), lms_arg_string(lms_str_concatn(5, parts)),
		lms_arg_string(lms_str_concatn(2, none)), lms_arg_string(lms_str_concatn(3, one))));
	return 0;
}
`)
	forEachToolchain(t, prog.String(), func(t *testing.T, bin string) {
		compareLines(t, runOK(t, bin, ""), want.String(), nil)
	})
}

// intString is Go's string(x) for an integer x (through reflect: go vet
// rejects the direct conversion).
func intString(x int64) string {
	return reflect.ValueOf(x).Convert(reflect.TypeFor[string]()).String()
}

// sink makes values escape, so that Go allocates them on the heap with
// the size-class rounding the C runtime reproduces.
var sink any
