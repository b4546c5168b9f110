import { describe, expect, it } from 'vitest';
import { contactHref, socialHref } from './contact-links.ts';

describe('contactHref', () => {
  it('opens each contact method in its own channel, however the number was typed', () => {
    expect(contactHref('Email', ' anna.mueller-lüdenscheidt@example.com ')).toBe(
      'mailto:anna.mueller-lüdenscheidt@example.com',
    );
    expect(contactHref('SMS/Phone', '+49 151 2345-678')).toBe('tel:+491512345678');
    expect(contactHref('WhatsApp', '0044 (20) 7946 0958')).toBe('https://wa.me/442079460958');
    expect(contactHref('Telegram', '@olga_k')).toBe('https://t.me/olga_k');
    expect(contactHref('Telegram', 'https://t.me/olga_k')).toBe('https://t.me/olga_k');
    expect(contactHref('Telegram', '+7 912 345-67-89')).toBe('https://t.me/+79123456789');
  });

  it('gives no link for text that is not an address of that kind', () => {
    expect(contactHref('Email', 'not an e-mail')).toBeNull();
    expect(contactHref('Email', 'a@b.c?subject=x<script>')).toBeNull();
    expect(contactHref('WhatsApp', 'call me maybe')).toBeNull();
    expect(contactHref('SMS/Phone', '12')).toBeNull();
    expect(contactHref('Telegram', 'javascript:alert(1)')).toBeNull();
    expect(contactHref('Carrier pigeon', 'x')).toBeNull();
  });
});

describe('socialHref', () => {
  it('makes a profile address from a handle or an address already given', () => {
    expect(socialHref('instagram', '@lena.fit')).toBe('https://www.instagram.com/lena.fit');
    expect(socialHref('instagram', 'https://www.instagram.com/lena.fit/')).toBe('https://www.instagram.com/lena.fit');
    expect(socialHref('tiktok', 'lena')).toBe('https://www.tiktok.com/@lena');
    expect(socialHref('twitter', 'https://twitter.com/lena')).toBe('https://x.com/lena');
  });

  it('gives none for empty or foreign text', () => {
    expect(socialHref('instagram', null)).toBeNull();
    expect(socialHref('instagram', '  ')).toBeNull();
    expect(socialHref('instagram', 'https://evil.example/lena')).toBeNull();
  });
});
