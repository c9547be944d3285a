package frontend

import (
	"fmt"
	"go/token"
	"go/types"
	"math"
	"os"
	"reflect"
	"strconv"
	"strings"

	"golang.org/x/tools/go/packages"

	"github.com/lmsgen/lmsgen/ir"
)

// This file accounts for memory: the budget Mem bounds the bytes static
// evaluation keeps reachable and the static data the generated code holds, so
// that no staging code can make lmsgen run out of memory (a fatal error
// of the Go runtime, which no recover catches).
//
// Every allocation is charged before it is made, with the size the
// evaluator's representation takes (an element of static storage is an
// interface: cellBytes): make, append, new storage, composite values,
// string concatenation and conversions, map entries, and the results of
// the library functions static evaluation calls, estimated from their
// arguments before the call (strings.Repeat(s, n) costs len(s)*n). The
// charges add up over the evaluation of a specialization; when they
// reach the budget, what the program still reaches is measured by a
// trace (collect), which replaces them if it is within half the budget.
// Both depend only on the evaluation, so they are the same on every
// machine. Static data put into the generated code (strings,
// tables) is charged at the end, at the size it takes to write and format
// it (outputBytes).

// cellBytes is the cost of one element of static storage of type t: the
// interface that holds it and the value it boxes.
func cellBytes(t types.Type) int64 {
	s := sizes.Sizeof(t)
	if s < 0 || s > maxBudget {
		return maxBudget
	}
	return 16 + s
}

// mulSat returns a*b for non-negative a and b, saturated at MaxInt64.
func mulSat(a, b int64) int64 {
	if a <= 0 || b <= 0 {
		return 0
	}
	if a > math.MaxInt64/b {
		return math.MaxInt64
	}
	return a * b
}

// addSat returns a+b for non-negative a and b, saturated at MaxInt64.
func addSat(a, b int64) int64 {
	if a > math.MaxInt64-b {
		return math.MaxInt64
	}
	return a + b
}

// alloc charges n bytes, what the allocation described by what needs,
// against the memory budget: beyond it, evaluation fails at the current
// position.
func (ev *evaluator) alloc(n int64, what string) {
	if n > int64(ev.budgets.Mem)-ev.mem && !ev.collectMem(n) {
		ev.fail("%s needs %s of memory, beyond the memory budget of %s for static evaluation and static data (%s used so far); raise it with -mem=N on the //lms:gen directive or the -mem flag",
			what, byteSize(n), byteSize(int64(ev.budgets.Mem)), byteSize(ev.mem))
	}
	ev.mem += n
}

// allocOf is alloc for a description that costs to write (a type's
// name, a formatted call): what is called only when the budget is
// exceeded, and a static make or conversion writes nothing otherwise.
func (ev *evaluator) allocOf(n int64, what func() string) {
	if n > int64(ev.budgets.Mem)-ev.mem && !ev.collectMem(n) {
		ev.alloc(n, what())
		return
	}
	ev.mem += n
}

// collectMem is called when a charge of n bytes would pass the memory
// budget: it measures what the evaluated program still reaches (gc.go's
// trace from every register of every frame, the package variables, the
// goroutines, deferred calls and finalizers: a superset of gc's roots),
// and when that measure plus n is within half the budget, it becomes the
// bytes charged so far and collectMem reports true. So the budget bounds
// what stays reachable, not what was ever allocated (a recursion that
// allocates a frame's array at each call, 10^5 times), and a trace is
// made at most once per half a budget of charges. The measure depends
// only on the evaluation's state, so the outcome is the same on every
// machine. A trace that meets a value it cannot look into keeps the
// charges as they are.
func (ev *evaluator) collectMem(n int64) bool {
	half := int64(ev.budgets.Mem) / 2
	if n > half {
		return false
	}
	t := ev.newTrace()
	ev.traceRoots(t, allRegs)
	if t.unknown != "" || t.bytes > half-n {
		return false
	}
	ev.mem = t.bytes
	return true
}

// byteSize formats a number of bytes for a message.
func byteSize(n int64) string {
	switch {
	case n >= 1<<30:
		return fmt.Sprintf("%d bytes (%.1f GiB)", n, float64(n)/(1<<30))
	case n >= 1<<20:
		return fmt.Sprintf("%d bytes (%.1f MiB)", n, float64(n)/(1<<20))
	}
	return fmt.Sprintf("%d bytes", n)
}

// valueBytes estimates the memory a static value takes.
func valueBytes(v value) int64 {
	switch v := v.(type) {
	case string:
		return 16 + int64(len(v))
	case sliceV:
		n := int64(24)
		for _, x := range v.elems() {
			n = addSat(n, 16+valueBytes(x))
		}
		return n
	case structure:
		n := int64(24)
		for _, x := range v {
			n = addSat(n, 16+valueBytes(x))
		}
		return n
	case array:
		n := int64(24)
		for _, x := range v {
			n = addSat(n, 16+valueBytes(x))
		}
		return n
	case iface:
		return 16 + valueBytes(v.v)
	}
	return 16
}

// elemCount counts the basic values inside v (each a field fmt may pad).
func elemCount(v value) int64 {
	var n int64
	switch v := v.(type) {
	case sliceV:
		for _, x := range v.elems() {
			n = addSat(n, elemCount(x))
		}
	case structure:
		for _, x := range v {
			n = addSat(n, elemCount(x))
		}
	case array:
		for _, x := range v {
			n = addSat(n, elemCount(x))
		}
	case iface:
		n = elemCount(v.v)
	default:
		n = 1
	}
	return n
}

