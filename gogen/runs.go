package gogen

import (
	"bytes"
	"reflect"
	"strconv"

	"github.com/dave/jennifer/jen"
)

// This file writes the plain lines of a function body outside jennifer.
//
// Most lines of a big kernel are plain: a statement whose whole text is
// one identifier token, as define writes name := expr when expr is raw
// text. As jennifer code each line costs a statement, a slice of one
// item, a boxed token and a boxed string, and File.Render writes every
// token into a buffer that grows by doubling, copies each token's string
// into a []byte to write it, and copies the whole body into a second
// buffer after the imports: about four times the file's bytes. Instead a
// run of consecutive plain lines is one placeholder token in jennifer's
// tree, "\x00<k>\x00" with k the run's index in the file, and expand
// writes the file jennifer renders into one buffer of its exact size,
// each placeholder replaced by its run's lines joined by newlines: what
// jennifer's Block writes between items, so the bytes are the same. No Go
// source jennifer writes holds a NUL byte (literals are quoted, and Go
// rejects NUL in source), so a NUL starts a placeholder and nothing else.
//
// Runs are made two ways:
//
//   - while the function's top-level body is written (stmts.line): the
//     definitions name := expr of raw expressions are written straight
//     into pages of text, never as jennifer code. A line extends the run
//     that is the last statement of the list, else starts one. Only the
//     top-level body of the specialization's graph does this: no code
//     compares its statements (sameCode) or renders them (funcGen.text),
//     which would see the placeholder, and a line appended to a run is a
//     statement appended to the list, since the run is its last element.
//     With Options.Lines (marking, which edits statements by index) no
//     run is made;
//   - when a function is complete (joinRuns): each run of two or more
//     consecutive plain lines of its top-level statements becomes one
//     placeholder (the lines stay jennifer code; only their rendering is
//     saved).

// A textRun is the text of a run of plain lines: the lines of a
// function's statements (joinRuns), or spans of the file's pages
// (stmts.line).
type textRun struct {
	lines []jen.Code
	spans []span
	n     int // length of the text
}

// A span is page[from:to] of the file's pages.
type span struct{ page, from, to int32 }

// pageSize is the size of a page of run text: big enough that a page
// holds many lines, small enough that the last page's waste is nothing
// beside a big kernel's text (a test makes pages small).
var pageSize = 64 << 10

// joinPlain enables the runs (a test turns it off to compare).
var joinPlain = true

// joins reports whether the statements of block fr are written with runs.
func (fg *funcGen) joins(fr *frame) bool {
	return joinPlain && !fg.marking() && fr.b == fg.g.Block
}

// line appends the statement name op e, e raw, to l: to the run that is
// l's last statement, else to a new run.
func (l *stmts) line(fl *fileGen, name, op string, e expr) {
	if l.runStmt == nil || len(l.list) == 0 || l.list[len(l.list)-1] != l.runStmt {
		l.textRun = len(fl.runs)
		fl.runs = append(fl.runs, textRun{})
		l.runStmt = jen.Id(runPlaceholder(l.textRun))
		l.add(l.runStmt)
	}
	r := &fl.runs[l.textRun]
	n := len(name) + len(op) + e.textLen()
	if r.n > 0 {
		n++
	}
	if len(fl.pages) == 0 || cap(fl.pages[len(fl.pages)-1])-len(fl.pages[len(fl.pages)-1]) < n {
		fl.pages = append(fl.pages, make([]byte, 0, max(pageSize, n)))
	}
	p := len(fl.pages) - 1
	b := fl.pages[p]
	from := int32(len(b))
	if r.n > 0 {
		b = append(b, '\n')
	}
	b = append(b, name...)
	b = append(b, op...)
	b = e.appendText(b)
	if len(b)-int(from) != n {
		panic("BUG: gogen: a line's length was miscounted")
	}
	fl.pages[p] = b
	to := int32(len(b))
	if k := len(r.spans) - 1; k >= 0 && r.spans[k].page == int32(p) && r.spans[k].to == from {
		r.spans[k].to = to
	} else {
		r.spans = append(r.spans, span{int32(p), from, to})
	}
	r.n += n
}

