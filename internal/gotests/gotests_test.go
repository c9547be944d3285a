package gotests

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
)

// fixedSample is the sample CI runs: programs of $GOROOT/test that cover
// what the static evaluator runs (defer and recover, run-time panics
// recovered, goroutines, channels, select, sync, closures, generics,
// methods and maps, runtime.Goexit and os.Exit, run-time settings as
// calls of the generated code, reflect.TypeOf, unsafe.Sizeof in generic
// code, a standard package evaluated from source, unsafe.Add and
// unsafe.Pointer comparison, reflect.Type.Method and its Func called,
// reflect.MakeFunc, sort.SliceStable through reflectlite's swapper, a
// static recursion 10000 deep, time.Tick on the virtual clock, fmt.Sprint
// of a struct of slices, runtime.GC yielding to a busy goroutine's
// peers, reflect.Value.Convert, runtime.Caller across a panic). Each
// must give the same output staged as natively.
// The big run is cmd/lmsgotests (see the README).
var fixedSample = []string{
	"defer.go",
	"recover2.go",
	"chan/fifo.go",
	"chan/select.go",
	"chan/sieve1.go",
	"fixedbugs/bug512.go",
	"closure1.go",
	"typeparam/smallest.go",
	"ken/embed.go",
	"fixedbugs/issue5963.go",
	"fixedbugs/issue7083.go",
	"fixedbugs/bug177.go",
	"fixedbugs/issue65417.go",
	"fixedbugs/issue24547.go",
	"fixedbugs/issue48536.go",
	"reflectmethod1.go",
	"fixedbugs/issue52788.go",
	"fixedbugs/issue57184.go",
	"fixedbugs/issue10353.go",
	"chan/nonblock.go",
	"fixedbugs/bug207.go",
	"fixedbugs/issue25897a.go",
	"deferfin.go",             // finalizers after goroutines end (frontend/finalizer.go)
	"fixedbugs/issue54343.go", // a finalizer once a package variable is cleared
	"abi/map.go",              // no finalizer: reached from a live register
	"fixedbugs/issue19113.go",
	"fixedbugs/issue15975.go",  // defer of a method call on a nil interface panics at the statement
	"fixedbugs/issue59411.go",  // NaN map keys in a range, reflect.MapIter, clear
	"typeparam/mdempsky/16.go", // a type assertion's message writes types as gc's runtime does
	"fixedbugs/issue71675.go",  // defer in the body of a range over a function (ssa:deferstack)
	"deferprint.go",            // println of nil channels, slices, maps, functions
	"fixedbugs/issue49665.go",  // fmt's %T of a pointer
	"fixedbugs/issue30116.go",  // gc's bounds messages, through text/tabwriter to os.Stdout
	"fixedbugs/bug483.go",      // fmt.Fprintf to a bytes.Buffer
	"fixedbugs/issue37716.go",  // reflect.MakeMap, SetMapIndex
	"rename.go",                // a package that redeclares panic (frontend/overlay.go's stubs)
	"typeparam/issue49547.go",  // fmt.Sprintf's %T of a generic type's instance in package main (frontend/fmtstatic.go)
	"fixedbugs/issue44830.go",  // reflect.Type.PkgPath of unsafe.Pointer
	"stack.go",                 // 256 MB allocated, little reachable: the memory budget's trace (frontend/mem.go)
	"fixedbugs/bug491.go",      // len, cap, real, imag, complex, append, copy ordered with the calls (frontend/evalorder.go)
	"fixedbugs/issue15329.go",  // reflect.Value.Pointer back to a pointer (frontend/addr.go)
	"fixedbugs/issue57823.go",  // a finalizer on the bytes of a concatenation (frontend/strdata.go)
	"fixedbugs/issue31546.go",  // a blank field of a composite literal stays zero
	"fixedbugs/issue49110.go",  // reflect.StructOf with blank fields
	"fixedbugs/issue5856.go",   // runtime.Caller(2) through gopanic to the panic's line, the file as gc records it (frontend/gcstack.go)
	"fixedbugs/issue4562.go",   // runtime.Caller walked through gopanic, panicmem, sigpanic to a nil dereference's line
	"goprint.go",               // log.Fatalf with log's standard flags, staged (frontend/worldlog.go)
	"fixedbugs/issue21317.go",  // log.Fatal of a failure with the time, compared up to the clock where the native run logs it (clock.go)
	"fixedbugs/bug257.go",      // fmt.Sprintf("%x") of an md5 sum's []byte (frontend/fmtstatic.go)
}

