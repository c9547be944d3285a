package frontend

// Generated is what the pipeline made for a package: its Go file and,
// when asked for, its differential test (package internal/difftest, as
// lmsgen -test writes it).
type Generated struct {
	Go, Test []byte
}

// RunPipeline runs the pipeline's table (package pipeline) on cfg's
// packages with every checker on (ir.Check after each graph pass,
// sched.Verify after scheduling), through the Go output and, with tests,
// the differential tests: it returns the packages, their graphs after
// the graph passes, and what was generated for each package.
// pipeline_test.go, in package frontend_test, sets it: that package may
// import package pipeline (which imports frontend), where this package's
// own tests may not.
var RunPipeline func(cfg Config, tests bool) (*Result, map[*Package]Generated, error)

// LoopStages runs the pipeline on the package of cfg and returns, per
// specialization, its graph as built (after DCE: the smart constructors
// of the collection functions applied) and after loop fusion, and the
// Go, C and test outputs (set by loops_stages_ext_test.go).
var LoopStages func(cfg Config) (graphs map[string][2][]byte, outs []StageOutput, err error)

// StageOutput is a file LoopStages made.
type StageOutput struct {
	Path string
	Data []byte
}
