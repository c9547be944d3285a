// Package lmsgen is the root of the lmsgen module: a build-time specializer
// for Go in the style of Lightweight Modular Staging (LMS).
//
// The command lives in cmd/lmsgen; the packages are laid out as in the
// design (DESIGN.md §2):
//
//	cmd/lmsgen   flags, package selection, output files, compare
//	frontend     go/packages load, directives, go/ssa evaluation -> ir.Graph
//	stage        the Rep types and markers users import (no dependencies)
//	ir           graph IR, builder, effects, CSE, rewrites, DCE, printers
//	sched        scheduling and code motion, compact inlining, transformer
//	gogen        Go source from a schedule
//	cgen         C source with Go semantics, and the cgo bridge
//
// This package holds no code; its tests enforce the one-way dependencies
// between the packages above.
package lmsgen