// joinRuns returns list, a complete function's statements, with its runs
// of two or more plain lines replaced by placeholders. The runs keep
// list's backing array: the caller must not change it afterwards.
func (fl *fileGen) joinRuns(list []jen.Code) []jen.Code {
	if !joinPlain {
		return list
	}
	n, runs := 0, 0
	for i := 0; i < len(list); {
		j := plainEnd(list, i)
		if j-i >= 2 {
			runs++
			i = j
		} else {
			i++
		}
		n++
	}
	if runs == 0 {
		return list
	}
	out := make([]jen.Code, 0, n)
	for i := 0; i < len(list); {
		j := plainEnd(list, i)
		if j-i < 2 {
			out = append(out, list[i])
			i++
			continue
		}
		k := len(fl.runs)
		fl.runs = append(fl.runs, textRun{lines: list[i:j], n: runLen(list[i:j])})
		out = append(out, jen.Id(runPlaceholder(k)))
		i = j
	}
	return out
}

// plainEnd returns the end of the run of plain lines of list starting at
// i (i itself if list[i] is not plain). A placeholder is not plain.
func plainEnd(list []jen.Code, i int) int {
	for i < len(list) {
		if t, ok := plainText(list[i]); !ok || len(t) > 0 && t[0] == 0 {
			break
		}
		i++
	}
	return i
}

// runLen returns the length of plain lines joined by newlines.
func runLen(run []jen.Code) int {
	n := len(run) - 1
	for _, c := range run {
		t, _ := plainText(c)
		n += len(t)
	}
	return n
}

// runPlaceholder returns the placeholder token of run k.
func runPlaceholder(k int) string {
	b := make([]byte, 0, 12)
	b = append(b, 0)
	b = strconv.AppendInt(b, int64(k), 10)
	b = append(b, 0)
	return string(b)
}

// tokenType is the type of jennifer's tokens; plainText reads the kind
// and the content of one (unexported fields, read and never written).
var tokenType = reflect.TypeOf((*jen.Id("x"))[0])

// plainText returns the text of c if c is a plain line: a statement of
// one identifier token, which jennifer writes as its content.
func plainText(c jen.Code) (string, bool) {
	s, ok := c.(*jen.Statement)
	if !ok || s == nil || len(*s) != 1 {
		return "", false
	}
	v := reflect.ValueOf((*s)[0])
	if !v.IsValid() || v.Type() != tokenType || v.Kind() != reflect.Struct || v.NumField() != 2 {
		return "", false
	}
	typ, content := v.Field(0), v.Field(1)
	if typ.Kind() != reflect.String || typ.String() != "identifier" || content.Kind() != reflect.Interface {
		return "", false
	}
	content = content.Elem()
	if !content.IsValid() || content.Kind() != reflect.String {
		return "", false
	}
	return content.String(), true
}

// placeholderAt returns the run of the placeholder at the start of src
// and the placeholder's length.
func (fl *fileGen) placeholderAt(src []byte) (*textRun, int) {
	end := bytes.IndexByte(src[1:], 0)
	if end < 0 {
		panic("BUG: gogen: a NUL byte that starts no placeholder")
	}
	k, err := strconv.Atoi(string(src[1 : 1+end]))
	if err != nil || k < 0 || k >= len(fl.runs) {
		panic("BUG: gogen: a NUL byte that starts no placeholder")
	}
	return &fl.runs[k], end + 2
}

// expand returns src, the file jennifer wrote, with its placeholders
// replaced by their runs' lines, in one buffer of the exact size.
func (fl *fileGen) expand(src []byte) []byte {
	if len(fl.runs) == 0 {
		return src
	}
	size := 0
	for rest := src; ; {
		i := bytes.IndexByte(rest, 0)
		if i < 0 {
			size += len(rest)
			break
		}
		r, n := fl.placeholderAt(rest[i:])
		size += i + r.n
		rest = rest[i+n:]
	}
	out := make([]byte, 0, size)
	for rest := src; ; {
		i := bytes.IndexByte(rest, 0)
		if i < 0 {
			out = append(out, rest...)
			break
		}
		out = append(out, rest[:i]...)
		r, n := fl.placeholderAt(rest[i:])
		for m, c := range r.lines {
			if m > 0 {
				out = append(out, '\n')
			}
			t, _ := plainText(c)
			out = append(out, t...)
		}
		for _, s := range r.spans {
			out = append(out, fl.pages[s.page][s.from:s.to]...)
		}
		rest = rest[i+n:]
	}
	if len(out) != size {
		panic("BUG: gogen: the runs' length was miscounted")
	}
	return out
}
