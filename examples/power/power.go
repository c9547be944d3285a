// Package power stages integer powers and polynomials whose exponent or
// coefficients are known at build time.
//
// Each staging function is an ordinary Go function: called directly it
// computes the result (that is the oracle of the tests); go generate asks
// lmsgen for the specializations named by the //lms:gen directives, in Go
// (power_lms.go) and in C (lmsc/).
package power

import "github.com/lmsgen/lmsgen/stage"

//go:generate go run github.com/lmsgen/lmsgen/cmd/lmsgen -lang=go,c

// Power returns b**n as the product b*(b*(...*b)) of n factors. The exponent
// n is static: the recursion runs at generation time and leaves a chain of
// n-1 multiplications.
//
//lms:gen Cube n=3
//lms:gen Pow7 n=7
//lms:gen Pow10 n=10
func Power(b stage.Float64, n int) stage.Float64 {
	if n < 0 {
		panic("power: negative exponent")
	}
	if n == 0 {
		return 1
	}
	if n == 1 {
		return b
	}
	return b * Power(b, n-1)
}

// PowerSq returns b**n by repeated squaring: the static loop over the bits of
// n unrolls into about log2(n) squarings and one multiplication per set bit
// (x**7 takes 4 multiplications instead of 6). The result may differ from
// Power's in the last bits, as the products are rounded in another order.
//
//lms:gen Pow7Sq n=7
//lms:gen Pow10Sq n=10
func PowerSq(b stage.Float64, n int) stage.Float64 {
	if n < 0 {
		panic("power: negative exponent")
	}
	if n == 0 {
		return 1
	}
	var r stage.Float64
	have := false // static: whether r holds a factor yet
	for ; n > 0; n >>= 1 {
		if n&1 == 1 {
			if have {
				r *= b
			} else {
				r, have = b, true
			}
		}
		if n > 1 {
			b *= b
		}
	}
	return r
}

// Horner returns the polynomial c[0] + c[1]*x + ... + c[len(c)-1]*x**(len(c)-1)
// by Horner's rule. The coefficients are static: the loop unrolls, every
// coefficient becomes a constant of the generated code, and a zero
// coefficient costs no addition (SinPoly has only odd powers).
//
//lms:gen ExpPoly c=ExpTaylor(12)
//lms:gen SinPoly c=SinTaylor(15)
func Horner(x stage.Float64, c []float64) stage.Float64 {
	n := len(c)
	for n > 0 && c[n-1] == 0 {
		n--
	}
	if n == 0 {
		return 0
	}
	acc := stage.Float64(c[n-1])
	for i := n - 2; i >= 0; i-- {
		acc *= x
		if c[i] != 0 {
			acc += stage.Float64(c[i])
		}
	}
	return acc
}

// ExpTaylor returns the coefficients 1/k! of the Taylor polynomial of e**x
// of degree deg.
func ExpTaylor(deg int) []float64 {
	c := make([]float64, deg+1)
	f := 1.0
	for k := range c {
		if k > 0 {
			f *= float64(k)
		}
		c[k] = 1 / f
	}
	return c
}

// SinTaylor returns the coefficients of the Taylor polynomial of sin x of
// degree deg: (-1)**j/(2j+1)! at the odd powers 2j+1, zero at the even ones.
func SinTaylor(deg int) []float64 {
	c := make([]float64, deg+1)
	f := 1.0
	for k := 1; k <= deg; k++ {
		f *= float64(k)
		if k%2 == 1 {
			c[k] = 1 / f
			if k%4 == 3 {
				c[k] = -c[k]
			}
		}
	}
	return c
}
