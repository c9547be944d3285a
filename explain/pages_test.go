package explain_test

import (
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/lmsgen/lmsgen/explain"
	"github.com/lmsgen/lmsgen/frontend"
	"github.com/lmsgen/lmsgen/pipeline"
)

// explainOutputs runs the pipeline with -explain on an example package
// and returns its pages by their names relative to the package.
func explainOutputs(t *testing.T, example string) map[string]string {
	t.Helper()
	st, err := pipeline.Run(pipeline.Config{Load: frontend.Config{Dir: filepath.Join("..", "examples", example)}, Go: true, C: true, Explain: true})
	if err != nil {
		t.Fatal(err)
	}
	pages := map[string]string{}
	for _, o := range st.Outputs() {
		rel, err := filepath.Rel(o.Dir, o.Path)
		if err != nil {
			t.Fatal(err)
		}
		if rel == explain.FileName(example) || filepath.Dir(rel) == explain.DirName(example) {
			pages[filepath.ToSlash(rel)] = string(o.Data)
		}
	}
	return pages
}

var sectionRE = regexp.MustCompile(`(?s)<section class="spec" id="s\d+">.*?</section>\n`)

// TestPages checks the directory of pages of a package too big for one
// page (the limit lowered to make examples/power's seven specializations
// one): an index with a link per specialization and no section, and a
// page per specialization, self-contained, with lmsgen's header, its own
// section only, the same as on the single page, and links to the index
// and its neighbours; the same bytes on a second run.
func TestPages(t *testing.T) {
	one := explainOutputs(t, "power")
	page, ok := one[explain.FileName("power")]
	if len(one) != 1 || !ok {
		t.Fatalf("examples/power: pages %v, want the one page %s", keys(one), explain.FileName("power"))
	}
	sections := sectionRE.FindAllString(page, -1)
	if len(sections) != 7 {
		t.Fatalf("the page of examples/power has %d sections, want 7", len(sections))
	}

	restore := explain.SetMaxPage(1)
	defer restore()
	many := explainOutputs(t, "power")
	if again := explainOutputs(t, "power"); strings.Join(values(again), "") != strings.Join(values(many), "") {
		t.Error("two runs wrote different pages")
	}
	dir := explain.DirName("power")
	index, ok := many[dir+"/"+explain.IndexName]
	if len(many) != 8 || !ok {
		t.Fatalf("pages %v, want an index and 7 pages in %s", keys(many), dir)
	}
	if !strings.HasPrefix(index, explain.Header()+"\n") || strings.Contains(index, "<section") {
		t.Errorf("the index does not start with lmsgen's header, or has a section:\n%s", index)
	}
	links := regexp.MustCompile(`<td><a href="([^"]+)">`).FindAllStringSubmatch(index, -1)
	if len(links) != 7 {
		t.Fatalf("the index has %d links, want 7:\n%s", len(links), index)
	}
	for i, l := range links {
		p, ok := many[dir+"/"+l[1]]
		if !ok {
			t.Errorf("the index links to %s, which is not written", l[1])
			continue
		}
		if !strings.HasPrefix(p, explain.Header()+"\n<!DOCTYPE html>") || !strings.Contains(p, "<script>") || !strings.Contains(p, "<style>") {
			t.Errorf("%s is not a self-contained page of lmsgen's", l[1])
		}
		if got := sectionRE.FindAllString(p, -1); len(got) != 1 || got[0] != sections[i] {
			t.Errorf("%s does not hold exactly section %d of the single page", l[1], i)
		}
		if !strings.Contains(p, `<a href="index.html">`) {
			t.Errorf("%s does not link to the index", l[1])
		}
		if i > 0 && !strings.Contains(p, `<a href="`+links[i-1][1]+`" rel="prev">`) {
			t.Errorf("%s does not link to the page before it, %s", l[1], links[i-1][1])
		}
		if i+1 < len(links) && !strings.Contains(p, `<a href="`+links[i+1][1]+`" rel="next">`) {
			t.Errorf("%s does not link to the page after it, %s", l[1], links[i+1][1])
		}
	}
}

func keys(m map[string]string) []string {
	var ks []string
	for k := range m {
		ks = append(ks, k)
	}
	return ks
}

// values returns m's values in the order of their keys.
func values(m map[string]string) []string {
	ks := keys(m)
	slices.Sort(ks)
	vs := make([]string, len(ks))
	for i, k := range ks {
		vs[i] = m[k]
	}
	return vs
}
