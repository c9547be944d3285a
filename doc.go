// Package lmsgen is the root of the lmsgen module: a build-time specializer
// for Go in the style of Lightweight Modular Staging (LMS).
//
// # The pipeline
//
// lmsgen runs one table of stages, written once in package pipeline
// (pipeline/pipeline.go); the command, its -dump modes and the test
// harnesses all run it:
//
//	load       frontend.Open: go/packages, SSA, directives
//	evaluate   frontend.Evaluate: one ir.Graph per //lms:gen directive
//	graph      the graph passes (dce, ...), ir.Check after each with -d=check
//	schedule   sched.Run, sched.Verify after it with -d=check
//	facts      sched.FactsOf: what both emitters need of a schedule, once
//	emit go    gogen.File: <pkg>_lms.go
//	emit c     cgen.Files: <pkg>_lms.c, <pkg>_lms.h and the cgo bridge
//	emit tests internal/difftest.File: <pkg>_lms_test.go (-test)
//	write      every output atomically, or none if any stage failed
//
// lmsgen -d=passes prints every stage and graph pass with its time and
// node counts; -d=check runs the checkers (LMSGEN_CHECK=1 in tests).
//
// # Packages
//
// The command lives in cmd/lmsgen; the packages are laid out as in the
// design (DESIGN.md §2):
//
//	cmd/lmsgen   flags, package selection, output files, compare
//	pipeline     the table of stages from load to write
//	frontend     go/packages load, directives, go/ssa evaluation -> ir.Graph
//	stage        the Rep types and markers users import (no dependencies)
//	ir           graph IR, builder, effects, CSE, rewrites, DCE, printers, errors
//	sched        scheduling and code motion, compact inlining, transformer, emission facts
//	gogen        Go source from a schedule
//	cgen         C source with Go semantics, and the cgo bridge
//	internal     difftest: the differential tests of -test, the one driver of the
//	             tests too; test support: the corpus of graphs, the golden diff
//
// Dependencies point one way: ir imports only the standard library; sched
// only ir; gogen and cgen only ir and sched; pipeline the packages it
// runs; internal/difftest ir, sched, gogen and frontend; only frontend imports go/packages and go/ssa; only cmd/lmsgen
// calls os.Exit. This package holds no code; its tests enforce those
// dependencies.
package lmsgen
