import { beforeAll, expect, it } from 'vitest';
import { describeEachDb, unknownId, useTestApp, type TestTeam } from '../../test/harness.ts';

const URL_ = '/api/tenant/bulletin-posts';

describeEachDb('bulletin', (kind) => {
  const t = useTestApp(kind);
  let team: TestTeam;

  beforeAll(async () => {
    team = await t.registerTeam('board');
  });

  it('a manager posts, edits and deletes; the author is kept; pinned first, then newest', async () => {
    const events: unknown[] = [];
    const stop = t.app.live.subscribe(team.r.tenantId, (e) => events.push(e));
    const first = await team.manager.post(URL_, { title: '  Menu change  ', body: 'Line one\nLine two\n\n  indented' });
    expect(first.statusCode).toBe(201);
    const post = first.json().data;
    expect(post).toMatchObject({ title: 'Menu change', body: 'Line one\nLine two\n\n  indented', pinned: false, author_name: 'manager' });
    const pinned = (await team.admin.post(URL_, { title: 'Fire drill', body: 'Friday 10:00', pinned: true })).json().data;
    const latest = (await team.admin.post(URL_, { title: 'Welcome', body: 'New colleague' })).json().data;
    expect(events).toHaveLength(3);
    expect(events[0]).toEqual({ topics: ['bulletin'] });

    const list = (await team.staff.get(URL_)).json().data;
    expect(list.data.map((p: { id: string }) => p.id)).toEqual([pinned.id, latest.id, post.id]);
    expect(list.total).toBe(3);

    const edited = await team.manager.put(`${URL_}/${post.id}`, { title: 'Menu change (updated)', body: 'Only one line', pinned: true });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().data).toMatchObject({ title: 'Menu change (updated)', pinned: true, author_name: 'manager' });

    expect((await team.manager.delete(`${URL_}/${latest.id}`)).statusCode).toBe(200);
    const after = (await team.staff.get(URL_)).json().data;
    expect(after.data.map((p: { title: string }) => p.title).sort()).toEqual(['Fire drill', 'Menu change (updated)']);
    expect(events).toHaveLength(5);
    stop();
  });

  it('validates title and body with a message per field', async () => {
    const res = await team.admin.post(URL_, { title: ' ', body: 'x'.repeat(5001) });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors).sort()).toEqual(['body', 'title']);
    expect((await team.admin.post(URL_, { title: 'x'.repeat(151), body: 'ok' })).statusCode).toBe(422);
    expect((await team.admin.post(URL_, { title: 'x'.repeat(150), body: 'y'.repeat(5000) })).statusCode).toBe(201);
  });

  it('staff read but may not write; other restaurants see nothing and get 404 for these ids', async () => {
    const post = (await team.admin.post(URL_, { title: 'Team only', body: 'Secret' })).json().data;
    expect((await team.staff.post(URL_, { title: 'No', body: 'No' })).statusCode).toBe(403);
    expect((await team.staff.put(`${URL_}/${post.id}`, { title: 'No', body: 'No' })).statusCode).toBe(403);
    expect((await team.staff.delete(`${URL_}/${post.id}`)).statusCode).toBe(403);
    expect((await team.otherAdmin.get(URL_)).json().data.total).toBe(0);
    expect((await team.otherAdmin.put(`${URL_}/${post.id}`, { title: 'Hijack', body: 'x' })).statusCode).toBe(404);
    expect((await team.otherAdmin.delete(`${URL_}/${post.id}`)).statusCode).toBe(404);
    expect((await team.admin.delete(`${URL_}/${unknownId()}`)).statusCode).toBe(404);
  });
});
