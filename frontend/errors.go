package frontend

import (
	"cmp"
	"fmt"
	"go/token"
	"slices"
	"strings"
)

// Error is a mistake in the user's input: a malformed directive, a static
// value required where a Rep was found, a panic during static evaluation,
// an exceeded budget, ... Pos is where it happened, in the user's source.
// For an error inside inlined calls, Chain lists the call sites from the
// innermost outwards.
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

// ErrorList is a list of errors, returned by Load as one error.
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

// sort orders the list by position and removes exact duplicates.
func (l ErrorList) sort() ErrorList {
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

// err returns l as an error, nil if it is empty.
func (l ErrorList) err() error {
	if len(l) == 0 {
		return nil
	}
	return l.sort()
}

func errorf(pos token.Position, format string, args ...any) *Error {
	return &Error{Pos: pos, Msg: fmt.Sprintf(format, args...)}
}
