/*
 * lmsgen C runtime: the prelude of every generated C file.
 *
 * C11 with Go's semantics, as gc implements them on linux/amd64: wrapping
 * integer arithmetic, Go's division, shifts and conversions, Go's panics
 * (Go's message on standard error, exit status 2), strings, slices with Go's
 * growth policy, and printing that matches fmt and the builtin print.
 * Everything is static (the prelude is pasted into every generated file), so
 * nothing has to be installed and nothing beyond libc is linked (no -lm).
 *
 * Build with -std=c11 and never with -ffast-math. The pragmas below keep gcc
 * and clang from fusing a*b+c into fused multiply-adds (which Go on amd64
 * does not do), whatever -std and -march say.
 *
 * Memory: every allocation of the generated code is on the owner list of
 * the call under way (lms_alloc). A function frees the slices it made
 * that do not escape it where cgen/free.go proves them dead (lms_free);
 * everything else a call allocated is freed when the call of the entry
 * point returns (lms_call_end), except what its results point into, kept
 * until the caller releases it (<pkg>_lms_release, lms_release).
 * Standard output is buffered in lms_stdout; lms_flush writes it out. It is
 * also flushed at exit and before anything is written to standard error, so
 * stdout and stderr interleave as they do in Go, where os.Stdout is
 * unbuffered.
 *
 * The runtime is not thread-safe (generated kernels are single-threaded).
 * A cgo bridge must call lms_flush before returning to Go: exit handlers do
 * not run when Go exits.
 *
 * Naming: every identifier starts with lms_ or LMS_. Integer helpers carry a
 * suffix naming the Go type: i8 i16 i32 i64 u8 u16 u32 u64 (Go's int is i64,
 * uint and uintptr are u64).
 *
 * Contents, in order (each section documents its API):
 *   types          lms_int ... lms_string, LMS_STR, float bit casts
 *   buffers, I/O   lms_buf, lms_out, lms_flush, lms_alloc
 *   panics         lms_panic_*, LMS_NILCHECK, bounds checks lms_check_*
 *   integers       lms_conv_S, lms_add_S ... lms_shr_S_sc
 *   floats         lms_f64_to_S, lms_f32_to_S, lms_f64_to_f32, lms_i64_to_f64, complex
 *   UTF-8, strings lms_utf8_*, lms_str_*
 *   slices         LMS_SLICE_TYPE, lms_slice_<type>, conversions
 *   formatting     lms_ftoa (strconv.FormatFloat), quoting (strconv.Quote)
 *   fmt            lms_arg, lms_print/println/printf, lms_sprint*,
 *                  lms_builtin_print/println, lms_panic_arg
 */
#ifndef LMS_RUNTIME_H
#define LMS_RUNTIME_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#if defined(__clang__)
#pragma STDC FP_CONTRACT OFF
#elif defined(__GNUC__)
/* gcc ignores the STDC pragma; GNU modes (-std=gnu11) contract by default.
 * gcc 12 at -O2 miscompiles a recursive function returning its own call
 * minus a shift, lms_sub_i32(f(..., d - 1), lms_shr_i32(a, d)), when it
 * turns the recursion into a loop with an accumulator (the tail-recursion
 * pass, under -foptimize-sibling-calls): -fwrapv and clang agree with Go,
 * and UBSan finds nothing (lmsrpg seed 3000, F46b). */
#pragma GCC optimize("fp-contract=off", "no-optimize-sibling-calls")
#endif

#define LMS_UNUSED __attribute__((unused))
#define LMS_LIKELY(x) __builtin_expect(!!(x), 1)
#define LMS_UNLIKELY(x) __builtin_expect(!!(x), 0)
/* LMS_INLINE and LMS_FN mark the runtime's functions, inline or not; they
 * are "unused" so that a program using only part of the runtime compiles
 * with -Wall -Wextra -Werror. */
#define LMS_INLINE static inline LMS_UNUSED
#define LMS_FN static LMS_UNUSED
/* LMS_PANICFN marks functions that never return. */
#define LMS_PANICFN static LMS_UNUSED __attribute__((cold, noinline)) _Noreturn

_Static_assert(sizeof(double) == 8 && sizeof(float) == 4, "IEEE 754 binary32 and binary64 required");
_Static_assert(sizeof(void *) == 8, "a 64-bit target is required");

/* ---------------------------------------------------------------- types */

typedef int64_t lms_int;
typedef uint64_t lms_uint;
typedef uint64_t lms_uintptr;
typedef int8_t lms_int8;
typedef int16_t lms_int16;
typedef int32_t lms_int32;
typedef int64_t lms_int64;
typedef uint8_t lms_uint8;
typedef uint16_t lms_uint16;
typedef uint32_t lms_uint32;
typedef uint64_t lms_uint64;
typedef uint8_t lms_byte;
typedef int32_t lms_rune;
typedef float lms_float32;
typedef double lms_float64;
typedef bool lms_bool;

/* Complex numbers are structs: use lms_c64_* / lms_c128_* for arithmetic. */
typedef struct { float re, im; } lms_complex64;
typedef struct { double re, im; } lms_complex128;

/* A Go string: bytes, not NUL-terminated. p may be NULL when len is 0. */
typedef struct { const uint8_t *p; int64_t len; } lms_string;

/* LMS_STR makes a string from a C string literal (which may contain \0).
 * Write other bytes as three-digit octal escapes ("\303\251"): hex escapes
 * in C absorb every following hex digit. */
#define LMS_STR(lit) ((lms_string){(const uint8_t *)(lit), (int64_t)(sizeof(lit) - 1)})

LMS_INLINE lms_string lms_str_make(const uint8_t *p, int64_t len) {
	lms_string s;
	s.p = p;
	s.len = len;
	return s;
}

LMS_INLINE uint64_t lms_f64bits(double f) { uint64_t u; memcpy(&u, &f, sizeof u); return u; }
LMS_INLINE double lms_f64frombits(uint64_t u) { double f; memcpy(&f, &u, sizeof f); return f; }
LMS_INLINE uint32_t lms_f32bits(float f) { uint32_t u; memcpy(&u, &f, sizeof u); return u; }
LMS_INLINE float lms_f32frombits(uint32_t u) { float f; memcpy(&f, &u, sizeof f); return f; }

/* ------------------------------------------------------ byte buffers, I/O */

/* A growable byte buffer; printing formats into one. */
typedef struct { uint8_t *p; int64_t len; int64_t cap; } lms_buf;

LMS_PANICFN void lms_fatal(const char *msg);

LMS_FN void lms_buf_reserve(lms_buf *b, int64_t n) {
	if (b->cap - b->len >= n) return;
	int64_t c = b->cap * 2;
	if (c < b->len + n) c = b->len + n;
	if (c < 64) c = 64;
	uint8_t *p = (uint8_t *)realloc(b->p, (size_t)c);
	if (p == NULL) lms_fatal("runtime: out of memory");
	b->p = p;
	b->cap = c;
}

LMS_INLINE void lms_buf_write(lms_buf *b, const void *p, int64_t n) {
	if (n <= 0) return;
	lms_buf_reserve(b, n);
	memcpy(b->p + b->len, p, (size_t)n);
	b->len += n;
}

LMS_INLINE void lms_buf_byte(lms_buf *b, uint8_t c) {
	if (b->len == b->cap) lms_buf_reserve(b, 1);
	b->p[b->len++] = c;
}

LMS_INLINE void lms_buf_cstr(lms_buf *b, const char *s) { lms_buf_write(b, s, (int64_t)strlen(s)); }
LMS_INLINE void lms_buf_str(lms_buf *b, lms_string s) { lms_buf_write(b, s.p, s.len); }

LMS_FN void lms_buf_fill(lms_buf *b, uint8_t c, int64_t n) {
	if (n <= 0) return;
	lms_buf_reserve(b, n);
	memset(b->p + b->len, c, (size_t)n);
	b->len += n;
}

/* lms_stdout buffers standard output; it is flushed when it exceeds
 * LMS_STDOUT_LIMIT bytes, by lms_flush, at exit and before stderr output. */
#define LMS_STDOUT_LIMIT (1 << 16)
static lms_buf lms_stdout LMS_UNUSED;
static bool lms_stdout_registered LMS_UNUSED;

/* lms_flush writes buffered standard output (and flushes C's stdout). */
LMS_FN void lms_flush(void) {
	if (lms_stdout.len > 0) {
		fwrite(lms_stdout.p, 1, (size_t)lms_stdout.len, stdout);
		lms_stdout.len = 0;
	}
	fflush(stdout);
}

/* lms_out returns the stdout buffer; call lms_out_done after writing. */
LMS_INLINE lms_buf *lms_out(void) {
	if (!lms_stdout_registered) {
		lms_stdout_registered = true;
		atexit(lms_flush);
	}
	return &lms_stdout;
}

LMS_INLINE void lms_out_done(void) {
	if (lms_stdout.len >= LMS_STDOUT_LIMIT) lms_flush();
}

/* lms_write_stderr flushes standard output, then writes to standard error. */
LMS_FN void lms_write_stderr(const uint8_t *p, int64_t n) {
	lms_flush();
	if (n > 0) fwrite(p, 1, (size_t)n, stderr);
	fflush(stderr);
}

/* The owner list. Every block lms_alloc returns (a make, the new array of
 * an append or a grow, a string, a conversion, an index) starts with an
 * lms_block header linking it into lms_owned, the blocks of the call of
 * an entry point under way. lms_free unlinks and frees one (the frees
 * cgen/free.go proves safe, before the call ends); when the call returns,
 * its entry point calls lms_call_end, which frees every block left except
 * those a result points into, which go to lms_kept until the caller has
 * copied the results and calls the file's <pkg>_lms_release (the cgo
 * bridge does, after copying them into Go memory). Between two calls
 * lms_owned is empty: nothing a call allocated outlives it but its
 * results. The header is 32 bytes, so a block stays 16-byte aligned.
 * The lists are per thread: a call runs on one thread, and a call
 * abandoned by a test harness, still running, does not lose its blocks to
 * another call's end (the bridge keeps a call, the copy of its results and
 * the release on one thread). */
typedef struct lms_block {
	struct lms_block *next, *prev;
	int64_t size; /* bytes after the header */
	int64_t pad;
} lms_block;
static _Thread_local lms_block lms_owned LMS_UNUSED;
static _Thread_local lms_block lms_kept LMS_UNUSED;

/* lms_list returns the list whose sentinel is l, empty on a thread's
 * first use (a thread-local cannot be initialized with its address). */
LMS_INLINE lms_block *lms_list(lms_block *l) {
	if (l->next == NULL) l->next = l->prev = l;
	return l;
}

LMS_INLINE void lms_block_link(lms_block *list, lms_block *b) {
	b->prev = list;
	b->next = list->next;
	list->next->prev = b;
	list->next = b;
}

LMS_INLINE void lms_block_unlink(lms_block *b) {
	b->prev->next = b->next;
	b->next->prev = b->prev;
}

/* lms_alloc returns n zeroed bytes (never NULL, even for n == 0), owned
 * by the call under way. */
static uint8_t lms_zerobase[8] LMS_UNUSED;
LMS_FN void *lms_alloc(int64_t n) {
	if (n <= 0) return lms_zerobase;
	if ((uint64_t)n > (uint64_t)INT64_MAX - sizeof(lms_block)) lms_fatal("runtime: out of memory");
	lms_block *b = (lms_block *)calloc(1, sizeof(lms_block) + (size_t)n);
	if (b == NULL) lms_fatal("runtime: out of memory");
	b->size = n;
	lms_block_link(lms_list(&lms_owned), b);
	return b + 1;
}

/* lms_free frees memory from lms_alloc before the call ends (the slices a
 * function made that do not escape it, cgen/free.go). */
LMS_INLINE void lms_free(void *p) {
	if (p == (void *)lms_zerobase) return;
	lms_block *b = (lms_block *)p - 1;
	lms_block_unlink(b);
	free(b);
}

/* lms_call_end ends the call of an entry point: it frees every block the
 * call allocated and did not free, except those that one of the n
 * pointers keep (its results' arrays and strings) points into or just
 * past (a sub-slice or substring at the end), which it moves to lms_kept.
 * Nothing else can reach them: an entry point's parameters and results
 * are numbers, strings and slices of numbers (or of structs of numbers),
 * the caller's own memory is never made to point to C memory, and the
 * generated code has no mutable global state. */
LMS_FN void lms_call_end(const void *const *keep, int n) {
	lms_block *owned = lms_list(&lms_owned), *kept_list = lms_list(&lms_kept);
	lms_block *b = owned->next;
	while (b != owned) {
		lms_block *next = b->next;
		const uint8_t *lo = (const uint8_t *)(b + 1);
		bool kept = false;
		for (int i = 0; i < n && !kept; i++) {
			const uint8_t *k = (const uint8_t *)keep[i];
			kept = k != NULL && (uintptr_t)k >= (uintptr_t)lo && (uintptr_t)k - (uintptr_t)lo <= (uint64_t)b->size;
		}
		if (kept) lms_block_link(kept_list, b);
		else free(b);
		b = next;
	}
	owned->next = owned->prev = owned;
}

/* lms_release frees the blocks the results of the calls so far (on this
 * thread) point into (lms_call_end): the caller has copied or no longer
 * uses them. */
LMS_FN void lms_release(void) {
	lms_block *kept = lms_list(&lms_kept);
	lms_block *b = kept->next;
	while (b != kept) {
		lms_block *next = b->next;
		free(b);
		b = next;
	}
	kept->next = kept->prev = kept;
}

/* lms_buf_string returns the contents of b as a string in memory from
 * lms_alloc (owned by the call) and frees b's own memory. */
LMS_FN lms_string lms_buf_string(lms_buf *b) {
	if (b->len == 0) {
		free(b->p);
		return lms_str_make(NULL, 0);
	}
	uint8_t *p = (uint8_t *)lms_alloc(b->len);
	memcpy(p, b->p, (size_t)b->len);
	free(b->p);
	return lms_str_make(p, b->len);
}

/* ------------------------------------------------------------------ panics */

/* lms_die writes msg (plus Go's goroutine header) to standard error after
 * flushing standard output, and exits with status 2, as a Go panic does. */
LMS_PANICFN void lms_die(lms_buf *msg) {
	lms_buf_cstr(msg, "\ngoroutine 1 [running]:\n\t(lmsgen C runtime: no traceback)\n");
	lms_write_stderr(msg->p, msg->len);
	exit(2);
}

/* lms_buf_indented appends s with every newline followed by a tab, as Go
 * prints panic values. */
LMS_FN void lms_buf_indented(lms_buf *b, lms_string s) {
	for (int64_t i = 0; i < s.len; i++) {
		lms_buf_byte(b, s.p[i]);
		if (s.p[i] == '\n') lms_buf_byte(b, '\t');
	}
}

/* lms_panic_text panics with "panic: " + prefix + msg, then extra lines. */
LMS_PANICFN void lms_panic_text(const char *prefix, lms_string msg, const char *extra) {
	lms_buf b = {NULL, 0, 0};
	lms_buf_cstr(&b, "panic: ");
	lms_buf_cstr(&b, prefix);
	lms_buf_indented(&b, msg);
	lms_buf_byte(&b, '\n');
	if (extra != NULL) lms_buf_cstr(&b, extra);
	lms_die(&b);
}

/* lms_fatal stops like the Go runtime's fatal errors ("fatal error: ..."). */
LMS_PANICFN void lms_fatal(const char *msg) {
	lms_buf b = {NULL, 0, 0};
	lms_buf_cstr(&b, "fatal error: ");
	lms_buf_cstr(&b, msg);
	lms_buf_byte(&b, '\n');
	lms_die(&b);
}

/* panic(s) for a string s (also use it with err.Error() for an error). */
LMS_PANICFN void lms_panic_str(lms_string s) { lms_panic_text("", s, NULL); }
LMS_PANICFN void lms_panic_cstr(const char *s) { lms_panic_text("", lms_str_make((const uint8_t *)s, (int64_t)strlen(s)), NULL); }

/* Runtime errors ("panic: runtime error: ..."). */
LMS_PANICFN void lms_panic_runtime(const char *msg) {
	lms_panic_text("runtime error: ", lms_str_make((const uint8_t *)msg, (int64_t)strlen(msg)), NULL);
}
LMS_PANICFN void lms_panic_divide(void) { lms_panic_runtime("integer divide by zero"); }
LMS_PANICFN void lms_panic_shift(void) { lms_panic_runtime("negative shift amount"); }
LMS_PANICFN void lms_panic_makeslicelen(void) { lms_panic_runtime("makeslice: len out of range"); }
LMS_PANICFN void lms_panic_makeslicecap(void) { lms_panic_runtime("makeslice: cap out of range"); }
LMS_PANICFN void lms_panic_growslice(void) { lms_panic_runtime("growslice: len out of range"); }
LMS_PANICFN void lms_panic_nil(void) {
	lms_panic_text("runtime error: ", LMS_STR("invalid memory address or nil pointer dereference"),
		"[signal SIGSEGV: segmentation violation code=0x1 addr=0x0 pc=0x0]\n");
}
LMS_PANICFN void lms_panic_nilmap(void) { lms_panic_cstr("assignment to entry in nil map"); }

/* LMS_NILCHECK(p) panics like Go when p is NULL. */
#define LMS_NILCHECK(p) do { if (LMS_UNLIKELY((p) == NULL)) lms_panic_nil(); } while (0)

/* Bounds-error codes, as in Go's runtime (abi.BoundsIndex, ...). */
enum {
	LMS_BOUNDS_INDEX,        /* s[x], 0 <= x < y failed */
	LMS_BOUNDS_SLICE_ALEN,   /* s[?:x], 0 <= x <= y failed (y == len: strings) */
	LMS_BOUNDS_SLICE_ACAP,   /* s[?:x], 0 <= x <= y failed (y == cap: slices) */
	LMS_BOUNDS_SLICE_B,      /* s[x:y], 0 <= x <= y failed */
	LMS_BOUNDS_SLICE3_ALEN,  /* s[?:?:x], 0 <= x <= y failed (y == len) */
	LMS_BOUNDS_SLICE3_ACAP,  /* s[?:?:x], 0 <= x <= y failed (y == cap) */
	LMS_BOUNDS_SLICE3_B,     /* s[?:x:y], 0 <= x <= y failed */
	LMS_BOUNDS_SLICE3_C      /* s[x:y:?], 0 <= x <= y failed */
};

LMS_FN void lms_buf_int(lms_buf *b, int64_t v, bool is_signed) {
	uint8_t tmp[24];
	int i = (int)sizeof tmp;
	uint64_t u = (uint64_t)v;
	bool neg = is_signed && v < 0;
	if (neg) u = 0 - u;
	do {
		tmp[--i] = (uint8_t)('0' + u % 10);
		u /= 10;
	} while (u != 0);
	if (neg) tmp[--i] = '-';
	lms_buf_write(b, tmp + i, (int64_t)sizeof tmp - i);
}

/* lms_panic_bounds panics with Go's bounds-error message. x is the failing
 * index (x_signed false when its Go type is a 64-bit unsigned type), y the
 * bound. */
