// Package cgen writes lmsgen's specializations as C11 with Go's semantics,
// and the cgo bridge through which Go calls them, so that comparing the Go
// and the C output compares compilers, not semantics.
//
// # API
//
// [File] emits the C file <pkg>_lms.c and the header <pkg>_lms.h of a list
// of specializations ([Func]: a name and the schedule of its graph, as
// sched.Run returns it); [Bridge] emits the Go file <pkg>_lms.go of the C
// sub-package (package lmsc by default, [Options].Package), whose
// functions have the Go signatures of the Go specializations. The three
// files go together in the sub-package's directory: cgo compiles the C
// file (with -std=c11 -O2, from the bridge's #cgo line). [FileNames] names
// them; [Header] is the first line of each. [Options].NoBounds drops
// bounds checks (lmsgen -bounds=off).
//
// Emitting the same schedules twice gives the same bytes: every name and
// every order comes from symbol numbers and node order, never from a map.
//
// # The C file
//
// It holds, in order: ir.Header(); the runtime prelude ([Runtime], see
// runtime.h: Go's integer operations per width, float conversions,
// complex arithmetic, panics with Go's messages, bounds checks, strings,
// slices with Go's growth, fmt and the builtin print); if the code uses
// indexes of keys (a lowered GroupBy), runtime_index.h, a hash table with
// open addressing; the sections of runtime_math.h the code calls (ports of Go's math functions, with Go's
// license and the notices of the code Go's comes from); the types the
// code needs beyond the runtime's (tuples of results, slices of slices,
// function pointers); support functions (checks of 64-bit unsigned
// indices, the formatting of slices for printing, ports of Go's math
// functions whose C counterparts have other special cases); static tables
// as static const arrays; the prototypes and definitions of the static
// functions; and the exported entry points <pkg>_<Name>.
//
// Each specialization is a static C function named as in Go. Its nodes
// are written block by block in the schedule's order. Every operator has
// Go's semantics: integer arithmetic, division and shifts through the
// runtime's helpers for the operand's width (wrapping, MinInt / -1,
// division by zero and negative shift counts panicking as in Go, counts
// beyond the width); float arithmetic as plain C (IEEE 754; the prelude's
// pragmas forbid contraction into fused multiply-adds, for clang and for
// gcc in any -std mode, as gc does not fuse on amd64 with GOAMD64=v1); float64 to float32 through lms_f64_to_f32; float to
// integer conversions as gc compiles them on amd64; comparisons as C's,
// which treat NaN as Go does (comparisons that the operand type decides,
// such as u >= 0, are written as their result, since C compilers warn
// about them); conditionals as if/else assigning a result variable, a
// chain on one integer as a switch (switch.go), a min or max of two
// integers as a conditional expression (minmax.go); loops as while, or
// for(;;) with a break when the condition needs statements; a loop the
// frontend stages with an exit code as the loop a C programmer writes,
// with breaks, its leading exit as its condition, and a return from
// inside it as a plain return (exitloop.go, exitreturn.go); the length
// of a parameter that the source did not name as its field at each use
// (buf.len); strings and slices through the runtime; output through the
// runtime's fmt port (slices printed by Print and Println are formatted
// by generated functions); panics through lms_panic_str.
//
// A node the schedule marks inline is written at its use, unless C's
// evaluation order forbids it: operands and arguments in C are
// unsequenced, so a node that writes what another reads or writes
// (output and panics included), or two nodes that may panic, are never
// unrelated operands of one expression (see inline.go). No expression has
// more than 64 nodes: a longer chain of single uses (an unrolled sum) is
// cut into statements. The bool operators & and | are written && and || when
// the right operand has no effect and cannot panic (skipping it changes
// nothing), & and | otherwise.
//
// Staged functions (λ) are lambda-lifted to static C functions: the
// dynamic values a function refers to without defining them (and those
// of the functions it calls, transitively: a fixpoint, for mutual
// recursion) become extra parameters passed at each call, variables by
// pointer so that writes are shared. Recursion and mutual recursion
// (λforward) need nothing more: every function has a prototype. A
// function used as a value (not only called) is a C function pointer; if
// it captures dynamic values it cannot be one, and File reports an error
// at the function's position. Several results are returned as a struct.
//
// Static tables that no node writes are static const arrays, used in
// place; a table the code writes is copied where the graph makes it, as
// Go's output (slices.Clone) does.
//
// Library calls: only package math is known, and every function cgen
// translates computes Go's result bit for bit, NaN payloads included, as
// gc's code does on linux/amd64 with GOAMD64=v1 (the default). Sqrt,
// Floor, Ceil, Trunc and RoundToEven are the C library's: they are exact
// IEEE 754 operations, which gc compiles to SQRTSD and ROUNDSD (ROUNDSD on
// CPUs with SSE4.1; without it, Go's Floor, Ceil, Trunc and RoundToEven
// return a signaling NaN unchanged where C makes it quiet); Abs, Copysign,
// IsNaN and the bit conversions are the runtime's; Max, Min, Dim,
// Signbit, IsInf, Inf and NaN are ports of Go's code. Round, FMA, Mod,
// Remainder, Modf, Frexp, Ldexp, Logb, Ilogb, Nextafter, Nextafter32,
// Pow10 and the transcendental functions (Sin, Cos, Sincos, Tan, their
// inverses and hyperbolic forms, Exp, Exp2, Expm1, Log, Log2, Log10,
// Log1p, Pow, Atan2, Hypot, Cbrt, Erf, Erfc, Erfinv, Erfcinv, Gamma,
// Lgamma, the Bessel functions J0, J1, Jn, Y0, Y1, Yn) are
// ports, in runtime_math.h, of the code Go 1.26 runs on amd64: the
// assembly of Exp, Log and Hypot, the pure Go code of the others (with
// trig_reduce.go's Payne-Hanek reduction above 2**29). Where Go
// dispatches on the CPU, so does the port: Exp and FMA take their fused
// multiply-add path when the CPU has AVX and FMA, and the ports' own
// Floor and Trunc make a signaling NaN quiet when it has SSE4.1.
// TestMathExact compares each translation with Go on special values and
// on 100000 random arguments, built with gcc and clang at -O2 and at
// -O3 -march=native, and with gcc's UndefinedBehaviorSanitizer. Only the
// sections of runtime_math.h a file calls are emitted. The calls of
// math/bits, strings, unicode, unicode/utf8 and strconv that the Go
// output can make are helpers of the file, transcriptions of Go's code
// (libcalls.go; the tables of package unicode are computed from Go's
// functions, unitables.go); LibCalls lists every translated function,
// and the README's table is checked against it. Any other callee
// (math/cmplx, strings.Replace, ...) is an error at each call site.
//
// # Entry points and the header
//
// The entry points use only C's own types, so that the header needs no
// runtime type and cgo passes everything directly: Go's basic types as
// their C types (int is int64_t), complex numbers as _Complex, a string s
// as (const uint8_t *s, int64_t s_len), a slice s as (T *s, int64_t
// s_len, int64_t s_cap). One result that is not a string or a slice is
// returned as itself; otherwise the results are fields r<i> (r<i>_len,
// r<i>_cap) of a struct <pkg>_<Name>_result. An entry point converts its
// arguments, calls the specialization, flushes the runtime's buffered
// standard output (so that C's output and Go's interleave as they would
// from Go alone) and converts the results. A specialization whose
// parameters or results are not basic types or slices of basic types
// (other than string) has no entry point: File reports an error.
//
// # The bridge
//
// For each specialization the bridge has a Go function of the same name
// and signature that calls the entry point. Strings and slices are passed
// as pointers into Go memory, which C reads (and, for slices, writes in
// place) during the call and does not keep, as cgo's rules require. A
// string result is copied into Go memory. A slice result that points into
// the array of a slice argument of its type is returned as a slice of
// that argument, so that it aliases the caller's array as in Go (an
// append within capacity, a sub-slice); any other slice result lives in
// memory the C code allocated, and is copied into a new Go array up to its
// capacity; the bridge then frees that C memory (<pkg>_lms_release).
//
// # Memory
//
// Every block the C code allocates (a make, the new array of an append or
// a grow, a string, a conversion, an index of keys) goes through
// lms_alloc, which links it into the runtime's owner list: the blocks of
// the call of an entry point under way. Where cgen/free.go proves a make
// dead (it does not escape its function or block) it is freed there, on
// every way out (lms_free unlinks it). Everything else is freed when the
// call of the entry point returns (lms_call_end): the entry point passes
// the data pointers of its string and slice results, and every block one
// of them points into (a range check, exact for sub-slices) is kept until
// the caller calls <pkg>_lms_release, which the bridge does once it has
// copied the results into Go memory. That is exact: when an entry point
// returns, nothing but its results can reach C memory (its parameters
// are numbers and the caller's strings and slices of numbers, which C
// never makes point to C memory; the generated code keeps no state in
// globals). So no call takes memory for good, whatever it makes, appends
// or passes to functions. What is freed only at the call's end (a make of
// a loop's body kept after it, the arrays appends reallocate, a make
// passed to a function) is named in a comment before each C function
// (leaks.go): it adds to the peak memory of a call that loops long, not
// to the memory of the process across calls.
//
// When [Func].Params or [Func].Results describe struct parameters or
// results (ir.GoValue, as for gogen), the entry point still takes and
// returns one C value per field; the bridge's function has the struct
// types in its signature (importing their package, [Options].PkgPath
// under the package's own name, and stage), passes each field to C
// (slice and string fields unpacked once at entry, a slice field viewed
// with its underlying element type so that C writes into the caller's
// array) and builds the struct results from the fields C returns. A
// struct with an unexported field cannot be reached from the bridge's
// package: Bridge reports an error.
//
// A panic in C code (an index out of range, a division by zero, panic
// itself) prints Go's message on standard error and exits the process
// with status 2, as an unrecovered Go panic does: the Go caller cannot
// recover it. The runtime is not thread-safe: the bridge's functions must
// not be called concurrently.
//
// # Example
//
// The corpus case Counter (a staged function that adds step to a
// captured variable count, called n times) becomes:
//
//	static int64_t Counter(int64_t n, int64_t step) {
//		int64_t count = 0;
//		int64_t i = 0;
//		while (i < n) {
//			Counter_inc(step, &count);
//			i = lms_add_i64(i, 1);
//		}
//		return count;
//	}
//
//	static void Counter_inc(int64_t step, int64_t *count) {
//		(*count) = lms_add_i64(step, (*count));
//	}
//
//	int64_t corpus_Counter(int64_t n, int64_t step) {
//		int64_t r = Counter(n, step);
//		lmsg_flush();
//		lms_call_end(NULL, 0);
//		return r;
//	}
package cgen
