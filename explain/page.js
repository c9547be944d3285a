// The page's behaviour: highlight a node in every column of its
// section, pan and zoom the graph, fold its blocks. No library.
(function () {
  "use strict";

  // highlight marks the elements of sec that stand for the nodes ns (a
  // source token or a line may stand for several), and scrolls each
  // column to its first one. Edges are marked when they touch ns[0].
  function highlight(sec, ns) {
    sec.querySelectorAll(".hl").forEach(function (e) { e.classList.remove("hl"); });
    ns.forEach(function (n) {
      sec.querySelectorAll('[data-n~="' + n + '"]').forEach(function (e) {
        if (e.tagName === "path") {
          var ends = e.getAttribute("data-n").split(" ");
          if (ends[0] !== ns[0] && ends[1] !== ns[0]) return;
        }
        e.classList.add("hl");
      });
    });
    sec.querySelectorAll(".col .body").forEach(function (body) {
      var first = body.querySelector("g.n.hl") || body.querySelector(".hl");
      if (!first) return;
      if (first.closest("svg")) {
        focusGraph(first.closest("svg"), first);
        return;
      }
      var top = first.getBoundingClientRect().top - body.getBoundingClientRect().top + body.scrollTop;
      body.scrollTop = Math.max(0, top - body.clientHeight / 3);
    });
  }

  document.addEventListener("click", function (ev) {
    var t = ev.target;
    if (t.classList && t.classList.contains("fold")) {
      t.parentNode.classList.toggle("folded");
      t.textContent = (t.parentNode.classList.contains("folded") ? "▸" : "▾") + t.textContent.slice(1);
      return;
    }
    var el = t.closest && t.closest("[data-n]");
    var sec = t.closest && t.closest("section.spec");
    if (!el || !sec || el.tagName === "path") return;
    if (el.closest("svg") && el.closest("svg").dataset.dragged === "1") return;
    highlight(sec, el.getAttribute("data-n").split(" "));
  });

  // Pan and zoom: the view box of each graph.
  function box(svg) {
    return svg.getAttribute("viewBox").split(" ").map(Number);
  }
  function setBox(svg, b) {
    svg.setAttribute("viewBox", b.map(function (v) { return v.toFixed(1); }).join(" "));
  }
  // toGraph converts a point of the window to the graph's coordinates.
  function toGraph(svg, x, y) {
    var r = svg.getBoundingClientRect(), b = box(svg);
    var s = Math.max(b[2] / r.width, b[3] / r.height);
    var cx = b[0] + b[2] / 2, cy = b[1] + b[3] / 2;
    return [cx + (x - r.left - r.width / 2) * s, cy + (y - r.top - r.height / 2) * s, s];
  }
  // focusGraph centers the graph on element el, zooming in when the
  // graph is shown too small to read.
  function focusGraph(svg, el) {
    var bb = el.getBBox(), b = box(svg), r = svg.getBoundingClientRect();
    var w = b[2], h = b[3];
    if (r.width > 0 && w / r.width > 2) { w = r.width * 1.5; h = r.height * 1.5; }
    var fit = Math.max(bb.width * 1.1 / w, bb.height * 1.1 / h, 1);
    w *= fit; h *= fit;
    setBox(svg, [bb.x + bb.width / 2 - w / 2, bb.y + bb.height / 2 - h / 2, w, h]);
  }
  // fitGraph shows the whole drawing of a graph centred in its view, the
  // view box taking the view's proportions (so that panning and zooming
  // move the drawing by whole pixels).
  function fitGraph(svg) {
    var r = svg.getBoundingClientRect();
    if (r.width === 0 || r.height === 0) return;
    var bb = svg.getBBox();
    var s = Math.max(bb.width / r.width, bb.height / r.height) * 1.04;
    var w = r.width * s, h = r.height * s;
    setBox(svg, [bb.x + bb.width / 2 - w / 2, bb.y + bb.height / 2 - h / 2, w, h]);
  }
  document.querySelectorAll("svg.g").forEach(function (svg) {
    fitGraph(svg);
    svg.addEventListener("wheel", function (ev) {
      ev.preventDefault();
      var p = toGraph(svg, ev.clientX, ev.clientY), b = box(svg);
      var f = ev.deltaY > 0 ? 1.2 : 1 / 1.2;
      setBox(svg, [p[0] - (p[0] - b[0]) * f, p[1] - (p[1] - b[1]) * f, b[2] * f, b[3] * f]);
    }, { passive: false });
    var drag = null;
    svg.addEventListener("mousedown", function (ev) {
      drag = { x: ev.clientX, y: ev.clientY, b: box(svg), s: toGraph(svg, 0, 0)[2] };
      svg.dataset.dragged = "0";
    });
    window.addEventListener("mousemove", function (ev) {
      if (!drag) return;
      var dx = ev.clientX - drag.x, dy = ev.clientY - drag.y;
      if (Math.abs(dx) + Math.abs(dy) > 3) svg.dataset.dragged = "1";
      setBox(svg, [drag.b[0] - dx * drag.s, drag.b[1] - dy * drag.s, drag.b[2], drag.b[3]]);
    });
    window.addEventListener("mouseup", function () { drag = null; });
  });
})();