LMS_PANICFN void lms_panic_bounds(int code, int64_t x, bool x_signed, int64_t y) {
	static const char *const fmts[] = {
		"index out of range [%x] with length %y",
		"slice bounds out of range [:%x] with length %y",
		"slice bounds out of range [:%x] with capacity %y",
		"slice bounds out of range [%x:%y]",
		"slice bounds out of range [::%x] with length %y",
		"slice bounds out of range [::%x] with capacity %y",
		"slice bounds out of range [:%x:%y]",
		"slice bounds out of range [%x:%y:]",
	};
	static const char *const negfmts[] = {
		"index out of range [%x]",
		"slice bounds out of range [:%x]",
		"slice bounds out of range [:%x]",
		"slice bounds out of range [%x:]",
		"slice bounds out of range [::%x]",
		"slice bounds out of range [::%x]",
		"slice bounds out of range [:%x:]",
		"slice bounds out of range [%x::]",
	};
	const char *f = (x_signed && x < 0) ? negfmts[code] : fmts[code];
	lms_buf b = {NULL, 0, 0};
	for (; *f != 0; f++) {
		if (*f != '%') {
			lms_buf_byte(&b, (uint8_t)*f);
			continue;
		}
		f++;
		if (*f == 'x') lms_buf_int(&b, x, x_signed);
		else lms_buf_int(&b, y, true);
	}
	lms_panic_text("runtime error: ", lms_str_make(b.p, b.len), NULL);
}

/* Bounds checks, with Go's unsigned comparisons and messages. Indices of
 * every Go integer type are passed as int64_t, except that an index of a
 * 64-bit unsigned type (uint64, uint, uintptr) goes to lms_check_index_u,
 * or, when slicing, as int64_t with an LMS_U* flag, so that a value above
 * MaxInt64 is reported unsigned as Go does. */
LMS_INLINE void lms_check_index(int64_t i, int64_t len) {
	if (LMS_UNLIKELY((uint64_t)i >= (uint64_t)len)) lms_panic_bounds(LMS_BOUNDS_INDEX, i, true, len);
}
LMS_INLINE void lms_check_index_u(uint64_t i, int64_t len) {
	if (LMS_UNLIKELY(i >= (uint64_t)len)) lms_panic_bounds(LMS_BOUNDS_INDEX, (int64_t)i, false, len);
}

/* Flags for lms_check_slice and lms_check_slice3. */
enum {
	LMS_SLICE_STRING = 1, /* the operand is a string: the bound is its length */
	LMS_ULO = 2,          /* lo has a 64-bit unsigned Go type */
	LMS_UHI = 4,          /* hi has a 64-bit unsigned Go type */
	LMS_UMAX = 8          /* max has a 64-bit unsigned Go type */
};

/* lms_check_slice checks s[lo:hi] where bound is cap(s) (len(s) for a
 * string, with LMS_SLICE_STRING). For s[lo:] pass hi = len(s). */
LMS_INLINE void lms_check_slice(int64_t lo, int64_t hi, int64_t bound, int flags) {
	if (LMS_UNLIKELY((uint64_t)hi > (uint64_t)bound))
		lms_panic_bounds((flags & LMS_SLICE_STRING) ? LMS_BOUNDS_SLICE_ALEN : LMS_BOUNDS_SLICE_ACAP, hi, !(flags & LMS_UHI), bound);
	if (LMS_UNLIKELY((uint64_t)lo > (uint64_t)hi)) lms_panic_bounds(LMS_BOUNDS_SLICE_B, lo, !(flags & LMS_ULO), hi);
}

/* lms_check_slice3 checks s[lo:hi:max] where bound is cap(s). */
LMS_INLINE void lms_check_slice3(int64_t lo, int64_t hi, int64_t max, int64_t bound, int flags) {
	if (LMS_UNLIKELY((uint64_t)max > (uint64_t)bound))
		lms_panic_bounds((flags & LMS_SLICE_STRING) ? LMS_BOUNDS_SLICE3_ALEN : LMS_BOUNDS_SLICE3_ACAP, max, !(flags & LMS_UMAX), bound);
	if (LMS_UNLIKELY((uint64_t)hi > (uint64_t)max)) lms_panic_bounds(LMS_BOUNDS_SLICE3_B, hi, !(flags & LMS_UHI), max);
	if (LMS_UNLIKELY((uint64_t)lo > (uint64_t)hi)) lms_panic_bounds(LMS_BOUNDS_SLICE3_C, lo, !(flags & LMS_ULO), hi);
}

/* ---------------------------------------------------------------- integers */

/* lms_conv_S(x) converts an integer of any Go integer type (passed as, or
 * converted by C to, uint64_t) to Go type S: truncation or sign extension,
 * as Go's conversions do. No implementation-defined C conversion is used. */
#define LMS_DEF_CONV_SIGNED(S, T, UT, TMAX) \
	LMS_INLINE T lms_conv_##S(uint64_t x) { \
		uint64_t u = (UT)x; \
		return u <= (uint64_t)(TMAX) ? (T)u : (T)(-(int64_t)(~u & (uint64_t)(UT)-1) - 1); \
	}
#define LMS_DEF_CONV_UNSIGNED(S, UT) \
	LMS_INLINE UT lms_conv_##S(uint64_t x) { return (UT)x; }

LMS_DEF_CONV_SIGNED(i8, int8_t, uint8_t, INT8_MAX)
LMS_DEF_CONV_SIGNED(i16, int16_t, uint16_t, INT16_MAX)
LMS_DEF_CONV_SIGNED(i32, int32_t, uint32_t, INT32_MAX)
LMS_DEF_CONV_SIGNED(i64, int64_t, uint64_t, INT64_MAX)
LMS_DEF_CONV_UNSIGNED(u8, uint8_t)
LMS_DEF_CONV_UNSIGNED(u16, uint16_t)
LMS_DEF_CONV_UNSIGNED(u32, uint32_t)
LMS_DEF_CONV_UNSIGNED(u64, uint64_t)

/* Operations of every integer type S with Go's semantics:
 *   lms_add_S lms_sub_S lms_mul_S lms_neg_S  wrap around (no C overflow);
 *   lms_com_S (^x), lms_andnot_S (x &^ y);
 *   lms_div_S lms_rem_S  truncate toward zero, panic on a zero divisor,
 *                        MinInt / -1 == MinInt and MinInt % -1 == 0;
 *   lms_shl_S(x, s) lms_shr_S(x, s)  with an unsigned count s (any unsigned
 *                        Go type, as uint64_t): count >= width gives 0, or
 *                        -1 for a negative x shifted right;
 *   lms_shl_S_sc(x, s) lms_shr_S_sc(x, s)  with a signed count (as int64_t):
 *                        a negative count panics.
 * &, |, ^ and comparisons are plain C on operands of the same type (cast
 * the result back to the type: (int8_t)(a & b)). */
#define LMS_DEF_INT_COMMON(S, T, BITS) \
	LMS_INLINE T lms_add_##S(T a, T b) { return lms_conv_##S((uint64_t)a + (uint64_t)b); } \
	LMS_INLINE T lms_sub_##S(T a, T b) { return lms_conv_##S((uint64_t)a - (uint64_t)b); } \
	LMS_INLINE T lms_mul_##S(T a, T b) { return lms_conv_##S((uint64_t)a * (uint64_t)b); } \
	LMS_INLINE T lms_neg_##S(T a) { return lms_conv_##S(0 - (uint64_t)a); } \
	LMS_INLINE T lms_com_##S(T a) { return lms_conv_##S(~(uint64_t)a); } \
	LMS_INLINE T lms_andnot_##S(T a, T b) { return lms_conv_##S((uint64_t)a & ~(uint64_t)b); } \
	LMS_INLINE T lms_shl_##S(T x, uint64_t s) { return s >= (BITS) ? (T)0 : lms_conv_##S((uint64_t)x << s); } \
	LMS_INLINE T lms_shl_##S##_sc(T x, int64_t s) { \
		if (LMS_UNLIKELY(s < 0)) lms_panic_shift(); \
		return lms_shl_##S(x, (uint64_t)s); \
	}

#define LMS_DEF_INT_SIGNED(S, T, BITS) \
	LMS_DEF_INT_COMMON(S, T, BITS) \
	LMS_INLINE T lms_div_##S(T a, T b) { \
		if (LMS_UNLIKELY(b == 0)) lms_panic_divide(); \
		if (b == -1) return lms_neg_##S(a); \
		return (T)(a / b); \
	} \
	LMS_INLINE T lms_rem_##S(T a, T b) { \
		if (LMS_UNLIKELY(b == 0)) lms_panic_divide(); \
		if (b == -1) return (T)0; \
		return (T)(a % b); \
	} \
	LMS_INLINE T lms_shr_##S(T x, uint64_t s) { \
		if (s >= (BITS)) s = (BITS) - 1; \
		return x < 0 ? (T)~(~x >> s) : (T)(x >> s); \
	} \
	LMS_INLINE T lms_shr_##S##_sc(T x, int64_t s) { \
		if (LMS_UNLIKELY(s < 0)) lms_panic_shift(); \
		return lms_shr_##S(x, (uint64_t)s); \
	}

#define LMS_DEF_INT_UNSIGNED(S, T, BITS) \
	LMS_DEF_INT_COMMON(S, T, BITS) \
	LMS_INLINE T lms_div_##S(T a, T b) { \
		if (LMS_UNLIKELY(b == 0)) lms_panic_divide(); \
		return (T)(a / b); \
	} \
	LMS_INLINE T lms_rem_##S(T a, T b) { \
		if (LMS_UNLIKELY(b == 0)) lms_panic_divide(); \
		return (T)(a % b); \
	} \
	LMS_INLINE T lms_shr_##S(T x, uint64_t s) { return s >= (BITS) ? (T)0 : (T)(x >> s); } \
	LMS_INLINE T lms_shr_##S##_sc(T x, int64_t s) { \
		if (LMS_UNLIKELY(s < 0)) lms_panic_shift(); \
		return lms_shr_##S(x, (uint64_t)s); \
	}

LMS_DEF_INT_SIGNED(i8, int8_t, 8)
LMS_DEF_INT_SIGNED(i16, int16_t, 16)
LMS_DEF_INT_SIGNED(i32, int32_t, 32)
LMS_DEF_INT_SIGNED(i64, int64_t, 64)
LMS_DEF_INT_UNSIGNED(u8, uint8_t, 8)
LMS_DEF_INT_UNSIGNED(u16, uint16_t, 16)
LMS_DEF_INT_UNSIGNED(u32, uint32_t, 32)
LMS_DEF_INT_UNSIGNED(u64, uint64_t, 64)

/* ------------------------------------------------------------------ floats */

/* Float-to-integer conversions as gc compiles them on amd64, including
 * the results for NaN, infinities and out-of-range values (which are
 * undefined behaviour in C): lms_f64_to_S(double), lms_f32_to_S(float).
 * The building blocks are the CVTTSD2SQ / CVTTSD2SL instructions, which
 * give the "integer indefinite" value (MinInt64 / MinInt32) when the
 * truncated value does not fit. Narrow targets go through int32, uint32
 * through int64, uint64 through gc's two-range sequence.
 *
 * Integer-to-float conversions are lms_i64_to_f64 and its kin (below):
 * a cast inside a function, which rounds to nearest even as Go does.
 * float32-to-float64 is a plain C cast; float64-to-float32 is
 * lms_f64_to_f32 (below), not a cast. */
LMS_INLINE int64_t lms_cvtt64(double x) {
	return (x >= -9223372036854775808.0 && x < 9223372036854775808.0) ? (int64_t)x : INT64_MIN;
}
LMS_INLINE int32_t lms_cvtt32(double x) {
	return (x > -2147483649.0 && x < 2147483648.0) ? (int32_t)x : INT32_MIN;
}
LMS_INLINE int8_t lms_f64_to_i8(double x) { return lms_conv_i8((uint64_t)(int64_t)lms_cvtt32(x)); }
LMS_INLINE int16_t lms_f64_to_i16(double x) { return lms_conv_i16((uint64_t)(int64_t)lms_cvtt32(x)); }
LMS_INLINE int32_t lms_f64_to_i32(double x) { return lms_cvtt32(x); }
LMS_INLINE int64_t lms_f64_to_i64(double x) { return lms_cvtt64(x); }
LMS_INLINE uint8_t lms_f64_to_u8(double x) { return (uint8_t)(uint64_t)(int64_t)lms_cvtt32(x); }
LMS_INLINE uint16_t lms_f64_to_u16(double x) { return (uint16_t)(uint64_t)(int64_t)lms_cvtt32(x); }
LMS_INLINE uint32_t lms_f64_to_u32(double x) { return (uint32_t)(uint64_t)lms_cvtt64(x); }
LMS_INLINE uint64_t lms_f64_to_u64(double x) {
	if (x < 9223372036854775808.0) return (uint64_t)lms_cvtt64(x);
	return (uint64_t)lms_cvtt64(x - 9223372036854775808.0) | UINT64_C(0x8000000000000000);
}
/* Integer-to-float conversions through a function, not a cast written
 * inline: GCC 12 folds 0.0 - (double)i into -(double)i and
 * -(double)i + 0.0 into -(double)i, which is -0 for i = 0 where Go (and
 * IEEE) give +0; it does not look through a call, even inlined. Every
 * integer widens exactly to its 64-bit type, so the one rounding is the
 * conversion's, as in Go. */
LMS_INLINE double lms_i64_to_f64(int64_t x) { return (double)x; }
LMS_INLINE double lms_u64_to_f64(uint64_t x) { return (double)x; }
LMS_INLINE float lms_i64_to_f32(int64_t x) { return (float)x; }
LMS_INLINE float lms_u64_to_f32(uint64_t x) { return (float)x; }
/* float32 sources: widening is exact and gc's float32 sequences compute
 * the same values. */
LMS_INLINE int8_t lms_f32_to_i8(float x) { return lms_f64_to_i8((double)x); }
LMS_INLINE int16_t lms_f32_to_i16(float x) { return lms_f64_to_i16((double)x); }
LMS_INLINE int32_t lms_f32_to_i32(float x) { return lms_f64_to_i32((double)x); }
LMS_INLINE int64_t lms_f32_to_i64(float x) { return lms_f64_to_i64((double)x); }
LMS_INLINE uint8_t lms_f32_to_u8(float x) { return lms_f64_to_u8((double)x); }
LMS_INLINE uint16_t lms_f32_to_u16(float x) { return lms_f64_to_u16((double)x); }
LMS_INLINE uint32_t lms_f32_to_u32(float x) { return lms_f64_to_u32((double)x); }
LMS_INLINE uint64_t lms_f32_to_u64(float x) { return lms_f64_to_u64((double)x); }

LMS_INLINE bool lms_isnan(double x) { return x != x; }
LMS_INLINE bool lms_isinf(double x) { return (lms_f64bits(x) & ~UINT64_C(0x8000000000000000)) == UINT64_C(0x7FF0000000000000); }
LMS_INLINE bool lms_isfinite(double x) { return (lms_f64bits(x) & UINT64_C(0x7FF0000000000000)) != UINT64_C(0x7FF0000000000000); }
LMS_INLINE double lms_fabs(double x) { return lms_f64frombits(lms_f64bits(x) & ~UINT64_C(0x8000000000000000)); }
LMS_INLINE double lms_copysign(double x, double s) {
	return lms_f64frombits((lms_f64bits(x) & ~UINT64_C(0x8000000000000000)) | (lms_f64bits(s) & UINT64_C(0x8000000000000000)));
}
#define LMS_INF (lms_f64frombits(UINT64_C(0x7FF0000000000000)))

/* lms_f64_to_f32 is Go's float32(x) for a float64 x: round to nearest
 * even, overflow to infinity. Emit it instead of a C cast: GCC 12's SLP
 * vectorizer folds pairs of (double)(float)x conversions back into x,
 * dropping the rounding; the empty asm makes the float opaque. */
#if defined(__x86_64__) || defined(__i386__)
#define LMS_OPAQUE_FLOAT(f) __asm__("" : "+x"(f))
#elif defined(__aarch64__)
#define LMS_OPAQUE_FLOAT(f) __asm__("" : "+w"(f))
#else
#define LMS_OPAQUE_FLOAT(f) __asm__("" : "+m"(f))
#endif
LMS_INLINE float lms_f64_to_f32(double x) {
	float f = (float)x;
	LMS_OPAQUE_FLOAT(f);
	return f;
}

/* Complex arithmetic as gc does it: + and - per component in the type's
 * precision; * with the textbook formula, for complex64 computed in float64
 * and rounded; / with runtime.complex128div (complex64 operands widened). */
LMS_INLINE lms_complex128 lms_c128(double re, double im) { lms_complex128 c; c.re = re; c.im = im; return c; }
LMS_INLINE lms_complex64 lms_c64(float re, float im) { lms_complex64 c; c.re = re; c.im = im; return c; }
LMS_INLINE lms_complex128 lms_c64_to_c128(lms_complex64 a) { return lms_c128((double)a.re, (double)a.im); }
LMS_INLINE lms_complex64 lms_c128_to_c64(lms_complex128 a) { return lms_c64(lms_f64_to_f32(a.re), lms_f64_to_f32(a.im)); }

LMS_INLINE lms_complex128 lms_c128_add(lms_complex128 a, lms_complex128 b) { return lms_c128(a.re + b.re, a.im + b.im); }
LMS_INLINE lms_complex128 lms_c128_sub(lms_complex128 a, lms_complex128 b) { return lms_c128(a.re - b.re, a.im - b.im); }
LMS_INLINE lms_complex128 lms_c128_neg(lms_complex128 a) { return lms_c128(-a.re, -a.im); }
LMS_INLINE bool lms_c128_eq(lms_complex128 a, lms_complex128 b) { return a.re == b.re && a.im == b.im; }
LMS_INLINE lms_complex128 lms_c128_mul(lms_complex128 a, lms_complex128 b) {
	return lms_c128(a.re * b.re - a.im * b.im, a.re * b.im + a.im * b.re);
}

LMS_INLINE double lms_inf2one(double f) { return lms_copysign(lms_isinf(f) ? 1.0 : 0.0, f); }

LMS_FN lms_complex128 lms_c128_div(lms_complex128 n, lms_complex128 m) {
	double e, f;
	if (lms_fabs(m.re) >= lms_fabs(m.im)) {
		double ratio = m.im / m.re;
		double denom = m.re + ratio * m.im;
		e = (n.re + n.im * ratio) / denom;
		f = (n.im - n.re * ratio) / denom;
	} else {
		double ratio = m.re / m.im;
		double denom = m.im + ratio * m.re;
		e = (n.re * ratio + n.im) / denom;
		f = (n.im * ratio - n.re) / denom;
	}
	if (lms_isnan(e) && lms_isnan(f)) {
		double a = n.re, b = n.im, c = m.re, d = m.im;
		if (c == 0 && d == 0 && (!lms_isnan(a) || !lms_isnan(b))) {
			e = lms_copysign(LMS_INF, c) * a;
			f = lms_copysign(LMS_INF, c) * b;
		} else if ((lms_isinf(a) || lms_isinf(b)) && lms_isfinite(c) && lms_isfinite(d)) {
			a = lms_inf2one(a);
			b = lms_inf2one(b);
			e = LMS_INF * (a * c + b * d);
			f = LMS_INF * (b * c - a * d);
		} else if ((lms_isinf(c) || lms_isinf(d)) && lms_isfinite(a) && lms_isfinite(b)) {
			c = lms_inf2one(c);
			d = lms_inf2one(d);
			e = 0 * (a * c + b * d);
			f = 0 * (b * c - a * d);
		}
	}
	return lms_c128(e, f);
}

