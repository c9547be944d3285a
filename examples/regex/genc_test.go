//go:build cgo

// Tests and benchmarks of the generated C code through its cgo bridge
// (lmsc/).

package regex

import (
	"testing"

	"github.com/lmsgen/lmsgen/examples/regex/lmsc"
)

var genC = []matcher{{IPv4, lmsc.MatchIPv4}, {Email, lmsc.MatchEmail}, {LogLine, lmsc.MatchLogLine}, {APIPath, lmsc.MatchAPIPath}}

func TestGeneratedC(t *testing.T) { checkMatchers(t, "C", genC) }

func BenchmarkGenCMatchIPv4(b *testing.B)    { benchMatcher(b, genC[0]) }
func BenchmarkGenCMatchEmail(b *testing.B)   { benchMatcher(b, genC[1]) }
func BenchmarkGenCMatchLogLine(b *testing.B) { benchMatcher(b, genC[2]) }
func BenchmarkGenCMatchAPIPath(b *testing.B) { benchMatcher(b, genC[3]) }
