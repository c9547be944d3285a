// Package lmsc holds the C specializations of package regex and their cgo
// bridge, written by go generate (lmsgen -lang=go,c): regex_lms.c, regex_lms.h
// and regex_lms.go, whose functions have the Go signatures of the Go
// specializations in ../regex_lms.go.
package lmsc
