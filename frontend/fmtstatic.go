package frontend

import (
	"errors"
	"fmt"
	"go/types"
	"io"
	"reflect"
	"strings"
	"unicode/utf8"
)

// This file computes fmt.Sprintf and fmt.Errorf at generation time when
// an operand's dynamic type is one the library call cannot see: a named
// type, or any type with methods. The evaluator holds such a value as its
// underlying Go value (a main.foo as an int), so handing it to the
// library would format it as its underlying type: %T would write "int",
// and a String method would be called for %d, or its result spaced as a
// string by Sprint. Instead each verb is matched with its operand as fmt
// does (flags, width, precision, * and the argument count), and the
// operand is handed to fmt as a proxy that implements fmt.Formatter with
// what fmt would use:
//
//   - %T: the type's name (reflect's, as typeName writes it), written
//     into the format as a %s of that string with the same flags;
//   - %v %s %x %X %q (not %#v) of a type with an Error or String method:
//     the method's result, called at generation time before the library
//     call (Error first, as fmt does);
//   - a plain %v of a composite: the text formatStatic (print.go) writes,
//     as Sprint does;
//   - any other verb: the underlying basic value with the same verb and
//     flags (fmt formats a named basic type as its underlying one but
//     for %T), or the Go value of a slice or array of predeclared basic
//     types (%x of a []byte); a verb fmt rejects ("%!d(...)" names the type) and a
//     composite without a method are refused;
//   - a * width or precision: the underlying integer.
//
// Refused (positioned, at the call): a Format method, %#v with a
// GoString method, argument indexes ("%[2]d"), %w in Errorf, %p, an
// extra operand (fmt writes its type). Sprint and Sprintln of such operands are formatted by
// staticSprint (print.go), which spaces operands by their own types.

// plainFmtOperand reports whether fmt formats operand op correctly when
// handed the evaluator's Go value: the nil interface, an opaque native
// value, or a value of a predeclared basic type.
func plainFmtOperand(op iface) bool {
	if op.t == nil {
		return true
	}
	if _, ok := op.v.(native); ok {
		return true
	}
	_, basic := types.Unalias(op.t).(*types.Basic)
	return basic && irTypeOfValue(op.v) != nil
}

// basicSeq reports whether t is an unnamed slice or array type of a
// predeclared basic type ([]byte, [4]int): no methods, and a Go value fmt
// formats as the program's.
func basicSeq(t types.Type) bool {
	switch t := types.Unalias(t).(type) {
	case *types.Slice:
		return isPredeclared(t.Elem())
	case *types.Array:
		return isPredeclared(t.Elem())
	}
	return false
}

// nativeSeq returns the Go value of v, a static slice or array of the
// type t (basicSeq), or false.
func (ev *evaluator) nativeSeq(v value, t types.Type) (any, bool) {
	var elem types.Type
	n := int64(-1)
	switch t := types.Unalias(t).(type) {
	case *types.Slice:
		elem = t.Elem()
	case *types.Array:
		elem, n = t.Elem(), t.Len()
	}
	et := reflect.TypeOf(zeroOf(kindTypes[types.Unalias(elem).(*types.Basic).Kind()]))
	var elems []value
	switch x := v.(type) {
	case sliceV:
		if n >= 0 {
			return nil, false
		}
		r, ok := ev.toNative(x, reflect.SliceOf(et))
		if !ok {
			return nil, false
		}
		return r.Interface(), true
	case array:
		elems = x
	default:
		return nil, false
	}
	if int64(len(elems)) != n {
		return nil, false
	}
	out := reflect.New(reflect.ArrayOf(len(elems), et)).Elem()
	for i := range elems {
		e, ok := ev.toNative(ev.load(&elems[i]), et)
		if !ok {
			return nil, false
		}
		out.Index(i).Set(e)
	}
	return out.Interface(), true
}

// fmtOperands returns the operands of a static ...any argument, and
// whether every one is plain.
func (ev *evaluator) fmtOperands(v value) ([]iface, bool) {
	s, ok := v.(sliceV)
	if !ok {
		return nil, true
	}
	ops := make([]iface, s.len)
	plain := true
	for i := range ops {
		ops[i], _ = ev.load(&s.base[s.off+i]).(iface)
		plain = plain && plainFmtOperand(ops[i])
	}
	return ops, plain
}

