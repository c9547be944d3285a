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
// one identifier token (jen.Id), as define writes name := expr when expr
// is raw. jennifer's File.Render writes every token into a buffer that
// grows by doubling, copies each token's string into a []byte to write
// it, and copies the whole body into a second buffer after the imports:
// about four times the file's bytes, allocated. Instead, once a function
// is complete (nothing compares or rewrites its statements any more),
// each run of two or more consecutive plain lines of its top-level body
// becomes one placeholder token, "\x00<k>\x00", k the run's index in the
// file; jennifer renders the rest (a few lines on an unrolled kernel),
// and expand writes the file into one buffer of its exact size, each
// placeholder replaced by its lines joined by newlines: what jennifer's
// Block writes between items, so the bytes are the same. No Go source
// jennifer writes holds a NUL byte (literals are quoted, and Go rejects
// NUL in source), so a NUL starts a placeholder and nothing else.

// joinRuns returns list, a function body's statements, with its runs of
// plain lines replaced by placeholders recorded in fl.runs. The runs
// keep list's backing array: the caller must not change it afterwards.
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
		fl.runs = append(fl.runs, list[i:j])
		ph := runPlaceholder(k)
		fl.runBytes += runLen(list[i:j]) - len(ph)
		out = append(out, jen.Id(ph))
		i = j
	}
	return out
}

// joinPlain enables joinRuns (a test turns it off to compare).
var joinPlain = true

// plainEnd returns the end of the run of plain lines of list starting at
// i (i itself if list[i] is not plain).
func plainEnd(list []jen.Code, i int) int {
	for i < len(list) {
		if _, ok := plainText(list[i]); !ok {
			break
		}
		i++
	}
	return i
}

// runLen returns the length of a run's text: its lines joined by
// newlines.
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

// expand returns src, the file jennifer wrote, with its placeholders
// replaced by their runs' lines, in one buffer of the exact size.
func (fl *fileGen) expand(src []byte) []byte {
	if len(fl.runs) == 0 {
		return src
	}
	out := make([]byte, 0, len(src)+fl.runBytes)
	for k, run := range fl.runs {
		i := bytes.IndexByte(src, 0)
		ph := runPlaceholder(k)
		if i < 0 || !bytes.HasPrefix(src[i:], []byte(ph)) {
			panic("BUG: gogen: placeholder of run " + strconv.Itoa(k) + " not found")
		}
		out = append(out, src[:i]...)
		for m, c := range run {
			if m > 0 {
				out = append(out, '\n')
			}
			t, _ := plainText(c)
			out = append(out, t...)
		}
		src = src[i+len(ph):]
	}
	if bytes.IndexByte(src, 0) >= 0 {
		panic("BUG: gogen: a NUL byte in the source after the last run")
	}
	out = append(out, src...)
	if len(out) != cap(out) {
		panic("BUG: gogen: the runs' length was miscounted")
	}
	return out
}
