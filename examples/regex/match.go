// Package regex stages a regular-expression matcher: given the pattern at
// build time, it leaves a matcher for that pattern alone, the idea of the
// LMS regex tutorial (a matcher written as an interpreter becomes a
// compiler when the pattern is static).
//
// The interpreter is Program.Match: it walks the automaton of the pattern
// over the bytes of the text. Everything about the pattern (parsing, the
// NFA, its determinization, the layout of states) is static and runs at
// generation time; the text is dynamic. Staged, each state becomes a few
// comparisons on the current byte, a state that loops on itself becomes a
// loop, and the states reached from several places become staged functions
// (stage.Fun) that call one another: a DFA compiled to code, as re2c would
// write it. Called directly, the same code runs the DFA as an interpreter,
// which is the oracle of the tests.
//
// Match agrees with regexp.MatchString on every valid UTF-8 text: it
// reports whether the text contains a match. (On invalid UTF-8, where Go's
// regexp decodes each bad byte as U+FFFD, . and negated classes may differ.)
package regex

import "github.com/lmsgen/lmsgen/stage"

//go:generate go run github.com/lmsgen/lmsgen/cmd/lmsgen -lang=go,c

// Patterns of the generated matchers.
const (
	// IPv4 is a dotted-quad address with octets 0..255, whole text.
	IPv4 = `^(25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9]?[0-9])(\.(25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9]?[0-9])){3}$`

	// Email is an e-mail-like address, whole text.
	Email = `^[a-zA-Z0-9._%+-]+@[a-zA-Z0-9-]+(\.[a-zA-Z0-9-]+)*\.[a-zA-Z]{2,}$`

	// LogLine is a timestamped error or warning line whose message mentions
	// a timeout or a refused connection.
	LogLine = `^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z (ERROR|WARN) \[[a-z]+\] .*(timeout|refused)`

	// APIPath finds a versioned API request anywhere in the text.
	APIPath = `(GET|POST|PUT|DELETE) /api/v[0-9]+/[a-z_]+`
)

// Match reports whether s contains a match of pattern, as
// regexp.MatchString(pattern, s) does. The pattern is static: it is
// compiled at generation time and only the matcher is generated.
//
//lms:gen MatchIPv4 pattern=IPv4
//lms:gen MatchEmail pattern=Email
//lms:gen MatchLogLine pattern=LogLine
//lms:gen MatchAPIPath pattern=APIPath
func Match(s stage.String, pattern string) stage.Bool {
	return MustCompile(pattern).Match(s)
}

// stateFunc is a state compiled to a staged function: it reports whether s
// matches, given that the automaton is in this state before s[i].
type stateFunc = func(s stage.String, i stage.Int) stage.Bool

// Match reports whether s contains a match of p. It is the interpreter:
// the program is static, s dynamic.
func (p *Program) Match(s stage.String) stage.Bool {
	// One staged function per state marked fn, callees first. A function's
	// body calls the others through fns, all filled before the first call;
	// on a cycle of states a body refers to a function created after it,
	// as a recursive stage.Fun refers to its own variable.
	fns := make([]stateFunc, len(p.states))
	for _, q := range p.funcs {
		fns[q] = stage.Fun(func(s stage.String, i stage.Int) stage.Bool {
			return p.run(fns, q, s, i)
		})
	}
	if p.states[p.start].fn {
		return fns[p.start](s, 0)
	}
	return p.run(fns, p.start, s, 0)
}

// run is the code of state q with s[i] the next byte: it reads bytes while
// they keep the automaton in q, then moves on the next byte to the next
// state, whose code is inlined here (a static recursion on the state) or
// called.
func (p *Program) run(fns []stateFunc, q int, s stage.String, i stage.Int) stage.Bool {
	st := &p.states[q]
	if st.match {
		return true
	}
	n := stage.Int(len(s))
	if st.self != nil {
		for i < n && st.self.test(s[i]) {
			i++
		}
	}
	if i >= n {
		return stage.Bool(st.acceptEnd)
	}
	if len(st.edges) == 0 {
		return false
	}
	c := s[i]
	i++
	for _, e := range st.edges {
		if e.cond.test(c) {
			if p.states[e.to].fn {
				return fns[e.to](s, i)
			}
			return p.run(fns, e.to, s, i)
		}
	}
	return false
}
