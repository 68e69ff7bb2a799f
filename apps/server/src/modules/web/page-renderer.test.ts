import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import type { TServerPage } from '@tavolo/contracts/server-render';
import { fakeRenders, fakeWebDist } from '../../test/fake-web-dist.ts';
import { createPageRenderer } from './page-renderer.ts';

const dist = fakeWebDist('<div id="root"></div>');
afterAll(() => fs.rmSync(dist, { recursive: true, force: true }));

const log = () => ({ warn: vi.fn() }) as unknown as FastifyBaseLogger & { warn: ReturnType<typeof vi.fn> };
const restaurant = (name: string, pathname = '/'): TServerPage => ({
  url: `http://${name}.example.test${pathname}`,
  site: { kind: 'tenant', mainDomain: 'example.test', tenant: { slug: name, name, status: 'active', time_zone: 'UTC' } },
  language: 'en',
  boot: { details: { business_name: name } as never },
});

describe('the server renderer', () => {
  it("renders a restaurant's page from its own data, and reuses it only for the same page and data", async () => {
    const renderer = createPageRenderer(dist, log());
    const before = await fakeRenders(renderer);
    expect(await renderer.render(restaurant('alpha'))).toBe('<main>alpha|en|/</main>');
    expect(await renderer.render(restaurant('alpha'))).toBe('<main>alpha|en|/</main>');
    expect((await fakeRenders(renderer)) - before).toBe(1);
    // Another restaurant, another language or changed data is another page: never the cached one.
    expect(await renderer.render(restaurant('beta'))).toBe('<main>beta|en|/</main>');
    expect(await renderer.render({ ...restaurant('alpha'), language: 'de' })).toBe('<main>alpha|de|/</main>');
    expect(await renderer.render({ ...restaurant('alpha'), boot: { details: { business_name: 'alpha renamed' } as never } })).toBe('<main>alpha renamed|en|/</main>');
    // The main domain's plans are data the page shows too: new plans, a new render.
    const pricing = (plans: unknown[]): TServerPage => ({ url: 'http://example.test/pricing', site: { kind: 'platform', mainDomain: 'example.test' }, language: 'en', platformBoot: { plans: plans as never } });
    await renderer.render(pricing([]));
    await renderer.render(pricing([]));
    await renderer.render(pricing([{ id: 'premium' }]));
    expect((await fakeRenders(renderer)) - before).toBe(6);
    await renderer.close();
  });

  it('renders again once a page is older than the cache allows', async () => {
    const renderer = createPageRenderer(dist, log(), { cacheMs: 0 });
    const before = await fakeRenders(renderer);
    await renderer.render(restaurant('gamma'));
    await renderer.render(restaurant('gamma'));
    expect((await fakeRenders(renderer)) - before).toBe(2);
    await renderer.close();
  });

  it('leaves the page to the browser when the renderer declines, fails or is too slow, and logs the failures', async () => {
    const logger = log();
    // Long enough for the warm-up's first render on a busy machine (CI runs test files in parallel).
    const renderer = createPageRenderer(dist, logger, { timeoutMs: 500 });
    await renderer.warmUp('example.test');
    expect(await renderer.render(restaurant('alpha', '/reservation'))).toBeNull();
    expect(logger.warn).not.toHaveBeenCalled();
    expect(await renderer.render(restaurant('alpha', '/boom'))).toBeNull();
    expect(String(logger.warn.mock.calls[0]![0].err)).toMatch(/boom/);
    expect(await renderer.render(restaurant('alpha', '/slow'))).toBeNull();
    expect(logger.warn).toHaveBeenCalledTimes(2);
    expect(logger.warn.mock.calls[1]![1]).toMatch(/took over 500 ms/);
    await renderer.close();
  });

  it('keeps a render its visitor gave up on for the next one, on the same thread', async () => {
    const renderer = createPageRenderer(dist, log(), { timeoutMs: 150 });
    await renderer.warmUp('example.test');
    const before = await fakeRenders(renderer);
    // /spin holds the thread for 300 ms: this visitor's browser renders the page.
    expect(await renderer.render(restaurant('alpha', '/spin'))).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(await renderer.render(restaurant('alpha', '/spin'))).toBe('<main>alpha|en|/spin</main>');
    // One render, and the thread kept its count: slow is not stuck.
    expect((await fakeRenders(renderer)) - before).toBe(1);
    await renderer.close();
  });

  it('replaces a thread that is stuck in a render', async () => {
    const renderer = createPageRenderer(dist, log(), { timeoutMs: 100, stuckMs: 300 });
    await renderer.warmUp('example.test');
    expect(await renderer.render(restaurant('alpha', '/slow'))).toBeNull();
    expect(await fakeRenders(renderer)).toBeGreaterThan(0);
    // Past stuckMs a new thread takes over: its count starts again.
    await vi.waitFor(async () => expect(await fakeRenders(renderer)).toBe(0), { timeout: 5_000, interval: 100 });
    expect(await renderer.render(restaurant('alpha'))).toBe('<main>alpha|en|/</main>');
    await renderer.close();
  });

  it('renders off the main thread: a render that blocks its thread does not block the server', async () => {
    const renderer = createPageRenderer(dist, log(), { timeoutMs: 2_000 });
    await renderer.warmUp('example.test');
    const started = Date.now();
    const busy = renderer.render(restaurant('alpha', '/spin'));
    // The main thread's timers keep running while the render thread spins for 300 ms.
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(Date.now() - started).toBeLessThan(200);
    expect(await busy).toBe('<main>alpha|en|/spin</main>');
    await renderer.close();
  });

  it('sends pages for the browser to render while too many wait', async () => {
    const renderer = createPageRenderer(dist, log(), { maxPending: 1, timeoutMs: 100, stuckMs: 300 });
    await renderer.warmUp('example.test');
    // Its visitor stops waiting, but the render still holds the one place until the stuck thread is replaced.
    expect(await renderer.render(restaurant('alpha', '/slow'))).toBeNull();
    expect(await renderer.render(restaurant('delta'))).toBeNull();
    await vi.waitFor(async () => expect(await renderer.render(restaurant('delta'))).toBe('<main>delta|en|/</main>'), { timeout: 5_000, interval: 100 });
    await renderer.close();
  });

  it('is absent from a build without a server renderer', async () => {
    const empty = fs.mkdtempSync(path.join(os.tmpdir(), 'tavolo-no-ssr-'));
    try {
      expect(await createPageRenderer(empty, log()).render(restaurant('alpha'))).toBeNull();
    } finally {
      fs.rmSync(empty, { recursive: true, force: true });
    }
  });
});

