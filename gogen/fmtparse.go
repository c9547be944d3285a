package gogen

import "go/token"

// This file reads the statements of a function body as jennifer renders
// them, for the direct formatter (fmtfile.go): a lexer over the source
// bytes (no string per token) and a parser of the one-line statements
// and expressions gogen writes into a flat array of nodes. Anything else
// (a comment, a statement over several lines, a closure, a label, a
// literal gofmt would rewrite) makes the parse fail, and the function is
// formatted by go/format instead.

// A ftok is a token of the source: its kind (token.IDENT, a literal's
// kind, an operator or keyword) and its bytes src[off:end], on line.
type ftok struct {
	t        token.Token
	off, end int32
	line     int32
}

// A lexer reads the tokens of src one at a time. A comment, a raw string
// over several lines and a number gofmt would rewrite are tokens of kind
// token.ILLEGAL, which no body may hold. A byte it does not know or a
// literal left open ends the tokens and sets bad.
type lexer struct {
	src    []byte
	i      int
	line   int32
	peeked bool
	pk     ftok
	pkOK   bool
	bad    bool
}

func newLexer(src []byte) *lexer { return &lexer{src: src, line: 1} }

// next returns the next token, or false at the end.
func (l *lexer) next() (ftok, bool) {
	if l.peeked {
		l.peeked = false
		return l.pk, l.pkOK
	}
	return l.scan()
}

// peek returns the next token without consuming it.
func (l *lexer) peek() (ftok, bool) {
	if !l.peeked {
		l.pk, l.pkOK = l.scan()
		l.peeked = true
	}
	return l.pk, l.pkOK
}

