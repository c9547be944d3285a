package bf

// Interpreter runs a parsed program with a bytecode loop: the anchor, what
// a Go program runs when the program is data.
type Interpreter struct {
	code []instr
}

// instr is a bytecode instruction. Loops are two jumps: opLoop to after its
// end when the cell is zero, opEnd back to after its start when it is not.
type instr struct {
	kind  opKind
	n     int // opAdd, opMove: the amount; opLoop, opEnd: the jump target
	terms []term
}

// opEnd closes a loop in bytecode.
const opEnd = opLoop + 1

// NewInterpreter parses prog and flattens it into bytecode.
func NewInterpreter(prog string) (*Interpreter, error) {
	code, err := parse(prog)
	if err != nil {
		return nil, err
	}
	it := &Interpreter{}
	it.flatten(code)
	return it, nil
}

func (it *Interpreter) flatten(code []op) {
	for _, o := range code {
		if o.kind != opLoop {
			it.code = append(it.code, instr{kind: o.kind, n: o.n, terms: o.terms})
			continue
		}
		start := len(it.code)
		it.code = append(it.code, instr{kind: opLoop})
		it.flatten(o.body)
		it.code = append(it.code, instr{kind: opEnd, n: start + 1})
		it.code[start].n = len(it.code)
	}
}

// Run runs the program as Run does and returns the number of bytes
// written.
func (it *Interpreter) Run(tape, in, out []byte) int {
	p, ip, op := 0, 0, 0
	code := it.code
	for pc := 0; pc < len(code); {
		c := &code[pc]
		pc++
		switch c.kind {
		case opAdd:
			tape[p] += byte(c.n)
		case opMove:
			p += c.n
		case opIn:
			if ip < len(in) {
				tape[p] = in[ip]
				ip++
			} else {
				tape[p] = 0
			}
		case opOut:
			out[op] = tape[p]
			op++
		case opClear:
			tape[p] = 0
		case opMul:
			v := tape[p]
			for _, t := range c.terms {
				tape[p+t.off] += v * byte(t.k)
			}
			tape[p] = 0
		case opLoop:
			if tape[p] == 0 {
				pc = c.n
			}
		case opEnd:
			if tape[p] != 0 {
				pc = c.n
			}
		}
	}
	return op
}
