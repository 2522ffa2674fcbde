// The first load's own copies of lucide icons (shell-icons.tsx) draw exactly what lucide-react draws.
import * as lucide from 'lucide-react';
import { createElement, type ComponentType } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import * as shell from './shell-icons';

describe('the first-load icons', () => {
  for (const [name, Icon] of Object.entries(shell) as [string, ComponentType<Record<string, unknown>>][]) {
    it(`${name} is lucide's, markup for markup`, () => {
      const Lucide = (lucide as unknown as Record<string, ComponentType<Record<string, unknown>>>)[name]!;
      const props = { 'aria-hidden': true, className: 'size-6 shrink-0' };
      expect(renderToStaticMarkup(createElement(Icon, props))).toBe(renderToStaticMarkup(createElement(Lucide, props)));
    });
  }
});
