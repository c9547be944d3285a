package gogen

import (
	"unicode"

	"github.com/dave/jennifer/jen"

	"github.com/lmsgen/lmsgen/ir"
)

// This file decides where a constant is written as a character literal:
// compared with, or subtracted from, a value that is certainly a
// character (c == '.', r >= 'a' && r <= 'z', c-'0'), as one writes such
// code by hand, where another byte or int32 is a number (b == 48 would
// read as a count).
//
// A value is a character when the graph says so: a byte of a string, or a
// rune decoded from one; or when the staging function's signature does,
// by its stage type: a parameter (or a leaf field of a struct parameter)
// of type stage.Rune or stage.Byte, or an element of a slice of them
// ([]stage.Byte). Func.Params carries these types (ir.GoValue.Named);
// stage.Int32 and stage.Uint8, the same types to Go, stay numbers.

// stagePath is the import path of the stage package.
const stagePath = "github.com/lmsgen/lmsgen/stage"

// charInput says how a graph input holds characters.
type charInput uint8

const (
	notChar    charInput = iota
	charValue            // a stage.Rune or stage.Byte
	charsSlice           // a []stage.Rune or []stage.Byte
)

// charInputs classifies the graph inputs of f by the stage types of its
// Go parameters' leaves (nil if none holds characters).
func charInputs(f Func) map[ir.Sym]charInput {
	if f.Params == nil {
		return nil
	}
	var m map[ir.Sym]charInput
	in := f.Schedule.Graph().Block.In
	k := 0
	for _, p := range f.Params {
		for _, l := range p.LeafValues() {
			s := in[k]
			k++
			if !isCharType(l.Named) {
				continue
			}
			if m == nil {
				m = map[ir.Sym]charInput{}
			}
			if l.Type.Kind == ir.KSlice {
				m[s] = charsSlice
			} else {
				m[s] = charValue
			}
		}
	}
	return m
}

// isCharType reports whether n names stage.Rune or stage.Byte.
func isCharType(n ir.GoName) bool {
	return n.Path == stagePath && (n.Name == "Rune" || n.Name == "Byte")
}

// isChar reports whether x is certainly a character: a byte of a string,
// a rune decoded from one, a character parameter, or an element of a
// slice parameter of characters (a byte of a []byte may be a number: bf's
// cells are).
func (fg *funcGen) isChar(x ir.Exp) bool {
	if !x.IsSym() {
		return false
	}
	d := fg.g.Def(x.Sym())
	switch {
	case d == nil:
		return fg.chars[x.Sym()] == charValue
	case d.Op == ir.OpStrIndex:
		return true
	case d.Op == ir.OpSliceGet:
		return d.Args[0].IsSym() && fg.g.Def(d.Args[0].Sym()) == nil && fg.chars[d.Args[0].Sym()] == charsSlice
	case d.Op == ir.OpProj && d.Aux.(int) == 0 && d.Args[0].IsSym():
		c := fg.g.Def(d.Args[0].Sym())
		return c != nil && c.Op == ir.OpCall && c.Aux.(ir.Callee).Name == "DecodeRuneInString"
	}
	return false
}

// charConst writes a constant compared with, or subtracted from, a
// character as a character literal when it is a printable ASCII character,
// a tab, a newline or a carriage return, or for a rune a letter (c == '.',
// c-'0' <= 9, b == '\n', r == 'é'). (A byte above 0x7F is part of a
// UTF-8 encoding, not a character.)
func charConst(op ir.Op, c *ir.Const, isRune bool) (expr, bool) {
	switch op {
	case ir.OpEq, ir.OpNe, ir.OpLt, ir.OpLe, ir.OpGt, ir.OpGe, ir.OpSub:
	default:
		return expr{}, false
	}
	v := constUint(c)
	if v == '\t' || v == '\n' || v == '\r' {
		return primary(jen.LitRune(rune(v))), true // '\n', as Go code writes it
	}
	if (v < ' ' || v > '~') && (!isRune || v > unicode.MaxRune || !unicode.IsLetter(rune(v))) {
		return expr{}, false
	}
	return primary(jen.LitRune(rune(v))), true
}
