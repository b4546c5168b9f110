import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/**
 * Comments cite the repository's own documents (`architecture §n`, `product §n`, `docs/decisions/`),
 * which a newcomer has; never documents that live elsewhere.
 */
const OUTSIDE_DOCUMENTS = new RegExp(
  String.raw`\b(${['DES' + 'IGN', 'STY' + 'LE', '[Ss]p' + 'ec'].join('|')})('s)? ?§`,
);
const SECTION = /\b(architecture|product) §(\d+)(?:\.(\d+))?/gi;
/** A work item's number means nothing to a reader of the code; the decision it led to does. */
const WORK_ITEM = /\b[Ii]ssue (\d+|"[^"]+")/;
/** `decision 024`, `decisions 021–023`, `docs/decisions/024`, `Decision 014`. */
const DECISION = /\b(?:[Dd]ecisions?|docs\/decisions\/)[ ]?(\d{3})(?:[–-](\d{3}))?/g;
const DECISION_FILE = /^(\d{3})-[a-z0-9-]+\.md$/;

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

  it('name the decision a change led to, never a work item', () => {
    const citing = files.filter((file) => !file.startsWith('docs/') && WORK_ITEM.test(readFileSync(file, 'utf8')));
    expect(citing).toEqual([]);
  });

  it('point at decision records that exist', () => {
    const records = new Set(readdirSync('docs/decisions').map((name) => DECISION_FILE.exec(name)?.[1]));
    const missing: string[] = [];
    for (const file of files) {
      for (const match of readFileSync(file, 'utf8').matchAll(DECISION)) {
        for (const number of [match[1], match[2]]) {
          if (number && !records.has(number)) missing.push(`${file}: ${match[0]}`);
        }
      }
    }
    expect(missing).toEqual([]);
  });
});

describe('decision records', () => {
  const names = readdirSync('docs/decisions').filter((name) => DECISION_FILE.test(name));
  const index = readFileSync('docs/decisions/README.md', 'utf8');

  it('each carry a date and a status under their title, and are listed in the index', () => {
    const incomplete = names.filter((name) => {
      const [title, , dated] = readFileSync(`docs/decisions/${name}`, 'utf8').split('\n');
      return (
        !title?.startsWith(`# ${name.slice(0, 3)} — `) || !/^Date: \d{4}-\d{2}-\d{2} · Status: \S/.test(dated ?? '')
      );
    });
    expect(incomplete).toEqual([]);
    expect(names.filter((name) => !index.includes(`(${name})`))).toEqual([]);
  });
});
