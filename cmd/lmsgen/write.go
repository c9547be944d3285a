package main

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"go/token"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/lmsgen/lmsgen/explain"
	"github.com/lmsgen/lmsgen/frontend"
	"github.com/lmsgen/lmsgen/ir"
	"github.com/lmsgen/lmsgen/pipeline"
)

// This file writes the outputs of a run. Two rules protect the user's
// files:
//
//   - lmsgen writes only files it owns (checkOwned): inside the package's
//     directory, through no symbolic link, and over no existing file that
//     does not carry its header;
//   - the outputs of a run are replaced all together or not at all
//     (writeAll): every temporary is written first, then all are renamed;
//     a failure removes the temporaries and puts back every file already
//     replaced. A killed run leaves each file whole, old or new, and its
//     temporaries are removed by the next run.

// output is a file to write: all outputs of a run are computed first and
// written only if no error occurred.
type output struct {
	path string
	data []byte
}

// tempMark is in the name of every temporary file lmsgen writes:
// .<name>.lmsgen-tmp<digits> beside <name>.
const tempMark = ".lmsgen-tmp"

// renameFile is os.Rename; a test replaces it to fail a rename.
var renameFile = os.Rename

// checkOwned reports, before anything is written, an output that lmsgen
// may not write: one outside its package's directory, one reached through
// a symbolic link, a path that is not a regular file, or an existing file
// without lmsgen's header (a file of the user's).
func checkOwned(outs []pipeline.Output) error {
	var errs frontend.ErrorList
	for _, o := range outs {
		if err := owned(o.Dir, o.Path); err != nil {
			errs = append(errs, err)
		}
	}
	if len(errs) > 0 {
		return errs
	}
	return nil
}

func owned(dir, path string) *frontend.Error {
	at := token.Position{Filename: path, Line: 1, Column: 1}
	rel, err := filepath.Rel(dir, path)
	if err != nil || !filepath.IsLocal(rel) {
		return &frontend.Error{Pos: at, Msg: fmt.Sprintf(
			"lmsgen will not write %s: it is outside the package directory %s (name an output inside it)", path, dir)}
	}
	cur := dir
	parts := strings.Split(rel, string(filepath.Separator))
	for i, part := range parts {
		cur = filepath.Join(cur, part)
		fi, err := os.Lstat(cur)
		if errors.Is(err, os.ErrNotExist) {
			return nil // created by the run
		}
		if err != nil {
			return &frontend.Error{Pos: at, Msg: err.Error()}
		}
		shown := filepath.Join(parts[:i+1]...)
		if fi.Mode()&os.ModeSymlink != 0 {
			return &frontend.Error{Pos: at, Msg: fmt.Sprintf(
				"lmsgen will not write this file: %s is a symbolic link, and lmsgen writes only real files and directories inside the package (replace the link by a directory or file, or remove it)", shown)}
		}
		last := i == len(parts)-1
		switch {
		case !last && !fi.IsDir():
			return &frontend.Error{Pos: at, Msg: fmt.Sprintf(
				"lmsgen will not write this file: %s is not a directory", shown)}
		case last && !fi.Mode().IsRegular():
			return &frontend.Error{Pos: at, Msg: "lmsgen will not write this file: it is not a regular file (remove it, or name another output)"}
		}
	}
	ok, err := generatedByLmsgen(path)
	if err != nil {
		return &frontend.Error{Pos: at, Msg: err.Error()}
	}
	if !ok {
		return &frontend.Error{Pos: at, Msg: fmt.Sprintf(
			"lmsgen will not overwrite %s: it is not a file lmsgen generated (no line %q before its code); if it may be replaced, delete it, or else choose another output (-o for the Go file, -cdir for the C sub-package)",
			filepath.Base(path), ir.Header())}
	}
	return nil
}

// generatedByLmsgen reports whether the file at path is lmsgen's: empty, or
// with lmsgen's header line among the comment and blank lines that start it,
// as go/ast.IsGenerated looks for a "Code generated" comment before the
// package clause (a C file's header is its first line; an explain page's
// is the same line in an HTML comment, explain.Header).
func generatedByLmsgen(path string) (bool, error) {
	f, err := os.Open(path)
	if err != nil {
		return false, err
	}
	defer f.Close()
	r := bufio.NewReader(io.LimitReader(f, 1<<16))
	for n := 0; ; n++ {
		line, err := r.ReadString('\n')
		if line == "" && err != nil {
			return n == 0, nil // an empty file holds nothing to lose
		}
		line = strings.TrimRight(line, "\r\n")
		switch {
		case line == ir.Header(), line == explain.Header():
			return true, nil
		case strings.TrimSpace(line) == "", strings.HasPrefix(line, "//"):
			continue
		}
		return false, nil
	}
}

// pending is an output on its way: its temporary, and what to restore if
// the run fails after replacing it.
type pending struct {
	output
	tmp     string
	old     []byte
	existed bool
}