LMS_INLINE lms_complex64 lms_c64_add(lms_complex64 a, lms_complex64 b) { return lms_c64(a.re + b.re, a.im + b.im); }
LMS_INLINE lms_complex64 lms_c64_sub(lms_complex64 a, lms_complex64 b) { return lms_c64(a.re - b.re, a.im - b.im); }
LMS_INLINE lms_complex64 lms_c64_neg(lms_complex64 a) { return lms_c64(-a.re, -a.im); }
LMS_INLINE bool lms_c64_eq(lms_complex64 a, lms_complex64 b) { return a.re == b.re && a.im == b.im; }
LMS_INLINE lms_complex64 lms_c64_mul(lms_complex64 a, lms_complex64 b) {
	return lms_c128_to_c64(lms_c128_mul(lms_c64_to_c128(a), lms_c64_to_c128(b)));
}
LMS_INLINE lms_complex64 lms_c64_div(lms_complex64 a, lms_complex64 b) {
	return lms_c128_to_c64(lms_c128_div(lms_c64_to_c128(a), lms_c64_to_c128(b)));
}

/* ------------------------------------------------------------------- UTF-8 */

#define LMS_RUNE_ERROR 0xFFFD

/* lms_utf8_decode decodes the first rune of p[:n] as Go's
 * utf8.DecodeRune: an invalid or truncated encoding gives (U+FFFD, 1),
 * an empty input (U+FFFD, 0). It returns the width. */
LMS_FN int lms_utf8_decode(const uint8_t *p, int64_t n, int32_t *r) {
	if (n < 1) {
		*r = LMS_RUNE_ERROR;
		return 0;
	}
	uint8_t c0 = p[0];
	if (c0 < 0x80) {
		*r = c0;
		return 1;
	}
	int w;
	uint8_t lo = 0x80, hi = 0xBF;
	int32_t v;
	if (c0 >= 0xC2 && c0 <= 0xDF) {
		w = 2;
		v = c0 & 0x1F;
	} else if (c0 >= 0xE0 && c0 <= 0xEF) {
		w = 3;
		v = c0 & 0x0F;
		if (c0 == 0xE0) lo = 0xA0;
		if (c0 == 0xED) hi = 0x9F;
	} else if (c0 >= 0xF0 && c0 <= 0xF4) {
		w = 4;
		v = c0 & 0x07;
		if (c0 == 0xF0) lo = 0x90;
		if (c0 == 0xF4) hi = 0x8F;
	} else {
		*r = LMS_RUNE_ERROR;
		return 1;
	}
	if (n < w) {
		*r = LMS_RUNE_ERROR;
		return 1;
	}
	for (int i = 1; i < w; i++) {
		uint8_t c = p[i];
		if (c < lo || c > hi) {
			*r = LMS_RUNE_ERROR;
			return 1;
		}
		lo = 0x80;
		hi = 0xBF;
		v = (v << 6) | (c & 0x3F);
	}
	*r = v;
	return w;
}

/* lms_utf8_encode writes the UTF-8 encoding of r (U+FFFD if r is not a
 * valid rune: negative, a surrogate or above U+10FFFF) to dst, which has
 * room for 4 bytes, and returns its length. */
LMS_FN int lms_utf8_encode(uint8_t *dst, int64_t r) {
	if (r >= 0 && r < 0x80) {
		dst[0] = (uint8_t)r;
		return 1;
	}
	if (r >= 0x80 && r < 0x800) {
		dst[0] = (uint8_t)(0xC0 | (r >> 6));
		dst[1] = (uint8_t)(0x80 | (r & 0x3F));
		return 2;
	}
	if (r < 0 || r > 0x10FFFF || (r >= 0xD800 && r <= 0xDFFF)) r = LMS_RUNE_ERROR;
	if (r < 0x10000) {
		dst[0] = (uint8_t)(0xE0 | (r >> 12));
		dst[1] = (uint8_t)(0x80 | ((r >> 6) & 0x3F));
		dst[2] = (uint8_t)(0x80 | (r & 0x3F));
		return 3;
	}
	dst[0] = (uint8_t)(0xF0 | (r >> 18));
	dst[1] = (uint8_t)(0x80 | ((r >> 12) & 0x3F));
	dst[2] = (uint8_t)(0x80 | ((r >> 6) & 0x3F));
	dst[3] = (uint8_t)(0x80 | (r & 0x3F));
	return 4;
}

LMS_INLINE void lms_buf_rune(lms_buf *b, int64_t r) {
	uint8_t tmp[4];
	lms_buf_write(b, tmp, lms_utf8_encode(tmp, r));
}

/* lms_utf8_count returns the number of runes in p[:n] (utf8.RuneCount). */
LMS_FN int64_t lms_utf8_count(const uint8_t *p, int64_t n) {
	int64_t count = 0;
	int32_t r;
	for (int64_t i = 0; i < n; count++) {
		if (p[i] < 0x80) i++;
		else i += lms_utf8_decode(p + i, n - i, &r);
	}
	return count;
}

/* ----------------------------------------------------------------- strings */

LMS_INLINE int64_t lms_str_len(lms_string s) { return s.len; }

LMS_INLINE bool lms_str_eq(lms_string a, lms_string b) {
	return a.len == b.len && (a.len == 0 || a.p == b.p || memcmp(a.p, b.p, (size_t)a.len) == 0);
}
LMS_INLINE bool lms_str_ne(lms_string a, lms_string b) { return !lms_str_eq(a, b); }

/* lms_str_cmp compares bytewise: -1, 0 or +1 (strings.Compare). */
LMS_INLINE int lms_str_cmp(lms_string a, lms_string b) {
	int64_t n = a.len < b.len ? a.len : b.len;
	int c = n <= 0 ? 0 : memcmp(a.p, b.p, (size_t)n);
	if (c != 0) return c < 0 ? -1 : 1;
	return a.len < b.len ? -1 : a.len > b.len ? 1 : 0;
}
LMS_INLINE bool lms_str_lt(lms_string a, lms_string b) { return lms_str_cmp(a, b) < 0; }
LMS_INLINE bool lms_str_le(lms_string a, lms_string b) { return lms_str_cmp(a, b) <= 0; }
LMS_INLINE bool lms_str_gt(lms_string a, lms_string b) { return lms_str_cmp(a, b) > 0; }
LMS_INLINE bool lms_str_ge(lms_string a, lms_string b) { return lms_str_cmp(a, b) >= 0; }

/* lms_str_concat returns a + b in new memory (a or b itself if the other
 * is empty, as Go does). */
LMS_FN lms_string lms_str_concat(lms_string a, lms_string b) {
	if (a.len == 0) return b;
	if (b.len == 0) return a;
	int64_t n = lms_add_i64(a.len, b.len);
	if (n < 0) lms_fatal("string concatenation too long");
	uint8_t *p = (uint8_t *)lms_alloc(n);
	memcpy(p, a.p, (size_t)a.len);
	memcpy(p + a.len, b.p, (size_t)b.len);
	return lms_str_make(p, n);
}

/* lms_str_concatn returns parts[0] + ... + parts[n-1]. */
LMS_FN lms_string lms_str_concatn(int n, const lms_string *parts) {
	int64_t total = 0;
	int nonempty = 0, last = 0;
	for (int i = 0; i < n; i++) {
		if (parts[i].len > 0) {
			nonempty++;
			last = i;
		}
		total = lms_add_i64(total, parts[i].len);
		if (total < 0) lms_fatal("string concatenation too long");
	}
	if (nonempty == 0) return lms_str_make(NULL, 0);
	if (nonempty == 1) return parts[last];
	uint8_t *p = (uint8_t *)lms_alloc(total);
	int64_t off = 0;
	for (int i = 0; i < n; i++) {
		if (parts[i].len > 0) memcpy(p + off, parts[i].p, (size_t)parts[i].len);
		off += parts[i].len;
	}
	return lms_str_make(p, total);
}

/* lms_str_index returns s[i] with Go's bounds check. */
LMS_INLINE uint8_t lms_str_index(lms_string s, int64_t i) {
	lms_check_index(i, s.len);
	return s.p[i];
}

/* lms_str_reslice returns s[lo:hi] without checks. */
LMS_INLINE lms_string lms_str_reslice(lms_string s, int64_t lo, int64_t hi) {
	return lms_str_make(hi - lo == 0 ? s.p : s.p + lo, hi - lo);
}

/* lms_str_slice returns s[lo:hi] with Go's checks (s[lo:]: hi = s.len). */
LMS_INLINE lms_string lms_str_slice(lms_string s, int64_t lo, int64_t hi) {
	lms_check_slice(lo, hi, s.len, LMS_SLICE_STRING);
	return lms_str_reslice(s, lo, hi);
}

/* lms_str_from_rune is string(x) for an integer x of any Go type (passed
 * as int64_t; a uint64 above MaxInt64 becomes negative, hence invalid):
 * invalid code points give "\uFFFD". */
LMS_FN lms_string lms_str_from_rune(int64_t r) {
	uint8_t *p = (uint8_t *)lms_alloc(4);
	int n = lms_utf8_encode(p, r);
	return lms_str_make(p, n);
}

/* lms_str_decoderune is the step of `for i, r := range s`: it stores the
 * rune at byte offset i (0 <= i < len(s)) in *r and returns the offset of
 * the next rune. */
LMS_INLINE int64_t lms_str_decoderune(lms_string s, int64_t i, int32_t *r) {
	if (s.p[i] < 0x80) {
		*r = s.p[i];
		return i + 1;
	}
	return i + lms_utf8_decode(s.p + i, s.len - i, r);
}

/* lms_str_runecount is len([]rune(s)) (utf8.RuneCountInString). */
LMS_INLINE int64_t lms_str_runecount(lms_string s) { return lms_utf8_count(s.p, s.len); }

/* ------------------------------------------------------------------ slices */

/* Go's malloc size classes (runtime/sizeclasses.go, Go 1.26); append rounds
 * capacities up to them exactly as runtime.growslice does. */
static const uint16_t lms_class_to_size[68] LMS_UNUSED = {0, 8, 16, 24, 32, 48, 64, 80, 96, 112, 128, 144, 160, 176, 192, 208, 224, 240, 256, 288, 320, 352, 384, 416, 448, 480, 512, 576, 640, 704, 768, 896, 1024, 1152, 1280, 1408, 1536, 1792, 2048, 2304, 2688, 3072, 3200, 3456, 4096, 4864, 5376, 6144, 6528, 6784, 6912, 8192, 9472, 9728, 10240, 10880, 12288, 13568, 14336, 16384, 18432, 19072, 20480, 21760, 24576, 27264, 28672, 32768};
static const uint8_t lms_size_to_class8[129] LMS_UNUSED = {0, 1, 2, 3, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13, 14, 14, 15, 15, 16, 16, 17, 17, 18, 18, 19, 19, 19, 19, 20, 20, 20, 20, 21, 21, 21, 21, 22, 22, 22, 22, 23, 23, 23, 23, 24, 24, 24, 24, 25, 25, 25, 25, 26, 26, 26, 26, 27, 27, 27, 27, 27, 27, 27, 27, 28, 28, 28, 28, 28, 28, 28, 28, 29, 29, 29, 29, 29, 29, 29, 29, 30, 30, 30, 30, 30, 30, 30, 30, 31, 31, 31, 31, 31, 31, 31, 31, 31, 31, 31, 31, 31, 31, 31, 31, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32};
static const uint8_t lms_size_to_class128[249] LMS_UNUSED = {32, 33, 34, 35, 36, 37, 37, 38, 38, 39, 39, 40, 40, 40, 41, 41, 41, 42, 43, 43, 44, 44, 44, 44, 44, 45, 45, 45, 45, 45, 45, 46, 46, 46, 46, 47, 47, 47, 47, 47, 47, 48, 48, 48, 49, 49, 50, 51, 51, 51, 51, 51, 51, 51, 51, 51, 51, 52, 52, 52, 52, 52, 52, 52, 52, 52, 52, 53, 53, 54, 54, 54, 54, 55, 55, 55, 55, 55, 56, 56, 56, 56, 56, 56, 56, 56, 56, 56, 56, 57, 57, 57, 57, 57, 57, 57, 57, 57, 57, 58, 58, 58, 58, 58, 58, 59, 59, 59, 59, 59, 59, 59, 59, 59, 59, 59, 59, 59, 59, 59, 59, 60, 60, 60, 60, 60, 60, 60, 60, 60, 60, 60, 60, 60, 60, 60, 60, 61, 61, 61, 61, 61, 62, 62, 62, 62, 62, 62, 62, 62, 62, 62, 62, 63, 63, 63, 63, 63, 63, 63, 63, 63, 63, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 65, 65, 65, 65, 65, 65, 65, 65, 65, 65, 65, 65, 65, 65, 65, 65, 65, 65, 65, 65, 65, 66, 66, 66, 66, 66, 66, 66, 66, 66, 66, 66, 67, 67, 67, 67, 67, 67, 67, 67, 67, 67, 67, 67, 67, 67, 67, 67, 67, 67, 67, 67, 67, 67, 67, 67, 67, 67, 67, 67, 67, 67, 67, 67};

#define LMS_MAX_ALLOC (UINT64_C(1) << 48) /* runtime.maxAlloc on linux/amd64 */

/* lms_roundupsize is runtime.roundupsize: the size of the memory block
 * mallocgc returns for size bytes. noscan is false for element types that
 * contain pointers (strings, slices, pointers), which get a malloc header. */
LMS_FN uint64_t lms_roundupsize(uint64_t size, bool noscan) {
	uint64_t req = size;
	if (req <= 32768 - 8) {
		if (!noscan && req > 512) req += 8;
		if (req <= 1024 - 8) return lms_class_to_size[lms_size_to_class8[(req + 7) / 8]] - (req - size);
		return lms_class_to_size[lms_size_to_class128[(req - 1024 + 127) / 128]] - (req - size);
	}
	req += 8192 - 1;
	if (req < size) return size;
	return req & ~(uint64_t)(8192 - 1);
}

/* lms_nextslicecap is runtime.nextslicecap: double below 256 elements,
 * then grow by (newcap + 768) / 4 until the new length fits. */
LMS_FN int64_t lms_nextslicecap(int64_t newLen, int64_t oldCap) {
	int64_t newcap = oldCap;
	int64_t doublecap = newcap + newcap;
	if (newLen > doublecap) return newLen;
	if (oldCap < 256) return doublecap;
	for (;;) {
		newcap = (int64_t)((uint64_t)newcap + (((uint64_t)newcap + 768) >> 2));
		if ((uint64_t)newcap >= (uint64_t)newLen) break;
	}
	if (newcap <= 0) return newLen;
	return newcap;
}

/* lms_growslice is runtime.growslice: new zeroed memory for a slice that
 * needs newLen elements, with the old oldLen = newLen - num elements
 * copied; the new capacity goes to *newcapp. */
/* lms_growcap is the capacity runtime.growslice gives a slice of oldCap
 * elements of esize bytes growing to newLen elements, with its panic for
 * a length out of range. */
LMS_FN int64_t lms_growcap(int64_t newLen, int64_t oldCap, int64_t esize, bool noscan) {
	if (newLen < 0) lms_panic_growslice();
	int64_t newcap = lms_nextslicecap(newLen, oldCap);
	uint64_t capmem = (uint64_t)newcap * (uint64_t)esize;
	bool overflow = (uint64_t)newcap > UINT64_MAX / (uint64_t)esize;
	capmem = lms_roundupsize(capmem, noscan);
	newcap = (int64_t)(capmem / (uint64_t)esize);
	capmem = (uint64_t)newcap * (uint64_t)esize;
	if (overflow || capmem > LMS_MAX_ALLOC) lms_panic_growslice();
	return newcap;
}

LMS_FN void *lms_growslice(const void *oldp, int64_t newLen, int64_t oldCap, int64_t num, int64_t esize, bool noscan, int64_t *newcapp) {
	int64_t oldLen = newLen - num;
	int64_t newcap = lms_growcap(newLen, oldCap, esize, noscan);
	void *p = lms_alloc(newcap * esize);
	if (oldLen > 0) memcpy(p, oldp, (size_t)(oldLen * esize));
	*newcapp = newcap;
	return p;
}

/* lms_makeslice is runtime.makeslice: zeroed memory for cap elements, with
 * Go's panics for a negative or too large length or capacity. */
LMS_FN void *lms_makeslice(int64_t len, int64_t cap, int64_t esize) {
	uint64_t ue = (uint64_t)esize;
	if ((uint64_t)cap > LMS_MAX_ALLOC / ue || len < 0 || len > cap) {
		if ((uint64_t)len > LMS_MAX_ALLOC / ue) lms_panic_makeslicelen(); /* also len < 0 */
		lms_panic_makeslicecap();
	}
	return lms_alloc(cap * esize);
}

/* LMS_SLICE_TYPE(T, NAME) declares the slice type NAME, a struct
 * { T *p; int64_t len; int64_t cap; } ({NULL, 0, 0} is the nil slice), and
 * its operations:
 *   NAME NAME_make(len, cap)              make([]T, len, cap)
 *   T    NAME_get(s, i)                   s[i]        (checked)
 *   void NAME_set(s, i, v)                s[i] = v    (checked)
 *   T   *NAME_ptr(s, i)                   &s[i]       (checked)
 *   NAME NAME_slice(s, lo, hi)            s[lo:hi]    (checked; s[lo:] is hi = s.len)
 *   NAME NAME_slice3(s, lo, hi, max)      s[lo:hi:max] (checked)
 *   NAME NAME_reslice(s, lo, hi, max)     s[lo:hi:max] unchecked
 *   NAME NAME_append(s, v)                append(s, v)
 *   NAME NAME_append_n(s, const T *v, n)  append(s, v[0], ..., v[n-1])
 *   NAME NAME_append_slice(s, t)          append(s, t...)
 *   NAME NAME_grow(s, n, esize, noscan)   s, or a copy with the capacity
 *                                         append(s, n more) gives a slice
 *                                         of esize-byte elements (ir.OpGrow)
 *   int64_t NAME_copy(dst, src)           copy(dst, src)
 *   bool NAME_is_nil(s)                   s == nil
 * Unchecked element access is s.p[i] (for -bounds=off). Use
 * LMS_SLICE_TYPE_PTRS instead when T contains pointers (strings, slices,
 * pointers): Go rounds such allocations differently (malloc headers), which
 * shows in cap().
 *
 * Capacities match Go's heap allocations exactly. gc may instead give a
 * slice that does not escape a 32-byte stack buffer (append to a nil local
 * slice, []byte(s) of a short string), whose cap() then differs; only
 * outputs that depend on cap() of such slices can differ from Go. */
