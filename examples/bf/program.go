package bf

import "fmt"

// Brainfuck programs parse into a tree of ops. The parser does what any
// decent interpreter does before running: it merges runs of + - and < >,
// and recognizes the clearing loops [-] [+] and the multiplication loops
// such as [->++>+<<] (no I/O, no inner loop, the pointer back where it
// started, the first cell decremented by one per turn), which add a
// multiple of the cell to its neighbours and clear it. The staged Run and
// the Interpreter anchor both run this tree, so they compare execution
// only.

type opKind uint8

const (
	opAdd   opKind = iota // cell += n (mod 256)
	opMove                // pointer += n
	opIn                  // cell = next input byte, or 0 at the end of the input
	opOut                 // output cell
	opClear               // cell = 0
	opMul                 // cell[d] += cell*k for each term; cell = 0
	opLoop                // while cell != 0 { body }
)

type op struct {
	kind  opKind
	n     int // opAdd: 0..255; opMove: any
	terms []term
	body  []op
}

// term is cell[off] += cell*k (mod 256) of a multiplication loop.
type term struct{ off, k int }

// parse returns the ops of prog; characters other than the eight commands
// are comments.
func parse(prog string) ([]op, error) {
	code, rest, err := parseBlock(prog, 0)
	if err != nil {
		return nil, err
	}
	if rest < len(prog) {
		return nil, fmt.Errorf("bf: unmatched ] at offset %d", rest)
	}
	return code, nil
}

// mustParse is parse for programs known to be valid.
func mustParse(prog string) []op {
	code, err := parse(prog)
	if err != nil {
		panic(err)
	}
	return code
}

// parseBlock parses prog from offset i up to an unmatched ] or the end, and
// returns the ops and the offset of that ] (len(prog) at the end).
func parseBlock(prog string, i int) ([]op, int, error) {
	var code []op
	for ; i < len(prog); i++ {
		switch c := prog[i]; c {
		case '+', '-':
			d := 1
			if c == '-' {
				d = 255
			}
			if k := len(code) - 1; k >= 0 && code[k].kind == opAdd {
				code[k].n = (code[k].n + d) % 256
				if code[k].n == 0 {
					code = code[:k]
				}
				continue
			}
			code = append(code, op{kind: opAdd, n: d})
		case '>', '<':
			d := 1
			if c == '<' {
				d = -1
			}
			if k := len(code) - 1; k >= 0 && code[k].kind == opMove {
				code[k].n += d
				if code[k].n == 0 {
					code = code[:k]
				}
				continue
			}
			code = append(code, op{kind: opMove, n: d})
		case ',':
			code = append(code, op{kind: opIn})
		case '.':
			code = append(code, op{kind: opOut})
		case '[':
			body, end, err := parseBlock(prog, i+1)
			if err != nil {
				return nil, 0, err
			}
			if end >= len(prog) {
				return nil, 0, fmt.Errorf("bf: unmatched [ at offset %d", i)
			}
			code = append(code, loop(body))
			i = end
		case ']':
			return code, i, nil
		}
	}
	return code, i, nil
}

// loop returns the op of the loop [body]: a clear, a multiplication or a
// general loop.
func loop(body []op) op {
	if len(body) == 1 && body[0].kind == opAdd && (body[0].n == 1 || body[0].n == 255) {
		return op{kind: opClear}
	}
	adds := map[int]int{} // offset -> total added per turn
	var order []int
	off := 0
	for _, o := range body {
		switch o.kind {
		case opAdd:
			if _, ok := adds[off]; !ok {
				order = append(order, off)
			}
			adds[off] = (adds[off] + o.n) % 256
		case opMove:
			off += o.n
		default:
			return op{kind: opLoop, body: body}
		}
	}
	if off != 0 || adds[0] != 255 {
		return op{kind: opLoop, body: body}
	}
	m := op{kind: opMul}
	for _, d := range order {
		if d != 0 && adds[d] != 0 {
			m.terms = append(m.terms, term{off: d, k: adds[d]})
		}
	}
	return m
}
