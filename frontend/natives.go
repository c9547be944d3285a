package frontend

import (
	"bytes"
	"errors"
	"fmt"
	"go/types"
	"math"
	"math/bits"
	"math/cmplx"
	"reflect"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/tools/go/ssa"

	"github.com/lmsgen/lmsgen/ir"
)

// This file is the allow-list of library functions without Go source in
// the loaded module that staging code may call: pure functions, computed
// at generation time (by reflection) when their arguments are static, and
// emitted as calls of the generated code (ir.Callee) when one is a Rep.
// Functions whose parameters or results are not all basic values (a
// slice, an error) can only be computed at generation time; with a Rep
// argument, one loaded from source is staged through its Go instead.

// nativeFn is an allowed function.
type nativeFn struct {
	fn   reflect.Value
	trap bool // may panic
	dyn  bool // may be called with Reps
}

var natives = map[string]nativeFn{}

func allow(pkg string, trap bool, fns map[string]any) {
	for name, f := range fns {
		v := reflect.ValueOf(f)
		t := v.Type()
		// A function of an internal package is never a call of the
		// generated code, which cannot import it.
		dyn := !t.IsVariadic() && importable(pkg)
		for i := range t.NumIn() {
			dyn = dyn && basicReflect(t.In(i))
		}
		for i := range t.NumOut() {
			dyn = dyn && basicReflect(t.Out(i))
		}
		natives[pkg+"."+name] = nativeFn{fn: v, trap: trap, dyn: dyn}
	}
}

func basicReflect(t reflect.Type) bool {
	switch t.Kind() {
	case reflect.Bool, reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr,
		reflect.Float32, reflect.Float64, reflect.Complex64, reflect.Complex128, reflect.String:
		return true
	}
	return false
}

