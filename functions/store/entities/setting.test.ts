import { recordStore } from '../../../test/store-recorder';
import * as settings from './setting';

const schedule = { enabled: true, updatedAt: '2026-03-04T05:06:07.000Z', updatedBy: 'admin-1' };
const key = { pk: 'SETTING#report-schedule', sk: 'SETTING' };

describe('setting entity', () => {
  it('stores a setting under its name and reads it back, also without a version', () => {
    const item = settings.toItem('report-schedule', schedule);
    expect(item).toEqual({ ...key, entity: 'SETTING', v: 1, ...schedule });
    expect(settings.fromItem('report-schedule', item)).toEqual(schedule);
    expect(settings.fromItem('report-schedule', { ...key, entity: 'SETTING', ...schedule })).toEqual(schedule);
    expect(() => settings.fromItem('report-schedule', { ...key, enabled: 'yes' })).toThrow();
  });

  it('reads consistently and replaces the item whole', async () => {
    const store = recordStore(({ name }) => (name === 'GetItem' ? {} : undefined));
    expect(await settings.get('report-schedule')).toBeUndefined();
    await settings.put('report-schedule', schedule);
    expect(store.commands[0]).toMatchObject({ name: 'GetItem', input: { Key: key, ConsistentRead: true } });
    expect(store.commands[1]).toEqual({ name: 'PutItem', input: { TableName: expect.any(String), Item: { ...key, entity: 'SETTING', v: 1, ...schedule } } });
    store.stop();
  });
});
