// Package query is a small query engine over columnar data, staged: a
// Plan (scan, filter, project, aggregate, group-by; plan.go) is known at
// build time, the columns of the lineitem table are data. The engine
// writes each operator with stage's collection API (stage.Fill, Filter,
// Map, Sum, GroupBy), so that lmsgen compiles a whole plan into one fused
// loop over the rows: TPC-H queries Q1 and Q6, generated in query_lms.go
// and lmsc/. The anchors are the same plans run by an operator-at-a-time
// interpreter (interp.go) and the loops a Go programmer writes by hand
// (handwritten.go).
package query

import "github.com/lmsgen/lmsgen/stage"

//go:generate go run github.com/lmsgen/lmsgen/cmd/lmsgen -lang=go,c -test

// table is the scanned lineitem table: its columns cut to the length of
// the shortest, so that every row index below n is in bounds in each.
type table struct {
	n      stage.Int
	ints   map[string][]stage.Int
	floats map[string][]stage.Float64
}

func scan(li Lineitem) *table {
	n := min(len(li.ShipDate), len(li.ReturnFlag), len(li.LineStatus), len(li.Quantity), len(li.ExtendedPrice), len(li.Discount), len(li.Tax))
	return &table{
		n: stage.Int(n),
		ints: map[string][]stage.Int{
			ShipDate: li.ShipDate[:n], ReturnFlag: li.ReturnFlag[:n], LineStatus: li.LineStatus[:n],
		},
		floats: map[string][]stage.Float64{
			Quantity: li.Quantity[:n], ExtendedPrice: li.ExtendedPrice[:n], Discount: li.Discount[:n], Tax: li.Tax[:n],
		},
	}
}

// Scalar runs plan p, which has no group-by and one aggregate, over the
// table li and returns the aggregate.
//
//lms:gen Q6 p=PlanQ6
//lms:test li.ShipDate.elem=0..2556 li.ReturnFlag.elem=65..82 li.LineStatus.elem=70..79
func Scalar(p *Plan, li Lineitem) stage.Float64 {
	if len(p.Keys) > 0 || len(p.Aggs) != 1 {
		panic("query.Scalar: the plan must have no keys and one aggregate")
	}
	t := scan(li)
	rows := t.filter(p.Where)
	a := p.Aggs[0]
	switch a.Fn {
	case Count:
		return stage.Float64(len(rows))
	case Sum:
		return stage.Sum(stage.Map(rows, func(i stage.Int) stage.Float64 { return t.float(a.Arg, i) }))
	}
	sum := stage.Sum(stage.Map(rows, func(i stage.Int) stage.Float64 { return t.float(a.Arg, i) }))
	return sum / stage.Float64(len(rows))
}

// Grouped runs plan p, which has a group-by, over the table li. It returns the groups' keys (the key columns'
// codes packed, see keyBits) in the order of their first row, and their
// aggregates row by row: aggs[g*len(p.Aggs)+a] is aggregate a of group g.
//
//lms:gen Q1 p=PlanQ1
//lms:test li.ShipDate.elem=0..2556 li.ReturnFlag.elem=65..82 li.LineStatus.elem=70..79
func Grouped(p *Plan, li Lineitem) (keys []stage.Int, aggs []stage.Float64) {
	if len(p.Keys) == 0 {
		panic("query.Grouped: the plan has no keys")
	}
	t := scan(li)
	rows := t.filter(p.Where)
	key := func(i stage.Int) stage.Int {
		k := stage.Int(0)
		for _, c := range p.Keys {
			k = k<<keyBits | t.ints[c][i]
		}
		return k
	}
	add := func(acc, v stage.Float64) stage.Float64 { return acc + v }
	// One GroupBy per distinct sum (an Avg shares its sum with a Sum of
	// the same expression), and one for the count.
	var exprs []*Expr
	var sums [][]stage.Float64
	sumOf := func(e *Expr) []stage.Float64 {
		for j, x := range exprs {
			if x.String() == e.String() {
				return sums[j]
			}
		}
		_, s := stage.GroupBy(rows, key, func(i stage.Int) stage.Float64 { return t.float(e, i) }, add)
		exprs, sums = append(exprs, e), append(sums, s)
		return s
	}
	keys, counts := stage.GroupBy(rows, key, func(stage.Int) stage.Float64 { return 1 }, add)
	cols := make([][]stage.Float64, len(p.Aggs))
	for a, agg := range p.Aggs {
		if agg.Fn != Count {
			cols[a] = sumOf(agg.Arg)
		}
	}
	na := stage.Int(len(p.Aggs))
	aggs = make([]stage.Float64, stage.Int(len(keys))*na)
	for g := stage.Int(0); g < stage.Int(len(keys)); g++ {
		for a, agg := range p.Aggs {
			j := g*na + stage.Int(a)
			switch agg.Fn {
			case Sum:
				aggs[j] = cols[a][g]
			case Avg:
				aggs[j] = cols[a][g] / counts[g]
			case Count:
				aggs[j] = counts[g]
			}
		}
	}
	return keys, aggs
}

// filter returns the indices of the rows for which where is true.
func (t *table) filter(where *Expr) []stage.Int {
	rows := stage.Fill(t.n, func(i stage.Int) stage.Int { return i })
	if where == nil {
		return rows
	}
	return stage.Filter(rows, func(i stage.Int) stage.Bool { return t.cond(where, i) })
}

// value is the value of an expression at a row: an integer, or a float.
type value struct {
	i       stage.Int
	f       stage.Float64
	isFloat bool
}

func (v value) float() stage.Float64 {
	if v.isFloat {
		return v.f
	}
	return stage.Float64(v.i)
}

// eval returns the value of e at row i.
func (t *table) eval(e *Expr, i stage.Int) value {
	switch e.Op {
	case OpCol:
		if c, ok := t.ints[e.Name]; ok {
			return value{i: c[i]}
		}
		if c, ok := t.floats[e.Name]; ok {
			return value{f: c[i], isFloat: true}
		}
		panic("query: no column " + e.Name)
	case OpInt:
		return value{i: stage.Int(e.Int)}
	case OpFloat:
		return value{f: stage.Float64(e.Flt), isFloat: true}
	case OpAdd, OpSub, OpMul:
		x, y := t.eval(e.L, i), t.eval(e.R, i)
		if !x.isFloat && !y.isFloat {
			switch e.Op {
			case OpAdd:
				return value{i: x.i + y.i}
			case OpSub:
				return value{i: x.i - y.i}
			}
			return value{i: x.i * y.i}
		}
		a, b := x.float(), y.float()
		switch e.Op {
		case OpAdd:
			return value{f: a + b, isFloat: true}
		case OpSub:
			return value{f: a - b, isFloat: true}
		}
		return value{f: a * b, isFloat: true}
	}
	panic("query: " + e.String() + " is a condition, not a number")
}

// float returns the value of e at row i as a float.
func (t *table) float(e *Expr, i stage.Int) stage.Float64 { return t.eval(e, i).float() }

// cond returns the value of condition e at row i.
func (t *table) cond(e *Expr, i stage.Int) stage.Bool {
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
	panic("query: " + e.String() + " is a number, not a condition")
}
