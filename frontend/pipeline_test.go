package frontend_test

import (
	"path/filepath"
	"strings"

	"github.com/lmsgen/lmsgen/frontend"
	"github.com/lmsgen/lmsgen/pipeline"
)

func init() {
	frontend.RunPipeline = func(cfg frontend.Config, tests bool) (*frontend.Result, map[*frontend.Package]frontend.Generated, error) {
		st, err := pipeline.Run(pipeline.Config{Load: cfg, Go: true, Tests: tests, Check: true})
		res := &frontend.Result{}
		gen := map[*frontend.Package]frontend.Generated{}
		for _, p := range st.Packages {
			res.Packages = append(res.Packages, p.Package)
			var g frontend.Generated
			for _, o := range p.Outputs {
				if strings.HasSuffix(filepath.Base(o.Path), "_test.go") {
					g.Test = o.Data
				} else {
					g.Go = o.Data
				}
			}
			gen[p.Package] = g
		}
		return res, gen, err
	}
}
