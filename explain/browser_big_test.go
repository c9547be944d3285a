package explain_test

import (
	"path/filepath"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestBrowserBig opens the page of a specialization whose graph has about
// 2,000 nodes in nested blocks (testdata/big) and checks that it can be
// read: the whole drawing is fitted on load, the wheel zooms about the
// pointer, folding a block hides its nodes and unfolding shows them
// again, and clicking a node's source token centres the graph on its box
// at a size that can be read, with no error in the console.
func TestBrowserBig(t *testing.T) {
	exe := chromium(t)
	path, pages := pageAt(t, filepath.Join("testdata", "big"), "big")
	ctx, problems := open(t, exe)
	defer problems()
	if pages > 0 {
		if err := chromedp.Do(ctx, chromedp.Navigate("file://"+path), chromedp.WaitVisible(chromedp.CSS("table.index")),
			chromedp.Click(chromedp.CSS("table.index a"))); err != nil {
			t.Fatal(err)
		}
	} else if err := chromedp.Do(ctx, chromedp.Navigate("file://"+path)); err != nil {
		t.Fatal(err)
	}
	if err := chromedp.Do(ctx, chromedp.WaitVisible(chromedp.CSS("section.spec svg.g"))); err != nil {
		t.Fatal(err)
	}
	eval := func(js string) []float64 {
		t.Helper()
		v, err := chromedp.Run(ctx, chromedp.Evaluate[[]float64](js))
		if err != nil {
			t.Fatal(err)
		}
		return v
	}
	const svg = `document.querySelector("section.spec svg.g")`
	// Boxes drawn, boxes shown (not inside a folded block), blocks.
	const counts = `(() => {
		const g = ` + svg + `;
		const all = g.querySelectorAll("g.n");
		let shown = 0;
		all.forEach(n => { if (n.getBoundingClientRect().width > 0) shown++; });
		return [all.length, shown, g.querySelectorAll("text.fold").length];
	})()`
	c := eval(counts)
	if c[0] < 2000 || c[1] != c[0] || c[2] < 20 {
		t.Fatalf("boxes drawn, shown, foldable blocks: %v; want over 2,000 boxes, all shown, and the staged loops' blocks", c)
	}

	// Fitted on load: the drawing's box is inside the view.
	const inView = `(() => {
		const g = ` + svg + `, r = g.getBoundingClientRect(), bb = g.getBBox(), m = g.getScreenCTM();
		return [m.a * bb.x + m.e - r.left, r.right - (m.a * (bb.x + bb.width) + m.e),
			m.d * bb.y + m.f - r.top, r.bottom - (m.d * (bb.y + bb.height) + m.f)];
	})()`
	for i, m := range eval(inView) {
		if m < -1 {
			t.Errorf("on load the drawing overflows the view (margin %d: %.1f px)", i, m)
		}
	}

	// The wheel zooms in about the pointer: the view box shrinks by the
	// wheel's factor and the point under the pointer stays.
	const wheel = `(() => {
		const g = ` + svg + `, r = g.getBoundingClientRect();
		const before = g.getAttribute("viewBox").split(" ").map(Number);
		g.dispatchEvent(new WheelEvent("wheel", {deltaY: -100, clientX: r.left + r.width / 2, clientY: r.top + r.height / 2, bubbles: true, cancelable: true}));
		const after = g.getAttribute("viewBox").split(" ").map(Number);
		return [after[2] / before[2], (after[0] + after[2] / 2) - (before[0] + before[2] / 2)];
	})()`
	z := eval(wheel)
	if z[0] < 0.8 || z[0] > 0.86 || z[1]*z[1] > 1 {
		t.Errorf("a wheel step scaled the view box by %.3f and moved the point under the pointer by %.2f; want 1/1.2 about the pointer", z[0], z[1])
	}

	// Folding the first block hides the boxes inside it; unfolding shows
	// them again.
	const fold = `(() => {
		const f = ` + svg + `.querySelector("text.fold");
		f.dispatchEvent(new MouseEvent("click", {bubbles: true}));
		return 0;
	})()`
	eval(`[` + fold + `]`)
	folded := eval(counts)
	if folded[1] >= c[1] {
		t.Errorf("folding a block hid no box: %v shown before, %v after", c[1], folded[1])
	}
	eval(`[` + fold + `]`)
	if again := eval(counts); again[1] != c[1] {
		t.Errorf("unfolding the block shows %v boxes, want %v", again[1], c[1])
	}

	// A click on a source token centres the graph on the node's box, at a
	// size that can be read (its height at least 10 pixels), inside the
	// view.
	const focus = `(() => {
		const sec = document.querySelector("section.spec");
		for (const tok of sec.querySelectorAll(".col.source span.n[data-n]")) {
			const n = tok.getAttribute("data-n").split(" ")[0];
			const b = sec.querySelector('.col.graph g.n:not(.cl)[data-n="' + n + '"] > rect');
			if (!b) continue;
			tok.dispatchEvent(new MouseEvent("click", {bubbles: true}));
			const r = b.getBoundingClientRect(), v = sec.querySelector(".col.graph svg.g").getBoundingClientRect();
			return [r.height, r.left - v.left, v.right - r.right, r.top - v.top, v.bottom - r.bottom];
		}
		return [];
	})()`
	f := eval(focus)
	t.Logf("boxes %v; wheel %v; folded %v; focused box %v", c, z, folded, f)
	if len(f) != 5 {
		t.Fatal("no source token of a node drawn as a box")
	}
	if f[0] < 10 {
		t.Errorf("the focused box is %.1f px high: too small to read", f[0])
	}
	for i, m := range f[1:] {
		if m < 0 {
			t.Errorf("the focused box is outside the view (margin %d: %.1f px)", i, m)
		}
	}
}
