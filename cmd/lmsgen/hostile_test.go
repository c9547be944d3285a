package main

import (
	"bufio"
	"bytes"
	"crypto/sha256"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"syscall"
	"testing"

	"github.com/stretchr/testify/require"
	"golang.org/x/tools/txtar"
)

// TestHostile runs lmsgen on the hostile inputs of testdata/hostile: staging
// code that allocates without bound, nests without bound, names clashing
// functions, smuggles comment terminators and build lines into the output,
// or an output path that is a user's file, a staging file, a symbolic link
// or outside the package. Each case is a txtar archive of a module's files
// (relative to its root; go.mod is added) whose comment holds its
// expectations, one per line:
//
//	args: ARGS           lmsgen's arguments, run in directory p
//	exit: N              the exit status (0, 1, or 2 for bad usage)
//	stderr: REGEXP       a line of standard error must match (repeatable)
//	changes: FILE        a file of the archive lmsgen may change (repeatable)
//	symlink: LINK TARGET a symbolic link to create (relative to the root)
//	bigstring: FILE N    a file declaring a string constant of N bytes
//	run: CMD ARGS        a command that must succeed afterwards, in the root
//	long                 skipped with -short
//
// Whatever the case, lmsgen must exit with 0, 1 or 2 (never a Go runtime
// fatal error or a panic), print every error as file:line:col: message
// (usage errors as "lmsgen: ..."), each once, change no file of the
// archive but those listed, leave no temporary file, and stay under 1 GiB
// of memory (it runs with a data limit of 1.5 GiB, so a regression fails
// the case instead of exhausting the machine).
func TestHostile(t *testing.T) {
	names, err := filepath.Glob(filepath.Join("testdata", "hostile", "*.txtar"))
	require.NoError(t, err)
	require.NotEmpty(t, names)
	// One module holds every case, each in a directory of its own, so
	// that go mod tidy runs once.
	files := map[string]string{}
	cases := map[string]*txtar.Archive{}
	for _, name := range names {
		ar, err := txtar.ParseFile(name)
		require.NoError(t, err)
		c := strings.TrimSuffix(filepath.Base(name), ".txtar")
		cases[c] = ar
		for _, f := range ar.Files {
			files[c+"/"+f.Name] = string(f.Data)
		}
	}
	root := module(t, files)
	for _, name := range names {
		c := strings.TrimSuffix(filepath.Base(name), ".txtar")
		t.Run(c, func(t *testing.T) {
			t.Parallel()
			runHostile(t, filepath.Join(root, c), cases[c])
		})
	}
}

// hostileCase is what a case's comment says.
type hostileCase struct {
	args     []string
	exit     int
	stderr   []*regexp.Regexp
	changes  map[string]bool
	symlinks [][2]string
	big      map[string]int
	run      [][]string
	long     bool
}

func parseHostile(t *testing.T, comment []byte) *hostileCase {
	t.Helper()
	c := &hostileCase{changes: map[string]bool{}, big: map[string]int{}}
	for _, line := range strings.Split(string(comment), "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		if line == "long" {
			c.long = true
			continue
		}
		key, val, ok := strings.Cut(line, ": ")
		require.True(t, ok, "bad line %q", line)
		switch key {
		case "args":
			c.args = strings.Fields(val)
		case "exit":
			n, err := strconv.Atoi(val)
			require.NoError(t, err)
			c.exit = n
		case "stderr":
			c.stderr = append(c.stderr, regexp.MustCompile(val))
		case "changes":
			c.changes[val] = true
		case "symlink":
			f := strings.Fields(val)
			require.Len(t, f, 2)
			c.symlinks = append(c.symlinks, [2]string{f[0], f[1]})
		case "bigstring":
			f := strings.Fields(val)
			n, err := strconv.Atoi(f[1])
			require.NoError(t, err)
			c.big[f[0]] = n
		case "run":
			c.run = append(c.run, strings.Fields(val))
		default:
			t.Fatalf("unknown key %q", key)
		}
	}
	return c
}

// positionedLine is a line of an error message: positioned, a line of a
// call chain, or the note on further errors.
var positionedLine = regexp.MustCompile(`^(\S+:\d+:\d+: |\t|too many errors)`)

