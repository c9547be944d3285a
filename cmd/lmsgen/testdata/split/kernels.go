// Package kernels holds staged loops whose loop-carried values keep their
// static values or shapes: speculative rewriting builds them without the
// variables and the memory they would otherwise need.
package kernels

import (
	"fmt"

	"github.com/lmsgen/lmsgen/stage"
)

// Tutorial is the example of speculative rewriting in the compiler
// tutorial: x keeps its value 7, so x < 10 is static, x = int(c) is never
// reached and x is no variable; c changes, so it is one.
//
//lms:gen Tutorial
func tutorial() {
	x := 7
	c := stage.Int(0)
	for c < 10 {
		if x < 10 {
			fmt.Print("!")
		} else {
			x = int(c)
		}
		fmt.Print(x)
		fmt.Print(c)
		c += 1
	}
	fmt.Println()
}

// An op is an instruction of a stack machine; a loop runs its body while
// the top of the stack is positive.
type op struct {
	code int
	arg  int
	body []op
}

const (
	opPush = iota
	opAdd
	opMul
	opDup
	opSwap
	opRot
	opDrop
	opDec
	opOut
	opLoop
)

// runFixed runs prog on a stack held in a fixed slice, sp its height.
func runFixed(prog []op, stack []stage.Int, sp int) int {
	for _, o := range prog {
		switch o.code {
		case opPush:
			stack[sp] = stage.Int(o.arg)
			sp++
		case opAdd:
			stack[sp-2] += stack[sp-1]
			sp--
		case opMul:
			stack[sp-2] *= stack[sp-1]
			sp--
		case opDup:
			stack[sp] = stack[sp-1]
			sp++
		case opSwap:
			stack[sp-2], stack[sp-1] = stack[sp-1], stack[sp-2]
		case opRot:
			stack[sp-3], stack[sp-2], stack[sp-1] = stack[sp-2], stack[sp-1], stack[sp-3]
		case opDrop:
			sp--
		case opDec:
			stack[sp-1]--
		case opOut:
			fmt.Println(stack[sp-1])
		case opLoop:
			for stack[sp-1] > 0 {
				sp = runFixed(o.body, stack, sp)
			}
		}
	}
	return sp
}

// runAppend runs prog on a stack grown with append and shrunk by
// reslicing.
func runAppend(prog []op, stack []stage.Int) []stage.Int {
	for _, o := range prog {
		n := len(stack)
		switch o.code {
		case opPush:
			stack = append(stack, stage.Int(o.arg))
		case opAdd:
			stack[n-2] += stack[n-1]
			stack = stack[:n-1]
		case opMul:
			stack[n-2] *= stack[n-1]
			stack = stack[:n-1]
		case opDup:
			stack = append(stack, stack[n-1])
		case opSwap:
			stack[n-2], stack[n-1] = stack[n-1], stack[n-2]
		case opRot:
			stack[n-3], stack[n-2], stack[n-1] = stack[n-2], stack[n-1], stack[n-3]
		case opDrop:
			stack = stack[:n-1]
		case opDec:
			stack[n-1]--
		case opOut:
			fmt.Println(stack[n-1])
		case opLoop:
			for stack[len(stack)-1] > 0 {
				stack = runAppend(o.body, stack)
			}
		}
	}
	return stack
}

// factorial computes n! on a stack [n]: with [acc n] and n on top, while
// n > 0 { print n; acc *= n; count n down to 0 in an inner loop (a
// nested staged loop); n-- }, then leaves [acc].
var factorial = []op{
	{code: opPush, arg: 1}, // n 1
	{code: opSwap},         // acc n
	{code: opLoop, body: []op{
		{code: opOut},
		{code: opDup},  // acc n n
		{code: opRot},  // n n acc
		{code: opMul},  // n acc*n
		{code: opSwap}, // acc n
		{code: opDup},  // acc n n
		{code: opLoop, body: []op{{code: opDec}}}, // acc n 0
		{code: opDrop}, // acc n
		{code: opDec},
	}},
	{code: opDrop},
}

