// Package lmsc holds the C specializations of package matmul and their cgo
// bridge, written by go generate (lmsgen -lang=go,c): matmul_lms.c, matmul_lms.h
// and matmul_lms.go, whose functions have the Go signatures of the Go
// specializations in ../matmul_lms.go.
package lmsc
