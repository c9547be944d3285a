package stage

// Collection operations. Run natively, each is the ordinary Go loop its
// documentation states; its result is always a new, non-nil slice (empty
// when there is nothing to collect) that shares no memory with its
// arguments. During staging, a call whose length is a Rep (a Rep n, or a
// dynamic slice) becomes a loop of the generated code with a generator
// (Collect, Reduce or Bucket, as in LMS), and chains of these calls are
// fused: Sum(Map(Filter(xs, p), f)) is one loop that allocates nothing.
// Elements and values may be stage types or structs of Reps (one slice
// per field in the generated code); GroupBy's keys are stage types.
// The functions given to them (f, keep, op, key, val) are static Go
// functions, evaluated during staging on the loop's index or element: they
// should compute their result from their arguments, without assigning
// variables around them. A call whose length is static runs at generation
// time, as any Go loop with a static bound does; a FlatMap of a static
// slice whose f returns slices of dynamic length is their concatenation
// (FlatMap([][]T{xs, ys}, func(w []T) []T { return w }) is xs ++ ys), a
// single slice of the generated code that fuses with its consumers as a
// fixed-size array does (the consumer is copied at each part, within a
// cutoff against code explosion).

// Fill returns the slice of f(0), f(1), ..., f(n-1), computed in that order
// (empty if n <= 0).
func Fill[T any](n Int, f func(i Int) T) []T {
	out := make([]T, 0, max(n, 0))
	for i := Int(0); i < n; i++ {
		out = append(out, f(i))
	}
	return out
}

// Map returns the slice of f(x) for each element x of xs, in order.
func Map[T, U any](xs []T, f func(T) U) []U {
	out := make([]U, 0, len(xs))
	for _, x := range xs {
		out = append(out, f(x))
	}
	return out
}

// Filter returns the elements x of xs for which keep(x) is true, in order.
func Filter[T any](xs []T, keep func(T) Bool) []T {
	out := make([]T, 0)
	for _, x := range xs {
		if keep(x) {
			out = append(out, x)
		}
	}
	return out
}

// FlatMap returns the concatenation of f(x) for each element x of xs, in
// order.
func FlatMap[T, U any](xs []T, f func(T) []U) []U {
	out := make([]U, 0)
	for _, x := range xs {
		out = append(out, f(x)...)
	}
	return out
}

// Reduce folds xs from the left: op(...op(op(zero, xs[0]), xs[1])...,
// xs[len(xs)-1]), or zero if xs is empty.
func Reduce[T any](xs []T, zero T, op func(acc, x T) T) T {
	acc := zero
	for _, x := range xs {
		acc = op(acc, x)
	}
	return acc
}

// Sum returns the sum of the elements of xs, added from the left starting
// at zero (the order matters for floats).
func Sum[T Number](xs []T) T {
	var acc T
	for _, x := range xs {
		acc += x
	}
	return acc
}

// GroupBy groups the elements of xs by key: keys holds each distinct
// key(x) once, in the order of first appearance, and vals[j] is the fold
// of val(x) over the elements x with key keys[j], in order: the first
// val(x) itself, then op(acc, val(x)) for each further one.
func GroupBy[T any, K comparable, V any](xs []T, key func(T) K, val func(T) V, op func(acc, v V) V) (keys []K, vals []V) {
	keys, vals = make([]K, 0), make([]V, 0)
	index := map[K]int{}
	for _, x := range xs {
		k, v := key(x), val(x)
		if j, ok := index[k]; ok {
			vals[j] = op(vals[j], v)
			continue
		}
		index[k] = len(keys)
		keys = append(keys, k)
		vals = append(vals, v)
	}
	return keys, vals
}
