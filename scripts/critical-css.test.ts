import { describe, expect, it } from 'vitest';
import { classesIn, classesOfSelector, criticalCss } from './critical-css.mjs';

/** Rules as Tailwind writes them in the built stylesheet, escapes and variants included. */
const STYLESHEET = [
  '@layer theme{:root,:host{--color-primary:#5b21b6;--spacing:.25rem}}',
  '@layer base{*,:after,:before{box-sizing:border-box}button{font:inherit}}',
  '@layer utilities{',
  '.flex{display:flex}',
  '.hidden{display:none}',
  '.py-1\\.5{padding-block:calc(var(--spacing)*1.5)}',
  '.hover\\:bg-primary\\/90:hover{background-color:#5b21b6e6}',
  '.\\[\\&_svg\\]\\:size-4 svg{width:1rem}',
  '.data-\\[state\\=open\\]\\:animate-in[data-state=open]{animation:fade-in .2s}',
  '.group-hover\\:opacity-100:is(:where(.group):hover *){opacity:1}',
  '.peer-invalid\\:text-red:is(:where(.peer):invalid~*){color:red}',
  '.sr-only:not(.focus\\:not-sr-only){position:absolute}',
  '.dialog-only,.flex.dialog-too{z-index:50}',
  '@media (min-width:48rem){.md\\:grid{display:grid}.md\\:block{display:block}}',
  '@supports (display:grid){.grid-only{display:grid}}',
  '}',
  '@keyframes fade-in{from{opacity:0}to{opacity:1}}',
].join('');

describe('the styles a page rendered ahead of time carries', () => {
  it('reads class names from markup, entities decoded, and from selectors, escapes undone', () => {
    expect(classesIn('<div class="flex py-1.5"><p class="[&amp;_svg]:size-4  md:grid">x</p></div>')).toEqual(
      new Set(['flex', 'py-1.5', '[&_svg]:size-4', 'md:grid']),
    );
    expect(classesOfSelector('.hover\\:bg-primary\\/90:hover')).toEqual(['hover:bg-primary/90']);
    expect(classesOfSelector('.data-\\[state\\=open\\]\\:animate-in[data-state=open]')).toEqual([
      'data-[state=open]:animate-in',
    ]);
    expect(classesOfSelector('.group-hover\\:opacity-100:is(:where(.group):hover *)')).toEqual([
      'group-hover:opacity-100',
    ]);
    expect(classesOfSelector('a[href="x.html"] .link')).toEqual(['link']);
  });

  it('keeps the rules of the classes the markup uses, with base styles, theme and keyframes, and drops the rest', () => {
    const html =
      '<main class="flex py-1.5 hover:bg-primary/90"><button class="[&amp;_svg]:size-4 group-hover:opacity-100 sr-only md:grid">Go</button></main>';
    const css = criticalCss(STYLESHEET, html);
    for (const kept of [
      '--color-primary:#5b21b6',
      'box-sizing:border-box',
      'button{font:inherit}',
      '.flex{display:flex}',
      '.py-1\\.5{',
      '.hover\\:bg-primary\\/90:hover{',
      '.\\[\\&_svg\\]\\:size-4 svg{',
      '.group-hover\\:opacity-100:is(:where(.group):hover *){',
      '.sr-only:not(.focus\\:not-sr-only){',
      '.md\\:grid{display:grid}',
      '@keyframes fade-in{from{opacity:0}to{opacity:1}}',
    ]) {
      expect(css, kept).toContain(kept);
    }
    for (const dropped of [
      '.hidden',
      'animate-in',
      'peer-invalid',
      'z-index:50',
      '.md\\:block',
      'grid-only',
      '@supports',
    ]) {
      expect(css, dropped).not.toContain(dropped);
    }
    // The media query stays for the class it still holds.
    expect(css).toContain('@media (min-width:48rem){.md\\:grid{display:grid}}');
  });

  it('keeps a rule when any selector of its list matches', () => {
    const css = criticalCss(STYLESHEET, '<div class="flex dialog-too"></div>');
    expect(css).toContain('.dialog-only,.flex.dialog-too{z-index:50}');
  });
});
