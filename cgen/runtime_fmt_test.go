package cgen

import (
	"fmt"
	"math"
	"strings"
	"testing"
)

// celsius is a defined type: %T and error texts print its name.
type celsius float64

// A printCase is one call of a printing function with Go values.
type printCase struct {
	fn     string // "Sprintf", "Sprint" or "Sprintln"
	format string
	args   []any
}

// integerValues returns edge values of every integer type.
func integerValues() []any {
	return []any{
		0, 1, -1, 42, -42, 65, 0x1F600, 0xD800, 0x110000, math.MaxInt64, math.MinInt64,
		int8(-128), int8(127), int8(-5), int16(-32768), int16(1234), int32(-2147483648), int32(0x263A),
		int64(-9), uint(7), uint8(200), uint8(0), uint16(65535), uint32(4294967295),
		uint64(math.MaxUint64), uint64(1 << 63), uintptr(0xdeadbeef),
	}
}

var integerFormats = []string{"%d", "%5d", "%-5d|", "%05d", "%+d", "% d", "%+05d", "% 05d", "%x", "%X", "%#x", "%#X",
	"%o", "%#o", "%O", "%b", "%#b", "%c", "%q", "%+q", "%#q", "%U", "%#U", "%.3d", "%8.3d", "%08.3d", "%-08d|",
	"%v", "%+v", "%#v", "%.0d", "%5.0d|", "%s", "%t", "%e", "%T", "%p", "%10.4x", "%-#10x|", "%.5U", "%#.5U",
	"%020b", "%#020o", "%+.70d", "%x%%", "%6.2v"}

// printCases returns the Printf, Print and Println cases of TestPrintf.
func printCases() []printCase {
	var cs []printCase
	f := func(format string, args ...any) { cs = append(cs, printCase{"Sprintf", format, args}) }
	for _, v := range integerValues() {
		for _, format := range integerFormats {
			f(format, v)
		}
	}
	for _, v := range []any{true, false} {
		for _, format := range []string{"%t", "%v", "%5t|", "%-7t|", "%d", "%q", "%#v", "%+v", "%T", "%s"} {
			f(format, v)
		}
	}
	f("%s %s", "héllo", "wörld")
	f("%6s|%-6s|%6.2s|", "héllo", "日本語", "日本語")
	f("%x % X %#x", "héllo", "\x00\xff", "")
	f("%5x|%-5x|%05s", "", "", "ab")
	// Malformed formats and argument mismatches.
	f("%d %d", 1)
	f("%d", 1, "extra", 2.5, true)
	f("%")
	f("%-")
	f("abc%")
	f("%!")
	f("%z", 5)
	f("%ä", 5)
	f("%\xff", 5)
	f("%%")
	f("%5%|%-5%|", 1)
	f("%v")
	f("%w", 5)
	f("%#w", "x")
	f("%[2]d %[1]d", 1, 2)
	f("%[3]d", 1, 2)
	f("%[0]d", 1)
	f("%[x]d", 1)
	f("%[1", 1)
	f("%[1]d %d %d", 1, 2, 3)
	f("%d %[1]d", 1, 2)
	f("%[2]*[1]d|", 12, 5)
	f("%[3]*.[2]*[1]f|", 12.0, 2, 6)
	f("%[1]2d", 7)
	f("%[1].2f", 7.5)
	f("%*d|", 5, 42)
	f("%-*d|", 5, 42)
	f("%*d|", -5, 42)
	f("%0*d|", -5, 42)
	f("%.*f|", 2, math.Pi)
	f("%*.*f|", 8, 3, math.Pi)
	f("%*d|", "x", 42)
	f("%.*d|", -1, 5)
	f("%.*d|", uint64(math.MaxUint64), 5)
	f("%*d|", uint8(3), 5)
	f("%*d|", 10000000, 5)
	f("%10000000d", 5)
	f("%.10000000d", 5)
	f("%*", 5)
	f("%.", 5)
	f("%.d|%.v|", 0, 0)
	f("%3.x|", 0)
	f("%T %T %T %5T|", celsius(1.5), "s", 'x', 2.5)
	f("%d %v %.1f %s", celsius(1.5), celsius(1.5), celsius(1.5), celsius(-0.25))
	f("%v %v", complex64(complex(1, -2)), complex(math.Inf(1), math.NaN()))
	f("%d", complex(1, 2))
	f("%08.3f|%-8.3e|%+.0f|% .0e", -1.5, 2.5, 0.5, 1.5)
	// Print and Println: spaces between operands when neither is a string.
	p := func(fn string, args ...any) { cs = append(cs, printCase{fn, "", args}) }
	for _, fn := range []string{"Sprint", "Sprintln"} {
		p(fn)
		p(fn, "a")
		p(fn, 1, 2, 3)
		p(fn, "a", "b", 1, 2, "c", 3.5, true, false, "x", uint8(7), complex(1, 1))
		p(fn, 1, "a", 2)
		p(fn, celsius(2), celsius(3), "", "", 4)
		p(fn, float32(0.1), 1e21, 1e20, 123456789.0, 0.0, math.Copysign(0, -1), math.NaN(), math.Inf(-1))
	}
	return cs
}

