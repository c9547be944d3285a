package frontend

import "golang.org/x/tools/go/ssa"

// This file follows the flags of package log in staged code. Package
// log's output is made by the generated code at run time (worldcall.go),
// with the date and time of that run, which is the program's answer: a
// program that logs at run time prints the time it runs. What the
// generated code cannot print as the program does is the file and line
// of the caller (log.Lshortfile, log.Llongfile): the caller is then the
// generated code. So no output call (Print*, Fatal*, Panic*, Output) is
// staged where the logger's flags may include them.
//
// log's standard logger is the process's: the flags a call of the
// generated code sets are those the next call starts with. So its flags
// are kept free of the two: a SetFlags of it — log.SetFlags, or SetFlags
// of a logger whose origin the evaluation does not follow, which may be
// it — is refused if its argument is a Rep or includes either flag, and
// its output is then always staged. (The evaluation assumes that the
// program did not set them before calling the generated code, outside
// it: its output would then name the generated code's lines.)
//
// A logger made by log.New in the staging function is the call's own:
// its flags are followed — the static flags of New, then of its SetFlags
// outside staged control; a Rep or a SetFlags under staged control (it
// may not run) makes them unknown — and its output is staged only while
// they are known and free of the two. A logger is followed by its Rep's
// identity: one carried through a staged loop or merged by a staged
// conditional is a new Rep, whose flags are not known, and log.Default's
// result is the standard logger.

// logFlags is what the evaluation knows of one logger's flags.
type logFlags struct {
	known bool // flags holds them
	flags int
}

const (
	logStdFlags  = 1 | 2  // log.LstdFlags: log.Ldate | log.Ltime
	logFileFlags = 8 | 16 // log.Llongfile | log.Lshortfile
)

// stdLog returns the flags of package log's standard logger.
func (ev *evaluator) stdLog() *logFlags {
	if ev.logStd == nil {
		ev.logStd = &logFlags{known: true, flags: logStdFlags}
	}
	return ev.logStd
}

// logCall follows, or refuses, the staged call name of package log
// (fn, with the arguments args, the receiver first for a method) before
// it is made.
func (fr *frame) logCall(name string, fn *ssa.Function, args []value) {
	ev := fr.ev
	lf := ev.stdLog()
	if fn.Signature.Recv() != nil {
		lf = nil
		if r, ok := ev.opaqueRep(ev.resolve(args[0])); ok {
			lf = ev.loggers[r]
		}
	}
	switch fn.Name() {
	case "SetFlags":
		f, static := ev.resolve(args[len(args)-1]).(int)
		switch {
		case lf == nil || lf == ev.stdLog():
			// The standard logger, or perhaps it.
			if !static {
				ev.fail("call of %s with a Rep: the standard logger's flags (this may be it) are the process's, which later calls of the generated code start with; with log.Lshortfile or log.Llongfile its output would name the generated code's lines, not the program's: set static flags", name)
			}
			if f&logFileFlags != 0 {
				ev.fail("call of %s with log.Lshortfile or log.Llongfile: the standard logger (this may be it) would print the generated code's file and line, not the program's, here and in later calls of the generated code", name)
			}
			*ev.stdLog() = logFlags{known: true, flags: f}
		case static && len(ev.regions) == 0:
			*lf = logFlags{known: true, flags: f}
		default:
			*lf = logFlags{}
		}
	case "Print", "Printf", "Println", "Fatal", "Fatalf", "Fatalln", "Panic", "Panicf", "Panicln", "Output":
		switch {
		case lf == nil:
			ev.fail("call of %s: the flags of this log.Logger are not known (it is not the result of log.New with static flags or of log.Default in the staging function, followed as one value): if they include log.Lshortfile or log.Llongfile, the generated code would print its own file and line, not the program's", name)
		case !lf.known:
			ev.fail("call of %s: the logger's flags are not known here (set to a Rep or under staged control): if they include log.Lshortfile or log.Llongfile, the generated code would print its own file and line, not the program's; call SetFlags with static flags outside staged control first", name)
		case lf.flags&logFileFlags != 0:
			ev.fail("call of %s: the logger's flags include log.Lshortfile or log.Llongfile: the generated code would print its own file and line, not the program's", name)
		}
	}
}

// logMade records the flags of a logger the staged call fn made (log.New,
// log.Default), whose result is v.
func (fr *frame) logMade(fn *ssa.Function, args []value, v value) {
	ev := fr.ev
	r, ok := v.(*rep)
	if !ok || fn.Signature.Recv() != nil {
		return
	}
	var lf *logFlags
	switch fn.Name() {
	case "New":
		f, static := ev.resolve(args[2]).(int)
		lf = &logFlags{known: static, flags: f}
	case "Default":
		lf = ev.stdLog()
	default:
		return
	}
	if ev.loggers == nil {
		ev.loggers = map[*rep]*logFlags{}
	}
	ev.loggers[r] = lf
}
