import type { Rollup } from 'vite';
import { describe, expect, it } from 'vitest';
import { pageChunks } from './page-chunks.ts';

const WEB = '/repo/apps/web/';
const MANTINE = '/repo/node_modules/@mantine/core/esm/';
const ICONS = '/repo/node_modules/@tabler/icons-react/dist/esm/';

type Fake = { imports?: string[]; from?: Record<string, string[]> };

/**
 * A module graph as Rollup's manualChunks sees it: each module's static imports and what it names from where (for
 * app modules, from a library; for library modules, no names is a bare `import './x.mjs'`).
 */
function meta(graph: Record<string, Fake>): Rollup.ManualChunkMeta {
  const info = (id: string) => {
    const module = graph[id];
    if (!module) return null;
    const body = Object.entries(module.from ?? {}).map(([source, names]) => ({
      type: 'ImportDeclaration',
      source: { value: source },
      specifiers: names.map((name) => ({ type: 'ImportSpecifier', imported: { name } })),
    }));
    return { id, importedIds: module.imports ?? [], ast: { type: 'Program', body } } as unknown as Rollup.ModuleInfo;
  };
  return { getModuleIds: () => Object.keys(graph)[Symbol.iterator](), getModuleInfo: info };
}

const graph: Record<string, Fake> = {
  [`${WEB}src/main.tsx`]: { imports: [`${WEB}src/app/providers.tsx`] },
  [`${WEB}src/app/providers.tsx`]: { imports: [`${MANTINE}index.mjs`], from: { '@mantine/core': ['MantineProvider'] } },
  [`${WEB}src/landing-page.tsx`]: {
    imports: [`${MANTINE}index.mjs`, `${ICONS}tabler-icons-react.mjs`, `${WEB}src/menu.tsx`],
    from: { '@mantine/core': ['Tabs', 'Box'], '@tabler/icons-react': ['IconSearch'] },
  },
  [`${WEB}src/menu.tsx`]: { imports: [`${WEB}src/format.ts`] },
  [`${WEB}src/format.ts`]: {},
  [`${WEB}src/dashboard-page.tsx`]: { imports: [`${MANTINE}index.mjs`, `${WEB}src/orders-table.tsx`], from: { '@mantine/core': ['Table'] } },
  [`${WEB}src/orders-table.tsx`]: {},
  [`${WEB}src/settings-page.tsx`]: { imports: [`${MANTINE}index.mjs`], from: { '@mantine/core': ['Table', 'Switch'] } },
  [`${WEB}src/plans-page.tsx`]: { imports: [`${MANTINE}index.mjs`], from: { '@mantine/core': ['Switch', 'Slider'] } },
  // The library's index imports every part: following it would take the whole library.
  [`${MANTINE}index.mjs`]: { imports: [`${MANTINE}core/MantineProvider/MantineProvider.mjs`, `${MANTINE}core/Box/Box.mjs`, `${MANTINE}components/Tabs/Tabs.mjs`, `${MANTINE}components/Table/Table.mjs`] },
  [`${MANTINE}core/MantineProvider/MantineProvider.mjs`]: { imports: [`${MANTINE}core/Box/Box.mjs`] },
  [`${MANTINE}core/Box/Box.mjs`]: {},
  // Mantine names parts it does not use for load order only (`import '../Popover/Popover.mjs'`); Rollup drops those.
  [`${MANTINE}components/Tabs/Tabs.mjs`]: {
    imports: [`${MANTINE}core/Box/Box.mjs`, `${MANTINE}components/Tabs/TabsList/TabsList.mjs`, `${MANTINE}components/Popover/Popover.mjs`],
    from: { './TabsList/TabsList.mjs': ['TabsList'], '../Popover/Popover.mjs': [] },
  },
  [`${MANTINE}components/Popover/Popover.mjs`]: {},
  [`${MANTINE}components/Tabs/TabsList/TabsList.mjs`]: {},
  [`${MANTINE}components/Table/Table.mjs`]: {},
  [`${MANTINE}components/Switch/Switch.mjs`]: {},
  [`${MANTINE}components/Slider/Slider.mjs`]: {},
  [`${ICONS}tabler-icons-react.mjs`]: { imports: [`${ICONS}icons/IconSearch.mjs`, `${ICONS}icons/IconX.mjs`] },
  [`${ICONS}icons/IconSearch.mjs`]: {},
  [`${ICONS}icons/IconX.mjs`]: {},
};

describe('pageChunks', () => {
  const chunkOf = pageChunks('src/main.tsx', [
    { name: 'first-paint', pages: ['src/landing-page.tsx'] },
    { name: 'plans', pages: ['src/plans-page.tsx'], librariesOnly: true, without: ['src/settings-page.tsx'] },
    { name: 'common', pages: ['src/dashboard-page.tsx', 'src/settings-page.tsx', 'src/plans-page.tsx'], librariesOnly: true, minPages: 2 },
  ]);
  const inChunk = (name: string) => chunks.filter(([, chunk]) => chunk === name).map(([id]) => id);
  const chunks = Object.keys(graph).map((id) => [id, chunkOf(id, meta(graph))] as const);
  const members = chunks.filter(([, chunk]) => chunk === 'first-paint').map(([id]) => id);

  it('takes what the page imports, through a library index by the names it imports, with their own imports', () => {
    expect(members.sort()).toEqual(
      [`${WEB}src/menu.tsx`, `${WEB}src/format.ts`, `${MANTINE}components/Tabs/Tabs.mjs`, `${MANTINE}components/Tabs/TabsList/TabsList.mjs`, `${ICONS}icons/IconSearch.mjs`].sort(),
    );
  });

  it('leaves the entry\'s modules, the page itself, library indexes, parts the page does not name and parts a library only bare-imports to Rollup', () => {
    for (const id of [`${MANTINE}core/Box/Box.mjs`, `${WEB}src/landing-page.tsx`, `${MANTINE}index.mjs`, `${MANTINE}components/Table/Table.mjs`, `${ICONS}icons/IconX.mjs`, `${MANTINE}components/Popover/Popover.mjs`]) {
      expect(members).not.toContain(id);
    }
  });

  it('gives a later chunk what enough of its pages import, no earlier chunk took and its `without` pages do not import', () => {
    // Table: the dashboard and settings; Switch: settings and plans; Slider: plans only.
    expect(inChunk('plans')).toEqual([`${MANTINE}components/Slider/Slider.mjs`]);
    expect(inChunk('common').sort()).toEqual([`${MANTINE}components/Switch/Switch.mjs`, `${MANTINE}components/Table/Table.mjs`]);
    // librariesOnly: the pages' own modules stay with them.
    expect(chunkOf(`${WEB}src/orders-table.tsx`, meta(graph))).toBeUndefined();
  });

  it('fails the build when a page it names is gone, instead of silently splitting the page up again', () => {
    const renamed = pageChunks('src/main.tsx', [{ name: 'first-paint', pages: ['src/renamed-page.tsx'] }]);
    expect(() => renamed(`${WEB}src/menu.tsx`, meta(graph))).toThrow(/src\/renamed-page\.tsx is not in the build/);
  });
});
