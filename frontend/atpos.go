package frontend

import (
	"go/token"

	"golang.org/x/tools/go/ssa"

	"github.com/lmsgen/lmsgen/ir"
)

// This file gives the builder the position of the nodes the evaluator
// builds: the instruction's source position and the chain of inlined
// calls of its frame. Both are interned by the builder (ir/calls.go),
// which hashes a token.Position's place and a call site's caller name
// at every request; the evaluator asks for the same few positions of a
// loop body, and the same chains, again and again (an unrolled kernel
// builds a node or two per position and iteration). It therefore keeps
// what the builder returned: the builder's Pos of a position and chain
// in a direct-mapped table (atCache); the builder interns a position
// once and returns the same number for it ever after, so a number kept
// is the number it would return. Chains are not kept: an unrolled
// recursion makes a chain per call path, few of them asked twice (a
// map of them cost 35 bytes per node of an unrolled FFT); only the
// callers' names are (callerName).

// atSlots is the size of the table of interned positions (a power of
// two): the positions of the loop bodies being unrolled.
const atSlots = 1024

// atEntry is a slot of evaluator.atCache: the builder's Pos of the
// source position pos (valid, so a slot with pos 0 is empty) in code
// inlined through chain.
type atEntry struct {
	pos   token.Pos
	chain ir.Chain
	ip    ir.Pos
}

// atSlot returns the slot of pos and chain in atCache.
func atSlot(pos token.Pos, chain ir.Chain) uint32 {
	h := uint32(pos)*0x9e3779b1 ^ uint32(chain)*0x85ebca77
	return h >> (32 - 10) // atSlots == 1<<10
}

// at sets the builder's position to the current instruction's.
func (ev *evaluator) at() {
	if !ev.pos.IsValid() {
		return
	}
	chain := ir.Chain(0)
	if ev.fr != nil {
		chain = ev.fr.chainOf()
	}
	if ev.atSet && ev.atPos == ev.pos && ev.atChain == chain {
		return // the builder's position already (nothing else sets it)
	}
	ev.atPos, ev.atChain, ev.atSet = ev.pos, chain, true
	if ev.atCache == nil {
		ev.atCache = new([atSlots]atEntry)
	}
	e := &ev.atCache[atSlot(ev.pos, chain)]
	if e.pos == ev.pos && e.chain == chain {
		ev.b.AtPos(e.ip)
		return
	}
	ev.b.AtIn(ev.l.fset.Position(ev.pos), chain)
	*e = atEntry{pos: ev.pos, chain: chain, ip: ev.b.CurrentPos()}
}

// chainOf returns the chain of inlined calls of the nodes built in fr,
// interning it (and its callers') when first asked: as errAt writes it,
// the call site, its caller's chain, the specialization last (whose
// chain is kept: its site's name is a concatenation).
func (fr *frame) chainOf() ir.Chain {
	if fr.chained || fr.caller == nil {
		return fr.chain
	}
	ev := fr.ev
	up := fr.caller.chainOf()
	if up == 0 {
		if ev.specChain == 0 {
			ev.specChain = ev.b.Inline(0, CallSite{Pos: ev.spec.pos, Caller: "specialization " + ev.spec.name})
		}
		up = ev.specChain
	}
	fr.chain = ev.b.Inline(up, CallSite{Pos: ev.position(fr.callPos), Caller: ev.callerName(fr.caller.fn)})
	fr.chained = true
	return fr.chain
}

// callerName returns funcName(fn), made once per function: a function
// literal's is a concatenation, and an unrolled recursion calls its
// closures at every level.
func (ev *evaluator) callerName(fn *ssa.Function) string {
	if s, ok := ev.callerNames[fn]; ok {
		return s
	}
	if ev.callerNames == nil {
		ev.callerNames = map[*ssa.Function]string{}
	}
	s := funcName(fn)
	ev.callerNames[fn] = s
	return s
}
