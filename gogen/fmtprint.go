package gogen

import "go/token"

// This file writes a function body parsed by fmtparse.go as gofmt writes
// it: the rules of go/printer (nodes.go) for the statements and
// expressions the parser accepts, all on one line each. The spacing of
// binary expressions follows go/printer's binaryExpr, cutoff, walkBinary
// and diffPrec; blanks between tokens that would otherwise combine follow
// its mayCombine; blank lines between statements are kept, at most one,
// as its linebreak keeps them.

// fprinter writes the statements of one body.
type fprinter struct {
	fparser
	line  []ftok // the tokens of the line being formatted
	out   []byte
	last  token.Token // the last token written
	blank bool        // a blank is due before the next token
	// The kinds of the blocks open in the body (blockPlain, blockSwitch,
	// blockCases), and whether the line just formatted opened a switch.
	blocks  []int8
	opensSw bool
}

func (w *fprinter) flush() {
	if w.blank {
		w.out = append(w.out, ' ')
		w.blank = false
	}
}

// token writes an operator or keyword.
func (w *fprinter) token(t token.Token) {
	s := t.String()
	if mayCombine(w.last, s[0]) {
		w.blank = true
	}
	w.flush()
	w.out = append(w.out, s...)
	w.last = t
}

// leaf writes the identifier or literal of token i.
func (w *fprinter) leaf(i int32) {
	tk := w.toks[i]
	w.flush()
	w.out = append(w.out, w.src[tk.off:tk.end]...)
	w.last = tk.t
}

// mayCombine is go/printer's: whether the token prev followed by a token
// starting with next would read as another token.
func mayCombine(prev token.Token, next byte) bool {
	switch prev {
	case token.INT:
		return next == '.'
	case token.ADD:
		return next == '+'
	case token.SUB:
		return next == '-'
	case token.QUO:
		return next == '*'
	case token.LSS:
		return next == '-' || next == '<'
	case token.AND:
		return next == '&' || next == '^'
	}
	return false
}

func (w *fprinter) expr(x int32)             { w.expr1(x, token.LowestPrec, 1) }
func (w *fprinter) expr0(x int32, depth int) { w.expr1(x, token.LowestPrec, depth) }

func reduceDepth(depth int) int {
	if depth > 1 {
		return depth - 1
	}
	return 1
}

func (w *fprinter) exprList(list, n int32, depth int) {
	for i := range n {
		if i > 0 {
			w.token(token.COMMA)
			w.blank = true
		}
		w.expr0(w.lists[list+i], depth)
	}
}

func (w *fprinter) expr1(x int32, prec1, depth int) {
	n := &w.nodes[x]
	switch n.kind {
	case fLeaf:
		w.leaf(n.tok)
	case fBinary:
		depth = max(depth, 1)
		w.binary(x, prec1, w.cutoff(x, depth), depth)
	case fKeyValue:
		w.expr(n.a)
		w.token(token.COLON)
		w.blank = true
		w.expr(n.b)
	case fStar:
		if token.UnaryPrec < prec1 {
			w.token(token.LPAREN)
			w.token(token.MUL)
			w.expr(n.a)
			w.token(token.RPAREN)
		} else {
			w.token(token.MUL)
			w.expr(n.a)
		}
	case fUnary:
		if token.UnaryPrec < prec1 {
			w.token(token.LPAREN)
			w.expr(x)
			w.token(token.RPAREN)
		} else {
			w.token(n.op)
			w.expr1(n.a, token.UnaryPrec, depth)
		}
	case fParen:
		if w.nodes[n.a].kind == fParen {
			w.expr0(n.a, depth)
		} else {
			w.token(token.LPAREN)
			w.expr0(n.a, reduceDepth(depth))
			w.token(token.RPAREN)
		}
	case fSelector:
		w.expr1(n.a, token.HighestPrec, depth)
		w.token(token.PERIOD)
		w.leaf(n.tok)
	case fAssert:
		w.expr1(n.a, token.HighestPrec, depth)
		w.token(token.PERIOD)
		w.token(token.LPAREN)
		w.expr(n.b)
		w.token(token.RPAREN)
	case fIndex:
		w.expr1(n.a, token.HighestPrec, 1)
		w.token(token.LBRACK)
		if n.n == 1 {
			w.expr0(w.lists[n.list], depth+1)
		} else {
			w.exprList(n.list, n.n, depth+1)
		}
		w.token(token.RBRACK)
	case fSlice:
		w.slice(n, depth)
	case fCall:
		if n.n > 1 {
			depth++
		}
		w.expr1(n.a, token.HighestPrec, depth)
		w.token(token.LPAREN)
		w.exprList(n.list, n.n, depth)
		if n.flag {
			w.token(token.ELLIPSIS)
		}
		w.token(token.RPAREN)
	case fComposite:
		if n.a >= 0 {
			w.expr1(n.a, token.HighestPrec, depth)
		}
		w.token(token.LBRACE)
		w.exprList(n.list, n.n, 1)
		w.token(token.RBRACE)
	case fArray:
		w.token(token.LBRACK)
		if n.a >= 0 {
			w.expr(n.a)
		}
		w.token(token.RBRACK)
		w.expr(n.b)
	case fMap:
		w.token(token.MAP)
		w.token(token.LBRACK)
		w.expr(n.a)
		w.token(token.RBRACK)
		w.expr(n.b)
	default:
		panic("BUG: gogen: fprinter: unknown node kind")
	}
}