// Machine runs a stack program, with a loop, on a fixed stack: the stack
// pointer is the same at every iteration of the program's loop, so the
// stack is a set of variables and no slice.
//
//lms:gen Machine
func machine(n stage.Int) stage.Int {
	prog := []op{
		{code: opPush, arg: 1}, // n 1
		{code: opSwap},         // acc n
		{code: opLoop, body: []op{
			{code: opOut},
			{code: opSwap}, {code: opPush, arg: 2}, {code: opMul}, {code: opSwap}, // acc*2 n
			{code: opDec},
		}},
		{code: opDrop},
	}
	stack := make([]stage.Int, 8)
	stack[0] = n % 16
	sp := runFixed(prog, stack, 1)
	return stack[sp-1]
}

// Factorial runs a longer program, with a nested loop, on a stack grown
// with append and shrunk by reslicing, with a capacity: the stack keeps
// its storage and its length at every iteration, so it is a set of
// variables too.
//
//lms:gen Factorial
func factorialAppend(n stage.Int) stage.Int {
	stack := make([]stage.Int, 0, 8)
	stack = append(stack, n%16)
	stack = runAppend(factorial, stack)
	return stack[len(stack)-1]
}

// Grown runs the same program on a stack with no capacity: append makes
// new storage at the first iterations, so the stack changes from one
// iteration to the next and is a slice of the generated code.
//
//lms:gen Grown
func grown(n stage.Int) stage.Int {
	var stack []stage.Int
	stack = append(stack, n%16)
	stack = runAppend(factorial, stack)
	return stack[len(stack)-1]
}

// Pushes grows an empty stack, held by a closure, in a staged loop.
//
//lms:gen Pushes
func pushes(n stage.Int) stage.Int {
	var stack []stage.Int
	push := func(x stage.Int) { stack = append(stack, x) }
	pop := func() stage.Int {
		x := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		return x
	}
	acc := stage.Int(0)
	for i := stage.Int(0); i < n%100; i++ {
		push(i)
		push(acc)
		acc = pop()*3 + pop()
	}
	return acc + stage.Int(len(stack))
}

// A vm is a stack machine held in a struct.
type vm struct {
	stack [8]stage.Int
	sp    int
}

func (m *vm) push(x stage.Int) { m.stack[m.sp] = x; m.sp++ }
func (m *vm) pop() stage.Int   { m.sp--; return m.stack[m.sp] }
func (m *vm) top() stage.Int   { return m.stack[m.sp-1] }

func (m *vm) exec(prog []op) {
	for _, o := range prog {
		switch o.code {
		case opPush:
			m.push(stage.Int(o.arg))
		case opAdd:
			m.push(m.pop() + m.pop())
		case opMul:
			m.push(m.pop() * m.pop())
		case opDup:
			m.push(m.top())
		case opSwap:
			x, y := m.pop(), m.pop()
			m.push(x)
			m.push(y)
		case opRot:
			c, b, a := m.pop(), m.pop(), m.pop()
			m.push(b)
			m.push(c)
			m.push(a)
		case opDrop:
			m.pop()
		case opDec:
			m.push(m.pop() - 1)
		case opOut:
			fmt.Println(m.top())
		case opLoop:
			for m.top() > 0 {
				m.exec(o.body)
			}
		}
	}
}

// VM runs the factorial program on a machine behind a pointer, its
// stack pointer a field: it keeps its value at every iteration too.
//
//lms:gen VM
func vmRun(n stage.Int) stage.Int {
	m := &vm{}
	m.push(n % 16)
	m.exec(factorial)
	return m.pop()
}

// Changing keeps a static flag that a staged branch changes: the
// assumption fails and the flag is a variable.
//
//lms:gen Changing
func changing(xs []stage.Int) stage.Int {
	neg := false
	sum := stage.Int(0)
	for _, x := range xs {
		if neg {
			sum -= x
		} else {
			sum += x
		}
		if x < 0 {
			neg = true
		}
	}
	return sum
}

