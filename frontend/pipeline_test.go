package frontend_test

import (
	"github.com/lmsgen/lmsgen/frontend"
	"github.com/lmsgen/lmsgen/pipeline"
)

func init() {
	frontend.RunPipeline = func(cfg frontend.Config) (*frontend.Result, map[*frontend.Package][]byte, error) {
		st, err := pipeline.Run(pipeline.Config{Load: cfg, Go: true, Check: true})
		res := &frontend.Result{}
		src := map[*frontend.Package][]byte{}
		for _, p := range st.Packages {
			res.Packages = append(res.Packages, p.Package)
			for _, o := range p.Outputs {
				src[p.Package] = o.Data
			}
		}
		return res, src, err
	}
}