#define LMS_SLICE_TYPE(T, NAME) LMS_SLICE_TYPE_(T, NAME, true)
#define LMS_SLICE_TYPE_PTRS(T, NAME) LMS_SLICE_TYPE_(T, NAME, false)
#define LMS_SLICE_TYPE_(T, NAME, NOSCAN) \
	typedef struct { T *p; int64_t len; int64_t cap; } NAME; \
	LMS_INLINE NAME NAME##_make(int64_t len, int64_t cap) { \
		NAME s; \
		s.p = (T *)lms_makeslice(len, cap, (int64_t)sizeof(T)); \
		s.len = len; \
		s.cap = cap; \
		return s; \
	} \
	LMS_INLINE bool NAME##_is_nil(NAME s) { return s.p == NULL; } \
	LMS_INLINE T NAME##_get(NAME s, int64_t i) { \
		lms_check_index(i, s.len); \
		return s.p[i]; \
	} \
	LMS_INLINE void NAME##_set(NAME s, int64_t i, T v) { \
		lms_check_index(i, s.len); \
		s.p[i] = v; \
	} \
	LMS_INLINE T *NAME##_ptr(NAME s, int64_t i) { \
		lms_check_index(i, s.len); \
		return &s.p[i]; \
	} \
	LMS_INLINE NAME NAME##_reslice(NAME s, int64_t lo, int64_t hi, int64_t max) { \
		NAME r; \
		r.len = hi - lo; \
		r.cap = max - lo; \
		r.p = r.cap == 0 ? s.p : s.p + lo; \
		return r; \
	} \
	LMS_INLINE NAME NAME##_slice(NAME s, int64_t lo, int64_t hi) { \
		lms_check_slice(lo, hi, s.cap, 0); \
		return NAME##_reslice(s, lo, hi, s.cap); \
	} \
	LMS_INLINE NAME NAME##_slice3(NAME s, int64_t lo, int64_t hi, int64_t max) { \
		lms_check_slice3(lo, hi, max, s.cap, 0); \
		return NAME##_reslice(s, lo, hi, max); \
	} \
	LMS_INLINE NAME NAME##_grow_(NAME s, int64_t num) { \
		int64_t newLen = lms_add_i64(s.len, num); \
		if ((uint64_t)newLen > (uint64_t)s.cap) { \
			int64_t newcap; \
			s.p = (T *)lms_growslice(s.p, newLen, s.cap, num, (int64_t)sizeof(T), (NOSCAN), &newcap); \
			s.cap = newcap; \
		} \
		s.len = newLen; \
		return s; \
	} \
	LMS_INLINE NAME NAME##_grow(NAME s, int64_t num, int64_t esize, bool noscan) { \
		int64_t newLen = lms_add_i64(s.len, num); \
		if ((uint64_t)newLen > (uint64_t)s.cap) { \
			int64_t newcap = lms_growcap(newLen, s.cap, esize, noscan); \
			T *p = (T *)lms_alloc(newcap * (int64_t)sizeof(T)); \
			if (s.len > 0) memcpy(p, s.p, (size_t)s.len * sizeof(T)); \
			s.p = p; \
			s.cap = newcap; \
		} \
		return s; \
	} \
	LMS_INLINE NAME NAME##_append(NAME s, T v) { \
		s = NAME##_grow_(s, 1); \
		s.p[s.len - 1] = v; \
		return s; \
	} \
	LMS_INLINE NAME NAME##_append_n(NAME s, const T *v, int64_t n) { \
		if (n == 0) return s; \
		int64_t old = s.len; \
		s = NAME##_grow_(s, n); \
		memmove(s.p + old, v, (size_t)n * sizeof(T)); \
		return s; \
	} \
	LMS_INLINE NAME NAME##_append_slice(NAME s, NAME t) { return NAME##_append_n(s, t.p, t.len); } \
	LMS_INLINE int64_t NAME##_copy(NAME dst, NAME src) { \
		int64_t n = dst.len < src.len ? dst.len : src.len; \
		if (n > 0) memmove(dst.p, src.p, (size_t)n * sizeof(T)); \
		return n; \
	}

/* Slice types of the basic types. Go's int, uint and uintptr are int64_t
 * and uint64_t, so []int is lms_slice_int64, []uint and []uintptr are
 * lms_slice_uint64, []byte is lms_slice_uint8 and []rune lms_slice_int32. */
LMS_SLICE_TYPE(int8_t, lms_slice_int8)
LMS_SLICE_TYPE(int16_t, lms_slice_int16)
LMS_SLICE_TYPE(int32_t, lms_slice_int32)
LMS_SLICE_TYPE(int64_t, lms_slice_int64)
LMS_SLICE_TYPE(uint8_t, lms_slice_uint8)
LMS_SLICE_TYPE(uint16_t, lms_slice_uint16)
LMS_SLICE_TYPE(uint32_t, lms_slice_uint32)
LMS_SLICE_TYPE(uint64_t, lms_slice_uint64)
LMS_SLICE_TYPE(float, lms_slice_float32)
LMS_SLICE_TYPE(double, lms_slice_float64)
LMS_SLICE_TYPE(lms_complex64, lms_slice_complex64)
LMS_SLICE_TYPE(lms_complex128, lms_slice_complex128)
LMS_SLICE_TYPE(bool, lms_slice_bool)
LMS_SLICE_TYPE_PTRS(lms_string, lms_slice_string)

/* Conversions between strings and byte and rune slices. Capacities are
 * rounded up to a size class as Go does for heap allocations. */
LMS_FN lms_slice_uint8 lms_bytes_from_str(lms_string s) { /* []byte(s) */
	lms_slice_uint8 b;
	b.cap = (int64_t)lms_roundupsize((uint64_t)s.len, true);
	b.p = (uint8_t *)lms_alloc(b.cap);
	b.len = s.len;
	if (s.len > 0) memcpy(b.p, s.p, (size_t)s.len);
	return b;
}

LMS_FN lms_string lms_str_from_bytes(lms_slice_uint8 b) { /* string(b) */
	if (b.len == 0) return lms_str_make(NULL, 0);
	uint8_t *p = (uint8_t *)lms_alloc(b.len);
	memcpy(p, b.p, (size_t)b.len);
	return lms_str_make(p, b.len);
}

LMS_FN lms_slice_int32 lms_runes_from_str(lms_string s) { /* []rune(s) */
	int64_t n = lms_str_runecount(s);
	lms_slice_int32 r;
	r.cap = (int64_t)(lms_roundupsize((uint64_t)n * 4, true) / 4);
	r.p = (int32_t *)lms_alloc(r.cap * 4);
	r.len = n;
	for (int64_t i = 0, k = 0; i < s.len; k++) i = lms_str_decoderune(s, i, &r.p[k]);
	return r;
}

LMS_FN lms_string lms_str_from_runes(lms_slice_int32 r) { /* string(r) */
	lms_buf b = {NULL, 0, 0};
	for (int64_t i = 0; i < r.len; i++) lms_buf_rune(&b, r.p[i]);
	return lms_buf_string(&b);
}

/* append([]byte, s...) and copy([]byte, s) for a string s. */
LMS_INLINE lms_slice_uint8 lms_slice_uint8_append_str(lms_slice_uint8 b, lms_string s) {
	return lms_slice_uint8_append_n(b, s.p, s.len);
}
LMS_INLINE int64_t lms_slice_uint8_copy_str(lms_slice_uint8 dst, lms_string src) {
	int64_t n = dst.len < src.len ? dst.len : src.len;
	if (n > 0) memmove(dst.p, src.p, (size_t)n);
	return n;
}

/* ------------------------------------------------------- float formatting */

/* A port of Go's strconv float formatting in its multiprecision form
 * (decimal.go and bigFtoa/roundShortest/fmtE/fmtF/fmtB/fmtX of ftoa.go):
 * exact, so its digits equal the Dragonbox/Ryu fast paths Go also has. */
typedef struct {
	uint8_t d[800]; /* digits, big-endian */
	int nd;         /* number of digits used */
	int dp;         /* decimal point */
	bool trunc;     /* discarded nonzero digits beyond d[:nd] */
} lms_decimal;

LMS_INLINE void lms_decimal_trim(lms_decimal *a) {
	while (a->nd > 0 && a->d[a->nd - 1] == '0') a->nd--;
	if (a->nd == 0) a->dp = 0;
}

LMS_FN void lms_decimal_assign(lms_decimal *a, uint64_t v) {
	uint8_t buf[24];
	int n = 0;
	while (v > 0) {
		uint64_t v1 = v / 10;
		buf[n++] = (uint8_t)(v - 10 * v1 + '0');
		v = v1;
	}
	a->nd = 0;
	for (n--; n >= 0; n--) a->d[a->nd++] = buf[n];
	a->dp = a->nd;
	a->trunc = false;
	lms_decimal_trim(a);
}

#define LMS_MAXSHIFT 60

LMS_FN void lms_decimal_rshift(lms_decimal *a, unsigned k) {
	int r = 0, w = 0;
	uint64_t n = 0;
	for (; n >> k == 0; r++) {
		if (r >= a->nd) {
			if (n == 0) {
				a->nd = 0;
				return;
			}
			while (n >> k == 0) {
				n = n * 10;
				r++;
			}
			break;
		}
		n = n * 10 + a->d[r] - '0';
	}
	a->dp -= r - 1;
	uint64_t mask = ((uint64_t)1 << k) - 1;
	for (; r < a->nd; r++) {
		uint64_t c = a->d[r];
		uint64_t dig = n >> k;
		n &= mask;
		a->d[w++] = (uint8_t)(dig + '0');
		n = n * 10 + c - '0';
	}
	while (n > 0) {
		uint64_t dig = n >> k;
		n &= mask;
		if (w < (int)sizeof a->d) a->d[w++] = (uint8_t)(dig + '0');
		else if (dig > 0) a->trunc = true;
		n = n * 10;
	}
	a->nd = w;
	lms_decimal_trim(a);
}

/* Powers of five: multiplying by 2^k adds leftcheat_delta[k] digits, one
 * fewer if the number is less than leftcheat_cutoff[k]. */
static const uint8_t lms_leftcheat_delta[61] LMS_UNUSED = {0, 1, 1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 6, 6, 6, 7, 7, 7, 7, 8, 8, 8, 9, 9, 9, 10, 10, 10, 10, 11, 11, 11, 12, 12, 12, 13, 13, 13, 13, 14, 14, 14, 15, 15, 15, 16, 16, 16, 16, 17, 17, 17, 18, 18, 18, 19};
static const char *const lms_leftcheat_cutoff[61] LMS_UNUSED = {
	"", "5", "25", "125", "625", "3125", "15625", "78125", "390625", "1953125",
	"9765625", "48828125", "244140625", "1220703125", "6103515625", "30517578125",
	"152587890625", "762939453125", "3814697265625", "19073486328125",
	"95367431640625", "476837158203125", "2384185791015625", "11920928955078125",
	"59604644775390625", "298023223876953125", "1490116119384765625",
	"7450580596923828125", "37252902984619140625", "186264514923095703125",
	"931322574615478515625", "4656612873077392578125", "23283064365386962890625",
	"116415321826934814453125", "582076609134674072265625",
	"2910383045673370361328125", "14551915228366851806640625",
	"72759576141834259033203125", "363797880709171295166015625",
	"1818989403545856475830078125", "9094947017729282379150390625",
	"45474735088646411895751953125", "227373675443232059478759765625",
	"1136868377216160297393798828125", "5684341886080801486968994140625",
	"28421709430404007434844970703125", "142108547152020037174224853515625",
	"710542735760100185871124267578125", "3552713678800500929355621337890625",
	"17763568394002504646778106689453125", "88817841970012523233890533447265625",
	"444089209850062616169452667236328125", "2220446049250313080847263336181640625",
	"11102230246251565404236316680908203125", "55511151231257827021181583404541015625",
	"277555756156289135105907917022705078125", "1387778780781445675529539585113525390625",
	"6938893903907228377647697925567626953125", "34694469519536141888238489627838134765625",
	"173472347597680709441192448139190673828125", "867361737988403547205962240695953369140625",
};

LMS_FN void lms_decimal_lshift(lms_decimal *a, unsigned k) {
	int delta = lms_leftcheat_delta[k];
	const char *cut = lms_leftcheat_cutoff[k];
	for (int i = 0; cut[i] != 0; i++) { /* prefixIsLessThan */
		if (i >= a->nd) {
			delta--;
			break;
		}
		if (a->d[i] != (uint8_t)cut[i]) {
			if (a->d[i] < (uint8_t)cut[i]) delta--;
			break;
		}
	}
	int r = a->nd, w = a->nd + delta;
	uint64_t n = 0;
	for (r--; r >= 0; r--) {
		n += (uint64_t)(a->d[r] - '0') << k;
		uint64_t quo = n / 10, rem = n - 10 * quo;
		w--;
		if (w < (int)sizeof a->d) a->d[w] = (uint8_t)(rem + '0');
		else if (rem != 0) a->trunc = true;
		n = quo;
	}
	while (n > 0) {
		uint64_t quo = n / 10, rem = n - 10 * quo;
		w--;
		if (w < (int)sizeof a->d) a->d[w] = (uint8_t)(rem + '0');
		else if (rem != 0) a->trunc = true;
		n = quo;
	}
	a->nd += delta;
	if (a->nd >= (int)sizeof a->d) a->nd = (int)sizeof a->d;
	a->dp += delta;
	lms_decimal_trim(a);
}

LMS_FN void lms_decimal_shift(lms_decimal *a, int k) {
	if (a->nd == 0) return;
	if (k > 0) {
		for (; k > LMS_MAXSHIFT; k -= LMS_MAXSHIFT) lms_decimal_lshift(a, LMS_MAXSHIFT);
		lms_decimal_lshift(a, (unsigned)k);
	} else if (k < 0) {
		for (; k < -LMS_MAXSHIFT; k += LMS_MAXSHIFT) lms_decimal_rshift(a, LMS_MAXSHIFT);
		lms_decimal_rshift(a, (unsigned)-k);
	}
}

LMS_INLINE bool lms_decimal_should_round_up(const lms_decimal *a, int nd) {
	if (nd < 0 || nd >= a->nd) return false;
	if (a->d[nd] == '5' && nd + 1 == a->nd) { /* exactly halfway: round to even */
		if (a->trunc) return true;
		return nd > 0 && (a->d[nd - 1] - '0') % 2 != 0;
	}
	return a->d[nd] >= '5';
}

LMS_INLINE void lms_decimal_round_down(lms_decimal *a, int nd) {
	if (nd < 0 || nd >= a->nd) return;
	a->nd = nd;
	lms_decimal_trim(a);
}

LMS_FN void lms_decimal_round_up(lms_decimal *a, int nd) {
	if (nd < 0 || nd >= a->nd) return;
	for (int i = nd - 1; i >= 0; i--) {
		if (a->d[i] < '9') {
			a->d[i]++;
			a->nd = i + 1;
			return;
		}
	}
	a->d[0] = '1';
	a->nd = 1;
	a->dp++;
}

LMS_INLINE void lms_decimal_round(lms_decimal *a, int nd) {
	if (nd < 0 || nd >= a->nd) return;
	if (lms_decimal_should_round_up(a, nd)) lms_decimal_round_up(a, nd);
	else lms_decimal_round_down(a, nd);
}

typedef struct { unsigned mantbits, expbits; int bias; } lms_floatinfo;

/* lms_shortest_ties_even reports whether rounding d at nd goes to nearest,
 * ties to even (false: an exact tie strconv rounds up). */
LMS_INLINE bool lms_shortest_ties_even(const lms_decimal *d, int nd, uint64_t mant, int exp, const lms_floatinfo *flt) {
	bool tie = nd >= 0 && nd + 1 == d->nd && d->d[nd] == '5' && !d->trunc;
	bool asym = mant == (uint64_t)1 << flt->mantbits && exp > flt->bias + 1;
	return !tie || !asym || exp - (int)flt->mantbits == -77;
}

LMS_FN void lms_round_shortest(lms_decimal *d, uint64_t mant, int exp, const lms_floatinfo *flt) {
	if (mant == 0) {
		d->nd = 0;
		return;
	}
	int minexp = flt->bias + 1;
	if (exp > minexp && 332 * (d->dp - d->nd) >= 100 * (exp - (int)flt->mantbits)) return;
	lms_decimal upper, lower;
	lms_decimal_assign(&upper, mant * 2 + 1);
	lms_decimal_shift(&upper, exp - (int)flt->mantbits - 1);
	uint64_t mantlo;
	int explo;
	if (mant > (uint64_t)1 << flt->mantbits || exp == minexp) {
		mantlo = mant - 1;
		explo = exp;
	} else {
		mantlo = mant * 2 - 1;
		explo = exp - 1;
	}
	lms_decimal_assign(&lower, mantlo * 2 + 1);
	lms_decimal_shift(&lower, explo - (int)flt->mantbits - 1);
	bool inclusive = mant % 2 == 0;
	int upperdelta = 0;
	for (int ui = 0;; ui++) {
		int mi = ui - upper.dp + d->dp;
		if (mi >= d->nd) break;
		int li = ui - upper.dp + lower.dp;
		uint8_t l = '0', m = '0', u = '0';
		if (li >= 0 && li < lower.nd) l = lower.d[li];
		if (mi >= 0) m = d->d[mi];
		if (ui < upper.nd) u = upper.d[ui];
		bool okdown = l != m || (inclusive && li + 1 == lower.nd);
		if (upperdelta == 0 && m + 1 < u) upperdelta = 2;
		else if (upperdelta == 0 && m != u) upperdelta = 1;
		else if (upperdelta == 1 && (m != '9' || u != '0')) upperdelta = 2;
		bool okup = upperdelta > 0 && (inclusive || upperdelta > 1 || ui + 1 < upper.nd);
		if (okdown && okup) {
			/* Go's shortest form (Dragonbox) rounds an exact tie of a power
			 * of two's asymmetric interval up, but at the binary exponent
			 * -77 (to even), and every other tie to even. */
			if (!lms_shortest_ties_even(d, mi + 1, mant, exp, flt)) {
				lms_decimal_round_up(d, mi + 1);
				return;
			}
			lms_decimal_round(d, mi + 1);
			return;
		} else if (okdown) {
			lms_decimal_round_down(d, mi + 1);
			return;
		} else if (okup) {
			lms_decimal_round_up(d, mi + 1);
			return;
		}
	}
}

/* %e: -d.ddddde±dd */
LMS_FN void lms_fmt_e(lms_buf *dst, bool neg, const lms_decimal *d, int prec, uint8_t fmt) {
	if (neg) lms_buf_byte(dst, '-');
	lms_buf_byte(dst, d->nd != 0 ? d->d[0] : '0');
	if (prec > 0) {
		lms_buf_byte(dst, '.');
		int i = 1;
		int m = d->nd < prec + 1 ? d->nd : prec + 1;
		if (i < m) {
			lms_buf_write(dst, d->d + i, m - i);
			i = m;
		}
		lms_buf_fill(dst, '0', prec + 1 - i);
	}
	lms_buf_byte(dst, fmt);
	int exp = d->dp - 1;
	if (d->nd == 0) exp = 0;
	if (exp < 0) {
		lms_buf_byte(dst, '-');
		exp = -exp;
	} else {
		lms_buf_byte(dst, '+');
	}
	if (exp < 10) {
		lms_buf_byte(dst, '0');
		lms_buf_byte(dst, (uint8_t)(exp + '0'));
	} else if (exp < 100) {
		lms_buf_byte(dst, (uint8_t)(exp / 10 + '0'));
		lms_buf_byte(dst, (uint8_t)(exp % 10 + '0'));
	} else {
		lms_buf_byte(dst, (uint8_t)(exp / 100 + '0'));
		lms_buf_byte(dst, (uint8_t)(exp / 10 % 10 + '0'));
		lms_buf_byte(dst, (uint8_t)(exp % 10 + '0'));
	}
}

