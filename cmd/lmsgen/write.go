package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"sort"
)

// output is a file to write: all outputs of a run are computed first and
// written only if no error occurred, each atomically (a temporary file in
// the same directory, then a rename), so a failed run changes nothing and
// an interrupted one never leaves a half-written file.
type output struct {
	path string
	data []byte
}

// writeAll writes the outputs in path order. A file whose content is
// unchanged is not rewritten (its modification time stays, so go build's
// cache and editors are not disturbed).
func writeAll(outs []output) error {
	sort.Slice(outs, func(i, j int) bool { return outs[i].path < outs[j].path })
	for _, o := range outs {
		if old, err := os.ReadFile(o.path); err == nil && bytes.Equal(old, o.data) {
			continue
		}
		if err := writeAtomic(o.path, o.data); err != nil {
			return err
		}
	}
	return nil
}

func writeAtomic(path string, data []byte) error {
	dir := filepath.Dir(path)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	f, err := os.CreateTemp(dir, "."+filepath.Base(path)+".tmp*")
	if err != nil {
		return err
	}
	tmp := f.Name()
	_, werr := f.Write(data)
	cerr := f.Close()
	if werr == nil {
		werr = cerr
	}
	if werr == nil {
		werr = os.Chmod(tmp, 0o644)
	}
	if werr == nil {
		werr = os.Rename(tmp, path)
	}
	if werr != nil {
		os.Remove(tmp)
		return fmt.Errorf("writing %s: %w", path, werr)
	}
	return nil
}
