// Tests and benchmarks of the generated Go code (regex_lms.go).

package regex

import (
	"math/rand/v2"
	"regexp"
	"strings"
	"testing"

	"github.com/lmsgen/lmsgen/examples/internal/cputime"
)

// matcher is a generated matcher and its pattern.
type matcher struct {
	pattern string
	fn      func(string) bool
}

var genGo = []matcher{{IPv4, MatchIPv4}, {Email, MatchEmail}, {LogLine, MatchLogLine}, {APIPath, MatchAPIPath}}

// checkMatchers compares each generated matcher with regexp (which the
// staging function agrees with, see regex_test.go) on the benchmark text
// and on random texts made of pieces of it.
func checkMatchers(t *testing.T, lang string, ms []matcher) {
	t.Helper()
	r := rand.New(rand.NewPCG(7, 8))
	for _, m := range ms {
		re := regexp.MustCompile(m.pattern)
		text := benchTexts[m.pattern]
		texts := []string{"", text, text[1:], text[:len(text)-1], text + "x", "x" + text, strings.ToUpper(text)}
		for range 3000 {
			var b strings.Builder
			for range r.IntN(6) {
				i := r.IntN(len(text))
				b.WriteString(text[i : i+r.IntN(len(text)-i)+1])
			}
			texts = append(texts, b.String())
		}
		for _, s := range texts {
			if got, want := m.fn(s), re.MatchString(s); got != want {
				t.Errorf("%s matcher of %q on %q = %v, regexp = %v", lang, m.pattern, s, got, want)
			}
		}
	}
}

func TestGeneratedGo(t *testing.T) { checkMatchers(t, "Go", genGo) }

func benchMatcher(b *testing.B, m matcher) {
	s := benchTexts[m.pattern]
	defer cputime.Report(b)()
	for b.Loop() {
		sinkBool = m.fn(s)
	}
}

func BenchmarkGenGoMatchIPv4(b *testing.B)    { benchMatcher(b, genGo[0]) }
func BenchmarkGenGoMatchEmail(b *testing.B)   { benchMatcher(b, genGo[1]) }
func BenchmarkGenGoMatchLogLine(b *testing.B) { benchMatcher(b, genGo[2]) }
func BenchmarkGenGoMatchAPIPath(b *testing.B) { benchMatcher(b, genGo[3]) }