/* %f: -ddddddd.ddddd */
LMS_FN void lms_fmt_f(lms_buf *dst, bool neg, const lms_decimal *d, int prec) {
	if (neg) lms_buf_byte(dst, '-');
	if (d->dp > 0) {
		int m = d->nd < d->dp ? d->nd : d->dp;
		lms_buf_write(dst, d->d, m);
		lms_buf_fill(dst, '0', d->dp - m);
	} else {
		lms_buf_byte(dst, '0');
	}
	if (prec > 0) {
		lms_buf_byte(dst, '.');
		lms_buf_reserve(dst, prec);
		for (int i = 0; i < prec; i++) {
			int j = d->dp + i;
			dst->p[dst->len++] = (0 <= j && j < d->nd) ? d->d[j] : '0';
		}
	}
}

/* %b: -ddddddddp±ddd */
LMS_FN void lms_fmt_b(lms_buf *dst, bool neg, uint64_t mant, int exp, const lms_floatinfo *flt) {
	if (neg) lms_buf_byte(dst, '-');
	lms_buf_int(dst, (int64_t)mant, false);
	lms_buf_byte(dst, 'p');
	exp -= (int)flt->mantbits;
	if (exp >= 0) lms_buf_byte(dst, '+');
	lms_buf_int(dst, exp, true);
}

/* %x: -0x1.yyyyyyyyp±ddd or -0x0p+00 */
LMS_FN void lms_fmt_x(lms_buf *dst, int prec, uint8_t fmt, bool neg, uint64_t mant, int exp, const lms_floatinfo *flt) {
	if (mant == 0) exp = 0;
	mant <<= 60 - flt->mantbits;
	while (mant != 0 && (mant & ((uint64_t)1 << 60)) == 0) {
		mant <<= 1;
		exp--;
	}
	if (prec >= 0 && prec < 15) {
		unsigned shift = (unsigned)prec * 4;
		uint64_t extra = (mant << shift) & (((uint64_t)1 << 60) - 1);
		mant >>= 60 - shift;
		if ((extra | (mant & 1)) > ((uint64_t)1 << 59)) mant++;
		mant <<= 60 - shift;
		if (mant & ((uint64_t)1 << 61)) {
			mant >>= 1;
			exp++;
		}
	}
	const char *hex = fmt == 'X' ? "0123456789ABCDEF" : "0123456789abcdef";
	if (neg) lms_buf_byte(dst, '-');
	lms_buf_byte(dst, '0');
	lms_buf_byte(dst, fmt);
	lms_buf_byte(dst, (uint8_t)('0' + ((mant >> 60) & 1)));
	mant <<= 4;
	if (prec < 0 && mant != 0) {
		lms_buf_byte(dst, '.');
		while (mant != 0) {
			lms_buf_byte(dst, (uint8_t)hex[(mant >> 60) & 15]);
			mant <<= 4;
		}
	} else if (prec > 0) {
		lms_buf_byte(dst, '.');
		for (int i = 0; i < prec; i++) {
			lms_buf_byte(dst, (uint8_t)hex[(mant >> 60) & 15]);
			mant <<= 4;
		}
	}
	lms_buf_byte(dst, fmt == 'X' ? 'P' : 'p');
	if (exp < 0) {
		lms_buf_byte(dst, '-');
		exp = -exp;
	} else {
		lms_buf_byte(dst, '+');
	}
	if (exp < 100) {
		lms_buf_byte(dst, (uint8_t)(exp / 10 + '0'));
		lms_buf_byte(dst, (uint8_t)(exp % 10 + '0'));
	} else if (exp < 1000) {
		lms_buf_byte(dst, (uint8_t)(exp / 100 + '0'));
		lms_buf_byte(dst, (uint8_t)(exp / 10 % 10 + '0'));
		lms_buf_byte(dst, (uint8_t)(exp % 10 + '0'));
	} else {
		lms_buf_byte(dst, (uint8_t)(exp / 1000 + '0'));
		lms_buf_byte(dst, (uint8_t)(exp / 100 % 10 + '0'));
		lms_buf_byte(dst, (uint8_t)(exp / 10 % 10 + '0'));
		lms_buf_byte(dst, (uint8_t)(exp % 10 + '0'));
	}
}

/* lms_ftoa appends strconv.FormatFloat(val, fmt, prec, bits) to dst, for
 * fmt one of b e E f g G x X, prec -1 for the shortest representation that
 * round-trips, and bits 32 or 64 (val is then rounded to float32 first). */
LMS_FN void lms_ftoa(lms_buf *dst, double val, uint8_t fmt, int prec, int bits) {
	static const lms_floatinfo f32info = {23, 8, -127}, f64info = {52, 11, -1023};
	const lms_floatinfo *flt;
	uint64_t fbits;
	if (bits == 32) {
		fbits = lms_f32bits(lms_f64_to_f32(val));
		flt = &f32info;
	} else {
		fbits = lms_f64bits(val);
		flt = &f64info;
	}
	bool neg = (fbits >> (flt->expbits + flt->mantbits)) != 0;
	int exp = (int)(fbits >> flt->mantbits) & ((1 << flt->expbits) - 1);
	uint64_t mant = fbits & (((uint64_t)1 << flt->mantbits) - 1);
	if (exp == (1 << flt->expbits) - 1) {
		lms_buf_cstr(dst, mant != 0 ? "NaN" : neg ? "-Inf" : "+Inf");
		return;
	}
	if (exp == 0) exp++; /* denormalized */
	else mant |= (uint64_t)1 << flt->mantbits;
	exp += flt->bias;
	if (fmt == 'b') {
		lms_fmt_b(dst, neg, mant, exp, flt);
		return;
	}
	if (fmt == 'x' || fmt == 'X') {
		lms_fmt_x(dst, prec, fmt, neg, mant, exp, flt);
		return;
	}
	lms_decimal d;
	lms_decimal_assign(&d, mant);
	lms_decimal_shift(&d, exp - (int)flt->mantbits);
	bool shortest = prec < 0;
	if (shortest) {
		lms_round_shortest(&d, mant, exp, flt);
		switch (fmt) {
		case 'e': case 'E': prec = d.nd - 1; break;
		case 'f': prec = d.nd - d.dp > 0 ? d.nd - d.dp : 0; break;
		case 'g': case 'G': prec = d.nd; break;
		}
	} else {
		switch (fmt) {
		case 'e': case 'E': lms_decimal_round(&d, prec + 1); break;
		case 'f': lms_decimal_round(&d, d.dp + prec); break;
		case 'g': case 'G':
			if (prec == 0) prec = 1;
			lms_decimal_round(&d, prec);
			break;
		}
	}
	switch (fmt) {
	case 'e': case 'E':
		lms_fmt_e(dst, neg, &d, prec, fmt);
		return;
	case 'f':
		lms_fmt_f(dst, neg, &d, prec);
		return;
	case 'g': case 'G': {
		int eprec = prec;
		if (eprec > d.nd && d.nd >= d.dp) eprec = d.nd;
		if (shortest) eprec = 6;
		int e = d.dp - 1;
		if (e < -4 || e >= eprec) {
			if (prec > d.nd) prec = d.nd;
			lms_fmt_e(dst, neg, &d, prec - 1, (uint8_t)(fmt + 'e' - 'g'));
			return;
		}
		if (prec > d.dp) prec = d.nd;
		lms_fmt_f(dst, neg, &d, prec - d.dp > 0 ? prec - d.dp : 0);
		return;
	}
	}
	lms_buf_byte(dst, '%');
	lms_buf_byte(dst, fmt);
}

/* lms_ctoa appends strconv.FormatComplex(c, fmt, prec, bits), bits 64 or
 * 128: "(re+imi)". */
LMS_FN void lms_ctoa(lms_buf *dst, lms_complex128 c, uint8_t fmt, int prec, int bits) {
	lms_buf_byte(dst, '(');
	lms_ftoa(dst, c.re, fmt, prec, bits / 2);
	int64_t i = dst->len;
	lms_ftoa(dst, c.im, fmt, prec, bits / 2);
	if (dst->p[i] != '+' && dst->p[i] != '-') {
		lms_buf_byte(dst, 0);
		memmove(dst->p + i + 1, dst->p + i, (size_t)(dst->len - 1 - i));
		dst->p[i] = '+';
	}
	lms_buf_cstr(dst, "i)");
}

/* ----------------------------------------------------------------- quoting */

/* lms_isprint_ranges lists the inclusive ranges of runes above U+00FF for
 * which strconv.IsPrint is true. Generated from Go's tables by
 * go test ./cgen -run TestIsPrintTable -update-isprint; do not edit. */