// runHostile runs the case ar, whose files are in dir.
func runHostile(t *testing.T, dir string, ar *txtar.Archive) {
	c := parseHostile(t, ar.Comment)
	if c.long && testing.Short() {
		t.Skip("long case: skipped with -short")
	}
	for name, n := range c.big {
		writeBigString(t, filepath.Join(dir, name), n)
	}
	for _, l := range c.symlinks {
		require.NoError(t, os.MkdirAll(filepath.Dir(filepath.Join(dir, l[0])), 0o755))
		require.NoError(t, os.Symlink(l[1], filepath.Join(dir, l[0])))
	}
	before := snapshot(t, dir)

	r, maxRSS := runLimited(t, filepath.Join(dir, "p"), c.args...)
	t.Logf("exit %d, max RSS %d MiB\n%s", r.status, maxRSS>>20, r.stderr)

	require.Equal(t, c.exit, r.status, "exit status\n%s", r.stderr)
	require.Less(t, maxRSS, int64(1<<30), "lmsgen used more than 1 GiB")
	for _, bad := range []string{"fatal error", "goroutine ", "runtime stack", "panic: "} {
		require.NotContains(t, r.stderr, bad)
	}
	lines := strings.Split(strings.TrimRight(r.stderr, "\n"), "\n")
	seen := map[string]bool{}
	for _, l := range lines {
		if l == "" {
			continue
		}
		if c.exit == 2 {
			require.True(t, strings.HasPrefix(l, "lmsgen: ") || strings.HasPrefix(l, "run 'lmsgen -h'"), "usage error line %q", l)
			continue
		}
		require.Regexp(t, positionedLine, l, "every error is file:line:col: message")
		require.NotContains(t, l, "go-build", "no position in the build cache")
		if !strings.HasPrefix(l, "\t") {
			require.False(t, seen[l], "error printed twice: %q", l)
			seen[l] = true
		}
	}
	for _, re := range c.stderr {
		require.Regexp(t, re, r.stderr)
	}

	after := snapshot(t, dir)
	for name, data := range before {
		if c.changes[name] {
			continue
		}
		require.Equal(t, data, after[name], "%s changed", name)
	}
	for name := range after {
		require.NotContains(t, name, tempMark, "a temporary file is left")
		require.False(t, strings.HasSuffix(name, ".broken"), "a .broken file without -d=broken")
	}
	for _, cmd := range c.run {
		goCmd(t, dir, cmd[1:]...)
	}
}

// writeBigString writes a file of package p declaring a string constant
// Big of n bytes, without holding it in memory (the test's own memory
// counts in the peak of the processes it starts).
func writeBigString(t *testing.T, path string, n int) {
	t.Helper()
	f, err := os.Create(path)
	require.NoError(t, err)
	defer f.Close()
	w := bufio.NewWriter(f)
	w.WriteString("package p\n\nconst Big = \"")
	chunk := bytes.Repeat([]byte{'x'}, 1<<16)
	for n > 0 {
		k := min(n, len(chunk))
		w.Write(chunk[:k])
		n -= k
	}
	w.WriteString("\"\n")
	require.NoError(t, w.Flush())
}

// snapshot returns a hash of the content of every regular file under dir
// by its path relative to dir (symbolic links are not followed).
func snapshot(t *testing.T, dir string) map[string]string {
	t.Helper()
	m := map[string]string{}
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || !d.Type().IsRegular() {
			return err
		}
		f, err := os.Open(path)
		if err != nil {
			return err
		}
		defer f.Close()
		h := sha256.New()
		if _, err := io.Copy(h, f); err != nil {
			return err
		}
		rel, _ := filepath.Rel(dir, path)
		m[rel] = fmt.Sprintf("%x", h.Sum(nil))
		return nil
	})
	require.NoError(t, err)
	return m
}

// runLimited runs lmsgen in dir with a data segment limit of 1.5 GiB, so
// that a runaway allocation ends the run instead of the machine's memory,
// and returns its result and its peak resident memory in bytes.
func runLimited(t *testing.T, dir string, args ...string) (result, int64) {
	t.Helper()
	cmd := exec.Command("sh", append([]string{"-c", `ulimit -d 1572864 && exec "$0" "$@"`, lmsgenBin(t)}, args...)...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOMEMLIMIT=768MiB")
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	err := cmd.Run()
	status := 0
	if ee, ok := err.(*exec.ExitError); ok {
		status = ee.ExitCode()
	} else if err != nil {
		t.Fatalf("lmsgen %v: %v", args, err)
	}
	var rss int64
	if ru, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage); ok {
		rss = ru.Maxrss << 10 // KiB on Linux
	}
	return result{out.String(), errb.String(), status}, rss
}

func TestHostileParse(t *testing.T) {
	c := parseHostile(t, []byte("# a case\nargs: -lang=go,c -test\nexit: 1\nstderr: p.go:\\d+\nchanges: p/p_lms.go\nsymlink: p/lmsc ../x\nbigstring: p/big.go 10\nrun: go vet ./...\nlong\n"))
	require.Equal(t, []string{"-lang=go,c", "-test"}, c.args)
	require.Equal(t, 1, c.exit)
	require.True(t, c.changes["p/p_lms.go"])
	require.Equal(t, [][2]string{{"p/lmsc", "../x"}}, c.symlinks)
	require.Equal(t, 10, c.big["p/big.go"])
	require.Equal(t, [][]string{{"go", "vet", "./..."}}, c.run)
	require.True(t, c.long)
	require.Regexp(t, positionedLine, "p.go:1:2: x")
	require.NotRegexp(t, positionedLine, "gogen: x")
}