func (l *lexer) scan() (ftok, bool) {
	src, i, line := l.src, l.i, l.line
	nl := int32(0) // the line breaks inside the token
	for i < len(src) {
		c := src[i]
		start := i
		var t token.Token
		switch {
		case c == '\n':
			line++
			i++
			continue
		case c == ' ' || c == '\t' || c == '\r':
			i++
			continue
		case isLetter(c):
			for i < len(src) && (isLetter(src[i]) || isDigit(src[i])) {
				i++
			}
			t = keyword(src[start:i])
		case isDigit(c) || c == '.' && i+1 < len(src) && isDigit(src[i+1]):
			t = token.INT
			exp := byte('e') // the exponent's letter
			if i+1 < len(src) && c == '0' && (src[i+1] == 'x' || src[i+1] == 'X') {
				exp = 'p'
			}
			for i < len(src) {
				d := src[i]
				switch {
				case isDigit(d) || isLetter(d):
					if d == exp {
						t = token.FLOAT
						if i+1 < len(src) && (src[i+1] == '+' || src[i+1] == '-') {
							i++
						}
					}
					if d == 'i' {
						t = token.IMAG
					}
				case d == '.':
					t = token.FLOAT
				default:
					goto num
				}
				i++
			}
		num:
			if !plainNumber(src[start:i]) {
				t = token.ILLEGAL
			}
		case c == '"' || c == '\'':
			i++
			for i < len(src) && src[i] != c {
				if src[i] == '\\' {
					i++
				}
				if i < len(src) && src[i] == '\n' {
					l.bad = true
					return ftok{}, false
				}
				i++
			}
			if i >= len(src) {
				l.bad = true
				return ftok{}, false
			}
			i++
			t = token.STRING
			if c == '\'' {
				t = token.CHAR
			}
		case c == '`':
			i++
			t = token.STRING
			for i < len(src) && src[i] != '`' {
				if src[i] == '\n' || src[i] == '\r' {
					nl += int32(b2i(src[i] == '\n'))
					t = token.ILLEGAL
				}
				i++
			}
			if i >= len(src) {
				l.bad = true
				return ftok{}, false
			}
			i++
		case c == '/' && i+1 < len(src) && src[i+1] == '/':
			for i < len(src) && src[i] != '\n' {
				i++
			}
			t = token.ILLEGAL
		case c == '/' && i+1 < len(src) && src[i+1] == '*':
			i += 2
			for i+1 < len(src) && !(src[i] == '*' && src[i+1] == '/') {
				if src[i] == '\n' {
					nl++
				}
				i++
			}
			if i+1 >= len(src) {
				l.bad = true
				return ftok{}, false
			}
			i += 2
			t = token.ILLEGAL
		default:
			t, i = operator(src, i)
			if t == token.ILLEGAL {
				l.bad = true
				return ftok{}, false
			}
		}
		l.i, l.line = i, line+nl
		return ftok{t: t, off: int32(start), end: int32(i), line: line}, true
	}
	l.i, l.line = i, line
	return ftok{}, false
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

func isLetter(c byte) bool { return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || c == '_' }
func isDigit(c byte) bool  { return '0' <= c && c <= '9' }

// plainNumber reports whether b is a number literal gogen writes and
// gofmt leaves as it is: a decimal integer, a hexadecimal integer with
// a lower-case prefix, or a decimal float with a lower-case exponent.
func plainNumber(b []byte) bool {
	if len(b) > 2 && b[0] == '0' && b[1] == 'x' {
		for _, c := range b[2:] {
			if !isDigit(c) && !('a' <= c && c <= 'f') && !('A' <= c && c <= 'F') {
				return false
			}
		}
		return true
	}
	i := 0
	digits := func() int {
		j := i
		for i < len(b) && isDigit(b[i]) {
			i++
		}
		return i - j
	}
	n := digits()
	if n > 1 && b[0] == '0' && i == len(b) {
		return false // octal
	}
	if i < len(b) && b[i] == '.' {
		i++
		n += digits()
	}
	if n == 0 {
		return false
	}
	if i < len(b) && b[i] == 'e' {
		i++
		if i < len(b) && (b[i] == '+' || b[i] == '-') {
			i++
		}
		if digits() == 0 {
			return false
		}
	}
	return i == len(b)
}

// keyword returns the keyword b spells, or token.IDENT.
func keyword(b []byte) token.Token {
	if len(b) < 2 || b[0] < 'b' || b[0] > 'v' {
		return token.IDENT
	}
	switch string(b) {
	case "break":
		return token.BREAK
	case "case":
		return token.CASE
	case "chan":
		return token.CHAN
	case "const":
		return token.CONST
	case "continue":
		return token.CONTINUE
	case "default":
		return token.DEFAULT
	case "defer":
		return token.DEFER
	case "else":
		return token.ELSE
	case "fallthrough":
		return token.FALLTHROUGH
	case "for":
		return token.FOR
	case "func":
		return token.FUNC
	case "go":
		return token.GO
	case "goto":
		return token.GOTO
	case "if":
		return token.IF
	case "import":
		return token.IMPORT
	case "interface":
		return token.INTERFACE
	case "map":
		return token.MAP
	case "package":
		return token.PACKAGE
	case "range":
		return token.RANGE
	case "return":
		return token.RETURN
	case "select":
		return token.SELECT
	case "struct":
		return token.STRUCT
	case "switch":
		return token.SWITCH
	case "type":
		return token.TYPE
	case "var":
		return token.VAR
	}
	return token.IDENT
}

// operators lists Go's operators and delimiters, longest first for each
// leading byte.
var operators = []token.Token{
	token.SHL_ASSIGN, token.SHR_ASSIGN, token.AND_NOT_ASSIGN, token.ELLIPSIS,
	token.ADD_ASSIGN, token.SUB_ASSIGN, token.MUL_ASSIGN, token.QUO_ASSIGN, token.REM_ASSIGN,
	token.AND_ASSIGN, token.OR_ASSIGN, token.XOR_ASSIGN, token.SHL, token.SHR, token.AND_NOT,
	token.LAND, token.LOR, token.ARROW, token.INC, token.DEC, token.EQL, token.NEQ, token.LEQ,
	token.GEQ, token.DEFINE,
	token.ADD, token.SUB, token.MUL, token.QUO, token.REM, token.AND, token.OR, token.XOR,
	token.LSS, token.GTR, token.ASSIGN, token.NOT, token.TILDE, token.LPAREN, token.LBRACK,
	token.LBRACE, token.COMMA, token.PERIOD, token.RPAREN, token.RBRACK, token.RBRACE,
	token.SEMICOLON, token.COLON,
}

// opsByByte lists the operators of operators by their first byte, in
// the same order (longest first).
var opsByByte = func() (t [128][]token.Token) {
	for _, op := range operators {
		c := op.String()[0]
		t[c] = append(t[c], op)
	}
	return t
}()

// operator returns the operator at src[i:] and the offset after it.
func operator(src []byte, i int) (token.Token, int) {
	if src[i] >= 128 {
		return token.ILLEGAL, i
	}
	for _, t := range opsByByte[src[i]] {
		s := t.String()
		if len(src)-i >= len(s) && string(src[i:i+len(s)]) == s {
			return t, i + len(s)
		}
	}
	return token.ILLEGAL, i
}

// The kinds of fnode.
type fkind uint8

const (
	fLeaf      fkind = iota // an identifier or literal: tok
	fBinary                 // a op b
	fUnary                  // op a
	fStar                   // *a
	fParen                  // (a)
	fSelector               // a.tok
	fIndex                  // a[list]
	fSlice                  // a[b:c] or a[b:c:d], -1 where absent; three: flag
	fCall                   // a(list), with ... if flag
	fComposite              // a{list}, a = -1 for an elided type
	fKeyValue               // a: b
	fArray                  // [a]b, a = -1 for a slice type
	fMap                    // map[a]b
	fAssert                 // a.(b)
)

// An fnode is an expression of the statement being formatted.
type fnode struct {
	kind       fkind
	flag       bool
	op         token.Token
	tok        int32
	a, b, c, d int32
	list, n    int32 // fparser.lists[list:list+n]
}

// maxParseDepth bounds the parser's recursion: deeper code is left to
// go/format (which reports code nested beyond its own limit).
const maxParseDepth = 1000

// fparser parses the tokens of one line.
type fparser struct {
	src   []byte
	toks  []ftok // the line's tokens
	pos   int
	nodes []fnode
	lists []int32
	stack []int32
	depth int
	lev   int // < 0 in the header of an if or for: a { ends the expression
	bad   bool
}

func (p *fparser) reset(toks []ftok) {
	p.toks, p.pos, p.nodes, p.lists, p.stack, p.depth, p.lev, p.bad = toks, 0, p.nodes[:0], p.lists[:0], p.stack[:0], 0, 0, false
}

func (p *fparser) tok() token.Token {
	if p.pos < len(p.toks) {
		return p.toks[p.pos].t
	}
	return token.EOF
}

func (p *fparser) expect(t token.Token) {
	if p.tok() != t {
		p.bad = true
		return
	}
	p.pos++
}

func (p *fparser) node(n fnode) int32 {
	p.nodes = append(p.nodes, n)
	return int32(len(p.nodes) - 1)
}

// expr parses an expression whose binary operators bind at least prec1.
func (p *fparser) parseExpr(prec1 int) int32 {
	p.depth++
	if p.depth > maxParseDepth {
		p.bad = true
	}
	x := p.unary()
	for !p.bad {
		op := p.tok()
		prec := op.Precedence()
		if prec < prec1 || prec == token.LowestPrec {
			break
		}
		p.pos++
		y := p.parseExpr(prec + 1)
		x = p.node(fnode{kind: fBinary, op: op, a: x, b: y})
	}
	p.depth--
	return x
}

func (p *fparser) unary() int32 {
	if p.bad {
		return -1
	}
	switch op := p.tok(); op {
	case token.ADD, token.SUB, token.NOT, token.XOR, token.AND, token.TILDE:
		p.pos++
		x := p.unary()
		return p.node(fnode{kind: fUnary, op: op, a: x})
	case token.MUL:
		p.pos++
		x := p.unary()
		return p.node(fnode{kind: fStar, a: x})
	}
	return p.primary()
}

func (p *fparser) primary() int32 {
	var x int32
	switch p.tok() {
	case token.IDENT, token.INT, token.FLOAT, token.IMAG, token.CHAR, token.STRING:
		x = p.node(fnode{kind: fLeaf, tok: int32(p.pos)})
		p.pos++
	case token.LPAREN:
		p.pos++
		p.lev++
		in := p.parseExpr(1)
		p.lev--
		p.expect(token.RPAREN)
		x = p.node(fnode{kind: fParen, a: in})
	case token.LBRACK, token.MAP:
		x = p.typ()
	default:
		p.bad = true
		return -1
	}
	for !p.bad {
		switch p.tok() {
		case token.PERIOD:
			p.pos++
			if p.tok() == token.LPAREN {
				p.pos++
				t := p.typ()
				p.expect(token.RPAREN)
				x = p.node(fnode{kind: fAssert, a: x, b: t})
				continue
			}
			if p.tok() != token.IDENT {
				p.bad = true
				return -1
			}
			x = p.node(fnode{kind: fSelector, a: x, tok: int32(p.pos)})
			p.pos++
		case token.LBRACK:
			p.pos++
			p.lev++
			x = p.indexOrSlice(x)
			p.lev--
		case token.LPAREN:
			p.pos++
			p.lev++
			x = p.call(x)
			p.lev--
		case token.LBRACE:
			if !p.literalType(x) {
				return x
			}
			x = p.composite(x)
		default:
			return x
		}
	}
	return -1
}

// typ parses a type: a name, possibly qualified, or a slice, array,
// map or pointer type of one.
func (p *fparser) typ() int32 {
	switch p.tok() {
	case token.IDENT:
		x := p.node(fnode{kind: fLeaf, tok: int32(p.pos)})
		p.pos++
		if p.tok() == token.PERIOD && p.pos+1 < len(p.toks) && p.toks[p.pos+1].t == token.IDENT {
			x = p.node(fnode{kind: fSelector, a: x, tok: int32(p.pos + 1)})
			p.pos += 2
		}
		return x
	case token.LBRACK:
		p.pos++
		n := int32(-1)
		if p.tok() != token.RBRACK {
			p.lev++
			n = p.parseExpr(1)
			p.lev--
		}
		p.expect(token.RBRACK)
		elt := p.typ()
		return p.node(fnode{kind: fArray, a: n, b: elt})
	case token.MAP:
		p.pos++
		p.expect(token.LBRACK)
		k := p.typ()
		p.expect(token.RBRACK)
		v := p.typ()
		return p.node(fnode{kind: fMap, a: k, b: v})
	case token.MUL:
		p.pos++
		x := p.typ()
		return p.node(fnode{kind: fStar, a: x})
	}
	p.bad = true
	return -1
}

// literalType reports whether { after x starts a composite literal, as
// go/parser decides.
func (p *fparser) literalType(x int32) bool {
	switch n := p.nodes[x]; n.kind {
	case fLeaf:
		return p.toks[n.tok].t == token.IDENT && p.lev >= 0
	case fSelector:
		return p.nodes[n.a].kind == fLeaf && p.lev >= 0
	case fIndex:
		return p.lev >= 0
	case fArray, fMap:
		return true
	}
	return false
}

func (p *fparser) indexOrSlice(x int32) int32 {
	idx := [3]int32{-1, -1, -1}
	ncolon := 0
	if p.tok() != token.COLON {
		idx[0] = p.parseExpr(1)
		if p.tok() == token.COMMA {
			// A generic instantiation f[A, B].
			base := len(p.stack)
			p.stack = append(p.stack, idx[0])
			for p.tok() == token.COMMA && !p.bad {
				p.pos++
				p.stack = append(p.stack, p.typ())
			}
			p.expect(token.RBRACK)
			n := int32(len(p.stack) - base)
			return p.node(fnode{kind: fIndex, a: x, list: p.pushList(base), n: n})
		}
	}
	for p.tok() == token.COLON && ncolon < 2 && !p.bad {
		p.pos++
		ncolon++
		if t := p.tok(); t != token.COLON && t != token.RBRACK {
			idx[ncolon] = p.parseExpr(1)
		}
	}
	p.expect(token.RBRACK)
	if ncolon == 0 {
		p.stack = append(p.stack, idx[0])
		return p.node(fnode{kind: fIndex, a: x, list: p.pushList(len(p.stack) - 1), n: 1})
	}
	if ncolon == 2 && (idx[1] < 0 || idx[2] < 0) {
		p.bad = true
	}
	return p.node(fnode{kind: fSlice, a: x, b: idx[0], c: idx[1], d: idx[2], flag: ncolon == 2})
}

// pushList moves the elements of the stack above base to a list and
// returns its start.
func (p *fparser) pushList(base int) int32 {
	start := int32(len(p.lists))
	p.lists = append(p.lists, p.stack[base:]...)
	p.stack = p.stack[:base]
	return start
}

func (p *fparser) call(fun int32) int32 {
	base := len(p.stack)
	ellipsis := false
	for p.tok() != token.RPAREN && !p.bad {
		p.stack = append(p.stack, p.parseExpr(1))
		if p.tok() == token.ELLIPSIS {
			p.pos++
			ellipsis = true
			break
		}
		if p.tok() != token.COMMA {
			break
		}
		p.pos++
		if p.tok() == token.RPAREN {
			p.bad = true // a trailing comma
		}
	}
	p.expect(token.RPAREN)
	n := int32(len(p.stack) - base)
	return p.node(fnode{kind: fCall, a: fun, list: p.pushList(base), n: n, flag: ellipsis})
}

func (p *fparser) composite(typ int32) int32 {
	p.expect(token.LBRACE)
	lev := p.lev
	p.lev = 1
	base := len(p.stack)
	for p.tok() != token.RBRACE && !p.bad {
		var e int32
		if p.tok() == token.LBRACE {
			e = p.composite(-1)
		} else {
			e = p.parseExpr(1)
		}
		if p.tok() == token.COLON {
			p.pos++
			var v int32
			if p.tok() == token.LBRACE {
				v = p.composite(-1)
			} else {
				v = p.parseExpr(1)
			}
			e = p.node(fnode{kind: fKeyValue, a: e, b: v})
		}
		p.stack = append(p.stack, e)
		if p.tok() != token.COMMA {
			break
		}
		p.pos++
		if p.tok() == token.RBRACE {
			p.bad = true // a trailing comma
		}
	}
	p.expect(token.RBRACE)
	p.lev = lev
	n := int32(len(p.stack) - base)
	return p.node(fnode{kind: fComposite, a: typ, list: p.pushList(base), n: n})
}
