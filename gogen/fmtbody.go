package gogen

import "go/token"

// This file formats one function body, line by line: each source line
// jennifer wrote is one statement, the header of an if, a for or a
// switch ending in {, a case clause's header, or a } closing a block
// (possibly followed by else). The body is
// written as gofmt writes it, or the formatting fails and the function
// is left to go/format.

// A simple statement: an expression, an assignment or an increment.
type fstmt struct {
	tok     token.Token // token.ILLEGAL for an expression statement
	lhs, nl int32
	rhs, nr int32
	present bool
}

// simple parses a simple statement.
func (p *fparser) simple() fstmt {
	base := len(p.stack)
	p.stack = append(p.stack, p.parseExpr(1))
	for p.tok() == token.COMMA && !p.bad {
		p.pos++
		p.stack = append(p.stack, p.parseExpr(1))
	}
	nl := int32(len(p.stack) - base)
	s := fstmt{lhs: p.pushList(base), nl: nl, tok: token.ILLEGAL, present: true}
	switch t := p.tok(); t {
	case token.DEFINE, token.ASSIGN, token.ADD_ASSIGN, token.SUB_ASSIGN, token.MUL_ASSIGN,
		token.QUO_ASSIGN, token.REM_ASSIGN, token.AND_ASSIGN, token.OR_ASSIGN, token.XOR_ASSIGN,
		token.SHL_ASSIGN, token.SHR_ASSIGN, token.AND_NOT_ASSIGN:
		p.pos++
		s.tok = t
		s.rhs, s.nr = p.list()
		if t == token.DEFINE {
			for i := range nl {
				if n := p.nodes[p.lists[s.lhs+i]]; n.kind != fLeaf || p.toks[n.tok].t != token.IDENT {
					p.bad = true
				}
			}
		} else if t != token.ASSIGN && (nl != 1 || s.nr != 1) {
			p.bad = true
		}
	case token.INC, token.DEC:
		p.pos++
		s.tok = t
		if nl != 1 {
			p.bad = true
		}
	default:
		if nl != 1 {
			p.bad = true
		}
	}
	return s
}

// list parses a list of expressions.
func (p *fparser) list() (int32, int32) {
	base := len(p.stack)
	p.stack = append(p.stack, p.parseExpr(1))
	for p.tok() == token.COMMA && !p.bad {
		p.pos++
		p.stack = append(p.stack, p.parseExpr(1))
	}
	n := int32(len(p.stack) - base)
	return p.pushList(base), n
}

// stmt writes a simple statement.
func (w *fprinter) stmt(s fstmt) {
	switch s.tok {
	case token.ILLEGAL:
		w.expr0(w.lists[s.lhs], 1)
	case token.INC, token.DEC:
		w.expr0(w.lists[s.lhs], 2)
		w.token(s.tok)
	default:
		depth := 1
		if s.nl > 1 && s.nr > 1 {
			depth++
		}
		w.exprList(s.lhs, s.nl, depth)
		w.blank = true
		w.token(s.tok)
		w.blank = true
		w.exprList(s.rhs, s.nr, depth)
	}
}

