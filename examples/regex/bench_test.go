package regex

import (
	"regexp"
	"testing"

	"github.com/lmsgen/lmsgen/examples/internal/cputime"
	"github.com/lmsgen/lmsgen/stage"
)

// Benchmark names follow examples/README.md: Benchmark{Anchor,Alt,Native,
// GenGo,GenC}<kernel>. Anchor is a compiled *regexp.Regexp; Native is the
// staging function's interpreter with the pattern compiled once
// (Program.Match). Each benchmark matches one text that the pattern
// accepts.

var benchTexts = map[string]string{
	IPv4:    "192.168.122.254",
	Email:   "first.last+tag@mail.example.org",
	LogLine: "2024-05-17T09:26:53.589Z ERROR [db] query on replica 3 failed: dial tcp 10.0.0.7:5432: connection refused",
	APIPath: "10.1.2.3 - - [17/May/2024:09:26:53 +0000] \"POST /api/v2/order_items HTTP/1.1\" 201 512",
}

var sinkBool bool

func benchAnchor(b *testing.B, pattern string) {
	re, s := regexp.MustCompile(pattern), benchTexts[pattern]
	if !re.MatchString(s) {
		b.Fatalf("%q does not match %q", s, pattern)
	}
	defer cputime.Report(b)()
	for b.Loop() {
		sinkBool = re.MatchString(s)
	}
}

func benchNative(b *testing.B, pattern string) {
	p, s := MustCompile(pattern), stage.String(benchTexts[pattern])
	defer cputime.Report(b)()
	for b.Loop() {
		sinkBool = bool(p.Match(s))
	}
}

func BenchmarkAnchorMatchIPv4(b *testing.B)    { benchAnchor(b, IPv4) }
func BenchmarkAnchorMatchEmail(b *testing.B)   { benchAnchor(b, Email) }
func BenchmarkAnchorMatchLogLine(b *testing.B) { benchAnchor(b, LogLine) }
func BenchmarkAnchorMatchAPIPath(b *testing.B) { benchAnchor(b, APIPath) }

func BenchmarkNativeMatchIPv4(b *testing.B)    { benchNative(b, IPv4) }
func BenchmarkNativeMatchEmail(b *testing.B)   { benchNative(b, Email) }
func BenchmarkNativeMatchLogLine(b *testing.B) { benchNative(b, LogLine) }
func BenchmarkNativeMatchAPIPath(b *testing.B) { benchNative(b, APIPath) }
