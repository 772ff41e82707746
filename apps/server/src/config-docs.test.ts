import fs from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONFIG_VARIABLES } from './config.js';

const root = path.resolve(import.meta.dirname, '..', '..', '..');

/** The names in the first column of docs/operations.md's "Configuration reference" table. */
async function documented(): Promise<Set<string>> {
  const text = await fs.readFile(path.join(root, 'docs', 'operations.md'), 'utf8');
  const start = text.indexOf('## Configuration reference');
  expect(start).toBeGreaterThan(-1);
  const names = new Set<string>();
  for (const line of text.slice(start).split('\n')) {
    if (!line.startsWith('| `')) continue;
    for (const m of line.split('|')[1]!.matchAll(/`([A-Z][A-Z0-9_]+)`/g)) names.add(m[1]!);
  }
  return names;
}

/** `process.env.NAME` read outside the configuration (runtime code and scripts, not tests). */
async function readDirectly(): Promise<Set<string>> {
  const names = new Set<string>();
  const files = [
    ...(await fs.readdir(path.join(root, 'apps/server/src'), { recursive: true }))
      .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && !f.startsWith(`test${path.sep}`))
      .map((f) => path.join(root, 'apps/server/src', f)),
    ...(await fs.readdir(path.join(root, 'scripts')))
      .filter((f) => f.endsWith('.mjs'))
      .map((f) => path.join(root, 'scripts', f)),
  ];
  for (const file of files) {
    const text = await fs.readFile(file, 'utf8');
    for (const m of text.matchAll(/process\.env\.([A-Z][A-Z0-9_]+)/g)) names.add(m[1]!);
  }
  return names;
}

describe('the configuration reference', () => {
  it('documents every variable the server and its scripts read', async () => {
    const docs = await documented();
    const read = new Set([...CONFIG_VARIABLES, ...(await readDirectly())]);
    expect([...read].filter((name) => !docs.has(name)).sort()).toEqual([]);
    // And names none that nothing reads (a renamed or removed variable left behind).
    expect([...docs].filter((name) => !read.has(name)).sort()).toEqual([]);
  });
});
