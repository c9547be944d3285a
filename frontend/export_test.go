package frontend

// RunPipeline runs the pipeline's table (package pipeline) on cfg's
// packages with every checker on (ir.Check after each graph pass,
// sched.Verify after scheduling), through the Go output: it returns the
// packages, their graphs after the graph passes, and the Go file of each
// package. pipeline_test.go, in package frontend_test, sets it: that
// package may import package pipeline (which imports frontend), where
// this package's own tests may not.
var RunPipeline func(cfg Config) (*Result, map[*Package][]byte, error)
