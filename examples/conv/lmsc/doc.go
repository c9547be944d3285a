// Package lmsc holds the C specializations of package conv and their cgo
// bridge, written by go generate (lmsgen -lang=go,c): conv_lms.c, conv_lms.h
// and conv_lms.go, whose functions have the Go signatures of the Go
// specializations in ../conv_lms.go.
package lmsc
