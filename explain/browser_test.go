package explain_test

import (
	"context"
	"flag"
	"fmt"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/lmsgen/lmsgen/explain"
	"github.com/lmsgen/lmsgen/frontend"
	"github.com/lmsgen/lmsgen/pipeline"
)

var screenshots = flag.Bool("screenshots", false, "write the screenshots of the browser test into docs/ (the README shows them)")

// browser returns the path of a Chromium to drive, or "" if there is
// none.
func browser() string {
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome", "headless-shell"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	return ""
}

// chromium returns the Chromium to drive, or skips the test: when none
// is installed (except under CI, LMSGEN_BROWSER=1, where it fails) and
// in -short mode (the tests run the pipeline and a browser).
func chromium(t *testing.T) string {
	t.Helper()
	exe := browser()
	if exe == "" {
		if os.Getenv("LMSGEN_BROWSER") == "1" {
			t.Fatal("LMSGEN_BROWSER=1 but no Chromium on PATH (apt-get install chromium)")
		}
		t.Skip("no Chromium on PATH: the page is not tested in a browser (apt-get install chromium; .ci/run does, and requires this test)")
	}
	if testing.Short() {
		t.Skip("runs the pipeline and a browser")
	}
	return exe
}

// pageOf runs the pipeline with -explain on an example package, writes
// its pages into a temporary directory as lmsgen writes them into the
// package's, and returns the path of the page to open: the package's
// page, or the index of its directory of pages, and the number of pages
// of specializations.
func pageOf(t *testing.T, example string) (string, int) {
	t.Helper()
	return pageAt(t, filepath.Join("..", "examples", example), example)
}