// Split is the compiler tutorial's example of statement splitting: the
// conditional assigns a, b and c; split per variable, the part for b,
// which nothing prints, is dead, and the parts for a and c are merged
// back into one conditional.
//
//lms:gen Split
func splitVars(cond stage.Bool, n stage.Int) {
	a, b, c := stage.Int(1), stage.Int(2), stage.Int(4)
	for i := stage.Int(0); i < n%10; i++ {
		if cond {
			a = 9
			b = 1
		} else {
			c = 3
		}
		fmt.Println(a + c)
		_ = b
	}
}

// Merged assigns, in the branches of a staged conditional, slices that
// the generated code allocates: they are merged, and a write through one
// is seen through the merged slice.
//
//lms:gen Merged
func merged(cond stage.Bool, x, n stage.Int) stage.Int {
	t := make([]stage.Int, n%3+1)
	u := make([]stage.Int, n%2+1)
	var s []stage.Int
	if cond {
		s = t
	} else {
		s = u
		u[0] = x * 2
	}
	a := s[0]
	t[0] = x
	u[0] = x + 1
	return a + s[0] + stage.Int(len(s))
}

// Made allocates the merged slices in the branches.
//
//lms:gen Made
func made(cond stage.Bool, x, n stage.Int) stage.Int {
	var s []stage.Int
	if cond {
		s = make([]stage.Int, n%4+1)
		s[0] = x
	} else {
		s = make([]stage.Int, n%3+2)
		s[1] = x
	}
	s[0]++
	return s[0] + stage.Int(len(s))
}

// MinMax has conditionals with several results: lo and hi taken apart
// and printed, and the function's two results, which a conditional
// returns as a whole and a loop carries; splitting keeps every one.
//
//lms:gen MinMax
func minMax(a, b, n stage.Int) (stage.Int, stage.Int) {
	lo, hi := a, b
	if b < a {
		lo, hi = b, a
	}
	fmt.Println(lo, hi)
	for i := stage.Int(0); i < n%4; i++ {
		if lo > 0 {
			lo, hi = hi-1, lo
		} else {
			lo, hi = lo+i, hi*2
		}
	}
	if hi < 10 {
		return lo * 2, hi
	}
	return hi, lo
}

// Complex is a struct of Reps: split into one value per field wherever it
// flows (parameters, results, staged variables, conditionals, loops).
type Complex struct{ Re, Im stage.Float64 }

func cmul(a, b Complex) Complex {
	return Complex{a.Re*b.Re - a.Im*b.Im, a.Re*b.Im + a.Im*b.Re}
}

// StructLoop carries structs through a staged loop, swapped and
// assigned whole, and through a pointer whose field a staged branch
// assigns.
//
//lms:gen StructLoop
func structLoop(a, b Complex, n stage.Int) (Complex, stage.Float64) {
	p := &Complex{1, 0}
	for i := stage.Int(0); i < n%6; i++ {
		a, b = b, cmul(a, b)
		*p = cmul(*p, a)
		if p.Re > 100 {
			p.Re = 100
		}
	}
	return a, p.Re - p.Im
}

// StructPick merges structs across a staged conditional, assigned whole
// in one branch and by field in the other.
//
//lms:gen StructPick
func structPick(c stage.Bool, a, b Complex) Complex {
	r := a
	if c {
		r = cmul(a, b)
	} else {
		r.Im = -b.Re
	}
	return Complex{r.Re + r.Im, r.Im}
}

// Buf is a struct holding a slice of the generated code.
type Buf struct {
	Data []stage.Int
	N    stage.Int
}

// BufPick merges structs holding slices that the branches allocate.
//
//lms:gen BufPick
func bufPick(c stage.Bool, x, n stage.Int) stage.Int {
	var b Buf
	if c {
		b = Buf{make([]stage.Int, n%3+1), x}
	} else {
		b = Buf{make([]stage.Int, n%2+2), x * 2}
		b.Data[1] = x
	}
	b.Data[0] += b.N
	return b.Data[0] + b.Data[len(b.Data)-1] + stage.Int(len(b.Data))
}
