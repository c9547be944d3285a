// Package explain writes the page that shows what lmsgen did to a
// package: <pkg>_lms_explain.html (lmsgen -explain), one self-contained
// HTML file that needs no network. A package whose page would pass 8 MB
// gets a directory, <pkg>_lms_explain, of one such page per
// specialization and an index (pages.go).
//
// Each specialization has a section with six columns, tied together by
// the graph's symbols:
//
//   - the staging source, with binding times: the tokens that became
//     staged operations (Rep), those that became staged control (if, for,
//     staged functions), the rest static (evaluated by lmsgen);
//   - the graph as a drawing, laid out here (layout.go: layered, with the
//     blocks of a node drawn as boxes inside it) as SVG, with data, hard
//     and soft effect edges; pan and zoom, blocks fold;
//   - the graph after evaluation and after each graph pass of the
//     pipeline, nodes added, removed or rewritten by the pass marked;
//   - the schedule (nested blocks) and every code-motion decision of the
//     scheduler with its reason, and the nodes written inline at their use;
//   - the generated Go and C, each line with the node it was written for
//     (ir.LineMap, the map lmsgen -linemap writes as line directives).
//
// A click on anything that stands for a node highlights that node in
// every column: its source token, its drawing, its line in each pass and
// in the schedule, and the lines of Go and C written for it (a node
// written inline counts with the statement it is written in). The page's
// script and style (page.js, page.css) are small, hand-written and
// embedded: nothing is loaded from elsewhere.
//
// The package reads the staging source files named by the graph's
// positions; everything else it is given. Its output is deterministic.
package explain
