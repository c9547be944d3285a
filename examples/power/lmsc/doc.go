// Package lmsc holds the C specializations of package power and their cgo
// bridge, written by go generate (lmsgen -lang=go,c): power_lms.c, power_lms.h
// and power_lms.go, whose functions have the Go signatures of the Go
// specializations in ../power_lms.go.
package lmsc
