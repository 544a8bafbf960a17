// The dependency rule of docs/ARCHITECTURE.md, checked on the import statements of every source file, so
// a shortcut across layers fails here rather than waiting for a reviewer: db/ imports nothing of ours;
// front ends (HTTP routes, the renderer, CLI commands) reach the database only through the domain; the
// answer cache and the renderer know nothing of each other; nothing imports the CLI; production code
// never reaches into test helpers.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const SOURCE_FOLDERS = ['db', 'server', 'cli', 'ui', 'fixtures', 'bench'];
const SKIPPED_FOLDERS = new Set(['node_modules', 'dist', 'data', 'out', '.tmp']);

interface ImportEdge {
  from: string;
  to: string;
  /** `import type` / `export type`: erased at build time, so no code runs across the edge. */
  typeOnly: boolean;
}

function sourceFiles(folder: string): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(join(ROOT, folder), { withFileTypes: true })) {
    if (SKIPPED_FOLDERS.has(entry.name)) continue;
    const path = `${folder}/${entry.name}`;
    if (entry.isDirectory()) found.push(...sourceFiles(path));
    else if (/\.(ts|tsx|mts|mjs|js)$/.test(entry.name) && !entry.name.endsWith('.d.ts')) found.push(path);
  }
  return found;
}

function isTestFile(path: string): boolean {
  return /\.test\.tsx?$/.test(path) || /(^|\/)testing\//.test(path);
}

/** Code that runs in the product: neither tests nor their helpers, benchmarks or fixture generators. */
function isProduction(path: string): boolean {
  return !isTestFile(path) && !path.startsWith('bench/') && !path.startsWith('fixtures/');
}

function importsOf(path: string): ImportEdge[] {
  const text = readFileSync(join(ROOT, path), 'utf8');
  const source = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, false);
  const edges: ImportEdge[] = [];
  const add = (specifier: string, typeOnly: boolean) => {
    if (!specifier.startsWith('.')) return;
    const to = relative(ROOT, resolve(ROOT, dirname(path), specifier))
      .split(sep)
      .join('/');
    edges.push({ from: path, to, typeOnly });
  };
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.importClause;
      const named = clause?.namedBindings;
      const everyNameIsType =
        clause !== undefined &&
        clause.name === undefined &&
        named !== undefined &&
        ts.isNamedImports(named) &&
        named.elements.length > 0 &&
        named.elements.every((element) => element.isTypeOnly);
      add(node.moduleSpecifier.text, clause?.isTypeOnly === true || everyNameIsType);
    } else if (
      ts.isExportDeclaration(node) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      add(node.moduleSpecifier.text, node.isTypeOnly);
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteralLike(node.arguments[0])
    ) {
      add(node.arguments[0].text, false);
    } else if (ts.isImportTypeNode(node)) {
      // `import('…').Type` in a type position: erased like `import type`.
      const argument = node.argument;
      if (ts.isLiteralTypeNode(argument) && ts.isStringLiteral(argument.literal))
        add(argument.literal.text, true);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return edges;
}

const within = (path: string, folder: string) => path === folder || path.startsWith(`${folder}/`);
const describeEdge = (edge: ImportEdge) => `${edge.from} → ${edge.to}${edge.typeOnly ? ' (type)' : ''}`;

/** The edges of `files` that break one rule, as readable lines (empty when the rule holds). */
/** Front ends open the database and pass its handle through: the types of the connection and of the
 *  store (decision 0034) may be named there; anything that runs must come through the domain. */
const HANDLE_TYPES = new Set(['db/connection.ts', 'db/store/store.ts']);

/** Production modules landed, tested and measured ahead of the code that will call them, each with
 *  that caller named: remove an entry when its caller lands. */
const AWAITING_PRODUCTION_CALLER = new Set<string>([]);

