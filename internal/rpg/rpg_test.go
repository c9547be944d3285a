package rpg

import (
	"os"
	"sync"
	"testing"
)

// sampleSeeds are the packages TestSample runs: a fixed sample, cheap
// enough for every go test ./... (each package is one lmsgen run, one
// build of a Go and a C test binary, go vet and the runs).
var sampleSeeds = []uint64{1}

// knownFailures lists (seed, specialization) pairs of the sample that
// fail on bugs reported but not yet fixed, with the bug. TestSample logs
// them instead of failing; remove an entry when its fix lands.
var knownFailures = map[uint64]map[string]string{}

var (
	checkerOnce sync.Once
	checker     *Checker
	runnerOnce  sync.Once
	runner      *Runner
	runnerErr   error
)

// sharedRunner builds lmsgen once per test process, in a module under a
// temporary directory that outlives the tests that use it.
func sharedRunner(t testing.TB) *Runner {
	t.Helper()
	runnerOnce.Do(func() {
		repo, err := FindRepo(".")
		if err != nil {
			runnerErr = err
			return
		}
		work, err := os.MkdirTemp("", "lmsrpg-test")
		if err != nil {
			runnerErr = err
			return
		}
		runner, runnerErr = NewRunner(repo, work)
	})
	if runnerErr != nil {
		t.Fatal(runnerErr)
	}
	return runner
}

func TestMain(m *testing.M) {
	code := m.Run()
	if runner != nil {
		os.RemoveAll(runner.Work)
	}
	os.Exit(code)
}

// TestSample runs the fixed sample through lmsgen -lang=go,c -test, the
// build, go vet, the direct comparison and the generated tests, and fails
// on any failure of lmsgen that is not a known one.
func TestSample(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs generated packages")
	}
	r := sharedRunner(t)
	var all []Result
	for _, seed := range sampleSeeds {
		res := r.Run(Generate(seed, DefaultConfig))
		all = append(all, res...)
		for _, x := range res {
			switch {
			case x.Class == Invalid:
				t.Errorf("seed %d %s: the generator or harness is at fault: %s", seed, x.Spec, x.Detail)
			case !x.Class.Failing():
			case knownFailures[seed][x.Spec] != "":
				t.Logf("seed %d %s: %s (known: %s)", seed, x.Spec, x.Class, knownFailures[seed][x.Spec])
			default:
				t.Errorf("seed %d %s: %s: %s\nreproduce: go run ./internal/rpg/cmd/lmsrpg -seeds=%d:%d", seed, x.Spec, x.Class, x.Detail, seed, seed)
			}
		}
	}
	t.Logf("\n%s", Summary(all))
	ok := 0
	for _, x := range all {
		if x.Class == OK {
			ok++
		}
	}
	if ok < len(all)/2 {
		t.Errorf("only %d of %d specializations ran: the sample tests little", ok, len(all))
	}
}
