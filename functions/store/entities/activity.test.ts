import { recordStore } from '../../../test/store-recorder';
import * as activity from './activity';

const event: activity.ActivityRecord = { id: '01JACT00000000000000000000', at: '2026-11-28T17:00:00.000Z', kind: 'signup', summary: 'A creator signed up (free trial)' };

describe('activity entity', () => {
  it('stores an event listed on gsi1 under ACTIVITY with a 90-day expiry, and reads it back', () => {
    const item = activity.toItem(event);
    expect(item).toMatchObject({ pk: `ACTIVITY#${event.id}`, sk: 'ACTIVITY', gsi1pk: 'ACTIVITY', gsi1sk: event.id, v: 1 });
    expect(item.expiresAt).toBe(Date.parse(event.at) / 1000 + 90 * 86_400);
    expect(activity.fromItem(item)).toEqual(event);
  });

  it('lists the newest, leaving out expired ones', async () => {
    const expired = { ...activity.toItem(event), expiresAt: 1 };
    const fresh = activity.toItem({ ...event, id: '01JACT00000000000000000001', at: new Date().toISOString() });
    const store = recordStore(() => ({ Items: [fresh, expired] }));
    expect((await activity.listNewest(20)).map((e) => e.id)).toEqual(['01JACT00000000000000000001']);
    expect(store.commands[0]!.input).toMatchObject({ IndexName: 'gsi1', ScanIndexForward: false, Limit: 20 });
    store.stop();
  });
});
