package ir

import (
	"go/token"
	"path/filepath"
	"strconv"
	"strings"
)

// This file holds what both emitters share to map their output back to
// the staging source: an emitter that is given a LineMap marks each line
// it writes for a node with that node (Mark), and Resolve turns the
// marked text into the final file, recording the node of every line and,
// if asked, writing line directives (//line in Go, #line in C) so that a
// panic's stack trace, a profile or a debugger names the staging source.

// LineMap asks an emitter for the origin of its output lines, and
// receives them.
type LineMap struct {
	// Directives asks for line directives: before each statement whose
	// node's source line differs from the line in effect, a directive
	// naming that line; before the first line that comes from no node
	// after one that did, a directive naming the output file itself, so
	// that the generated rest of the file keeps its own positions.
	Directives bool
	// Dir is the directory of the output file: the file names in
	// directives are relative to it (slash-separated), so the output is
	// the same on every machine.
	Dir string
	// File is the output file's name, relative to Dir.
	File string
	// Pos returns the source position of node sym of function fn (the
	// index of the emitter's Func); a zero position for none.
	Pos func(fn int, sym Sym) token.Position

	// Lines is filled by the emitter: the origin of each line of its
	// output, in order (Lines[0] is the first line).
	Lines []LineOrigin
}

// LineOrigin is the node an output line was written for.
type LineOrigin struct {
	Func int32 // the index of the emitter's Func; -1: no node
	Sym  Sym
}

// HasNode reports whether the line was written for a node.
func (o LineOrigin) HasNode() bool { return o.Func >= 0 }

// The mark of a line is markStart, the function's index, a comma, the
// symbol and markEnd, at the end of the line's text (where it survives
// changes of indentation).
const (
	markStart = "\x01"
	markEnd   = "\x02"
)

// Mark returns the mark an emitter writes at the end of a line written
// for node sym of function fn.
func Mark(fn int, sym Sym) string {
	return markStart + strconv.Itoa(fn) + "," + strconv.Itoa(int(sym)) + markEnd
}

// CutMark returns s without a mark at its end, and the origin the mark
// names (Func -1 if s has none).
func CutMark(s string) (string, LineOrigin) {
	if !strings.HasSuffix(s, markEnd) {
		return s, LineOrigin{Func: -1}
	}
	start := strings.LastIndex(s, markStart)
	f, sym, ok := strings.Cut(s[max(start, 0)+len(markStart):len(s)-len(markEnd)], ",")
	fi, err1 := strconv.Atoi(f)
	si, err2 := strconv.Atoi(sym)
	if start < 0 || !ok || err1 != nil || err2 != nil {
		panic("BUG: ir: malformed line mark in " + strconv.Quote(s))
	}
	return s[:start], LineOrigin{Func: int32(fi), Sym: Sym(si)}
}

// DirectiveStyle writes a line directive of one language: the next line
// is line line of file.
type DirectiveStyle func(file string, line int) string

// GoDirective is Go's line directive, //line file:line, which go/printer
// keeps in column 1.
func GoDirective(file string, line int) string {
	return "//line " + file + ":" + strconv.Itoa(line)
}

// CDirective is C's line directive, #line line "file".
func CDirective(file string, line int) string {
	return "#line " + strconv.Itoa(line) + " " + strconv.Quote(file)
}

// Resolve returns src without its marks, records the origin of every
// line in m.Lines and, with m.Directives, writes line directives in the
// style given. A line without a mark has the origin of the line before it
// when inherit is set, unless it starts in column 1 (a declaration, or the
// brace closing one); otherwise it has none.
func (m *LineMap) Resolve(src string, style DirectiveStyle, inherit bool) string {
	var sb strings.Builder
	sb.Grow(len(src))
	m.Lines = m.Lines[:0]
	cur := LineOrigin{Func: -1}
	// in is the source line the directives in effect name (0: the
	// output itself).
	in := token.Position{}
	lines := strings.Split(src, "\n")
	if lines[len(lines)-1] == "" {
		lines = lines[:len(lines)-1]
	}
	for _, line := range lines {
		text, o := CutMark(line)
		switch {
		case o.HasNode():
			cur = o
		case !inherit || text != "" && text[0] != '\t' && text[0] != ' ':
			cur = LineOrigin{Func: -1}
		}
		if m.Directives {
			want := token.Position{}
			if cur.HasNode() {
				if p := m.Pos(int(cur.Func), cur.Sym); p.IsValid() {
					want = token.Position{Filename: m.rel(p.Filename), Line: p.Line}
				}
			}
			if want != in {
				if want.Line == 0 {
					sb.WriteString(style(m.File, len(m.Lines)+2) + "\n")
				} else {
					sb.WriteString(style(want.Filename, want.Line) + "\n")
				}
				m.Lines = append(m.Lines, LineOrigin{Func: -1})
				in = want
			}
		}
		sb.WriteString(text + "\n")
		m.Lines = append(m.Lines, cur)
	}
	return sb.String()
}

// rel names a source file relative to m.Dir, with slashes.
func (m *LineMap) rel(file string) string {
	if m.Dir != "" && filepath.IsAbs(file) {
		if r, err := filepath.Rel(m.Dir, file); err == nil {
			return filepath.ToSlash(r)
		}
	}
	return filepath.ToSlash(file)
}
