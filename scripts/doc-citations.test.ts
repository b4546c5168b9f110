import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/**
 * Comments cite the repository's own documents (`architecture §n`, `product §n`, `docs/decisions/`),
 * which a newcomer has; never documents that live elsewhere.
 */
const OUTSIDE_DOCUMENTS = new RegExp(
  String.raw`\b(${['DES' + 'IGN', 'STY' + 'LE', '[Ss]p' + 'ec'].join('|')})('s)? ?§`,
);
const SECTION = /\b(architecture|product) §(\d+)(?:\.(\d+))?/gi;

function trackedFiles(): string[] {
  const listed = execFileSync('git', ['ls-files', 'src', 'tests', 'scripts', 'bench', 'docs', 'README.md'], {
    encoding: 'utf8',
  });
  return listed.split('\n').filter((file) => /\.(ts|tsx|mjs|md|json|css|html)$/.test(file));
}

function headings(file: string): Set<string> {
  const text = readFileSync(file, 'utf8');
  const found = new Set<string>();
  for (const match of text.matchAll(/^## (\d+)\.|^\*\*(\d+\.\d+) /gm)) found.add(match[1] ?? match[2] ?? '');
  return found;
}

describe('citations in the code', () => {
  const files = trackedFiles();

  it('name only documents kept in the repository', () => {
    const outside = files.filter((file) => OUTSIDE_DOCUMENTS.test(readFileSync(file, 'utf8')));
    expect(outside).toEqual([]);
  });

  it('point at sections that exist', () => {
    const sections = { architecture: headings('docs/architecture.md'), product: headings('docs/product.md') };
    const missing: string[] = [];
    for (const file of files) {
      for (const match of readFileSync(file, 'utf8').matchAll(SECTION)) {
        const document = match[1]?.toLowerCase() as keyof typeof sections;
        const section = match[3] ? `${match[2]}.${match[3]}` : (match[2] ?? '');
        if (!sections[document].has(section)) missing.push(`${file}: ${match[0]}`);
      }
    }
    expect(missing).toEqual([]);
  });
});
