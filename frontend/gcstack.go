package frontend

import (
	"go/token"
	"go/types"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"sync"

	"golang.org/x/tools/go/ssa"
)

// This file models the logical stack gc's runtime.Caller and
// runtime.Callers report (inlined calls expanded, wrappers elided), as far
// as static evaluation knows it exactly, for callers.go.
//
// From a frame of the program, the next frame outward is:
//
//   - for a frame called by a plain call of the program, its caller at
//     the call's line;
//   - for a deferred call run at a return (ssa.RunDefers), the deferring
//     frame at the line deferredCallPos gives (gc's deferreturn, or the
//     open-coded call, adds no frame of its own);
//   - for a deferred call run by a panic that unwinds through the
//     deferring frame, gc's runtime.gopanic, which runs it on top of the
//     stack the panic was raised on: for a panic statement, the frame of
//     the panic statement (at its line); for a nil dereference (a load,
//     a store, the address of a field or element, a slice of an array
//     pointer, a call of a nil function or a method of a nil interface),
//     runtime.panicmem and runtime.sigpanic between, then the frame of the
//     faulting instruction. The frames between the panic and the deferring
//     frame are still on gc's stack (gopanic does not unwind before the
//     deferred calls return), so the walk goes on from the panic's site;
//   - anything else (a goroutine's start, reflection, a library calling
//     back, a wrapper go/ssa makes, the frames beyond the staging
//     function, a panic of another kind, a panic raised while another
//     runs deferred calls, deferred calls run after a recovery) is not
//     known: the walk fails there with the reason, and only there, so
//     that a skip that stops before it is answered.
//
// The runtime's frames (function, file, line) are measured once in
// lmsgen's own process by the same panics, and used only when lmsgen was
// built by the toolchain that builds the program (same version, GOROOT,
// GOOS and GOARCH): the lines are gc's source lines of that toolchain's
// runtime.

// panicSite is where a panic was raised, with gc's runtime frames between
// a deferred call gopanic runs and the frame that raised it.
type panicSite struct {
	fr  *frame
	pos token.Pos
	rt  []rtFrame
}

// rtFrame is a frame of gc's runtime: function, file and line.
type rtFrame struct {
	function, file string
	line           int
}

// nilDerefMsg is the message of a nil dereference's run-time panic.
const nilDerefMsg = "runtime error: invalid memory address or nil pointer dereference"

// leftByUnwinding records the frame a panic (or an error) unwinds out of,
// the innermost first: the frame a panic was raised in, if a catching
// frame later finds the panic was raised with no step in between.
func (ev *evaluator) leftByUnwinding(f *frame) {
	if ev.unwound != nil && ev.unwoundAt == ev.steps {
		return // an outer frame of the same unwinding
	}
	ev.unwound, ev.unwoundPos, ev.unwoundAt = f, ev.pos, ev.steps
}

// notePanicSite records, when p reaches the frame fr that catches it to
// run deferred calls, where p was raised, if gc's frames there are known.
// ev.pos is still the position where the panic was raised.
func (ev *evaluator) notePanicSite(p *goPanic, fr *frame) {
	site, pos := fr, ev.pos
	if ev.unwound != nil && ev.unwoundAt == ev.steps && reaches(ev.unwound, fr) {
		site, pos = ev.unwound, ev.unwoundPos
	}
	ev.unwound = nil
	if p.site != nil || p.goexit || p == errDivZero || !pos.IsValid() {
		return
	}
	var rt []rtFrame
	switch {
	case p.explicit:
		rt = runtimeFrames().explicit
	case p.msg == nilDerefMsg && nilFault(site, pos):
		rt = runtimeFrames().nilDeref
	default:
		return
	}
	if rt == nil {
		return
	}
	p.site = &panicSite{fr: site, pos: pos, rt: rt}
}

// reaches reports whether fr is f or one of its callers.
func reaches(f, fr *frame) bool {
	for ; f != nil; f = f.caller {
		if f == fr {
			return true
		}
	}
	return false
}

// nilFault reports whether the nil dereference raised at pos in frame f
// is a fault of f's own instruction (gc's sigpanic), not of a library
// function run natively.
func nilFault(f *frame, pos token.Pos) bool {
	at := f.at
	if at == nil || at.Pos() != pos {
		return false
	}
	switch at := at.(type) {
	case *ssa.UnOp:
		return at.Op == token.MUL
	case *ssa.Store, *ssa.FieldAddr, *ssa.IndexAddr:
		return true
	case *ssa.Slice:
		_, ok := at.X.Type().Underlying().(*types.Pointer)
		return ok
	case *ssa.Call:
		c := at.Common()
		if _, ok := c.Value.(*ssa.Builtin); ok || c.StaticCallee() != nil {
			return false // a call of a function panics inside it
		}
		v := f.get(c.Value)
		if c.IsInvoke() {
			i, ok := v.(iface)
			return ok && i.t == nil
		}
		cl, ok := v.(*closure)
		return ok && cl == nil
	}
	return false
}

