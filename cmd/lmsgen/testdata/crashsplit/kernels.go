// Seed 5637 F8a of lmsrpg, reduced: statement splitting split off a result whose conditional the builder folded to a constant (BUG: Sym of constant 0).

package kernels

import (
	"fmt"

	"github.com/lmsgen/lmsgen/stage"
)

var _ = fmt.Println

//lms:fun
func h2(a6 stage.Uintptr, k7 int) stage.Uintptr {
	if k7 <= 0 {
		return a6
	}
	return (h2((a6/a6), (k7-1)) + stage.Uintptr(k7))
}

//lms:fun
func h3(a13 stage.String, d14 stage.Int) stage.String {
	if (d14 <= 0) || (d14 > 2) {
		return (a13 + a13)
	}
	return (h3(a13, (d14-1)) + stage.String("é!"))
}

func h4(a18 stage.Int, k19 int) stage.Int {
	for j20 := range k19 {
		if k19 < 1 {
			continue
		}
		k19 = j20
		if stage.Uint64(0) >= (stage.Uint64(a18) << 51) {
			println(((-stage.Float32(k19)) - stage.Float32(j20)))
		}
	}
	return stage.Int(k19)
}

//lms:gen F8a a96=2504276170093608863 k98=false
func f8(a96 stage.Uintptr, xs97 []stage.Uint32, k98 bool, xs99 []stage.Uint32) (stage.String, stage.Int) {
	_ = k98
	a96 = stage.Uintptr(9)
	v100 := stage.Uint8(a96)
	a96 = (((a96 - stage.Uintptr(18446744073709551615)) >> (stage.Int8(a96) & 63)) ^ h2((a96&a96), 0))
	for j101, e102 := range xs99 {
		if (stage.Int(a96) > stage.Int(a96)) || (stage.Uint(len(xs97)) >= stage.Uint(len(xs99))) {
			return (h3(stage.String("%d"), (-stage.Int(e102))) + stage.String("a")), h4((stage.Int(v100) * stage.Int(j101)), 3)
		}
		v103 := (stage.Abs(stage.Float64(j101)) / (-(-stage.Float64(e102))))
		v103 *= (-v103)
	}
	return h3(stage.String("a"), (stage.Int(len(xs97)) % stage.Int(stage.Uint32(a96)))), ((stage.Int(a96) << a96) & h4(stage.Int(a96), 1))
}
