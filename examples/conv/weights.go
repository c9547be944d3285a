package conv

import "github.com/lmsgen/lmsgen/stage"

// factors is a rank-1 kernel: weight (i, j) is scale·col[i]·row[j].
type factors struct {
	col, row []float32
	scale    float32
}

// separate reports whether k has rank 1 and, if so, returns its factors,
// normalized so that the smallest nonzero |col[i]| and |row[j]| are 1 and
// the first nonzero col[i] is positive (the Gaussians give col = row =
// the binomial coefficients and scale = 1/2^m). It reports false for a
// zero kernel, and unless every weight is scale·col[i]·row[j] rounded to
// float32: the weights of the factored kernel are within half an ulp of
// k's.
func separate(k Kernel) (factors, bool) {
	n := k.Size
	p := -1 // the first nonzero weight
	for i, wt := range k.W {
		if wt != 0 {
			p = i
			break
		}
	}
	if p < 0 {
		return factors{}, false
	}
	col, row := make([]float64, n), make([]float64, n)
	for i := 0; i < n; i++ {
		col[i] = float64(k.W[i*n+p%n])
	}
	for j := 0; j < n; j++ {
		row[j] = float64(k.W[p/n*n+j]) / float64(k.W[p])
	}
	// Now weight (i, j) = col[i]·row[j] for every weight of rank 1.
	cs, rs := unit(col), unit(row)
	f := factors{col: make([]float32, n), row: make([]float32, n), scale: float32(cs * rs)}
	for i := 0; i < n; i++ {
		f.col[i], f.row[i] = float32(col[i]), float32(row[i])
	}
	for i := 0; i < n; i++ {
		for j := 0; j < n; j++ {
			if float32(float64(f.scale)*float64(f.col[i])*float64(f.row[j])) != k.W[i*n+j] {
				return factors{}, false
			}
		}
	}
	return f, true
}

// unit divides v by its nonzero entry of least magnitude, signed so that
// the first nonzero entry of v becomes positive, and returns the divisor.
func unit(v []float64) float64 {
	d := 0.0
	for _, x := range v {
		if x != 0 && (d == 0 || abs(x) < d) {
			d = abs(x)
		}
	}
	for _, x := range v {
		if x < 0 {
			d = -d
		}
		if x != 0 {
			break
		}
	}
	for i := range v {
		v[i] /= d
	}
	return d
}

func abs(x float64) float64 {
	if x < 0 {
		return -x
	}
	return x
}

// weighted returns Σ w[i]·x[i] with the fewest operations the weights
// allow: the x[i] of equal |w[i]| are added (or subtracted, for a negative
// weight) first and multiplied by |w[i]| once, zero weights are skipped,
// there is no multiplication by 1, and the sums are balanced trees. Groups
// are taken in the order of their first weight, so the code is
// deterministic. The rounding differs from an in-order sum.
func weighted(w []float32, x []stage.Float32) stage.Float32 {
	var mags []float32             // the distinct nonzero |w[i]|
	var pos, neg [][]stage.Float32 // per magnitude, the x[i] of weight +m and -m
	for i, wt := range w {
		if wt == 0 {
			continue
		}
		m := wt
		if m < 0 {
			m = -m
		}
		g := 0
		for g < len(mags) && mags[g] != m {
			g++
		}
		if g == len(mags) {
			mags = append(mags, m)
			pos, neg = append(pos, nil), append(neg, nil)
		}
		if wt > 0 {
			pos[g] = append(pos[g], x[i])
		} else {
			neg[g] = append(neg[g], x[i])
		}
	}
	var plus, minus []stage.Float32 // the groups' terms, added and subtracted
	for g, m := range mags {
		var t stage.Float32
		negative := false
		switch {
		case len(pos[g]) > 0 && len(neg[g]) > 0:
			t = tree(pos[g]) - tree(neg[g])
		case len(pos[g]) > 0:
			t = tree(pos[g])
		default:
			t, negative = tree(neg[g]), true
		}
		t = times(m, t)
		if negative {
			minus = append(minus, t)
		} else {
			plus = append(plus, t)
		}
	}
	switch {
	case len(plus) == 0 && len(minus) == 0:
		return 0
	case len(minus) == 0:
		return tree(plus)
	case len(plus) == 0:
		return -tree(minus)
	}
	return tree(plus) - tree(minus)
}

// tree returns the sum of the nonempty xs as a balanced tree of additions.
func tree(xs []stage.Float32) stage.Float32 {
	if len(xs) == 1 {
		return xs[0]
	}
	h := len(xs) / 2
	return tree(xs[:h]) + tree(xs[h:])
}
