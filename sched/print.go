package sched

import (
	"io"
	"strings"

	"github.com/lmsgen/lmsgen/ir"
)

// Fprint writes the schedule as nested blocks: the top-level block's
// header in the seeds' format, then its nodes in order, each block of a
// node indented under it with its name; inlined nodes are marked "inline".
//
//	================ Block(List(x1),x10,x0,[CTRL*: _ | x10]) ==============
//	x2 = (printf hello, world1)  [CTRL*: _ | x0]
//	x3 = (printf hello, world2)  [CTRL*: _ | x2]
//	x4 = (> x1 0)  inline
//	x10 = (? x4 Block(List(),x7,x5,[CTRL*: _ | x6]) Block(List(),x9,x8,[: _ | x8])) [CTRL*: _ | x3]
//	  x10.then:
//	    x6 = (printf hello, world3)  [CTRL*: _ | x5]
//	    x7 = (+ x1 1)  inline
//	  x10.else:
//	    x9 = (+ x1 2)  inline
func Fprint(w io.Writer, s *Schedule) error {
	var sb strings.Builder
	sb.WriteString("================ ")
	sb.WriteString(ir.FormatBlock(s.g.Block))
	sb.WriteString(" ==============\n")
	s.fprintBlock(&sb, 0, "")
	_, err := io.WriteString(w, sb.String())
	return err
}

// String returns the schedule as Fprint writes it.
func (s *Schedule) String() string {
	var sb strings.Builder
	Fprint(&sb, s)
	return sb.String()
}

func (s *Schedule) fprintBlock(sb *strings.Builder, id int32, indent string) {
	for k := s.start[id]; k < s.start[id+1]; k++ {
		j := s.list[k]
		n := s.g.Nodes[j]
		sb.WriteString(indent)
		sb.WriteString(strings.TrimRight(ir.FormatNode(n), " "))
		if s.inl[k] {
			sb.WriteString("  inline")
		}
		sb.WriteByte('\n')
		for c := range n.Blocks {
			cb := s.firstBlock[j] + int32(c)
			sb.WriteString(indent + "  " + s.blockName(cb) + ":\n")
			s.fprintBlock(sb, cb, indent+"    ")
		}
	}
}
