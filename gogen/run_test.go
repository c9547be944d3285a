package gogen_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// runMain writes the generated file src, in package main of module mod,
// beside a main.go of that package, runs it and returns its output.
func runMain(t *testing.T, mod, src, mainGo string) string {
	t.Helper()
	root, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	files := map[string]string{
		"go.mod":  "module " + mod + "\n\ngo 1.26\n\nrequire github.com/lmsgen/lmsgen v0.0.0\n\nreplace github.com/lmsgen/lmsgen => " + root + "\n",
		"gen.go":  src,
		"main.go": mainGo,
	}
	for name, text := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	cmd := exec.Command("go", "run", ".")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOWORK=off", "GOFLAGS=-mod=mod")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("go run: %v\n%s\n%s", err, out, src)
	}
	return string(out)
}