describe("the web app's route status", () => {
  const site = restaurant('alpha').site;

  it('is 404 for a path the web app has no page for, and 200 for its pages', async () => {
    const renderer = createPageRenderer(dist, log());
    expect(await renderer.statusOf(site, '/missing-page')).toBe(404);
    expect(await renderer.statusOf(site, '/reservation')).toBe(200);
    await renderer.close();
  });

  it('is 200 when the renderer cannot say: no build, or a build without the call (the page still shows the app)', async () => {
    const noBuild = createPageRenderer(path.join(os.tmpdir(), 'no-such-web-dist'), log());
    expect(await noBuild.statusOf(site, '/missing-page')).toBe(200);
    const older = fs.mkdtempSync(path.join(os.tmpdir(), 'tavolo-ssr-old-'));
    fs.mkdirSync(path.join(older, 'ssr'));
    fs.writeFileSync(path.join(older, 'ssr/entry-server.js'), 'export const renderPage = async () => null;\n');
    const logger = log();
    const renderer = createPageRenderer(older, logger);
    expect(await renderer.statusOf(site, '/missing-page')).toBe(200);
    expect(logger.warn).toHaveBeenCalledTimes(1);
    await renderer.close();
    fs.rmSync(older, { recursive: true, force: true });
  });
});
