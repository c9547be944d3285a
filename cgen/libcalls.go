package cgen

import (
	"sort"
	"strings"

	"github.com/lmsgen/lmsgen/ir"
)

// This file translates the calls of math/bits, strings, unicode,
// unicode/utf8 and strconv that the Go output can make (the allow-list
// of frontend/natives.go, restricted to functions of basic values) into
// helpers of the generated file, each a transcription of Go's code with
// its results on every input, panics included. The tables of package
// unicode are computed from Go's own functions (unitables.go). A
// library function that is not here (strings.Replace, strconv.Quote of
// a rune in ASCII, math/cmplx, ...) is an error at each call site.

// libHelper is the C translation of a library function: the text of a
// helper of the generated file, with $F for its name and $R for its
// result type, the helpers it calls, and its parameters' types.
type libHelper struct {
	params []*ir.Type
	needs  []string // keys of libHelpers
	text   string
}

var (
	tStr   = ir.String
	tU8    = ir.Uint8
	tU16   = ir.Uint16
	tU32   = ir.Uint32
	tU64   = ir.Uint64
	tI32   = ir.Int32
	tInt   = ir.Int
	str1   = []*ir.Type{tStr}
	str2   = []*ir.Type{tStr, tStr}
	rune1  = []*ir.Type{tI32}
	u64int = []*ir.Type{tU64, tInt}
)

// helperName returns the C name of the helper of a library function.
func helperName(key string) string {
	return "lmsg_" + strings.NewReplacer("/", "_", ".", "_").Replace(key)
}

var libHelpers = map[string]libHelper{}