// stackWalk walks gc's logical stack outward from a frame of the program.
type stackWalk struct {
	ev  *evaluator
	f   *frame    // the next frame of the program, after rt
	pos token.Pos // its position
	rt  []rtFrame // runtime frames before f
	// why is the reason the frame after rt is not known, or "".
	why string
}

// gcFrame is a frame of gc's logical stack: a frame of the program at
// pos, or a frame of the runtime.
type gcFrame struct {
	fr  *frame
	pos token.Pos
	rt  rtFrame
}

// next returns the next frame outward, failing with the reason if it is
// not known; what names the call asking, for the message.
func (w *stackWalk) next(what string) gcFrame {
	if len(w.rt) > 0 {
		r := w.rt[0]
		w.rt = w.rt[1:]
		return gcFrame{rt: r}
	}
	if w.why != "" {
		w.ev.fail("%s: %s", what, w.why)
	}
	f := w.f
	g := gcFrame{fr: f, pos: w.pos}
	switch {
	case f.deferredBy != nil:
		d := f.deferredBy
		if p := f.deferPanic; p != nil {
			if p.site == nil {
				w.why = "the frames cross a deferred call run by a panic (gc's gopanic) raised where gc's frames are not certain (a run-time panic other than a nil dereference, or in a library run natively)"
				break
			}
			w.rt, w.f, w.pos = p.site.rt, p.site.fr, p.site.pos
			break
		}
		at, ok := deferredCallPos(d)
		if !ok {
			w.why = "the frames cross a deferred call run after a recovery, by a panic raised while another ran deferred calls, or at a return where gc's line is not certain"
			break
		}
		w.f, w.pos = d, at
	case f.caller == nil:
		w.why = "the frame is beyond the staging function, which static evaluation does not see"
	case isWrapper(f.fn) || !calledDirectly(f):
		w.why = "the frames cross " + funcName(f.fn) + ", not called by a plain call of the program: gc's frames there are its own"
	default:
		w.f, w.pos = f.caller, f.callPos
	}
	return g
}

// measuredFrames are gc's runtime frames between a deferred call run by
// a panic and the frame that raised it, for a panic statement and for a
// nil dereference; nil when not known for the program's toolchain.
type measuredFrames struct {
	explicit, nilDeref []rtFrame
}

// runtimeFrames measures the runtime's frames once (see the file's
// comment).
var runtimeFrames = sync.OnceValue(func() measuredFrames {
	out, err := exec.Command("go", "env", "GOVERSION", "GOROOT", "GOOS", "GOARCH").Output()
	if err != nil {
		return measuredFrames{}
	}
	env := strings.Fields(string(out))
	if len(env) != 4 || env[0] != runtime.Version() || env[2] != runtime.GOOS || env[3] != runtime.GOARCH {
		return measuredFrames{}
	}
	dir := filepath.ToSlash(filepath.Join(env[1], "src", "runtime")) + "/"
	check := func(fs []rtFrame) []rtFrame {
		for _, f := range fs {
			if !strings.HasPrefix(filepath.ToSlash(f.file), dir) || !strings.HasPrefix(f.function, "runtime.") || f.line <= 0 {
				return nil
			}
		}
		return fs
	}
	return measuredFrames{
		explicit: check(measurePanic(rtPanicExplicit, "rtPanicExplicit")),
		nilDeref: check(measurePanic(rtPanicNil, "rtPanicNil")),
	}
})

var rtNil *int

//go:noinline
func rtPanicExplicit() { panic("measuring gc's frames") }

//go:noinline
func rtPanicNil() { *rtNil = 1 }

// measurePanic runs raise, which panics, and returns the frames between
// a deferred call run by the panic and raise's frame; nil if raise's
// frame does not follow them.
func measurePanic(raise func(), name string) (frames []rtFrame) {
	defer func() { recover() }()
	func() {
		defer func() {
			pcs := make([]uintptr, 32)
			n := runtime.Callers(2, pcs) // not Callers, nor this function
			it := runtime.CallersFrames(pcs[:n])
			var fs []rtFrame
			for {
				f, more := it.Next()
				if strings.HasSuffix(f.Function, "."+name) {
					frames = fs
					return
				}
				if !more {
					return
				}
				fs = append(fs, rtFrame{f.Function, f.File, f.Line})
			}
		}()
		raise()
	}()
	return frames
}
