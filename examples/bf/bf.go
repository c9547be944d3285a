// Package bf specializes a Brainfuck interpreter to a program: the first
// Futamura projection. The program is static, the tape, the input and the
// output are dynamic; staging the interpreter leaves the program compiled.
//
// Run is the interpreter, written as a staging function. Its dispatch on
// the op, the walk over the program and the pointer moves between loops
// are static: they run at generation time. Left are the cell updates, at
// constant offsets from a pointer that changes only where a loop needs it,
// and the loops themselves, as staged loops. Interpreter is the anchor: the
// same parsed program run by a bytecode loop.
//
// The dialect: a cell is a byte that wraps around; , stores 0 at the end of
// the input; the tape is the caller's slice, and moving off it panics
// (index out of range) as writing past the end of out does.
package bf

import "github.com/lmsgen/lmsgen/stage"

//go:generate go run github.com/lmsgen/lmsgen/cmd/lmsgen -lang=go,c

// Run runs the Brainfuck program prog with the tape (cells initially as the
// caller left them, the pointer at cell 0), reading in and writing out; it
// returns the number of bytes written.
//
//lms:gen BFReverse prog=Reverse
//lms:gen BFChecksum prog=Checksum
//lms:gen BFSquares prog=Squares
func Run(prog string, tape, in, out []stage.Byte) stage.Int {
	m := &machine{tape: tape, in: in, out: out}
	_, _, n := m.block(mustParse(prog), 0, 0, 0)
	return n
}

// machine holds the dynamic slices the program works on.
type machine struct {
	tape, in, out []stage.Byte
}

// block runs the ops of code with the pointer at p, the next input byte at
// in[ip] and the next output byte at out[op], and returns those three
// after it. Pointer moves accumulate in the static off and reach p only
// before a loop and at the end of the block, so a cell is addressed as
// p+constant and a block does not change p at all when its moves cancel.
func (m *machine) block(code []op, p, ip, op stage.Int) (stage.Int, stage.Int, stage.Int) {
	off := 0
	for _, o := range code {
		at := p + stage.Int(off)
		switch o.kind {
		case opMove:
			off += o.n
		case opAdd:
			m.tape[at] += stage.Byte(o.n)
		case opClear:
			m.tape[at] = 0
		case opIn:
			// ip stops at the end of the input. (Not ip++ in the first
			// branch: lmsgen then emits ip = ip in the other, which vet
			// rejects.)
			if ip < stage.Int(len(m.in)) {
				m.tape[at] = m.in[ip]
			} else {
				m.tape[at] = 0
			}
			ip = min(ip+1, stage.Int(len(m.in)))
		case opOut:
			m.out[op] = m.tape[at]
			op++
		case opMul:
			v := m.tape[at]
			for _, t := range o.terms {
				switch t.k {
				case 1:
					m.tape[at+stage.Int(t.off)] += v
				case 255:
					m.tape[at+stage.Int(t.off)] -= v
				default:
					m.tape[at+stage.Int(t.off)] += v * stage.Byte(t.k)
				}
			}
			m.tape[at] = 0
		case opLoop:
			p, off = at, 0
			for m.tape[p] != 0 {
				p, ip, op = m.block(o.body, p, ip, op)
			}
		}
	}
	return p + stage.Int(off), ip, op
}
