package ir

// Op is an operator. Its properties are in the table returned by Info.
type Op uint8

// The operators. Their printed names (Info(op).Name) follow the seeds where
// the seeds have them ("?", "W", "λ", "λforward", "@", "var_new", "printf").
const (
	OpInvalid Op = iota

	// Arithmetic and bitwise operators, Go's semantics for the operand type.
	OpAdd    // x + y (numbers; strings: see OpConcat)
	OpSub    // x - y
	OpMul    // x * y
	OpDiv    // x / y (integers: truncated; traps on a zero divisor)
	OpRem    // x % y (integers; traps on a zero divisor)
	OpNeg    // -x
	OpAnd    // x & y
	OpOr     // x | y
	OpXor    // x ^ y
	OpAndNot // x &^ y
	OpShl    // x << y (y any integer; traps if y < 0)
	OpShr    // x >> y (arithmetic for signed x)
	OpCom    // ^x
	OpNot    // !x

	// Comparisons, result bool.
	OpEq
	OpNe
	OpLt
	OpLe
	OpGt
	OpGe

	// Conversions and complex numbers.
	OpConv    // T(x) between basic types, or between a string and a byte or rune slice; the node's type is T
	OpReal    // real(x)
	OpImag    // imag(x)
	OpComplex // complex(re, im)

	// Structured control and functions.
	OpIf      // ? cond {then} {else}
	OpWhile   // W {cond} {body}
	OpLambda  // λ {body}
	OpForward // λforward f arity: forward declaration of the λ bound to f
	OpApply   // @ f args...

	// Variables.
	OpVarNew // var_new init
	OpVarGet // var_get v
	OpVarSet // var_set v x

	// Slices.
	OpSliceNew    // slice_new len cap
	OpSliceLen    // slice_len s
	OpSliceCap    // slice_cap s
	OpSliceGet    // slice_get s i
	OpSliceSet    // slice_set s i x
	OpSliceSub    // slice_sub s lo hi [max]
	OpAppend      // append s x...
	OpAppendSlice // append... s t
	OpCopy        // copy dst src
	OpSliceNil    // slice_nil: the nil slice of the node's type
	OpSliceIsNil  // slice_is_nil s: s == nil

	// Strings.
	OpStrLen   // str_len s
	OpStrIndex // str_index s i (a byte)
	OpConcat   // str_concat s t
	OpStrSlice // str_slice s lo hi

	// Output, panics, library calls, static data, tuples.
	OpPrintf   // printf format args... (fmt.Printf)
	OpPrint    // print args... (fmt.Print)
	OpPrintln  // println args... (fmt.Println)
	OpEprint   // eprint args... (the builtin print, to standard error)
	OpEprintln // eprintln args... (the builtin println)
	OpPanic    // panic msg
	OpCall     // call args... with Aux a Callee
	OpStatic   // staticData with Aux a *StaticData
	OpTuple    // tuple xs...: the results of a multi-result block
	OpProj     // proj t with Aux the index (an int)

	// Loops with generators (loop.go), lowered before scheduling.
	OpLoop  // loop size [src] zeros... {body} {combine}... with Aux a *Loop
	OpYield // yield [key] x with Aux a Yield

	// Indexes of distinct keys (keyindex.go), from the lowering of loops.
	OpIndexNew  // index_new: an empty index of keys of the type's Elem
	OpIndexSlot // index_slot ix k: k's slot in ix, k added with the next slot if new

	// The growth of a field of a slice of structs split per field (grow.go).
	OpGrow // grow s n with Aux a GrowElem

	// A field of an element of a slice of structs kept as an array of
	// structs (aos.go).
	OpFieldGet // field_get s i with Aux a FieldSel: s[i].F
	OpFieldSet // field_set s i x with Aux a FieldSel: s[i].F = x

	numOps
)

// Effect classifies what an operator does besides computing its value.
type Effect uint8

// The effect classes.
const (
	Pure    Effect = iota // no effect: CSE'd, moved freely (unless it can trap)
	Read                  // reads a mutable object
	Write                 // writes a mutable object or the control state
	Alloc                 // allocates a mutable object (reads STORE)
	Control               // structured: effects are the latent effects of its blocks
)

// Rule is an operator's typing rule.
type Rule uint8

// The typing rules.
const (
	RuleSame    Rule = iota // all value arguments and the result have one type
	RuleShift               // result is the type of the first argument; the second is an integer
	RuleCompare             // arguments of one type; result bool
	RuleGiven               // the builder's caller gives the result type
	RuleVoid                // no result
	RuleInt                 // result int
	RuleElem                // result is the element type of the first argument
	RuleFirst               // result is the type of the first argument
	RuleByte                // result uint8
)

