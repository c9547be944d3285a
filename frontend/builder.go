package frontend

import (
	"github.com/lmsgen/lmsgen/ir"
)

// This file stages a strings.Builder written with Reps. Its bytes, kept
// static in its buf field while only static text is written
// (builderMethod), become a []byte of the generated code at the first
// write of a Rep, and stay one: each write is an append, String is
// string(buf), Len is len(buf). In a staged loop the field is a variable
// of the generated code like any other, so the generated Go reads as a
// programmer writes it without a Builder:
//
//	var b []byte
//	for ... {
//		b = append(b, '_')
//	}
//	return string(b)

// stagedBuilder evaluates method name of a strings.Builder whose bytes
// buf (in cell) are a Rep or about to become one.
func (fr *frame) stagedBuilder(name string, cell *value, buf value, args []value) value {
	ev := fr.ev
	if b, ok := args[0].(*value); ok && ev.cellName(cell) == "" {
		// The bytes are named after the builder.
		if id := ev.cellNameID(b); id != 0 {
			ev.fieldCells[cell] = id
		}
	}
	bytesT := ir.SliceOf(ir.Uint8)
	dyn := func() ir.Exp {
		switch b := buf.(type) {
		case *rep:
			return b.e
		case sliceV:
			// The static text so far, as new bytes: the builder's own
			// storage is not materialized (a staged loop promoting the
			// field starts from it as it was).
			if b.len == 0 {
				return ev.b.NilSlice(bytesT)
			}
			if hasRep(b, 0) {
				// Bytes a staged loop keeps as variables.
				xs := make([]ir.Exp, b.len)
				for i := range xs {
					xs[i] = ev.liftTo(ev.load(&b.base[b.off+i]), ir.Uint8, "a byte of a strings.Builder")
				}
				return ev.b.Append(ev.b.NilSlice(bytesT), xs...)
			}
			text := make([]byte, b.len)
			for i := range text {
				text[i] = ev.load(&b.base[b.off+i]).(uint8)
			}
			return ev.b.Convert(bytesT, ev.b.Const(ir.String, string(text)))
		}
		panic("BUG: stagedBuilder of a builder holding " + describe(buf))
	}
	set := func(e ir.Exp) {
		ev.store(cell, ev.newRep(e, "the bytes of a strings.Builder written with a Rep", args[1:]...))
		ev.writes++
	}
	text := func(s ir.Exp) value {
		ev.at()
		set(ev.b.AppendSlice(dyn(), ev.b.Convert(bytesT, s)))
		return tuple{ev.newRep(ev.b.StrLen(s), "the length of a string written to a strings.Builder"), iface{}}
	}
	switch name {
	case "WriteString":
		return text(ev.liftTo(args[1], ir.String, "a string written to a strings.Builder"))
	case "WriteRune":
		r := ev.liftTo(args[1], ir.Int32, "a rune written to a strings.Builder")
		ev.at()
		return text(ev.b.Convert(ir.String, r))
	case "WriteByte":
		c := ev.liftTo(args[1], ir.Uint8, "a byte written to a strings.Builder")
		ev.at()
		set(ev.b.Append(dyn(), c))
		return iface{}
	case "Write":
		var p ir.Exp
		switch v := args[1].(type) {
		case *rep:
			p = v.e
		case sliceV:
			p = ev.materialize(v, ir.Uint8)
		default:
			ev.fail("strings.Builder.Write of %s", describe(args[1]))
		}
		ev.at()
		set(ev.b.AppendSlice(dyn(), p))
		return tuple{ev.newRep(ev.b.Len(p), "the length of bytes written to a strings.Builder"), iface{}}
	case "String":
		ev.at()
		return ev.newRep(ev.b.Convert(ir.String, dyn()), "the text of a strings.Builder written with a Rep")
	case "Len":
		ev.at()
		return ev.newRep(ev.b.Len(dyn()), "the length of a strings.Builder written with a Rep")
	case "Reset":
		ev.store(cell, sliceV{})
		return nil
	case "Grow":
		if n, ok := args[1].(int); ok {
			growCheck(n)
			return nil
		}
		// Grow as the Builder does: a new array of 2*cap+n bytes when
		// fewer than n are free (its length check is gc's makeslice's),
		// after the panic on a negative count.
		k := ev.liftTo(args[1], ir.Int, "the count of strings.Builder.Grow")
		ev.at()
		ev.b.If(ev.b.Compare(ir.OpLt, k, ev.b.Const(ir.Int, 0)), ir.Void, func() ir.Exp {
			ev.b.Panic(ev.b.Const(ir.String, growMsg))
			return ev.b.Unit()
		}, ev.b.Unit)
		cur := dyn()
		free := ev.b.Binary(ir.OpSub, ev.b.Cap(cur), ev.b.Len(cur))
		set(ev.b.If(ev.b.Compare(ir.OpLt, free, k), bytesT, func() ir.Exp {
			size := ev.b.Binary(ir.OpAdd, ev.b.Binary(ir.OpMul, ev.b.Const(ir.Int, 2), ev.b.Cap(cur)), k)
			nb := ev.b.SubSlice(ev.b.MakeSlice(ir.Uint8, size, size), ev.b.Const(ir.Int, 0), ev.b.Len(cur))
			ev.b.Copy(nb, cur)
			return nb
		}, func() ir.Exp { return cur }))
		return nil
	}
	ev.fail("strings.Builder.%s of a builder written with a Rep is not supported", name)
	return nil
}

// growMsg is the panic of strings.Builder.Grow with a negative count.
const growMsg = "strings.Builder.Grow: negative count"

// growCheck panics as strings.Builder.Grow does on a negative count, and
// as its new array does on a count beyond gc's largest allocation.
func growCheck(n int) {
	if n < 0 {
		panic(&goPanic{msg: growMsg, val: growMsg})
	}
	if uint64(n) > maxAlloc {
		// The new array of 2*cap+n bytes (the builder's text is static and
		// short: cap does not change the outcome).
		panic(runtimePanic("makeslice: len out of range"))
	}
}
