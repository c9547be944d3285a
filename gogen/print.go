package gogen

import (
	"strings"

	"github.com/dave/jennifer/jen"

	"github.com/lmsgen/lmsgen/ir"
)

// This file writes output statements and fmt's Sprint and Sprintln
// calls. Constants among their operands are typed: they are arguments of
// type any. go vet checks these calls as it checks the source, but sees
// the constants the staging code computed where the source had
// variables: a first operand of Print or Println that looks like a
// format ("%s") or a last operand of Println that ends in a newline is a
// complaint the source did not get. Such a call is written as the Printf
// (Sprintf) it is equal to: its constant strings become text of the
// format (a % doubled), its other operands %v, with the separators Print
// and Println put between operands (Print a space between two operands
// neither of which is a string, Println a space between any two and a
// newline at the end).

// print writes an output statement.
func (fg *funcGen) print(n *ir.Node) jen.Code {
	switch n.Op {
	case ir.OpPrintf:
		args := fg.refs(n.Args, ctxTyped)
		if !n.Args[0].IsConst() && len(args) == 1 {
			// A format that is not a constant, with no arguments: vet
			// wants an explicit (empty) argument list.
			args = append(args, jen.Index().Id("any").Values().Op("..."))
		}
		return jen.Qual("fmt", "Printf").Call(args...)
	case ir.OpPrint:
		return fg.printCall("Print", n.Args)
	case ir.OpPrintln:
		return fg.printCall("Println", n.Args)
	case ir.OpEprint:
		return jen.Print(fg.refs(n.Args, ctxTyped)...)
	}
	return jen.Println(fg.refs(n.Args, ctxTyped)...)
}

// printCall writes fmt.<name>(args...) for Print, Println, Sprint or
// Sprintln, or the equal Printf (Sprintf) call where vet would complain.
func (fg *funcGen) printCall(name string, args []ir.Exp) *jen.Statement {
	if !vetComplains(name, args) {
		return jen.Qual("fmt", name).Call(fg.refs(args, ctxTyped)...)
	}
	ln := strings.HasSuffix(name, "ln")
	var format strings.Builder
	var rest []ir.Exp
	for i, a := range args {
		if i > 0 && (ln || !fg.isString(args[i-1]) && !fg.isString(a)) {
			format.WriteByte(' ')
		}
		if s, ok := constString(a); ok {
			format.WriteString(strings.ReplaceAll(s, "%", "%%"))
		} else {
			format.WriteString("%v")
			rest = append(rest, a)
		}
	}
	if ln {
		format.WriteByte('\n')
	}
	f := strings.TrimSuffix(name, "ln") + "f"
	return jen.Qual("fmt", f).Call(append([]jen.Code{jen.Lit(format.String())}, fg.refs(rest, ctxTyped)...)...)
}

// vetComplains reports whether go vet would take a call of fmt.<name>
// with these operands for a mistake: a constant first operand with a %
// before its last character (vet looks for a verb after it; any % is
// enough here), or for Println and Sprintln a constant string last
// operand that ends in a newline.
func vetComplains(name string, args []ir.Exp) bool {
	if len(args) == 0 {
		return false
	}
	if s, ok := constString(args[0]); ok && strings.Contains(strings.TrimSuffix(s, "%"), "%") {
		return true
	}
	s, ok := constString(args[len(args)-1])
	return ok && strings.HasSuffix(name, "ln") && strings.HasSuffix(s, "\n")
}

// constString returns the value of a string constant.
func constString(e ir.Exp) (string, bool) {
	if c := e.Const(); c != nil {
		s, ok := c.Val.(string)
		return s, ok
	}
	return "", false
}

// isString reports whether e is a string (Print puts no space next to
// one).
func (fg *funcGen) isString(e ir.Exp) bool {
	return fg.g.TypeOf(e).Kind == ir.KString
}
