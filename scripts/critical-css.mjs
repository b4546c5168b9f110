// The part of the stylesheet a page rendered ahead of time needs for its first paint (decision 059), used by
// scripts/prerender.mjs. A style rule is kept when one of its selectors names only classes the page's markup
// has; rules without classes (the base styles, the theme's variables, `*`) and every other at-rule are kept
// whole. What a selector says inside :not(), :is(), :where() or :has() is not read, so such a rule is kept
// whenever the rest of its selector matches: the result may hold a rule too many, never one too few.
import postcss from 'postcss';

/** Every class named in the markup's class attributes. */
export function classesIn(html) {
  const classes = new Set();
  for (const match of html.matchAll(/\sclass="([^"]*)"/g)) {
    for (const name of (match[1] ?? '').split(/\s+/)) {
      if (name) classes.add(decodeEntities(name));
    }
  }
  return classes;
}

/** The markup escapes these in attribute values (React and scripts/prerender.mjs). */
function decodeEntities(text) {
  return text
    .replace(/&#(\d+);/g, (_, code) => String.fromCharCode(Number(code)))
    .replace(/&#x([0-9a-f]+);/gi, (_, code) => String.fromCharCode(Number.parseInt(code, 16)))
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

/** Functional pseudo-classes whose arguments may name classes the element need not have. */
const UNREAD_ARGUMENTS = /:(?:not|is|where|has)\(/g;

/** The selector with the arguments of :not(), :is(), :where() and :has() taken out, brackets balanced. */
function withoutUnreadArguments(selector) {
  let result = '';
  let index = 0;
  for (const match of selector.matchAll(UNREAD_ARGUMENTS)) {
    if (match.index < index) continue;
    result += selector.slice(index, match.index);
    let depth = 1;
    let end = match.index + match[0].length;
    for (; end < selector.length && depth > 0; end++) {
      if (selector[end] === '\\') end++;
      else if (selector[end] === '(') depth++;
      else if (selector[end] === ')') depth--;
    }
    index = end;
  }
  return result + selector.slice(index);
}

/** The class names a selector requires, unescaped (`.md\:flex` is the class `md:flex`). */
export function classesOfSelector(selector) {
  const text = withoutUnreadArguments(selector);
  const names = [];
  let index = 0;
  while (index < text.length) {
    const char = text[index];
    if (char === '\\') {
      index += 2;
    } else if (char === '[') {
      // An attribute selector: its value may hold dots, which are not classes.
      index = endOfAttribute(text, index);
    } else if (char === '.') {
      let name = '';
      index++;
      while (index < text.length) {
        const next = text[index] ?? '';
        if (next === '\\') {
          name += text[index + 1] ?? '';
          index += 2;
        } else if (/[\w-]/.test(next) || next.charCodeAt(0) > 0x7f) {
          name += next;
          index++;
        } else {
          break;
        }
      }
      if (name) names.push(name);
    } else {
      index++;
    }
  }
  return names;
}

/** Where the attribute selector opened at `start` ends, quoted values and escapes included. */
function endOfAttribute(text, start) {
  let quote = '';
  for (let index = start + 1; index < text.length; index++) {
    const char = text[index];
    if (char === '\\') index++;
    else if (quote) {
      if (char === quote) quote = '';
    } else if (char === '"' || char === "'") quote = char;
    else if (char === ']') return index + 1;
  }
  return text.length;
}

/** The stylesheet cut down to what the markup can use; at-rules left empty by the cut are removed. */
export function criticalCss(css, html) {
  const classes = classesIn(html);
  const root = postcss.parse(css);
  root.walkRules((rule) => {
    // Keyframes' steps (from, 50%) are not selectors.
    if (rule.parent?.type === 'atrule' && /keyframes$/i.test(rule.parent.name)) return;
    const used = rule.selectors.some((selector) => classesOfSelector(selector).every((name) => classes.has(name)));
    if (!used) rule.remove();
  });
  let removed = true;
  while (removed) {
    removed = false;
    root.walkAtRules((atRule) => {
      if (atRule.nodes && atRule.nodes.length === 0) {
        atRule.remove();
        removed = true;
      }
    });
  }
  return root.toString();
}
