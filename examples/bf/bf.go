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
			m.tape[at], ip = m.read(ip)
		case opOut:
			m.out[op] = m.tape[at]
			op++
		case opMul:
			v := m.tape[at]
			for _, t := range o.terms {
				m.tape[at+stage.Int(t.off)] += mulTerm(v, t.k)
			}
			m.tape[at] = 0
		case opLoop:
			if balanced(o.body) {
				ip, op = m.cachedLoop(o.body, at, ip, op)
				continue
			}
			p, off = at, 0
			for m.tape[p] != 0 {
				p, ip, op = m.block(o.body, p, ip, op)
			}
		}
	}
	return p + stage.Int(off), ip, op
}

// balanced reports whether code is straight-line (no loop) and leaves the
// pointer where it started: the loop [code] works on cells at fixed offsets
// from one pointer.
func balanced(code []op) bool {
	off := 0
	for _, o := range code {
		switch o.kind {
		case opLoop:
			return false
		case opMove:
			off += o.n
		}
	}
	return off == 0
}

// cachedLoop runs the balanced loop [code] with the pointer at p. The
// cells it works on are held in Reps (a static slice, one per offset)
// while it runs: loaded once before the first turn, carried from turn to
// turn as variables of the generated loop (in registers, where the loop
// over the tape would load and store every cell every turn), and stored
// once after the last turn. The first turn touches every cell of the body,
// so the loads and stores happen only if the program touches the cells.
func (m *machine) cachedLoop(code []op, p, ip, op stage.Int) (stage.Int, stage.Int) {
	cs := cellsOf(code)
	if m.tape[p] == 0 {
		return ip, op
	}
	v := make([]stage.Byte, len(cs.offs))
	for i, d := range cs.offs {
		if cs.load[i] {
			v[i] = m.tape[p+stage.Int(d)]
		}
	}
	for v[cs.index(0)] != 0 {
		off := 0
		for _, o := range code {
			c := func(d int) *stage.Byte { return &v[cs.index(off+d)] }
			switch o.kind {
			case opMove:
				off += o.n
			case opAdd:
				*c(0) += stage.Byte(o.n)
			case opClear:
				*c(0) = 0
			case opIn:
				*c(0), ip = m.read(ip)
			case opOut:
				m.out[op] = *c(0)
				op++
			case opMul:
				x := *c(0)
				for _, t := range o.terms {
					*c(t.off) += mulTerm(x, t.k)
				}
				*c(0) = 0
			}
		}
	}
	for i, d := range cs.offs {
		if cs.store[i] {
			m.tape[p+stage.Int(d)] = v[i]
		}
	}
	return ip, op
}

// read returns the next input byte, or 0 at the end of the input, and the
// index of the byte after it, which stops at the end of the input.
func (m *machine) read(ip stage.Int) (stage.Byte, stage.Int) {
	if ip < stage.Int(len(m.in)) {
		return m.in[ip], ip + 1
	}
	return 0, ip
}

// mulTerm returns v·k (mod 256) for a static k, without a multiplication
// for k = ±1.
func mulTerm(v stage.Byte, k int) stage.Byte {
	switch k {
	case 1:
		return v
	case 255:
		return -v
	}
	return v * stage.Byte(k)
}

// cells lists the cells a balanced loop body works on, by offset from the
// loop's pointer, and for each whether its first access reads it (it must
// be loaded before the loop) and whether the body writes it (it must be
// stored after the loop).
type cells struct {
	offs        []int
	load, store []bool
}

// cellsOf returns the cells of a balanced loop body; the loop's own cell,
// read by its condition, comes first.
func cellsOf(code []op) *cells {
	cs := &cells{}
	cs.touch(0, true, false)
	off := 0
	for _, o := range code {
		switch o.kind {
		case opMove:
			off += o.n
		case opAdd:
			cs.touch(off, true, true)
		case opClear, opIn:
			cs.touch(off, false, true)
		case opOut:
			cs.touch(off, true, false)
		case opMul:
			cs.touch(off, true, true)
			for _, t := range o.terms {
				cs.touch(off+t.off, true, true)
			}
		}
	}
	return cs
}

// touch records an access to the cell at offset d.
func (cs *cells) touch(d int, read, write bool) {
	for i, e := range cs.offs {
		if e == d {
			cs.store[i] = cs.store[i] || write
			return
		}
	}
	cs.offs = append(cs.offs, d)
	cs.load = append(cs.load, read)
	cs.store = append(cs.store, write)
}

// index returns the position of offset d in cs.offs.
func (cs *cells) index(d int) int {
	for i, e := range cs.offs {
		if e == d {
			return i
		}
	}
	panic("bf: cell not listed")
}
