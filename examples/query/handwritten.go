package query

// The queries as a Go programmer writes them by hand for this table: one
// loop over the rows, the predicate and the aggregates inlined, a map from
// group key to group for Q1. They are the bar the generated code must
// stay close to.

// Q6Loop is PlanQ6 written by hand.
func Q6Loop(c *Columns) float64 {
	n := c.rows()
	ship, qty, price, disc := c.ShipDate[:n], c.Quantity[:n], c.ExtendedPrice[:n], c.Discount[:n]
	revenue := 0.0
	for i := range n {
		if ship[i] >= day1994 && ship[i] < day1994+365 && disc[i] >= 0.05 && disc[i] <= 0.07 && qty[i] < 24 {
			revenue += price[i] * disc[i]
		}
	}
	return revenue
}

// q1Group is the running sums of a group of Q1.
type q1Group struct {
	qty, price, discPrice, charge, disc, count float64
}

// Q1Loop is PlanQ1 written by hand: the groups' keys in the order of their
// first row and their aggregates, laid out as Grouped's.
func Q1Loop(c *Columns) (keys []int, aggs []float64) {
	n := c.rows()
	ship, flag, status := c.ShipDate[:n], c.ReturnFlag[:n], c.LineStatus[:n]
	qty, price, disc, tax := c.Quantity[:n], c.ExtendedPrice[:n], c.Discount[:n], c.Tax[:n]
	index := map[int]int{}
	var groups []q1Group
	for i := range n {
		if ship[i] > day19981201-90 {
			continue
		}
		k := flag[i]<<keyBits | status[i]
		j, ok := index[k]
		if !ok {
			j = len(keys)
			index[k] = j
			keys = append(keys, k)
			groups = append(groups, q1Group{})
		}
		g := &groups[j]
		dp := price[i] * (1 - disc[i])
		g.qty += qty[i]
		g.price += price[i]
		g.discPrice += dp
		g.charge += dp * (1 + tax[i])
		g.disc += disc[i]
		g.count++
	}
	aggs = make([]float64, 0, 8*len(groups))
	for _, g := range groups {
		aggs = append(aggs, g.qty, g.price, g.discPrice, g.charge, g.qty/g.count, g.price/g.count, g.disc/g.count, g.count)
	}
	return keys, aggs
}

// rows returns the length of the shortest column.
func (c *Columns) rows() int {
	return min(len(c.ShipDate), len(c.ReturnFlag), len(c.LineStatus), len(c.Quantity), len(c.ExtendedPrice), len(c.Discount), len(c.Tax))
}
