package cgen

import (
	_ "embed"
	"regexp"
	"strings"
)

// This file reads runtime_math.h, the ports of Go's math functions, into
// sections, and writes the sections a generated file needs.

//go:embed runtime_math.h
var runtimeMathH string

// mathSection is one section of runtime_math.h: the definitions of
// lms_math_<name> and its helpers lms_math_<name>_*.
type mathSection struct {
	name string
	text string
	deps []int // sections it calls, by index (all before it)
}

var (
	mathMarker   = regexp.MustCompile(`(?m)^/\* lms:math ([a-z0-9]+)\b`)
	mathIdent    = regexp.MustCompile(`\blms_math_[a-z0-9_]+`)
	mathPreamble string         // the comment before the first section: what and whence, the notices
	mathSections []mathSection  // in file order
	mathByName   map[string]int // section index by name
)

func init() {
	locs := mathMarker.FindAllStringSubmatchIndex(runtimeMathH, -1)
	if len(locs) == 0 {
		panic("BUG: cgen: runtime_math.h has no sections")
	}
	mathPreamble = runtimeMathH[:locs[0][0]]
	mathByName = map[string]int{}
	for i, l := range locs {
		end := len(runtimeMathH)
		if i+1 < len(locs) {
			end = locs[i+1][0]
		}
		name := runtimeMathH[l[2]:l[3]]
		if _, dup := mathByName[name]; dup {
			panic("BUG: cgen: runtime_math.h: duplicate section " + name)
		}
		mathByName[name] = i
		mathSections = append(mathSections, mathSection{name: name, text: runtimeMathH[l[0]:end]})
	}
	for i := range mathSections {
		s := &mathSections[i]
		seen := map[int]bool{i: true}
		for _, id := range mathIdent.FindAllString(s.text, -1) {
			d := mathSectionOf(id)
			if seen[d] {
				continue
			}
			if d > i {
				panic("BUG: cgen: runtime_math.h: section " + s.name + " calls " + id + ", defined after it")
			}
			seen[d] = true
			s.deps = append(s.deps, d)
		}
	}
}

// mathSectionOf returns the index of the section that defines the
// runtime_math.h function id: lms_math_<section> or lms_math_<section>_*.
func mathSectionOf(id string) int {
	rest, ok := strings.CutPrefix(id, "lms_math_")
	if !ok {
		panic("BUG: cgen: not a runtime_math.h name: " + id)
	}
	for {
		if i, ok := mathByName[rest]; ok {
			return i
		}
		j := strings.LastIndexByte(rest, '_')
		if j < 0 {
			panic("BUG: cgen: no runtime_math.h section defines " + id)
		}
		rest = rest[:j]
	}
}

// mathUse records that the generated code calls the runtime_math.h
// function id, so that its section and the sections it calls are
// emitted. The ports call the C library's sqrt and fma (exact, as Go's
// are), so the file includes <math.h> and links -lm.
func (fl *fileGen) mathUse(id string) {
	if fl.mathUsed == nil {
		fl.mathUsed = make([]bool, len(mathSections))
	}
	var mark func(int)
	mark = func(i int) {
		if fl.mathUsed[i] {
			return
		}
		fl.mathUsed[i] = true
		for _, d := range mathSections[i].deps {
			mark(d)
		}
	}
	mark(mathSectionOf(id))
	fl.libm = true
}

// mathText returns the sections of runtime_math.h the file uses, in the
// file's order, after its preamble; "" if it uses none.
func (fl *fileGen) mathText() string {
	if fl.mathUsed == nil {
		return ""
	}
	var sb strings.Builder
	sb.WriteString(mathPreamble)
	for i, used := range fl.mathUsed {
		if used {
			sb.WriteString(mathSections[i].text)
		}
	}
	return sb.String()
}