// line1 parses and writes the statement or header of one line (the
// line's tokens without a closing } it starts with). It reports whether
// the line opens a block.
func (w *fprinter) line1(toks []ftok) (opens bool) {
	w.reset(toks)
	w.last = token.ILLEGAL
	switch w.tok() {
	case token.IF:
		if toks[len(toks)-1].t != token.LBRACE {
			return w.fail()
		}
		w.toks = toks[:len(toks)-1]
		w.pos = 1
		w.lev = -1
		init := w.simple()
		var cond int32
		if w.tok() == token.SEMICOLON {
			w.pos++
			cond = w.parseExpr(1)
		} else {
			if init.tok != token.ILLEGAL {
				return w.fail()
			}
			cond, init = w.lists[init.lhs], fstmt{}
		}
		if w.bad || w.pos != len(w.toks) || w.nodes[cond].kind == fParen {
			return w.fail()
		}
		w.token(token.IF)
		w.blank = true
		if init.present {
			w.stmt(init)
			w.token(token.SEMICOLON)
			w.blank = true
		}
		w.expr(cond)
		w.blank = true
		w.token(token.LBRACE)
		return true
	case token.FOR:
		if toks[len(toks)-1].t != token.LBRACE {
			return w.fail()
		}
		w.toks = toks[:len(toks)-1]
		w.pos = 1
		w.lev = -1
		w.forHeader()
		if w.bad {
			return false
		}
		w.token(token.LBRACE)
		return true
	case token.SWITCH:
		// switch [tag] {, as go/printer's controlClause writes it (no
		// init statement: gogen writes none).
		if toks[len(toks)-1].t != token.LBRACE {
			return w.fail()
		}
		w.toks = toks[:len(toks)-1]
		w.pos = 1
		w.lev = -1
		w.token(token.SWITCH)
		w.blank = true
		if w.pos < len(w.toks) {
			tag := w.parseExpr(1)
			if w.bad || w.pos != len(w.toks) || w.nodes[tag].kind == fParen {
				return w.fail()
			}
			w.expr(tag)
			w.blank = true
		}
		w.token(token.LBRACE)
		w.opensSw = true
		return true
	case token.CASE:
		// case x, y: (the caller checked it is in a switch)
		w.pos++
		w.token(token.CASE)
		l, n := w.list()
		if w.bad || w.pos != len(toks)-1 || toks[w.pos].t != token.COLON {
			return w.fail()
		}
		w.blank = true
		w.exprList(l, n, 1)
		w.token(token.COLON)
	case token.DEFAULT:
		if len(toks) != 2 || toks[1].t != token.COLON {
			return w.fail()
		}
		w.token(token.DEFAULT)
		w.token(token.COLON)
	case token.FALLTHROUGH:
		if len(toks) != 1 {
			return w.fail()
		}
		w.token(token.FALLTHROUGH)
	case token.RETURN:
		w.pos++
		w.token(token.RETURN)
		if w.pos < len(toks) {
			l, n := w.list()
			if w.bad || w.pos != len(toks) {
				return w.fail()
			}
			w.blank = true
			w.exprList(l, n, 1)
		}
	case token.BREAK, token.CONTINUE:
		w.token(w.tok())
		switch len(toks) {
		case 1:
		case 2:
			if toks[1].t != token.IDENT {
				return w.fail()
			}
			w.blank = true
			w.leaf(1)
		default:
			return w.fail()
		}
	case token.VAR:
		w.varDecl()
	default:
		s := w.simple()
		if w.bad || w.pos != len(toks) {
			return w.fail()
		}
		w.stmt(s)
	}
	return false
}

func (w *fprinter) fail() bool {
	w.bad = true
	return false
}

// varDecl writes var names [type] [= values].
func (w *fprinter) varDecl() {
	w.pos++
	base := len(w.stack)
	for {
		if w.tok() != token.IDENT {
			w.fail()
			return
		}
		w.stack = append(w.stack, w.node(fnode{kind: fLeaf, tok: int32(w.pos)}))
		w.pos++
		if w.tok() != token.COMMA {
			break
		}
		w.pos++
	}
	nn := int32(len(w.stack) - base)
	names := w.pushList(base)
	typ := int32(-1)
	if t := w.tok(); t != token.ASSIGN && t != token.EOF {
		typ = w.typ()
	}
	var vals, nv int32
	if w.tok() == token.ASSIGN {
		w.pos++
		vals, nv = w.list()
	}
	if w.bad || w.pos != len(w.toks) {
		w.fail()
		return
	}
	w.token(token.VAR)
	w.blank = true
	w.exprList(names, nn, 1)
	if typ >= 0 {
		w.blank = true
		w.expr(typ)
	}
	if nv > 0 {
		w.blank = true
		w.token(token.ASSIGN)
		w.blank = true
		w.exprList(vals, nv, 1)
	}
}

// forHeader parses and writes the header of a for statement, up to its {.
func (w *fprinter) forHeader() {
	n := len(w.toks)
	hasRange := false
	for _, t := range w.toks {
		hasRange = hasRange || t.t == token.RANGE
	}
	if hasRange {
		var key, val int32 = -1, -1
		tok := token.ILLEGAL
		if w.tok() != token.RANGE {
			key = w.parseExpr(1)
			if w.tok() == token.COMMA {
				w.pos++
				val = w.parseExpr(1)
			}
			tok = w.tok()
			if tok != token.DEFINE && tok != token.ASSIGN {
				w.fail()
				return
			}
			w.pos++
		}
		w.expect(token.RANGE)
		x := w.parseExpr(1)
		if w.bad || w.pos != n || w.nodes[x].kind == fParen {
			w.fail()
			return
		}
		w.token(token.FOR)
		w.blank = true
		if key >= 0 {
			w.expr(key)
			if val >= 0 {
				w.token(token.COMMA)
				w.blank = true
				w.expr(val)
			}
			w.blank = true
			w.token(tok)
			w.blank = true
		}
		w.token(token.RANGE)
		w.blank = true
		w.expr(x)
		w.blank = true
		return
	}
	var init, post fstmt
	cond := int32(-1)
	if w.pos < n && w.tok() != token.SEMICOLON {
		init = w.simple()
	}
	if w.tok() == token.SEMICOLON {
		w.pos++
		if w.tok() != token.SEMICOLON {
			cond = w.parseExpr(1)
		}
		w.expect(token.SEMICOLON)
		if w.pos < n {
			post = w.simple()
		}
	} else if init.present {
		if init.tok != token.ILLEGAL {
			w.fail()
			return
		}
		cond, init = w.lists[init.lhs], fstmt{}
	}
	if w.bad || w.pos != n || cond >= 0 && w.nodes[cond].kind == fParen || post.tok == token.DEFINE {
		w.fail()
		return
	}
	w.token(token.FOR)
	w.blank = true
	needsBlank := false
	if !init.present && !post.present {
		if cond >= 0 {
			w.expr(cond)
			needsBlank = true
		}
	} else {
		if init.present {
			w.stmt(init)
		}
		w.token(token.SEMICOLON)
		w.blank = true
		if cond >= 0 {
			w.expr(cond)
			needsBlank = true
		}
		w.token(token.SEMICOLON)
		w.blank = true
		needsBlank = false
		if post.present {
			w.stmt(post)
			needsBlank = true
		}
	}
	if needsBlank {
		w.blank = true
	}
}

