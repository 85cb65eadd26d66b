import { mkdirSync, readdirSync, readFileSync, renameSync, statSync, writeFileSync } from "node:fs"
import path from "node:path"
import ts from "typescript"

/**
 * The framework-free part of the package as it ships: `.medusa/server/src/tikkie`, what `npm run build`
 * (`medusa plugin:build`) emits and what the `./tikkie` and `./sandbox` exports point at.
 *
 * `npm install` builds it (`prepare`), but a checkout can hold output older than the source. When
 * `.medusa/server/src/tikkie/index.js` is missing or older than the newest file under src/tikkie,
 * this rebuilds that directory only, file by file with TypeScript's own emitter and the project's
 * compiler options (about a second, instead of a full plugin build with type checking and the admin
 * bundle; the emitted JavaScript is the same). Each file is written under a temporary name and renamed,
 * and the index last, so a process reading the output never sees half a file or a fresh index over
 * stale modules, even when two test runs rebuild at once.
 */
export const ROOT = path.resolve(__dirname, "../..")
const SOURCE = path.join(ROOT, "src/tikkie")
const OUT_ROOT = path.join(ROOT, ".medusa/server")
export const BUILT_TIKKIE_INDEX = path.join(OUT_ROOT, "src/tikkie/index.js")
export const BUILT_SANDBOX_INDEX = path.join(OUT_ROOT, "src/tikkie/sandbox/index.js")

function sourceFiles(dir: string, out: string[] = []): string[] {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name)
    if (e.isDirectory()) sourceFiles(p, out)
    else out.push(p)
  }
  return out
}

function mtimeMs(file: string): number | undefined {
  try {
    return statSync(file).mtimeMs
  } catch {
    return undefined
  }
}

/** True when the built index is missing or older than some file under src/tikkie. */
export function tikkieBuildIsStale(): boolean {
  const built = mtimeMs(BUILT_TIKKIE_INDEX)
  if (built === undefined) return true
  return sourceFiles(SOURCE).some((f) => (mtimeMs(f) ?? 0) > built)
}

function compilerOptions(): ts.CompilerOptions {
  const parsed = ts.getParsedCommandLineOfConfigFile(path.join(ROOT, "tsconfig.json"), {}, {
    ...ts.sys,
    onUnRecoverableConfigFileDiagnostic: (d) => {
      throw new Error(ts.flattenDiagnosticMessageText(d.messageText, "\n"))
    },
  })
  if (!parsed) throw new Error("cannot read tsconfig.json")
  // As `medusa plugin:build` emits it (inline source maps when sourceMap is off); Node16 modules in
  // this CommonJS package come out as CommonJS, which transpileModule has to be told.
  return {
    ...parsed.options,
    inlineSourceMap: !parsed.options.sourceMap,
    module: ts.ModuleKind.CommonJS,
    moduleResolution: ts.ModuleResolutionKind.Node10,
    noEmit: false,
  }
}

/** Rebuilds `.medusa/server/src/tikkie` when it is stale; tells whether it did. */
export function ensureTikkieBuilt(): { rebuilt: boolean } {
  if (!tikkieBuildIsStale()) return { rebuilt: false }
  const options = compilerOptions()
  const files = sourceFiles(SOURCE)
    .filter((f) => f.endsWith(".ts") && !f.endsWith(".d.ts"))
    // Index files last, the package's own index at the very end (its age is what tikkieBuildIsStale reads).
    .sort((a, b) => rankForWriting(a) - rankForWriting(b))
  for (const file of files) {
    const out = ts.transpileModule(readFileSync(file, "utf8"), { fileName: file, compilerOptions: options })
    const target = path.join(OUT_ROOT, path.relative(ROOT, file)).replace(/\.ts$/, ".js")
    mkdirSync(path.dirname(target), { recursive: true })
    const temp = `${target}.${process.pid}.tmp`
    writeFileSync(temp, out.outputText)
    renameSync(temp, target)
  }
  return { rebuilt: true }
}

function rankForWriting(file: string): number {
  if (file === path.join(SOURCE, "index.ts")) return 2
  return path.basename(file) === "index.ts" ? 1 : 0
}
