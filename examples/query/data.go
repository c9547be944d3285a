package query

import (
	"math/rand/v2"

	"github.com/lmsgen/lmsgen/stage"
)

// Columns is the lineitem table in plain Go types, as the interpreter and
// the hand-written loops read it.
type Columns struct {
	ShipDate, ReturnFlag, LineStatus       []int
	Quantity, ExtendedPrice, Discount, Tax []float64
}

// Generate returns n rows of lineitem drawn from seed with TPC-H's value
// ranges: ship dates from 1992-01-02 to 1998-12-01, quantities 1 to 50,
// prices of 1 to 50 parts at 900 to 1 100.99, discounts 0 to 0.10 and taxes 0
// to 0.08 in steps of 0.01; the line status is O for lines shipped after
// 1995-06-17, F before; the return flag is N for those and for the
// lines of the 30 days before, else R or A (four groups in Q1).
func Generate(n int, seed uint64) *Columns {
	r := rand.New(rand.NewPCG(seed, 14))
	c := &Columns{
		ShipDate: make([]int, n), ReturnFlag: make([]int, n), LineStatus: make([]int, n),
		Quantity: make([]float64, n), ExtendedPrice: make([]float64, n), Discount: make([]float64, n), Tax: make([]float64, n),
	}
	const day19950617 = 1263
	for i := range n {
		ship := 1 + r.IntN(day19981201)
		qty := 1 + r.IntN(50)
		c.ShipDate[i] = ship
		c.Quantity[i] = float64(qty)
		c.ExtendedPrice[i] = float64(qty) * float64(90000+r.IntN(20100)) / 100
		c.Discount[i] = float64(r.IntN(11)) / 100
		c.Tax[i] = float64(r.IntN(9)) / 100
		c.LineStatus[i], c.ReturnFlag[i] = 'F', 'N'
		switch {
		case ship > day19950617:
			c.LineStatus[i] = 'O'
		case ship > day19950617-30:
		case r.IntN(2) == 0:
			c.ReturnFlag[i] = 'R'
		default:
			c.ReturnFlag[i] = 'A'
		}
	}
	return c
}

// Staged returns the table with the stage types of the staging functions
// (the same values).
func (c *Columns) Staged() Lineitem {
	return Lineitem{
		ShipDate: ints(c.ShipDate), ReturnFlag: ints(c.ReturnFlag), LineStatus: ints(c.LineStatus),
		Quantity: floats(c.Quantity), ExtendedPrice: floats(c.ExtendedPrice), Discount: floats(c.Discount), Tax: floats(c.Tax),
	}
}

func ints(v []int) []stage.Int {
	out := make([]stage.Int, len(v))
	for i, x := range v {
		out[i] = stage.Int(x)
	}
	return out
}

func floats(v []float64) []stage.Float64 {
	out := make([]stage.Float64, len(v))
	for i, x := range v {
		out[i] = stage.Float64(x)
	}
	return out
}
