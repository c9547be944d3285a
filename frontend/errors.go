package frontend

import (
	"go/token"

	"github.com/lmsgen/lmsgen/ir"
)

// This file is the positioned error type (shared with ir) and its
// constructor.

// Error is a mistake in the user's input: a malformed directive, a static
// value required where a Rep was found, a panic during static evaluation,
// an exceeded budget, ... It is the positioned error of every stage of
// lmsgen (see ir.Error).
type Error = ir.Error

// CallSite is one step of the chain of inlined calls that led to an error.
type CallSite = ir.CallSite

// ErrorList is a list of errors, returned by Open and Evaluate as one
// error.
type ErrorList = ir.ErrorList

func errorf(pos token.Position, format string, args ...any) *Error {
	return ir.Errorf(pos, format, args...)
}
