package frontend_test

import (
	"bytes"

	"github.com/lmsgen/lmsgen/frontend"
	"github.com/lmsgen/lmsgen/ir"
	"github.com/lmsgen/lmsgen/pipeline"
	"github.com/lmsgen/lmsgen/sched"
)

func init() {
	frontend.LoopStages = func(cfg frontend.Config) (map[string][2][]byte, []frontend.StageOutput, error) {
		st, err := pipeline.Run(pipeline.Config{Load: cfg, Until: "evaluate", Check: true})
		if err != nil {
			return nil, nil, err
		}
		graphs := map[string][2][]byte{}
		for _, p := range st.Packages {
			for _, s := range p.Specs {
				g := ir.DCE(s.Graph)
				var built, fused bytes.Buffer
				ir.Fprint(&built, g)
				ir.Fprint(&fused, ir.DCE(sched.FuseLoops(sched.SplitConditionals(g))))
				graphs[s.Name] = [2][]byte{built.Bytes(), fused.Bytes()}
			}
		}
		st, err = pipeline.Run(pipeline.Config{Load: cfg, Go: true, C: true, Tests: true, Check: true})
		if err != nil {
			return nil, nil, err
		}
		var outs []frontend.StageOutput
		for _, o := range st.Outputs() {
			outs = append(outs, frontend.StageOutput{Path: o.Path, Data: o.Data})
		}
		return graphs, outs, nil
	}
}
