package frontend

import (
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"
)

// This file gives a uintptr made from a pointer a narrow, sound model:
// the address of an element of storage the program made with make is
// the pair (the storage, a byte offset from its start). Its number
// differs from run to run and the evaluator has no bytes, so the pair
// is kept while the program only stores it, passes it, adds or
// subtracts a static integer to it, converts it between the integer
// types of 64 bits, subtracts two of the same storage or compares them
// (two different storages are two allocations, which never share an
// address). Anything else that would read it as a number — printing it,
// a narrowing conversion, other arithmetic, an index, a conversion back
// to a pointer, a Rep operand, the generated code — is refused with the
// reason, at the instruction that does it.
//
// Only storage made by make is a whole allocation the evaluator can
// name: an element of an array variable, of a field or of a slice of
// unknown origin may share its address with a pointer taken another way
// (&a and &a[0]), which the pair could not compare, so its conversion to
// uintptr stays refused.
//
// reflect.Value.Pointer, UnsafePointer's number and UnsafeAddr give the
// address of any cell (a variable, a field, an element): the pair (the
// cell, an offset) with the cell's type. It may share its address with
// another cell (a struct and its first field, anything of size 0), so it
// is compared only with an address of the same cell; what it is for —
// held as a uintptr and converted straight back to a pointer, as
// package unsafe's rule 5 allows (issue15329) — is evaluated: back to
// unsafe.Pointer at offset 0 it is the same pointer, of the same type.
// Anything else is refused as above.

// addrV is a uintptr (or an integer of 64 bits converted from it) that
// holds the address root+off. It is a comparable value: two addrVs are
// equal exactly when their addresses are, as roots are whole
// allocations.
type addrV struct {
	root *value // the first element of the storage, or the cell
	off  int64  // in bytes
	ev   *evaluator
	// elem is nil where root is whole storage made by make; else root is
	// a cell of type elem, whose address may be another cell's too.
	elem types.Type
}

// cellAddr returns the address of the cell p, of type elem.
func (ev *evaluator) cellAddr(p *value, elem types.Type) addrV {
	return addrV{root: p, elem: elem, ev: ev}
}

// addrPointer converts the address a back to unsafe.Pointer: only the
// address of a cell at offset 0 is a pointer the evaluator has.
func addrPointer(a addrV) *unsafePtr {
	if a.elem == nil || a.off != 0 {
		a.ev.fail("conversion of an address held as a number to unsafe.Pointer: %s; only the address of a variable taken by reflect (Value.Pointer, UnsafeAddr) converts back, to the same pointer", whyAddress)
	}
	return &unsafePtr{p: a.root, elem: a.elem}
}

// addrEqual reports whether the addresses a and b are equal, or refuses
// when the pairs cannot tell: two different cells may share an address.
func addrEqual(a, b addrV) bool {
	if a.root == b.root {
		return a.off == b.off
	}
	if a.elem != nil || b.elem != nil {
		a.ev.fail("comparison of the addresses of two variables: %s; a variable may share its address with another (a struct with its first field, anything of size 0), so only addresses of the same variable are compared", whyAddress)
	}
	return false
}

// wholeStorage reports whether the pointer xs (converted to unsafe.Pointer
// as u) is an element of storage made by make: IndexAddr of a MakeSlice,
// or of the slice of the array go/ssa allocates for make with a constant
// capacity (new([m]T)[:n], an Alloc no other instruction addresses).
func wholeStorage(u *unsafePtr, xs ssa.Value) bool {
	if u == nil || u.base == nil {
		return false
	}
	ia, ok := xs.(*ssa.IndexAddr)
	if !ok {
		return false
	}
	switch x := ia.X.(type) {
	case *ssa.MakeSlice:
		return true
	case *ssa.Slice:
		a, ok := x.X.(*ssa.Alloc)
		return ok && a.Comment == "makeslice" && x.Low == nil
	}
	return false
}

// addrOf converts u, an element pointer of whole storage, to its address.
func (ev *evaluator) addrOf(u *unsafePtr) addrV {
	return addrV{root: &u.base[0], off: int64(u.idx) * sizes.Sizeof(u.elem), ev: ev}
}

// addrKeeps reports whether an address converted to kind k stays one:
// the integer types of 64 bits hold it whole.
func addrKeeps(k types.BasicKind) bool {
	switch k {
	case types.Uintptr, types.Int, types.Int64, types.Uint, types.Uint64:
		return true
	}
	return false
}

// addrBinop computes x op y when x or y is an address, or refuses.
func (ev *evaluator) addrBinop(op token.Token, x, y value, t types.Type) value {
	if isRep(x) || isRep(y) {
		ev.fail("operator %v on the address of a variable and a Rep: %s", op, whyAddress)
	}
	ax, xa := x.(addrV)
	ay, ya := y.(addrV)
	switch {
	case xa && ya:
		if ax.root == ay.root {
			switch op {
			case token.SUB:
				return toKind(ax.off-ay.off, basicKind(t))
			case token.EQL:
				return ax.off == ay.off
			case token.NEQ:
				return ax.off != ay.off
			case token.LSS:
				return ax.off < ay.off
			case token.LEQ:
				return ax.off <= ay.off
			case token.GTR:
				return ax.off > ay.off
			case token.GEQ:
				return ax.off >= ay.off
			}
		} else {
			switch op {
			case token.EQL:
				return addrEqual(ax, ay)
			case token.NEQ:
				return !addrEqual(ax, ay)
			}
		}
	case xa && !isRep(y) && isIntegerValue(y) && (op == token.ADD || op == token.SUB):
		n := cvt[int64](y)
		if op == token.SUB {
			n = -n
		}
		ax.off += n
		return ax
	case ya && !isRep(x) && isIntegerValue(x) && op == token.ADD:
		ay.off += cvt[int64](x)
		return ay
	}
	ev.fail("operator %v on the address of a variable: %s; an address can only be stored, passed, converted between integers of 64 bits, have a static integer added or subtracted, and be compared with or subtracted from an address of the same storage", op, whyAddress)
	return nil
}

// refuseAddr fails if v is an address: used where a static number is read.
func refuseAddr(v value, what string) {
	if a, ok := v.(addrV); ok {
		a.ev.fail("%s of the address of a variable: %s", what, whyAddress)
	}
}

// isAddr reports whether v is an address. The hot callers of refuseAddr
// (every static operator, conversion and native call) test it first, so
// that the message, a concatenation, is written only when it is needed.
func isAddr(v value) bool {
	_, ok := v.(addrV)
	return ok
}
