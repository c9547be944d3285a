module github.com/lmsgen/lmsgen

go 1.26