// goPrint calls the fmt function of c.
func goPrint(c printCase) string {
	switch c.fn {
	case "Sprint":
		return fmt.Sprint(c.args...)
	case "Sprintln":
		return fmt.Sprintln(c.args...)
	}
	return fmt.Sprintf(c.format, c.args...)
}

// cPrintArg is cArg that also knows celsius.
func cPrintArg(v any) string {
	if c, ok := v.(celsius); ok {
		return fmt.Sprintf(`lms_arg_named("cgen.celsius", %s)`, cArg(float64(c)))
	}
	return cArg(v)
}

// TestPrintf checks fmt.Sprintf, Sprint and Sprintln (through
// lms_sprintf, lms_sprint, lms_sprintln) on every integer type with every
// verb and flag, booleans, strings, malformed formats, argument indexes,
// '*' widths and precisions, defined types, and Print's spacing rules.
func TestPrintf(t *testing.T) {
	t.Parallel()
	var prog, want strings.Builder
	var labels []string
	prog.WriteString(`
static void out(lms_string s) {
	lms_buf *o = lms_out();
	lms_buf_str(o, s);
	lms_buf_cstr(o, "\n--\n");
	lms_out_done();
}
`)
	// Small functions compile much faster than one huge main.
	const perFunc = 40
	cases := printCases()
	for i, c := range cases {
		if i%perFunc == 0 {
			if i > 0 {
				prog.WriteString("}\n")
			}
			fmt.Fprintf(&prog, "\nstatic void cases%d(void) {\n", i/perFunc)
		}
		args := make([]string, len(c.args))
		for i, a := range c.args {
			args[i] = cPrintArg(a)
		}
		cargs := "0, NULL"
		if len(args) > 0 {
			cargs = "LMS_ARGS(" + strings.Join(args, ", ") + ")"
		}
		switch c.fn {
		case "Sprintf":
			fmt.Fprintf(&prog, "\tout(lms_sprintf(%s, %s));\n", cString(c.format), cargs)
		case "Sprint":
			fmt.Fprintf(&prog, "\tout(lms_sprint(%s));\n", cargs)
		default:
			fmt.Fprintf(&prog, "\tout(lms_sprintln(%s));\n", cargs)
		}
		got := goPrint(c) + "\n--"
		want.WriteString(got + "\n")
		label := fmt.Sprintf("%s(%q, %#v)", c.fn, c.format, c.args)
		for range strings.Split(got, "\n") {
			labels = append(labels, label)
		}
	}
	prog.WriteString("}\n\nint main(void) {\n")
	for i := 0; i < len(cases); i += perFunc {
		fmt.Fprintf(&prog, "\tcases%d();\n", i/perFunc)
	}
	prog.WriteString("\treturn 0;\n}\n")
	forEachToolchain(t, prog.String(), func(t *testing.T, bin string) {
		compareLines(t, runOK(t, bin, ""), want.String(), labels)
	})
}