function layerViolations(files: readonly string[], edgesOf: (path: string) => ImportEdge[]) {
  const allEdges = files.flatMap(edgesOf);
  const edges = allEdges.filter((edge) => !isTestFile(edge.from));
  const broken = (rule: (edge: ImportEdge) => boolean) => edges.filter(rule).map(describeEdge);
  const importers = new Map<string, string[]>();
  for (const edge of allEdges) importers.set(edge.to, [...(importers.get(edge.to) ?? []), edge.from]);
  const testSide = (path: string) => isTestFile(path) || path.startsWith('bench/');
  return {
    dbImportsOurCode: broken(
      (e) => within(e.from, 'db') && ['server', 'ui', 'cli'].some((folder) => within(e.to, folder)),
    ),
    frontEndCallsDb: broken(
      (e) =>
        ['server/http', 'server/ssr', 'cli/commands'].some((folder) => within(e.from, folder)) &&
        within(e.to, 'db') &&
        !(e.typeOnly && HANDLE_TYPES.has(e.to)),
    ),
    cacheAndRendererEntangled: broken(
      (e) =>
        (within(e.from, 'server/http/hot-cache') && within(e.to, 'server/ssr')) ||
        (within(e.from, 'server/ssr') && within(e.to, 'server/http/hot-cache')),
    ),
    somethingImportsCli: broken((e) => within(e.to, 'cli') && !within(e.from, 'cli')),
    productionImportsTestHelpers: broken(
      (e) => isProduction(e.from) && (/(^|\/)testing\//.test(e.to) || /\.test\.tsx?$/.test(e.to)),
    ),
    // A module only tests and benchmarks import is a test helper, whatever folder it sits in.
    testHelpersOutsideTesting: files.filter(
      (path) =>
        isProduction(path) &&
        !AWAITING_PRODUCTION_CALLER.has(path) &&
        (importers.get(path) ?? []).length > 0 &&
        importers.get(path)!.every(testSide),
    ),
  };
}

describe('the layers are one-way', () => {
  // vite.config.ts builds the browser bundle with ui/build/: production, though no server code uses it.
  const files = [...SOURCE_FOLDERS.flatMap(sourceFiles), 'vite.config.ts'];
  const violations = layerViolations(files, importsOf);

  it('reads the import statements of the whole code base', () => {
    // Guards the walk itself: an empty list would make every rule below hold trivially.
    expect(files.length).toBeGreaterThan(300);
    expect(importsOf('server/http/app.ts').length).toBeGreaterThan(5);
  });

  it('keeps db/ free of server/, ui/ and cli/', () => {
    expect(violations.dbImportsOurCode).toEqual([]);
  });

  it('lets HTTP routes, the renderer and CLI commands reach the database only through the domain', () => {
    // A type-only import of the connection handle (DatabaseHandle, Sqlite, Store) is allowed: front
    // ends open the database and pass the handle through; row types come from the domain.
    expect(violations.frontEndCallsDb).toEqual([]);
  });

  it('keeps the answer cache and the renderer apart', () => {
    expect(violations.cacheAndRendererEntangled).toEqual([]);
  });

  it('lets nothing outside cli/ import the CLI', () => {
    expect(violations.somethingImportsCli).toEqual([]);
  });

  it('keeps test helpers out of production code', () => {
    expect(violations.productionImportsTestHelpers).toEqual([]);
  });

  it('keeps test helpers in testing/ folders or beside their tests', () => {
    expect(violations.testHelpersOutsideTesting).toEqual([]);
  });

  it('catches each kind of shortcut', () => {
    // The rules themselves, on a made-up graph, so a rule that can never fire does not pass silently.
    const made: Record<string, ImportEdge[]> = {
      'db/a.ts': [{ from: 'db/a.ts', to: 'server/contract/x.ts', typeOnly: true }],
      'server/http/r.ts': [
        { from: 'server/http/r.ts', to: 'db/connection.ts', typeOnly: true },
        { from: 'server/http/r.ts', to: 'db/x-repository.ts', typeOnly: false },
        { from: 'server/http/r.ts', to: 'db/schema.ts', typeOnly: true },
      ],
      'server/ssr/p.ts': [
        { from: 'server/ssr/p.ts', to: 'server/http/hot-cache/hot-cache.ts', typeOnly: true },
      ],
      'server/domain/d.ts': [
        { from: 'server/domain/d.ts', to: 'cli/output.ts', typeOnly: false },
        { from: 'server/domain/d.ts', to: 'server/domain/seo/testing/rows.ts', typeOnly: false },
      ],
      'server/domain/d.test.ts': [
        { from: 'server/domain/d.test.ts', to: 'cli/testing/run-cli.ts', typeOnly: false },
        { from: 'server/domain/d.test.ts', to: 'server/domain/sample-rows.ts', typeOnly: false },
      ],
      'server/domain/sample-rows.ts': [],
    };
    const found = layerViolations(Object.keys(made), (path) => made[path] ?? []);
    expect(found).toEqual({
      dbImportsOurCode: ['db/a.ts → server/contract/x.ts (type)'],
      frontEndCallsDb: ['server/http/r.ts → db/x-repository.ts', 'server/http/r.ts → db/schema.ts (type)'],
      cacheAndRendererEntangled: ['server/ssr/p.ts → server/http/hot-cache/hot-cache.ts (type)'],
      somethingImportsCli: ['server/domain/d.ts → cli/output.ts'],
      productionImportsTestHelpers: ['server/domain/d.ts → server/domain/seo/testing/rows.ts'],
      testHelpersOutsideTesting: ['server/domain/sample-rows.ts'],
    });
  });
});
