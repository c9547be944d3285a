package frontend

import "strings"

// This file is the reviewed list of library functions refused because
// they touch the world outside the evaluated program — the machine, the
// runtime of lmsgen itself, files, the network, the environment, the
// clock, other processes — with the reason each is refused. Static
// evaluation must give the same result at every run on every machine.
// Functions without source that are not on this list and not on the
// allow-list of natives.go are refused as unknown.

// worldReasons maps a package path, or a function's full name, to the
// reason its calls are refused. A function's entry wins over its
// package's.
var worldReasons = map[string]string{
	"os":                   "staging code cannot do I/O or depend on the environment (no I/O, system calls or clocks during generation)",
	"io/ioutil":            "staging code cannot do I/O or depend on the environment (no I/O, system calls or clocks during generation)",
	"net":                  "staging code cannot do I/O or depend on the environment (no I/O, system calls or clocks during generation)",
	"syscall":              "staging code cannot do I/O or depend on the environment (no I/O, system calls or clocks during generation)",
	"bufio":                "staging code cannot do I/O or depend on the environment (no I/O, system calls or clocks during generation)",
	"time":                 "staging code cannot do I/O or depend on the environment (no I/O, system calls or clocks during generation)",
	"math/rand":            "staging code cannot do I/O or depend on the environment (no I/O, system calls or clocks during generation)",
	"os/exec":              "staging code cannot run other processes",
	"crypto/rand":          "staging code cannot do I/O or depend on the environment (it reads the system's entropy)",
	"crypto/tls":           "staging code cannot do I/O or depend on the environment (no I/O, system calls or clocks during generation)",
	"crypto/x509":          "staging code cannot do I/O or depend on the environment (it reads the system's certificates)",
	"runtime/debug":        "it controls or inspects the runtime of lmsgen, not of the program",
	"internal/godebug":     "it reads the running program's GODEBUG settings (its environment, and the defaults of its module's go version), which the generated code cannot read: it cannot import an internal package",
	"runtime/pprof":        "it controls or inspects the runtime of lmsgen, not of the program",
	"runtime.AddCleanup":   "cleanups run when the garbage collector decides, which static evaluation cannot reproduce",
	"runtime.Caller":       "it inspects the stack of the running program, whose frames are gc's (answered only for a skip beyond any stack, or within the program's own frames called by plain calls, its pc unused: callers.go)",
	"runtime.Callers":      "it inspects the stack of the running program, whose frames and program counters are gc's",
	"runtime.Stack":        "it inspects the stack of the running program, whose frames and program counters are gc's",
	"runtime.ReadMemStats": "it inspects the memory of lmsgen, not of the program",
	// Mapped memory can fault (a panic under debug.SetPanicOnFault),
	// which evaluating its reads and writes cannot follow.
	"syscall.Mmap":     "it maps memory whose reads and writes can fault, which static evaluation cannot follow",
	"syscall.Munmap":   "it maps memory whose reads and writes can fault, which static evaluation cannot follow",
	"syscall.Mprotect": "it maps memory whose reads and writes can fault, which static evaluation cannot follow",
}

// worldReason returns why a call of the function name of package pkg is
// refused, or "".
func worldReason(pkg, name string) string {
	if r, ok := worldReasons[name]; ok {
		return r
	}
	for p := pkg; p != ""; {
		if r, ok := worldReasons[p]; ok {
			return r
		}
		i := strings.LastIndex(p, "/")
		if i < 0 {
			break
		}
		p = p[:i]
	}
	return ""
}
