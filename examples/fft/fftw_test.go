package fft

import (
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestFFTWAnchor builds and runs testdata/fftw_bench.c: lmsgen's C output
// for 1,024 points against FFTW (libfftw3). It checks that both compute the
// same transform and logs their times and ratio, the bar of issue 21
// (within 2× of FFTW), with CPU time beside wall-clock time. Without
// libfftw3 (its header) it skips with a message, unless LMSGEN_FFTW=1 (CI:
// .ci/run installs libfftw3-dev), where it fails. -short runs fewer rounds.
func TestFFTWAnchor(t *testing.T) {
	cc := "gcc"
	if env := os.Getenv("CC"); env != "" {
		cc = env
	}
	if _, err := exec.LookPath(cc); err != nil {
		t.Skipf("no C compiler (%s)", cc)
	}
	bin := filepath.Join(t.TempDir(), "fftw_bench")
	build := exec.Command(cc, "-std=c11", "-O2", "-o", bin, "testdata/fftw_bench.c", "lmsc/fft_lms.c", "-lfftw3", "-lm")
	if out, err := build.CombinedOutput(); err != nil {
		if strings.Contains(string(out), "fftw3.h") && os.Getenv("LMSGEN_FFTW") != "1" {
			t.Skipf("libfftw3 is not installed (apt-get install libfftw3-dev): the FFTW anchor does not run\n%s", out)
		}
		t.Fatalf("%s: %v\n%s", strings.Join(build.Args, " "), err, out)
	}
	args := []string{"15", "2000"}
	if testing.Short() {
		args = []string{"3", "200"}
	}
	out, err := exec.Command(bin, args...).CombinedOutput()
	if err != nil {
		t.Fatalf("%s: %v\n%s", bin, err, out)
	}
	t.Logf("FFT1024, lmsgen's C (-O2) against FFTW (FFTW_MEASURE):\n%s", out)
	vals := map[string]float64{}
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		f := strings.Fields(line)
		if len(f) >= 2 {
			v, err := strconv.ParseFloat(f[len(f)-1], 64)
			if err != nil {
				t.Fatalf("malformed line %q", line)
			}
			vals[f[0]] = v
		}
	}
	if d, ok := vals["maxdiff"]; !ok || !(d < 1e-12) {
		t.Errorf("lmsgen's FFT1024 and FFTW's differ: max |difference| / max |value| = %v, want < 1e-12", vals["maxdiff"])
	}
	for _, k := range []string{"ratio_cpu", "ratio_wall"} {
		if _, ok := vals[k]; !ok {
			t.Errorf("no %s in the output", k)
		}
	}
}