/* BEGIN GENERATED isprint */
static const uint32_t lms_isprint_ranges[][2] LMS_UNUSED = {
	{0x0100, 0x0377}, {0x037A, 0x037F}, {0x0384, 0x038A}, {0x038C, 0x038C},
	{0x038E, 0x03A1}, {0x03A3, 0x052F}, {0x0531, 0x0556}, {0x0559, 0x058A},
	{0x058D, 0x058F}, {0x0591, 0x05C7}, {0x05D0, 0x05EA}, {0x05EF, 0x05F4},
	{0x0606, 0x061B}, {0x061D, 0x06DC}, {0x06DE, 0x070D}, {0x0710, 0x074A},
	{0x074D, 0x07B1}, {0x07C0, 0x07FA}, {0x07FD, 0x082D}, {0x0830, 0x083E},
	{0x0840, 0x085B}, {0x085E, 0x085E}, {0x0860, 0x086A}, {0x0870, 0x088E},
	{0x0898, 0x08E1}, {0x08E3, 0x0983}, {0x0985, 0x098C}, {0x098F, 0x0990},
	{0x0993, 0x09A8}, {0x09AA, 0x09B0}, {0x09B2, 0x09B2}, {0x09B6, 0x09B9},
	{0x09BC, 0x09C4}, {0x09C7, 0x09C8}, {0x09CB, 0x09CE}, {0x09D7, 0x09D7},
	{0x09DC, 0x09DD}, {0x09DF, 0x09E3}, {0x09E6, 0x09FE}, {0x0A01, 0x0A03},
	{0x0A05, 0x0A0A}, {0x0A0F, 0x0A10}, {0x0A13, 0x0A28}, {0x0A2A, 0x0A30},
	{0x0A32, 0x0A33}, {0x0A35, 0x0A36}, {0x0A38, 0x0A39}, {0x0A3C, 0x0A3C},
	{0x0A3E, 0x0A42}, {0x0A47, 0x0A48}, {0x0A4B, 0x0A4D}, {0x0A51, 0x0A51},
	{0x0A59, 0x0A5C}, {0x0A5E, 0x0A5E}, {0x0A66, 0x0A76}, {0x0A81, 0x0A83},
	{0x0A85, 0x0A8D}, {0x0A8F, 0x0A91}, {0x0A93, 0x0AA8}, {0x0AAA, 0x0AB0},
	{0x0AB2, 0x0AB3}, {0x0AB5, 0x0AB9}, {0x0ABC, 0x0AC5}, {0x0AC7, 0x0AC9},
	{0x0ACB, 0x0ACD}, {0x0AD0, 0x0AD0}, {0x0AE0, 0x0AE3}, {0x0AE6, 0x0AF1},
	{0x0AF9, 0x0AFF}, {0x0B01, 0x0B03}, {0x0B05, 0x0B0C}, {0x0B0F, 0x0B10},
	{0x0B13, 0x0B28}, {0x0B2A, 0x0B30}, {0x0B32, 0x0B33}, {0x0B35, 0x0B39},
	{0x0B3C, 0x0B44}, {0x0B47, 0x0B48}, {0x0B4B, 0x0B4D}, {0x0B55, 0x0B57},
	{0x0B5C, 0x0B5D}, {0x0B5F, 0x0B63}, {0x0B66, 0x0B77}, {0x0B82, 0x0B83},
	{0x0B85, 0x0B8A}, {0x0B8E, 0x0B90}, {0x0B92, 0x0B95}, {0x0B99, 0x0B9A},
	{0x0B9C, 0x0B9C}, {0x0B9E, 0x0B9F}, {0x0BA3, 0x0BA4}, {0x0BA8, 0x0BAA},
	{0x0BAE, 0x0BB9}, {0x0BBE, 0x0BC2}, {0x0BC6, 0x0BC8}, {0x0BCA, 0x0BCD},
	{0x0BD0, 0x0BD0}, {0x0BD7, 0x0BD7}, {0x0BE6, 0x0BFA}, {0x0C00, 0x0C0C},
	{0x0C0E, 0x0C10}, {0x0C12, 0x0C28}, {0x0C2A, 0x0C39}, {0x0C3C, 0x0C44},
	{0x0C46, 0x0C48}, {0x0C4A, 0x0C4D}, {0x0C55, 0x0C56}, {0x0C58, 0x0C5A},
	{0x0C5D, 0x0C5D}, {0x0C60, 0x0C63}, {0x0C66, 0x0C6F}, {0x0C77, 0x0C8C},
	{0x0C8E, 0x0C90}, {0x0C92, 0x0CA8}, {0x0CAA, 0x0CB3}, {0x0CB5, 0x0CB9},
	{0x0CBC, 0x0CC4}, {0x0CC6, 0x0CC8}, {0x0CCA, 0x0CCD}, {0x0CD5, 0x0CD6},
	{0x0CDD, 0x0CDE}, {0x0CE0, 0x0CE3}, {0x0CE6, 0x0CEF}, {0x0CF1, 0x0CF3},
	{0x0D00, 0x0D0C}, {0x0D0E, 0x0D10}, {0x0D12, 0x0D44}, {0x0D46, 0x0D48},
	{0x0D4A, 0x0D4F}, {0x0D54, 0x0D63}, {0x0D66, 0x0D7F}, {0x0D81, 0x0D83},
	{0x0D85, 0x0D96}, {0x0D9A, 0x0DB1}, {0x0DB3, 0x0DBB}, {0x0DBD, 0x0DBD},
	{0x0DC0, 0x0DC6}, {0x0DCA, 0x0DCA}, {0x0DCF, 0x0DD4}, {0x0DD6, 0x0DD6},
	{0x0DD8, 0x0DDF}, {0x0DE6, 0x0DEF}, {0x0DF2, 0x0DF4}, {0x0E01, 0x0E3A},
	{0x0E3F, 0x0E5B}, {0x0E81, 0x0E82}, {0x0E84, 0x0E84}, {0x0E86, 0x0E8A},
	{0x0E8C, 0x0EA3}, {0x0EA5, 0x0EA5}, {0x0EA7, 0x0EBD}, {0x0EC0, 0x0EC4},
	{0x0EC6, 0x0EC6}, {0x0EC8, 0x0ECE}, {0x0ED0, 0x0ED9}, {0x0EDC, 0x0EDF},
	{0x0F00, 0x0F47}, {0x0F49, 0x0F6C}, {0x0F71, 0x0F97}, {0x0F99, 0x0FBC},
	{0x0FBE, 0x0FCC}, {0x0FCE, 0x0FDA}, {0x1000, 0x10C5}, {0x10C7, 0x10C7},
	{0x10CD, 0x10CD}, {0x10D0, 0x1248}, {0x124A, 0x124D}, {0x1250, 0x1256},
	{0x1258, 0x1258}, {0x125A, 0x125D}, {0x1260, 0x1288}, {0x128A, 0x128D},
	{0x1290, 0x12B0}, {0x12B2, 0x12B5}, {0x12B8, 0x12BE}, {0x12C0, 0x12C0},
	{0x12C2, 0x12C5}, {0x12C8, 0x12D6}, {0x12D8, 0x1310}, {0x1312, 0x1315},
	{0x1318, 0x135A}, {0x135D, 0x137C}, {0x1380, 0x1399}, {0x13A0, 0x13F5},
	{0x13F8, 0x13FD}, {0x1400, 0x167F}, {0x1681, 0x169C}, {0x16A0, 0x16F8},
	{0x1700, 0x1715}, {0x171F, 0x1736}, {0x1740, 0x1753}, {0x1760, 0x176C},
	{0x176E, 0x1770}, {0x1772, 0x1773}, {0x1780, 0x17DD}, {0x17E0, 0x17E9},
	{0x17F0, 0x17F9}, {0x1800, 0x180D}, {0x180F, 0x1819}, {0x1820, 0x1878},
	{0x1880, 0x18AA}, {0x18B0, 0x18F5}, {0x1900, 0x191E}, {0x1920, 0x192B},
	{0x1930, 0x193B}, {0x1940, 0x1940}, {0x1944, 0x196D}, {0x1970, 0x1974},
	{0x1980, 0x19AB}, {0x19B0, 0x19C9}, {0x19D0, 0x19DA}, {0x19DE, 0x1A1B},
	{0x1A1E, 0x1A5E}, {0x1A60, 0x1A7C}, {0x1A7F, 0x1A89}, {0x1A90, 0x1A99},
	{0x1AA0, 0x1AAD}, {0x1AB0, 0x1ACE}, {0x1B00, 0x1B4C}, {0x1B50, 0x1B7E},
	{0x1B80, 0x1BF3}, {0x1BFC, 0x1C37}, {0x1C3B, 0x1C49}, {0x1C4D, 0x1C88},
	{0x1C90, 0x1CBA}, {0x1CBD, 0x1CC7}, {0x1CD0, 0x1CFA}, {0x1D00, 0x1F15},
	{0x1F18, 0x1F1D}, {0x1F20, 0x1F45}, {0x1F48, 0x1F4D}, {0x1F50, 0x1F57},
	{0x1F59, 0x1F59}, {0x1F5B, 0x1F5B}, {0x1F5D, 0x1F5D}, {0x1F5F, 0x1F7D},
	{0x1F80, 0x1FB4}, {0x1FB6, 0x1FC4}, {0x1FC6, 0x1FD3}, {0x1FD6, 0x1FDB},
	{0x1FDD, 0x1FEF}, {0x1FF2, 0x1FF4}, {0x1FF6, 0x1FFE}, {0x2010, 0x2027},
	{0x2030, 0x205E}, {0x2070, 0x2071}, {0x2074, 0x208E}, {0x2090, 0x209C},
	{0x20A0, 0x20C0}, {0x20D0, 0x20F0}, {0x2100, 0x218B}, {0x2190, 0x2426},
	{0x2440, 0x244A}, {0x2460, 0x2B73}, {0x2B76, 0x2B95}, {0x2B97, 0x2CF3},
	{0x2CF9, 0x2D25}, {0x2D27, 0x2D27}, {0x2D2D, 0x2D2D}, {0x2D30, 0x2D67},
	{0x2D6F, 0x2D70}, {0x2D7F, 0x2D96}, {0x2DA0, 0x2DA6}, {0x2DA8, 0x2DAE},
	{0x2DB0, 0x2DB6}, {0x2DB8, 0x2DBE}, {0x2DC0, 0x2DC6}, {0x2DC8, 0x2DCE},
	{0x2DD0, 0x2DD6}, {0x2DD8, 0x2DDE}, {0x2DE0, 0x2E5D}, {0x2E80, 0x2E99},
	{0x2E9B, 0x2EF3}, {0x2F00, 0x2FD5}, {0x2FF0, 0x2FFB}, {0x3001, 0x303F},
	{0x3041, 0x3096}, {0x3099, 0x30FF}, {0x3105, 0x312F}, {0x3131, 0x318E},
	{0x3190, 0x31E3}, {0x31F0, 0x321E}, {0x3220, 0xA48C}, {0xA490, 0xA4C6},
	{0xA4D0, 0xA62B}, {0xA640, 0xA6F7}, {0xA700, 0xA7CA}, {0xA7D0, 0xA7D1},
	{0xA7D3, 0xA7D3}, {0xA7D5, 0xA7D9}, {0xA7F2, 0xA82C}, {0xA830, 0xA839},
	{0xA840, 0xA877}, {0xA880, 0xA8C5}, {0xA8CE, 0xA8D9}, {0xA8E0, 0xA953},
	{0xA95F, 0xA97C}, {0xA980, 0xA9CD}, {0xA9CF, 0xA9D9}, {0xA9DE, 0xA9FE},
	{0xAA00, 0xAA36}, {0xAA40, 0xAA4D}, {0xAA50, 0xAA59}, {0xAA5C, 0xAAC2},
	{0xAADB, 0xAAF6}, {0xAB01, 0xAB06}, {0xAB09, 0xAB0E}, {0xAB11, 0xAB16},
	{0xAB20, 0xAB26}, {0xAB28, 0xAB2E}, {0xAB30, 0xAB6B}, {0xAB70, 0xABED},
	{0xABF0, 0xABF9}, {0xAC00, 0xD7A3}, {0xD7B0, 0xD7C6}, {0xD7CB, 0xD7FB},
	{0xF900, 0xFA6D}, {0xFA70, 0xFAD9}, {0xFB00, 0xFB06}, {0xFB13, 0xFB17},
	{0xFB1D, 0xFB36}, {0xFB38, 0xFB3C}, {0xFB3E, 0xFB3E}, {0xFB40, 0xFB41},
	{0xFB43, 0xFB44}, {0xFB46, 0xFBC2}, {0xFBD3, 0xFD8F}, {0xFD92, 0xFDC7},
	{0xFDCF, 0xFDCF}, {0xFDF0, 0xFE19}, {0xFE20, 0xFE52}, {0xFE54, 0xFE66},
	{0xFE68, 0xFE6B}, {0xFE70, 0xFE74}, {0xFE76, 0xFEFC}, {0xFF01, 0xFFBE},
	{0xFFC2, 0xFFC7}, {0xFFCA, 0xFFCF}, {0xFFD2, 0xFFD7}, {0xFFDA, 0xFFDC},
	{0xFFE0, 0xFFE6}, {0xFFE8, 0xFFEE}, {0xFFFC, 0xFFFD}, {0x10000, 0x1000B},
	{0x1000D, 0x10026}, {0x10028, 0x1003A}, {0x1003C, 0x1003D}, {0x1003F, 0x1004D},
	{0x10050, 0x1005D}, {0x10080, 0x100FA}, {0x10100, 0x10102}, {0x10107, 0x10133},
	{0x10137, 0x1018E}, {0x10190, 0x1019C}, {0x101A0, 0x101A0}, {0x101D0, 0x101FD},
	{0x10280, 0x1029C}, {0x102A0, 0x102D0}, {0x102E0, 0x102FB}, {0x10300, 0x10323},
	{0x1032D, 0x1034A}, {0x10350, 0x1037A}, {0x10380, 0x1039D}, {0x1039F, 0x103C3},
	{0x103C8, 0x103D5}, {0x10400, 0x1049D}, {0x104A0, 0x104A9}, {0x104B0, 0x104D3},
	{0x104D8, 0x104FB}, {0x10500, 0x10527}, {0x10530, 0x10563}, {0x1056F, 0x1057A},
	{0x1057C, 0x1058A}, {0x1058C, 0x10592}, {0x10594, 0x10595}, {0x10597, 0x105A1},
	{0x105A3, 0x105B1}, {0x105B3, 0x105B9}, {0x105BB, 0x105BC}, {0x10600, 0x10736},
	{0x10740, 0x10755}, {0x10760, 0x10767}, {0x10780, 0x10785}, {0x10787, 0x107B0},
	{0x107B2, 0x107BA}, {0x10800, 0x10805}, {0x10808, 0x10808}, {0x1080A, 0x10835},
	{0x10837, 0x10838}, {0x1083C, 0x1083C}, {0x1083F, 0x10855}, {0x10857, 0x1089E},
	{0x108A7, 0x108AF}, {0x108E0, 0x108F2}, {0x108F4, 0x108F5}, {0x108FB, 0x1091B},
	{0x1091F, 0x10939}, {0x1093F, 0x1093F}, {0x10980, 0x109B7}, {0x109BC, 0x109CF},
	{0x109D2, 0x10A03}, {0x10A05, 0x10A06}, {0x10A0C, 0x10A13}, {0x10A15, 0x10A17},
	{0x10A19, 0x10A35}, {0x10A38, 0x10A3A}, {0x10A3F, 0x10A48}, {0x10A50, 0x10A58},
	{0x10A60, 0x10A9F}, {0x10AC0, 0x10AE6}, {0x10AEB, 0x10AF6}, {0x10B00, 0x10B35},
	{0x10B39, 0x10B55}, {0x10B58, 0x10B72}, {0x10B78, 0x10B91}, {0x10B99, 0x10B9C},
	{0x10BA9, 0x10BAF}, {0x10C00, 0x10C48}, {0x10C80, 0x10CB2}, {0x10CC0, 0x10CF2},
	{0x10CFA, 0x10D27}, {0x10D30, 0x10D39}, {0x10E60, 0x10E7E}, {0x10E80, 0x10EA9},
	{0x10EAB, 0x10EAD}, {0x10EB0, 0x10EB1}, {0x10EFD, 0x10F27}, {0x10F30, 0x10F59},
	{0x10F70, 0x10F89}, {0x10FB0, 0x10FCB}, {0x10FE0, 0x10FF6}, {0x11000, 0x1104D},
	{0x11052, 0x11075}, {0x1107F, 0x110BC}, {0x110BE, 0x110C2}, {0x110D0, 0x110E8},
	{0x110F0, 0x110F9}, {0x11100, 0x11134}, {0x11136, 0x11147}, {0x11150, 0x11176},
	{0x11180, 0x111DF}, {0x111E1, 0x111F4}, {0x11200, 0x11211}, {0x11213, 0x11241},
	{0x11280, 0x11286}, {0x11288, 0x11288}, {0x1128A, 0x1128D}, {0x1128F, 0x1129D},
	{0x1129F, 0x112A9}, {0x112B0, 0x112EA}, {0x112F0, 0x112F9}, {0x11300, 0x11303},
	{0x11305, 0x1130C}, {0x1130F, 0x11310}, {0x11313, 0x11328}, {0x1132A, 0x11330},
	{0x11332, 0x11333}, {0x11335, 0x11339}, {0x1133B, 0x11344}, {0x11347, 0x11348},
	{0x1134B, 0x1134D}, {0x11350, 0x11350}, {0x11357, 0x11357}, {0x1135D, 0x11363},
	{0x11366, 0x1136C}, {0x11370, 0x11374}, {0x11400, 0x1145B}, {0x1145D, 0x11461},
	{0x11480, 0x114C7}, {0x114D0, 0x114D9}, {0x11580, 0x115B5}, {0x115B8, 0x115DD},
	{0x11600, 0x11644}, {0x11650, 0x11659}, {0x11660, 0x1166C}, {0x11680, 0x116B9},
	{0x116C0, 0x116C9}, {0x11700, 0x1171A}, {0x1171D, 0x1172B}, {0x11730, 0x11746},
	{0x11800, 0x1183B}, {0x118A0, 0x118F2}, {0x118FF, 0x11906}, {0x11909, 0x11909},
	{0x1190C, 0x11913}, {0x11915, 0x11916}, {0x11918, 0x11935}, {0x11937, 0x11938},
	{0x1193B, 0x11946}, {0x11950, 0x11959}, {0x119A0, 0x119A7}, {0x119AA, 0x119D7},
	{0x119DA, 0x119E4}, {0x11A00, 0x11A47}, {0x11A50, 0x11AA2}, {0x11AB0, 0x11AF8},
	{0x11B00, 0x11B09}, {0x11C00, 0x11C08}, {0x11C0A, 0x11C36}, {0x11C38, 0x11C45},
	{0x11C50, 0x11C6C}, {0x11C70, 0x11C8F}, {0x11C92, 0x11CA7}, {0x11CA9, 0x11CB6},
	{0x11D00, 0x11D06}, {0x11D08, 0x11D09}, {0x11D0B, 0x11D36}, {0x11D3A, 0x11D3A},
	{0x11D3C, 0x11D3D}, {0x11D3F, 0x11D47}, {0x11D50, 0x11D59}, {0x11D60, 0x11D65},
	{0x11D67, 0x11D68}, {0x11D6A, 0x11D8E}, {0x11D90, 0x11D91}, {0x11D93, 0x11D98},
	{0x11DA0, 0x11DA9}, {0x11EE0, 0x11EF8}, {0x11F00, 0x11F10}, {0x11F12, 0x11F3A},
	{0x11F3E, 0x11F59}, {0x11FB0, 0x11FB0}, {0x11FC0, 0x11FF1}, {0x11FFF, 0x12399},
	{0x12400, 0x1246E}, {0x12470, 0x12474}, {0x12480, 0x12543}, {0x12F90, 0x12FF2},
	{0x13000, 0x1342F}, {0x13440, 0x13455}, {0x14400, 0x14646}, {0x16800, 0x16A38},
	{0x16A40, 0x16A5E}, {0x16A60, 0x16A69}, {0x16A6E, 0x16ABE}, {0x16AC0, 0x16AC9},
	{0x16AD0, 0x16AED}, {0x16AF0, 0x16AF5}, {0x16B00, 0x16B45}, {0x16B50, 0x16B59},
	{0x16B5B, 0x16B61}, {0x16B63, 0x16B77}, {0x16B7D, 0x16B8F}, {0x16E40, 0x16E9A},
	{0x16F00, 0x16F4A}, {0x16F4F, 0x16F87}, {0x16F8F, 0x16F9F}, {0x16FE0, 0x16FE4},
	{0x16FF0, 0x16FF1}, {0x17000, 0x187F7}, {0x18800, 0x18CD5}, {0x18D00, 0x18D08},
	{0x1AFF0, 0x1AFF3}, {0x1AFF5, 0x1AFFB}, {0x1AFFD, 0x1AFFE}, {0x1B000, 0x1B122},
	{0x1B132, 0x1B132}, {0x1B150, 0x1B152}, {0x1B155, 0x1B155}, {0x1B164, 0x1B167},
	{0x1B170, 0x1B2FB}, {0x1BC00, 0x1BC6A}, {0x1BC70, 0x1BC7C}, {0x1BC80, 0x1BC88},
	{0x1BC90, 0x1BC99}, {0x1BC9C, 0x1BC9F}, {0x1CF00, 0x1CF2D}, {0x1CF30, 0x1CF46},
	{0x1CF50, 0x1CFC3}, {0x1D000, 0x1D0F5}, {0x1D100, 0x1D126}, {0x1D129, 0x1D172},
	{0x1D17B, 0x1D1EA}, {0x1D200, 0x1D245}, {0x1D2C0, 0x1D2D3}, {0x1D2E0, 0x1D2F3},
	{0x1D300, 0x1D356}, {0x1D360, 0x1D378}, {0x1D400, 0x1D454}, {0x1D456, 0x1D49C},
	{0x1D49E, 0x1D49F}, {0x1D4A2, 0x1D4A2}, {0x1D4A5, 0x1D4A6}, {0x1D4A9, 0x1D4AC},
	{0x1D4AE, 0x1D4B9}, {0x1D4BB, 0x1D4BB}, {0x1D4BD, 0x1D4C3}, {0x1D4C5, 0x1D505},
	{0x1D507, 0x1D50A}, {0x1D50D, 0x1D514}, {0x1D516, 0x1D51C}, {0x1D51E, 0x1D539},
	{0x1D53B, 0x1D53E}, {0x1D540, 0x1D544}, {0x1D546, 0x1D546}, {0x1D54A, 0x1D550},
	{0x1D552, 0x1D6A5}, {0x1D6A8, 0x1D7CB}, {0x1D7CE, 0x1DA8B}, {0x1DA9B, 0x1DA9F},
	{0x1DAA1, 0x1DAAF}, {0x1DF00, 0x1DF1E}, {0x1DF25, 0x1DF2A}, {0x1E000, 0x1E006},
	{0x1E008, 0x1E018}, {0x1E01B, 0x1E021}, {0x1E023, 0x1E024}, {0x1E026, 0x1E02A},
	{0x1E030, 0x1E06D}, {0x1E08F, 0x1E08F}, {0x1E100, 0x1E12C}, {0x1E130, 0x1E13D},
	{0x1E140, 0x1E149}, {0x1E14E, 0x1E14F}, {0x1E290, 0x1E2AE}, {0x1E2C0, 0x1E2F9},
	{0x1E2FF, 0x1E2FF}, {0x1E4D0, 0x1E4F9}, {0x1E7E0, 0x1E7E6}, {0x1E7E8, 0x1E7EB},
	{0x1E7ED, 0x1E7EE}, {0x1E7F0, 0x1E7FE}, {0x1E800, 0x1E8C4}, {0x1E8C7, 0x1E8D6},
	{0x1E900, 0x1E94B}, {0x1E950, 0x1E959}, {0x1E95E, 0x1E95F}, {0x1EC71, 0x1ECB4},
	{0x1ED01, 0x1ED3D}, {0x1EE00, 0x1EE03}, {0x1EE05, 0x1EE1F}, {0x1EE21, 0x1EE22},
	{0x1EE24, 0x1EE24}, {0x1EE27, 0x1EE27}, {0x1EE29, 0x1EE32}, {0x1EE34, 0x1EE37},
	{0x1EE39, 0x1EE39}, {0x1EE3B, 0x1EE3B}, {0x1EE42, 0x1EE42}, {0x1EE47, 0x1EE47},
	{0x1EE49, 0x1EE49}, {0x1EE4B, 0x1EE4B}, {0x1EE4D, 0x1EE4F}, {0x1EE51, 0x1EE52},
	{0x1EE54, 0x1EE54}, {0x1EE57, 0x1EE57}, {0x1EE59, 0x1EE59}, {0x1EE5B, 0x1EE5B},
	{0x1EE5D, 0x1EE5D}, {0x1EE5F, 0x1EE5F}, {0x1EE61, 0x1EE62}, {0x1EE64, 0x1EE64},
	{0x1EE67, 0x1EE6A}, {0x1EE6C, 0x1EE72}, {0x1EE74, 0x1EE77}, {0x1EE79, 0x1EE7C},
	{0x1EE7E, 0x1EE7E}, {0x1EE80, 0x1EE89}, {0x1EE8B, 0x1EE9B}, {0x1EEA1, 0x1EEA3},
	{0x1EEA5, 0x1EEA9}, {0x1EEAB, 0x1EEBB}, {0x1EEF0, 0x1EEF1}, {0x1F000, 0x1F02B},
	{0x1F030, 0x1F093}, {0x1F0A0, 0x1F0AE}, {0x1F0B1, 0x1F0BF}, {0x1F0C1, 0x1F0CF},
	{0x1F0D1, 0x1F0F5}, {0x1F100, 0x1F1AD}, {0x1F1E6, 0x1F202}, {0x1F210, 0x1F23B},
	{0x1F240, 0x1F248}, {0x1F250, 0x1F251}, {0x1F260, 0x1F265}, {0x1F300, 0x1F6D7},
	{0x1F6DC, 0x1F6EC}, {0x1F6F0, 0x1F6FC}, {0x1F700, 0x1F776}, {0x1F77B, 0x1F7D9},
	{0x1F7E0, 0x1F7EB}, {0x1F7F0, 0x1F7F0}, {0x1F800, 0x1F80B}, {0x1F810, 0x1F847},
	{0x1F850, 0x1F859}, {0x1F860, 0x1F887}, {0x1F890, 0x1F8AD}, {0x1F8B0, 0x1F8B1},
	{0x1F900, 0x1FA53}, {0x1FA60, 0x1FA6D}, {0x1FA70, 0x1FA7C}, {0x1FA80, 0x1FA88},
	{0x1FA90, 0x1FABD}, {0x1FABF, 0x1FAC5}, {0x1FACE, 0x1FADB}, {0x1FAE0, 0x1FAE8},
	{0x1FAF0, 0x1FAF8}, {0x1FB00, 0x1FB92}, {0x1FB94, 0x1FBCA}, {0x1FBF0, 0x1FBF9},
	{0x20000, 0x2A6DF}, {0x2A700, 0x2B739}, {0x2B740, 0x2B81D}, {0x2B820, 0x2CEA1},
	{0x2CEB0, 0x2EBE0}, {0x2F800, 0x2FA1D}, {0x30000, 0x3134A}, {0x31350, 0x323AF},
	{0xE0100, 0xE01EF},
};
/* END GENERATED isprint */

/* lms_isprint is strconv.IsPrint. */
LMS_FN bool lms_isprint(int32_t r) {
	if (r <= 0xFF) {
		if (0x20 <= r && r <= 0x7E) return true;
		if (0xA1 <= r && r <= 0xFF) return r != 0xAD;
		return false;
	}
	int lo = 0, hi = (int)(sizeof lms_isprint_ranges / sizeof lms_isprint_ranges[0]);
	while (lo < hi) { /* first range whose end is >= r */
		int m = lo + (hi - lo) / 2;
		if (lms_isprint_ranges[m][1] < (uint32_t)r) lo = m + 1;
		else hi = m;
	}
	return lo < (int)(sizeof lms_isprint_ranges / sizeof lms_isprint_ranges[0]) && lms_isprint_ranges[lo][0] <= (uint32_t)r;
}

static const char lms_lowerhex[] LMS_UNUSED = "0123456789abcdef";

/* lms_append_escaped_rune is strconv's appendEscapedRune (graphicOnly
 * false). */
