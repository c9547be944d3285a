package gogen

import (
	"strconv"
	"strings"

	"github.com/dave/jennifer/jen"

	"github.com/lmsgen/lmsgen/ir"
)

// This file maps the lines of the output to the nodes they were written
// for (Options.Lines): each statement written for a node is preceded by a
// comment naming the node, which render turns into the line's mark for
// ir.LineMap.Resolve (and, with directives, into //line comments).

// nodeComment starts the comment that precedes a statement written for a
// node: "//lms:node F,S", F the Func's index, S the node's symbol.
const nodeComment = "//lms:node "

// marking reports whether statements are marked with their nodes.
func (fg *funcGen) marking() bool { return fg.file.lines != nil }

// mark precedes statement c, written for node n, with n's comment.
func (fg *funcGen) mark(n *ir.Node, c jen.Code) jen.Code {
	return jen.Comment(nodeComment + strconv.Itoa(fg.fnIndex) + "," + strconv.Itoa(int(n.Sym))).Line().Add(c)
}

// markFrom marks the first statement n wrote, at index from of out.
func (fg *funcGen) markFrom(out *stmts, from int, n *ir.Node) {
	if fg.marking() && n != nil && from < len(out.list) {
		out.list[from] = fg.mark(n, out.list[from])
	}
}

// resolveLines turns the node comments of formatted source into line
// marks and resolves them (ir.LineMap.Resolve): the result is the source
// without the comments, or with //line comments in their place.
func resolveLines(m *ir.LineMap, src []byte) []byte {
	lines := strings.Split(string(src), "\n")
	var sb strings.Builder
	sb.Grow(len(src))
	pending := ""
	for i, line := range lines {
		if t := strings.TrimLeft(line, "\t"); strings.HasPrefix(t, nodeComment) {
			f, s, _ := strings.Cut(t[len(nodeComment):], ",")
			fi, err1 := strconv.Atoi(f)
			si, err2 := strconv.Atoi(s)
			if err1 != nil || err2 != nil {
				panic("BUG: gogen: malformed node comment " + strconv.Quote(line))
			}
			pending = ir.Mark(fi, ir.Sym(si))
			continue
		}
		sb.WriteString(line + pending)
		pending = ""
		if i < len(lines)-1 {
			sb.WriteByte('\n')
		}
	}
	return []byte(m.Resolve(sb.String(), ir.GoDirective, true))
}

// unmarked returns rendered code without its node comments.
func unmarked(code string) string {
	var sb strings.Builder
	for line := range strings.Lines(code) {
		if !strings.HasPrefix(strings.TrimLeft(line, "\t "), nodeComment) {
			sb.WriteString(line)
		}
	}
	return sb.String()
}
