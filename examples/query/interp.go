package query

import "fmt"

// Interpret runs plan p over table c operator at a time, as a plain Go
// query interpreter does: the scan cuts the columns to the shortest, the
// filter computes the selected rows (a selection vector), the projection
// computes each aggregate's argument for the selected rows (a column), the
// group-by computes each selected row's group (a map from key to group, in
// first-seen order), and the aggregation folds the projected columns per
// group. Expressions are evaluated row by row by walking their trees. It
// returns what Grouped returns; a plan without keys has one group (its key
// 0), even with no row.
func Interpret(p *Plan, c *Columns) (keys []int, aggs []float64) {
	t := interpScan(c)
	sel := t.filter(p.Where)
	cols := make([][]float64, len(p.Aggs))
	for a, agg := range p.Aggs {
		if agg.Fn != Count {
			cols[a] = t.project(agg.Arg, sel)
		}
	}
	group, keys := t.groups(p.Keys, sel)
	na := len(p.Aggs)
	sums := make([]float64, len(keys)*na)
	counts := make([]float64, len(keys))
	seen := make([]bool, len(keys)*na)
	for r, g := range group {
		counts[g]++
		for a, col := range cols {
			if col == nil {
				continue
			}
			if j := g*na + a; seen[j] {
				sums[j] += col[r]
			} else {
				sums[j], seen[j] = col[r], true
			}
		}
	}
	aggs = make([]float64, len(keys)*na)
	for g := range keys {
		for a, agg := range p.Aggs {
			switch agg.Fn {
			case Sum:
				aggs[g*na+a] = sums[g*na+a]
			case Avg:
				aggs[g*na+a] = sums[g*na+a] / counts[g]
			case Count:
				aggs[g*na+a] = counts[g]
			}
		}
	}
	return keys, aggs
}

// interpTable is the scanned table of the interpreter.
type interpTable struct {
	n      int
	ints   map[string][]int
	floats map[string][]float64
}

func interpScan(c *Columns) *interpTable {
	n := c.rows()
	return &interpTable{
		n: n,
		ints: map[string][]int{
			ShipDate: c.ShipDate[:n], ReturnFlag: c.ReturnFlag[:n], LineStatus: c.LineStatus[:n],
		},
		floats: map[string][]float64{
			Quantity: c.Quantity[:n], ExtendedPrice: c.ExtendedPrice[:n], Discount: c.Discount[:n], Tax: c.Tax[:n],
		},
	}
}

// filter returns the rows for which where is true, in order.
func (t *interpTable) filter(where *Expr) []int {
	sel := make([]int, 0, t.n)
	for i := range t.n {
		if where == nil || t.cond(where, i) {
			sel = append(sel, i)
		}
	}
	return sel
}

// project returns the values of e at the rows sel, as floats.
func (t *interpTable) project(e *Expr, sel []int) []float64 {
	out := make([]float64, len(sel))
	for r, i := range sel {
		out[r] = t.eval(e, i).float()
	}
	return out
}

// groups returns the group of each row of sel and the groups' keys, in
// the order of their first row: one group, of key 0, without key columns.
func (t *interpTable) groups(cols []string, sel []int) (group []int, keys []int) {
	group = make([]int, len(sel))
	if len(cols) == 0 {
		return group, []int{0}
	}
	index := map[int]int{}
	for r, i := range sel {
		k := 0
		for _, c := range cols {
			k = k<<keyBits | t.ints[c][i]
		}
		j, ok := index[k]
		if !ok {
			j = len(keys)
			index[k] = j
			keys = append(keys, k)
		}
		group[r] = j
	}
	return group, keys
}

// ivalue is the value of an expression at a row (see value).
type ivalue struct {
	i       int
	f       float64
	isFloat bool
}

func (v ivalue) float() float64 {
	if v.isFloat {
		return v.f
	}
	return float64(v.i)
}

func (t *interpTable) eval(e *Expr, i int) ivalue {
	switch e.Op {
	case OpCol:
		if c, ok := t.ints[e.Name]; ok {
			return ivalue{i: c[i]}
		}
		if c, ok := t.floats[e.Name]; ok {
			return ivalue{f: c[i], isFloat: true}
		}
		panic("query: no column " + e.Name)
	case OpInt:
		return ivalue{i: e.Int}
	case OpFloat:
		return ivalue{f: e.Flt, isFloat: true}
	case OpAdd, OpSub, OpMul:
		x, y := t.eval(e.L, i), t.eval(e.R, i)
		if !x.isFloat && !y.isFloat {
			switch e.Op {
			case OpAdd:
				return ivalue{i: x.i + y.i}
			case OpSub:
				return ivalue{i: x.i - y.i}
			}
			return ivalue{i: x.i * y.i}
		}
		a, b := x.float(), y.float()
		switch e.Op {
		case OpAdd:
			return ivalue{f: a + b, isFloat: true}
		case OpSub:
			return ivalue{f: a - b, isFloat: true}
		}
		return ivalue{f: a * b, isFloat: true}
	}
	panic(fmt.Sprintf("query: %v is a condition, not a number", e))
}

func (t *interpTable) cond(e *Expr, i int) bool {
	switch e.Op {
	case OpAnd:
		return t.cond(e.L, i) && t.cond(e.R, i)
	case OpLt, OpLe, OpGe:
		x, y := t.eval(e.L, i), t.eval(e.R, i)
		if !x.isFloat && !y.isFloat {
			switch e.Op {
			case OpLt:
				return x.i < y.i
			case OpLe:
				return x.i <= y.i
			}
			return x.i >= y.i
		}
		a, b := x.float(), y.float()
		switch e.Op {
		case OpLt:
			return a < b
		case OpLe:
			return a <= b
		}
		return a >= b
	}
	panic(fmt.Sprintf("query: %v is a number, not a condition", e))
}
