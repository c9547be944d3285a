package frontend

import (
	"go/token"

	"github.com/lmsgen/lmsgen/ir"
)

// This file refuses a deferred call whose effects the generated code
// would lose. A static deferred call runs at its frame's return: its
// effects of the generated code (a print, a store to a Rep slice) are
// made there, after everything the frame did since the defer statement.
// Go also runs it when that code panics — an index out of range of a Rep,
// a division by a Rep zero — while the generated code, which has no
// deferred call, would stop at the panic without making them:
//
//	defer fmt.Println("done", n)
//	return xs[i] // generated: x := xs[i]; fmt.Println("done", n); return x
//
// So a deferred call that makes effects of the generated code is refused
// when code that may panic at run time was made between its defer
// statement and its run (a call that ends the program, os.Exit, runs no
// deferred call in Go either). (A static panic is known at generation time:
// its unwinding runs the deferred calls before the generated panic, as
// Go does.)

// deferAfterTrap fails, at d's defer statement, if a node made between
// it and the call's run (symbols d.mark up to before) may panic.
func (fr *frame) deferAfterTrap(d deferredCall, before ir.Sym) {
	g := fr.ev.b.Graph()
	for s := d.mark; s < before; s++ {
		if n := g.Def(s); n != nil && n.CanTrap() && !exitsProcess(n) {
			fr.ev.failAt(d.pos, "this deferred call makes effects of the generated code when the function returns, after code that may panic at run time (%s): Go makes them also when that code panics, the generated code would not; make the deferred call's effects static, or defer a call the generated code makes (a call of os, io/ioutil, syscall or os/exec)", where(g.Position(n)))
		}
	}
}

// where names a position of the generated code's source, or says it is
// not known.
func where(p token.Position) string {
	if !p.IsValid() {
		return "position not known"
	}
	return "at " + p.String()
}

// exitsProcess reports whether n is a call that ends the program without
// running deferred calls (os.Exit, syscall.Exit, log.Fatal*): Go does
// not make the deferred call's effects there either.
func exitsProcess(n *ir.Node) bool {
	c, ok := n.Aux.(ir.Callee)
	if n.Op != ir.OpCall || !ok || c.Method {
		return false
	}
	switch c.Pkg + "." + c.Name {
	case "os.Exit", "syscall.Exit", "log.Fatal", "log.Fatalf", "log.Fatalln":
		return true
	}
	return false
}
