import { describe, expect, it } from 'vitest';
import { renderPage } from './prerender';

describe('renderPage (the pages index.html carries, vite.config.ts)', () => {
  it.each([
    ['/', 'AI-powered plumbing technology'],
    ['/services', 'Our Services'],
  ])('%s is the page itself, every part inline, as the app first renders it', async (path, text) => {
    const html = await renderPage(path);
    expect(html).toContain(text);
    // No loading spinner standing in for the lazy page, no inline script (the CSP refuses it) and
    // nothing before the app's own first element (hydration would not match it).
    expect(html).not.toContain('Loading page');
    expect(html).not.toMatch(/<script|<template|<link/);
    expect(html).toMatch(/^<div class="flex min-h-dvh flex-col">/);
  });
});
