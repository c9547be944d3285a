package rpg

import (
	"fmt"
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"os"
	"path/filepath"
	"strings"
	"sync"
)

// Checker type-checks generated staging packages in process, so that the
// generator's output and every candidate of the reducer is known to be
// valid Go before lmsgen sees it. It imports the stage package from the
// repository's source and the standard library from GOROOT's source.
type Checker struct {
	mu    sync.Mutex
	fset  *token.FileSet
	std   types.Importer
	stage *types.Package
	repo  string
}

// NewChecker returns a Checker for the repository at repo (the directory
// of lmsgen's go.mod).
func NewChecker(repo string) *Checker {
	fset := token.NewFileSet()
	return &Checker{fset: fset, std: importer.ForCompiler(fset, "source", nil), repo: repo}
}

// Import implements types.Importer.
func (c *Checker) Import(path string) (*types.Package, error) {
	if path != "github.com/lmsgen/lmsgen/stage" {
		return c.std.Import(path)
	}
	if c.stage != nil {
		return c.stage, nil
	}
	dir := filepath.Join(c.repo, "stage")
	ents, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	var files []*ast.File
	for _, e := range ents {
		n := e.Name()
		if !strings.HasSuffix(n, ".go") || strings.HasSuffix(n, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(c.fset, filepath.Join(dir, n), nil, 0)
		if err != nil {
			return nil, err
		}
		files = append(files, f)
	}
	conf := types.Config{Importer: c.std}
	p, err := conf.Check(path, c.fset, files, nil)
	if err != nil {
		return nil, err
	}
	c.stage = p
	return p, nil
}

// Check reports the first type error of src, a staging package, or nil.
func (c *Checker) Check(src string) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	f, err := parser.ParseFile(c.fset, "p.go", src, parser.ParseComments)
	if err != nil {
		return err
	}
	var first error
	conf := types.Config{Importer: c, Error: func(err error) {
		if first == nil {
			first = err
		}
	}}
	conf.Check("p", c.fset, []*ast.File{f}, nil)
	if first != nil {
		return fmt.Errorf("%v", first)
	}
	return nil
}

// FindRepo returns the root of the lmsgen module that contains dir.
func FindRepo(dir string) (string, error) {
	d, err := filepath.Abs(dir)
	if err != nil {
		return "", err
	}
	for {
		b, err := os.ReadFile(filepath.Join(d, "go.mod"))
		if err == nil && strings.HasPrefix(string(b), "module github.com/lmsgen/lmsgen\n") {
			return d, nil
		}
		parent := filepath.Dir(d)
		if parent == d {
			return "", fmt.Errorf("no github.com/lmsgen/lmsgen module above %s", dir)
		}
		d = parent
	}
}