func init() {
	allow("math", false, map[string]any{
		"Abs": math.Abs, "Acos": math.Acos, "Acosh": math.Acosh, "Asin": math.Asin, "Asinh": math.Asinh,
		"Atan": math.Atan, "Atan2": math.Atan2, "Atanh": math.Atanh, "Cbrt": math.Cbrt, "Ceil": math.Ceil,
		"Copysign": math.Copysign, "Cos": math.Cos, "Cosh": math.Cosh, "Dim": math.Dim, "Erf": math.Erf,
		"Erfc": math.Erfc, "Erfcinv": math.Erfcinv, "Erfinv": math.Erfinv, "Exp": math.Exp, "Exp2": math.Exp2,
		"Expm1": math.Expm1, "FMA": math.FMA, "Float32bits": math.Float32bits, "Float32frombits": math.Float32frombits,
		"Float64bits": math.Float64bits, "Float64frombits": math.Float64frombits, "Floor": math.Floor,
		"Frexp": math.Frexp, "Gamma": math.Gamma, "Hypot": math.Hypot, "Ilogb": math.Ilogb, "Inf": math.Inf,
		"IsInf": math.IsInf, "IsNaN": math.IsNaN, "J0": math.J0, "J1": math.J1, "Jn": math.Jn, "Ldexp": math.Ldexp,
		"Lgamma": math.Lgamma, "Log": math.Log, "Log10": math.Log10, "Log1p": math.Log1p, "Log2": math.Log2,
		"Logb": math.Logb, "Max": math.Max, "Min": math.Min, "Mod": math.Mod, "Modf": math.Modf, "NaN": math.NaN,
		"Nextafter": math.Nextafter, "Nextafter32": math.Nextafter32, "Pow": math.Pow, "Pow10": math.Pow10,
		"Remainder": math.Remainder, "Round": math.Round, "RoundToEven": math.RoundToEven, "Signbit": math.Signbit,
		"Sin": math.Sin, "Sincos": math.Sincos, "Sinh": math.Sinh, "Sqrt": math.Sqrt, "Tan": math.Tan,
		"Tanh": math.Tanh, "Trunc": math.Trunc, "Y0": math.Y0, "Y1": math.Y1, "Yn": math.Yn,
	})
	allow("math/cmplx", false, map[string]any{
		"Abs": cmplx.Abs, "Conj": cmplx.Conj, "Exp": cmplx.Exp, "Inf": cmplx.Inf, "IsInf": cmplx.IsInf,
		"IsNaN": cmplx.IsNaN, "Log": cmplx.Log, "NaN": cmplx.NaN, "Phase": cmplx.Phase, "Polar": cmplx.Polar,
		"Pow": cmplx.Pow, "Rect": cmplx.Rect, "Sqrt": cmplx.Sqrt, "Sin": cmplx.Sin, "Cos": cmplx.Cos,
	})
	allow("math/bits", false, map[string]any{
		"Add": bits.Add, "Add32": bits.Add32, "Add64": bits.Add64, "LeadingZeros": bits.LeadingZeros,
		"LeadingZeros8": bits.LeadingZeros8, "LeadingZeros16": bits.LeadingZeros16, "LeadingZeros32": bits.LeadingZeros32,
		"LeadingZeros64": bits.LeadingZeros64, "Len": bits.Len, "Len8": bits.Len8, "Len16": bits.Len16,
		"Len32": bits.Len32, "Len64": bits.Len64, "Mul": bits.Mul, "Mul32": bits.Mul32, "Mul64": bits.Mul64,
		"OnesCount": bits.OnesCount, "OnesCount8": bits.OnesCount8, "OnesCount16": bits.OnesCount16,
		"OnesCount32": bits.OnesCount32, "OnesCount64": bits.OnesCount64, "Reverse": bits.Reverse,
		"Reverse8": bits.Reverse8, "Reverse16": bits.Reverse16, "Reverse32": bits.Reverse32, "Reverse64": bits.Reverse64,
		"ReverseBytes": bits.ReverseBytes, "ReverseBytes16": bits.ReverseBytes16, "ReverseBytes32": bits.ReverseBytes32,
		"ReverseBytes64": bits.ReverseBytes64, "RotateLeft": bits.RotateLeft, "RotateLeft8": bits.RotateLeft8,
		"RotateLeft16": bits.RotateLeft16, "RotateLeft32": bits.RotateLeft32, "RotateLeft64": bits.RotateLeft64,
		"Sub": bits.Sub, "Sub32": bits.Sub32, "Sub64": bits.Sub64, "TrailingZeros": bits.TrailingZeros,
		"TrailingZeros8": bits.TrailingZeros8, "TrailingZeros16": bits.TrailingZeros16,
		"TrailingZeros32": bits.TrailingZeros32, "TrailingZeros64": bits.TrailingZeros64,
	})
	allow("math/bits", true, map[string]any{
		"Div": bits.Div, "Div32": bits.Div32, "Div64": bits.Div64, "Rem": bits.Rem, "Rem32": bits.Rem32, "Rem64": bits.Rem64,
	})
	allow("strings", false, map[string]any{
		"Compare": strings.Compare, "Contains": strings.Contains, "ContainsAny": strings.ContainsAny,
		"ContainsRune": strings.ContainsRune, "Count": strings.Count, "EqualFold": strings.EqualFold,
		"HasPrefix": strings.HasPrefix, "HasSuffix": strings.HasSuffix, "Index": strings.Index,
		"IndexAny": strings.IndexAny, "IndexByte": strings.IndexByte, "IndexRune": strings.IndexRune,
		"LastIndex": strings.LastIndex, "LastIndexAny": strings.LastIndexAny, "LastIndexByte": strings.LastIndexByte,
		"Replace": strings.Replace, "ReplaceAll": strings.ReplaceAll, "ToLower": strings.ToLower,
		"ToTitle": strings.ToTitle, "ToUpper": strings.ToUpper, "Trim": strings.Trim, "TrimLeft": strings.TrimLeft,
		"TrimPrefix": strings.TrimPrefix, "TrimRight": strings.TrimRight, "TrimSpace": strings.TrimSpace,
		"TrimSuffix": strings.TrimSuffix, "Fields": strings.Fields, "Split": strings.Split, "Join": strings.Join,
		"SplitN": strings.SplitN, "SplitAfter": strings.SplitAfter, "SplitAfterN": strings.SplitAfterN,
		"Cut": strings.Cut, "CutPrefix": strings.CutPrefix, "CutSuffix": strings.CutSuffix,
		"ToValidUTF8": strings.ToValidUTF8,
	})
	allow("strings", true, map[string]any{"Repeat": strings.Repeat})
	allow("strconv", false, map[string]any{
		"Itoa": strconv.Itoa, "FormatInt": strconv.FormatInt, "FormatUint": strconv.FormatUint,
		"FormatFloat": strconv.FormatFloat, "FormatBool": strconv.FormatBool, "Quote": strconv.Quote,
		"QuoteRune": strconv.QuoteRune, "QuoteToASCII": strconv.QuoteToASCII, "Atoi": strconv.Atoi,
		"ParseInt": strconv.ParseInt, "ParseUint": strconv.ParseUint, "ParseFloat": strconv.ParseFloat,
		"ParseBool": strconv.ParseBool, "Unquote": strconv.Unquote,
	})
	allow("unicode", false, map[string]any{
		"IsControl": unicode.IsControl, "IsDigit": unicode.IsDigit, "IsGraphic": unicode.IsGraphic,
		"IsLetter": unicode.IsLetter, "IsLower": unicode.IsLower, "IsMark": unicode.IsMark,
		"IsNumber": unicode.IsNumber, "IsPrint": unicode.IsPrint, "IsPunct": unicode.IsPunct,
		"IsSpace": unicode.IsSpace, "IsSymbol": unicode.IsSymbol, "IsTitle": unicode.IsTitle,
		"IsUpper": unicode.IsUpper, "SimpleFold": unicode.SimpleFold, "ToLower": unicode.ToLower,
		"ToTitle": unicode.ToTitle, "ToUpper": unicode.ToUpper,
	})
	allow("unicode/utf8", false, map[string]any{
		"RuneLen": utf8.RuneLen, "RuneCountInString": utf8.RuneCountInString, "ValidString": utf8.ValidString,
		"ValidRune": utf8.ValidRune, "DecodeRuneInString": utf8.DecodeRuneInString,
		"DecodeLastRuneInString": utf8.DecodeLastRuneInString, "RuneCount": utf8.RuneCount, "Valid": utf8.Valid,
		"AppendRune": utf8.AppendRune, "DecodeRune": utf8.DecodeRune, "DecodeLastRune": utf8.DecodeLastRune,
		"FullRune": utf8.FullRune, "FullRuneInString": utf8.FullRuneInString, "RuneStart": utf8.RuneStart,
	})
	allow("errors", false, map[string]any{"New": errors.New})
	// Package bytes, loaded from source, calls internal/bytealg (assembly
	// in gc): the functions on byte slices, which only read them and are
	// never calls of the generated code (a slice is not a basic value).
	allow("internal/bytealg", false, map[string]any{
		"Compare": bytes.Compare, "Equal": bytes.Equal, "Index": bytes.Index, "IndexByte": bytes.IndexByte,
		"LastIndexByte": bytes.LastIndexByte, "Count": func(b []byte, c byte) int { return bytes.Count(b, []byte{c}) },
		// MakeNoZero(n): bytes cuts its capacity to n wherever it calls it.
		"MakeNoZero":      func(n int) []byte { return make([]byte, n) },
		"IndexByteString": strings.IndexByte, "LastIndexByteString": strings.LastIndexByte,
		"CountString": func(s string, c byte) int { return strings.Count(s, string([]byte{c})) },
	})
	// internal/stringslite is package strings' searches for the packages
	// strings may not import (internal/filepathlite, loaded from source):
	// the same functions, called at generation time only (dyn is false
	// for an internal package).
	allow("internal/stringslite", false, map[string]any{
		"HasPrefix": strings.HasPrefix, "HasSuffix": strings.HasSuffix, "IndexByte": strings.IndexByte,
		"Index": strings.Index, "Cut": strings.Cut, "CutPrefix": strings.CutPrefix,
		"CutSuffix": strings.CutSuffix, "TrimPrefix": strings.TrimPrefix, "TrimSuffix": strings.TrimSuffix,
		"Clone": strings.Clone,
	})
	// The searches of package bytes that read bytealg.MaxLen (a variable
	// gc sets from the CPU's features, without source here) or call
	// bytealg's Rabin-Karp: they only read their arguments and return a
	// number or a bool, so the native is the source's meaning.
	allow("bytes", false, map[string]any{
		"Index": bytes.Index, "LastIndex": bytes.LastIndex, "Contains": bytes.Contains, "Count": bytes.Count,
	})
	// The evaluator runs Go without FIPS 140-only mode (GODEBUG=fips140=only
	// is part of the environment, which staging code does not read): the
	// standard packages loaded from source (crypto/md5) ask it here.
	allow("crypto/internal/fips140only", false, map[string]any{"Enforced": func() bool { return false }})
	allow("fmt", false, map[string]any{
		"Sprint": fmt.Sprint, "Sprintf": fmt.Sprintf, "Sprintln": fmt.Sprintln, "Errorf": fmt.Errorf,
	})
}