// bitsHelpers adds math/bits: uint is 64 bits wide.
func bitsHelpers() {
	for _, w := range []struct {
		suffix string
		t      *ir.Type
		bits   string
		clz    string // a count of leading zeros of x != 0 as the width
	}{
		{"8", tU8, "8", "__builtin_clz((unsigned)x) - 24"},
		{"16", tU16, "16", "__builtin_clz((unsigned)x) - 16"},
		{"32", tU32, "32", "__builtin_clz(x)"},
		{"64", tU64, "64", "__builtin_clzll(x)"},
		{"", ir.Uint, "64", "__builtin_clzll(x)"},
	} {
		ct := basicC[w.t.Kind]
		one := []*ir.Type{w.t}
		p := "math/bits."
		libHelpers[p+"LeadingZeros"+w.suffix] = libHelper{params: one,
			text: "LMS_INLINE int64_t $F(" + ct + " x) { return x == 0 ? " + w.bits + " : " + w.clz + "; }\n"}
		libHelpers[p+"Len"+w.suffix] = libHelper{params: one,
			text: "LMS_INLINE int64_t $F(" + ct + " x) { return x == 0 ? 0 : " + w.bits + " - (" + w.clz + "); }\n"}
		ctz := "__builtin_ctzll((uint64_t)x)"
		libHelpers[p+"TrailingZeros"+w.suffix] = libHelper{params: one,
			text: "LMS_INLINE int64_t $F(" + ct + " x) { return x == 0 ? " + w.bits + " : " + ctz + "; }\n"}
		libHelpers[p+"OnesCount"+w.suffix] = libHelper{params: one,
			text: "LMS_INLINE int64_t $F(" + ct + " x) { return __builtin_popcountll((uint64_t)x); }\n"}
		libHelpers[p+"RotateLeft"+w.suffix] = libHelper{params: []*ir.Type{w.t, tInt},
			text: "LMS_INLINE " + ct + " $F(" + ct + " x, int64_t k) {\n\tunsigned s = (unsigned)((uint64_t)k & (" + w.bits + " - 1));\n" +
				"\treturn (" + ct + ")((x << s) | (x >> ((" + w.bits + " - s) & (" + w.bits + " - 1))));\n}\n"}
		libHelpers[p+"Reverse"+w.suffix] = libHelper{params: one, needs: []string{"math/bits.reverse64"},
			text: "LMS_INLINE " + ct + " $F(" + ct + " x) { return (" + ct + ")(" + helperName("math/bits.reverse64") +
				"((uint64_t)x) >> (64 - " + w.bits + ")); }\n"}
		if w.bits != "8" {
			swap := "__builtin_bswap" + w.bits
			libHelpers[p+"ReverseBytes"+w.suffix] = libHelper{params: one,
				text: "LMS_INLINE " + ct + " $F(" + ct + " x) { return " + swap + "(x); }\n"}
		}
	}
	libHelpers["math/bits.reverse64"] = libHelper{text: `LMS_INLINE uint64_t $F(uint64_t x) {
	x = ((x >> 1) & UINT64_C(0x5555555555555555)) | ((x & UINT64_C(0x5555555555555555)) << 1);
	x = ((x >> 2) & UINT64_C(0x3333333333333333)) | ((x & UINT64_C(0x3333333333333333)) << 2);
	x = ((x >> 4) & UINT64_C(0x0F0F0F0F0F0F0F0F)) | ((x & UINT64_C(0x0F0F0F0F0F0F0F0F)) << 4);
	return __builtin_bswap64(x);
}
`}
	u3 := func(t *ir.Type) []*ir.Type { return []*ir.Type{t, t, t} }
	for name, t := range map[string]*ir.Type{"Add": ir.Uint, "Add64": tU64} {
		libHelpers["math/bits."+name] = libHelper{params: u3(t), text: `LMS_INLINE $R $F(uint64_t x, uint64_t y, uint64_t carry) {
	$R r;
	r.r0 = x + y + carry;
	r.r1 = ((x & y) | ((x | y) & ~r.r0)) >> 63;
	return r;
}
`}
	}
	libHelpers["math/bits.Add32"] = libHelper{params: u3(tU32), text: `LMS_INLINE $R $F(uint32_t x, uint32_t y, uint32_t carry) {
	uint64_t s = (uint64_t)x + y + carry;
	$R r;
	r.r0 = (uint32_t)s;
	r.r1 = (uint32_t)(s >> 32);
	return r;
}
`}
	for name, t := range map[string]*ir.Type{"Sub": ir.Uint, "Sub64": tU64} {
		libHelpers["math/bits."+name] = libHelper{params: u3(t), text: `LMS_INLINE $R $F(uint64_t x, uint64_t y, uint64_t borrow) {
	$R r;
	r.r0 = x - y - borrow;
	r.r1 = ((~x & y) | (~(x ^ y) & r.r0)) >> 63;
	return r;
}
`}
	}
	libHelpers["math/bits.Sub32"] = libHelper{params: u3(tU32), text: `LMS_INLINE $R $F(uint32_t x, uint32_t y, uint32_t borrow) {
	$R r;
	r.r0 = x - y - borrow;
	r.r1 = ((~x & y) | (~(x ^ y) & r.r0)) >> 31;
	return r;
}
`}
	for name, t := range map[string]*ir.Type{"Mul": ir.Uint, "Mul64": tU64} {
		libHelpers["math/bits."+name] = libHelper{params: []*ir.Type{t, t}, text: `LMS_INLINE $R $F(uint64_t x, uint64_t y) {
	unsigned __int128 p = (unsigned __int128)x * y;
	$R r;
	r.r0 = (uint64_t)(p >> 64);
	r.r1 = (uint64_t)p;
	return r;
}
`}
	}
	libHelpers["math/bits.Mul32"] = libHelper{params: []*ir.Type{tU32, tU32}, text: `LMS_INLINE $R $F(uint32_t x, uint32_t y) {
	uint64_t p = (uint64_t)x * y;
	$R r;
	r.r0 = (uint32_t)(p >> 32);
	r.r1 = (uint32_t)p;
	return r;
}
`}
	for name, t := range map[string]*ir.Type{"Div": ir.Uint, "Div64": tU64} {
		libHelpers["math/bits."+name] = libHelper{params: u3(t), text: `LMS_INLINE $R $F(uint64_t hi, uint64_t lo, uint64_t y) {
	if (y == 0) lms_panic_divide();
	if (y <= hi) lms_panic_runtime("integer overflow");
	unsigned __int128 n = ((unsigned __int128)hi << 64) | lo;
	$R r;
	r.r0 = (uint64_t)(n / y);
	r.r1 = (uint64_t)(n % y);
	return r;
}
`}
	}
	libHelpers["math/bits.Div32"] = libHelper{params: u3(tU32), text: `LMS_INLINE $R $F(uint32_t hi, uint32_t lo, uint32_t y) {
	if (y != 0 && y <= hi) lms_panic_runtime("integer overflow");
	if (y == 0) lms_panic_divide();
	uint64_t n = ((uint64_t)hi << 32) | lo;
	$R r;
	r.r0 = (uint32_t)(n / y);
	r.r1 = (uint32_t)(n % y);
	return r;
}
`}
	for name, t := range map[string]*ir.Type{"Rem": ir.Uint, "Rem64": tU64} {
		libHelpers["math/bits."+name] = libHelper{params: u3(t), text: `LMS_INLINE uint64_t $F(uint64_t hi, uint64_t lo, uint64_t y) {
	if (y == 0) lms_panic_divide();
	return (uint64_t)((((unsigned __int128)(hi % y) << 64) | lo) % y);
}
`}
	}
	libHelpers["math/bits.Rem32"] = libHelper{params: u3(tU32), text: `LMS_INLINE uint32_t $F(uint32_t hi, uint32_t lo, uint32_t y) {
	if (y == 0) lms_panic_divide();
	return (uint32_t)((((uint64_t)hi << 32) | lo) % y);
}
`}
}

