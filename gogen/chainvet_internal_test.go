package gogen

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// TestOrOperands reads || chains as go vet's bools analyzer does: through
// parentheses, inequalities with a constant on either side.
func TestOrOperands(t *testing.T) {
	ops := orOperands("(x17 != 0 || a) || -3 != int32(y)%2 || (x && z) || f(1) != 2", true)
	var texts, xs []string
	for _, o := range ops {
		texts = append(texts, o.text)
		xs = append(xs, o.x)
		require.True(t, o.safe)
	}
	require.Equal(t, []string{"x17 != 0", "a", "-3 != int32(y)%2", "x && z", "f(1) != 2"}, texts)
	require.Equal(t, []string{"x17", "", "int32(y) % 2", "", "f(1)"}, xs)
}

// TestOrClash: the joins go vet rejects (seeds 5642 F34a, 5668 F98a) and
// ones it accepts.
func TestOrClash(t *testing.T) {
	op := func(s string) []orOperand { return orOperands(s, true) }
	for _, c := range []struct {
		a, b string
		want bool
	}{
		{"x17 != 0", "x17 != 1728462809 || y", true},  // suspect or
		{"1%x12 != 0", "1%x12 != 4", true},            // suspect or, printed alike
		{"x8", "x17 || x8", true},                     // redundant or
		{"x != 0", "y != 1 || x == 2", false},         // different values, an equality
		{"x != y", "x != z", false},                   // no constant
		{"x != uint8(3)", "x != math.MaxUint8", true}, // constants as gogen writes them
		{"x != 0 && y", "x != 1 && y || z", false},    // vet reads no deeper than ||
	} {
		require.Equal(t, c.want, orClash(op(c.a), op(c.b)), "%s || %s", c.a, c.b)
	}
}

// TestRepeats: when a || a.cond is a.cond.
func TestRepeats(t *testing.T) {
	arm := &ifArm{ops: append(orOperands("a || b", true), orOperands("p(c) || d", false)...)}
	for _, c := range []struct {
		cond       string
		safe, rep  bool
		want, join bool
	}{
		{"a", true, true, true, true},      // a || a || b
		{"a || b", true, true, true, true}, // a prefix
		{"b", true, true, true, true},      // b || a || b: a is safe
		{"b", false, true, false, false},   // b may panic: not when a holds
		{"d", true, true, false, false},    // after p(c), which may panic
		{"a", true, false, false, false},   // not repeatable
		{"e", true, true, false, true},     // a new operand joins
	} {
		ops := orOperands(c.cond, c.safe)
		require.Equal(t, c.want, arm.repeats(ops, c.rep), c.cond)
		require.Equal(t, c.join, arm.joins(ops, c.rep), c.cond)
	}
}
