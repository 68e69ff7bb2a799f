/**
 * Chunks for what a set of pages needs beyond the app's entry (issue #11's storefront landing budget). Rollup puts
 * every module shared by a different set of pages into a chunk of its own: the landing loaded some 85 files, most
 * under 1 KB (one per Mantine component, icon, hook and small app module), and gzip on one file is about 17 KB
 * smaller than on 85. Other pages that use some of a chunk's modules load the whole chunk (one chunk per page would
 * import each other in a circle, which Rollup cannot order).
 *
 * The modules are found in Rollup's graph: the pages' static imports, and for imports from a component library's
 * index (which re-exports everything), the names imported, matched to the library's modules of that name.
 */
import path from 'node:path';
import type { Rollup } from 'vite';

type ManualChunkMeta = Rollup.ManualChunkMeta;

type Program = { body: { type: string; source?: { value: unknown }; specifiers?: { type: string; imported?: { name?: string } }[] }[] };

/**
 * A library module's imports that bind nothing (`import '../Combobox/Combobox.mjs'`, which Mantine writes for
 * load order): the libraries declare no side effects, so Rollup drops them, and a page does not load what they name.
 */
function bareImports(id: string, program: Program | null): Set<string> {
  const bare = new Set<string>();
  for (const node of program?.body ?? []) {
    const source = node.source?.value;
    if (node.type === 'ImportDeclaration' && !node.specifiers?.length && typeof source === 'string' && source.startsWith('.')) bare.add(path.resolve(path.dirname(id), source));
  }
  return bare;
}

/** Libraries imported through an index module whose parts are files named after their exports. */
const LIBRARY_NAMES = new Set(['@mantine/core', '@mantine/hooks', '@tabler/icons-react']);
const LIBRARIES = new RegExp(`/node_modules/(${[...LIBRARY_NAMES].join('|')})/`);
const LIBRARY_INDEX = /\/index\.mjs$|\/tabler-icons-react\.mjs$/;
const isApp = (id: string) => !id.includes('/node_modules/') && !id.startsWith('\0');

/** `use-disclosure` -> `useDisclosure`; `Tabs` stays `Tabs`. */
const exportName = (file: string) => file.replace(/-(\w)/g, (_, letter: string) => letter.toUpperCase());

export interface PageChunk {
  name: string;
  /** The pages' layout and page modules (paths under the web app). */
  pages: readonly string[];
  /** Only the component libraries' modules (Mantine, its hooks, the icons): the pages' own code stays with each page. */
  librariesOnly?: boolean;
  /** Only modules at least this many of the pages import (default 1: any of them). */
  minPages?: number;
  /** Pages that must not load this chunk: the modules they import stay out of it. */
  without?: readonly string[];
}

/**
 * `entry`: the app's entry. A module goes to the first chunk whose pages import it and stays out of the later ones;
 * modules of the entry stay there.
 */
export function pageChunks(entry: string, chunks: readonly PageChunk[]) {
  let members: Map<string, string> | undefined;
  return (id: string, meta: ManualChunkMeta): string | undefined => {
    members ??= assign(meta, entry, chunks);
    return members.get(id);
  };
}

function assign(meta: ManualChunkMeta, entry: string, chunks: readonly PageChunk[]): Map<string, string> {
  const { closure, find } = graph(meta);
  const inEntry = closure([find(entry)]);
  const members = new Map<string, string>();
  for (const { name, pages, librariesOnly, minPages = 1, without = [] } of chunks) {
    const roots = pages.map(find);
    // What each page imports; a module joins when enough of them do.
    const each = roots.map((root) => closure([root]));
    const excluded = closure(without.map(find));
    for (const id of new Set(each.flatMap((modules) => [...modules]))) {
      // The pages themselves stay the route chunks they are.
      if (inEntry.has(id) || roots.includes(id) || members.has(id) || excluded.has(id) || (librariesOnly && !LIBRARIES.test(id))) continue;
      if (each.filter((modules) => modules.has(id)).length < minPages) continue;
      members.set(id, name);
    }
  }
  return members;
}

function graph({ getModuleIds, getModuleInfo }: ManualChunkMeta) {
  const ids = [...getModuleIds()];
  const byExport = new Map<string, string>();
  for (const id of ids) {
    const file = /\/([\w-]+)\.mjs$/.exec(id)?.[1];
    if (file && LIBRARIES.test(id) && !byExport.has(exportName(file))) byExport.set(exportName(file), id);
  }
  const find = (path: string) => {
    const found = ids.find((id) => id.endsWith(`/apps/web/${path}`));
    if (!found) throw new Error(`page chunks: ${path} is not in the build (renamed? update vite.config.ts)`);
    return found;
  };

  /** Every module the roots import statically, through library indexes by the names imported. */
  const closure = (roots: string[]) => {
    const seen = new Set<string>();
    const visit = (id: string) => {
      if (seen.has(id)) return;
      seen.add(id);
      const info = getModuleInfo(id);
      if (!info) return;
      if (isApp(id)) {
        for (const node of (info.ast as Program | null)?.body ?? []) {
          if (node.type !== 'ImportDeclaration' || !LIBRARY_NAMES.has(String(node.source?.value))) continue;
          for (const specifier of node.specifiers ?? []) {
            const part = specifier.imported?.name && byExport.get(specifier.imported.name);
            if (part) visit(part);
          }
        }
      }
      // A library's index is left out: the names imported from it were followed above.
      const bare = isApp(id) ? new Set<string>() : bareImports(id, info.ast as Program | null);
      for (const imported of info.importedIds) if (isApp(imported) || (LIBRARIES.test(imported) && !LIBRARY_INDEX.test(imported) && !bare.has(imported))) visit(imported);
    };
    for (const root of roots) visit(root);
    return seen;
  };

  return { closure, find };
}
