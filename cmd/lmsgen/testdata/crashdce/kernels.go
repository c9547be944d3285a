// Seed 5646 F70a of lmsrpg, reduced (its divisors made nonzero so that inputs complete): DCE kept a nested conditional only for its effects, a component of an outer conditional's tuple, and dropped its results (BUG: if branch: type (uint32, void)).

package kernels

import (
	"fmt"

	"github.com/lmsgen/lmsgen/stage"
)

var _ = fmt.Println

//lms:fun
func h1(a8 stage.Uintptr, k9 int) stage.Uintptr {
	if k9 <= 0 {
		return a8
	}
	return (h1(stage.Uintptr(a8), (k9-1)) + a8)
}

//lms:fun
func h2(a11 stage.Uintptr, xs12 []stage.Int16, k13 int) stage.Uintptr {
	if k13 <= 0 {
		return (stage.Uintptr(k13) % (a11 &^ a11))
	}
	return (h2((a11&a11), xs12, (k13-1)) + a11)
}

//lms:fun
func h3(a15 stage.Uint32, xs16 []stage.Uint8, k17 int) stage.Uint32 {
	if k17 <= 0 {
		return (a15 / (a15 | 1))
	}
	return (h3((stage.Uint32(a15)^a15), xs16, (k17-1)) + ((stage.Uint32(k17) &^ a15) + (a15 * a15)))
}

//lms:fun
func h4(a19 stage.Uint8, k20 int) stage.Uint8 {
	if k20 <= 0 {
		return (a19 * a19)
	}
	return (h4((a19-a19), (k20-1)) + (a19 &^ (a19 >> 7)))
}

//lms:fun
func h5(a41 stage.String, k42 int) stage.String {
	if k42 <= 0 {
		return (a41 + a41)
	}
	return (h5(a41[(stage.Uint8(k42)&2):(stage.Uintptr(2)-stage.Uintptr(k42))], (k42-1)) + stage.String(""))
}

//lms:fun
func h6(a52 stage.Int8, d53 stage.Int) stage.Int8 {
	if (d53 <= 0) || (d53 > 5) {
		return (stage.Int8(d53) & stage.Int8(57))
	}
	fmt.Println((stage.Uint(d53) << (stage.Uint32(a52) * stage.Uint32(7))), ((^stage.Uintptr(d53)) + stage.Uintptr(a52)))
	return (h6((a52>>stage.Int32(stage.Uint64(d53))), (d53-1)) + h6((a52-stage.Int8(a52)), (d53-1)))
}

//lms:gen F70a
func f70(a678 stage.Uint32) (stage.Int8, stage.Int) {
	fmt.Print((stage.Uint8(a678) ^ (stage.Uint8(a678) / 9)), (stage.Uint8(a678) << 7), stage.Uint16(a678), "\n")
	v679 := (((-stage.Float64(a678)) * (stage.Float64(a678) * stage.Float64(a678))) / (stage.Float64(a678) + (-stage.Float64(a678))))
	if (stage.Uint16(a678) * stage.Uint16(a678)) != (stage.Uint16(a678) * stage.Uint16(a678)) {
		s680 := 5
		v681 := stage.Float32(s680)
		_ = v681
		if (stage.Int(a678) & stage.Int(2)) >= (stage.Int(-3) ^ stage.Int(a678)) {
			panic("rpg panic 35")
		}
	}
	for j682 := 0; j682 < 3; j682++ {
		for j683 := range 3 {
			m684 := make([]stage.Uint8, 1)
			a678 %= (a678 ^ stage.Uint32(j682)) | 1
			for e685 := 0; ((stage.Uint64(j682) != stage.Uint64(j683)) && (stage.Uint32(j683) >= a678)) && e685 < 3; e685++ {
				v686 := ((h3(a678, m684, 1) - (a678 >> (stage.Int16(a678) & 32))) * h3(a678, m684, 2))
				v679 -= v679
				if (stage.Uint(e685) ^ stage.Uint(j683)) >= stage.Uint(stage.Uint8(e685)) {
					continue
				}
				a678 = (h3((v686<<(stage.Int(-5006646583830819559)*stage.Int(j682))), m684, 0) | v686)
			}
		}
	}
	return ((stage.Int8(a678) ^ stage.Int8(0)) &^ (stage.Int8(a678) / (stage.Int8(-2) / (1 | h6(stage.Int8(a678), (stage.Int(a678)+stage.Int(a678))))))), ((stage.Int(a678) | stage.Int(-7)) % (stage.Int(a678) | 1))
}
