// A learner's copy compiled on its own: its src/ goes through the TypeScript compiler into a
// temporary folder outside the repository, never through the repository's build, so one type
// error neither stops the run nor leaves an old report behind. The compiler emits JavaScript even
// where types are wrong; each export whose file has an error is marked broken, and only the rules
// that need it fail, with the compiler's messages in their output.
import { chmodSync, existsSync, mkdtempSync, readdirSync, statSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join, relative, resolve } from "node:path";
import type * as Ts from "typescript";
import { REPO_ROOT } from "./paths.js";

export interface CompiledCopy {
  /** The compiled index.js the host loads. */
  readonly entry: string;
  /** The temporary folder (the caller removes it). */
  readonly outDir: string;
  /** Export name -> the compiler's errors in the file that declares it. */
  readonly broken: ReadonlyMap<string, string>;
  /** Every error, formatted, for the report. */
  readonly diagnostics: readonly string[];
}

/** True for a folder that holds a learner copy's TypeScript (src/index.ts). */
export function isLearnerCopy(path: string): boolean {
  return existsSync(join(path, "src", "index.ts")) && statSync(join(path, "src")).isDirectory();
}

function tsFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return tsFiles(path);
    return entry.name.endsWith(".ts") && !entry.name.endsWith(".d.ts") ? [path] : [];
  });
}

/** Lets the unprivileged host read (never write) what it will load. */
function readableByAll(path: string): void {
  const stat = statSync(path);
  chmodSync(path, stat.isDirectory() ? 0o755 : 0o644);
  if (stat.isDirectory()) for (const name of readdirSync(path)) readableByAll(join(path, name));
}

export function compileLearnerCopy(copy: string): CompiledCopy {
  const ts = createRequire(join(REPO_ROOT, "package.json"))("typescript") as typeof Ts;
  const srcDir = resolve(copy, "src");
  const outDir = mkdtempSync(join(tmpdir(), "workbook-learner-"));
  const options: Ts.CompilerOptions = {
    target: ts.ScriptTarget.ES2022,
    lib: ["lib.es2022.d.ts"],
    module: ts.ModuleKind.Node16,
    moduleResolution: ts.ModuleResolutionKind.Node16,
    types: ["node"],
    typeRoots: [join(REPO_ROOT, "node_modules", "@types")],
    strict: true,
    noUncheckedIndexedAccess: true,
    exactOptionalPropertyTypes: true,
    noImplicitOverride: true,
    esModuleInterop: true,
    skipLibCheck: true,
    rootDir: srcDir,
    outDir,
    noEmitOnError: false,
    declaration: false,
    sourceMap: false,
    baseUrl: srcDir,
    // The root and its namespaces (mcp-workbook/agent, ...), for a copy that lives outside the repository.
    paths: {
      "mcp-workbook": [join(REPO_ROOT, "lib", "dist", "index.d.ts")],
      "mcp-workbook/*": [join(REPO_ROOT, "lib", "dist", "*", "index.d.ts")],
    },
  };
  const program = ts.createProgram(tsFiles(srcDir), options);
  program.emit();
  const all = ts.getPreEmitDiagnostics(program);
  const format = (diagnostic: Ts.Diagnostic): string => {
    const text = ts.flattenDiagnosticMessageText(diagnostic.messageText, "\n");
    if (diagnostic.file === undefined || diagnostic.start === undefined) return `error TS${diagnostic.code}: ${text}`;
    const { line, character } = diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start);
    return `${relative(copy, diagnostic.file.fileName)}(${line + 1},${character + 1}): error TS${diagnostic.code}: ${text}`;
  };
  const byFile = new Map<string, string[]>();
  for (const diagnostic of all) {
    if (diagnostic.category !== ts.DiagnosticCategory.Error) continue;
    const file = diagnostic.file?.fileName ?? "(project)";
    byFile.set(file, [...(byFile.get(file) ?? []), format(diagnostic)]);
  }
  const broken = new Map<string, string>();
  const checker = program.getTypeChecker();
  const index = program.getSourceFile(join(srcDir, "index.ts"));
  const moduleSymbol = index ? checker.getSymbolAtLocation(index) : undefined;
  for (const symbol of moduleSymbol ? checker.getExportsOfModule(moduleSymbol) : []) {
    const target = symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
    const file = target.declarations?.[0]?.getSourceFile().fileName;
    const errors = file === undefined ? undefined : byFile.get(file);
    if (errors !== undefined && !file!.includes("node_modules") && !file!.endsWith(".d.ts"))
      broken.set(symbol.getName(), errors.join("\n"));
  }
  readableByAll(outDir);
  return { entry: join(outDir, "index.js"), outDir, broken, diagnostics: [...byFile.values()].flat() };
}
