package ir

import "strconv"

// This file describes how the inputs and results of a graph appear in the
// Go signature of the function generated from it, when that signature is
// not simply one Go parameter (result) per graph input (result): a struct
// parameter whose fields are Reps is one graph input per field, a struct
// result one graph result per field. The emitters (gogen, cgen's bridge)
// unpack the fields at entry and pack them at return.

// GoName names a declared Go type: its package's import path and its name.
type GoName struct {
	Path string // import path
	Name string
}

// IsZero reports whether n names no type.
func (n GoName) IsZero() bool { return n.Name == "" }

// GoValue is a parameter or a result of a generated function as Go code
// sees it: a leaf, which is one graph value, or a struct or an array,
// whose leaves are its fields' (elements') graph values in order (depth
// first).
//
// A top-level leaf has the Go type of its graph type Type ([]float64).
// A leaf that is a field of a struct holds, in Go, the stage type Named
// (stage.Float64), or a slice of it when Slice is set; its graph value has
// the underlying type Type (float64, []float64): the emitters convert
// between the two.
type GoValue struct {
	// Name is a parameter's name, or a field's name inside a struct; it
	// is empty for a result.
	Name string
	// Type is a leaf's graph type; nil for a struct.
	Type *Type
	// Named is a struct's declared type, or the declared (element) type
	// of a leaf: a field's stage type, which the emitters convert to and
	// from; for a top-level parameter, its stage type (stage.Rune,
	// stage.Byte: what it holds), for the readers of the generated code
	// only (its Go type is Type's); zero for a top-level result.
	Named GoName
	// Slice reports whether a leaf field is a slice of Named.
	Slice bool
	// Fields are a struct's fields, in order; nil for a leaf. An array's
	// elements are its fields, named by their indexes ("0", "1", ...).
	Fields []GoValue
	// Len is an array's length ([3]stage.Float64: 3, Named is zero and
	// its three fields describe the elements); 0 for a struct or a leaf.
	Len int
}

// IsArray reports whether v is an array of Reps (of leaves of a stage
// type, or of structs).
func (v GoValue) IsArray() bool { return v.Len > 0 }

// TypeText writes the Go type of a struct or an array of Reps, each
// declared type written by name: its declared name, or an array type
// literal ([3]stage.Float64, [2][]stage.Int, [4]Point).
func (v GoValue) TypeText(name func(GoName) string) string {
	if !v.IsArray() || !v.Named.IsZero() {
		return name(v.Named)
	}
	e := v.Fields[0]
	switch {
	case e.IsStruct():
		return "[" + strconv.Itoa(v.Len) + "]" + e.TypeText(name)
	case e.Slice:
		return "[" + strconv.Itoa(v.Len) + "][]" + name(e.Named)
	}
	return "[" + strconv.Itoa(v.Len) + "]" + name(e.Named)
}

// IsIndex reports whether the field name f of a path is an array index.
func IsIndex(f string) bool { return f != "" && '0' <= f[0] && f[0] <= '9' }

// Selector writes the Go expression selecting path from base: base.X[2].Y.
func Selector(base string, path []string) string {
	sel := base
	for _, f := range path {
		if IsIndex(f) {
			sel += "[" + f + "]"
		} else {
			sel += "." + f
		}
	}
	return sel
}

// IsStruct reports whether v is a struct or an array (a record of leaves).
func (v GoValue) IsStruct() bool { return v.Type == nil }

// Leaves returns the graph types of v's leaves, in order.
func (v GoValue) Leaves() []*Type {
	if !v.IsStruct() {
		return []*Type{v.Type}
	}
	var ts []*Type
	for _, f := range v.Fields {
		ts = append(ts, f.Leaves()...)
	}
	return ts
}

// LeafPaths returns, for each leaf of v in order, the field names that
// select it from v (nil for a leaf v itself).
func (v GoValue) LeafPaths() [][]string {
	if !v.IsStruct() {
		return [][]string{nil}
	}
	var ps [][]string
	for _, f := range v.Fields {
		for _, p := range f.LeafPaths() {
			ps = append(ps, append([]string{f.Name}, p...))
		}
	}
	return ps
}

// LeafValues returns v's leaves, in order.
func (v GoValue) LeafValues() []GoValue {
	if !v.IsStruct() {
		return []GoValue{v}
	}
	var ls []GoValue
	for _, f := range v.Fields {
		ls = append(ls, f.LeafValues()...)
	}
	return ls
}