// OpInfo is an operator's row in the table.
type OpInfo struct {
	Name        string
	Arity       int // number of expression arguments, -1 if variadic
	Blocks      int // number of block arguments, -1 if variable
	Rule        Rule
	Commutative bool
	Effect      Effect
	CanTrap     bool // may panic at run time (a division, an index, a call, ...)
	Lowered     bool // lowered before scheduling: code generators never see it
}

var opTable = [numOps]OpInfo{
	OpInvalid: {Name: "invalid"},

	OpAdd:    {Name: "+", Arity: 2, Commutative: true},
	OpSub:    {Name: "-", Arity: 2},
	OpMul:    {Name: "*", Arity: 2, Commutative: true},
	OpDiv:    {Name: "/", Arity: 2, CanTrap: true},
	OpRem:    {Name: "%", Arity: 2, CanTrap: true},
	OpNeg:    {Name: "neg", Arity: 1},
	OpAnd:    {Name: "&", Arity: 2, Commutative: true},
	OpOr:     {Name: "|", Arity: 2, Commutative: true},
	OpXor:    {Name: "^", Arity: 2, Commutative: true},
	OpAndNot: {Name: "&^", Arity: 2},
	OpShl:    {Name: "<<", Arity: 2, Rule: RuleShift, CanTrap: true},
	OpShr:    {Name: ">>", Arity: 2, Rule: RuleShift, CanTrap: true},
	OpCom:    {Name: "com", Arity: 1},
	OpNot:    {Name: "!", Arity: 1},

	OpEq: {Name: "==", Arity: 2, Rule: RuleCompare, Commutative: true},
	OpNe: {Name: "!=", Arity: 2, Rule: RuleCompare, Commutative: true},
	OpLt: {Name: "<", Arity: 2, Rule: RuleCompare},
	OpLe: {Name: "<=", Arity: 2, Rule: RuleCompare},
	OpGt: {Name: ">", Arity: 2, Rule: RuleCompare},
	OpGe: {Name: ">=", Arity: 2, Rule: RuleCompare},

	OpConv:    {Name: "conv", Arity: 1, Rule: RuleGiven},
	OpReal:    {Name: "real", Arity: 1, Rule: RuleGiven},
	OpImag:    {Name: "imag", Arity: 1, Rule: RuleGiven},
	OpComplex: {Name: "complex", Arity: 2, Rule: RuleGiven},

	OpIf:      {Name: "?", Arity: 1, Blocks: 2, Rule: RuleGiven, Effect: Control},
	OpWhile:   {Name: "W", Blocks: 2, Rule: RuleVoid, Effect: Control},
	OpLambda:  {Name: "λ", Blocks: 1, Rule: RuleGiven, Effect: Control},
	OpForward: {Name: "λforward", Arity: 2, Rule: RuleGiven},
	OpApply:   {Name: "@", Arity: -1, Rule: RuleGiven, Effect: Control, CanTrap: true},

	OpVarNew: {Name: "var_new", Arity: 1, Rule: RuleFirst, Effect: Alloc},
	OpVarGet: {Name: "var_get", Arity: 1, Rule: RuleFirst, Effect: Read},
	OpVarSet: {Name: "var_set", Arity: 2, Rule: RuleVoid, Effect: Write},

	OpSliceNew:    {Name: "slice_new", Arity: 2, Rule: RuleGiven, Effect: Alloc, CanTrap: true},
	OpSliceLen:    {Name: "slice_len", Arity: 1, Rule: RuleInt},
	OpSliceCap:    {Name: "slice_cap", Arity: 1, Rule: RuleInt},
	OpSliceGet:    {Name: "slice_get", Arity: 2, Rule: RuleElem, Effect: Read, CanTrap: true},
	OpSliceSet:    {Name: "slice_set", Arity: 3, Rule: RuleVoid, Effect: Write, CanTrap: true},
	OpSliceSub:    {Name: "slice_sub", Arity: -1, Rule: RuleFirst, CanTrap: true},
	OpAppend:      {Name: "append", Arity: -1, Rule: RuleFirst, Effect: Write},
	OpAppendSlice: {Name: "append...", Arity: 2, Rule: RuleFirst, Effect: Write},
	OpCopy:        {Name: "copy", Arity: 2, Rule: RuleInt, Effect: Write},
	OpSliceNil:    {Name: "slice_nil", Rule: RuleGiven},
	OpSliceIsNil:  {Name: "slice_is_nil", Arity: 1, Rule: RuleGiven},

	OpStrLen:   {Name: "str_len", Arity: 1, Rule: RuleInt},
	OpStrIndex: {Name: "str_index", Arity: 2, Rule: RuleByte, CanTrap: true},
	OpConcat:   {Name: "str_concat", Arity: 2, Rule: RuleSame},
	OpStrSlice: {Name: "str_slice", Arity: 3, Rule: RuleFirst, CanTrap: true},

	OpPrintf:   {Name: "printf", Arity: -1, Rule: RuleVoid, Effect: Write},
	OpPrint:    {Name: "print", Arity: -1, Rule: RuleVoid, Effect: Write},
	OpPrintln:  {Name: "println", Arity: -1, Rule: RuleVoid, Effect: Write},
	OpEprint:   {Name: "eprint", Arity: -1, Rule: RuleVoid, Effect: Write},
	OpEprintln: {Name: "eprintln", Arity: -1, Rule: RuleVoid, Effect: Write},
	OpPanic:    {Name: "panic", Arity: 1, Rule: RuleVoid, Effect: Write},
	OpCall:     {Name: "call", Arity: -1, Rule: RuleGiven, CanTrap: true},
	OpStatic:   {Name: "staticData", Arity: 0, Rule: RuleGiven},
	OpTuple:    {Name: "tuple", Arity: -1, Rule: RuleGiven},
	OpProj:     {Name: "proj", Arity: 1, Rule: RuleGiven},

	OpLoop:  {Name: "loop", Arity: -1, Blocks: -1, Rule: RuleGiven, Effect: Control, Lowered: true},
	OpYield: {Name: "yield", Arity: -1, Rule: RuleVoid, Effect: Write, Lowered: true},

	OpIndexNew:  {Name: "index_new", Rule: RuleGiven, Effect: Alloc},
	OpIndexSlot: {Name: "index_slot", Arity: 2, Rule: RuleInt, Effect: Write},

	OpGrow: {Name: "grow", Arity: 2, Rule: RuleFirst, Effect: Write},

	OpFieldGet: {Name: "field_get", Arity: 2, Rule: RuleGiven, Effect: Read, CanTrap: true},
	OpFieldSet: {Name: "field_set", Arity: 3, Rule: RuleVoid, Effect: Write, CanTrap: true},
}

