package cgen

import (
	"strconv"
	"strings"
)

// This file chooses C identifiers: source names where the graph has them,
// x<N> otherwise; never a C keyword, a name the standard headers the
// prelude includes may declare or define, a name of the runtime (lms_,
// LMS_) or of the generated support code (lmsg_), nor a name already taken
// in the enclosing scope.

// cReserved lists C11's keywords and the identifiers that <stdbool.h>,
// <stddef.h>, <stdint.h>, <stdio.h>, <stdlib.h>, <string.h> and <math.h>
// declare or define (as functions, objects, types or macros), including
// the POSIX and GNU ones glibc adds in its default mode.
var cReserved = func() map[string]bool {
	const words = `
auto break case char const continue default do double else enum extern float
for goto if inline int long register restrict return short signed sizeof
static struct switch typedef union unsigned void volatile while _Alignas
_Alignof _Atomic _Bool _Complex _Generic _Imaginary _Noreturn _Static_assert
_Thread_local asm typeof complex imaginary

bool true false NULL offsetof size_t ptrdiff_t wchar_t max_align_t
int8_t int16_t int32_t int64_t uint8_t uint16_t uint32_t uint64_t intptr_t
uintptr_t intmax_t uintmax_t

FILE fpos_t stdin stdout stderr EOF BUFSIZ FILENAME_MAX FOPEN_MAX L_tmpnam
SEEK_CUR SEEK_END SEEK_SET TMP_MAX clearerr fclose feof ferror fflush fgetc
fgetpos fgets fopen fprintf fputc fputs fread freopen fscanf fseek fsetpos
ftell fwrite getc getchar gets perror printf putc putchar puts remove rename
rewind scanf setbuf setvbuf snprintf sprintf sscanf tmpfile tmpnam ungetc
vfprintf vfscanf vprintf vscanf vsnprintf vsprintf vsscanf fileno fdopen
popen pclose getline getdelim dprintf ctermid tempnam flockfile funlockfile
getc_unlocked putc_unlocked getchar_unlocked putchar_unlocked fmemopen
open_memstream renameat fseeko ftello

EXIT_FAILURE EXIT_SUCCESS MB_CUR_MAX RAND_MAX div_t ldiv_t lldiv_t abort abs
aligned_alloc at_quick_exit atexit atof atoi atol atoll bsearch calloc div
exit free getenv labs ldiv llabs lldiv malloc mblen mbstowcs mbtowc qsort
quick_exit rand realloc srand strtod strtof strtol strtold strtoll strtoul
strtoull system wcstombs wctomb _Exit random srandom initstate setstate
drand48 erand48 lrand48 nrand48 mrand48 jrand48 srand48 seed48 lcong48
mkstemp mkdtemp realpath setenv unsetenv putenv posix_memalign alloca
valloc reallocarray clearenv rand_r a64l l64a ecvt fcvt gcvt mktemp

memchr memcmp memcpy memmove memset strcat strchr strcmp strcoll strcpy
strcspn strerror strlen strncat strncmp strncpy strpbrk strrchr strspn strstr
strtok strxfrm strdup strndup strnlen stpcpy stpncpy strtok_r strsignal
memccpy index rindex bcmp bcopy bzero ffs strcasecmp strncasecmp memmem
mempcpy strerror_r

errno math_errhandling HUGE_VAL HUGE_VALF HUGE_VALL INFINITY NAN FP_INFINITE
FP_NAN FP_NORMAL FP_SUBNORMAL FP_ZERO FP_FAST_FMA FP_ILOGB0 FP_ILOGBNAN
MATH_ERRNO MATH_ERREXCEPT float_t double_t fpclassify isfinite isinf isnan
isnormal signbit isgreater isgreaterequal isless islessequal islessgreater
isunordered acos acosh asin asinh atan atan2 atanh cbrt ceil copysign cos cosh
erf erfc exp exp2 expm1 fabs fdim floor fma fmax fmin fmod frexp hypot ilogb
ldexp lgamma llrint llround log log10 log1p log2 logb lrint lround modf nan
nearbyint nextafter nexttoward pow remainder remquo rint round scalbln scalbn
sin sinh sqrt tan tanh tgamma trunc roundeven j0 j1 jn y0 y1 yn gamma
finite drem significand M_E M_LOG2E M_LOG10E M_LN2 M_LN10 M_PI M_PI_2 M_PI_4
M_1_PI M_2_PI M_2_SQRTPI M_SQRT2 M_SQRT1_2 signgam P_tmpdir WEXITSTATUS
WIFEXITED WIFSIGNALED WIFSTOPPED WNOHANG WSTOPSIG WTERMSIG WUNTRACED
WCOREDUMP WIFCONTINUED

main`
	m := map[string]bool{}
	for _, w := range strings.Fields(words) {
		m[w] = true
		if !strings.HasPrefix(w, "_") && !strings.HasSuffix(w, "_t") && strings.ToLower(w) == w {
			m[w+"f"] = true // float variants of the math functions
			m[w+"l"] = true
		}
	}
	return m
}()

