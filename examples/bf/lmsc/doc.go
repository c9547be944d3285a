// Package lmsc holds the C specializations of package bf and their cgo
// bridge, written by go generate (lmsgen -lang=go,c): bf_lms.c, bf_lms.h
// and bf_lms.go, whose functions have the Go signatures of the Go
// specializations in ../bf_lms.go.
package lmsc
