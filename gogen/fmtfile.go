package gogen

import (
	"bytes"
	"fmt"
	"go/format"
	"go/token"
	"os"
	"strconv"
)

// This file formats the source File renders: what go/format.Source
// would return, without parsing and printing the function bodies with
// go/parser and go/printer, which cost a third of gogen's time and
// memory on big kernels. Each top-level function's body is formatted
// directly (fmtbody.go) if it holds only what that formatter covers;
// the file with those bodies replaced by a placeholder call (the
// declarations, the functions left to go/format, the tables) is
// formatted by go/format, and the bodies are put back in place of the
// placeholders.
//
// A body is formatted by gofmt independently of what surrounds it: it
// starts a new line at one level of indentation, and the formatter takes
// no body with a comment or anything gofmt aligns in columns across
// lines (go/printer aligns only multi-line composite literals, struct
// fields, grouped declarations and trailing comments, none of which it
// covers). With LMSGEN_GOFMTCHECK set in the environment, every file is
// also formatted by go/format alone and a difference is a panic (the
// tests set it: golden_test.go, TestDirectFormatSame).

// checkFormat makes formatSource compare its output with go/format's.
var checkFormat = os.Getenv("LMSGEN_GOFMTCHECK") != ""

// directFormat enables the direct formatter (tests turn it off to get
// go/format's output alone).
var directFormat = true

// placeholder is the start of the call that stands for a body.
const placeholder = "_lmsgenBody"

// formatSource returns src as go/format.Source does.
func formatSource(src []byte) ([]byte, error) {
	if !directFormat {
		return format.Source(src)
	}
	out, _, err := formatDirect(src)
	if checkFormat && err == nil {
		want, werr := format.Source(src)
		if werr != nil || !bytes.Equal(out, want) {
			panic("BUG: gogen: the direct formatter differs from go/format: " + firstDiff(out, want, werr))
		}
	}
	return out, err
}

// firstDiff describes the first line where got and want differ.
func firstDiff(got, want []byte, err error) string {
	if err != nil {
		return "go/format: " + err.Error()
	}
	line := 1
	for i := 0; i < len(got) && i < len(want); i++ {
		if got[i] != want[i] {
			return fmt.Sprintf("line %d: got %q, want %q", line, lineAt(got, i), lineAt(want, i))
		}
		if got[i] == '\n' {
			line++
		}
	}
	return fmt.Sprintf("lengths %d and %d", len(got), len(want))
}

func lineAt(b []byte, i int) []byte {
	s := bytes.LastIndexByte(b[:i], '\n') + 1
	e := bytes.IndexByte(b[i:], '\n')
	if e < 0 {
		return b[s:]
	}
	return b[s : i+e]
}

// A spliced body: src[start:end] is the body, out[from:to] its bytes.
type splice struct {
	start, end int32
	from, to   int
}

// formatDirect returns src as go/format.Source does, and the number of
// function bodies it formatted itself.
func formatDirect(src []byte) ([]byte, int, error) {
	if bytes.Contains(src, []byte(placeholder)) {
		out, err := format.Source(src)
		return out, 0, err
	}
	lx := newLexer(src)
	w := &fprinter{fparser: fparser{src: src}, out: make([]byte, 0, len(src))}
	var bodies []splice
	depth := 0
	// In a function's signature, which holds no braces, on the line of
	// its func (a func type at top level is followed by no body).
	inSig, sigOK, sigLine := false, false, int32(0)
	for {
		t, ok := lx.next()
		if !ok {
			break
		}
		switch t.t {
		case token.LBRACE:
			if inSig && depth == 0 {
				inSig = false
				if sigOK && t.line == sigLine {
					from := len(w.out)
					w.bad = false
					close, ok := w.body(lx, t)
					if ok {
						bodies = append(bodies, splice{t.off, close.end, from, len(w.out)})
					} else {
						w.out = w.out[:from]
					}
					continue
				}
			}
			depth++
		case token.LPAREN, token.LBRACK:
			depth++
		case token.RBRACE, token.RPAREN, token.RBRACK:
			depth--
		case token.STRUCT, token.INTERFACE:
			sigOK = false
		case token.FUNC:
			if depth == 0 {
				inSig, sigOK, sigLine = true, true, t.line
			}
		}
	}
	if lx.bad || len(bodies) == 0 {
		out, err := format.Source(src)
		return out, 0, err
	}
	skel := make([]byte, 0, len(src)/8+64*len(bodies))
	prev := int32(0)
	for k, b := range bodies {
		skel = append(skel, src[prev:b.start]...)
		skel = append(skel, "{\n"+placeholder...)
		skel = strconv.AppendInt(skel, int64(k), 10)
		skel = append(skel, "()\n}"...)
		prev = b.end
	}
	skel = append(skel, src[prev:]...)
	fskel, err := format.Source(skel)
	if err != nil {
		// Report go/format's error on the whole source (its lines are
		// those File's caller sees).
		out, err := format.Source(src)
		return out, 0, err
	}
	return spliceBodies(fskel, w.out, bodies), len(bodies), nil
}

// spliceBodies returns the formatted skeleton fskel with each placeholder
// replaced by its body, bodies[k] being bodies[k].from:to of formatted,
// which holds the bodies one after the other and nothing else. The
// result is made in formatted's array when it has room (formatted is
// consumed): the bodies are moved right, last first, to their places,
// and the skeleton's pieces copied between them, so that a big file is
// not copied once more.
func spliceBodies(fskel, formatted []byte, bodies []splice) []byte {
	// pieces[k] is the skeleton before body k, pieces[len(bodies)] after
	// the last.
	pieces := make([][]byte, 0, len(bodies)+1)
	rest := fskel
	var ph []byte
	for k := range bodies {
		ph = append(append(ph[:0], "{\n\t"+placeholder...), strconv.Itoa(k)...)
		ph = append(ph, "()\n}"...)
		j := bytes.Index(rest, ph)
		if j < 0 {
			panic("BUG: gogen: formatDirect: go/format moved the placeholder of a body")
		}
		pieces = append(pieces, rest[:j])
		rest = rest[j+len(ph):]
	}
	pieces = append(pieces, rest)
	total, end := len(formatted), 0
	for k, p := range pieces {
		total += len(p)
		if k < len(bodies) {
			if bodies[k].from != end {
				panic("BUG: gogen: formatDirect: the formatted bodies are not one after the other")
			}
			end = bodies[k].to
		}
	}
	if end != len(formatted) {
		panic("BUG: gogen: formatDirect: the formatted bodies are not all of its output")
	}
	out := formatted
	if cap(out) < total {
		out = make([]byte, len(formatted), total)
		copy(out, formatted)
	}
	out = out[:total]
	// Body k moves right by the length of the pieces before it.
	shift := total - len(formatted) - len(pieces[len(bodies)])
	for k := len(bodies) - 1; k >= 0; k-- {
		b := bodies[k]
		copy(out[b.from+shift:b.to+shift], out[b.from:b.to])
		copy(out[b.to+shift:], pieces[k+1])
		shift -= len(pieces[k])
	}
	copy(out, pieces[0])
	return out
}
