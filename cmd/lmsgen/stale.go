package main

import (
	"errors"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/lmsgen/lmsgen/explain"
)

// This file removes the explanation a package no longer has: a package's
// explanation is one page (<pkg>_lms_explain.html) or, when it is big, a
// directory of pages (<pkg>_lms_explain/), and writing one form removes
// the other, as well as the pages of the directory the run did not write
// (a specialization gone). Only files lmsgen wrote are removed (their
// first line is explain.Header, checked as for an overwrite); a file of
// the user's, a symbolic link or a sub-directory is left alone, and so is
// the directory unless it is then empty.

// staleExplain returns the explanation files that the outputs replace in
// another form, sorted: for a page, the directory's pages; for a
// directory, the page and the directory's pages not among the outputs.
func staleExplain(outs []output) []string {
	written := map[string]bool{}
	for _, o := range outs {
		written[o.path] = true
	}
	stale := map[string]bool{}
	for _, o := range outs {
		dir, base := filepath.Split(o.path)
		dir = filepath.Clean(dir)
		switch {
		case strings.HasSuffix(base, "_lms_explain.html"):
			pkg := strings.TrimSuffix(base, "_lms_explain.html")
			for _, p := range ownedPages(filepath.Join(dir, explain.DirName(pkg))) {
				stale[p] = true
			}
		case base == explain.IndexName && strings.HasSuffix(filepath.Base(dir), "_lms_explain"):
			pkg := strings.TrimSuffix(filepath.Base(dir), "_lms_explain")
			page := filepath.Join(filepath.Dir(dir), explain.FileName(pkg))
			if owns(page) {
				stale[page] = true
			}
			for _, p := range ownedPages(dir) {
				if !written[p] {
					stale[p] = true
				}
			}
		}
	}
	paths := make([]string, 0, len(stale))
	for p := range stale {
		paths = append(paths, p)
	}
	sort.Strings(paths)
	return paths
}

// ownedPages returns the .html files lmsgen wrote in dir, if dir is a
// real directory.
func ownedPages(dir string) []string {
	if fi, err := os.Lstat(dir); err != nil || !fi.IsDir() {
		return nil
	}
	matches, _ := filepath.Glob(filepath.Join(escapeGlob(dir), "*.html"))
	var pages []string
	for _, m := range matches {
		if owns(m) {
			pages = append(pages, m)
		}
	}
	return pages
}

// owns reports whether path is a regular file lmsgen wrote.
func owns(path string) bool {
	fi, err := os.Lstat(path)
	if err != nil || !fi.Mode().IsRegular() {
		return false
	}
	ok, err := generatedByLmsgen(path)
	return err == nil && ok && fi.Size() > 0
}

// removeStale removes the stale files, then each directory of theirs left
// empty.
func removeStale(paths []string) error {
	var errs []error
	dirs := map[string]bool{}
	for _, p := range paths {
		if err := os.Remove(p); err != nil && !errors.Is(err, os.ErrNotExist) {
			errs = append(errs, err)
		}
		dirs[filepath.Dir(p)] = true
	}
	for d := range dirs {
		if strings.HasSuffix(d, "_lms_explain") {
			os.Remove(d) // only if empty
		}
	}
	return errors.Join(errs...)
}
