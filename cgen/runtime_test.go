package cgen

import (
	"bytes"
	"errors"
	"fmt"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
)

// This file holds the harness of the runtime tests: C test programs get
// the prelude prepended, are compiled by every available toolchain and run;
// their output is compared with what Go computes for the same operations.

// A toolchain is a C compiler with the flags a test program is built with.
type toolchain struct {
	name  string
	cc    string   // command name
	flags []string // besides -o
	skip  string   // if not empty, why the toolchain is unavailable
}

var (
	toolchainsOnce sync.Once
	toolchainsList []toolchain
)

// strictFlags are the flags DESIGN.md requires generated C to compile with.
var strictFlags = []string{"-std=c11", "-O2", "-Wall", "-Wextra", "-Werror"}

// toolchains returns gcc and clang with the strict flags, and gcc with
// UndefinedBehaviorSanitizer (which also checks float-to-int casts), so that
// the runtime is shown free of undefined behaviour on the tested paths.
func toolchains(t *testing.T) []toolchain {
	t.Helper()
	toolchainsOnce.Do(func() {
		gcc := toolchain{name: "gcc", cc: "gcc", flags: strictFlags}
		if _, err := exec.LookPath("gcc"); err != nil {
			gcc.skip = "gcc not found on PATH"
		}
		clang := toolchain{name: "clang", cc: "clang", flags: strictFlags}
		if _, err := exec.LookPath("clang"); err != nil {
			clang.skip = "clang not found on PATH (.ci/run installs it with apt-get)"
		}
		ubsan := toolchain{name: "gcc-ubsan", cc: "gcc", flags: []string{
			"-std=c11", "-O1", "-Wall", "-Wextra", "-Werror",
			"-fsanitize=undefined,float-cast-overflow", "-fno-sanitize-recover=all",
		}}
		if gcc.skip != "" {
			ubsan.skip = gcc.skip
		} else if msg := probe(ubsan); msg != "" {
			ubsan.skip = "gcc cannot build with -fsanitize=undefined: " + msg
		}
		toolchainsList = []toolchain{gcc, clang, ubsan}
	})
	if toolchainsList[0].skip != "" {
		t.Fatal(toolchainsList[0].skip)
	}
	return toolchainsList
}

// probe reports why tc cannot build a trivial program, or "".
func probe(tc toolchain) string {
	dir, err := os.MkdirTemp("", "lmsprobe")
	if err != nil {
		return err.Error()
	}
	defer os.RemoveAll(dir)
	src := filepath.Join(dir, "p.c")
	if err := os.WriteFile(src, []byte("int main(void) { return 0; }\n"), 0o644); err != nil {
		return err.Error()
	}
	out, err := exec.Command(tc.cc, append(tc.flags, "-o", filepath.Join(dir, "p"), src)...).CombinedOutput()
	if err != nil {
		return strings.TrimSpace(string(out))
	}
	return ""
}

// forEachToolchain compiles the C program body, after the runtime prelude,
// with every toolchain and calls check with each binary, in parallel
// subtests named after the toolchains.
func forEachToolchain(t *testing.T, body string, check func(t *testing.T, bin string)) {
	t.Helper()
	src := Runtime() + "\n/* test program */\n" + body
	dir := t.TempDir()
	file := filepath.Join(dir, "test.c")
	if err := os.WriteFile(file, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range toolchains(t) {
		t.Run(tc.name, func(t *testing.T) {
			if tc.skip != "" {
				t.Skip(tc.skip)
			}
			t.Parallel()
			bin := filepath.Join(dir, "test-"+tc.name)
			cmd := exec.Command(tc.cc, append(append([]string{}, tc.flags...), "-o", bin, file)...)
			if out, err := cmd.CombinedOutput(); err != nil {
				t.Fatalf("%s %s failed: %v\n%s", tc.cc, strings.Join(tc.flags, " "), err, out)
			}
			check(t, bin)
		})
	}
}

// A result is what a program wrote and its exit status.
type result struct {
	stdout, stderr string
	code           int
}

// run runs bin with args and the given standard input.
func run(t *testing.T, bin, stdin string, args ...string) result {
	t.Helper()
	cmd := exec.Command(bin, args...)
	cmd.Stdin = strings.NewReader(stdin)
	var out, errOut bytes.Buffer
	cmd.Stdout = &out
	cmd.Stderr = &errOut
	err := cmd.Run()
	code := 0
	if err != nil {
		var exit *exec.ExitError
		if !errors.As(err, &exit) {
			t.Fatalf("running %s: %v", bin, err)
		}
		code = exit.ExitCode()
	}
	return result{out.String(), errOut.String(), code}
}

// runOK runs bin and fails the test unless it exits with status 0 and
// writes nothing to standard error; it returns standard output.
func runOK(t *testing.T, bin, stdin string, args ...string) string {
	t.Helper()
	r := run(t, bin, stdin, args...)
	if r.code != 0 || r.stderr != "" {
		t.Fatalf("%s exited with status %d, stderr:\n%s", bin, r.code, r.stderr)
	}
	return r.stdout
}

// compareLines reports the lines where got and want differ (at most 20),
// each with the label of its line (labels[i] describes want line i, or is
// missing).
func compareLines(t *testing.T, got, want string, labels []string) {
	t.Helper()
	g := strings.Split(got, "\n")
	w := strings.Split(want, "\n")
	bad := 0
	for i := 0; i < len(g) || i < len(w); i++ {
		var gl, wl string
		if i < len(g) {
			gl = g[i]
		}
		if i < len(w) {
			wl = w[i]
		}
		if gl == wl {
			continue
		}
		label := ""
		if i < len(labels) {
			label = labels[i]
		}
		t.Errorf("line %d %s:\n C: %q\nGo: %q", i+1, label, gl, wl)
		if bad++; bad == 20 {
			t.Fatalf("too many differences (%d C lines, %d Go lines)", len(g), len(w))
		}
	}
}

// cString returns a C expression of type lms_string for s. Bytes other
// than printable ASCII, and the characters that C would misread (quotes,
// backslash, '?' of trigraphs), are three-digit octal escapes.
func cString(s string) string {
	return "LMS_STR(" + cLiteral(s) + ")"
}

// cLiteral returns s as a C string literal.
func cLiteral(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c >= ' ' && c <= '~' && c != '"' && c != '\\' && c != '?' {
			b.WriteByte(c)
		} else {
			fmt.Fprintf(&b, "\\%03o", c)
		}
	}
	b.WriteByte('"')
	return b.String()
}