// stringsHelpers adds strings, unicode/utf8 and strconv.
func stringsHelpers() {
	h := func(key string, params []*ir.Type, needs []string, text string) {
		libHelpers[key] = libHelper{params: params, needs: needs, text: text}
	}
	n := helperName
	h("strings.Compare", str2, nil, "LMS_INLINE int64_t $F(lms_string a, lms_string b) { return lms_str_cmp(a, b); }\n")
	h("strings.HasPrefix", str2, nil, `LMS_INLINE bool $F(lms_string s, lms_string p) {
	return s.len >= p.len && (p.len == 0 || memcmp(s.p, p.p, (size_t)p.len) == 0);
}
`)
	h("strings.HasSuffix", str2, nil, `LMS_INLINE bool $F(lms_string s, lms_string p) {
	return s.len >= p.len && (p.len == 0 || memcmp(s.p + s.len - p.len, p.p, (size_t)p.len) == 0);
}
`)
	h("strings.Index", str2, nil, `LMS_FN int64_t $F(lms_string s, lms_string sub) {
	if (sub.len == 0) return 0;
	for (int64_t i = 0; i + sub.len <= s.len; i++) {
		if (s.p[i] == sub.p[0] && memcmp(s.p + i, sub.p, (size_t)sub.len) == 0) return i;
	}
	return -1;
}
`)
	h("strings.LastIndex", str2, nil, `LMS_FN int64_t $F(lms_string s, lms_string sub) {
	if (sub.len == 0) return s.len;
	for (int64_t i = s.len - sub.len; i >= 0; i--) {
		if (s.p[i] == sub.p[0] && memcmp(s.p + i, sub.p, (size_t)sub.len) == 0) return i;
	}
	return -1;
}
`)
	h("strings.Contains", str2, []string{"strings.Index"},
		"LMS_INLINE bool $F(lms_string s, lms_string sub) { return "+n("strings.Index")+"(s, sub) >= 0; }\n")
	h("strings.IndexByte", []*ir.Type{tStr, tU8}, nil, `LMS_INLINE int64_t $F(lms_string s, uint8_t c) {
	for (int64_t i = 0; i < s.len; i++) if (s.p[i] == c) return i;
	return -1;
}
`)
	h("strings.LastIndexByte", []*ir.Type{tStr, tU8}, nil, `LMS_INLINE int64_t $F(lms_string s, uint8_t c) {
	for (int64_t i = s.len - 1; i >= 0; i--) if (s.p[i] == c) return i;
	return -1;
}
`)
	h("strings.IndexRune", []*ir.Type{tStr, tI32}, []string{"strings.Index"}, `LMS_FN int64_t $F(lms_string s, int32_t r) {
	if (r >= 0 && r < 0x80) {
		for (int64_t i = 0; i < s.len; i++) if (s.p[i] == r) return i;
		return -1;
	}
	if (r == LMS_RUNE_ERROR) {
		for (int64_t i = 0; i < s.len;) {
			int32_t c;
			int w = lms_utf8_decode(s.p + i, s.len - i, &c);
			if (c == LMS_RUNE_ERROR) return i;
			i += w;
		}
		return -1;
	}
	if (r < 0 || r > 0x10FFFF || (r >= 0xD800 && r <= 0xDFFF)) return -1;
	uint8_t enc[4];
	int w = lms_utf8_encode(enc, r);
	return `+n("strings.Index")+`(s, lms_str_make(enc, w));
}
`)
	h("strings.ContainsRune", []*ir.Type{tStr, tI32}, []string{"strings.IndexRune"},
		"LMS_INLINE bool $F(lms_string s, int32_t r) { return "+n("strings.IndexRune")+"(s, r) >= 0; }\n")
	h("strings.IndexAny", str2, []string{"strings.IndexRune"}, `LMS_FN int64_t $F(lms_string s, lms_string chars) {
	if (chars.len == 0) return -1;
	for (int64_t i = 0; i < s.len;) {
		int32_t c;
		int w = lms_utf8_decode(s.p + i, s.len - i, &c);
		if (`+n("strings.IndexRune")+`(chars, c) >= 0) return i;
		i += w;
	}
	return -1;
}
`)
	h("strings.ContainsAny", str2, []string{"strings.IndexAny"},
		"LMS_INLINE bool $F(lms_string s, lms_string chars) { return "+n("strings.IndexAny")+"(s, chars) >= 0; }\n")
	h("strings.LastIndexAny", str2, []string{"strings.IndexRune", "unicode/utf8.decodeLast"}, `LMS_FN int64_t $F(lms_string s, lms_string chars) {
	if (chars.len == 0) return -1;
	for (int64_t i = s.len; i > 0;) {
		int32_t c;
		i -= `+n("unicode/utf8.decodeLast")+`(s.p, i, &c);
		if (`+n("strings.IndexRune")+`(chars, c) >= 0) return i;
	}
	return -1;
}
`)
	h("strings.Count", str2, []string{"strings.Index"}, `LMS_FN int64_t $F(lms_string s, lms_string sub) {
	if (sub.len == 0) return lms_utf8_count(s.p, s.len) + 1;
	int64_t count = 0;
	for (;;) {
		int64_t i = `+n("strings.Index")+`(s, sub);
		if (i < 0) return count;
		count++;
		s = lms_str_make(s.p + i + sub.len, s.len - i - sub.len);
	}
}
`)
	h("strings.TrimPrefix", str2, []string{"strings.HasPrefix"}, `LMS_INLINE lms_string $F(lms_string s, lms_string p) {
	return `+n("strings.HasPrefix")+`(s, p) ? lms_str_make(s.p + p.len, s.len - p.len) : s;
}
`)
	h("strings.TrimSuffix", str2, []string{"strings.HasSuffix"}, `LMS_INLINE lms_string $F(lms_string s, lms_string p) {
	return `+n("strings.HasSuffix")+`(s, p) ? lms_str_make(s.p, s.len - p.len) : s;
}
`)
	h("strings.CutPrefix", str2, []string{"strings.HasPrefix"}, `LMS_INLINE $R $F(lms_string s, lms_string p) {
	$R r;
	r.r1 = `+n("strings.HasPrefix")+`(s, p);
	r.r0 = r.r1 ? lms_str_make(s.p + p.len, s.len - p.len) : s;
	return r;
}
`)
	h("strings.CutSuffix", str2, []string{"strings.HasSuffix"}, `LMS_INLINE $R $F(lms_string s, lms_string p) {
	$R r;
	r.r1 = `+n("strings.HasSuffix")+`(s, p);
	r.r0 = r.r1 ? lms_str_make(s.p, s.len - p.len) : s;
	return r;
}
`)
	h("strings.Cut", str2, []string{"strings.Index"}, `LMS_FN $R $F(lms_string s, lms_string sep) {
	$R r;
	int64_t i = `+n("strings.Index")+`(s, sep);
	r.r2 = i >= 0;
	r.r0 = r.r2 ? lms_str_make(s.p, i) : s;
	r.r1 = r.r2 ? lms_str_make(s.p + i + sep.len, s.len - i - sep.len) : lms_str_make(NULL, 0);
	return r;
}
`)
	// strings.ToValidUTF8: each run of invalid bytes becomes one
	// replacement; a valid s is returned as it is.
	h("strings.ToValidUTF8", str2, nil, `LMS_FN lms_string $F(lms_string s, lms_string rep) {
	int64_t i = 0;
	while (i < s.len) {
		int32_t r;
		int w = s.p[i] < 0x80 ? 1 : lms_utf8_decode(s.p + i, s.len - i, &r);
		if (w == 1 && s.p[i] >= 0x80) break;
		i += w;
	}
	if (i == s.len) return s;
	lms_buf b = {NULL, 0, 0};
	lms_buf_write(&b, s.p, i);
	bool invalid = false;
	while (i < s.len) {
		uint8_t c = s.p[i];
		if (c < 0x80) {
			i++;
			invalid = false;
			lms_buf_byte(&b, c);
			continue;
		}
		int32_t r;
		int w = lms_utf8_decode(s.p + i, s.len - i, &r);
		if (w == 1) {
			i++;
			if (!invalid) {
				invalid = true;
				lms_buf_str(&b, rep);
			}
			continue;
		}
		invalid = false;
		lms_buf_write(&b, s.p + i, w);
		i += w;
	}
	return lms_str_make(b.p, b.len);
}
`)
	h("strings.Repeat", []*ir.Type{tStr, tInt}, nil, `LMS_FN lms_string $F(lms_string s, int64_t count) {
	if (count == 0) return lms_str_make(NULL, 0);
	if (count == 1) return s;
	if (count < 0) lms_panic_cstr("strings: negative Repeat count");
	unsigned __int128 n = (unsigned __int128)(uint64_t)s.len * (uint64_t)count;
	if (n > INT64_MAX) lms_panic_cstr("strings: Repeat output length overflow");
	uint8_t *p = (uint8_t *)lms_alloc((int64_t)n);
	for (int64_t i = 0; i < count; i++) memcpy(p + i * s.len, s.p, (size_t)s.len);
	return lms_str_make(p, (int64_t)n);
}
`)
	h("strings.EqualFold", str2, []string{"unicode.SimpleFold"}, `LMS_FN bool $F(lms_string s, lms_string t) {
	int64_t i = 0, j = 0;
	while (i < s.len && j < t.len) {
		int32_t sr, tr;
		i += lms_utf8_decode(s.p + i, s.len - i, &sr);
		j += lms_utf8_decode(t.p + j, t.len - j, &tr);
		if (tr == sr) continue;
		if (tr < sr) { int32_t x = tr; tr = sr; sr = x; }
		if (tr < 0x80) {
			if ('A' <= sr && sr <= 'Z' && tr == sr + 'a' - 'A') continue;
			return false;
		}
		int32_t r = `+n("unicode.SimpleFold")+`(sr);
		while (r != sr && r < tr) r = `+n("unicode.SimpleFold")+`(r);
		if (r == tr) continue;
		return false;
	}
	return i == s.len && j == t.len;
}
`)
	for _, c := range []string{"Upper", "Lower", "Title"} {
		h("strings.To"+c, str1, []string{"unicode.To" + c}, `LMS_FN lms_string $F(lms_string s) {
	lms_buf b = {NULL, 0, 0};
	for (int64_t i = 0; i < s.len;) {
		int32_t r;
		i += lms_utf8_decode(s.p + i, s.len - i, &r);
		lms_buf_rune(&b, `+n("unicode.To"+c)+`(r));
	}
	return lms_str_make(b.p, b.len);
}
`)
	}
	h("strings.TrimSpace", str1, []string{"unicode.IsSpace", "unicode/utf8.decodeLast"}, `LMS_FN lms_string $F(lms_string s) {
	int64_t i = 0, j = s.len;
	while (i < j) {
		int32_t r;
		int w = lms_utf8_decode(s.p + i, j - i, &r);
		if (!`+n("unicode.IsSpace")+`(r)) break;
		i += w;
	}
	while (j > i) {
		int32_t r;
		int w = `+n("unicode/utf8.decodeLast")+`(s.p + i, j - i, &r);
		if (!`+n("unicode.IsSpace")+`(r)) break;
		j -= w;
	}
	return lms_str_make(s.p + i, j - i);
}
`)

	// unicode/utf8
	h("unicode/utf8.decodeLast", nil, nil, `/* $F decodes the last rune of p[:n] into *r as utf8.DecodeLastRune and
 * returns its width. */
LMS_FN int $F(const uint8_t *p, int64_t n, int32_t *r) {
	if (n == 0) { *r = LMS_RUNE_ERROR; return 0; }
	int64_t start = n - 1;
	if (p[start] < 0x80) { *r = p[start]; return 1; }
	int64_t lim = n - 4 < 0 ? 0 : n - 4;
	for (start--; start >= lim; start--) if ((p[start] & 0xC0) != 0x80) break;
	if (start < 0) start = 0;
	int w = lms_utf8_decode(p + start, n - start, r);
	if (start + w != n) { *r = LMS_RUNE_ERROR; return 1; }
	return w;
}
`)
	h("unicode/utf8.DecodeLastRuneInString", str1, []string{"unicode/utf8.decodeLast"}, `LMS_INLINE $R $F(lms_string s) {
	$R r;
	r.r1 = `+n("unicode/utf8.decodeLast")+`(s.p, s.len, &r.r0);
	return r;
}
`)
	h("unicode/utf8.RuneLen", rune1, nil, `LMS_INLINE int64_t $F(int32_t r) {
	if (r < 0) return -1;
	if (r < 0x80) return 1;
	if (r < 0x800) return 2;
	if (r >= 0xD800 && r <= 0xDFFF) return -1;
	if (r < 0x10000) return 3;
	if (r <= 0x10FFFF) return 4;
	return -1;
}
`)
	h("unicode/utf8.ValidRune", rune1, nil,
		"LMS_INLINE bool $F(int32_t r) { return (r >= 0 && r < 0xD800) || (r > 0xDFFF && r <= 0x10FFFF); }\n")
	h("unicode/utf8.RuneStart", []*ir.Type{tU8}, nil, "LMS_INLINE bool $F(uint8_t b) { return (b & 0xC0) != 0x80; }\n")
	h("unicode/utf8.RuneCountInString", str1, nil, "LMS_INLINE int64_t $F(lms_string s) { return lms_utf8_count(s.p, s.len); }\n")
	h("unicode/utf8.ValidString", str1, nil, `LMS_FN bool $F(lms_string s) {
	for (int64_t i = 0; i < s.len;) {
		int32_t r;
		int w = lms_utf8_decode(s.p + i, s.len - i, &r);
		if (r == LMS_RUNE_ERROR && w == 1) return false;
		i += w;
	}
	return true;
}
`)
	h("unicode/utf8.FullRuneInString", str1, nil, `LMS_FN bool $F(lms_string s) {
	if (s.len == 0) return false;
	uint8_t c = s.p[0];
	int w = c < 0x80 ? 1 : c >= 0xC2 && c <= 0xDF ? 2 : c >= 0xE0 && c <= 0xEF ? 3 : c >= 0xF0 && c <= 0xF4 ? 4 : 1;
	if (s.len >= w) return true;
	uint8_t lo = c == 0xE0 ? 0xA0 : c == 0xF0 ? 0x90 : 0x80;
	uint8_t hi = c == 0xED ? 0x9F : c == 0xF4 ? 0x8F : 0xBF;
	if (s.len > 1 && (s.p[1] < lo || hi < s.p[1])) return true;
	if (s.len > 2 && (s.p[2] < 0x80 || 0xBF < s.p[2])) return true;
	return false;
}
`)

	// strconv
	h("strconv.FormatInt", []*ir.Type{ir.Int64, tInt}, []string{"strconv.format"},
		"LMS_INLINE lms_string $F(int64_t i, int64_t base) { return "+n("strconv.format")+"((uint64_t)i, i < 0, base); }\n")
	h("strconv.FormatUint", u64int, []string{"strconv.format"},
		"LMS_INLINE lms_string $F(uint64_t i, int64_t base) { return "+n("strconv.format")+"(i, false, base); }\n")
	h("strconv.Itoa", []*ir.Type{tInt}, []string{"strconv.format"},
		"LMS_INLINE lms_string $F(int64_t i) { return "+n("strconv.format")+"((uint64_t)i, i < 0, 10); }\n")
	h("strconv.format", nil, nil, `LMS_FN lms_string $F(uint64_t u, bool neg, int64_t base) {
	if (base < 2 || base > 36) lms_panic_cstr("strconv: illegal AppendInt/FormatInt base");
	uint8_t tmp[65];
	int i = (int)sizeof tmp;
	if (neg) u = 0 - u;
	do {
		tmp[--i] = (uint8_t)"0123456789abcdefghijklmnopqrstuvwxyz"[u % (uint64_t)base];
		u /= (uint64_t)base;
	} while (u != 0);
	if (neg) tmp[--i] = '-';
	uint8_t *p = (uint8_t *)lms_alloc((int64_t)sizeof tmp - i);
	memcpy(p, tmp + i, sizeof tmp - (size_t)i);
	return lms_str_make(p, (int64_t)sizeof tmp - i);
}
`)
	h("strconv.FormatBool", []*ir.Type{ir.Bool}, nil,
		"LMS_INLINE lms_string $F(bool b) { return b ? LMS_STR(\"true\") : LMS_STR(\"false\"); }\n")
	h("strconv.FormatFloat", []*ir.Type{ir.Float64, tU8, tInt, tInt}, nil, `LMS_FN lms_string $F(double f, uint8_t fmt, int64_t prec, int64_t bits) {
	if (bits != 32 && bits != 64) lms_panic_cstr("strconv: illegal AppendFloat/FormatFloat bitSize");
	lms_buf b = {NULL, 0, 0};
	lms_ftoa(&b, f, fmt, prec < INT32_MIN ? INT32_MIN : prec > INT32_MAX ? INT32_MAX : (int)prec, (int)bits);
	return lms_str_make(b.p, b.len);
}
`)
	for _, q := range []struct {
		name  string
		ascii string
	}{{"Quote", "false"}, {"QuoteToASCII", "true"}} {
		h("strconv."+q.name, str1, nil, `LMS_FN lms_string $F(lms_string s) {
	lms_buf b = {NULL, 0, 0};
	lms_append_quoted(&b, s, '"', `+q.ascii+`);
	return lms_str_make(b.p, b.len);
}
`)
	}
	h("strconv.QuoteRune", rune1, nil, `LMS_FN lms_string $F(int32_t r) {
	lms_buf b = {NULL, 0, 0};
	lms_append_quoted_rune(&b, r, false);
	return lms_str_make(b.p, b.len);
}
`)
}