// body formats the body of a function whose { is open, reading its
// tokens from lx up to its }. It appends gofmt's bytes of the body, from
// { to } (written at one level of indentation), to w.out and reports
// whether it could, and returns the closing }. When it cannot, it still
// reads up to the } (false if there is none).
func (w *fprinter) body(lx *lexer, open ftok) (ftok, bool) {
	w.out = append(w.out, '{')
	w.blocks = append(w.blocks[:0], blockPlain)
	depth := 1  // the blocks open
	braces := 1 // the braces open
	prevLine := open.line
	for {
		first, ok := lx.next()
		if !ok {
			return first, false
		}
		line := append(w.line[:0], first)
		for {
			t, ok := lx.peek()
			if !ok || t.line != first.line {
				break
			}
			lx.next()
			line = append(line, t)
		}
		w.line = line
		for j, t := range line {
			switch t.t {
			case token.LBRACE:
				braces++
			case token.RBRACE:
				braces--
				if braces == 0 {
					// A body on the line of its { may stay on one line.
					if j != 0 || len(line) != 1 || w.bad || depth != 1 || t.line == open.line {
						return t, false
					}
					w.newlines(t.line - prevLine)
					w.out = append(w.out, '}')
					return t, true
				}
			}
		}
		if !w.bad {
			w.newlines(first.line - prevLine)
			prevLine = first.line
			depth = w.lineIn(line, depth)
		}
	}
}

// The kinds of blocks: a switch's body before its first case clause, and
// after it.
const (
	blockPlain int8 = iota
	blockSwitch
	blockCases
)

// lineIn formats one line of a body at depth (the blocks open) and
// returns the depth after it; w.bad if it cannot. A case clause of a
// switch is written at the switch's indentation, its statements one
// level deeper.
func (w *fprinter) lineIn(line []ftok, depth int) int {
	if line[0].t == token.RBRACE {
		depth--
		if depth < 1 {
			w.bad = true
			return depth
		}
		w.blocks = w.blocks[:depth]
		w.indent(depth)
		w.out = append(w.out, '}')
		line = line[1:]
		if len(line) == 0 {
			return depth
		}
		if line[0].t != token.ELSE || len(line) < 2 {
			w.bad = true
			return depth
		}
		w.out = append(w.out, " else "...)
		line = line[1:]
		if len(line) == 1 && line[0].t == token.LBRACE {
			w.out = append(w.out, '{')
			w.blocks = append(w.blocks, blockPlain)
			return depth + 1
		}
		if line[0].t != token.IF {
			w.bad = true
			return depth
		}
	} else if t := line[0].t; t == token.CASE || t == token.DEFAULT {
		if w.blocks[depth-1] == blockPlain {
			w.bad = true
			return depth
		}
		w.blocks[depth-1] = blockCases
		w.indent(depth - 1)
	} else {
		if w.blocks[depth-1] == blockSwitch {
			w.bad = true // a statement before the first case
			return depth
		}
		w.indent(depth)
	}
	w.opensSw = false
	if w.line1(line) {
		depth++
		kind := blockPlain
		if w.opensSw {
			kind = blockSwitch
		}
		w.blocks = append(w.blocks, kind)
	}
	return depth
}

// newlines writes the line breaks before a line d source lines after the
// previous one: at least one, and one blank line for any number.
func (w *fprinter) newlines(d int32) {
	w.out = append(w.out, '\n')
	if d > 1 {
		w.out = append(w.out, '\n')
	}
}

func (w *fprinter) indent(depth int) {
	for range depth {
		w.out = append(w.out, '\t')
	}
}
