package ir

import (
	"cmp"
	"fmt"
	"go/token"
	"path/filepath"
	"slices"
	"strings"
)

// Error is a mistake in the user's input, found by any stage of lmsgen (a
// malformed directive, a static value required where a Rep was found, a
// construct C cannot express, ...). Pos is where it happened, in the
// user's source. For an error inside inlined calls, Chain lists the call
// sites from the innermost outwards.
type Error struct {
	Pos   token.Position
	Msg   string
	Chain []CallSite
}

// CallSite is one step of the chain of inlined calls that led to an error:
// the position of a call, and the function that made it.
type CallSite struct {
	Pos    token.Position
	Caller string
}

// Errorf returns an error at pos.
func Errorf(pos token.Position, format string, args ...any) *Error {
	return &Error{Pos: pos, Msg: fmt.Sprintf(format, args...)}
}

// Error formats the error as "file:line:col: message", followed by one
// indented line per call site: "\tfile:line:col: called from F".
func (e *Error) Error() string {
	var sb strings.Builder
	if e.Pos.IsValid() {
		sb.WriteString(e.Pos.String())
		sb.WriteString(": ")
	}
	sb.WriteString(e.Msg)
	for _, c := range e.Chain {
		sb.WriteString("\n\t")
		if c.Pos.IsValid() {
			sb.WriteString(c.Pos.String())
			sb.WriteString(": ")
		}
		sb.WriteString("called from ")
		sb.WriteString(c.Caller)
	}
	return sb.String()
}

// Relative returns e with its file names relative to dir when they are
// inside it, as the go command prints them.
func (e *Error) Relative(dir string) *Error {
	c := *e
	c.Pos.Filename = relPath(dir, c.Pos.Filename)
	c.Chain = slices.Clone(e.Chain)
	for i := range c.Chain {
		c.Chain[i].Pos.Filename = relPath(dir, c.Chain[i].Pos.Filename)
	}
	return &c
}

func relPath(dir, name string) string {
	if dir == "" || !filepath.IsAbs(name) {
		return name
	}
	if r, err := filepath.Rel(dir, name); err == nil && !strings.HasPrefix(r, "..") {
		return r
	}
	return name
}

// ErrorList is a list of errors, returned as one error.
type ErrorList []*Error

func (l ErrorList) Error() string {
	var sb strings.Builder
	for i, e := range l {
		if i > 0 {
			sb.WriteByte('\n')
		}
		sb.WriteString(e.Error())
	}
	return sb.String()
}

// Sort orders the list by position and removes duplicates: each distinct
// error (message and call chain) once per source position.
func (l ErrorList) Sort() ErrorList {
	slices.SortStableFunc(l, func(a, b *Error) int {
		if c := cmp.Compare(a.Pos.Filename, b.Pos.Filename); c != 0 {
			return c
		}
		if c := cmp.Compare(a.Pos.Line, b.Pos.Line); c != 0 {
			return c
		}
		return cmp.Compare(a.Pos.Column, b.Pos.Column)
	})
	return slices.CompactFunc(l, func(a, b *Error) bool { return a.Error() == b.Error() })
}

// Err returns the sorted list as an error, nil if it is empty.
func (l ErrorList) Err() error {
	if len(l) == 0 {
		return nil
	}
	return l.Sort()
}