LMS_FN void lms_append_escaped_rune(lms_buf *b, int32_t r, uint8_t quote, bool ascii_only) {
	if (r == (int32_t)quote || r == '\\') {
		lms_buf_byte(b, '\\');
		lms_buf_byte(b, (uint8_t)r);
		return;
	}
	if (ascii_only) {
		if (r < 0x80 && lms_isprint(r)) {
			lms_buf_byte(b, (uint8_t)r);
			return;
		}
	} else if (lms_isprint(r)) {
		lms_buf_rune(b, r);
		return;
	}
	switch (r) {
	case '\a': lms_buf_cstr(b, "\\a"); return;
	case '\b': lms_buf_cstr(b, "\\b"); return;
	case '\f': lms_buf_cstr(b, "\\f"); return;
	case '\n': lms_buf_cstr(b, "\\n"); return;
	case '\r': lms_buf_cstr(b, "\\r"); return;
	case '\t': lms_buf_cstr(b, "\\t"); return;
	case '\v': lms_buf_cstr(b, "\\v"); return;
	}
	if (r < ' ' || r == 0x7F) {
		lms_buf_cstr(b, "\\x");
		lms_buf_byte(b, (uint8_t)lms_lowerhex[(r >> 4) & 0xF]);
		lms_buf_byte(b, (uint8_t)lms_lowerhex[r & 0xF]);
		return;
	}
	if (r < 0 || r > 0x10FFFF || (r >= 0xD800 && r <= 0xDFFF)) r = 0xFFFD;
	if (r < 0x10000) {
		lms_buf_cstr(b, "\\u");
		for (int s = 12; s >= 0; s -= 4) lms_buf_byte(b, (uint8_t)lms_lowerhex[(r >> s) & 0xF]);
	} else {
		lms_buf_cstr(b, "\\U");
		for (int s = 28; s >= 0; s -= 4) lms_buf_byte(b, (uint8_t)lms_lowerhex[(r >> s) & 0xF]);
	}
}

/* lms_append_quoted is strconv.AppendQuote (or AppendQuoteToASCII). */
LMS_FN void lms_append_quoted(lms_buf *b, lms_string s, uint8_t quote, bool ascii_only) {
	lms_buf_byte(b, quote);
	for (int64_t i = 0; i < s.len;) {
		int32_t r;
		int w = lms_utf8_decode(s.p + i, s.len - i, &r);
		if (w == 1 && r == LMS_RUNE_ERROR) {
			lms_buf_cstr(b, "\\x");
			lms_buf_byte(b, (uint8_t)lms_lowerhex[s.p[i] >> 4]);
			lms_buf_byte(b, (uint8_t)lms_lowerhex[s.p[i] & 0xF]);
			i++;
			continue;
		}
		lms_append_escaped_rune(b, r, quote, ascii_only);
		i += w;
	}
	lms_buf_byte(b, quote);
}

/* lms_append_quoted_rune is strconv.AppendQuoteRune (or ...ToASCII). */
LMS_FN void lms_append_quoted_rune(lms_buf *b, int32_t r, bool ascii_only) {
	lms_buf_byte(b, '\'');
	if (r < 0 || r > 0x10FFFF || (r >= 0xD800 && r <= 0xDFFF)) r = LMS_RUNE_ERROR;
	lms_append_escaped_rune(b, r, '\'', ascii_only);
	lms_buf_byte(b, '\'');
}

/* lms_can_backquote is strconv.CanBackquote. */
LMS_FN bool lms_can_backquote(lms_string s) {
	for (int64_t i = 0; i < s.len;) {
		int32_t r;
		int w = lms_utf8_decode(s.p + i, s.len - i, &r);
		i += w;
		if (w > 1) {
			if (r == 0xFEFF) return false;
			continue;
		}
		if (r == LMS_RUNE_ERROR) return false;
		if ((r < ' ' && r != '\t') || r == '`' || r == 0x7F) return false;
	}
	return true;
}

/* ----------------------------------------------------------- fmt printing */

/* Values to print are passed as lms_arg: a Go basic type (kind), its value
 * and, for a defined type, its name as %T prints it (name NULL: the kind's
 * own name). Make them with lms_arg_bool, lms_arg_int, lms_arg_int8, ...,
 * lms_arg_uintptr, lms_arg_float32, lms_arg_float64, lms_arg_complex64,
 * lms_arg_complex128, lms_arg_string, and lms_arg_named(name, arg). */
typedef enum {
	LMS_KIND_BOOL = 1,
	LMS_KIND_INT, LMS_KIND_INT8, LMS_KIND_INT16, LMS_KIND_INT32, LMS_KIND_INT64,
	LMS_KIND_UINT, LMS_KIND_UINT8, LMS_KIND_UINT16, LMS_KIND_UINT32, LMS_KIND_UINT64, LMS_KIND_UINTPTR,
	LMS_KIND_FLOAT32, LMS_KIND_FLOAT64, LMS_KIND_COMPLEX64, LMS_KIND_COMPLEX128, LMS_KIND_STRING
} lms_kind;

static const char *const lms_kind_names[] LMS_UNUSED = {
	"", "bool", "int", "int8", "int16", "int32", "int64",
	"uint", "uint8", "uint16", "uint32", "uint64", "uintptr",
	"float32", "float64", "complex64", "complex128", "string",
};

typedef struct {
	lms_kind kind;
	const char *name;
	union {
		bool b;
		int64_t i;          /* signed integer kinds */
		uint64_t u;         /* unsigned integer kinds */
		double f;           /* float32 and float64 */
		lms_complex128 c;   /* complex64 and complex128 */
		lms_string s;
	} v;
} lms_arg;

LMS_INLINE lms_arg lms_arg_kind(lms_kind k) {
	lms_arg a;
	memset(&a, 0, sizeof a);
	a.kind = k;
	return a;
}
LMS_INLINE lms_arg lms_arg_bool(bool v) { lms_arg a = lms_arg_kind(LMS_KIND_BOOL); a.v.b = v; return a; }
LMS_INLINE lms_arg lms_arg_int(int64_t v) { lms_arg a = lms_arg_kind(LMS_KIND_INT); a.v.i = v; return a; }
LMS_INLINE lms_arg lms_arg_int8(int8_t v) { lms_arg a = lms_arg_kind(LMS_KIND_INT8); a.v.i = v; return a; }
LMS_INLINE lms_arg lms_arg_int16(int16_t v) { lms_arg a = lms_arg_kind(LMS_KIND_INT16); a.v.i = v; return a; }
LMS_INLINE lms_arg lms_arg_int32(int32_t v) { lms_arg a = lms_arg_kind(LMS_KIND_INT32); a.v.i = v; return a; }
LMS_INLINE lms_arg lms_arg_int64(int64_t v) { lms_arg a = lms_arg_kind(LMS_KIND_INT64); a.v.i = v; return a; }
LMS_INLINE lms_arg lms_arg_uint(uint64_t v) { lms_arg a = lms_arg_kind(LMS_KIND_UINT); a.v.u = v; return a; }
LMS_INLINE lms_arg lms_arg_uint8(uint8_t v) { lms_arg a = lms_arg_kind(LMS_KIND_UINT8); a.v.u = v; return a; }
LMS_INLINE lms_arg lms_arg_uint16(uint16_t v) { lms_arg a = lms_arg_kind(LMS_KIND_UINT16); a.v.u = v; return a; }
LMS_INLINE lms_arg lms_arg_uint32(uint32_t v) { lms_arg a = lms_arg_kind(LMS_KIND_UINT32); a.v.u = v; return a; }
LMS_INLINE lms_arg lms_arg_uint64(uint64_t v) { lms_arg a = lms_arg_kind(LMS_KIND_UINT64); a.v.u = v; return a; }
LMS_INLINE lms_arg lms_arg_uintptr(uint64_t v) { lms_arg a = lms_arg_kind(LMS_KIND_UINTPTR); a.v.u = v; return a; }
LMS_INLINE lms_arg lms_arg_float32(float v) { lms_arg a = lms_arg_kind(LMS_KIND_FLOAT32); a.v.f = (double)v; return a; }
LMS_INLINE lms_arg lms_arg_float64(double v) { lms_arg a = lms_arg_kind(LMS_KIND_FLOAT64); a.v.f = v; return a; }
LMS_INLINE lms_arg lms_arg_complex64(lms_complex64 v) { lms_arg a = lms_arg_kind(LMS_KIND_COMPLEX64); a.v.c = lms_c64_to_c128(v); return a; }
LMS_INLINE lms_arg lms_arg_complex128(lms_complex128 v) { lms_arg a = lms_arg_kind(LMS_KIND_COMPLEX128); a.v.c = v; return a; }
LMS_INLINE lms_arg lms_arg_string(lms_string v) { lms_arg a = lms_arg_kind(LMS_KIND_STRING); a.v.s = v; return a; }
LMS_INLINE lms_arg lms_arg_named(const char *name, lms_arg a) { a.name = name; return a; }

LMS_INLINE const char *lms_arg_typename(const lms_arg *a) { return a->name != NULL ? a->name : lms_kind_names[a->kind]; }
LMS_INLINE bool lms_kind_signed(lms_kind k) { return k >= LMS_KIND_INT && k <= LMS_KIND_INT64; }
LMS_INLINE bool lms_kind_unsigned(lms_kind k) { return k >= LMS_KIND_UINT && k <= LMS_KIND_UINTPTR; }

/* LMS_ARGS(a, b, ...) expands to the count and array arguments of the
 * printing functions: lms_println(LMS_ARGS(lms_arg_int(x), lms_arg_string(s))).
 * With no values pass 0, NULL. */
#define LMS_ARGS(...) (int)(sizeof((lms_arg[]){__VA_ARGS__}) / sizeof(lms_arg)), (lms_arg[]){__VA_ARGS__}

/* lms_fmt is fmt's formatter state (fmt/format.go). */
typedef struct {
	lms_buf *buf;
	bool wid_present, prec_present, minus, plus, sharp, space, zero, plus_v, sharp_v;
	int wid, prec;
} lms_fmt;

LMS_INLINE void lms_fmt_clearflags(lms_fmt *f) {
	lms_buf *b = f->buf;
	memset(f, 0, sizeof *f);
	f->buf = b;
}

LMS_INLINE void lms_fmt_write_padding(lms_fmt *f, int64_t n) {
	lms_buf_fill(f->buf, (f->zero && !f->minus) ? '0' : ' ', n);
}

LMS_FN void lms_fmt_pad(lms_fmt *f, const uint8_t *b, int64_t n) {
	if (!f->wid_present || f->wid == 0) {
		lms_buf_write(f->buf, b, n);
		return;
	}
	int64_t width = f->wid - lms_utf8_count(b, n);
	if (!f->minus) {
		lms_fmt_write_padding(f, width);
		lms_buf_write(f->buf, b, n);
	} else {
		lms_buf_write(f->buf, b, n);
		lms_fmt_write_padding(f, width);
	}
}

LMS_INLINE void lms_fmt_pad_cstr(lms_fmt *f, const char *s) { lms_fmt_pad(f, (const uint8_t *)s, (int64_t)strlen(s)); }

/* lms_fmt_pad_nozero pads with spaces even if the zero flag is set. */
LMS_INLINE void lms_fmt_pad_nozero(lms_fmt *f, const uint8_t *b, int64_t n) {
	bool old = f->zero;
	f->zero = false;
	lms_fmt_pad(f, b, n);
	f->zero = old;
}

LMS_FN void lms_fmt_unicode(lms_fmt *f, uint64_t u) {
	uint8_t stack[68];
	uint8_t *buf = stack;
	int64_t blen = (int64_t)sizeof stack;
	int64_t prec = 4;
	if (f->prec_present && f->prec > 4) {
		prec = f->prec;
		int64_t width = 2 + prec + 2 + 4 + 1;
		if (width > blen) {
			blen = width;
			buf = (uint8_t *)malloc((size_t)blen);
			if (buf == NULL) lms_fatal("runtime: out of memory");
		}
	}
	int64_t i = blen;
	if (f->sharp && u <= 0x10FFFF && lms_isprint((int32_t)u)) {
		uint8_t enc[4];
		int w = lms_utf8_encode(enc, (int64_t)u);
		buf[--i] = '\'';
		i -= w;
		memcpy(buf + i, enc, (size_t)w);
		buf[--i] = '\'';
		buf[--i] = ' ';
	}
	static const char udigits[] = "0123456789ABCDEFX";
	while (u >= 16) {
		buf[--i] = (uint8_t)udigits[u & 0xF];
		prec--;
		u >>= 4;
	}
	buf[--i] = (uint8_t)udigits[u];
	prec--;
	for (; prec > 0; prec--) buf[--i] = '0';
	buf[--i] = '+';
	buf[--i] = 'U';
	lms_fmt_pad_nozero(f, buf + i, blen - i);
	if (buf != stack) free(buf);
}

LMS_FN void lms_fmt_integer(lms_fmt *f, uint64_t u, int base, bool is_signed, int32_t verb, const char *digits) {
	bool negative = is_signed && (int64_t)u < 0;
	if (negative) u = 0 - u;
	uint8_t stack[68];
	uint8_t *buf = stack;
	int64_t blen = (int64_t)sizeof stack;
	if (f->wid_present || f->prec_present) {
		int64_t width = 3 + (int64_t)f->wid + (int64_t)f->prec;
		if (width > blen) {
			blen = width;
			buf = (uint8_t *)malloc((size_t)blen);
			if (buf == NULL) lms_fatal("runtime: out of memory");
		}
	}
	int64_t prec = 0;
	if (f->prec_present) {
		prec = f->prec;
		if (prec == 0 && u == 0) {
			bool old = f->zero;
			f->zero = false;
			lms_fmt_write_padding(f, f->wid);
			f->zero = old;
			if (buf != stack) free(buf);
			return;
		}
	} else if (f->zero && !f->minus && f->wid_present) {
		prec = f->wid;
		if (negative || f->plus || f->space) prec--;
	}
	int64_t i = blen;
	switch (base) {
	case 10:
		for (; u >= 10; u /= 10) buf[--i] = (uint8_t)('0' + u % 10);
		break;
	case 16:
		for (; u >= 16; u >>= 4) buf[--i] = (uint8_t)digits[u & 0xF];
		break;
	case 8:
		for (; u >= 8; u >>= 3) buf[--i] = (uint8_t)('0' + (u & 7));
		break;
	default:
		for (; u >= 2; u >>= 1) buf[--i] = (uint8_t)('0' + (u & 1));
		break;
	}
	buf[--i] = (uint8_t)digits[u];
	while (i > 0 && prec > blen - i) buf[--i] = '0';
	if (f->sharp) {
		switch (base) {
		case 2:
			buf[--i] = 'b';
			buf[--i] = '0';
			break;
		case 8:
			if (buf[i] != '0') buf[--i] = '0';
			break;
		case 16:
			buf[--i] = (uint8_t)digits[16];
			buf[--i] = '0';
			break;
		}
	}
	if (verb == 'O') {
		buf[--i] = 'o';
		buf[--i] = '0';
	}
	if (negative) buf[--i] = '-';
	else if (f->plus) buf[--i] = '+';
	else if (f->space) buf[--i] = ' ';
	lms_fmt_pad_nozero(f, buf + i, blen - i);
	if (buf != stack) free(buf);
}

LMS_INLINE lms_string lms_fmt_truncate(const lms_fmt *f, lms_string s) {
	if (f->prec_present) {
		int64_t n = f->prec;
		for (int64_t i = 0; i < s.len;) {
			if (--n < 0) return lms_str_make(s.p, i);
			int32_t r;
			i += s.p[i] < 0x80 ? 1 : lms_utf8_decode(s.p + i, s.len - i, &r);
		}
	}
	return s;
}

LMS_INLINE void lms_fmt_s(lms_fmt *f, lms_string s) {
	s = lms_fmt_truncate(f, s);
	lms_fmt_pad(f, s.p, s.len);
}

LMS_FN void lms_fmt_sx(lms_fmt *f, lms_string s, const char *digits) {
	int64_t length = s.len;
	if (f->prec_present && f->prec < length) length = f->prec;
	int64_t width = 2 * length;
	if (width > 0) {
		if (f->space) {
			if (f->sharp) width *= 2;
			width += length - 1;
		} else if (f->sharp) {
			width += 2;
		}
	} else {
		if (f->wid_present) lms_fmt_write_padding(f, f->wid);
		return;
	}
	if (f->wid_present && f->wid > width && !f->minus) lms_fmt_write_padding(f, f->wid - width);
	lms_buf *b = f->buf;
	if (f->sharp) {
		lms_buf_byte(b, '0');
		lms_buf_byte(b, (uint8_t)digits[16]);
	}
	for (int64_t i = 0; i < length; i++) {
		if (f->space && i > 0) {
			lms_buf_byte(b, ' ');
			if (f->sharp) {
				lms_buf_byte(b, '0');
				lms_buf_byte(b, (uint8_t)digits[16]);
			}
		}
		lms_buf_byte(b, (uint8_t)digits[s.p[i] >> 4]);
		lms_buf_byte(b, (uint8_t)digits[s.p[i] & 0xF]);
	}
	if (f->wid_present && f->wid > width && f->minus) lms_fmt_write_padding(f, f->wid - width);
}

LMS_FN void lms_fmt_q(lms_fmt *f, lms_string s) {
	s = lms_fmt_truncate(f, s);
	lms_buf tmp = {NULL, 0, 0};
	if (f->sharp && lms_can_backquote(s)) {
		lms_buf_byte(&tmp, '`');
		lms_buf_str(&tmp, s);
		lms_buf_byte(&tmp, '`');
	} else {
		lms_append_quoted(&tmp, s, '"', f->plus);
	}
	lms_fmt_pad(f, tmp.p, tmp.len);
	free(tmp.p);
}

LMS_FN void lms_fmt_c(lms_fmt *f, uint64_t c) {
	uint8_t enc[4];
	int w = lms_utf8_encode(enc, c > 0x10FFFF ? LMS_RUNE_ERROR : (int64_t)c);
	lms_fmt_pad(f, enc, w);
}

LMS_FN void lms_fmt_qc(lms_fmt *f, uint64_t c) {
	int32_t r = c > 0x10FFFF ? LMS_RUNE_ERROR : (int32_t)c;
	lms_buf tmp = {NULL, 0, 0};
	lms_append_quoted_rune(&tmp, r, f->plus);
	lms_fmt_pad(f, tmp.p, tmp.len);
	free(tmp.p);
}

LMS_FN void lms_fmt_float(lms_fmt *f, double v, int size, int32_t verb, int prec) {
	if (f->prec_present) prec = f->prec;
	lms_buf raw = {NULL, 0, 0};
	lms_buf_byte(&raw, '+');
	lms_ftoa(&raw, v, (uint8_t)verb, prec, size);
	lms_buf num = {NULL, 0, 0}; /* sign, then digits */
	if (raw.p[1] == '-' || raw.p[1] == '+') lms_buf_write(&num, raw.p + 1, raw.len - 1);
	else lms_buf_write(&num, raw.p, raw.len);
	free(raw.p);
	if (f->space && num.p[0] == '+' && !f->plus) num.p[0] = ' ';
	if (num.p[1] == 'I' || num.p[1] == 'N') {
		int64_t off = (num.p[1] == 'N' && !f->space && !f->plus) ? 1 : 0;
		lms_fmt_pad_nozero(f, num.p + off, num.len - off);
		free(num.p);
		return;
	}
	if (f->sharp && verb != 'b') {
		int digits = 0;
		if (verb == 'v' || verb == 'g' || verb == 'G' || verb == 'x') {
			digits = prec;
			if (digits == -1) digits = 6;
		}
		uint8_t tail[16];
		int64_t tlen = 0;
		bool has_dot = false, saw_nonzero = false;
		for (int64_t i = 1; i < num.len; i++) {
			switch (num.p[i]) {
			case '.':
				has_dot = true;
				break;
			case 'p':
			case 'P':
				tlen = num.len - i;
				memcpy(tail, num.p + i, (size_t)tlen);
				num.len = i;
				break;
			case 'e':
			case 'E':
				if (verb != 'x' && verb != 'X') {
					tlen = num.len - i;
					memcpy(tail, num.p + i, (size_t)tlen);
					num.len = i;
					break;
				}
				/* fallthrough */
			default:
				if (num.p[i] != '0') saw_nonzero = true;
				if (saw_nonzero) digits--;
			}
		}
		if (!has_dot) {
			if (num.len == 2 && num.p[1] == '0') digits--;
			lms_buf_byte(&num, '.');
		}
		if (digits > 0) lms_buf_fill(&num, '0', digits);
		lms_buf_write(&num, tail, tlen);
	}
	if (f->plus || num.p[0] != '+') {
		if (f->zero && !f->minus && f->wid_present && f->wid > num.len) {
			lms_buf_byte(f->buf, num.p[0]);
			lms_fmt_write_padding(f, f->wid - num.len);
			lms_buf_write(f->buf, num.p + 1, num.len - 1);
		} else {
			lms_fmt_pad(f, num.p, num.len);
		}
	} else {
		lms_fmt_pad(f, num.p + 1, num.len - 1);
	}
	free(num.p);
}