// pageAt is pageOf for the package name in dir.
func pageAt(t *testing.T, dir, example string) (string, int) {
	t.Helper()
	st, err := pipeline.Run(pipeline.Config{Load: frontend.Config{Dir: dir}, Go: true, C: true, Explain: true})
	if err != nil {
		t.Fatal(err)
	}
	tmp := t.TempDir()
	open, pages := "", 0
	for _, o := range st.Outputs() {
		rel, err := filepath.Rel(o.Dir, o.Path)
		if err != nil {
			t.Fatal(err)
		}
		switch {
		case rel == explain.FileName(example):
			open = rel
		case filepath.Dir(rel) == explain.DirName(example):
			pages++
			if filepath.Base(rel) == explain.IndexName {
				open, pages = rel, pages-1
			}
		default:
			continue
		}
		path := filepath.Join(tmp, rel)
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, o.Data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if open == "" {
		t.Fatalf("no page among the outputs of examples/%s", example)
	}
	return filepath.Join(tmp, open), pages
}

// columns are the columns of a section that must show a node.
var columns = []string{"source", "graph", "pass", "schedule", "go", "c"}

// TestBrowser opens the pages of examples/fft (a directory of pages, one
// per specialization, forced by a small page limit: it follows the
// index's first link) and
// examples/regex (one page) in headless Chromium, clicks a node's source
// token and then its box in the graph, and checks that each click
// highlights the node in every column, with no error or exception in the
// console. It is skipped when
// no Chromium is installed, except under CI (LMSGEN_BROWSER=1, which
// .ci/run sets after installing Chromium), where it fails.
func TestBrowser(t *testing.T) {
	exe := chromium(t)
	for _, example := range []string{"fft", "regex"} {
		t.Run(example, func(t *testing.T) { drive(t, exe, example) })
	}
}

func drive(t *testing.T, exe, example string) {
	if example == "fft" {
		// fft's explanation fits one page since its AoS kernels
		// vectorize (session 9): a page per specialization is forced,
		// so that this layout is driven too.
		defer explain.SetMaxPage(1)()
	}
	path, pages := pageOf(t, example)
	if want := map[string]int{"fft": 9, "regex": 0}[example]; pages != want {
		t.Fatalf("examples/%s: %d pages of specializations, want %d (fft gets a page per specialization, regex one page)", example, pages, want)
	}
	ctx, problems := open(t, exe)
	defer problems()

	// The first node of the first section that every column shows, drawn
	// as a box (not a node with blocks).
	const pick = `(() => {
		const sec = document.querySelector("section.spec");
		const cols = %q.split(" ");
		for (const line of sec.querySelectorAll(".col.go .ln.n")) {
			const n = line.getAttribute("data-n").split(" ")[0];
			const sel = '[data-n~="' + n + '"]';
			if (cols.every(c => sec.querySelector(".col." + c + " " + sel)) && sec.querySelector('.col.graph g.n:not(.cl)[data-n="' + n + '"]')) {
				return n;
			}
		}
		return "";
	})()`
	// count returns, per column, how many elements are highlighted.
	const count = `(() => {
		const sec = document.querySelector("section.spec");
		return %q.split(" ").map(c => sec.querySelectorAll(".col." + c + " .hl").length);
	})()`
	if pages > 0 {
		// The index: a link per specialization, and no section. Its
		// first link opens the first specialization's page, which has
		// its section only, and links to the index and the next page.
		const links = `[document.querySelectorAll("table.index a").length, document.querySelectorAll("section.spec").length]`
		if err := chromedp.Do(ctx, chromedp.Navigate("file://"+path), chromedp.WaitVisible(chromedp.CSS("table.index"))); err != nil {
			t.Fatal(err)
		}
		got, err := chromedp.Run(ctx, chromedp.Evaluate[[]int](links))
		if err != nil {
			t.Fatal(err)
		}
		if len(got) != 2 || got[0] != pages || got[1] != 0 {
			t.Fatalf("the index has %v links and sections, want %d links and no section", got, pages)
		}
		if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS("table.index a")), chromedp.WaitVisible(chromedp.CSS("section.spec svg.g"))); err != nil {
			t.Fatal(err)
		}
		const page = `[document.querySelectorAll("section.spec").length, document.querySelectorAll('nav a[href="index.html"]').length, document.querySelectorAll('nav a[rel="next"]').length]`
		got, err = chromedp.Run(ctx, chromedp.Evaluate[[]int](page))
		if err != nil {
			t.Fatal(err)
		}
		if len(got) != 3 || got[0] != 1 || got[1] != 1 || got[2] != 1 {
			t.Fatalf("the first specialization's page has %v sections, links to the index and to the next page; want one of each", got)
		}
	} else if err := chromedp.Do(ctx, chromedp.Navigate("file://"+path), chromedp.WaitVisible(chromedp.CSS("section.spec svg.g"))); err != nil {
		t.Fatal(err)
	}
	// On load, each graph is fitted to its view and centred in it: the
	// margins between its drawing and the view's edges (left, right, top,
	// bottom, in pixels) are not negative and equal on each axis.
	const margins = `(() => {
		const svg = document.querySelector("section.spec svg.g");
		const r = svg.getBoundingClientRect(), bb = svg.getBBox(), m = svg.getScreenCTM();
		const x0 = m.a * bb.x + m.e, y0 = m.d * bb.y + m.f;
		const x1 = m.a * (bb.x + bb.width) + m.e, y1 = m.d * (bb.y + bb.height) + m.f;
		return [x0 - r.left, r.right - x1, y0 - r.top, r.bottom - y1];
	})()`
	mg, err := chromedp.Run(ctx, chromedp.Evaluate[[]float64](margins))
	if err != nil {
		t.Fatal(err)
	}
	if len(mg) != 4 || mg[0] < -1 || mg[1] < -1 || mg[2] < -1 || mg[3] < -1 || math.Abs(mg[0]-mg[1]) > 2 || math.Abs(mg[2]-mg[3]) > 2 {
		t.Errorf("the graph is not fitted and centred on load: margins left, right, top, bottom %.1f", mg)
	}
	node, err := chromedp.Run(ctx, chromedp.Evaluate[string](fmt.Sprintf(pick, strings.Join(columns, " "))))
	if err != nil {
		t.Fatal(err)
	}
	if node == "" {
		t.Fatal("no node of the first section is shown in every column")
	}
	check := func(what string) {
		t.Helper()
		counts, err := chromedp.Run(ctx, chromedp.Evaluate[[]int](fmt.Sprintf(count, strings.Join(columns, " "))))
		if err != nil {
			t.Fatal(err)
		}
		for i, c := range columns {
			if counts[i] == 0 {
				t.Errorf("%s: after clicking x%s, nothing is highlighted in the %s column", what, node, c)
			}
		}
	}
	token := fmt.Sprintf(`section.spec .col.source span.n[data-n~="%s"]`, node)
	box := fmt.Sprintf(`section.spec .col.graph g.n[data-n="%s"] > rect`, node)
	if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS(token))); err != nil {
		t.Fatal(err)
	}
	check("the source token")
	// The click centred the graph on the node: click its box, after
	// clearing the highlight, for the same check from the graph.
	if err := chromedp.Do(ctx,
		chromedp.Evaluate[chromedp.Void](`document.querySelectorAll(".hl").forEach(e => e.classList.remove("hl"))`),
		chromedp.Click(chromedp.CSS(box))); err != nil {
		t.Fatal(err)
	}
	check("the graph's box")

	png, err := chromedp.Run(ctx, chromedp.CaptureScreenshot())
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	if *screenshots {
		dir = filepath.Join("..", "docs")
	}
	if err := os.WriteFile(filepath.Join(dir, "explain-"+example+".png"), png, 0o644); err != nil {
		t.Fatal(err)
	}
}

// open starts Chromium with a tab and watches its console. The function
// it returns, deferred, stops the browser and reports the console's
// errors and warnings and the uncaught exceptions as test errors.
func open(t *testing.T, exe string) (context.Context, func()) {
	t.Helper()
	opts := append(chromedp.DefaultExecAllocatorOptions[:], chromedp.ExecPath(exe), chromedp.NoSandbox,
		chromedp.DisableGPU, chromedp.WindowSize(1600, 1300))
	actx, cancelA := chromedp.NewExecAllocator(context.Background(), opts...)
	ctx, cancelC := chromedp.NewContext(actx)
	ctx, cancelT := context.WithTimeout(ctx, 3*time.Minute)
	cancel := func() { cancelT(); cancelC(); cancelA() }
	if err := chromedp.Do(ctx); err != nil { // starts the browser and its tab
		cancel()
		t.Fatal(err)
	}
	cctx, stop := context.WithCancel(ctx)
	var problems []string
	done := make(chan struct{})
	messages := chromedp.Console(cctx)
	go func() {
		defer close(done)
		for m, err := range messages {
			if err != nil {
				return
			}
			if m.IsException() || m.Type == chromedp.ConsoleError || m.Type == chromedp.ConsoleWarning {
				problems = append(problems, m.String())
			}
		}
	}()
	return ctx, func() {
		stop()
		<-done
		cancel()
		for _, p := range problems {
			t.Errorf("console: %s", p)
		}
	}
}
