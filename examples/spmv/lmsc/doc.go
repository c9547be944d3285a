// Package lmsc holds the C specializations of package spmv and their cgo
// bridge, written by go generate (lmsgen -lang=go,c): spmv_lms.c, spmv_lms.h
// and spmv_lms.go, whose functions have the Go signatures of the Go
// specializations in ../spmv_lms.go.
package lmsc
