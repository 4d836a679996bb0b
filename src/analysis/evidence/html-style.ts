// The bundle's stylesheet: readable light by default, dark when the reader's system asks
// for it, and plain black on white on paper (tables and figures kept whole, link targets
// printed). Inline (the CSP allows inline styles, nothing else).
export const EVIDENCE_CSS = `
:root {
  color-scheme: light dark;
  --fg: #1f2328; --muted: #59636e; --bg: #ffffff; --panel: #f6f8fa; --border: #d0d7de; --link: #0969da;
  --ok: #1a7f37; --warn: #9a6700; --bad: #cf222e; --unknown: #59636e;
}
@media (prefers-color-scheme: dark) {
  :root {
    --fg: #e6edf3; --muted: #9198a1; --bg: #0d1117; --panel: #161b22; --border: #30363d; --link: #4493f8;
    --ok: #3fb950; --warn: #d29922; --bad: #f85149; --unknown: #9198a1;
  }
}
* { box-sizing: border-box; }
body { margin: 2rem auto; max-width: 72rem; padding: 0 1.25rem; color: var(--fg); background: var(--bg);
  font: 15px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
h1 { font-size: 1.6rem; margin: .2rem 0 .6rem; overflow-wrap: anywhere; }
h2 { font-size: 1.2rem; margin: 2rem 0 .6rem; padding-bottom: .2rem; border-bottom: 1px solid var(--border); }
a { color: var(--link); overflow-wrap: anywhere; }
.eyebrow { margin: 0; color: var(--muted); text-transform: uppercase; letter-spacing: .06em; font-size: .8rem; }
.meta { display: grid; grid-template-columns: max-content 1fr; gap: .15rem 1rem; margin: .5rem 0; }
.meta dt { color: var(--muted); }
.meta dd { margin: 0; overflow-wrap: anywhere; }
.note { color: var(--muted); font-size: .9rem; }
.verdict { border-left: 6px solid var(--unknown); background: var(--panel); padding: .6rem 1rem;
  border-radius: 0 6px 6px 0; }
.verdict.grade-ok { border-left-color: var(--ok); }
.verdict.grade-warn { border-left-color: var(--warn); }
.verdict.grade-bad { border-left-color: var(--bad); }
.verdict .grade { font-weight: 600; margin: 0 0 .3rem; }
.verdict ul { margin: .2rem 0 .6rem; padding-left: 1.2rem; }
table { border-collapse: collapse; width: 100%; margin: .4rem 0; font-size: .92rem; }
th, td { text-align: left; vertical-align: top; padding: .3rem .5rem; border-bottom: 1px solid var(--border);
  overflow-wrap: anywhere; }
th { color: var(--muted); font-weight: 600; overflow-wrap: normal; }
td.short { white-space: nowrap; overflow-wrap: normal; }
table.facts th { width: 16rem; }
pre { background: var(--panel); border: 1px solid var(--border); border-radius: 6px; padding: .75rem; overflow-x: auto;
  font: 12.5px/1.45 ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; white-space: pre; }
figure { margin: 1rem 0; }
figcaption { color: var(--muted); font-size: .88rem; margin-top: .3rem; }
svg.evidence-figure { display: block; max-width: 100%; height: auto; border: 1px solid var(--border);
  border-radius: 4px; }
.url { color: var(--muted); font-size: .85rem; overflow-wrap: anywhere; }
footer { margin: 3rem 0 1rem; color: var(--muted); font-size: .85rem; }
@media print {
  :root { color-scheme: light; --fg: #000; --muted: #444; --bg: #fff; --panel: #f4f4f4; --border: #bbb; --link: #000; }
  body { margin: 0; max-width: none; font-size: 10.5pt; }
  pre { white-space: pre-wrap; overflow-wrap: anywhere; font-size: 8.5pt; }
  figure, tr, .verdict { break-inside: avoid; }
  h2 { break-after: avoid; }
  .links a[href^="http"]::after { content: " <" attr(href) ">"; font-size: 85%; }
}
`;