func (w *fprinter) slice(n *fnode, depth int) {
	w.expr1(n.a, token.HighestPrec, 1)
	w.token(token.LBRACK)
	indices := [3]int32{n.b, n.c, n.d}
	k := 2
	if n.flag {
		k = 3
	}
	needsBlanks := false
	if depth <= 1 {
		count, binaries := 0, false
		for _, x := range indices[:k] {
			if x >= 0 {
				count++
				binaries = binaries || w.nodes[x].kind == fBinary
			}
		}
		needsBlanks = count > 1 && binaries
	}
	for i, x := range indices[:k] {
		if i > 0 {
			if indices[i-1] >= 0 && needsBlanks {
				w.blank = true
			}
			w.token(token.COLON)
			if x >= 0 && needsBlanks {
				w.blank = true
			}
		}
		if x >= 0 {
			w.expr0(x, depth+1)
		}
	}
	w.token(token.RBRACK)
}

// binary is go/printer's binaryExpr.
func (w *fprinter) binary(x int32, prec1, cutoff, depth int) {
	n := w.nodes[x]
	prec := n.op.Precedence()
	if prec < prec1 {
		w.token(token.LPAREN)
		w.expr0(x, reduceDepth(depth))
		w.token(token.RPAREN)
		return
	}
	printBlank := prec < cutoff
	w.expr1(n.a, prec, depth+w.diffPrec(n.a, prec))
	if printBlank {
		w.blank = true
	}
	w.token(n.op)
	if printBlank {
		w.blank = true
	}
	w.expr1(n.b, prec+1, depth+1)
}

func (w *fprinter) diffPrec(x int32, prec int) int {
	n := w.nodes[x]
	if n.kind != fBinary || prec != n.op.Precedence() {
		return 1
	}
	return 0
}

func (w *fprinter) cutoff(x int32, depth int) int {
	has4, has5, maxProblem := w.walkBinary(x)
	if maxProblem > 0 {
		return maxProblem + 1
	}
	if has4 && has5 {
		if depth == 1 {
			return 5
		}
		return 4
	}
	if depth == 1 {
		return 6
	}
	return 4
}

func (w *fprinter) walkBinary(x int32) (has4, has5 bool, maxProblem int) {
	e := w.nodes[x]
	prec := e.op.Precedence()
	switch prec {
	case 4:
		has4 = true
	case 5:
		has5 = true
	}
	if l := w.nodes[e.a]; l.kind == fBinary && l.op.Precedence() >= prec {
		h4, h5, mp := w.walkBinary(e.a)
		has4, has5, maxProblem = has4 || h4, has5 || h5, max(maxProblem, mp)
	}
	switch r := w.nodes[e.b]; r.kind {
	case fBinary:
		if r.op.Precedence() > prec {
			h4, h5, mp := w.walkBinary(e.b)
			has4, has5, maxProblem = has4 || h4, has5 || h5, max(maxProblem, mp)
		}
	case fStar:
		if e.op == token.QUO {
			maxProblem = 5
		}
	case fUnary:
		switch e.op.String() + r.op.String() {
		case "/*", "&&", "&^":
			maxProblem = 5
		case "++", "--":
			maxProblem = max(maxProblem, 4)
		}
	}
	return has4, has5, maxProblem
}
