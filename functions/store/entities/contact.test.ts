import { recordStore } from '../../../test/store-recorder';
import * as contact from './contact';

const message: contact.ContactRecord = {
  id: '01JMSG',
  userId: 'u1',
  accountEmail: 'jane@account.example',
  name: 'Jane',
  email: 'jane@creator.example',
  subject: '',
  message: 'Hello',
  status: 'received',
  createdAt: '2026-11-28T10:00:00.000Z',
};

let store: ReturnType<typeof recordStore>;
// Stopped after each test, passed or not: a recorder left on would answer the next test's commands.
afterEach(() => store?.stop());

describe('contact message entity', () => {
  it('stores a message under its id, listed under its sender, and reads it back', () => {
    const item = contact.toItem(message);
    expect(item).toMatchObject({ pk: 'CONTACT#01JMSG', sk: 'CONTACT', gsi1pk: 'USER#u1#CONTACT', gsi1sk: '01JMSG', entity: 'CONTACT', v: 1 });
    expect(contact.fromItem(item)).toEqual(message);
  });

  it('reads items written before versions were stored', () => {
    const sent = { ...message, status: 'sent' as const, messageId: '<m@x>' };
    expect(contact.fromItem({ ...sent, pk: 'CONTACT#01JMSG', sk: 'CONTACT', entity: 'CONTACT' })).toEqual(sent);
  });

  it('refuses an item that is not a message', () => {
    expect(() => contact.fromItem({ ...message, status: 'lost' })).toThrow();
  });

  it('stores a message only under a new id', async () => {
    store = recordStore();
    expect(await contact.create(message)).toBe(true);
    expect(store.commands[0]).toMatchObject({ name: 'PutItem', input: { Item: { pk: 'CONTACT#01JMSG', v: 1 }, ConditionExpression: 'attribute_not_exists(#c0)' } });
  });

  it('records how the mail went, with the mail\'s id once accepted', async () => {
    store = recordStore();
    await contact.setStatus('01JMSG', 'sent', '<m@x>');
    await contact.setStatus('01JMSG', 'mail-failed');
    expect(store.commands.map((c) => c.input)).toMatchObject([
      { Key: { pk: 'CONTACT#01JMSG', sk: 'CONTACT' }, UpdateExpression: 'SET #u0 = :u0, #u1 = :u1', ExpressionAttributeNames: { '#u0': 'status', '#u1': 'messageId' }, ExpressionAttributeValues: { ':u0': 'sent', ':u1': '<m@x>' } },
      { UpdateExpression: 'SET #u0 = :u0', ExpressionAttributeValues: { ':u0': 'mail-failed' } },
    ]);
    expect(store.commands[1].input.ConditionExpression).toBeUndefined();
  });
});
