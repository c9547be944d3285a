package query

import (
	"fmt"

	"github.com/lmsgen/lmsgen/stage"
)

// A Plan is a query over the lineitem table: the rows for which Where is
// true (every row if Where is nil), grouped by the integer columns Keys
// (one group if there are none), and per group the aggregates Aggs.
type Plan struct {
	Where *Expr
	Keys  []string
	Aggs  []Agg
}

// An Agg is an aggregate function of an expression over the rows of a group.
type Agg struct {
	Fn  AggFn
	Arg *Expr // nil for Count
}

// AggFn is an aggregate function.
type AggFn uint8

// The aggregate functions. Sums add from the first row of a group to the
// last, in row order; Avg is the sum divided by the count.
const (
	Sum AggFn = iota
	Avg
	Count
)

// Expr is a scalar expression over a row of the table.
type Expr struct {
	Op   Op
	Name string  // OpCol: the column
	Int  int     // OpInt: the constant
	Flt  float64 // OpFloat: the constant
	L, R *Expr   // operands
}

// Op is an operator of expressions. Arithmetic on two integers is integer
// arithmetic; with a float operand, the other is converted to float64.
// Comparisons compare numbers the same way; And takes two conditions.
type Op uint8

// The operators.
const (
	OpCol Op = iota
	OpInt
	OpFloat
	OpAdd
	OpSub
	OpMul
	OpLt
	OpLe
	OpGe
	OpAnd
)

// Col is column name of the current row.
func Col(name string) *Expr { return &Expr{Op: OpCol, Name: name} }

// Int is an integer constant.
func Int(v int) *Expr { return &Expr{Op: OpInt, Int: v} }

// Float is a floating-point constant.
func Float(v float64) *Expr { return &Expr{Op: OpFloat, Flt: v} }

// Add is x + y.
func Add(x, y *Expr) *Expr { return &Expr{Op: OpAdd, L: x, R: y} }

// Sub is x - y.
func Sub(x, y *Expr) *Expr { return &Expr{Op: OpSub, L: x, R: y} }

// Mul is x * y.
func Mul(x, y *Expr) *Expr { return &Expr{Op: OpMul, L: x, R: y} }

// Lt is x < y.
func Lt(x, y *Expr) *Expr { return &Expr{Op: OpLt, L: x, R: y} }

// Le is x <= y.
func Le(x, y *Expr) *Expr { return &Expr{Op: OpLe, L: x, R: y} }

// Ge is x >= y.
func Ge(x, y *Expr) *Expr { return &Expr{Op: OpGe, L: x, R: y} }

// And is the conjunction of its conditions, left to right.
func And(c ...*Expr) *Expr {
	e := c[0]
	for _, x := range c[1:] {
		e = &Expr{Op: OpAnd, L: e, R: x}
	}
	return e
}

// Between is lo <= x && x <= hi.
func Between(x, lo, hi *Expr) *Expr { return And(Ge(x, lo), Le(x, hi)) }

// String returns the expression in Go syntax.
func (e *Expr) String() string {
	switch e.Op {
	case OpCol:
		return e.Name
	case OpInt:
		return fmt.Sprint(e.Int)
	case OpFloat:
		return fmt.Sprintf("%#v", e.Flt)
	}
	op := [...]string{OpAdd: "+", OpSub: "-", OpMul: "*", OpLt: "<", OpLe: "<=", OpGe: ">=", OpAnd: "&&"}[e.Op]
	return "(" + e.L.String() + " " + op + " " + e.R.String() + ")"
}

// The columns of lineitem. The integer columns: the ship date in days
// since 1992-01-01, the return flag and the line status (ASCII letters).
// The float columns: quantity, extended price, discount and tax.
const (
	ShipDate      = "l_shipdate"
	ReturnFlag    = "l_returnflag"
	LineStatus    = "l_linestatus"
	Quantity      = "l_quantity"
	ExtendedPrice = "l_extendedprice"
	Discount      = "l_discount"
	Tax           = "l_tax"
)

// Lineitem is the lineitem table, by columns (see the column names above).
// A scan reads the columns up to the length of the shortest.
type Lineitem struct {
	ShipDate, ReturnFlag, LineStatus       []stage.Int
	Quantity, ExtendedPrice, Discount, Tax []stage.Float64
}

// keyBits is the width of one key column in a group key: key columns hold
// codes in [0, 256) (the flags are ASCII letters), and a group's key is
// the codes of its key columns packed, the first one highest.
const keyBits = 8

// PlanQ6 is TPC-H query 6 (forecasting revenue change) with its validation
// parameters: the revenue of the lines shipped in 1994 with a discount
// between 0.05 and 0.07 and a quantity below 24.
var PlanQ6 = &Plan{
	Where: And(
		Ge(Col(ShipDate), Int(day1994)),
		Lt(Col(ShipDate), Int(day1994+365)),
		Between(Col(Discount), Float(0.05), Float(0.07)),
		Lt(Col(Quantity), Float(24)),
	),
	Aggs: []Agg{{Sum, Mul(Col(ExtendedPrice), Col(Discount))}},
}

// PlanQ1 is TPC-H query 1 (pricing summary report) with its validation
// parameter (90 days): per return flag and line status, over the lines
// shipped by 1998-09-02, the sums of quantity, base price, discounted
// price and charge, the averages of quantity, price and discount, and the
// count. Groups come in the order of their first row (TPC-H sorts them).
var PlanQ1 = &Plan{
	Where: Le(Col(ShipDate), Int(day19981201-90)),
	Keys:  []string{ReturnFlag, LineStatus},
	Aggs: []Agg{
		{Sum, Col(Quantity)},
		{Sum, Col(ExtendedPrice)},
		{Sum, discPrice},
		{Sum, Mul(discPrice, Add(Float(1), Col(Tax)))},
		{Avg, Col(Quantity)},
		{Avg, Col(ExtendedPrice)},
		{Avg, Col(Discount)},
		{Count, nil},
	},
}

var discPrice = Mul(Col(ExtendedPrice), Sub(Float(1), Col(Discount)))

// Days since 1992-01-01 of the dates the queries use.
const (
	day1994     = 731  // 1994-01-01
	day19981201 = 2526 // 1998-12-01
)
