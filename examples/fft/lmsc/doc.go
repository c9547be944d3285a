// Package lmsc holds the C specializations of package fft and their cgo
// bridge, written by go generate (lmsgen -lang=go,c): fft_lms.c, fft_lms.h
// and fft_lms.go, whose functions have the Go signatures of the Go
// specializations in ../fft_lms.go.
package lmsc
