package main

import (
	"errors"
	"fmt"
	"go/token"
	"path/filepath"
	"regexp"
	"strings"

	"github.com/lmsgen/lmsgen/frontend"
	"github.com/lmsgen/lmsgen/gogen"
	"github.com/lmsgen/lmsgen/pipeline"
)

// emitFailure turns the failure of an emitter writing the file at path into
// the errors to report, at the directive of the specialization concerned:
// a name gogen cannot declare, or code nesting deeper than Go's parser
// accepts (gogen.ErrNesting), is the user's to change; any other failure
// to format is a BUG. Nothing is written, except with -d=broken the
// unformatted text, kept as <file>.broken.
func emitFailure(keepBroken bool, b *pipeline.BrokenOutput) error {
	p, path, data := b.Pkg, b.Path, b.Data
	var errs frontend.ErrorList
	for _, e := range flatten(b.Err) {
		errs = append(errs, positionEmitError(p, e))
	}
	if keepBroken && len(data) > 0 {
		if werr := writeBroken(path, data); werr == nil {
			errs = append(errs, &frontend.Error{Pos: token.Position{Filename: path + ".broken", Line: 1, Column: 1},
				Msg: fmt.Sprintf("the unformatted output of %s is kept here (-d=broken)", filepath.Base(path))})
		}
	}
	return errs
}

// positionEmitError returns an emitter's error at the directive of the
// specialization it names (a gogen.FuncError, or a message naming the
// specialization as "NAME:" or "name NAME"), else at the first directive
// of the package.
func positionEmitError(p *frontend.Package, err error) *frontend.Error {
	var fe *frontend.Error
	if errors.As(err, &fe) && fe.Pos.IsValid() {
		return fe
	}
	msg := err.Error()
	if positioned.MatchString(msg) {
		return &frontend.Error{Msg: msg}
	}
	var spec *frontend.Spec
	var ge *gogen.FuncError
	if errors.As(err, &ge) {
		spec = specNamed(p, ge.Func)
		msg = ge.Func + ": " + ge.Err.Error()
	} else {
		for _, s := range p.Specs {
			if strings.Contains(msg, " "+s.Name+":") || strings.Contains(msg, "name "+s.Name+" ") {
				spec = s
				break
			}
		}
	}
	switch {
	case errors.Is(err, gogen.ErrNesting):
		msg += " (bind intermediate values to variables with stage.Let, or keep the loop that builds the chain a loop of the generated code with a Rep condition)"
	case strings.Contains(msg, "does not format"):
		msg = "BUG: " + msg
	}
	if spec == nil && len(p.Specs) > 0 {
		spec = p.Specs[0]
	}
	if spec == nil {
		return &frontend.Error{Msg: msg}
	}
	return &frontend.Error{Pos: spec.Pos, Msg: msg}
}

// positioned matches a message that starts with its position.
var positioned = regexp.MustCompile(`^\S+:[0-9]+:[0-9]+: `)

func specNamed(p *frontend.Package, name string) *frontend.Spec {
	for _, s := range p.Specs {
		if s.Name == name {
			return s
		}
	}
	return nil
}
