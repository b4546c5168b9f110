/**
 * The privacy notice's text format (docs/decisions/048): a small, safe part of Markdown. Headings (`#`, `##`,
 * `###`), paragraphs (lines with no blank line between them), lists (lines starting `- ` or `* `), `**bold**`
 * and links `[text](address)` to `https:`, `http:`, `mailto:` or a path of this site. Everything else is text:
 * any HTML in the file is shown as written, never run or rendered.
 */

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The classes the page's stylesheet gives each element (Tailwind, built with the client). */
export const NOTICE_CLASSES = {
  // Long words (Russian, German) must fit a phone whole: the heading grows with the screen.
  h1: 'mb-6 text-2xl font-bold tracking-tight text-balance hyphens-auto sm:text-4xl',
  h2: 'mt-10 mb-3 text-xl font-semibold tracking-tight',
  h3: 'mt-6 mb-2 text-lg font-semibold',
  p: 'mb-4 leading-relaxed',
  ul: 'mb-4 list-disc space-y-2 ps-6 leading-relaxed',
  a: 'font-medium text-primary underline underline-offset-4 hover:no-underline',
} as const;

const SAFE_ADDRESS = /^(https?:\/\/|mailto:|\/(?!\/))/i;
const LINK = /\[([^\]\n]+)\]\(([^()\s]+)\)/g;
const BOLD = /\*\*([^*\n]+)\*\*/g;

/** One line of text: escaped first, so the only markup is the one added here. */
function inline(text: string): string {
  return escapeHtml(text)
    .replace(LINK, (_whole, label: string, address: string) => {
      // The address was escaped with the rest; what it starts with is unaffected by that.
      if (!SAFE_ADDRESS.test(address)) return label;
      const external = /^https?:/i.test(address) ? ' rel="noopener noreferrer"' : '';
      return `<a class="${NOTICE_CLASSES.a}" href="${address}"${external}>${label}</a>`;
    })
    .replace(BOLD, '<strong>$1</strong>');
}

type Block = { kind: 'h1' | 'h2' | 'h3' | 'p'; lines: string[] } | { kind: 'ul'; items: string[] };

function blocksOf(markdown: string): Block[] {
  const blocks: Block[] = [];
  let current: Block | null = null;
  for (const raw of markdown.replace(/\r\n?/g, '\n').split('\n')) {
    const line = raw.trim();
    const heading = /^(#{1,3})\s+(.*)$/.exec(line);
    const item = /^[-*]\s+(.*)$/.exec(line);
    if (line === '') {
      current = null;
    } else if (heading) {
      const level = (heading[1] ?? '#').length as 1 | 2 | 3;
      blocks.push({ kind: `h${level}`, lines: [heading[2] ?? ''] });
      current = null;
    } else if (item) {
      if (current?.kind !== 'ul') {
        current = { kind: 'ul', items: [] };
        blocks.push(current);
      }
      current.items.push(item[1] ?? '');
    } else if (current?.kind === 'ul') {
      // A list item's continuation line.
      const last = current.items.length - 1;
      current.items[last] = `${current.items[last]} ${line}`;
    } else if (current?.kind === 'p') {
      current.lines.push(line);
    } else {
      current = { kind: 'p', lines: [line] };
      blocks.push(current);
    }
  }
  return blocks;
}

/** The notice as HTML, ready to place inside the page. */
export function renderNoticeMarkdown(markdown: string): string {
  return blocksOf(markdown)
    .map((block) => {
      if (block.kind === 'ul') {
        const items = block.items.map((item) => `<li>${inline(item)}</li>`).join('');
        return `<ul class="${NOTICE_CLASSES.ul}">${items}</ul>`;
      }
      return `<${block.kind} class="${NOTICE_CLASSES[block.kind]}">${inline(block.lines.join(' '))}</${block.kind}>`;
    })
    .join('\n');
}

/** The notice's first heading, for the page title; null when it has none. */
export function noticeTitle(markdown: string): string | null {
  const first = blocksOf(markdown).find((block) => block.kind === 'h1');
  return first && first.kind !== 'ul' ? (first.lines[0] ?? null) : null;
}
