import { conditionFailed, recordStore } from '../../../test/store-recorder';
import * as alerts from './alert';

const CREATED = '2026-11-28T10:00:00.000Z';
const alert: alerts.AlertRecord = {
  id: 'S1-new-results',
  userId: 'u1',
  kind: 'new-results',
  monitorId: 'M1',
  monitorName: 'Luna',
  searchId: 'S1',
  title: 'Vigil: 1 new copy found by "Luna"',
  items: [{ url: 'https://leaks.example/1', confidence: 91, resultId: 'R1' }],
  createdAt: CREATED,
  read: false,
  mailed: false,
  alertMode: 'daily',
};
/** The item as the alerts service wrote it before items carried a version. */
const oldItem = {
  pk: 'ALERT#S1-new-results',
  sk: 'ALERT',
  gsi1pk: 'USER#u1#ALERT',
  gsi1sk: `${CREATED}#S1-new-results`,
  entity: 'ALERT',
  ...alert,
  expiresAt: Math.floor(Date.parse(CREATED) / 1000) + 180 * 86_400,
};

describe('alert entity', () => {
  let store: ReturnType<typeof recordStore>;
  afterEach(() => store?.stop());

  it('stores an alert listed under its owner, expiring after 180 days, and reads it back', () => {
    expect(alerts.toItem(alert)).toEqual({ ...oldItem, v: 1 });
    expect(alerts.fromItem(alerts.toItem(alert))).toEqual(alert);
  });

  it('reads alerts written before versions, and before the alert mode, were stored', () => {
    const { alertMode: _a, ...older } = oldItem;
    const { alertMode: _b, ...expected } = alert;
    expect(alerts.fromItem(older)).toEqual(expected);
  });

  it('raises an alert once', async () => {
    store = recordStore(() => conditionFailed());
    expect(await alerts.raise(alert)).toBe(false);
    expect(store.commands[0]!.input).toMatchObject({ Item: { pk: 'ALERT#S1-new-results' }, ConditionExpression: 'attribute_not_exists(#c0)' });
  });

  it('lists a user\'s newest alerts without the expired ones', async () => {
    store = recordStore(() => ({ Items: [oldItem, { ...oldItem, id: 'old', expiresAt: 1 }] }));
    expect(await alerts.listByOwner('u1', 50)).toEqual([alert]);
    expect(store.commands[0]!.input).toMatchObject({ IndexName: 'gsi1', ExpressionAttributeValues: { ':k0': 'USER#u1#ALERT' }, ScanIndexForward: false, Limit: 50 });
  });

  it('marks only the owner\'s unread alert read', async () => {
    store = recordStore(() => conditionFailed());
    expect(await alerts.markRead('u2', alert.id)).toBe(false);
    expect(store.commands[0]!.input).toMatchObject({
      Key: { pk: 'ALERT#S1-new-results', sk: 'ALERT' },
      UpdateExpression: 'SET #u0 = :u0',
      ConditionExpression: '(#u1 = :u1) AND (#u0 = :u2)',
      ExpressionAttributeNames: { '#u0': 'read', '#u1': 'userId' },
      ExpressionAttributeValues: { ':u0': true, ':u1': 'u2', ':u2': false },
    });
  });

  it('marks an existing alert mailed', async () => {
    store = recordStore(() => ({ Attributes: oldItem }));
    await alerts.markMailed(alert.id);
    expect(store.commands[0]!.input).toMatchObject({ UpdateExpression: 'SET #u0 = :u0', ConditionExpression: 'attribute_exists(#u1)', ExpressionAttributeNames: { '#u0': 'mailed', '#u1': 'pk' } });
  });
});