// callNative calls an allowed library function.
func (ev *evaluator) callNative(name string, fn *ssa.Function, args []value) (value, bool) {
	nat, ok := natives[name]
	if !ok {
		return nil, false
	}
	anyRep := repAmong(args)
	if anyRep && !nat.dyn && fn != nil && fn.Blocks != nil && fn.Pkg != nil && ev.l.bySrc[fn.Pkg.Pkg.Path()] {
		// Computed natively only at generation time, but loaded from
		// source: its Go is staged (strings.Split of a Rep string).
		return nil, false
	}
	i := strings.LastIndexByte(name, '.')
	return ev.nativeCall(name[:i], name[i+1:], nat, args, anyRep), true
}

// nativeCall computes a native function, or emits a call of it.
func (ev *evaluator) nativeCall(pkg, name string, nat nativeFn, args []value, anyRep bool) value {
	ft := nat.fn.Type()
	if anyRep {
		if !nat.dyn {
			ev.fail("call of %s.%s with a Rep argument: it can only be computed at generation time, with static arguments", pkg, name)
		}
		exps := make([]ir.Exp, len(args))
		allConst := true
		for i, a := range args {
			exps[i] = ev.liftTo(a, reflectIR(ft.In(i)), "an argument of "+pkg+"."+name)
			allConst = allConst && exps[i].IsConst()
		}
		outs := make([]*ir.Type, ft.NumOut())
		for i := range outs {
			outs[i] = reflectIR(ft.Out(i))
		}
		if allConst && !nat.trap {
			vals := make([]value, len(exps))
			for i, e := range exps {
				vals[i] = e.Const().Val
			}
			res := ev.nativeCall(pkg, name, nat, vals, false)
			lift := func(v value, t *ir.Type) value {
				return &rep{e: ev.b.Const(t, v), why: &why{pos: ev.whyPos(ev.pos), what: "the result of " + pkg + "." + name}}
			}
			if tu, ok := res.(tuple); ok {
				out := make(tuple, len(tu))
				for i := range tu {
					out[i] = lift(tu[i], outs[i])
				}
				return out
			}
			return lift(res, outs[0])
		}
		ev.at()
		e := ev.b.Call(ir.Callee{Pkg: pkg, Name: name, Pure: true, Trap: nat.trap}, ir.TupleOf(outs), exps...)
		w := &why{pos: ev.whyPos(ev.pos), what: "the result of " + pkg + "." + name}
		for _, a := range args {
			if r, ok := a.(*rep); ok {
				w.from = r.why
				break
			}
		}
		if len(outs) == 1 {
			return &rep{e: e, why: w}
		}
		tu := make(tuple, len(outs))
		for i := range tu {
			tu[i] = &rep{e: ev.b.Proj(e, i), why: w}
		}
		return tu
	}
	ev.alloc(nativeBytes(pkg, name, args), "the call of "+pkg+"."+name)
	if pkg == "fmt" {
		ev.refuseFmtOperands(name, args)
	}
	in := make([]reflect.Value, len(args))
	for i, a := range args {
		var pt reflect.Type
		if ft.IsVariadic() && i >= ft.NumIn()-1 {
			pt = ft.In(ft.NumIn() - 1)
		} else {
			pt = ft.In(i)
		}
		rv, ok := ev.toNative(a, pt)
		if !ok {
			ev.fail("argument %d of %s.%s (%s) cannot be passed to a library function", i+1, pkg, name, describe(a))
		}
		in[i] = rv
	}
	var out []reflect.Value
	func() {
		defer func() {
			if x := recover(); x != nil {
				msg := fmt.Sprint(x)
				panic(&goPanic{msg: msg, val: msg})
			}
		}()
		if ft.IsVariadic() {
			out = nat.fn.CallSlice(in)
		} else {
			out = nat.fn.Call(in)
		}
	}()
	res := make(tuple, len(out))
	for i, o := range out {
		res[i] = ev.fromNative(o)
	}
	switch len(res) {
	case 0:
		return nil
	case 1:
		return res[0]
	}
	return res
}