// hasMethod reports whether t's method set has a method name.
func (ev *evaluator) hasMethod(t types.Type, name string) bool {
	return ev.l.prog.MethodSets.MethodSet(t).Lookup(nil, name) != nil
}

// fmtVerb is one verb of a format: its operand, the verb, where the verb
// character is in the format and the whole spec.
type fmtVerb struct {
	arg  int
	verb rune
	at   int
	spec string
}

// parseFormat matches the verbs of format with n operands as fmt's
// doPrintf does; stars lists the operands read as a * width or
// precision. ok is false for argument indexes ([n]).
func parseFormat(format string, n int) (verbs []fmtVerb, stars []int, extra bool, ok bool) {
	arg := 0
	for i := 0; i < len(format); {
		if format[i] != '%' {
			i++
			continue
		}
		start := i
		i++
		for i < len(format) && strings.IndexByte("#0+- ", format[i]) >= 0 {
			i++
		}
		// The width, then the precision after a '.': a number or a *
		// that reads an operand.
		for part := 0; part < 2; part++ {
			if part == 1 {
				if i >= len(format) || format[i] != '.' {
					break
				}
				i++
			}
			if i < len(format) && format[i] == '[' {
				return nil, nil, false, false
			}
			if i < len(format) && format[i] == '*' {
				stars = append(stars, arg)
				arg++
				i++
				continue
			}
			for i < len(format) && format[i] >= '0' && format[i] <= '9' {
				i++
			}
		}
		if i < len(format) && format[i] == '[' {
			return nil, nil, false, false
		}
		if i >= len(format) {
			break // %!(NOVERB)
		}
		verb, size := utf8.DecodeRuneInString(format[i:])
		at := i
		i += size
		if verb == '%' {
			continue // a literal percent sign; takes no operand
		}
		verbs = append(verbs, fmtVerb{arg: arg, verb: verb, at: at, spec: format[start:i]})
		arg++
	}
	return verbs, stars, arg < n, true
}

// fmtProxy stands for an operand fmt cannot see as it is (see the top of
// the file); fail records why a verb could not be formatted, since fmt
// recovers a panic of Format.
type fmtProxy struct {
	name  string  // the operand's type, for messages
	str   *string // the result of its Error or String method, if it has one
	under any     // its underlying basic value, or nil
	fail  *string
}

func (p fmtProxy) Format(st fmt.State, verb rune) {
	if p.str != nil && strings.ContainsRune("vsxXq", verb) && !(verb == 'v' && st.Flag('#')) {
		fmt.Fprintf(st, fmt.FormatString(st, verb), *p.str)
		return
	}
	if p.under != nil {
		s := fmt.Sprintf(fmt.FormatString(st, verb), p.under)
		if !strings.HasPrefix(s, "%!") {
			io.WriteString(st, s)
			return
		}
	}
	if *p.fail == "" {
		*p.fail = fmt.Sprintf("verb %s of a static %s: fmt's answer is not known at generation time", fmt.FormatString(st, verb), p.name)
	}
}

