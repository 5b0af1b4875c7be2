import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * The layers of the API's source (ADR 061): no file imports another that imports it back, however far round
 * (type imports included), the infrastructure (http/, db/, cache/, media/, telemetry/) imports nothing from the
 * domains above it, and a migration imports nothing outside db/, so it stays as it ran.
 */
const root = dirname(fileURLToPath(import.meta.url));

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

/** Each file's imports of other files of the source (relative ones), by path from the source's root. */
function importGraph(): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of sourceFiles(root)) {
    const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    const imported = importedFiles
      .map(({ fileName }) => fileName)
      .filter((name) => name.startsWith('.'))
      .map((name) => relative(root, resolve(dirname(file), name.replace(/\.js$/, '.ts'))));
    graph.set(relative(root, file), imported);
  }
  return graph;
}

/** The groups of files that import each other, directly or round a circle (Tarjan's strongly connected components). */
function cycles(graph: Map<string, string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (file: string): void => {
    index.set(file, next);
    low.set(file, next);
    next += 1;
    stack.push(file);
    onStack.add(file);
    for (const target of graph.get(file) ?? []) {
      if (!graph.has(target)) continue;
      if (!index.has(target)) {
        visit(target);
        low.set(file, Math.min(low.get(file) as number, low.get(target) as number));
      } else if (onStack.has(target)) {
        low.set(file, Math.min(low.get(file) as number, index.get(target) as number));
      }
    }
    if (low.get(file) !== index.get(file)) return;
    const group: string[] = [];
    let member: string | undefined;
    do {
      member = stack.pop() as string;
      onStack.delete(member);
      group.push(member);
    } while (member !== file);
    if (group.length > 1) found.push(group.sort());
  };
  for (const file of graph.keys()) if (!index.has(file)) visit(file);
  return found;
}

describe('the layers of the source', () => {
  const graph = importGraph();
  const arrows = [...graph].flatMap(([file, targets]) => targets.map((target) => `${file} -> ${target}`));

  it('has no import cycle', () => {
    expect(graph.size).toBeGreaterThan(100);
    expect(cycles(graph)).toEqual([]);
  });

  it('imports nothing from the domains into the infrastructure beneath them', () => {
    const upward = arrows.filter((arrow) => /^(http|db|cache|media|telemetry)\/.* -> domains\//.test(arrow));
    expect(upward).toEqual([]);
  });

  it('keeps each migration to db/, so that it runs what it ran', () => {
    const outside = arrows.filter((arrow) => /^db\/migrations\/.* -> (?!db\/)/.test(arrow));
    expect(outside).toEqual([]);
  });
});
