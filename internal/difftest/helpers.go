package difftest

// This file holds the helpers every generated test file shares,
// written into it verbatim.

// testHelpers are the helpers every generated test file shares.
const testHelpers = `
// lmsUnstage views a slice of a stage type as a slice of its underlying
// type: the same array, length and capacity; nil stays nil.
func lmsUnstage[T, E any](s []E) []T {
	if s == nil {
		return nil
	}
	return unsafe.Slice((*T)(unsafe.Pointer(unsafe.SliceData(s))), cap(s))[:len(s)]
}

// lmsClone copies a slice with its length, its capacity and the elements
// beyond its length (a call may reslice up to the capacity); nil stays
// nil.
func lmsClone[E any](s []E) []E {
	if s == nil {
		return nil
	}
	c := make([]E, cap(s))
	copy(c, s[:cap(s)])
	return c[:len(s)]
}

func lmsList(xs ...any) []any { return xs }

// lmsLen draws the length of a slice: up to 8 half of the time, otherwise
// a power of two from 8 to 256 or one off it, or any length from 9 to
// 256, so that a kernel that needs a block of 16 or 64 elements gets one.
func lmsLen(r *rand.Rand) int {
	switch r.IntN(4) {
	case 0, 1:
		return r.IntN(9)
	case 2:
		return 1<<(3+r.IntN(6)) + r.IntN(3) - 1
	}
	return 9 + r.IntN(248)
}

// lmsSlice draws a slice of length n, its elements drawn by elem; nil
// sometimes if nilOK (the code may tell it from an empty slice), and
// sometimes with spare capacity, drawn too (the code may reslice up to
// it).
func lmsSlice[E any](r *rand.Rand, n int, nilOK bool, elem func() E) []E {
	if nilOK && r.IntN(16) == 0 {
		return nil
	}
	c := n
	if r.IntN(4) == 0 {
		c += 1 + r.IntN(4)
	}
	s := make([]E, c)
	for i := range s {
		s[i] = elem()
	}
	return s[:n]
}

// lmsInt draws an integer of the given width: edge values often, small
// values often, any bits otherwise.
func lmsInt(r *rand.Rand, bits int, unsigned bool) uint64 {
	switch r.IntN(6) {
	case 0:
		edges := []uint64{0, 1, ^uint64(0), 1<<(bits-1) - 1, 1 << (bits - 1), 2}
		if unsigned {
			edges[3], edges[4] = ^uint64(0)>>(64-bits), 1<<(bits-1)
		}
		return edges[r.IntN(len(edges))]
	case 1, 2:
		return uint64(r.IntN(17) - 8)
	}
	return r.Uint64()
}

// lmsSmallInt draws an integer that may bound a staged loop: 0, 1 and -1
// often, otherwise uniform in [-4, 64] ([0, 64] if unsigned). The loop
// then runs a few dozen times, not 2⁶³, natively and generated alike.
func lmsSmallInt(r *rand.Rand, unsigned bool) uint64 {
	if unsigned {
		if r.IntN(4) == 0 {
			return uint64(r.IntN(2))
		}
		return uint64(r.IntN(65))
	}
	if r.IntN(4) == 0 {
		return uint64(r.IntN(3) - 1)
	}
	return uint64(r.IntN(69) - 4)
}

// lmsSmallFloat draws a float that may bound a staged loop: 0, 1, -1 and
// 0.5 often, otherwise uniform in [-4, 64), never infinite or NaN.
func lmsSmallFloat(r *rand.Rand) float64 {
	if r.IntN(4) == 0 {
		return []float64{0, 1, -1, 0.5}[r.IntN(4)]
	}
	return r.Float64()*68 - 4
}

// lmsRangeInt draws an integer in [lo, hi] (set by //lms:test): an edge
// (lmsEdge) often, uniform otherwise.
func lmsRangeInt(r *rand.Rand, lo, hi int64) int64 {
	if r.IntN(4) == 0 {
		return lmsEdge(r, lo, hi)
	}
	span := uint64(hi) - uint64(lo)
	if span == ^uint64(0) {
		return int64(r.Uint64())
	}
	return lo + int64(r.Uint64N(span+1))
}

// lmsRangeUint draws an unsigned integer in [lo, hi], as lmsRangeInt.
func lmsRangeUint(r *rand.Rand, lo, hi uint64) uint64 {
	if r.IntN(4) == 0 {
		return lmsEdge(r, lo, hi)
	}
	if hi-lo == ^uint64(0) {
		return r.Uint64()
	}
	return lo + r.Uint64N(hi-lo+1)
}

// lmsRangeFloat draws a float in [lo, hi], as lmsRangeInt.
func lmsRangeFloat(r *rand.Rand, lo, hi float64) float64 {
	if r.IntN(4) == 0 {
		return lmsEdge(r, lo, hi)
	}
	u := r.Float64()
	v := lo*(1-u) + hi*u
	if v < lo {
		v = lo
	}
	if v > hi {
		v = hi
	}
	return v
}

// lmsEdge returns lo, hi, or 0 or 1 if inside [lo, hi], at random.
func lmsEdge[T int64 | uint64 | float64](r *rand.Rand, lo, hi T) T {
	edges := []T{lo, hi}
	for _, x := range []T{0, 1} {
		if lo <= x && x <= hi {
			edges = append(edges, x)
		}
	}
	return edges[r.IntN(len(edges))]
}

func lmsFloat(r *rand.Rand) float64 {
	switch r.IntN(8) {
	case 0:
		edges := []float64{0, math.Copysign(0, -1), 1, -1, math.Inf(1), math.Inf(-1), math.NaN(), math.MaxFloat64, math.SmallestNonzeroFloat64}
		return edges[r.IntN(len(edges))]
	case 1, 2:
		return float64(r.IntN(17) - 8)
	}
	return r.NormFloat64() * math.Pow(10, float64(r.IntN(20)-10))
}

func lmsString(r *rand.Rand) string {
	const alphabet = "ab01 .:-@é"
	b := make([]byte, r.IntN(12))
	for i := range b {
		b[i] = alphabet[r.IntN(len(alphabet))]
	}
	return string(b)
}

// lmsMax returns the largest element of s (0 for an empty slice).
func lmsMax[E ~int | ~int8 | ~int16 | ~int32 | ~int64 | ~uint | ~uint8 | ~uint16 | ~uint32 | ~uint64 | ~uintptr | ~float32 | ~float64](s []E) float64 {
	m := 0.0
	for _, x := range s {
		if f := float64(x); f > m || f != f {
			m = f
		}
	}
	return m
}

// lmsBudget is the work budget of one call: a call that has not returned
// by then is abandoned (Go cannot stop it: it goes on in the background),
// and the input is skipped on both sides. After lmsMaxAbandoned such
// calls a test stops drawing inputs.
const (
	lmsBudget       = 2 * time.Second
	lmsMaxAbandoned = 4
)

// lmsAbandoned counts the calls abandoned so far.
var lmsAbandoned int

// lmsOutcome is what a call did: its results, its panic, what it printed
// to standard output and to standard error, and its arguments afterwards
// (slices are modified in place).
type lmsOutcome struct {
	results []any
	panic   string
	out     string
	errOut  string
	args    []any
	elapsed time.Duration
}

// lmsSlack is the time the function under test has for an input the
// reference took want.elapsed for: the work budget, and then some, since
// it may be slower (a C call costs more than a Go call). A call that has
// not returned by then is waited for until lmsPatience (see runTested).
func lmsSlack(want lmsOutcome) time.Duration { return lmsBudget + 20*want.elapsed }

// lmsPatience is how long a call of the function under test is waited
// for before it is abandoned.
func lmsPatience(want lmsOutcome) time.Duration { return lmsSlack(want) + 4*lmsBudget }

// lmsCapture is a file descriptor redirected into a pipe read in the
// background.
type lmsCapture struct {
	fd, saved int
	rd, wr    *os.File
	text      chan string
}

// lmsCaptureFd redirects file descriptor fd (1: Go's os.Stdout and C's
// stdout; 2: standard error, where print and println write) into a pipe.
func lmsCaptureFd(fd int) *lmsCapture {
	rd, wr, err := os.Pipe()
	if err != nil {
		panic(err)
	}
	saved, err := syscall.Dup(fd)
	if err != nil {
		panic(err)
	}
	if err := syscall.Dup3(int(wr.Fd()), fd, 0); err != nil {
		panic(err)
	}
	c := &lmsCapture{fd: fd, saved: saved, rd: rd, wr: wr, text: make(chan string, 1)}
	go func() {
		var buf [4096]byte
		var s []byte
		for {
			n, err := rd.Read(buf[:])
			s = append(s, buf[:n]...)
			if err != nil {
				break
			}
		}
		c.text <- string(s)
	}()
	return c
}

// restore gives the file descriptor back.
func (c *lmsCapture) restore() {
	syscall.Dup3(c.saved, c.fd, 0)
	syscall.Close(c.saved)
	c.wr.Close()
}

// read returns what was written, once restored and no call writes any
// more.
func (c *lmsCapture) read() string {
	s := <-c.text
	c.rd.Close()
	return s
}

// lmsRun calls f within the time budget, capturing what it writes to file
// descriptors 1 and 2 (Go's os.Stdout and C's stdout; standard error,
// where print and println write) and recovering its panic. It reports
// whether f returned (or panicked) in time; if not, the outcome says so
// as a panic.
func lmsRun(budget time.Duration, f func() []any) (o lmsOutcome, finished bool) {
	o, finished, _ = lmsRunPatient(budget, budget, f)
	return o, finished
}

// lmsRunPatient is lmsRun with a budget and a longer patience: a call that
// has not returned within the budget is late, and is waited for until the
// patience runs out.
func lmsRunPatient(budget, patience time.Duration, f func() []any) (o lmsOutcome, finished, late bool) {
	stdout, stderr := lmsCaptureFd(1), lmsCaptureFd(2)
	done := make(chan lmsOutcome, 1)
	go func() {
		var o lmsOutcome
		defer func() {
			if p := recover(); p != nil {
				o.panic = fmt.Sprint(p)
			}
			done <- o
		}()
		o.results = f()
	}()
	start := time.Now()
	timer := time.NewTimer(budget)
	select {
	case o = <-done:
		finished = true
	case <-timer.C:
		late = true
	}
	timer.Stop()
	if late && patience > budget {
		timer = time.NewTimer(patience - budget)
		select {
		case o = <-done:
			finished = true
		case <-timer.C:
		}
		timer.Stop()
	}
	if !finished {
		lmsAbandoned++
		wait := budget
		if patience > wait {
			wait = patience
		}
		o.panic = fmt.Sprintf("(did not return within %v)", wait)
	}
	o.elapsed = time.Since(start)
	stderr.restore()
	stdout.restore()
	if finished {
		o.out = stdout.read()
		o.errOut = stderr.read()
	}
	return o, finished, late
}

// lmsOrderShows reports whether the outcome of a call of a staging
// function that ranges over a static map depends on Go's random order:
// whether one of n more runs (run) differs from want.
func lmsOrderShows(want lmsOutcome, n int, run func() (lmsOutcome, bool)) bool {
	for i := 0; i < n; i++ {
		o, ok := run()
		if !ok || lmsDiff(o, want) != "" {
			return true
		}
	}
	return false
}

// lmsSummary counts what happened to the inputs of one test.
type lmsSummary struct {
	name        string
	inputs      int // to draw
	drawn       int
	completed   int // compared, the reference returned
	panicked    int // compared, the reference panicked
	goPanicked  int // the Go reference panicked: not run in C
	overBudget  int // the reference exceeded the work budget, or an input at least as large did (or the function under test was late on it)
	slow        int // C only: the function under test did not return within lmsPatience, the reference did
	orderShows  int // the outcome depends on a map's random order
	mismatches  int
	firstPanic  string
	over        [][]float64 // the sizes of the inputs over the budget
	abandonedAt int         // lmsAbandoned when the test started
	prints      bool        // the function writes to standard output or error
	c           bool        // the function under test is C, compared with Go
}

// dominated reports whether an input of the given size is at least as
// large, in every number its work grows with, as one that exceeded the
// work budget: it is skipped without running, and counted over budget.
func (s *lmsSummary) dominated(size []float64) bool {
	if len(size) == 0 {
		return false
	}
	for _, o := range s.over {
		at := true
		for i := range o {
			if size[i] < o[i] {
				at = false
			}
		}
		if at {
			s.overBudget++
			return true
		}
	}
	return false
}

func (s *lmsSummary) exceeded(size []float64) {
	s.overBudget++
	s.over = append(s.over, size)
}

// runTested calls the function under test, f, on an input of the given
// size on which the reference returned (want). A call that has not
// returned within lmsSlack(want) is late: it is waited for until
// lmsPatience(want), and compared if it returns; its size is recorded,
// so that the inputs at least as large are skipped without running,
// counted over the budget. A call that has not returned even then is
// abandoned. In Go, the generated function runs what the staging function
// runs, in the same runtime: that is a mismatch. In C it is not: C may be
// far slower than Go (it allocates on the heap what Go's escape analysis
// puts on the stack, and Go may optimize the work away: 100 to 700 times
// on rpg seed 5670 F62a), so the input is not compared, counted slow and
// logged (whether the C is slower or never ends, the test cannot tell).
// runTested reports whether the outcome is to be compared.
func (s *lmsSummary) runTested(t *testing.T, size []float64, want lmsOutcome, f func() []any) (lmsOutcome, bool) {
	t.Helper()
	got, finished, late := lmsRunPatient(lmsSlack(want), lmsPatience(want), f)
	if late && len(size) > 0 {
		s.over = append(s.over, size)
	}
	if finished || !s.c {
		return got, true
	}
	s.slow++
	if s.slow <= 5 {
		t.Logf("lms: %s%v: c did not return within %v, go returned in %v: not compared (counted slow)", s.name, want.args, got.elapsed.Round(time.Millisecond), want.elapsed)
	}
	return got, false
}

// stopped reports whether the test must draw no more inputs: too many
// calls are still running in the background, or one that may write into
// the output captured of the next calls (then the next tests run in
// processes of their own: see lmsIsolate).
func (s *lmsSummary) stopped() bool {
	n := lmsAbandoned - s.abandonedAt
	if s.prints && n > 0 {
		lmsPrinter = s.name
		return true
	}
	return n >= lmsMaxAbandoned
}

// lmsPrinter names the test whose call, abandoned over the work budget,
// may still be printing: the output this process captures is no longer
// that of the call under test alone.
var lmsPrinter string

// lmsIsolate runs the test t in a process of its own, and reports so, if
// a call that prints may still be running in this one.
func lmsIsolate(t *testing.T) bool {
	if lmsPrinter == "" || os.Getenv("LMS_ISOLATED") != "" {
		return false
	}
	t.Logf("lms: run in a process of its own: a call of %s over the work budget may still print in this one", lmsPrinter)
	cmd := exec.Command(os.Args[0], "-test.run=^"+t.Name()+"$", "-test.v")
	cmd.Env = append(os.Environ(), "LMS_ISOLATED=1")
	out, err := cmd.CombinedOutput()
	t.Logf("%s", out)
	if err != nil {
		t.Errorf("lms: %s in its own process: %v", t.Name(), err)
	}
	return true
}

func (s *lmsSummary) skipPanic(p string) {
	s.goPanicked++
	if s.firstPanic == "" {
		s.firstPanic = p
	}
}

func (s *lmsSummary) compared(want lmsOutcome) {
	if want.panic == "" {
		s.completed++
		return
	}
	s.panicked++
	if s.firstPanic == "" {
		s.firstPanic = want.panic
	}
}

// report logs the summary, and fails the test when fewer than a tenth of
// the inputs drawn ran to completion: then it tests almost nothing.
func (s *lmsSummary) report(t *testing.T) {
	t.Helper()
	t.Logf("lms: %s tried=%d mismatches=%d completed=%d panicked=%d skipped=%d over-budget=%d order-dependent=%d not-drawn=%d slow=%d",
		s.name, s.completed+s.panicked, s.mismatches, s.completed, s.panicked+s.goPanicked, s.goPanicked, s.overBudget, s.orderShows, s.inputs-s.drawn, s.slow)
	if n := lmsAbandoned - s.abandonedAt; s.drawn < s.inputs {
		t.Logf("lms: %s: stopped after %d inputs: %d calls exceeded the work budget (%v) and still run (a call that prints stops the test at once: it may print into the output of the next)", s.name, s.drawn, n, lmsBudget)
	}
	if s.completed*10 < s.drawn || s.drawn == 0 {
		why := ""
		if s.firstPanic != "" {
			why = fmt.Sprintf("; the first panic: %s", s.firstPanic)
		}
		t.Errorf("lms: %s tests nothing: only %d of %d inputs drawn ran to completion (%d panicked, %d over the work budget, %d order-dependent, %d slow)%s; set the inputs with //lms:test (see the README, -test)",
			s.name, s.completed, s.drawn, s.panicked+s.goPanicked, s.overBudget, s.orderShows, s.slow, why)
	}
}

func lmsDiff(got, want lmsOutcome) string {
	switch {
	case got.panic != want.panic:
		return fmt.Sprintf("panic %q, want %q", got.panic, want.panic)
	case got.out != want.out:
		return fmt.Sprintf("output %q, want %q", got.out, want.out)
	case got.errOut != want.errOut:
		return fmt.Sprintf("standard error %q, want %q", got.errOut, want.errOut)
	case !lmsEqualValue(reflect.ValueOf(got.results), reflect.ValueOf(want.results), false):
		return fmt.Sprintf("results %v, want %v", got.results, want.results)
	case !lmsEqualValue(reflect.ValueOf(got.args), reflect.ValueOf(want.args), true):
		return fmt.Sprintf("arguments after the call %v, want %v", got.args, want.args)
	}
	return ""
}

// lmsEqualValue compares values exactly, with NaN equal to NaN. With
// full, slices are compared up to their capacity (the arguments, copied
// with it, to which a call may write beyond their length); otherwise up to
// their length (the results: Go does not say how much append grows a
// slice).
func lmsEqualValue(a, b reflect.Value, full bool) bool {
	if a.IsValid() != b.IsValid() {
		return false
	}
	if !a.IsValid() {
		return true
	}
	if a.Kind() == reflect.Interface {
		return lmsEqualValue(a.Elem(), b.Elem(), full)
	}
	if a.Type() != b.Type() {
		return false
	}
	switch a.Kind() {
	case reflect.Float32, reflect.Float64:
		x, y := a.Float(), b.Float()
		return x == y && math.Signbit(x) == math.Signbit(y) || x != x && y != y
	case reflect.Complex64, reflect.Complex128:
		x, y := a.Complex(), b.Complex()
		return lmsEqualValue(reflect.ValueOf(real(x)), reflect.ValueOf(real(y)), full) &&
			lmsEqualValue(reflect.ValueOf(imag(x)), reflect.ValueOf(imag(y)), full)
	case reflect.Slice:
		if a.Len() != b.Len() {
			return false
		}
		if full {
			if a.Cap() != b.Cap() {
				return false
			}
			a, b = a.Slice(0, a.Cap()), b.Slice(0, b.Cap())
		}
		for i := 0; i < a.Len(); i++ {
			if !lmsEqualValue(a.Index(i), b.Index(i), full) {
				return false
			}
		}
		return true
	case reflect.Array:
		for i := 0; i < a.Len(); i++ {
			if !lmsEqualValue(a.Index(i), b.Index(i), full) {
				return false
			}
		}
		return true
	case reflect.Struct:
		for i := 0; i < a.NumField(); i++ {
			if !lmsEqualValue(a.Field(i), b.Field(i), full) {
				return false
			}
		}
		return true
	case reflect.Bool:
		return a.Bool() == b.Bool()
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return a.Int() == b.Int()
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		return a.Uint() == b.Uint()
	case reflect.String:
		return a.String() == b.String()
	}
	return reflect.DeepEqual(a.Interface(), b.Interface())
}
`
