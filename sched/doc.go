// Package sched turns an ir.Graph back into nested blocks of ordered
// statements: it decides, for every block, which nodes run in it and in
// which order (code motion), and which nodes are emitted inline at their
// single use. Emitters walk Schedule.Nodes of the top-level block and, for
// each node with blocks, recurse into Schedule.Nodes of those blocks.
//
// The full design is described below in later revisions of this file; see
// the phase files (phase_*.go) for each step.
package sched
