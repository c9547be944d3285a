package cgen

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"strconv"
	"strings"
	"testing"
	"unicode"
)

var updateIsPrint = flag.Bool("update-isprint", false, "rewrite the isprint table of runtime.h from Go's Unicode tables")

const (
	isPrintBegin = "/* BEGIN GENERATED isprint */\n"
	isPrintEnd   = "/* END GENERATED isprint */\n"
)

// isPrintTable returns the C declaration of the inclusive ranges of runes
// at or above U+0100 that strconv.IsPrint accepts.
func isPrintTable() string {
	var ranges [][2]rune
	for r := rune(0x100); r <= unicode.MaxRune; r++ {
		if !strconv.IsPrint(r) {
			continue
		}
		if n := len(ranges); n > 0 && ranges[n-1][1] == r-1 {
			ranges[n-1][1] = r
		} else {
			ranges = append(ranges, [2]rune{r, r})
		}
	}
	var b strings.Builder
	b.WriteString("static const uint32_t lms_isprint_ranges[][2] LMS_UNUSED = {\n")
	for k, r := range ranges {
		if k%4 == 0 {
			b.WriteString("\t")
		}
		fmt.Fprintf(&b, "{0x%04X, 0x%04X},", r[0], r[1])
		if k%4 == 3 || k == len(ranges)-1 {
			b.WriteString("\n")
		} else {
			b.WriteString(" ")
		}
	}
	b.WriteString("};\n")
	return b.String()
}

// TestIsPrintTableText checks that the table in runtime.h is the one Go's
// Unicode tables give (with -update-isprint, rewrites it).
func TestIsPrintTableText(t *testing.T) {
	src, err := os.ReadFile("runtime.h")
	if err != nil {
		t.Fatal(err)
	}
	i := bytes.Index(src, []byte(isPrintBegin))
	j := bytes.Index(src, []byte(isPrintEnd))
	if i < 0 || j < i {
		t.Fatal("runtime.h: isprint markers not found")
	}
	i += len(isPrintBegin)
	want := isPrintTable()
	if string(src[i:j]) == want {
		return
	}
	if !*updateIsPrint {
		t.Fatal("the isprint table of runtime.h is out of date: run go test ./cgen -run TestIsPrintTable -update-isprint")
	}
	out := append(append(append([]byte{}, src[:i]...), want...), src[j:]...)
	if err := os.WriteFile("runtime.h", out, 0o644); err != nil {
		t.Fatal(err)
	}
	t.Log("rewrote the isprint table of runtime.h")
}
