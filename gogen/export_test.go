package gogen

import (
	"fmt"

	"github.com/lmsgen/lmsgen/ir"
)

// ConstText returns how c is written in a context that converts untyped
// constants (typed false) or one that does not (typed true).
func ConstText(c *ir.Const, typed bool) string {
	ctx := ctxConverted
	if typed {
		ctx = ctxTyped
	}
	return fmt.Sprintf("%#v", constExpr(c, ctx).code())
}