func init() {
	bitsHelpers()
	stringsHelpers()
	uniHelpers()
}

// helperCall writes a call of the helper of the library function key.
func (fn *fnGen) helperCall(n *ir.Node, key string, h libHelper) cx {
	ok := len(n.Args) == len(h.params)
	for i := 0; ok && i < len(n.Args); i++ {
		ok = fn.g.TypeOf(n.Args[i]) == h.params[i]
	}
	if !ok {
		fn.sg.errorf(n, "call of %s with arguments of unexpected types", key)
		return cx{s: "0", prim: true}
	}
	rt := fn.fl.ctype(n.Type)
	fn.fl.libHelper(key, rt)
	return call(helperName(key), fn.refs(n.Args)...)
}

// libHelper declares the helper of key, after the helpers it needs; rt
// is its result type (only a tuple's matters: the others are written in
// the helper's text).
func (fl *fileGen) libHelper(key, rt string) {
	if text, ok := uniTables[key]; ok {
		fl.helper(helperName(key), text)
		return
	}
	h, ok := libHelpers[key]
	if !ok {
		panic("BUG: no C helper " + key)
	}
	for _, d := range h.needs {
		fl.libHelper(d, "")
	}
	name := helperName(key)
	fl.helper(name, func() string {
		return strings.NewReplacer("$F", name, "$R", rt).Replace(h.text)
	})
}

// LibCalls returns the Go names of the library functions the C output
// translates, sorted (for the README's table and its test).
func LibCalls() []string {
	var out []string
	for k := range libFuncs {
		out = append(out, k)
	}
	for k := range libHelpers {
		if isExported(k) {
			out = append(out, k)
		}
	}
	for k := range sprintOps {
		out = append(out, k)
	}
	out = append(out, "unicode/utf8.DecodeRuneInString")
	sort.Strings(out)
	return out
}

// isExported reports whether the function of key (pkg.Name) is exported.
func isExported(key string) bool {
	name := key[strings.LastIndexByte(key, '.')+1:]
	return name != "" && name[0] >= 'A' && name[0] <= 'Z'
}