func TestFixedSample(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs every program twice")
	}
	out, err := exec.Command("go", "env", "GOROOT").Output()
	if err != nil {
		t.Fatalf("go env GOROOT: %v", err)
	}
	dir := filepath.Join(strings.TrimSpace(string(out)), "test")
	if _, err := os.Stat(dir); err != nil {
		t.Skipf("no test directory in the Go distribution: %v", err)
	}
	repo, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	r, err := NewRunner(repo, t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	results := make([]Result, len(fixedSample))
	var wg sync.WaitGroup
	sem := make(chan struct{}, 2)
	for i, name := range fixedSample {
		wg.Add(1)
		go func() {
			defer wg.Done()
			sem <- struct{}{}
			defer func() { <-sem }()
			results[i] = r.Run(dir, name)
		}()
	}
	wg.Wait()
	same := 0
	for _, res := range results {
		switch res.Class {
		case Same:
			same++
		case Skipped:
			t.Logf("%s: skipped: %s", res.Program, res.Detail)
		default:
			t.Errorf("%s: %s: %s", res.Program, res.Class, res.Detail)
		}
	}
	if same < len(fixedSample)-1 {
		t.Errorf("%d of %d programs give the same output, want at least %d", same, len(fixedSample), len(fixedSample)-1)
	}
}

func TestEligible(t *testing.T) {
	for _, c := range []struct {
		src  string
		want bool
	}{
		{"// run\n\npackage main\n", true},
		{"// run -gcflags=-d=checkptr\n\npackage main\n", false},
		{"// errorcheck\n\npackage main\n", false},
		{"//go:build !amd64\n\n// run\n\npackage main\n", false},
		{"//go:build linux || darwin\n\n// run\n\npackage main\n", true},
		{"// run\n\npackage main\n\nimport \"os\"\n\nvar _ = os.Args\n", false},
	} {
		if got, why := Eligible([]byte(c.src)); got != c.want {
			t.Errorf("Eligible(%q) = %v (%s), want %v", c.src, got, why, c.want)
		}
	}
}

func TestWrap(t *testing.T) {
	src := "// run\n\npackage main\n\nfunc init() { println(1) }\n\nfunc main() { println(2) }\n\nfunc init() { println(3) }\n"
	got, err := Wrap([]byte(src))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		"func lmsgotestInit0() { println(1) }",
		"func lmsgotestMain() { println(2) }",
		"func lmsgotestInit1() { println(3) }",
		"//lms:gen lmsgotestGenerated -calldepth=20000 -steps=200000000\nfunc lmsgotestStaged() {\n\tlmsgotestInit0()\n\tlmsgotestInit1()\n\tlmsgotestMain()\n}",
		"func main() { lmsgotestGenerated() }",
	} {
		if !strings.Contains(string(got), want) {
			t.Errorf("Wrap: missing %q in\n%s", want, got)
		}
	}
}

func TestUnclock(t *testing.T) {
	for _, c := range []struct {
		want, got string
		n         int  // lines masked
		same      bool // equal once masked
	}{
		{"2026/11/27 13:07:04 boom\n", "2026/11/27 13:09:59 boom\n", 1, true},
		{"13:07:04.123456 a\nb\n", "14:00:00.000001 a\nb\n", 1, true},
		{"p: 2026/11/27 x\n", "p: 2025/01/02 x\n", 1, true},
		{"2026/11/27 13:07:04 boom\n", "2026/11/27 13:07:04 bang\n", 1, false}, // the message differs
		{"2026/11/27 13:07:04 boom\n", "2026/11/27 boom\n", 0, false},          // fewer fields
		{"2026/11/27 13:07:04 boom\n", "2026/11/27 13:07:04.000001 boom\n", 0, false},
		{"p: 2026/11/27 x\n", "q: 2025/01/02 x\n", 0, false}, // another prefix
		{"x 1\n", "x 2\n", 0, false},                         // no clock in the native output
		{"boom\n", "2026/11/27 13:07:04 boom\n", 0, false},   // a clock only in the staged output
	} {
		w, g, n := unclock(c.want, c.got)
		if n != c.n || (w == g) != c.same {
			t.Errorf("unclock(%q, %q) = %q, %q, %d; want %d lines masked, equal %v", c.want, c.got, w, g, n, c.n, c.same)
		}
	}
	want := output{stderr: "2026/11/27 13:07:04 boom\n", code: 1}
	if d, n := diff(want, output{stderr: "2026/11/27 13:08:00 boom\n", code: 1}); d != "" || n != 1 {
		t.Errorf("diff of outputs that differ in log's clock: %q, %d lines masked", d, n)
	}
	if d, _ := diff(want, output{stderr: "2026/11/27 13:08:00 bang\n", code: 1}); d == "" {
		t.Errorf("diff of outputs that differ after log's clock: none")
	}
}
