// Bundles src/index.ts (and src/widget.css) into ../deepsea_widget/static/,
// the files that deepsea_widget.widget.Board points _esm and _css at, and
// src/figure.ts, the _esm of the figure widget that draws the odds panels (deepsea_widget.figure).
// `node build.mjs --watch` rebuilds on change (use with ANYWIDGET_HMR=1).
import * as esbuild from "esbuild";
import { fileURLToPath } from "node:url";

const here = fileURLToPath(new URL(".", import.meta.url));
const watch = process.argv.includes("--watch");

const options = {
  absWorkingDir: here,
  entryPoints: [
    { in: "src/index.ts", out: "widget" },
    { in: "src/widget.css", out: "widget" },
    { in: "src/figure.ts", out: "figure" },
  ],
  outdir: "../deepsea_widget/static",
  bundle: true,
  format: "esm",
  target: "es2020",
  minify: !watch,
  sourcemap: watch ? "inline" : false,
  // Same as the CLI's --define:define.amd=false: stops any UMD code in the
  // bundle from registering itself with the page's AMD loader (RequireJS).
  define: { "define.amd": "false" },
  logLevel: "info",
};

if (watch) {
  const ctx = await esbuild.context(options);
  await ctx.watch();
} else {
  await esbuild.build(options);
}
