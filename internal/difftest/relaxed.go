package difftest

// This file holds the helpers a test file gets when one of its
// specializations has relaxed floating point (-fp=relaxed, sched.RelaxFP),
// written into it verbatim after testHelpers. Test files without one are
// unchanged.

// relaxedHelpers compare floats within a stated bound.
const relaxedHelpers = `
// lmsRelaxed64 and lmsRelaxed32 are the bounds within which a float64 or
// float32 of a specialization with relaxed floating point (-fp=relaxed:
// reassociation, x*0 → 0, x+0 → x, fused multiply-adds) may differ from
// the staging function's: |got - want| ≤ bound · max(|got|, |want|, 1),
// that is at most 2²⁰ units in the last place of float64 (2¹¹ of float32)
// for values of magnitude at least 1, and as much absolutely below. Where
// the staging function computes NaN or an infinity, any value is accepted
// (x*0 → 0 turns Inf·0 into 0); a NaN or an infinity the staging function
// does not compute is a mismatch; the sign of zero is not compared.
// Everything else (printed output, panics, integers, strings) is compared
// exactly.
const (
	lmsRelaxed64 = 0x1p-32
	lmsRelaxed32 = 0x1p-12
)

// lmsDiffRelaxed is lmsDiff comparing floats within lmsRelaxed64 and
// lmsRelaxed32.
func lmsDiffRelaxed(got, want lmsOutcome) string {
	switch {
	case got.panic != want.panic:
		return fmt.Sprintf("panic %q, want %q", got.panic, want.panic)
	case got.out != want.out:
		return fmt.Sprintf("output %q, want %q", got.out, want.out)
	case got.errOut != want.errOut:
		return fmt.Sprintf("standard error %q, want %q", got.errOut, want.errOut)
	case !lmsNearValue(reflect.ValueOf(got.results), reflect.ValueOf(want.results), false):
		return fmt.Sprintf("results %v, want %v (relaxed floating point)", got.results, want.results)
	case !lmsNearValue(reflect.ValueOf(got.args), reflect.ValueOf(want.args), true):
		return fmt.Sprintf("arguments after the call %v, want %v (relaxed floating point)", got.args, want.args)
	}
	return ""
}

// lmsNearValue is lmsEqualValue with floats compared by lmsNear.
func lmsNearValue(a, b reflect.Value, full bool) bool {
	if !a.IsValid() || !b.IsValid() || a.Type() != b.Type() {
		return lmsEqualValue(a, b, full)
	}
	switch a.Kind() {
	case reflect.Interface:
		return lmsNearValue(a.Elem(), b.Elem(), full)
	case reflect.Float32, reflect.Float64:
		return lmsNear(a.Float(), b.Float(), a.Kind() == reflect.Float32)
	case reflect.Complex64, reflect.Complex128:
		x, y := a.Complex(), b.Complex()
		f32 := a.Kind() == reflect.Complex64
		return lmsNear(real(x), real(y), f32) && lmsNear(imag(x), imag(y), f32)
	case reflect.Slice:
		if a.Len() != b.Len() || full && a.Cap() != b.Cap() {
			return false
		}
		if full {
			a, b = a.Slice(0, a.Cap()), b.Slice(0, b.Cap())
		}
		fallthrough
	case reflect.Array:
		for i := 0; i < a.Len(); i++ {
			if !lmsNearValue(a.Index(i), b.Index(i), full) {
				return false
			}
		}
		return true
	case reflect.Struct:
		for i := 0; i < a.NumField(); i++ {
			if !lmsNearValue(a.Field(i), b.Field(i), full) {
				return false
			}
		}
		return true
	}
	return lmsEqualValue(a, b, full)
}

// lmsNear reports whether got is within the relaxed bound of want.
func lmsNear(got, want float64, f32 bool) bool {
	if math.IsNaN(want) || math.IsInf(want, 0) {
		return true
	}
	if math.IsNaN(got) || math.IsInf(got, 0) {
		return false
	}
	bound := lmsRelaxed64
	if f32 {
		bound = lmsRelaxed32
	}
	return math.Abs(got-want) <= bound*math.Max(math.Max(math.Abs(got), math.Abs(want)), 1)
}
`