func reflectIR(t reflect.Type) *ir.Type {
	switch t.Kind() {
	case reflect.Bool:
		return ir.Bool
	case reflect.Int:
		return ir.Int
	case reflect.Int8:
		return ir.Int8
	case reflect.Int16:
		return ir.Int16
	case reflect.Int32:
		return ir.Int32
	case reflect.Int64:
		return ir.Int64
	case reflect.Uint:
		return ir.Uint
	case reflect.Uint8:
		return ir.Uint8
	case reflect.Uint16:
		return ir.Uint16
	case reflect.Uint32:
		return ir.Uint32
	case reflect.Uint64:
		return ir.Uint64
	case reflect.Uintptr:
		return ir.Uintptr
	case reflect.Float32:
		return ir.Float32
	case reflect.Float64:
		return ir.Float64
	case reflect.Complex64:
		return ir.Complex64
	case reflect.Complex128:
		return ir.Complex128
	case reflect.String:
		return ir.String
	}
	panic("BUG: non-basic native parameter " + t.String())
}

// toNative converts a static value to a Go value of type t.
func (ev *evaluator) toNative(v value, t reflect.Type) (reflect.Value, bool) {
	if basicReflect(t) {
		if irTypeOfValue(v) == nil {
			return reflect.Value{}, false
		}
		return reflect.ValueOf(v).Convert(t), true
	}
	switch t.Kind() {
	case reflect.Slice:
		s, ok := v.(sliceV)
		if !ok {
			return reflect.Value{}, false
		}
		if s.base == nil {
			return reflect.Zero(t), true
		}
		out := reflect.MakeSlice(t, s.len, s.len)
		for i := range s.len {
			e, ok := ev.toNative(ev.load(&s.base[s.off+i]), t.Elem())
			if !ok {
				return reflect.Value{}, false
			}
			out.Index(i).Set(e)
		}
		return out, true
	case reflect.Interface:
		i, ok := v.(iface)
		if !ok {
			return reflect.Value{}, false
		}
		if i.t == nil {
			return reflect.Zero(t), true
		}
		if nv, ok := i.v.(native); ok {
			return reflect.ValueOf(nv.v), true
		}
		if s, ok := ev.stringMethod(i); ok {
			if str, ok := s.(string); ok {
				return reflect.ValueOf(str), true
			}
			return reflect.Value{}, false
		}
		if irTypeOfValue(i.v) != nil {
			return reflect.ValueOf(i.v), true
		}
		return reflect.Value{}, false
	}
	return reflect.Value{}, false
}

var errorType = types.Universe.Lookup("error").Type()

// fromNative converts a Go value returned by a native function.
func (ev *evaluator) fromNative(v reflect.Value) value {
	if basicReflect(v.Type()) {
		x := v.Interface()
		if irTypeOfValue(x) == nil {
			// A named basic type: back to its kind.
			return reflect.ValueOf(x).Convert(reflect.TypeOf(zeroOf(reflectIR(v.Type())))).Interface()
		}
		return x
	}
	switch v.Kind() {
	case reflect.Slice:
		if v.IsNil() {
			return sliceV{}
		}
		base := make([]value, v.Len())
		for i := range base {
			base[i] = ev.fromNative(v.Index(i))
		}
		ev.bornSlice(base)
		return sliceV{base: base, len: len(base), cap: len(base)}
	case reflect.Interface:
		if v.IsNil() {
			return iface{}
		}
		return iface{t: errorType, v: native{v: v.Interface()}}
	}
	return native{v: v.Interface()}
}
