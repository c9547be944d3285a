package gotests

import (
	"regexp"
	"strings"
)

// This file compares outputs up to the clock that package log writes.
// A program that logs with log's standard flags prints the date and time
// of its run on each line it logs: no two runs print the same, and the
// generated program, which logs when it runs (as the program does),
// prints its own. So a line of the native output with log's date and
// time (log.Ldate "2009/01/23 ", log.Ltime "01:23:23 ", with
// log.Lmicroseconds "01:23:23.123123 ") at its start, or after a prefix
// (log.SetPrefix), is compared without them if the staged output's line
// has the same prefix and the same fields there; everything else on the
// line, and every other line, is compared as is. Such a program is same,
// counted apart in the summary ("same up to the clock").

// clockRE matches log's date and time: the date, the time, or both, in
// log's order, each followed by a space.
var clockRE = regexp.MustCompile(`\d{4}/\d{2}/\d{2} (?:\d{2}:\d{2}:\d{2}(?:\.\d{6})? )?|\d{2}:\d{2}:\d{2}(?:\.\d{6})? `)

// digits replaces the digits of s by '#'.
func digits(s string) string {
	return strings.Map(func(r rune) rune {
		if r >= '0' && r <= '9' {
			return '#'
		}
		return r
	}, s)
}

// unclock returns want and got with log's date and time masked on every
// line where want has them (the first on the line) and got's line has
// the same text before them and the same fields, and the number of lines
// masked.
func unclock(want, got string) (string, string, int) {
	w, g := strings.Split(want, "\n"), strings.Split(got, "\n")
	n := 0
	for i := range min(len(w), len(g)) {
		loc := clockRE.FindStringIndex(w[i])
		if loc == nil {
			continue
		}
		pre, shape := w[i][:loc[0]], digits(w[i][loc[0]:loc[1]])
		if !strings.HasPrefix(g[i], pre) || len(g[i]) < loc[1] || digits(g[i][loc[0]:loc[1]]) != shape {
			continue
		}
		if m := clockRE.FindStringIndex(g[i][loc[0]:]); m == nil || m[0] != 0 || m[1] != loc[1]-loc[0] {
			continue // got has more or fewer fields there
		}
		w[i], g[i] = pre+shape+w[i][loc[1]:], pre+shape+g[i][loc[1]:]
		n++
	}
	return strings.Join(w, "\n"), strings.Join(g, "\n"), n
}
