// uPlot's stylesheet imported as text (esbuild `with { type: 'text' }`) and adopted as a
// constructed sheet, so the bundle ships it and the CSP needs no inline styles.
declare module 'uplot/dist/uPlot.min.css' {
  const css: string;
  export default css;
}