// writeAll writes the outputs, all or none. A file whose content is
// unchanged is not rewritten (its modification time stays, so go build's
// cache and editors are not disturbed). Temporaries a killed run left
// beside the outputs are removed first.
func writeAll(outs []output) (err error) {
	sort.Slice(outs, func(i, j int) bool { return outs[i].path < outs[j].path })
	removeTemps(outs)
	var pend []*pending
	var made []string // directories created, outermost first
	defer func() {
		if err == nil {
			return
		}
		for _, p := range pend {
			if p.tmp != "" {
				os.Remove(p.tmp)
			}
		}
		for i := len(made) - 1; i >= 0; i-- {
			os.Remove(made[i]) // only if empty
		}
	}()
	for _, o := range outs {
		p := &pending{output: o}
		old, rerr := os.ReadFile(o.path)
		switch {
		case rerr == nil && bytes.Equal(old, o.data):
			continue
		case rerr == nil:
			p.old, p.existed = old, true
		case !errors.Is(rerr, os.ErrNotExist):
			return fmt.Errorf("writing %s: %w", o.path, rerr)
		}
		pend = append(pend, p)
		dirs, err := mkdirs(filepath.Dir(o.path))
		made = append(made, dirs...)
		if err != nil {
			return fmt.Errorf("writing %s: %w", o.path, err)
		}
		if p.tmp, err = writeTemp(o.path, o.data); err != nil {
			return fmt.Errorf("writing %s: %w", o.path, err)
		}
	}
	for i, p := range pend {
		if err := renameFile(p.tmp, p.path); err != nil {
			err = fmt.Errorf("writing %s: %w", p.path, err)
			if rerr := restore(pend[:i]); rerr != nil {
				err = fmt.Errorf("%w; and restoring the files already replaced: %v", err, rerr)
			} else if i > 0 {
				err = fmt.Errorf("%w (the files already replaced were restored)", err)
			}
			return err
		}
		p.tmp = ""
	}
	return nil
}

// restore puts back the files a failed run replaced: the old content, or
// no file where there was none.
func restore(done []*pending) error {
	var errs []error
	for _, p := range done {
		if !p.existed {
			if err := os.Remove(p.path); err != nil {
				errs = append(errs, err)
			}
			continue
		}
		tmp, err := writeTemp(p.path, p.old)
		if err == nil {
			err = renameFile(tmp, p.path)
			if err != nil {
				os.Remove(tmp)
			}
		}
		if err != nil {
			errs = append(errs, fmt.Errorf("%s: %w", p.path, err))
		}
	}
	return errors.Join(errs...)
}

// mkdirs creates dir and its missing parents, and returns those it
// created, outermost first.
func mkdirs(dir string) ([]string, error) {
	var missing []string
	for d := dir; ; d = filepath.Dir(d) {
		if _, err := os.Lstat(d); err == nil || filepath.Dir(d) == d {
			break
		}
		missing = append([]string{d}, missing...)
	}
	for i, d := range missing {
		if err := os.Mkdir(d, 0o755); err != nil && !errors.Is(err, os.ErrExist) {
			return missing[:i], err
		}
	}
	return missing, nil
}

// writeTemp writes data to a new temporary file beside path and returns
// its name.
func writeTemp(path string, data []byte) (string, error) {
	f, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+tempMark+"*")
	if err != nil {
		return "", err
	}
	tmp := f.Name()
	_, err = f.Write(data)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Chmod(tmp, 0o644)
	}
	if err != nil {
		os.Remove(tmp)
		return "", err
	}
	return tmp, nil
}

// removeTemps removes the temporaries of the outputs that an earlier,
// killed run left behind: .<name>.lmsgen-tmp<digits> beside each output.
func removeTemps(outs []output) {
	for _, o := range outs {
		prefix := "." + filepath.Base(o.path) + tempMark
		matches, _ := filepath.Glob(filepath.Join(filepath.Dir(o.path), escapeGlob(prefix)+"*"))
		for _, m := range matches {
			if digits(strings.TrimPrefix(filepath.Base(m), prefix)) {
				if fi, err := os.Lstat(m); err == nil && fi.Mode().IsRegular() {
					os.Remove(m)
				}
			}
		}
	}
}

func digits(s string) bool {
	if s == "" {
		return false
	}
	for _, c := range s {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}

// escapeGlob quotes the characters filepath.Match treats specially.
func escapeGlob(s string) string {
	var sb strings.Builder
	for _, c := range s {
		if strings.ContainsRune(`*?[\`, c) {
			sb.WriteByte('\\')
		}
		sb.WriteRune(c)
	}
	return sb.String()
}

// writeBroken keeps the unformatted text of an output that failed to
// format as <file>.broken, for a bug report (-d=broken).
func writeBroken(path string, data []byte) error {
	tmp, err := writeTemp(path+".broken", data)
	if err == nil {
		if err = renameFile(tmp, path+".broken"); err != nil {
			os.Remove(tmp)
		}
	}
	return err
}

// checkOutputFlags reports a -o or -cdir that names no place inside the
// package: -o must name a Go file (not a test) in the package directory, a
// bare file name or an absolute path (checked against the package
// directory once it is known); -cdir a sub-directory of it.
func checkOutputFlags(cfg *config) error {
	if o := cfg.output; o != "" {
		if c := filepath.Clean(o); !filepath.IsAbs(o) && (!filepath.IsLocal(c) || strings.ContainsAny(c, `/`+string(filepath.Separator))) {
			return fmt.Errorf("-o %s: name a file of the package directory (such as kernels_lms.go), without a directory", o)
		}
		if !strings.HasSuffix(o, ".go") || strings.HasSuffix(o, "_test.go") {
			return fmt.Errorf("-o %s: the Go output must be a .go file that is not a test (_test.go)", o)
		}
	}
	if c := filepath.Clean(cfg.cdir); !filepath.IsLocal(c) || c == "." {
		return fmt.Errorf("-cdir %s: the C sub-package must be a directory inside the package directory (such as lmsc)", cfg.cdir)
	}
	return nil
}
