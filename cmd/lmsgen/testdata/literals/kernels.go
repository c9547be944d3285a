// Package kernels holds staged code whose integer literals are written in
// hex, binary, octal and decimal: the output writes each constant in the
// base the source wrote it (TestLiterals).
package kernels

import "github.com/lmsgen/lmsgen/stage"

// lowMask is a named constant declared in hex.
const lowMask = 0x0F

// hash is FNV-1a over buf, folded by masks: hex where the source wrote
// hex, decimal where it wrote decimal, though both are masks.
//
//lms:gen Hash
func hash(buf []stage.Byte) stage.Uint32 {
	h := stage.Uint32(0x811C9DC5)
	for _, b := range buf {
		h ^= stage.Uint32(b)
		h *= 0x01000193
	}
	lo := h & 0xFF
	hi := h >> 24 & 255
	mid := h >> 12 & lowMask
	return lo ^ hi<<8 ^ mid<<16 ^ h&0b1010_0000<<20 ^ h%1000
}

// perm tests permission bits written in octal and binary, and a negative
// hex offset.
//
//lms:gen Perm
func perm(mode stage.Int32, flags stage.Uint8) stage.Int32 {
	r := stage.Int32(0)
	if mode&0o777 == 0o644 {
		r = 1
	}
	if flags&0b0001_0000 != 0 {
		r += 2
	}
	return r + mode - -0x10
}

// kind dispatches on a tag written in hex: a switch whose cases are hex.
//
//lms:gen Kind
func kind(tag stage.Uint8) stage.Int {
	r := stage.Int(0)
	if tag == 0x1A {
		r = 1
	} else if tag == 0x2B {
		r = 2
	} else if tag == 0x3C {
		r = 3
	} else {
		r = 4
	}
	return r * stage.Int(tag)
}