/* lms_pp is fmt's printer state (fmt/print.go). */
typedef struct {
	lms_fmt fmt;
	lms_buf *buf;
	bool reordered, good_arg_num;
} lms_pp;

LMS_FN void lms_pp_print_arg(lms_pp *p, const lms_arg *arg, int32_t verb);

LMS_FN void lms_pp_bad_verb(lms_pp *p, const lms_arg *arg, int32_t verb) {
	lms_buf_cstr(p->buf, "%!");
	lms_buf_rune(p->buf, verb);
	lms_buf_byte(p->buf, '(');
	lms_buf_cstr(p->buf, lms_arg_typename(arg));
	lms_buf_byte(p->buf, '=');
	lms_pp_print_arg(p, arg, 'v');
	lms_buf_byte(p->buf, ')');
}

static const char lms_ldigits[] LMS_UNUSED = "0123456789abcdefx";
static const char lms_udigits[] LMS_UNUSED = "0123456789ABCDEFX";

LMS_FN void lms_pp_fmt_integer(lms_pp *p, const lms_arg *arg, uint64_t v, bool is_signed, int32_t verb) {
	lms_fmt *f = &p->fmt;
	switch (verb) {
	case 'v':
		if (f->sharp_v && !is_signed) {
			bool sharp = f->sharp;
			f->sharp = true;
			lms_fmt_integer(f, v, 16, false, 'v', lms_ldigits);
			f->sharp = sharp;
		} else {
			lms_fmt_integer(f, v, 10, is_signed, verb, lms_ldigits);
		}
		break;
	case 'd': lms_fmt_integer(f, v, 10, is_signed, verb, lms_ldigits); break;
	case 'b': lms_fmt_integer(f, v, 2, is_signed, verb, lms_ldigits); break;
	case 'o': case 'O': lms_fmt_integer(f, v, 8, is_signed, verb, lms_ldigits); break;
	case 'x': lms_fmt_integer(f, v, 16, is_signed, verb, lms_ldigits); break;
	case 'X': lms_fmt_integer(f, v, 16, is_signed, verb, lms_udigits); break;
	case 'c': lms_fmt_c(f, v); break;
	case 'q': lms_fmt_qc(f, v); break;
	case 'U': lms_fmt_unicode(f, v); break;
	default: lms_pp_bad_verb(p, arg, verb);
	}
}

/* lms_pp_fmt_float returns false for a verb floats do not take. */
LMS_FN bool lms_pp_fmt_float(lms_pp *p, double v, int size, int32_t verb) {
	switch (verb) {
	case 'v': lms_fmt_float(&p->fmt, v, size, 'g', -1); return true;
	case 'b': case 'g': case 'G': case 'x': case 'X': lms_fmt_float(&p->fmt, v, size, verb, -1); return true;
	case 'f': case 'e': case 'E': lms_fmt_float(&p->fmt, v, size, verb, 6); return true;
	case 'F': lms_fmt_float(&p->fmt, v, size, 'f', 6); return true;
	}
	return false;
}

LMS_FN void lms_pp_print_arg(lms_pp *p, const lms_arg *arg, int32_t verb) {
	lms_fmt *f = &p->fmt;
	if (verb == 'T') {
		const char *t = lms_arg_typename(arg);
		lms_fmt_s(f, lms_str_make((const uint8_t *)t, (int64_t)strlen(t)));
		return;
	}
	if (verb == 'p') { /* no basic type is a pointer */
		lms_pp_bad_verb(p, arg, verb);
		return;
	}
	switch (arg->kind) {
	case LMS_KIND_BOOL:
		if (verb == 't' || verb == 'v') lms_fmt_pad_cstr(f, arg->v.b ? "true" : "false");
		else lms_pp_bad_verb(p, arg, verb);
		return;
	case LMS_KIND_FLOAT32:
	case LMS_KIND_FLOAT64:
		if (!lms_pp_fmt_float(p, arg->v.f, arg->kind == LMS_KIND_FLOAT32 ? 32 : 64, verb)) lms_pp_bad_verb(p, arg, verb);
		return;
	case LMS_KIND_COMPLEX64:
	case LMS_KIND_COMPLEX128: {
		int size = arg->kind == LMS_KIND_COMPLEX64 ? 64 : 128;
		switch (verb) {
		case 'v': case 'b': case 'g': case 'G': case 'x': case 'X': case 'f': case 'F': case 'e': case 'E': {
			bool old_plus = f->plus;
			lms_buf_byte(p->buf, '(');
			lms_pp_fmt_float(p, arg->v.c.re, size / 2, verb);
			f->plus = true;
			lms_pp_fmt_float(p, arg->v.c.im, size / 2, verb);
			lms_buf_cstr(p->buf, "i)");
			f->plus = old_plus;
			return;
		}
		}
		lms_pp_bad_verb(p, arg, verb);
		return;
	}
	case LMS_KIND_STRING:
		switch (verb) {
		case 'v':
			if (f->sharp_v) lms_fmt_q(f, arg->v.s);
			else lms_fmt_s(f, arg->v.s);
			return;
		case 's': lms_fmt_s(f, arg->v.s); return;
		case 'x': lms_fmt_sx(f, arg->v.s, lms_ldigits); return;
		case 'X': lms_fmt_sx(f, arg->v.s, lms_udigits); return;
		case 'q': lms_fmt_q(f, arg->v.s); return;
		}
		lms_pp_bad_verb(p, arg, verb);
		return;
	default:
		if (lms_kind_signed(arg->kind)) lms_pp_fmt_integer(p, arg, (uint64_t)arg->v.i, true, verb);
		else lms_pp_fmt_integer(p, arg, arg->v.u, false, verb);
	}
}

LMS_INLINE bool lms_fmt_too_large(int64_t x) { return x > 1000000 || x < -1000000; }

/* lms_fmt_parsenum parses a decimal number at s[*i:end]. */
LMS_INLINE bool lms_fmt_parsenum(lms_string s, int64_t *i, int64_t end, int *num) {
	int64_t n = 0;
	bool isnum = false;
	for (; *i < end && s.p[*i] >= '0' && s.p[*i] <= '9'; (*i)++) {
		if (lms_fmt_too_large(n)) {
			*num = 0;
			*i = end;
			return false;
		}
		n = n * 10 + (s.p[*i] - '0');
		isnum = true;
	}
	*num = (int)n;
	return isnum;
}

LMS_INLINE bool lms_fmt_int_from_arg(int n, const lms_arg *a, int *arg_num, int *num) {
	int64_t v = 0;
	bool is_int = false;
	if (*arg_num < n) {
		const lms_arg *x = &a[*arg_num];
		if (lms_kind_signed(x->kind)) {
			v = x->v.i;
			is_int = true;
		} else if (lms_kind_unsigned(x->kind) && (int64_t)x->v.u >= 0) {
			v = (int64_t)x->v.u;
			is_int = true;
		}
		(*arg_num)++;
		if (lms_fmt_too_large(v)) {
			v = 0;
			is_int = false;
		}
	}
	*num = (int)v;
	return is_int;
}

/* lms_pp_arg_number handles an explicit argument index "[n]" at format[*i].
 * It returns whether one was found (afterIndex). */
LMS_FN bool lms_pp_arg_number(lms_pp *p, int *arg_num, lms_string format, int64_t *i, int n) {
	if (format.len <= *i || format.p[*i] != '[') return false;
	p->reordered = true;
	/* parseArgNumber(format[*i:]) */
	int64_t rest = format.len - *i;
	int index = 0;
	int64_t wid = 1;
	bool ok = false;
	if (rest >= 3) {
		for (int64_t j = 1; j < rest; j++) {
			if (format.p[*i + j] == ']') {
				int64_t k = *i + 1;
				int width;
				bool isnum = lms_fmt_parsenum(format, &k, *i + j, &width);
				if (!isnum || k != *i + j) {
					wid = j + 1;
				} else {
					index = width - 1;
					wid = j + 1;
					ok = true;
				}
				break;
			}
		}
	}
	if (ok && 0 <= index && index < n) {
		*arg_num = index;
		*i += wid;
		return true;
	}
	p->good_arg_num = false;
	*i += wid;
	return ok;
}

LMS_INLINE void lms_pp_init(lms_pp *p, lms_buf *b) {
	memset(p, 0, sizeof *p);
	p->buf = b;
	p->fmt.buf = b;
}

/* lms_fmt_sprintf appends fmt.Sprintf(format, a...) to b. */
LMS_FN void lms_fmt_sprintf(lms_buf *b, lms_string format, int n, const lms_arg *a) {
	lms_pp pp, *p = &pp;
	lms_pp_init(p, b);
	lms_fmt *f = &p->fmt;
	int64_t end = format.len;
	int arg_num = 0;
	bool after_index = false;
	for (int64_t i = 0; i < end;) {
		p->good_arg_num = true;
		int64_t lasti = i;
		while (i < end && format.p[i] != '%') i++;
		if (i > lasti) lms_buf_write(b, format.p + lasti, i - lasti);
		if (i >= end) break;
		i++;
		lms_fmt_clearflags(f);
		bool simple_done = false;
		for (; i < end; i++) {
			uint8_t c = format.p[i];
			if (c == '#') f->sharp = true;
			else if (c == '0') f->zero = true;
			else if (c == '+') f->plus = true;
			else if (c == '-') f->minus = true;
			else if (c == ' ') f->space = true;
			else {
				if ('a' <= c && c <= 'z' && arg_num < n) {
					if (c == 'v' || c == 'w') {
						f->sharp_v = f->sharp;
						f->sharp = false;
						f->plus_v = f->plus;
						f->plus = false;
					}
					lms_pp_print_arg(p, &a[arg_num], c);
					arg_num++;
					i++;
					simple_done = true;
				}
				break;
			}
		}
		if (simple_done) continue;

		after_index = lms_pp_arg_number(p, &arg_num, format, &i, n);

		if (i < end && format.p[i] == '*') {
			i++;
			f->wid_present = lms_fmt_int_from_arg(n, a, &arg_num, &f->wid);
			if (!f->wid_present) lms_buf_cstr(b, "%!(BADWIDTH)");
			if (f->wid < 0) {
				f->wid = -f->wid;
				f->minus = true;
				f->zero = false;
			}
			after_index = false;
		} else {
			f->wid_present = lms_fmt_parsenum(format, &i, end, &f->wid);
			if (after_index && f->wid_present) p->good_arg_num = false;
		}

		if (i + 1 < end && format.p[i] == '.') {
			i++;
			if (after_index) p->good_arg_num = false;
			after_index = lms_pp_arg_number(p, &arg_num, format, &i, n);
			if (i < end && format.p[i] == '*') {
				i++;
				f->prec_present = lms_fmt_int_from_arg(n, a, &arg_num, &f->prec);
				if (f->prec < 0) {
					f->prec = 0;
					f->prec_present = false;
				}
				if (!f->prec_present) lms_buf_cstr(b, "%!(BADPREC)");
				after_index = false;
			} else {
				f->prec_present = lms_fmt_parsenum(format, &i, end, &f->prec);
				if (!f->prec_present) {
					f->prec = 0;
					f->prec_present = true;
				}
			}
		}

		if (!after_index) after_index = lms_pp_arg_number(p, &arg_num, format, &i, n);

		if (i >= end) {
			lms_buf_cstr(b, "%!(NOVERB)");
			break;
		}

		int32_t verb;
		if (format.p[i] < 0x80) {
			verb = format.p[i];
			i++;
		} else {
			i += lms_utf8_decode(format.p + i, end - i, &verb);
		}

		if (verb == '%') {
			lms_buf_byte(b, '%');
		} else if (!p->good_arg_num) {
			lms_buf_cstr(b, "%!");
			lms_buf_rune(b, verb);
			lms_buf_cstr(b, "(BADINDEX)");
		} else if (arg_num >= n) {
			lms_buf_cstr(b, "%!");
			lms_buf_rune(b, verb);
			lms_buf_cstr(b, "(MISSING)");
		} else {
			if (verb == 'v' || verb == 'w') {
				f->sharp_v = f->sharp;
				f->sharp = false;
				f->plus_v = f->plus;
				f->plus = false;
			}
			lms_pp_print_arg(p, &a[arg_num], verb);
			arg_num++;
		}
	}
	if (!p->reordered && arg_num < n) {
		lms_fmt_clearflags(f);
		lms_buf_cstr(b, "%!(EXTRA ");
		for (int k = arg_num; k < n; k++) {
			if (k > arg_num) lms_buf_cstr(b, ", ");
			lms_buf_cstr(b, lms_arg_typename(&a[k]));
			lms_buf_byte(b, '=');
			lms_pp_print_arg(p, &a[k], 'v');
		}
		lms_buf_byte(b, ')');
	}
}

/* lms_fmt_sprint appends fmt.Sprint(a...) to b: a space between operands
 * when neither is a string. */
LMS_FN void lms_fmt_sprint(lms_buf *b, int n, const lms_arg *a) {
	lms_pp pp;
	lms_pp_init(&pp, b);
	bool prev_string = false;
	for (int k = 0; k < n; k++) {
		bool is_string = a[k].kind == LMS_KIND_STRING;
		if (k > 0 && !is_string && !prev_string) lms_buf_byte(b, ' ');
		lms_pp_print_arg(&pp, &a[k], 'v');
		prev_string = is_string;
	}
}

/* lms_fmt_sprintln appends fmt.Sprintln(a...) to b. */
LMS_FN void lms_fmt_sprintln(lms_buf *b, int n, const lms_arg *a) {
	lms_pp pp;
	lms_pp_init(&pp, b);
	for (int k = 0; k < n; k++) {
		if (k > 0) lms_buf_byte(b, ' ');
		lms_pp_print_arg(&pp, &a[k], 'v');
	}
	lms_buf_byte(b, '\n');
}

/* fmt.Print, fmt.Println and fmt.Printf (to the buffered standard output). */
LMS_FN void lms_print(int n, const lms_arg *a) { lms_fmt_sprint(lms_out(), n, a); lms_out_done(); }
LMS_FN void lms_println(int n, const lms_arg *a) { lms_fmt_sprintln(lms_out(), n, a); lms_out_done(); }
LMS_FN void lms_printf(lms_string format, int n, const lms_arg *a) { lms_fmt_sprintf(lms_out(), format, n, a); lms_out_done(); }

/* fmt.Sprint, fmt.Sprintln and fmt.Sprintf. */
LMS_FN lms_string lms_sprint(int n, const lms_arg *a) {
	lms_buf b = {NULL, 0, 0};
	lms_fmt_sprint(&b, n, a);
	return lms_buf_string(&b);
}
LMS_FN lms_string lms_sprintln(int n, const lms_arg *a) {
	lms_buf b = {NULL, 0, 0};
	lms_fmt_sprintln(&b, n, a);
	return lms_buf_string(&b);
}
LMS_FN lms_string lms_sprintf(lms_string format, int n, const lms_arg *a) {
	lms_buf b = {NULL, 0, 0};
	lms_fmt_sprintf(&b, format, n, a);
	return lms_buf_string(&b);
}

/* ------------------------------------------------- builtin print, panic(v) */

/* lms_rtprint_arg appends a as the Go runtime prints values (builtin
 * print, panic values): floats in strconv's 'g' shortest form. */
LMS_FN void lms_rtprint_arg(lms_buf *b, const lms_arg *a) {
	switch (a->kind) {
	case LMS_KIND_BOOL: lms_buf_cstr(b, a->v.b ? "true" : "false"); return;
	case LMS_KIND_FLOAT32: lms_ftoa(b, a->v.f, 'g', -1, 32); return;
	case LMS_KIND_FLOAT64: lms_ftoa(b, a->v.f, 'g', -1, 64); return;
	case LMS_KIND_COMPLEX64: lms_ctoa(b, a->v.c, 'g', -1, 64); return;
	case LMS_KIND_COMPLEX128: lms_ctoa(b, a->v.c, 'g', -1, 128); return;
	case LMS_KIND_STRING: lms_buf_str(b, a->v.s); return;
	default:
		if (lms_kind_signed(a->kind)) lms_buf_int(b, a->v.i, true);
		else lms_buf_int(b, (int64_t)a->v.u, false);
	}
}

/* Go's builtin print and println: to standard error, unbuffered. */
LMS_FN void lms_builtin_print(int n, const lms_arg *a) {
	lms_buf b = {NULL, 0, 0};
	for (int k = 0; k < n; k++) lms_rtprint_arg(&b, &a[k]);
	lms_write_stderr(b.p, b.len);
	free(b.p);
}
LMS_FN void lms_builtin_println(int n, const lms_arg *a) {
	lms_buf b = {NULL, 0, 0};
	for (int k = 0; k < n; k++) {
		if (k > 0) lms_buf_byte(&b, ' ');
		lms_rtprint_arg(&b, &a[k]);
	}
	lms_buf_byte(&b, '\n');
	lms_write_stderr(b.p, b.len);
	free(b.p);
}

/* lms_panic_arg is panic(v) for a value of a basic type, or of a defined
 * type when a.name is set (printed as Go does: main.T(5), main.S("x")). */
LMS_PANICFN void lms_panic_arg(lms_arg a) {
	lms_buf b = {NULL, 0, 0};
	if (a.name == NULL) {
		lms_rtprint_arg(&b, &a);
	} else {
		lms_buf_cstr(&b, a.name);
		if (a.kind == LMS_KIND_STRING) {
			lms_buf_cstr(&b, "(\"");
			lms_buf_str(&b, a.v.s);
			lms_buf_cstr(&b, "\")");
		} else if (a.kind == LMS_KIND_COMPLEX64 || a.kind == LMS_KIND_COMPLEX128) {
			lms_rtprint_arg(&b, &a);
		} else {
			lms_buf_byte(&b, '(');
			lms_rtprint_arg(&b, &a);
			lms_buf_byte(&b, ')');
		}
	}
	lms_panic_text("", lms_str_make(b.p, b.len), NULL);
}

#endif /* LMS_RUNTIME_H */