// cArg returns the C expression of type lms_arg for a value of a Go basic
// type.
func cArg(v any) string {
	switch v := v.(type) {
	case bool:
		return fmt.Sprintf("lms_arg_bool(%v)", v)
	case int:
		return fmt.Sprintf("lms_arg_int(%s)", cInt64(int64(v)))
	case int8:
		return fmt.Sprintf("lms_arg_int8(%d)", v)
	case int16:
		return fmt.Sprintf("lms_arg_int16(%d)", v)
	case int32:
		return fmt.Sprintf("lms_arg_int32(%s)", cInt64(int64(v)))
	case int64:
		return fmt.Sprintf("lms_arg_int64(%s)", cInt64(v))
	case uint:
		return fmt.Sprintf("lms_arg_uint(UINT64_C(%d))", v)
	case uint8:
		return fmt.Sprintf("lms_arg_uint8(%d)", v)
	case uint16:
		return fmt.Sprintf("lms_arg_uint16(%d)", v)
	case uint32:
		return fmt.Sprintf("lms_arg_uint32(UINT32_C(%d))", v)
	case uint64:
		return fmt.Sprintf("lms_arg_uint64(UINT64_C(%d))", v)
	case uintptr:
		return fmt.Sprintf("lms_arg_uintptr(UINT64_C(%d))", v)
	case float32:
		return fmt.Sprintf("lms_arg_float32(%s)", cFloat32(v))
	case float64:
		return fmt.Sprintf("lms_arg_float64(%s)", cFloat64(v))
	case complex64:
		return fmt.Sprintf("lms_arg_complex64(lms_c64(%s, %s))", cFloat32(real(v)), cFloat32(imag(v)))
	case complex128:
		return fmt.Sprintf("lms_arg_complex128(lms_c128(%s, %s))", cFloat64(real(v)), cFloat64(imag(v)))
	case string:
		return fmt.Sprintf("lms_arg_string(%s)", cString(v))
	}
	panic(fmt.Sprintf("cArg: unsupported type %T", v))
}

// cInt64 returns a C constant expression of type int64_t for v.
func cInt64(v int64) string {
	if v == math.MinInt64 {
		return "INT64_MIN"
	}
	return fmt.Sprintf("INT64_C(%d)", v)
}

func cFloat32(f float32) string {
	return fmt.Sprintf("lms_f32frombits(UINT32_C(0x%08x))", math.Float32bits(f))
}

func cFloat64(f float64) string {
	return fmt.Sprintf("lms_f64frombits(UINT64_C(0x%016x))", math.Float64bits(f))
}

func TestRuntimeText(t *testing.T) {
	src := Runtime()
	if !strings.HasPrefix(src, "/*") || !strings.Contains(src, "#ifndef LMS_RUNTIME_H") || !strings.HasSuffix(src, "#endif /* LMS_RUNTIME_H */\n") {
		t.Fatal("Runtime() is not the guarded runtime.h")
	}
	// Every name the prelude declares at file scope carries the lms_ or LMS_
	// prefix, so that it cannot collide with generated names.
	decl := regexp.MustCompile(`^(?:typedef\b.*\b(\w+);\s*$|#define (\w+)|(?:static|LMS_INLINE|LMS_FN|LMS_PANICFN)\b[^(=;]*?(\w+)\s*(?:\(|\[|=|;| LMS_UNUSED))`)
	n := 0
	for i, line := range strings.Split(src, "\n") {
		m := decl.FindStringSubmatch(line)
		if m == nil {
			continue
		}
		n++
		name := m[1] + m[2] + m[3]
		if !strings.HasPrefix(name, "lms_") && !strings.HasPrefix(name, "LMS_") {
			t.Errorf("runtime.h:%d: %s is not prefixed: %q", i+1, name, line)
		}
	}
	if n < 100 {
		t.Errorf("found only %d declarations: the pattern is out of date", n)
	}
}
