package bf

// Programs of the generated functions. Each reads its input: a C compiler
// cannot compute their output ahead.
const (
	// Reverse writes its input backwards (up to its first zero byte). It
	// uses len(input)+2 cells.
	Reverse = `>,[>,]<[.<]`

	// Checksum writes one byte: the sum of its input bytes (up to the
	// first zero byte) modulo 256. It uses 2 cells.
	Checksum = `
		>[-]<        clear the sum
		,[           for each input byte c
		  [->+<]     add c to the sum (a multiplication loop)
		,]
		>.           write the sum`

	// Squares writes c*c modulo 256 for each input byte c (up to the first
	// zero byte), by repeated addition in nested loops. It uses 5 cells.
	Squares = `
		>[-]>[-]>[-]>[-]<<<<  clear cells 1 to 4
		,[                    cell 0: c
		  [->+>+<<]           cells 1 and 2: c
		  >[                  c times:
		    >[->+>+<<]        add cell 2 to cells 3 and 4
		    >>[-<<+>>]        move cell 4 back to cell 2
		  <<<-]
		  >>.                 write cell 3
		  [-]<[-]<<           clear cells 3 and 2
		,]`
)