// staticSprintf computes fmt.Sprintf or fmt.Errorf (kind) of static
// arguments one of whose operands is not plain, and reports whether it
// did (it does nothing when every operand is plain: the library call is
// exact then).
func (ev *evaluator) staticSprintf(kind string, args []value) (value, bool) {
	format, ok := args[0].(string)
	if !ok || len(args) != 2 {
		return nil, false
	}
	ops, plain := ev.fmtOperands(args[1])
	if plain {
		return nil, false
	}
	for _, op := range ops {
		refuseAddr(op.v, "the printing")
	}
	what := "fmt." + kind
	verbs, stars, extra, ok := parseFormat(format, len(ops))
	if !ok {
		ev.fail("%s format %q: argument indexes are not supported with an operand of a named type or a type with methods", what, format)
	}
	if extra {
		ev.fail("%s format %q has fewer verbs than its %d operands: fmt writes the extra ones with their types", what, format, len(ops))
	}
	// The verbs each operand is used with.
	uses := make([][]fmtVerb, len(ops))
	for _, v := range verbs {
		if v.arg < len(ops) {
			uses[v.arg] = append(uses[v.arg], v)
		}
	}
	star := make([]bool, len(ops))
	for _, s := range stars {
		if s < len(ops) {
			star[s] = true
		}
	}
	fbytes := []byte(format)
	in := make([]any, len(ops))
	var fail string
	for i, op := range ops {
		if plainFmtOperand(op) {
			x, ok := ev.toNative(op, reflect.TypeFor[any]())
			if !ok {
				ev.fail("operand %d of %s (%s) cannot be passed to a library function", i+1, what, describe(op.v))
			}
			if x.IsValid() {
				in[i] = x.Interface()
			}
			continue
		}
		name := typeString(op.t)
		onlyT, anyT, methods, sharpV, onlyV := len(uses[i]) > 0, false, false, false, true
		for _, u := range uses[i] {
			onlyV = onlyV && (u.spec == "%v" || u.verb == 'T')
			switch u.verb {
			case 'T':
				anyT = true
				continue
			case 'w', 'p':
				ev.fail("%s verb %s of a static %s is not supported", what, u.spec, name)
			case 'v', 's', 'x', 'X', 'q':
				if u.verb == 'v' && strings.Contains(u.spec[:len(u.spec)-1], "#") {
					sharpV = true
				} else {
					methods = true
				}
			}
			onlyT = false
		}
		// Without argument indexes an operand is read once: by one
		// verb, or as one * width or precision.
		if anyT && !onlyT || star[i] && len(uses[i]) > 0 {
			panic("BUG: an operand read twice by a format without argument indexes")
		}
		if onlyT {
			for _, u := range uses[i] {
				fbytes[u.at] = 's'
			}
			in[i] = ev.typeName(op.t)
			continue
		}
		if ev.hasMethod(op.t, "Format") {
			ev.fail("%s of a static %s: its Format method is not supported", what, name)
		}
		if sharpV && ev.hasMethod(op.t, "GoString") {
			ev.fail("%s verb %%#v of a static %s: its GoString method is not supported", what, name)
		}
		p := fmtProxy{name: name, fail: &fail}
		if irTypeOfValue(op.v) != nil {
			p.under = op.v
		} else if basicSeq(op.t) && !hasRep(op.v, 0) {
			// A slice or array of predeclared basic types (a hash's
			// Sum(nil)): fmt formats its Go value as the program's.
			if x, ok := ev.nativeSeq(op.v, op.t); ok {
				p.under = x
			}
		}
		if star[i] {
			if p.under == nil {
				ev.fail("%s format %q uses operand %d (a static %s) as a width or precision: not supported", what, format, i+1, name)
			}
			in[i] = p.under
			continue
		}
		if p.under == nil && onlyV && !star[i] {
			// A composite with %v only: formatted as fmt's %v does.
			if s, ok := ev.formatStatic(op.v, op.t); ok {
				p.str = &s
				in[i] = p
				continue
			}
		}
		if methods {
			if _, isIface := op.t.Underlying().(*types.Interface); !isIface {
				if s, ok := ev.stringMethod(op); ok {
					str, ok := s.(string)
					if !ok {
						ev.fail("%s of a static %s: its %s method's result is not static", what, name, "String or Error")
					}
					p.str = &str
				}
			}
		}
		in[i] = p
	}
	out := fmt.Sprintf(string(fbytes), in...)
	if fail != "" {
		ev.fail("%s: %s", what, fail)
	}
	if kind == "Errorf" {
		if strings.Contains(string(fbytes), "%w") {
			ev.fail("fmt.Errorf with %%w and an operand of a named type or a type with methods is not supported")
		}
		return iface{t: errorType, v: native{v: errors.New(out)}}, true
	}
	return out, true
}

// refuseFmtOperands fails if an operand of fmt function name (a native
// call) is not plain: the library would format the evaluator's
// underlying value.
func (ev *evaluator) refuseFmtOperands(name string, args []value) {
	if len(args) == 0 {
		return
	}
	ops, plain := ev.fmtOperands(args[len(args)-1])
	if plain {
		return
	}
	for i, op := range ops {
		if !plainFmtOperand(op) {
			ev.fail("operand %d of fmt.%s, a static %s, cannot be formatted at generation time here", i+1, name, typeString(op.t))
		}
	}
}
