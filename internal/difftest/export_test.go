package difftest

// LoopBounds is loopBounds, for the tests of package difftest_test (which
// run the pipeline: it imports this package).
var LoopBounds = loopBounds
