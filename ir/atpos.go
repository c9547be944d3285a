package ir

import "fmt"

// This file lets a caller that keeps its own table of interned
// positions set the builder's position without interning it again: AtIn
// hashes a token.Position's place and its chain at every call, and the
// evaluator, which moves between a few positions of a loop body again and
// again, asks it once per position and chain (frontend's evaluator.at).

// CurrentPos returns the position of the nodes built from now on: the
// Pos that the last AtIn interned (0 if none, or if it was not valid).
func (b *Builder) CurrentPos() Pos { return b.pos }

// AtPos sets the position of the nodes built from now on to p, which
// CurrentPos returned after an AtIn of this builder: the same as that AtIn.
func (b *Builder) AtPos(p Pos) {
	if p < 0 || int(p) >= len(b.g.positions) {
		panic(fmt.Sprintf("BUG: AtPos(%d) of a builder with %d positions", p, len(b.g.positions)))
	}
	b.pos = p
}
