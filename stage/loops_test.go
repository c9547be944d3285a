package stage_test

import (
	"math"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/lmsgen/lmsgen/stage"
)

func TestFill(t *testing.T) {
	sq := func(i stage.Int) stage.Int { return i * i }
	assert.Equal(t, []stage.Int{0, 1, 4, 9}, stage.Fill(4, sq))
	for _, n := range []stage.Int{0, -3} {
		got := stage.Fill(n, sq)
		assert.NotNil(t, got)
		assert.Empty(t, got)
	}
}

func TestMapFilterFlatMap(t *testing.T) {
	xs := []stage.Int{3, -1, 4, -1, 5}
	m := stage.Map(xs, func(x stage.Int) stage.Float64 { return stage.Float64(x) / 2 })
	assert.Equal(t, []stage.Float64{1.5, -0.5, 2, -0.5, 2.5}, m)
	pos := stage.Filter(xs, func(x stage.Int) stage.Bool { return x > 0 })
	assert.Equal(t, []stage.Int{3, 4, 5}, pos)
	fm := stage.FlatMap(xs, func(x stage.Int) []stage.Int { return stage.Fill(x, func(i stage.Int) stage.Int { return x*10 + i }) })
	assert.Equal(t, []stage.Int{30, 31, 32, 40, 41, 42, 43, 50, 51, 52, 53, 54}, fm)
	for _, s := range [][]stage.Int{stage.Map([]stage.Int(nil), func(x stage.Int) stage.Int { return x }),
		stage.Filter(xs, func(stage.Int) stage.Bool { return false }), stage.FlatMap[stage.Int, stage.Int](nil, nil)} {
		assert.NotNil(t, s)
		assert.Empty(t, s)
	}
	// The result is a new slice: writing it leaves xs alone.
	m2 := stage.Map(xs, func(x stage.Int) stage.Int { return x })
	m2[0] = 100
	assert.Equal(t, stage.Int(3), xs[0])
}

func TestReduceSum(t *testing.T) {
	xs := []stage.Int{1, 2, 3, 4}
	// A left fold: the order of a non-associative op shows.
	assert.Equal(t, stage.Int(((((100 - 1) - 2) - 3) - 4)), stage.Reduce(xs, 100, func(acc, x stage.Int) stage.Int { return acc - x }))
	assert.Equal(t, stage.Int(7), stage.Reduce(nil, 7, func(acc, x stage.Int) stage.Int { return acc * x }))
	assert.Equal(t, stage.Int(10), stage.Sum(xs))
	assert.Equal(t, stage.Int(0), stage.Sum[stage.Int](nil))
	// Float sums add from the left: (1e16 + 1) + 1 loses both ones.
	assert.Equal(t, stage.Float64(1e16), stage.Sum([]stage.Float64{1e16, 1, 1}))
	assert.Equal(t, stage.Complex128(3+3i), stage.Sum([]stage.Complex128{1 + 2i, 2 + 1i}))
}

func TestGroupBy(t *testing.T) {
	xs := []stage.Int{5, 12, 7, 25, 14, 3}
	keys, vals := stage.GroupBy(xs,
		func(x stage.Int) stage.Int { return x % 3 },
		func(x stage.Int) stage.Int { return x },
		func(acc, v stage.Int) stage.Int { return acc*10 + v })
	// Keys in first-seen order: 5%3=2, 12%3=0, 7%3=1.
	assert.Equal(t, []stage.Int{2, 0, 1}, keys)
	assert.Equal(t, []stage.Int{5*10 + 14, 12*10 + 3, 7*10 + 25}, vals)
	k, v := stage.GroupBy([]stage.Int{}, func(x stage.Int) stage.Bool { return x > 0 }, func(x stage.Int) stage.Int { return x }, nil)
	assert.NotNil(t, k)
	assert.NotNil(t, v)
	assert.Empty(t, k)
	// A NaN key equals no key, itself included: each NaN starts a group.
	nan := stage.Float64(math.NaN())
	k2, v2 := stage.GroupBy([]stage.Float64{nan, 1, nan, 1}, func(x stage.Float64) stage.Float64 { return x },
		func(stage.Float64) stage.Int { return 1 }, func(acc, v stage.Int) stage.Int { return acc + v })
	assert.Len(t, k2, 3)
	assert.Equal(t, []stage.Int{1, 2, 1}, v2)
}