// nativeBytes estimates, from its static arguments, an upper bound of the
// memory a library function's call allocates: its result, and its
// conversion back into the evaluator's values.
func nativeBytes(pkg, name string, args []value) int64 {
	str := func(i int) int64 {
		if i < len(args) {
			if s, ok := args[i].(string); ok {
				return int64(len(s))
			}
		}
		return 0
	}
	num := func(i int) int64 {
		if i < len(args) && isIntegerValue(args[i]) {
			return max(cvt[int64](args[i]), 0)
		}
		return 0
	}
	var total int64
	for _, a := range args {
		total = addSat(total, valueBytes(a))
	}
	switch pkg + "." + name {
	case "strings.Repeat":
		return mulSat(str(0), num(1))
	case "strings.Replace", "strings.ReplaceAll":
		return addSat(total, mulSat(str(0)+1, str(2)))
	case "strings.Join":
		n := int64(0)
		if s, ok := args[0].(sliceV); ok {
			n = int64(s.len)
		}
		return addSat(total, mulSat(n, str(1)))
	case "strings.Fields", "strings.Split", "strings.SplitN":
		return mulSat(str(0)+1, 64)
	case "strconv.Quote", "strconv.QuoteToASCII":
		return addSat(mulSat(str(0), 10), 64)
	case "strconv.FormatFloat":
		return addSat(num(2), 1200)
	case "fmt.Sprint", "fmt.Sprintf", "fmt.Sprintln", "fmt.Errorf":
		// Widths and precisions pad every value printed: a number in
		// the format, or an int argument (for *), may be a width.
		pad := int64(0)
		format, _ := args[0].(string)
		for _, f := range strings.FieldsFunc(format, func(r rune) bool { return r < '0' || r > '9' }) {
			n, err := strconv.ParseInt(f, 10, 64)
			if err != nil {
				n = math.MaxInt64
			}
			pad = addSat(pad, n)
		}
		elems := int64(1)
		for _, a := range args[1:] {
			if s, ok := a.(sliceV); ok && strings.Contains(format, "*") {
				for _, x := range s.elems() {
					if x, ok := x.(iface); ok && isIntegerValue(x.v) {
						pad = addSat(pad, max(cvt[int64](x.v), 0))
					}
				}
			}
			elems = addSat(elems, elemCount(a))
		}
		return addSat(mulSat(total, 8), mulSat(pad+int64(len(format)), elems))
	}
	return addSat(mulSat(total, 4), 64)
}

// outputBytes estimates the memory writing and formatting the static data
// of the generated code takes: a string constant about 4 bytes per byte
// (its quoted text, the syntax tree and the formatted file), a static
// table about 128 bytes per element.
func outputBytes(g *ir.Graph) (int64, *ir.Node) {
	var total, most int64
	var at *ir.Node
	seen := map[*ir.Const]bool{}
	charge := func(n int64, nd *ir.Node) {
		total = addSat(total, n)
		if n > most {
			most, at = n, nd
		}
	}
	for _, nd := range g.Nodes {
		if sd, ok := nd.Aux.(*ir.StaticData); ok {
			v := reflect.ValueOf(sd.Vals)
			n := mulSat(int64(v.Len()), 128)
			if v.Type().Elem().Kind() == reflect.String {
				for i := range v.Len() {
					n = addSat(n, mulSat(int64(v.Index(i).Len()), 4))
				}
			}
			charge(n, nd)
		}
		for _, a := range nd.Args {
			// Only string constants are charged (once each): the others
			// are not looked up.
			if c := a.Const(); c != nil {
				if s, ok := c.Val.(string); ok && !seen[c] {
					seen[c] = true
					charge(mulSat(int64(len(s)), 4), nd)
				}
			}
		}
	}
	return total, at
}

// checkOutput charges the static data of the specialization's graph
// against the memory budget; beyond it, the error is at the node holding
// the largest piece.
func (ev *evaluator) checkOutput(g *ir.Graph) *Error {
	n, at := outputBytes(g)
	if n <= int64(ev.budgets.Mem)-ev.mem {
		return nil
	}
	pos := ev.spec.pos
	if at != nil {
		if p := g.Position(at); p.IsValid() {
			pos = p
		}
	}
	return errorf(pos, "the static data of the generated code (strings and tables) needs about %s of memory to write, beyond the memory budget of %s for static evaluation and static data (%s used by evaluation); raise it with -mem=N on the //lms:gen directive or the -mem flag, or compute the data at run time",
		byteSize(n), byteSize(int64(ev.budgets.Mem)), byteSize(ev.mem))
}

// largeFiles reports the source files, of the packages loaded from
// source, larger than a quarter of the memory budget mem: loading one
// (reading, parsing, type-checking, building SSA) takes several times its
// size. The output file is not among them (it is left out of the load).
func largeFiles(pkgs []*packages.Package, mem int, output string) ErrorList {
	var errs ErrorList
	for _, p := range pkgs {
		for _, f := range p.GoFiles {
			fi, err := os.Stat(f)
			if err != nil || fi.Size() <= int64(mem)/4 || f == outputPath(p.Dir, p.Name, output) {
				continue
			}
			errs = append(errs, errorf(token.Position{Filename: f, Line: 1, Column: 1},
				"this file has %s: loading it would take several times that, beyond the memory budget of %s (a file may have a quarter of it); raise it with the -mem flag, or make the file smaller",
				byteSize(fi.Size()), byteSize(int64(mem))))
		}
	}
	return errs
}