// reservedC reports whether name may not be used for generated code.
func reservedC(name string) bool {
	if cReserved[name] || strings.HasSuffix(name, "_t") {
		return true
	}
	lower := strings.ToLower(name)
	if strings.HasPrefix(lower, "lms") {
		return true // the runtime and the support code
	}
	// Names with a leading underscore are reserved by C; upper-case names
	// ending as <stdint.h>'s limit and constant macros do are avoided.
	if strings.HasPrefix(name, "_") {
		return true
	}
	if name == strings.ToUpper(name) {
		for _, suffix := range []string{"_MAX", "_MIN", "_C", "_WIDTH"} {
			if strings.HasSuffix(name, suffix) {
				return true
			}
		}
	}
	return false
}

// cIdent returns s made into a C identifier: ASCII letters, digits and
// underscores, or "" when s has no letter or digit to keep.
func cIdent(s string) string {
	var b strings.Builder
	useful := false
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c >= 'a' && c <= 'z', c >= 'A' && c <= 'Z', c >= '0' && c <= '9' && b.Len() > 0:
			b.WriteByte(c)
			useful = true
		case c >= '0' && c <= '9':
			b.WriteString("x")
			b.WriteByte(c)
			useful = true
		case c == '_' && b.Len() > 0:
			b.WriteByte(c)
		}
	}
	if !useful {
		return ""
	}
	return b.String()
}

// scope hands out C identifiers unique in one scope. A function's scope
// has the file's as parent, so that a local never shadows a function,
// table or type the function refers to.
type scope struct {
	parent *scope
	used   map[string]bool
}

func newScope(parent *scope) *scope {
	return &scope{parent: parent, used: map[string]bool{}}
}

// taken reports whether name is unavailable in the scope.
func (sc *scope) taken(name string) bool {
	if reservedC(name) {
		return true
	}
	for s := sc; s != nil; s = s.parent {
		if s.used[name] {
			return true
		}
	}
	return false
}

// reserve marks name as used, whether or not it was free.
func (sc *scope) reserve(name string) { sc.used[name] = true }

// fresh returns base if it is free, else base followed by an underscore
// and the smallest number that makes it free, and reserves the result. A
// base that is a reserved name is first changed into one that is not: a
// keyword or library name gets an underscore (int_, abs_), a name with a
// reserved prefix or suffix becomes v_<name>_.
func (sc *scope) fresh(base string) string {
	switch {
	case base == "":
		base = "v"
	case cReserved[base]:
		base += "_"
	case reservedC(base):
		base = "v_" + strings.TrimLeft(base, "_") + "_"
	}
	name := base
	sep := "_"
	if strings.HasSuffix(base, "_") {
		sep = ""
	}
	for i := 2; sc.taken(name); i++ {
		name = base + sep + strconv.Itoa(i)
	}
	sc.reserve(name)
	return name
}