// Info returns the properties of op.
func (op Op) Info() *OpInfo { return &opTable[op] }

func (op Op) String() string { return opTable[op].Name }

// Ops returns every valid operator, in table order.
func Ops() []Op {
	ops := make([]Op, 0, numOps-1)
	for op := OpInvalid + 1; op < numOps; op++ {
		ops = append(ops, op)
	}
	return ops
}

// Callee names a known library function called by an OpCall node.
type Callee struct {
	Pkg  string // import path, e.g. "math"
	Name string // e.g. "Sqrt"
	Pure bool   // no effect: the call may be CSE'd, moved and removed
	Trap bool   // may panic
	// Method: the call of method Name of its first argument (Pkg is
	// empty), a value of an opaque type (opaque.go).
	Method bool
	// ID, if not 0, tells apart calls with equal arguments that make a
	// new object each (fmt.Errorf, errors.New): CSE must not merge them.
	ID int
	// Convs says how each argument is passed when its parameter's Go
	// type is not its graph type (EncodeConvs); "" when every one is.
	Convs string
	// Res, if not zero, is the declared type of the single result, over
	// its graph type (time.Duration over int64): the emitter converts the
	// result to the graph type.
	Res GoName
	// Defer: the call is deferred to the return of the generated
	// function, as Go's defer statement does (opaque.go).
	Defer bool
	// Field: not a call but the load of field Name of its first
	// argument, or with a second argument the store of it there
	// (opaque.go).
	Field bool
}

func (c Callee) String() string {
	if c.Defer {
		c.Defer = false
		return "defer " + c.String()
	}
	if c.Field {
		return "(...).field " + c.Name
	}
	if c.Method {
		return "(...)." + c.Name
	}
	return c.Pkg + "." + c.Name
}

// StaticData is the payload of an OpStatic node: a table known at
// generation time, emitted as package-level data. Vals is a Go slice of
// the element type's Go values ([]float64 for a []float64 table).
type StaticData struct {
	Vals any
}
